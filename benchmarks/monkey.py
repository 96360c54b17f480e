"""A longer monkey run: random inputs across every scene, invariants checked every frame.

Usage: python benchmarks/monkey.py [--events N] [--seed S]
Prints what was covered and how fast it went; exits 1 on the first failure.
"""

from __future__ import annotations

import argparse
import sys
import time

import pygame  # noqa: E402
from common import app_args  # noqa: E402  (sets the drivers and the path first)

from klaverjas_gui import monkey  # noqa: E402
from klaverjas_gui.app import App, parse_args  # noqa: E402


def peak_rss_mb() -> float:
    """The most resident memory this process has had (the monkey resizes up to 2560x1440)."""
    try:
        import resource
    except ImportError:  # Windows
        return float("nan")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1e3  # bytes on macOS, kB else


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=100_000, help="random inputs (default 100000)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.events < 1:
        p.error("--events must be at least 1")
    args_ = parse_args(app_args("--size", "1280x720", "--speed", "instant"))
    app = App(args_, deterministic=True, audio=False)
    pygame.event.clear()
    start = time.perf_counter()
    try:
        report = monkey.run(app, events=args.events, seed=args.seed)
    finally:
        app.close()
    elapsed = time.perf_counter() - start
    print(f"{'events':<22}{report.events:>10}")
    print(f"{'frames':<22}{report.frames:>10}")
    print(f"{'scenes visited':<22}{len(report.scenes_seen):>10}")
    print(f"{'positions checked':<22}{report.positions_checked:>10}")
    print(f"{'seconds':<22}{elapsed:>10.1f}")
    print(f"{'events per second':<22}{report.events / elapsed:>10.0f}")
    print(f"{'peak memory (MB)':<22}{peak_rss_mb():>10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
