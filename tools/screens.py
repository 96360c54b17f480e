"""Render every screen of the catalogue to PNG, and compare two such folders.

A refactoring that must not change what a player sees is checked by rendering every
screen before and after and comparing the pictures pixel for pixel:

    git stash; .venv/bin/python tools/screens.py render /tmp/before; git stash pop
    .venv/bin/python tools/screens.py render /tmp/after
    .venv/bin/python tools/screens.py compare /tmp/before /tmp/after

Each screen is drawn by its own `klaverjas --scene NAME --screenshot` process with a
fresh data folder at the same path every time (some screens store matches, which would
show on the next; About shows the folder), a fixed frame step and the clock the history
writes down pinned to one minute, so the same code draws the same picture. `--lang`,
`--size` and `--text-size` pick the look to draw (default: Dutch, 1024x600, larger text).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
# Runs the game with `time.strftime` (the history's clock) pinned to 2026-01-01 12:00.
PINNED = (
    "import runpy, sys, time; _s = time.strftime; noon = time.localtime(1767268800); "
    "time.strftime = lambda f, t=None: _s(f, noon if t is None else t); "
    "sys.argv = ['klaverjas'] + sys.argv[1:]; "
    "runpy.run_module('klaverjas_gui', run_name='__main__')"
)


class Look(NamedTuple):
    """Which of a screen's looks to draw."""

    lang: str
    size: str
    text_size: str


def screen_names() -> list[str]:
    """The catalogue's screen names, asked of the checkout this tool is run from."""
    code = "import json, klaverjas_gui.ui.catalogue as c; print(json.dumps([*c.SCREENS]))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout  # fmt: skip
    return list(json.loads(out))


def file_name(screen: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", screen).strip("_") + ".png"


def render_one(screen: str, out: Path, look: Look) -> str | None:
    """Draw one screen into `out`; None, or why it failed."""
    data = Path(tempfile.gettempdir()) / "klaverjas-screens" / file_name(screen)[:-4]
    data.parent.mkdir(exist_ok=True)
    # the same folder for every checkout; a lock keeps two renders at once apart
    with open(f"{data}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        shutil.rmtree(data, ignore_errors=True)
        data.mkdir()
        return _render_in(data, screen, out, look)


def _render_in(data: Path, screen: str, out: Path, look: Look) -> str | None:
    try:
        (data / "settings.json").write_text(json.dumps({"text_size": look.text_size}))
        cmd = [sys.executable, "-c", PINNED, "--data-dir", str(data), "--lang", look.lang,
               "--size", look.size, "--scene", screen, "--frames", "3",
               "--screenshot", str(out / file_name(screen))]  # fmt: skip
        env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        return None if r.returncode == 0 else f"{screen}: exit {r.returncode}: {r.stderr[-300:]}"
    finally:
        shutil.rmtree(data, ignore_errors=True)


def render(out: Path, look: Look, jobs: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    names = screen_names()
    with ThreadPoolExecutor(jobs) as pool:
        failures = [f for f in pool.map(lambda s: render_one(s, out, look), names) if f]
    for f in failures:
        print(f"FAILED {f}")
    print(f"{len(names) - len(failures)} of {len(names)} screens rendered into {out}")
    return 1 if failures else 0


def compare(before: Path, after: Path) -> int:
    """0 when both folders hold the same screens with the same pixels."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    a = {p.name for p in before.glob("*.png")}
    b = {p.name for p in after.glob("*.png")}
    differ = []
    for name in sorted(a & b):
        x, y = pygame.image.load(before / name), pygame.image.load(after / name)
        if x.get_size() != y.get_size():
            differ.append(f"{name}: size {x.get_size()} -> {y.get_size()}")
            continue
        rx, ry = pygame.image.tobytes(x, "RGB"), pygame.image.tobytes(y, "RGB")
        if rx != ry:
            pixels = sum(rx[i : i + 3] != ry[i : i + 3] for i in range(0, len(rx), 3))
            differ.append(f"{name}: {pixels} pixels differ")
    for name in sorted(a - b):
        differ.append(f"{name}: only before")
    for name in sorted(b - a):
        differ.append(f"{name}: only after")
    for d in differ:
        print(d)
    print(f"{len(a & b) - sum(': only' not in d for d in differ)} of {len(a | b)} screens equal")
    return 1 if differ else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("render", help="draw every catalogue screen into a folder")
    r.add_argument("out", type=Path)
    r.add_argument("--lang", default="nl")
    r.add_argument("--size", default="1024x600")
    r.add_argument("--text-size", default="larger")
    r.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare", help="compare two rendered folders pixel for pixel")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    a = p.parse_args()
    if a.command == "render":
        return render(a.out, Look(a.lang, a.size, a.text_size), a.jobs)
    return compare(a.before, a.after)


if __name__ == "__main__":
    sys.exit(main())
