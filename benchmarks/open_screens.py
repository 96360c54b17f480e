"""How long a screen of the main menu takes to open: a click to the end of its first frame.

    .venv/bin/python benchmarks/open_screens.py [--size 1920x1080] [--runs 7]
    .venv/bin/python benchmarks/open_screens.py --compare-with REF

The menu's Play, Learn, Settings and History buttons are clicked (posted mouse events,
under the dummy video driver), the screen's first frame drawn, Escape back to the menu;
each screen `--runs` times, the first opening (fonts, card art) left out. The table gives
the median milliseconds of wall clock per screen. `--compare-with REF` (a git ref or a
folder holding `klaverjas_gui`, as in `benchmarks/solver.py`) opens the same screens
with REF in its own process, the two versions in turn.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ("play", "learn", "settings", "history")


def worker(size: str, runs: int) -> int:
    """Time every screen `runs` + 1 times; print {screen: [ms, ...]} as one JSON line."""
    import pygame

    from klaverjas_gui.app import App, parse_args

    data = tempfile.mkdtemp(prefix="klaverjas-bench-")  # never the player's own files
    app = App(parse_args(["--data-dir", data, "--size", size]), deterministic=True, audio=False)
    for _ in range(5):
        app.step(1 / 60)
    menu = app.top
    times: dict[str, list[float]] = {name: [] for name in SCREENS}
    for _ in range(runs + 1):
        for name in SCREENS:
            pos = menu.buttons[name].get_abs_rect().center
            t0 = time.perf_counter()
            for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {}
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **extra))
                app.step(1 / 60)
            while app.top is menu:  # pygame-gui's press arrives a frame later
                app.step(1 / 60)
            app.step(1 / 60)  # the screen's first whole frame
            times[name].append(1000 * (time.perf_counter() - t0))
            while app.top is not menu:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                     mod=0, unicode="", scancode=0))  # fmt: skip
                app.step(1 / 60)
            for _ in range(3):
                app.step(1 / 60)
    app.close()
    print(json.dumps({name: t[1:] for name, t in times.items()}), flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=3, help="processes per version")
    parser.add_argument("--compare-with", metavar="REF")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.size, args.runs)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from solver import version_folder

    folders = {"this version": ROOT}
    if args.compare_with:
        folders[args.compare_with] = version_folder(args.compare_with)
    times: dict[str, dict[str, list[float]]] = {n: {s: [] for s in SCREENS} for n in folders}
    names = list(folders)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:  # each version in its process
            env = dict(os.environ, PYTHONPATH=str(folders[name]), SDL_VIDEODRIVER="dummy",
                       SDL_AUDIODRIVER="dummy")  # fmt: skip
            out = subprocess.run(
                [sys.executable, __file__, "--worker", "--size", args.size,
                 "--runs", str(args.runs)],
                env=env, check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            for screen, ms in json.loads(out.strip().splitlines()[-1]).items():
                times[name][screen] += ms
    print(f"open a screen at {args.size}, ms (median of {args.rounds} x {args.runs})")
    print(f"{'version':<24}" + "".join(f"{s:>10}" for s in SCREENS))
    for name in names:
        row = "".join(f"{statistics.median(times[name][s]):>10.1f}" for s in SCREENS)
        print(f"{name:<24}{row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
