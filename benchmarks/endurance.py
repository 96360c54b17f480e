"""Endurance: the club-laptop demo mode at top speed for a given time.

Reports matches played, frame times and memory (resident set size). Memory is
sampled after the third match (the card, text and UI caches are full by then)
and at the end; the growth between them is what a kiosk running all day sees.
Usage: python benchmarks/endurance.py [--minutes M]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

import pygame  # noqa: E402
from common import app_args  # noqa: E402  (sets the drivers and the path first)

from klaverjas_gui.app import FPS, App, parse_args  # noqa: E402

WARM_UP = 3  # matches before the memory baseline


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; else the peak from resource)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def demo_table(app: App):
    return next((s for s in app.scenes if getattr(s, "demo", False)), None)



def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=60.0, help="how long to run (default 60)")
    args = p.parse_args(argv)
    if args.minutes <= 0:
        p.error("--minutes must be more than 0")
    demo = parse_args(app_args("--demo", "--seed", "1", "--size", "1280x720", "--speed", "instant"))
    app = App(demo, deterministic=True, audio=False)
    pygame.event.clear()
    end = time.monotonic() + args.minutes * 60
    frames: list[float] = []
    matches, seed = 0, 1
    baseline: float | None = None
    samples: list[tuple[float, float]] = []
    start = time.monotonic()
    try:
        while time.monotonic() < end:
            table = demo_table(app)
            if table is None or table.state.is_over:
                matches += table is not None
                if matches == WARM_UP and baseline is None:
                    gc.collect()
                    baseline = rss_mb()
                seed += 1
                app.start_demo(seed)
                samples.append((time.monotonic() - start, rss_mb()))
            t = time.perf_counter()
            app.step(1 / FPS)
            frames.append((time.perf_counter() - t) * 1000)
    finally:
        app.close()
    gc.collect()
    final = rss_mb()
    frames.sort()
    baseline = baseline if baseline is not None else samples[0][1]
    print(f"{'minutes':<28}{args.minutes:>10.1f}")
    print(f"{'matches played':<28}{matches:>10}")
    print(f"{'frames':<28}{len(frames):>10}")
    print(f"{'frame time p50 (ms)':<28}{statistics.median(frames):>10.2f}")
    print(f"{'frame time p99 (ms)':<28}{frames[int(len(frames) * 0.99)]:>10.2f}")
    print(f"{f'memory after match {WARM_UP} (MB)':<28}{baseline:>10.1f}")
    print(f"{'memory at the end (MB)':<28}{final:>10.1f}")
    print(f"{'growth (MB)':<28}{final - baseline:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
