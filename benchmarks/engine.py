"""Complete random deals per second through the public state API, per preset.

Each figure is the median of --runs runs. Beside it, in the same run, a bare
baseline: a shuffle and 32 random cards that only follow suit, with no state
objects, events or scoring, i.e. the floor that any rules engine pays in
Python. Usage: python benchmarks/engine.py [--deals N] [--runs N]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.engine import PRESETS, new_match  # noqa: E402


def engine_deals(variant, deals: int, seed: int) -> float:
    """Deals per second: a long match of random legal actions, timed as a whole."""
    v = dataclasses.replace(variant, match_length=f"deals:{deals}", match_tie="share")
    if variant.match_kind == "points":
        v = dataclasses.replace(v, match_length=f"deals:{deals}")
    rnd = random.Random(seed).random
    state = new_match(v, seed)
    start = time.perf_counter()
    while not state.is_over:
        actions = state.legal_actions()
        state, _ = state.apply(actions[int(rnd() * len(actions))])
    elapsed = time.perf_counter() - start
    assert len(state.sheet) == deals
    return deals / elapsed


def bare_deals(deals: int, seed: int) -> float:
    """The baseline: shuffle, deal, play random cards that follow suit."""
    rng = random.Random(seed)
    rnd = rng.random
    start = time.perf_counter()
    for _ in range(deals):
        cards = [(s, r) for s in range(4) for r in range(8)]
        rng.shuffle(cards)
        hands = [cards[i * 8 : i * 8 + 8] for i in range(4)]
        leader = 0
        for _trick in range(8):
            trick: list[tuple[int, int]] = []
            for k in range(4):
                hand = hands[(leader + k) % 4]
                follow = [c for c in hand if trick and c[0] == trick[0][0]] or hand
                card = follow[int(rnd() * len(follow))]
                hand.remove(card)
                trick.append(card)
            led = trick[0][0]
            leader = (leader + max(range(4), key=lambda i: (trick[i][0] == led, trick[i][1]))) % 4
    return deals / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=2000, help="deals per run (default 2000)")
    p.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    args = p.parse_args(argv)
    if args.deals < 1 or args.runs < 1:
        p.error("--deals and --runs must be at least 1")
    bare = statistics.median(bare_deals(args.deals, r) for r in range(args.runs))
    print(f"{args.deals} deals per run, median of {args.runs} runs\n")
    print(f"{'preset':<12} {'deals/s':>9} {'min':>9} {'max':>9} {'vs bare':>8}")
    print(f"{'bare':<12} {bare:>9.0f} {'':>9} {'':>9} {1:>8.2f}")
    for name, variant in PRESETS.items():
        rates = [engine_deals(variant, args.deals, r) for r in range(args.runs)]
        med = statistics.median(rates)
        print(f"{name:<12} {med:>9.0f} {min(rates):>9.0f} {max(rates):>9.0f} {med / bare:>8.2f}")


if __name__ == "__main__":
    main()
