"""The attack of issue 34 item 1 on the deal's secret, with the program's own engine: a
guest who knows the range seeds are drawn from tries each one against the first thing
the host sends him, his 8 cards and the dealer, and so learns every hand of the match.

A Klaverjas match is started as a host starts one: its seed from `fresh_seed` (a secret
from all 2**63), or with --old as before the fix, `random.randrange(1_000_000)`. Seat 1's
first observation is what the guest knows; every seed below --limit (default: the whole
old range) is tried. Prints the seeds that deal that hand, whether the real seed is among
them, and how long the search took.

Usage: python benchmarks/seed_search.py [--old] [--limit N] [--runs R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.engine import PRESETS  # noqa: E402
from klaverjas_gui.engine.deal import deal_hands, deal_rng, first_dealer  # noqa: E402
from klaverjas_gui.engine.match import new_match  # noqa: E402
from klaverjas_gui.play.session import fresh_seed  # noqa: E402

OLD_RANGE = 1_000_000
SEAT = 1  # the guest's seat


def search(hand: int, dealer: int, pattern: str, limit: int) -> list[int]:
    """Every seed below `limit` whose first deal gives SEAT `hand` with this dealer."""
    found = []
    for seed in range(limit):
        if first_dealer(seed) != dealer:
            continue
        hands = deal_hands(deal_rng(seed, 1, 0), pattern, (dealer + 1) % 4)
        if hands[SEAT] == hand:
            found.append(seed)
    return found


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", action="store_true", help="draw the seed as before the fix")
    p.add_argument("--limit", type=int, default=OLD_RANGE, help="seeds tried: 0 .. N-1")
    p.add_argument("--runs", type=int, default=1)
    a = p.parse_args()
    variant = PRESETS["amsterdam"]
    for run in range(1, a.runs + 1):
        seed = random.randrange(OLD_RANGE) if a.old else fresh_seed()
        state = new_match(variant, seed)
        obs = state.observation(SEAT)
        hand = sum(c.bit for c in obs.hand)
        start = time.perf_counter()
        found = search(hand, obs.dealer, variant.deal_pattern, a.limit)
        seconds = time.perf_counter() - start
        print(f"run {run}: {'old' if a.old else 'secret'} seed, {a.limit:,} seeds tried in "
              f"{seconds:.1f} s; seeds dealing seat {SEAT}'s hand: {found or 'none'}; "
              f"the real seed among them: {'yes' if seed in found else 'no'}")  # fmt: skip


if __name__ == "__main__":
    main()
