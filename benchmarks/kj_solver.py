"""Speed of the two-player solver (`FastTwoSolver`) and of the hard Klabberjass player.

    .venv/bin/python benchmarks/kj_solver.py [--cards 6 7 8 9] [--sets 12] [--pairs 6]
    .venv/bin/python benchmarks/kj_solver.py --compare-with main

A set is 30 random deals of N cards a hand solved from a trick start, one solver per
trump kept over the set (as the hard player keeps one over a decision's sampled deals);
a pair is the hard player against easy over one arena deal played twice
(`kj_ladder.play`, uncapped, so it samples the same fixed number of deals whatever the
load). CPU time of the worker process. `--compare-with REF` runs REF's code (a git ref
or a folder, as in `solver.py`) in a second worker, set by set and pair by pair in
turn (which goes first alternates), and checks both give the same values and results:
speed never changes an answer.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker() -> int:
    """Answer "set N SEED" and "pair INDEX" lines with [cpu seconds, result] lines."""
    from klaverjas_gui.ai.klabberjass_solver import FastTwoSolver

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import kj_ladder

    for line in sys.stdin:
        kind, *args = line.split()
        c0 = time.process_time()
        if kind == "set":
            n, seed = map(int, args)
            rng = random.Random(seed)
            solvers: dict[int, FastTwoSolver] = {}
            result: list = []
            for _ in range(30):
                cards = rng.sample(range(32), 2 * n)
                h0, h1 = sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])
                t = rng.randrange(4)
                result.append(solvers.setdefault(t, FastTwoSolver(t)).value(h0, h1, 0))
        else:
            row = kj_ladder.play(int(args[0]), "hard", "easy", 1, True)
            result = [r["margin"] for r in row["runs"]]
        print(json.dumps([time.process_time() - c0, result]), flush=True)
    return 0


def main() -> int:
    if "--worker" in sys.argv:
        return worker()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cards", type=int, nargs="+", default=[6, 7, 8, 9])
    p.add_argument("--sets", type=int, default=12, help="sets of 30 deals per row")
    p.add_argument("--pairs", type=int, default=6, help="hard vs easy arena pairs")
    p.add_argument("--compare-with", metavar="REF")
    args = p.parse_args()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from solver import ask, start_workers, stop_workers, version_folder

    folders = {"this version": ROOT}
    if args.compare_with:
        folders[args.compare_with] = version_folder(args.compare_with)
    workers = start_workers(folders, [str(Path(__file__).resolve()), "--worker"])
    names = list(workers)
    lines = [(f"{n} cards a hand, 30 deals", [f"set {n} {s}" for s in range(args.sets)])
             for n in args.cards]  # fmt: skip
    lines.append(("hard vs easy, an arena pair", [f"pair {7000 + i}" for i in range(args.pairs)]))
    print(f"{'CPU ms (median)':<30}" + "".join(f"{n:>16}" for n in names)
          + ("   ratio (median)" if len(names) > 1 else ""))  # fmt: skip
    for label, asks in lines:
        times: dict[str, list[float]] = {n: [] for n in names}
        for k, line in enumerate(asks):
            got = {n: ask(workers[n], line) for n in (names if k % 2 else names[::-1])}
            if len({json.dumps(g[1]) for g in got.values()}) > 1:
                sys.exit(f"kj_solver.py: {line!r} gave different answers: {got}")
            for n in names:
                times[n].append(got[n][0])
        row = f"{label:<30}" + "".join(f"{1000 * statistics.median(times[n]):>16.1f}"
                                        for n in names)  # fmt: skip
        if len(names) > 1:
            ratio = statistics.median(a / b for a, b in zip(*times.values(), strict=True))
            row += f"{ratio:>16.2f}x"
        print(row, flush=True)
    stop_workers(workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
