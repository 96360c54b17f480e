"""Speed of the open-hand playout (`ai/fast.py`), the hard player's estimate of a deal.

    .venv/bin/python benchmarks/playout.py [--deals 2000] [--runs 5] [--compare-with REF]

Each run plays every seeded deal (random hands, trump and leader, Amsterdam rules) out
with `playout` and times it in CPU time of the process; the table gives the median run
per playout. `--compare-with REF` (a git ref or a folder holding `klaverjas_gui`, as in
`benchmarks/solver.py`) times REF's playout in its own process, the runs in turn (which
version goes first alternates), and checks both end every deal with the same points,
roem and tricks: speed never changes a card.
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
if __name__ == "__main__" and "--worker" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # a worker finds its version through PYTHONPATH


def worker(deals: int) -> int:
    """One line in per run; out: [seconds per playout, every deal's end]."""
    from klaverjas_gui.ai.fast import Rules, playout
    from klaverjas_gui.engine import PRESETS

    rules = [Rules(PRESETS["amsterdam"], t) for t in range(4)]
    rng = random.Random(1)
    cases = []
    for _ in range(deals):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[8 * q : 8 * q + 8]) for q in range(4)]
        cases.append((hands, rng.randrange(4), rng.randrange(4), rng.randrange(2)))
    for _ in sys.stdin:
        ends = []
        t0 = time.process_time()
        for hands, trump, leader, choosers in cases:
            acc = [0] * 6
            playout(rules[trump], list(hands), leader, [], acc, choosers)
            ends.append(acc)
        cpu = time.process_time() - t0
        print(json.dumps([cpu / deals, ends]), flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compare-with", metavar="REF")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.deals)
    from solver import ask, start_workers, stop_workers, version_folder  # beside this file

    folders = {"this version": ROOT}
    if args.compare_with:
        folders[args.compare_with] = version_folder(args.compare_with)
    workers = start_workers(folders, [__file__, "--worker", "--deals", str(args.deals)])
    times: dict[str, list[float]] = {name: [] for name in workers}
    names = list(workers)
    for run in range(args.runs):
        ends = []
        for name in names if run % 2 == 0 else names[::-1]:
            per_playout, end = ask(workers[name], "run")
            times[name].append(per_playout)
            ends.append(end)
        if any(end != ends[0] for end in ends):
            sys.exit(f"playout.py: the versions ended the deals differently (run {run + 1})")
    stop_workers(workers)
    print(f"{'playout, 32 cards':<24}{'runs':>6}{'median us':>11}{'min us':>9}")
    for name in names:
        t = times[name]
        print(f"{name:<24}{len(t):>6}{1e6 * statistics.median(t):>11.1f}{1e6 * min(t):>9.1f}")
    if len(names) == 2:
        ratio = statistics.median(a / b for a, b in zip(*times.values(), strict=True))
        print(f"this version / {names[1]}: {ratio:.2f}x CPU time; every deal ended alike "
              f"({args.deals} deals)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
