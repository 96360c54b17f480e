"""An exact solver for three-player Klaverjas (Kalabriasz) trick play, all hands open.

The maker plays alone against two defenders who are partners for the play duties, so
the play is a two-sided game: the maker maximises, the defenders minimise one number,
the maker's points minus the defenders' for the rest of the deal (card points, the last
trick's 10, roem in the tricks, the pit bonus if he takes every trick of the deal).

Alpha-beta with a table of bounds at trick starts, keyed by who holds which card (three
32-bit hand masks), who leads and whether the maker has lost a trick yet: that key says
everything about the rest of the deal, so one table serves every sampled deal of a
decision. A trick is searched as three nested loops (`_trick`: the leader's card, the
second's, the third's), so only trick starts recurse; each table entry keeps the lead
that was best, tried first when the position comes back; other leads go side-suit cards
first (the richest first), trumps last, and a follower tries the richest card that wins
the trick so far, then points on a friend's winning card, then the cheapest. A value
asked with the full window is found by MTD(f): zero-window tests from a greedy playout's
result (`_mtd`).
Legal cards come from the engine's own `play.obligation` (cached by hand and trick), so
the solver cannot disagree with the rules.

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
STOP_MASK = STOP_EVERY - 1
MTD_CARDS = 6  # MTD(f) from this many cards in the largest hand; fewer: one full window
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
        # the search's leads: side-suit cards first (the richest first), trumps last (they
        # are worth keeping to ruff with)
        self._lead_search = tuple(
            sorted(
                self.lead_order,
                key=lambda c: (c >> 3 == trump, -self.pts[c] * 64 - self.power[c >> 3][c]),
            )
        )
        self.tt: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self._legal: dict[tuple[int, tuple[int, ...], bool], tuple[int, ...]] = {}
        self._moves: dict[tuple[int, tuple[int, ...], int], tuple[int, ...]] = {}
        self._tricks: dict[tuple[int, ...], tuple[int, int]] = {}
        self._roem: dict[int, int] = {}
        self._leads: dict[int, tuple[int, ...]] = {}  # hand -> its leads in search order
        self._follow: dict[int, tuple[int, ...]] = {}  # (hand, trick so far) -> legal cards
        self._trick_pts: dict[int, int] = {}  # full trick's mask -> card points and roem
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
        lost = lost or self.pit_bonus == 0
        if not (trick or hands[0] | hands[1] | hands[2]):
            return 0
        if alpha > -INF or beta < INF or max(h.bit_count() for h in hands) < MTD_CARDS:
            if not trick:
                return self._start(hands, leader, lost, alpha, beta)
            return self._card(hands, leader, trick, lost, alpha, beta)
        guess = lambda: play_out(self, hands, leader, trick, lost, 0)  # noqa: E731
        if not trick:
            return self._mtd(lambda a, b: self._start(hands, leader, lost, a, b), guess)
        return self._mtd(lambda a, b: self._card(hands, leader, trick, lost, a, b), guess)

    def _mtd(self, search: Callable[[int, int], int], first: Callable[[], int]) -> int:
        """The exact value of `search` (a fail-soft alpha-beta search given its window) by
        MTD(f): zero-window tests, each at the last answer, from the guess `first()` (a
        greedy open-hand playout's result) until the bounds meet."""
        lo, hi = -INF, INF
        guess = first()
        while lo < hi:
            b = max(guess, lo + 1)
            g = search(b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
            guess = g if g < b else g + 1
        return lo

    def _start(self, hands: Hands, leader: int, lost: bool, alpha: int, beta: int) -> int:
        """The value of a trick start (`leader` to lead), through the table."""
        h0, h1, h2 = hands
        if not (h0 | h1 | h2):
            return 0
        key = (h0, h1, h2, leader << 1 | lost)  # a tuple hashes faster than a long int
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
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
        v, card = self._trick(h0, h1, h2, leader, lost, alpha, beta, first)
        if v <= alpha:
            hi = v if v < hi else hi
        elif v >= beta:
            lo = v if v > lo else lo
        else:
            lo = hi = v
        self.tt[key] = (lo, hi, card)
        return v

    def _trick(
        self, h0: int, h1: int, h2: int, leader: int, lost: bool, alpha: int, beta: int,
        first: int,
    ) -> tuple[int, int]:  # fmt: skip
        """(value, best lead) of a whole trick from its start, as three nested loops (the
        leader's card, the second's, the third's): only trick starts recurse. `first` is
        the lead tried first (the best one last time, from the table), -1 for none."""
        maker = self.maker
        H = [h0, h1, h2]
        s0 = leader
        s1 = s0 + 1 if s0 < 2 else 0
        s2 = s1 + 1 if s1 < 2 else 0
        x0, x1, x2 = H[s0], H[s1], H[s2]
        max0, max1, max2 = s0 == maker, s1 == maker, s2 == maker
        # a defender whose partner (the other defender) wins the trick so far
        part1 = not max1 and not max0
        nodes = self.nodes + 1
        self.nodes = nodes
        if not nodes & STOP_MASK and self.stop is not None and self.stop():
            raise Stopped
        moves0 = self._leads.get(x0)
        if moves0 is None:
            moves0 = self._leads[x0] = tuple(c for c in self._lead_search if x0 >> c & 1)
        if first >= 0 and moves0[0] != first:
            moves0 = (first, *[c for c in moves0 if c != first])
        follow = self._follow
        power, trick_pts, pit_bonus = self.power, self._trick_pts, self.pit_bonus
        start = self._start
        tt_get = self.tt.get
        last_trick = x0.bit_count() == 1
        best0 = -INF if max0 else INF
        best_c = moves0[0]
        a0, b0 = alpha, beta
        for c0 in moves0:
            bit0 = 1 << c0
            pw = power[c0 >> 3]
            p0 = pw[c0]
            # the second hand
            fkey = x1 | c0 << 32 | part1 << 37 | 1 << 38
            moves1 = follow.get(fkey)
            if moves1 is None:
                moves1 = follow[fkey] = self._ordered(self.legal(x1, (c0,), part1), pw, p0, part1)
            nodes = self.nodes + 1
            self.nodes = nodes
            if not nodes & STOP_MASK and self.stop is not None and self.stop():
                raise Stopped
            a1, b1 = a0, b0
            best1 = -INF if max1 else INF
            for c1 in moves1:
                bit1 = 1 << c1
                p1 = pw[c1]
                if p1 > p0:
                    w1, wp1 = s1, p1
                else:
                    w1, wp1 = s0, p0
                part2 = not max2 and w1 != maker
                fkey = x2 | c0 << 32 | c1 << 37 | part2 << 42 | 2 << 43
                moves2 = follow.get(fkey)
                if moves2 is None:
                    legal2 = self.legal(x2, (c0, c1), part2)
                    moves2 = follow[fkey] = self._ordered(
                        legal2, pw, wp1, part2 or max2 == (w1 == maker)
                    )
                nodes = self.nodes + 1
                self.nodes = nodes
                if not nodes & STOP_MASK and self.stop is not None and self.stop():
                    raise Stopped
                a2, b2 = a1, b1
                best2 = -INF if max2 else INF
                tm01 = bit0 | bit1
                for c2 in moves2:
                    tm = tm01 | 1 << c2
                    tv = trick_pts.get(tm)
                    if tv is None:
                        tv = self._trick_points(tm)
                    winner = s2 if pw[c2] > wp1 else w1
                    H[s0], H[s1], H[s2] = x0 ^ bit0, x1 ^ bit1, x2 ^ (1 << c2)
                    if last_trick:
                        tv += LAST_TRICK  # the deal's last trick: a pit for the maker?
                        v = -tv if winner != maker else tv if lost else tv + pit_bonus
                    else:
                        # the next trick start: its table entry read here when it decides
                        # (what `_start` would answer, without the call)
                        if winner != maker:
                            tv, lost_w = -tv, True
                        else:
                            lost_w = lost
                        lo_w, hi_w = a2 - tv, b2 - tv
                        e = tt_get((H[0], H[1], H[2], winner << 1 | lost_w))
                        if e is not None and (e[0] >= hi_w or e[0] == e[1]):
                            v = tv + e[0]
                        elif e is not None and e[1] <= lo_w:
                            v = tv + e[1]
                        else:
                            v = tv + start((H[0], H[1], H[2]), winner, lost_w, lo_w, hi_w)
                    if max2:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if v >= b2:
                                    break
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                            if v <= a2:
                                break
                v = best2
                if max1:
                    if v > best1:
                        best1 = v
                        if v > a1:
                            a1 = v
                            if v >= b1:
                                break
                elif v < best1:
                    best1 = v
                    if v < b1:
                        b1 = v
                        if v <= a1:
                            break
            v = best1
            if max0:
                if v > best0:
                    best0, best_c = v, c0
                    if v > a0:
                        a0 = v
                        if v >= b0:
                            break
            elif v < best0:
                best0, best_c = v, c0
                if v < b0:
                    b0 = v
                    if v <= a0:
                        break
        return best0, best_c

    def _ordered(
        self, moves: tuple[int, ...], pw: tuple[int, ...], wp: int, friend: bool
    ) -> tuple[int, ...]:
        """A follower's legal cards in search order: the richest card that wins the trick so
        far first, then points on a friend's winning card, then the cheapest."""
        pts = self.pts
        keyed = []
        for c in moves:
            if pw[c] > wp:
                keyed.append((-100 - pts[c], c))
            elif friend:
                keyed.append((-50 - pts[c], c))
            else:
                keyed.append((pts[c], c))
        keyed.sort(key=lambda kc: kc[0])
        return tuple(c for _, c in keyed)

    def _trick_points(self, mask: int) -> int:
        """Card points and roem of a full trick given as a mask (cached)."""
        pts = self.pts
        tv = sum(pts[c] for c in range(32) if mask >> c & 1) + self.roem(mask)
        self._trick_pts[mask] = tv
        return tv

    def _card(
        self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool, alpha: int, beta: int
    ) -> int:
        """The seat to move plays one card."""
        if not trick:
            h0, h1, h2 = hands
            if not (h0 | h1 | h2):
                return 0
            return self._trick(h0, h1, h2, leader, lost, alpha, beta, -1)[0]
        self.nodes += 1
        if not self.nodes & STOP_MASK and self.stop is not None and self.stop():
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
            h = list(hands)
            h[seat] ^= 1 << c
            out[c] = self.after((h[0], h[1], h[2]), leader, (*trick, c), lost)
        return out

    def after(self, hands: Hands, leader: int, trick: tuple[int, ...], lost: bool) -> int:
        """The value once `trick` (its last card already out of the hands) is on the table."""
        lost = lost or self.pit_bonus == 0
        if max(h.bit_count() for h in hands) < MTD_CARDS:
            if len(trick) == 3:
                return self._close(hands, leader, trick, lost, -INF, INF)
            return self._card(hands, leader, trick, lost, -INF, INF)
        guess = lambda: play_out(self, hands, leader, trick, lost, 0)  # noqa: E731
        if len(trick) == 3:
            return self._mtd(lambda a, b: self._close(hands, leader, trick, lost, a, b), guess)
        return self._mtd(lambda a, b: self._card(hands, leader, trick, lost, a, b), guess)


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
