"""Where the hard three-player (Kalabriasz) player gains on normal, decision by decision.

    nice -n 10 .venv/bin/python benchmarks/kalabriasz_regret.py --phase bid --deals 500
    nice -n 10 .venv/bin/python benchmarks/kalabriasz_regret.py --phase lay --deals 300
    nice -n 10 .venv/bin/python benchmarks/kalabriasz_regret.py --phase cards --deals 230

Seeded deals are played by three normal players. At each decision of the phase asked
(a bid; the two cards laid away; a card with 10 to 8 in hand) the hard player decides
too, and both its choice and normal's are valued on the true deal: the rest of the deal
played out by normal's rules at every seat (`kalabriasz_fast`, which is exactly the
normal player), scored as the deciding seat's deal margin (its deal score minus the mean
of the other two's; for a card, the maker's margin, or minus it for a defender, as hard's
card play counts it). The report is the mean gain of hard's choice per decision with its
standard error, and hard's decision times. It isolates one phase, but judges it in a
world where everyone else is normal, the same model the hard player samples with.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai.fast import bits  # noqa: E402
from klaverjas_gui.ai.kalabriasz_fast import normal_bid, seat_margin, table  # noqa: E402
from klaverjas_gui.ai.kalabriasz_hard import (  # noqa: E402
    KalabriaszHard,
    deal_margin,
    named_margin,
)
from klaverjas_gui.ai.kalabriasz_players import KalabriaszHeuristic, card_view  # noqa: E402
from klaverjas_gui.engine.cards import POINTS, mask_of  # noqa: E402
from klaverjas_gui.engine.kalabriasz import KalabriaszState, new_kalabriasz  # noqa: E402
from klaverjas_gui.engine.match import Action, card_of, suit_of  # noqa: E402

FIRST_SEED = {"bid": 10_000, "lay": 20_000, "cards": 30_000}


def bid_truth(state: KalabriaszState, action: Action) -> float:
    """The seat's deal margin if it takes `action` and the rest bid and play as normal."""
    seat, first, v = state.to_move, state.first_hand, state.variant
    hands, talon = state.hands, mask_of(state.talon)
    if action.kind == "name":
        return named_margin(v, hands, talon, seat, suit_of(action).index, first, seat)
    for k in range((seat - first) % 3 + 1, 3):
        other = (first + k) % 3
        t = normal_bid(hands[other])
        if t >= 0:
            return named_margin(v, hands, talon, other, t, first, seat)
    return 0.0


def lay_truth(state: KalabriaszState, pair: int) -> float:
    """The maker's deal margin if he lays `pair` away (the state before the first card)."""
    maker, t = state.maker, state.trump
    hands = list(state.hands)
    hands[maker] &= ~pair
    points, _ = table(state.variant, t).playout((hands[0], hands[1], hands[2]),
                                                state.first_hand, maker, pair)  # fmt: skip
    points[maker] += sum(POINTS[t][c] for c in bits(pair))
    return seat_margin(maker, maker, points)


def card_truth(state: KalabriaszState, card: int) -> float:
    """The deciding seat's side's deal margin if it plays `card` and all play on as normal."""
    seat, maker, t = state.to_move, state.maker, state.trump
    _, trick, _, void = card_view(state.observation(seat), True)
    played = mask_of(c for _, cards in state.tricks for c in cards)
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    lost = state.tricks_won[maker] < len(state.tricks)
    rest, _ = table(state.variant, t).playout((hands[0], hands[1], hands[2]), state.leader,
                                              maker, mask_of(state.laid_away), (*trick, card),
                                              played, void, lost)  # fmt: skip
    totals = [state.deal_points[k] + state.roem[k] + rest[k] for k in range(3)]
    away = sum(POINTS[t][c.index] for c in state.laid_away)
    margin = deal_margin(totals[maker] + away, sum(totals) + away)
    return margin if seat == maker else -margin


def run(phase: str, deals: int, first: int) -> tuple[list[float], int, list[float]]:
    """(hard's gain over normal per decision, decisions where they differ, hard's times)."""
    hard, normal = KalabriaszHard(7), KalabriaszHeuristic(7)
    gains: list[float] = []
    times: list[float] = []
    differ = 0

    def timed(state: KalabriaszState) -> Action:
        t0 = time.perf_counter()
        action = hard.choose(state.observation(state.to_move))
        times.append(time.perf_counter() - t0)
        return action

    for seed in range(first, first + deals):
        state = new_kalabriasz(seed=seed)
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            mine = normal.choose(obs)
            if len(obs.legal) > 1 and phase == "bid" and state.phase == "bidding":
                theirs = timed(state)
                gains.append(bid_truth(state, theirs) - bid_truth(state, mine))
                differ += theirs != mine
            elif len(obs.legal) > 1 and phase == "lay" and len(obs.hand) == 12:
                after, _ = state.apply(timed(state))
                second = hard.choose(after.observation(after.to_move))
                pair = mask_of(after.laid_away) | card_of(second).bit
                after, _ = state.apply(mine)
                normal_pair = mask_of(after.laid_away)
                normal_pair |= card_of(normal.choose(after.observation(after.to_move))).bit
                gains.append(lay_truth(state, pair) - lay_truth(state, normal_pair))
                differ += pair != normal_pair
            elif (
                len(obs.legal) > 1
                and phase == "cards"
                and state.phase == "play"
                and (len(obs.hand) >= 8)
            ):
                theirs = timed(state)
                gains.append(card_truth(state, card_of(theirs).index)
                             - card_truth(state, card_of(mine).index))  # fmt: skip
                differ += theirs != mine
            state, _ = state.apply(mine)
    return gains, differ, times


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--phase", choices=sorted(FIRST_SEED), required=True)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, help="first deal seed (default: per phase)")
    a = p.parse_args()
    first = FIRST_SEED[a.phase] if a.first is None else a.first
    gains, differ, times = run(a.phase, a.deals, first)
    mean = statistics.fmean(gains)
    se = statistics.stdev(gains) / math.sqrt(len(gains))
    ms = sorted(1000 * t for t in times)
    print(f"kalabriasz regret, {a.phase}, deals {first}..{first + a.deals - 1}: "
          f"{len(gains)} decisions, {differ} where hard and normal differ")  # fmt: skip
    print(f"hard's gain over normal per decision {mean:+.2f} (standard error {se:.2f})")
    print(f"hard's time per decision: p50 {ms[len(ms) // 2]:.0f} ms, max {ms[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
