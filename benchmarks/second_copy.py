"""Two copies of the game started at the same moment on a fresh data folder (issue 16,
item 1), repeated: exactly one may run, the other must say "already open" and exit 3
without opening anything, and after the running one is killed (SIGKILL) the next start
must continue its match.

Each run prints the two exit states, how long the second copy took to give up (start-up
included), what the history holds (matches and their status), whether a file was set
aside (.bad-*), and the exit status of the restart after the kill.

Usage: python benchmarks/second_copy.py [--runs N]   (POSIX: it uses SIGKILL)
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYTHONPATH": str(ROOT), "KLAVERJAS_REPORT_FIRST_FRAME": "1"}  # fmt: skip
ALREADY_OPEN = 3


def game(data: Path, *argv: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "klaverjas_gui", "--data-dir", str(data), "--size",
           "1024x600", "--speed", "instant", "--lang", "en", *argv]  # fmt: skip
    return subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def history(data: Path) -> str:
    try:
        db = sqlite3.connect(f"file:{data / 'history.sqlite'}?mode=ro", uri=True)
    except sqlite3.Error as e:
        return f"unreadable ({e})"
    try:
        rows = db.execute("SELECT id, status FROM matches ORDER BY id").fetchall()
    finally:
        db.close()
    return " ".join(f"{i}:{status}" for i, status in rows) or "empty"


def one_run(data: Path) -> tuple[bool, str]:
    started = time.monotonic()
    pair = [game(data, "--seed", "7") for _ in range(2)]
    try:
        while all(c.poll() is None for c in pair) and time.monotonic() - started < 120:
            time.sleep(0.02)
        gave_up = time.monotonic() - started
        ended = [c for c in pair if c.poll() is not None]
        running = [c for c in pair if c.poll() is None]
        said = ended[0].communicate()[1] if ended else ""
        told = "already open" in said
        ready = False
        if len(running) == 1:
            out = running[0].stdout
            assert out is not None  # started with stdout=PIPE
            ready = bool(select.select([out], [], [], 60)[0]) and out.readline().strip() != ""
        matches = history(data)
    finally:
        for child in pair:
            if child.poll() is None:
                child.send_signal(signal.SIGKILL)
            child.communicate()
    bad = sorted(p.name for p in data.iterdir() if ".bad-" in p.name)
    again = game(data, "--continue", "--frames", "20")
    again.communicate(timeout=180)
    after = history(data)
    ok = (len(ended) == 1 and ended[0].returncode == ALREADY_OPEN and told and ready
          and matches == "1:running" and not bad and again.returncode == 0
          and after == "1:running")  # fmt: skip
    codes = " ".join(str(c.returncode) for c in ended) or "-"
    line = (f"exited {codes:>3}  ran {len(running)}  gave up after {gave_up:5.2f} s  "
            f"history {matches:<12} set aside {len(bad)}  restart {again.returncode} "
            f"history {after}")  # fmt: skip
    return ok, line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="repetitions (default 10)")
    args = parser.parse_args(argv)
    if os.name != "posix":
        print("second_copy: needs POSIX (SIGKILL)", file=sys.stderr)
        return 2
    good = 0
    with tempfile.TemporaryDirectory(prefix="klaverjas-second-copy-") as scratch:
        for run in range(1, args.runs + 1):
            ok, line = one_run(Path(scratch) / f"fresh{run}")  # the folder does not exist yet
            good += ok
            print(f"run {run:2}: {'ok  ' if ok else 'FAIL'}  {line}", flush=True)
    print(f"exactly one copy ran, the other said so, nothing was lost: {good} of {args.runs}")
    return 0 if good == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
