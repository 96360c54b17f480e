"""Endurance: the club-laptop demo mode at top speed for a given time.

Reports matches played, frame times and memory (resident set size, RSS). What a
kiosk running all day cares about is the slope once the bounded caches (text,
card faces, UI managers) are full, not how fast they fill, so the baseline is
taken after a warm-up (5 minutes, or a third of a shorter run). RSS after one
match swings by several MB with the game that ran (the demo alternates
Klaverjas and Klabberjass), so baseline and end are each the median of the
several samples of a window, and the slope is a robust line (Theil-Sen) through
every sample after the warm-up, extrapolated to MB per hour.

Usage: python benchmarks/endurance.py [--minutes M] [--warm-up M] [--csv FILE]
"""

from __future__ import annotations

import argparse
import csv
import itertools
import os
import random
import statistics
import sys
import time
from pathlib import Path

import pygame  # noqa: E402
from common import app_args  # noqa: E402  (sets the drivers and the path first)

from klaverjas_gui.app import FPS, App, parse_args  # noqa: E402

WINDOW = 10  # samples (matches) that make the baseline, and the end
BUCKET_MS = 0.01  # frame times are counted in buckets this wide, up to ...
LONGEST_MS = 1000.0  # ... this (longer ones land in the last bucket)


class FrameTimes:
    """Frame times as a fixed histogram. A list of floats costs 32 bytes a frame: at
    2.4 million frames an hour that alone was 77 MB of the growth this benchmark measured."""

    def __init__(self) -> None:
        self.counts = [0] * (int(LONGEST_MS / BUCKET_MS) + 1)
        self.n = 0

    def add(self, ms: float) -> None:
        self.counts[min(len(self.counts) - 1, int(ms / BUCKET_MS))] += 1
        self.n += 1

    def quantile(self, q: float) -> float:
        """The upper edge of the bucket that holds the q-quantile (within 0.01 ms)."""
        rank, seen = q * self.n, 0
        for i, count in enumerate(self.counts):
            seen += count
            if seen > rank:
                return (i + 1) * BUCKET_MS
        return LONGEST_MS


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


def theil_sen(points: list[tuple[float, float]], pairs: int = 20_000) -> float:
    """The median slope over pairs of points: a few odd samples cannot tilt it."""
    n = len(points)
    if n < 2:
        return 0.0
    if n * (n - 1) // 2 <= pairs:
        chosen = itertools.combinations(points, 2)
    else:  # a long run: a fixed random choice of pairs is plenty for a median
        rng = random.Random(0)
        chosen = (tuple(rng.sample(points, 2)) for _ in range(pairs))
    slopes = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in chosen if b[0] != a[0]]
    return statistics.median(slopes) if slopes else 0.0


def level(window: list[tuple[float, float, str]]) -> float:
    """The memory level of a window of samples: the median per game, averaged over the
    games (a Klabberjass match leaves a different RSS than a Klaverjas one)."""
    games = {game for _, _, game in window}
    return statistics.fmean(statistics.median(s[1] for s in window if s[2] == g) for g in games)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=60.0, help="how long to run (default 60)")
    p.add_argument(
        "--warm-up", type=float, metavar="M",
        help="minutes before the memory baseline (default 5, or a third of a shorter run)",
    )  # fmt: skip
    p.add_argument("--csv", type=Path, metavar="FILE", help="write RSS after every match")
    args = p.parse_args(argv)
    if args.minutes <= 0:
        p.error("--minutes must be more than 0")
    warm_up = args.warm_up if args.warm_up is not None else min(5.0, args.minutes / 3)
    if not 0 <= warm_up < args.minutes:
        p.error("--warm-up must be at least 0 and less than --minutes")
    demo = parse_args(app_args("--demo", "--seed", "1", "--size", "1280x720", "--speed", "instant"))
    app = App(demo, deterministic=True, audio=False)
    pygame.event.clear()
    end = time.monotonic() + args.minutes * 60
    frames = FrameTimes()
    matches, seed = 0, 1
    # (minutes, RSS MB, the game just finished), one after every match
    samples: list[tuple[float, float, str]] = []
    start = time.monotonic()
    try:
        while time.monotonic() < end and app.running:  # SIGTERM reaches SDL as a quit
            table = demo_table(app)
            if table is None or table.session.state.is_over:
                if table is not None:
                    matches += 1
                    # start_demo unwinds the finished match (and collects), so this
                    # sample sees what the next match inherits, nothing of its own
                    game = type(table).__name__
                seed += 1
                app.start_demo(seed)
                if table is not None:
                    samples.append(((time.monotonic() - start) / 60, rss_mb(), game))
            t = time.perf_counter()
            app.step(1 / FPS)
            frames.add((time.perf_counter() - t) * 1000)
    finally:
        app.close()
    if args.csv:
        with args.csv.open("w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["match", "minutes", "rss_mb", "game"])
            for i, (minute, rss, game) in enumerate(samples, 1):
                out.writerow([i, f"{minute:.3f}", f"{rss:.1f}", game])
    settled = [s for s in samples if s[0] >= warm_up] or samples[-1:]
    base, tail = level(settled[:WINDOW]), level(settled[-WINDOW:])
    slope = theil_sen([(s[0], s[1]) for s in settled]) * 60
    warm_matches = len(samples) - len(settled)
    per_minute = len(settled) / max(1e-9, args.minutes - warm_up)  # matches after warm-up
    rows = [
        ("minutes", f"{args.minutes:.1f}"),
        ("matches played", f"{matches}"),
        ("frames", f"{frames.n}"),
        ("frame time p50 (ms)", f"{frames.quantile(0.5):.2f}"),
        ("frame time p99 (ms)", f"{frames.quantile(0.99):.2f}"),
        ("memory after match 1 (MB)", f"{samples[0][1]:.1f}" if samples else "-"),
        ("memory after warm-up (MB)", f"{base:.1f}"),
        ("  (warm-up: minutes, matches)", f"{warm_up:g}, {warm_matches}"),
        ("memory at the end (MB)", f"{tail:.1f}"),
        ("growth after warm-up (MB)", f"{tail - base:.1f}"),
        ("slope (MB per hour)", f"{slope:.1f}"),
        ("growth per match (kB)", f"{slope / 60 / max(1e-9, per_minute) * 1000:.0f}"),
    ]
    for label, value in rows:
        print(f"{label:<32}{value:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
