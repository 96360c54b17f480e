"""Two-player trick play on plain integers, for search: legality, playouts, an exact solver.

The engine's `klabberjass_obligation` stays the one source of the play rules; this
module mirrors it for the only case two players meet (a trick holds at most one
card when a player decides), because a search asks it hundreds of thousands of
times and must not build `Card` lists. `tests/test_klabberjass_ai.py` proves the two
agree on thousands of random positions.

Values are told in card points of the tricks still to play (last trick's 10
included), as seat 0's points minus seat 1's: with every card played in the end,
the sum is fixed, so this margin alone decides the deal score (`deal_diff`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.cards import PLAIN_STRENGTH, POINTS, POWER, SUIT_MASKS, TRUMP_STRENGTH
from ..engine.klabberjass_rules import LAST_TRICK
from ..engine.play import HIGHER
from .fast import bits

INF = 1 << 20


def mask_points(mask: int, trump: int) -> int:
    pts = POINTS[trump]
    return sum(pts[i] for i in bits(mask))


class TwoRules:
    """Tables for one trump suit: points, trick strength, legal replies."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.points = POINTS[trump]
        self.trump_mask = SUIT_MASKS[trump]
        self.power = tuple(POWER[trump * 4 + led] for led in range(4))
        self.higher = HIGHER[trump]
        # strength within its own suit, for ordering (trump order for trumps)
        self.strength = tuple(
            (TRUMP_STRENGTH if i // 8 == trump else PLAIN_STRENGTH)[i % 8] for i in range(32)
        )

    def legal(self, hand: int, led: int) -> int:
        """Legal cards of `hand` facing the led card index `led` (-1: leading, all legal)."""
        if led < 0:
            return hand
        s = led >> 3
        follow = hand & SUIT_MASKS[s]
        if s == self.trump:
            if follow:
                return follow & self.higher[led & 7] or follow
            return hand
        if follow:
            return follow
        return hand & self.trump_mask or hand

    def beats(self, led: int, card: int) -> bool:
        """Does `card`, played second, take the trick led by `led`?"""
        power = self.power[led >> 3]
        return power[card] > power[led]


# --- a fast playout policy (both hands open): cheap but not silly ---
def policy_card(r: TwoRules, hand: int, other: int, led: int, rng: random.Random) -> int:
    """A card for a playout: win cheaply when it pays, else throw the cheapest card."""
    legal = bits(r.legal(hand, led))
    if len(legal) == 1:
        return legal[0]
    pts, strength = r.points, r.strength
    if led < 0:
        # lead a card the opponent cannot beat, else the cheapest of a side suit
        for c in sorted(legal, key=lambda c: -pts[c]):
            replies = bits(r.legal(other, c))
            if not any(r.beats(c, b) for b in replies):
                return c
        side = [c for c in legal if c >> 3 != r.trump] or legal
        return min(side, key=lambda c: (pts[c], strength[c], rng.random()))
    winners = [c for c in legal if r.beats(led, c)]
    if winners and (pts[led] >= 3 or any(c >> 3 != r.trump for c in winners)):
        return min(winners, key=lambda c: (c >> 3 == r.trump, pts[c], strength[c]))
    return min(legal, key=lambda c: (pts[c], strength[c]))


def playout(
    r: TwoRules, hands: list[int], leader: int, led: int, rng: random.Random,
    tail: int = 0, finish: Callable[[int, int, int], int] | None = None,
) -> int:  # fmt: skip
    """Seat 0's points minus seat 1's for the rest of the deal under `policy_card`.
    `led` is a card already on the table, played by `leader` (-1: none). With `finish`
    (e.g. an exact solver's value of hand 0, hand 1, leader), a trick start whose leader
    holds at most `tail` cards is valued by it instead of played out."""
    h = list(hands)
    margin = 0
    while h[0] or h[1] or led >= 0:
        if led < 0:
            if finish is not None and h[leader].bit_count() <= tail:
                return margin + finish(h[0], h[1], leader)
            led = policy_card(r, h[leader], h[1 - leader], -1, rng)
            h[leader] ^= 1 << led
        follower = 1 - leader
        card = policy_card(r, h[follower], h[leader], led, rng)
        h[follower] ^= 1 << card
        won = follower if r.beats(led, card) else leader
        value = r.points[led] + r.points[card] + (LAST_TRICK if not h[0] and not h[1] else 0)
        margin += value if won == 0 else -value
        leader, led = won, -1
    return margin


# --- the exact solver (open hands) ---
class TwoSolver:
    """Alpha-beta over both open hands with a table of bounds at trick starts.

    The value is seat 0's future points minus seat 1's. The table is keyed by the
    two hands and the leader only, so it stays valid across sampled worlds."""

    def __init__(self, trump: int) -> None:
        self.r = TwoRules(trump)
        self.tt: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def value(self, h0: int, h1: int, leader: int, alpha: int = -INF, beta: int = INF) -> int:
        """Value of a trick start: `leader` to lead, both hands as given."""
        if not h0:
            return 0
        key = (h0, h1, leader)
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        self.nodes += 1
        lead_hand = h0 if leader == 0 else h1
        best = self._best(self._order(lead_hand), leader == 0, alpha, beta,
                          lambda c, a, b: self.reply(h0, h1, leader, c, a, b))  # fmt: skip
        lo, hi = entry if entry is not None else (-INF, INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best

    def reply(self, h0: int, h1: int, leader: int, led: int, alpha: int, beta: int) -> int:
        """Value once `leader` has put `led` on the table (its bit already counted in the hand
        given; it is removed here) and the follower answers."""
        r = self.r
        bit = 1 << led
        if leader == 0:
            h0 ^= bit
        else:
            h1 ^= bit
        follower = 1 - leader
        fh = h1 if follower == 1 else h0
        last = (h0 | h1).bit_count() == 1
        pts = r.points

        def child(c: int, a: int, b: int) -> int:
            won = follower if r.beats(led, c) else leader
            value = pts[led] + pts[c] + (LAST_TRICK if last else 0)
            n0, n1 = (h0, h1 ^ (1 << c)) if follower == 1 else (h0 ^ (1 << c), h1)
            tv = value if won == 0 else -value
            return tv + self.value(n0, n1, won, a - tv, b - tv)

        return self._best(self._order_reply(r.legal(fh, led), led), follower == 0, alpha, beta,
                          child)  # fmt: skip

    @staticmethod
    def _best(
        moves: list[int],
        maximise: bool,
        alpha: int,
        beta: int,
        child: Callable[[int, int, int], int],
    ) -> int:
        """Alpha-beta over `moves`; `child(card, alpha, beta)` values each."""
        best = -INF if maximise else INF
        for c in moves:
            v = child(c, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _order(self, hand: int) -> list[int]:
        """Leads: strong cards first (they settle tricks early and cut the tree)."""
        r = self.r
        return sorted(bits(hand), key=lambda c: -(r.power[c >> 3][c] * 16 + r.points[c]))

    def _order_reply(self, legal: int, led: int) -> list[int]:
        r = self.r
        power = r.power[led >> 3]
        return sorted(bits(legal), key=lambda c: -(power[c] * 16 + r.points[c]))


def deal_diff(me: int, maker: int, my_total: int, their_total: int) -> int:
    """The deal score of `me` minus the opponent's, from both players' final totals
    (cards, sequences, bella): the maker must score strictly more, else is nat."""
    if maker == me:
        return my_total - their_total if my_total > their_total else -(my_total + their_total)
    return my_total - their_total if their_total > my_total else my_total + their_total
