"""Resize memory: resident memory (RSS) while the window is resized many times.

A real App (dummy video driver) shows the table of a running match (seed 1) with
the menu kept behind it; the window is resized through VIDEORESIZE events to
random sizes between 1024x600 and 3840x2160 (the same sizes in every run), with
a few frames drawn at each size, then returned to 1280x720. Every run is a fresh
process (RSS is a property of the process); the table shows the median of the
runs per row. The level after N resizes includes the pictures of the size the
window has then (a fresh start at 3840x2160 holds 412 MB, at 1280x720 98 MB).

What it shows: whether the caches of surfaces (text, panels, felt, card art,
UI managers) stay bounded when every size makes new ones, and whether the memory
comes back once the window is at its old size again.

Usage: python benchmarks/resize_memory.py [--resizes N] [--runs R] [--frames F] [--seed S]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
from common import app_args  # noqa: E402  (sets the drivers and the path first)
from endurance import rss_mb  # noqa: E402

from klaverjas_gui.app import App, parse_args  # noqa: E402

LOW, HIGH = (1024, 600), (3840, 2160)
HOME = (1280, 720)
STEP = 50  # a row of the table every this many resizes
SETTLE = 30  # frames drawn at 1280x720 before the steady level and the final level


def resize_to(app: App, size: tuple[int, int], frames: int, seconds: float = 0.0) -> None:
    """Resize as the window system does (a posted VIDEORESIZE), then draw `frames` frames
    and go on drawing for at least `seconds` (the app tidies up after a resize burst)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
    end = time.monotonic() + seconds
    for n in itertools.count():
        if n >= frames and time.monotonic() >= end:
            break
        app.step(1 / 60)
        time.sleep(1 / 240 if seconds else 0)


def one_run(resizes: int, frames: int, seed: int) -> dict[str, float]:
    """One process's rows: start, steady, after every STEP resizes, peak, back home."""
    home = f"{HOME[0]}x{HOME[1]}"
    args = parse_args(app_args("--seed", "1", "--size", home, "--speed", "instant"))
    app = App(args, deterministic=True, audio=False)
    pygame.event.clear()
    app.show_menu()  # the menu is made and kept, then the match shows again
    app.step(1 / 60)
    app.continue_match()
    app.step(1 / 60)
    rows = {"start": rss_mb()}
    for _ in range(SETTLE):
        app.step(1 / 60)
    rows["steady at 1280x720"] = rss_mb()
    peak = rows["steady at 1280x720"]
    rng = random.Random(seed)
    for n in range(1, resizes + 1):
        size = (rng.randint(LOW[0], HIGH[0]), rng.randint(LOW[1], HIGH[1]))
        resize_to(app, size, frames)
        peak = max(peak, rss_mb())
        if n % STEP == 0 or n == resizes:
            rows[f"after {n} resizes"] = rss_mb()
    rows["peak"] = peak
    resize_to(app, HOME, SETTLE, seconds=1.0)
    rows["back at 1280x720"] = rss_mb()
    app.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--resizes", type=int, default=300, help="resizes per run (default 300)")
    p.add_argument("--runs", type=int, default=3, help="fresh processes, median (default 3)")
    p.add_argument("--frames", type=int, default=3, help="frames drawn at each size (default 3)")
    p.add_argument("--seed", type=int, default=16, help="the sizes' random seed, the same "
                   "in every run (default 16)")  # fmt: skip
    p.add_argument("--child", type=int, metavar="SEED", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.resizes < 1 or args.runs < 1 or args.frames < 1:
        p.error("--resizes, --runs and --frames must be 1 or more")
    if args.child is not None:
        print(json.dumps(one_run(args.resizes, args.frames, args.child)))
        return 0
    runs: list[dict[str, float]] = []
    for _ in range(args.runs):
        command = [sys.executable, __file__, "--child", str(args.seed)]
        command += ["--resizes", str(args.resizes), "--frames", str(args.frames)]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
    span = f"{LOW[0]}x{LOW[1]} and {HIGH[0]}x{HIGH[1]}"
    print(f"RSS in MB, median of {args.runs} runs ({args.resizes} resizes between {span}, "
          f"{args.frames} frames at each size)")  # fmt: skip
    print(f"{'':<24}{'median':>8}{'min':>8}{'max':>8}")
    for row in runs[0]:
        values = [r[row] for r in runs]
        print(f"{row:<24}{statistics.median(values):>8.0f}{min(values):>8.0f}{max(values):>8.0f}")
    back = statistics.median(r["back at 1280x720"] - r["steady at 1280x720"] for r in runs)
    print(f"{'back minus steady':<24}{back:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
