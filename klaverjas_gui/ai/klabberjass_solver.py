"""A fast exact solver for two-player Klabberjass trick play (both hands open).

`TwoSolver` in `klabberjass_fast` is the readable reference; this one gives the same
values several times faster, so the hard player can solve every sampled deal exactly
from the first trick instead of trusting a greedy playout. The speed comes from the
shape of the search, not from cleverness: one function per trick start (the leader
picks a card) and one for the answer (the follower's legal replies), values told
from the leader's side (negamax, so the table key is just the two hands), move
orders and trick strengths read from tuples built once per trump (each hand's and
each set of legal replies' cards in that order kept once filtered), no closures and
no sorting inside the search. The last trick is scored directly.

Values are seat 0's future points minus seat 1's, last trick's 10 included, as in
`klabberjass_fast`; `tests/test_klabberjass_ai.py` checks both solvers agree.
"""

from __future__ import annotations

import random

from ..engine.cards import SUIT_MASKS
from ..engine.klabberjass_rules import LAST_TRICK
from .klabberjass_fast import INF, TwoRules, playout


class FastTwoSolver:
    """Alpha-beta with a table of bounds at trick starts, keyed by (leader's hand,
    follower's hand): valid across sampled deals, so one solver serves a whole decision."""

    def __init__(self, trump: int) -> None:
        r = self.rules = TwoRules(trump)
        self.trump = trump
        self.pts = r.points
        self.power = r.power
        self.higher = r.higher
        self.trump_mask = SUIT_MASKS[trump]
        # leads: the richest cards first, the strongest among equals (they settle tricks
        # early and cut the tree: fewer nodes than strength first); replies: strongest first
        self.lead_order = tuple(
            sorted(range(32), key=lambda c: -(r.points[c] * 64 + r.power[c >> 3][c]))
        )
        self.reply_order = tuple(_reply_order(r, s) for s in range(4))
        self.tt: dict[int, tuple[int, int]] = {}
        # a leader's hand and a follower's legal replies (with the led suit) in search
        # order: the same ones come back again and again, so each is filtered out of the
        # 32-card order once (filtering at every node cost a sixth of a 9-card solve)
        self.leads: dict[int, tuple[int, ...]] = {}
        self.replies: dict[int, tuple[int, ...]] = {}
        self.nodes = 0

    # --- the same interface as TwoSolver (seat 0's side) ---
    def value(self, h0: int, h1: int, leader: int, alpha: int = -INF, beta: int = INF) -> int:
        """Value of a trick start: `leader` to lead, both hands as given."""
        if leader == 0:
            return self._lead(h0, h1, alpha, beta)
        return -self._lead(h1, h0, -beta, -alpha)

    def reply(self, h0: int, h1: int, leader: int, led: int, alpha: int, beta: int) -> int:
        """Value once `leader` has put `led` on the table (its bit still in the hand given;
        it is removed here) and the follower answers."""
        bit = 1 << led
        if leader == 0:
            return self._answer(h0 ^ bit, h1, led, alpha, beta)
        return -self._answer(h1 ^ bit, h0, led, -beta, -alpha)

    # --- the search, from the leader's side ---
    def _lead(self, hl: int, hf: int, alpha: int, beta: int) -> int:
        if not hl:
            return 0
        if not hl & (hl - 1):  # one card each: the last trick
            c, d = hl.bit_length() - 1, hf.bit_length() - 1
            power = self.power[c >> 3]
            tv = self.pts[c] + self.pts[d] + LAST_TRICK
            return -tv if power[d] > power[c] else tv
        key = hl << 32 | hf
        tt = self.tt
        entry = tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -INF, INF
        self.nodes += 1
        a0 = a = alpha
        best = -INF
        answer = self._answer
        moves = self.leads.get(hl)
        if moves is None:
            moves = self.leads[hl] = tuple(c for c in self.lead_order if hl >> c & 1)
        for c in moves:
            v = answer(hl ^ 1 << c, hf, c, a, beta)
            if v > best:
                best = v
                if best >= beta:
                    break
                if best > a:
                    a = best
        if best <= a0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = (lo, hi)
        return best

    def _answer(self, hl: int, hf: int, c: int, alpha: int, beta: int) -> int:
        """The follower's best reply to the led card `c` (already out of `hl`), valued
        from the leader's side: the follower minimises it."""
        s = c >> 3
        follow = hf & SUIT_MASKS[s]
        if s == self.trump:
            legal = (follow & self.higher[c & 7] or follow) if follow else hf
        else:
            legal = follow or hf & self.trump_mask or hf
        key = legal << 2 | s
        moves = self.replies.get(key)
        if moves is None:
            moves = self.replies[key] = tuple(d for d in self.reply_order[s] if legal >> d & 1)
        pts, power = self.pts, self.power[s]
        pc, wc = pts[c], power[c]
        extra = 0 if hl else LAST_TRICK
        lead = self._lead
        best = INF
        for d in moves:
            tv = pc + pts[d] + extra
            if power[d] > wc:  # the follower takes the trick and leads next
                v = -tv - lead(hf ^ 1 << d, hl, -beta - tv, -alpha - tv) if hl else -tv
            else:
                v = tv + lead(hl, hf ^ 1 << d, alpha - tv, beta - tv) if hl else tv
            if v < best:
                best = v
                if best <= alpha:
                    return best
                if best < beta:
                    beta = best
        return best


def playout_then_solve(
    solver: FastTwoSolver, hands: list[int], leader: int, led: int, tail: int,
    rng: random.Random,
) -> int:  # fmt: skip
    """Seat 0's points minus seat 1's for the rest of the deal: the fast playout policy
    until each hand holds at most `tail` cards at a trick start, then the exact value.
    `led` is a card already on the table, played by `leader` (-1: none). A greedy
    playout errs most in the endgame, where the exact solve is cheap."""
    return playout(solver.rules, hands, leader, led, rng, tail, solver.value)


def _reply_order(r: TwoRules, suit: int) -> tuple[int, ...]:
    """Answers to a card of `suit`: the strongest in that trick first."""
    return tuple(sorted(range(32), key=lambda c: -(r.power[suit][c] * 16 + r.points[c])))
