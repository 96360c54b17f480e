"""How close the hard player's quick deal estimates come to the exact deal value.

    .venv/bin/python benchmarks/bid_accuracy.py --deals 200 --variant amsterdam \\
        [--first 0] [--jobs 2] [--exact FILE]

A bid weighs, in each sampled deal, what naming each suit and what passing are worth, by
a fast open-hand estimate of the deal. This script measures those estimates against the
exact solver on seeded random deals (first hand 0 leads): the player with the best
rule-of-thumb hand names its best suit (t1) or its second best (t2), or the opponent on
its left names its own best suit (what passing often leads to). Each case is valued for
the naming player's team as the deal score difference (nat counted in full) by the
solver, and by each estimator:

- `plain`: one rule-of-thumb playout;
- `nested`: our side's first lead searched (`hard._best_next_lead`, bids until now);
- `every`: every lead of both sides searched (`hard._searched_leads`).

It prints each estimator's error against the exact value (bias and root mean square),
and for the two choices a bid makes, t1 against t2 and t1 against the opponent naming:
the error of the difference and how often its sign is right. The exact solves take
about 3 s a deal; `--exact FILE` (this script's earlier output, JSON lines) reuses them.
The solver plays both sides open-handed and perfectly: a yardstick for the estimates,
not the value of the deal between real players.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import hard  # noqa: E402
from klaverjas_gui.ai.fast import Rules, playout  # noqa: E402
from klaverjas_gui.ai.heuristic import suit_values  # noqa: E402
from klaverjas_gui.ai.solver import Position, Solver  # noqa: E402
from klaverjas_gui.engine import PRESETS  # noqa: E402

CASES = ("t1", "t2", "opponent")


def _plain(rules: Rules, base: hard._Base, hands: tuple[int, ...], team: int) -> float:
    acc = base.start()
    playout(rules, list(hands), 0, [], acc, base.chooser_team)
    return base.utility(acc, team)


def _nested(rules: Rules, base: hard._Base, hands: tuple[int, ...], team: int) -> float:
    return hard._best_next_lead(rules, base, list(hands), 0, [], base.start(), team)


def _every(rules: Rules, base: hard._Base, hands: tuple[int, ...], team: int) -> float:
    return hard._searched_leads(rules, base, list(hands), 0, [], base.start(), team)


ESTIMATORS = {"plain": _plain, "nested": _nested, "every": _every}


def one_deal(task: tuple[str, int, list[float] | None]) -> dict:
    """The exact value and each estimate of the three cases of deal `seed`."""
    variant_name, seed, exact = task
    variant = PRESETS[variant_name]
    cards = list(range(32))
    random.Random(seed).shuffle(cards)
    masks = [sum(1 << c for c in cards[8 * q : 8 * q + 8]) for q in range(4)]
    hands = (masks[0], masks[1], masks[2], masks[3])
    values = [suit_values(h) for h in hands]
    chooser = max(range(4), key=lambda q: max(values[q]))
    t1, t2 = sorted(range(4), key=lambda s: -values[chooser][s])[:2]
    left = (chooser + 1) % 4
    team = chooser % 2
    theirs = max(range(4), key=values[left].__getitem__)
    out: dict = {"seed": seed}
    for i, (who, trump) in enumerate(((chooser, t1), (chooser, t2), (left, theirs))):
        base = hard._Base(variant, who % 2, 0, (0, 0), (0, 0), (0, 0), 0)
        rules = Rules(variant, trump)
        if exact is None:
            pos = Position(variant, trump, hands, 0, chooser_team=who % 2)
            value = Solver.for_position(pos).value(pos)  # for seat 0's team, who leads
            case = {"exact": base.utility_of_margin(value if team == 0 else -value, team)}
        else:
            case = {"exact": exact[i]}
        for name, estimate in ESTIMATORS.items():
            case[name] = estimate(rules, base, hands, team)
        out[CASES[i]] = case
    return out


def _error(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Bias, root mean square error and share of right signs of estimates (est, exact)."""
    d = [e - x for e, x in pairs]
    signs = [(e > 0) == (x > 0) for e, x in pairs if x]
    return statistics.mean(d), math.sqrt(statistics.mean(v * v for v in d)), sum(signs) / len(signs)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--variant", default="amsterdam", choices=list(PRESETS))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--exact", type=Path, help="earlier output whose exact values to reuse")
    p.add_argument("--out", type=Path, help="write every deal's values here (JSON lines)")
    a = p.parse_args()
    known: dict[int, list[float]] = {}
    if a.exact:
        for line in a.exact.read_text().splitlines():
            d = json.loads(line)
            known[d["seed"]] = [d[c]["exact"] for c in CASES]
    seeds = range(a.first, a.first + a.deals)
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        deals = pool.map(one_deal, [(a.variant, s, known.get(s)) for s in seeds], chunksize=1)
    if a.out:
        a.out.write_text("".join(json.dumps(d) + "\n" for d in deals))
    print(f"{a.variant}, deals {a.first}..{a.first + a.deals - 1}: estimate minus exact value, "
          "deal score difference for the naming side")  # fmt: skip
    print(f"{'estimator':<10}{'bias':>8}{'rmse':>8} | {'t1-t2: bias':>12}{'rmse':>7}{'sign':>6}"
          f" | {'t1-opponent: bias':>18}{'rmse':>7}{'sign':>6}")  # fmt: skip
    for name in ESTIMATORS:
        level = _error([(d[c][name], d[c]["exact"]) for d in deals for c in CASES])
        diffs = []
        for other in ("t2", "opponent"):
            diffs.append(_error([
                (d["t1"][name] - d[other][name], d["t1"]["exact"] - d[other]["exact"])
                for d in deals
            ]))  # fmt: skip
        (tb, tr, ts), (ob, orr, os_) = diffs
        print(f"{name:<10}{level[0]:>+8.1f}{level[1]:>8.1f} | {tb:>+12.1f}{tr:>7.1f}{ts:>6.2f}"
              f" | {ob:>+18.1f}{orr:>7.1f}{os_:>6.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
