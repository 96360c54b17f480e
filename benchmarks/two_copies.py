"""Two copies of the game opening one history at the same moment (a double-click twice).

Each race starts real processes that wait on a shared signal, then all open `History`
on the same folder at once and each record a one-deal match. Two starts are raced:
a fresh folder, and a schema-1 history (the first start after an upgrade, which
migrates). Afterwards every process's match must be stored with every action, the
matches already in the file must still be there, no file may have been set aside
(`.bad-*`) and SQLite's integrity check must pass. The table counts what went wrong;
every column after `runs` must be 0.

Usage: python benchmarks/two_copies.py [--runs N] [--copies N]
tests/test_history_open.py runs a few of these races with `race()`.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "history_v1.sql"
STARTS = ("fresh", "upgrade")

CHILD = """
import dataclasses, json, random, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.i18n import shown
from klaverjas_gui.store.history import History
print("ready", flush=True)
sys.stdin.readline()  # every copy opens the history at the same moment
h = History(Path({path!r}))
v = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
mid = h.start_match("klaverjas", "amsterdam", v.to_dict(), {seed}, list("ABCD"))
s, rng = new_match(v, {seed}), random.Random({seed})
while not s.is_over:
    a = rng.choice(s.legal_actions())
    s, events = s.apply(a)
    h.record(mid, s.n_actions, str(a), events)
h.close()
print(json.dumps({{"match": mid, "actions": s.n_actions, "persistent": h.persistent,
                  "messages": [shown(m) for m in h.messages]}}), flush=True)
"""


def _stored(path: Path) -> dict[int, int]:
    """Match id -> number of stored actions, read with plain sqlite3."""
    db = sqlite3.connect(path)
    try:
        ids = [r[0] for r in db.execute("SELECT id FROM matches")]
        count = dict(db.execute("SELECT match_id, COUNT(*) FROM actions GROUP BY match_id"))
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        db.close()
    return {i: count.get(i, 0) for i in ids}


class Race(TypedDict):
    """What one race counted (`race`), and what it saw, line by line."""

    set_aside: int
    lost: int
    errors: int
    details: list[str]


def race(folder: Path, start: str, copies: int = 2, seed: int = 0) -> Race:
    """One race in `folder` (which must be empty). Returns what went wrong, counted:
    set_aside (files named .bad-*), lost (matches missing or short of actions) and
    errors (a copy that failed, played from memory or told the player anything), with
    `details` saying which."""
    path = folder / "history.sqlite"
    before: dict[int, int] = {}
    if start == "upgrade":
        db = sqlite3.connect(path)
        db.executescript(FIXTURE.read_text())
        db.close()
        before = _stored(path)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD.format(root=str(ROOT), path=str(path), seed=seed + i)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(copies)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:  # the signal reaches them within a fraction of a millisecond
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    details: list[str] = []
    errors = 0
    played: list[tuple[int | None, int]] = []  # (match id, actions) of each copy that ran
    for child in children:
        out, err = child.communicate(timeout=60)
        if child.returncode != 0:
            errors += 1
            details.append(f"exit {child.returncode}: {err.strip().splitlines()[-1:]}")
            continue
        result = json.loads(out)
        played.append((result["match"], result["actions"]))
        if not result["persistent"] or result["messages"]:
            errors += 1
            details.append(f"told: {result['messages']} (persistent {result['persistent']})")
    set_aside = sorted(p.name for p in folder.glob("*.bad-*"))
    try:
        stored = _stored(path)
    except (sqlite3.Error, AssertionError) as e:
        details.append(f"cannot read the history: {e}")
        stored = {}
    expected = {**before, **{m: n for m, n in played if m is not None}}
    # lost: missing or short, or a copy that crashed or was given another copy's id
    lost = [m for m, n in expected.items() if stored.get(m) != n]
    lost_matches = len(lost) + len(before) + copies - len(expected)
    if lost:
        details.append(f"lost or cut short: {lost} ({stored} stored, {expected} expected)")
    if set_aside:
        details.append(f"set aside: {set_aside}")
    return {
        "set_aside": len(set_aside),
        "lost": lost_matches,
        "errors": errors,
        "details": details,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="races per start (default 10)")
    parser.add_argument("--copies", type=int, default=2, help="copies per race (default 2)")
    args = parser.parse_args()
    if args.runs < 1 or args.copies < 2:
        parser.error("--runs must be at least 1 and --copies at least 2")
    print(f"{'start':8} {'runs':>5} {'set-aside files':>16} {'lost matches':>13} {'errors':>7}")
    bad = 0
    for start in STARTS:
        totals = {"set_aside": 0, "lost": 0, "errors": 0}
        for run in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="klaverjas-race-") as folder:
                result = race(Path(folder), start, args.copies, seed=run * args.copies)
            totals["set_aside"] += result["set_aside"]
            totals["lost"] += result["lost"]
            totals["errors"] += result["errors"]
            for line in result["details"]:
                print(f"  {start} run {run + 1}: {line}", file=sys.stderr)
        bad += sum(totals.values())
        print(
            f"{start:8} {args.runs:>5} {totals['set_aside']:>16} {totals['lost']:>13} "
            f"{totals['errors']:>7}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
