"""An exact solver for three-player Klaverjas (Kalabriasz) trick play, all hands open.

The maker plays alone against two defenders who are partners for the play duties, so
the play is a two-sided game: the maker maximises, the defenders minimise one number,
the maker's points minus the defenders' for the rest of the deal (card points, the last
trick's 10, roem in the tricks, the pit bonus if he takes every trick of the deal).

Alpha-beta over single cards with a table of bounds at trick starts, keyed by who holds
which card (three 32-bit hand masks), who leads and whether the maker has lost a trick
yet: that key says everything about the rest of the deal, so one table serves every
sampled deal of a decision. Legal cards come from the engine's own `play.obligation`
(cached by hand and trick), so the solver cannot disagree with the rules.

`greedy_card` is a fast open-hand policy for playing a deal out before the hands are
small enough to solve.

A search can be stopped (a player's deadline): `stop`, when set, is asked every
`STOP_EVERY` nodes and True ends the search with `Stopped`. The table keeps only bounds of
searches that finished, so a stopped search leaves nothing wrong behind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.cards import ALL_CARDS, POINTS, POWER, SUIT_MASKS
from ..engine.kalabriasz_rules import LAST_TRICK, KalabriaszVariant
from ..engine.play import obligation
from ..engine.roem import roem_of

INF = 10_000
STOP_EVERY = 1024  # nodes between two looks at `ThreeSolver.stop` (a power of two)
Hands = tuple[int, int, int]


class Stopped(Exception):
    """A search ended by its `stop` (the deciding player ran out of time)."""


class ThreeSolver:
    """Exact values of open three-hand positions for one trump, maker and variant."""

    def __init__(self, variant: KalabriaszVariant, trump: int, maker: int) -> None:
        self.rules = variant.play_rules
        self.t = trump
        self.maker = maker
        self.pit_bonus = variant.pit_bonus
        self.pts = POINTS[trump]
        self.power = tuple(POWER[trump * 4 + s] for s in range(4))
        # answers to a card of suit s: the strongest in that trick first, then the richest
        self.order = tuple(
            tuple(sorted(range(32), key=lambda c: -(self.power[s][c] * 16 + self.pts[c])))
            for s in range(4)
        )
        self.lead_order = tuple(
            sorted(range(32), key=lambda c: -(self.pts[c] * 64 + self.power[c >> 3][c]))
        )
        self.tt: dict[int, tuple[int, int]] = {}
        self._legal: dict[tuple[int, tuple[int, ...], bool], tuple[int, ...]] = {}
        self._moves: dict[tuple[int, tuple[int, ...], int], tuple[int, ...]] = {}
        self._tricks: dict[tuple[int, ...], tuple[int, int]] = {}
        self._roem: dict[int, int] = {}
        self.nodes = 0
        self.stop: Callable[[], bool] | None = None  # True: end the search (`Stopped`)

    # --- the rules, cached ---
    def legal(self, hand: int, trick: tuple[int, ...], partner: bool) -> tuple[int, ...]:
        """The cards of `hand` that may be played on `trick`, in search order."""
        key = (hand, trick, partner)
        moves = self._legal.get(key)
        if moves is None:
            cards = [ALL_CARDS[c] for c in trick]
            mask, _ = obligation(self.rules, self.t, hand, cards, partner)
            order = self.order[trick[0] >> 3] if trick else self.lead_order
            moves = self._legal[key] = tuple(c for c in order if mask >> c & 1)
        return moves

    def moves(self, hand: int, leader: int, trick: tuple[int, ...]) -> tuple[int, ...]:
        """The legal cards of the seat to move after `leader` led `trick` (cached)."""
        key = (hand, trick, leader)
        moves = self._moves.get(key)
        if moves is None:
            seat = (leader + len(trick)) % 3
            moves = self._moves[key] = self.legal(
                hand, trick, self.partner_winning(seat, leader, trick)
            )
        return moves

    def trick_value(self, trick: tuple[int, ...]) -> tuple[int, int]:
        """(winning position 0-2, card points and roem) of a full trick (cached)."""
        out = self._tricks.get(trick)
        if out is None:
            power, pts = self.power[trick[0] >> 3], self.pts
            best = max(range(3), key=lambda i: power[trick[i]])
            tv = pts[trick[0]] + pts[trick[1]] + pts[trick[2]]
            tv += self.roem(1 << trick[0] | 1 << trick[1] | 1 << trick[2])
            out = self._tricks[trick] = (best, tv)
        return out

    def roem(self, mask: int) -> int:
        r = self._roem.get(mask)
        if r is None:
            cards = [ALL_CARDS[c] for c in range(32) if mask >> c & 1]
            r = self._roem[mask] = roem_of(self.rules, self.t, cards)
        return r

    def trick_winner(self, leader: int, trick: Sequence[int]) -> int:
        power = self.power[trick[0] >> 3]
        best = max(range(len(trick)), key=lambda i: power[trick[i]])
        return (leader + best) % 3

    def partner_winning(self, seat: int, leader: int, trick: Sequence[int]) -> bool:
        """Is the card winning `trick` the partner's of `seat`? Only defenders have one."""
        if not trick or seat == self.maker:
            return False
        return self.trick_winner(leader, trick) != self.maker

    # --- the search ---
    def value(
        self, hands: Hands, leader: int, trick: tuple[int, ...] = (), lost: bool = False,
        alpha: int = -INF, beta: int = INF,
    ) -> int:  # fmt: skip
        """The maker's points minus the defenders' from here to the end of the deal.
        `hands`: what each seat still holds (the cards of `trick` already out of them);
        `leader`: who led `trick` (or leads next when it is empty); `lost`: the maker
        has lost a trick of this deal already (no pit)."""
        if not trick:
            return self._start(hands, leader, lost or self.pit_bonus == 0, alpha, beta)
        return self._card(hands, leader, trick, lost or self.pit_bonus == 0, alpha, beta)

    def _start(self, hands: Hands, leader: int, lost: bool, alpha: int, beta: int) -> int:
        h0, h1, h2 = hands
        if not (h0 | h1 | h2):
            return 0
        key = h0 | h1 << 32 | h2 << 64 | leader << 96 | lost << 98
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -INF, INF
        a0, b0 = alpha, beta
        v = self._card(hands, leader, (), lost, alpha, beta)
        if v <= a0:
            hi = min(hi, v)
        elif v >= b0:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.tt[key] = (lo, hi)
        return v

    def _card(
        self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool, alpha: int, beta: int
    ) -> int:
        """The seat to move plays one card."""
        self.nodes += 1
        if not self.nodes & (STOP_EVERY - 1) and self.stop is not None and self.stop():
            raise Stopped
        seat = (leader + len(trick)) % 3
        maker = seat == self.maker
        h0, h1, h2 = hands
        moves = self.moves(hands[seat], leader, trick)
        best = -INF if maker else INF
        for c in moves:
            bit = 1 << c
            if seat == 0:
                nxt = (h0 ^ bit, h1, h2)
            elif seat == 1:
                nxt = (h0, h1 ^ bit, h2)
            else:
                nxt = (h0, h1, h2 ^ bit)
            played = (*trick, c)
            if len(played) < 3:
                v = self._card(nxt, leader, played, lost, alpha, beta)
            else:
                v = self._close(nxt, leader, played, lost, alpha, beta)
            if maker:
                if v > best:
                    best = v
                    if best >= beta:
                        return best
                    alpha = max(alpha, best)
            elif v < best:
                best = v
                if best <= alpha:
                    return best
                beta = min(beta, best)
        return best

    def _close(
        self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool, alpha: int, beta: int
    ) -> int:
        """Score a full trick and go on from its winner."""
        best, tv = self.trick_value(trick)
        winner = (leader + best) % 3
        last = not (hands[0] | hands[1] | hands[2])
        if last:
            tv += LAST_TRICK
        if winner != self.maker:
            lost = True
            tv = -tv
        elif last and not lost:
            tv += self.pit_bonus
        if last:
            return tv
        return tv + self._start(hands, winner, lost, alpha - tv, beta - tv)

    def best_cards(
        self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool = False
    ) -> dict[int, int]:
        """The exact value of each legal card of the seat to move (for tests and hints)."""
        seat = (leader + len(trick)) % 3
        out = {}
        for c in self.legal(hands[seat], trick, self.partner_winning(seat, leader, trick)):
            after = list(hands)
            after[seat] ^= 1 << c
            out[c] = self.after(tuple(after), leader, (*trick, c), lost)  # type: ignore[arg-type]
        return out

    def after(self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool) -> int:
        """The value once `trick` (its last card already out of the hands) is on the table."""
        lost = lost or self.pit_bonus == 0
        if len(trick) == 3:
            return self._close(hands, leader, trick, lost, -INF, INF)
        return self._card(hands, leader, trick, lost, -INF, INF)


# --- a fast open-hand policy for the early tricks ---
def greedy_card(solver: ThreeSolver, hands: Hands, leader: int, trick: tuple[int, ...]) -> int:
    """A plausible card for the seat to move, seeing every hand: win a trick worth taking
    as cheaply as holds, give points to a partner's winning card, else throw the cheapest."""
    seat = (leader + len(trick)) % 3
    maker = solver.maker
    moves = solver.legal(hands[seat], trick, solver.partner_winning(seat, leader, trick))
    if len(moves) == 1:
        return moves[0]
    pts = solver.pts
    if not trick:
        t = solver.t
        if seat == maker:
            others = hands[(seat + 1) % 3] | hands[(seat + 2) % 3]
            if others & SUIT_MASKS[t] and hands[seat] & SUIT_MASKS[t]:
                return max((c for c in moves if c >> 3 == t), key=lambda c: solver.power[t][c])
        for c in moves:  # richest first: a card nobody can beat
            if _holds(solver, hands, leader, (c,)):
                return c
        return min(moves, key=lambda c: (pts[c], solver.power[c >> 3][c]))
    power = solver.power[trick[0] >> 3]
    if len(trick) == 2 or _holds(solver, hands, leader, trick):
        winner = solver.trick_winner(leader, trick)
        friend = seat != maker and winner != maker
        if friend:
            return max(moves, key=lambda c: (pts[c], -power[c]))
    best = max(power[c] for c in trick)
    winning = [c for c in moves if power[c] > best and _holds(solver, hands, leader, (*trick, c))]
    if winning:
        return min(winning, key=lambda c: (pts[c], power[c]))
    return min(moves, key=lambda c: (pts[c], power[c]))


def _holds(solver: ThreeSolver, hands: Hands, leader: int, trick: tuple[int, ...]) -> bool:
    """Does the winning card of `trick` stay winning whatever its side's opponents still
    to play this trick do? (Open hands; a partner still to play counts as a friend.)"""
    if len(trick) >= 3:
        return True
    winner = solver.trick_winner(leader, trick)
    power = solver.power[trick[0] >> 3]
    best = max(power[c] for c in trick)
    maker = solver.maker
    for k in range(len(trick), 3):
        seat = (leader + k) % 3
        if (seat == maker) == (winner == maker):
            continue
        hand = hands[seat]
        if k == len(trick):
            moves = solver.legal(hand, trick, solver.partner_winning(seat, leader, trick))
        else:  # a later seat: which card the one between plays is not known; be careful
            moves = tuple(c for c in range(32) if hand >> c & 1)
        if any(power[c] > best for c in moves):
            return False
    return True


def play_out(
    solver: ThreeSolver, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool,
    exact: int,
) -> int:  # fmt: skip
    """The maker's points minus the defenders' for the rest of the deal: `greedy_card`
    until no hand holds more than `exact` cards at a trick start, then the exact value.
    `trick` may be full (its last card already out of the hands)."""
    total = 0
    h = list(hands)
    maker = solver.maker
    while True:
        if len(trick) == 3:
            best, tv = solver.trick_value(trick)
            winner = (leader + best) % 3
            last = not (h[0] | h[1] | h[2])
            if last:
                tv += LAST_TRICK
            if winner != maker:
                lost = True
                tv = -tv
            elif last and not lost and solver.pit_bonus:
                tv += solver.pit_bonus
            total += tv
            if last:
                return total
            leader, trick = winner, ()
        if not trick and max(x.bit_count() for x in h) <= exact:
            return total + solver.value((h[0], h[1], h[2]), leader, (), lost)
        c = greedy_card(solver, (h[0], h[1], h[2]), leader, trick)
        h[(leader + len(trick)) % 3] ^= 1 << c
        trick = (*trick, c)
