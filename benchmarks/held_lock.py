"""A write lock held through a whole match and the quit (issue 35, item 1), repeated.

Another program (here a real second `sqlite3` connection in its own process, as a backup
tool would hold it) takes `BEGIN IMMEDIATE` on history.sqlite before the match starts and
lets go only after the game has quit. The real program plays the match to the end at top
speed (autopilot) and quits; then it is started again. Each run compares what the history
holds with an unlocked run of the same seed: moves lost, moves stored twice, whether the
result is stored, and how long the locked run took (its quit waits 3 s for the lock).

Usage: python benchmarks/held_lock.py [--runs N] [--deals D] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYTHONPATH": str(ROOT)}  # fmt: skip
HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


def game(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "klaverjas_gui", "--data-dir", str(data), "--size",
           "1024x600", "--speed", "instant", "--lang", "en", *argv]  # fmt: skip
    return subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)


def stored(data: Path) -> list[tuple[int, str, str | None, list[int]]]:
    """(id, status, totals, seqs) of every match, as a fresh reader finds them."""
    db = sqlite3.connect(data / "history.sqlite", timeout=10)
    try:
        out = []
        for mid, status, totals in db.execute("SELECT id, status, totals FROM matches"):
            seqs = [s for (s,) in db.execute(
                "SELECT seq FROM actions WHERE match_id = ? ORDER BY seq", (mid,))]  # fmt: skip
            out.append((mid, status, totals, seqs))
        return out
    finally:
        db.close()


def actions(data: Path, mid: int) -> list[str]:
    db = sqlite3.connect(data / "history.sqlite", timeout=10)
    try:
        rows = db.execute("SELECT action FROM actions WHERE match_id = ? ORDER BY seq", (mid,))
        return [a for (a,) in rows]
    finally:
        db.close()


class Run(TypedDict):
    """One locked run against its unlocked reference (`one_run`)."""

    moves: int
    stored_during: int
    kept_at_quit: bool
    lost: int
    twice: int
    same_moves: bool
    result: bool
    seconds: float
    unlocked: float
    said: str


def one_run(folder: Path, seed: int, deals: int) -> Run:
    match = ["--seed", str(seed), "--rule", f"match_length=deals:{deals}",
             "--frames", str(1500 * deals + 1000)]  # fmt: skip
    reference = folder / "reference"
    began = time.monotonic()
    game(reference, *match)
    unlocked = time.monotonic() - began
    [(ref_id, _, ref_totals, _)] = stored(reference)
    expected = actions(reference, ref_id)

    from klaverjas_gui.store.history import History

    data = folder / "locked"
    History(data / "history.sqlite").close()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(data / "history.sqlite")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert holder.stdout is not None and holder.stdin is not None
    assert holder.stdout.readline().strip() == "held"
    began = time.monotonic()
    played = game(data, *match)
    seconds = time.monotonic() - began
    holder.stdin.write("go\n")
    holder.stdin.close()
    holder.wait(10)
    during = len(stored(data))
    kept = (data / "history.sqlite.journal").exists()
    game(data, "--frames", "2")
    matches = stored(data)
    got = actions(data, matches[0][0]) if matches else []
    seqs = matches[0][3] if matches else []
    return {
        "moves": len(expected),
        "stored_during": during,
        "kept_at_quit": kept,
        "lost": len(expected) - len(set(seqs)),
        "twice": len(seqs) - len(set(seqs)) + max(len(matches) - 1, 0),
        "same_moves": got == expected,
        "result": bool(matches) and matches[0][1] == "finished" and matches[0][2] == ref_totals,
        "seconds": seconds,
        "unlocked": unlocked,
        "said": played.stderr.strip().splitlines()[-1] if played.stderr.strip() else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    totals = {"moves": 0, "lost": 0, "twice": 0, "results": 0}
    times = []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            r = one_run(Path(tmp), args.seed + run, args.deals)
        times.append(r["seconds"])
        totals["moves"] += r["moves"]
        totals["lost"] += r["lost"]
        totals["twice"] += r["twice"]
        totals["results"] += r["result"]
        print(f"run {run + 1}: seed {args.seed + run}, {r['moves']} moves, stored under the "
              f"lock {r['stored_during']} matches, journal at quit {r['kept_at_quit']}, "
              f"lost {r['lost']}, twice {r['twice']}, same moves {r['same_moves']}, "
              f"result stored {r['result']}, run {r['seconds']:.1f} s locked, "
              f"{r['unlocked']:.1f} s not",
              flush=True)  # fmt: skip
        print(f"  the quit said: {r['said']}", flush=True)
    times.sort()
    print(f"\n{args.runs} runs: {totals['moves']} moves played under the lock, "
          f"{totals['lost']} lost, {totals['twice']} stored twice, "
          f"{totals['results']}/{args.runs} results stored; "
          f"locked run median {times[len(times) // 2]:.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()
