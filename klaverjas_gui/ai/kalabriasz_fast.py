"""The normal three-player (Kalabriasz) player's rules on plain integers, and playouts.

The normal player (`kalabriasz_players`) bids, lays away and plays by these rules; they
work on bit masks so that the hard player can play thousands of sampled deals out a
decision the way the other seats will play them: the bid (`normal_bid`), the two cards
laid away (`normal_lay`), every card (`Table.card`) and a whole deal (`Table.playout`).
The legal cards are `fast.Rules.legal`, the four-player mirror of `play.obligation`, with
the two defenders as partners. `tests/test_kalabriasz_fast.py` proves that a playout is
the deal the engine plays with three normal players.
"""

from __future__ import annotations

from functools import cache

from ..engine.cards import ACE, FULL_MASK, JACK, KING, NINE, POINTS, POWER, QUEEN, SUIT_MASKS, TEN
from ..engine.kalabriasz_rules import LAST_TRICK, KalabriaszVariant
from .fast import Rules, bits

# What a card is worth to a maker as trump, by rank index 7 8 9 T J Q K A.
TRUMP_WORTH = (0.5, 0.5, 2.3, 1.2, 3.0, 0.7, 0.8, 1.6)
# A ten-card hand worth this much with a suit as trump names it. Normal against itself
# naming at 9.0 (150 rotations, kalabriasz_arena): at 8.0 +6.1, 7.5 +11.0, 7.0 +10.7,
# 6.0 +10.1 per deal; against 7.0: 6.5 +1.2 (SE 1.2), 6.0 +0.2, 5.0 +0.1: flat below 7.
NAME_AT = 6.5


def mask_value(hand: int, trump: int) -> float:
    """How good `hand` (a mask) is to play alone with `trump` as trump: trump honours and
    length, side aces and guarded tens, short side suits to trump in, stuk."""
    trumps = hand >> (8 * trump) & 255
    n_trumps = trumps.bit_count()
    v = sum(TRUMP_WORTH[r] for r in range(8) if trumps >> r & 1) + 0.6 * max(0, n_trumps - 3)
    for s in range(4):
        if s == trump:
            continue
        side = hand >> (8 * s) & 255
        if side >> ACE & 1:
            v += 1.2
        if side >> TEN & 1:
            v += 0.7 if side >> ACE & 1 else 0.3 if side.bit_count() >= 2 else 0.0
        if not side and n_trumps >= 4:
            v += 0.5
    if trumps >> KING & 1 and trumps >> QUEEN & 1:
        v += 0.5
    return v


def normal_bid(hand: int, caution: float = 0.0) -> int:
    """The suit the normal player names with this hand, or -1: it passes."""
    values = [mask_value(hand, t) for t in range(4)]
    best = max(range(4), key=values.__getitem__)
    return best if values[best] >= NAME_AT + caution else -1


def lay_key(t: int, hand: int, c: int) -> tuple[float, ...]:
    """The normal maker's wish to lay `c` away (the largest goes): an unguarded ten, then
    the honours of a suit without its ace, then short side suits, lowest first; a trump or
    a side ace only when nothing else is left."""
    s, r = c >> 3, c & 7
    if s == t:
        return (-10.0, -TRUMP_WORTH[r])
    suit = hand & SUIT_MASKS[s]
    has_ace = bool(suit >> (8 * s + ACE) & 1)
    if r == ACE:
        return (-5.0, 0.0)
    banked = POINTS[t][c] if not has_ace else 0
    short = 3 - min(3, suit.bit_count())
    return (float(banked), float(short), -float(r))


def normal_lay(t: int, hand: int) -> int:
    """The two cards (a mask) the normal maker lays away from the twelve in `hand`."""
    laid = 0
    for _ in range(2):
        rest = hand & ~laid
        laid |= 1 << max(bits(rest), key=lambda c: lay_key(t, rest, c))
    return laid


class Table:
    """The tables of one trump for the normal player's card rules and the playouts."""

    def __init__(self, variant: KalabriaszVariant, trump: int) -> None:
        self.r = Rules(variant.play_rules, trump)
        self.t = trump
        self.pts = POINTS[trump]
        self.power = tuple(POWER[trump * 4 + s] for s in range(4))
        self.trump_mask = SUIT_MASKS[trump]
        self.big = 1 << (8 * trump + JACK) | 1 << (8 * trump + NINE)
        self.pit_bonus = variant.pit_bonus
        # above[c]: the cards of c's own suit that beat it
        self.above = tuple(
            sum(1 << o for o in range(8 * (c >> 3), 8 * (c >> 3) + 8)
                if self.power[c >> 3][o] > self.power[c >> 3][c])
            for c in range(32)
        )  # fmt: skip

    def legal(self, hand: int, trick: tuple[int, ...], leader: int, maker: int) -> int:
        """The legal cards of the seat to move (the two defenders are partners)."""
        if not trick:
            return hand
        power = self.power[trick[0] >> 3]
        best_i = max(range(len(trick)), key=lambda i: power[trick[i]])
        seat = (leader + len(trick)) % 3
        partner = seat != maker and (leader + best_i) % 3 != maker
        return self.r.legal(hand, trick[0] >> 3, trick[best_i], partner)

    def card(
        self, seat: int, hand: int, legal: int, trick: tuple[int, ...], leader: int,
        maker: int, out: int, void: tuple[int, int, int],
    ) -> int:  # fmt: skip
        """The normal player's card, by table rules that count the cards: which are out,
        which are masters, who is void, whose card wins for the defenders. `out`: the
        cards this seat has not seen (not in its hand, played, on the table or laid away
        by itself); `void[k]`: a mask of the suits seat k showed it lacks in earlier
        tricks. The maker leads his master trumps while trumps are out; anyone cashes a
        master the opponents cannot trump, else leads low, never an unguarded ten.
        Following: smear points on a partner's card that holds, win a rich trick or with
        a master, else throw the cheapest card."""
        cards = bits(legal)
        if len(cards) == 1:
            return cards[0]
        t, pts, above = self.t, self.pts, self.above
        tpower = self.power[t]
        if not trick:
            trumps = [c for c in cards if c >> 3 == t]
            trumps_out = out & self.trump_mask
            if seat == maker and trumps and trumps_out:
                top = max(trumps, key=tpower.__getitem__)
                master = not out & above[top]
                if master or len(trumps) > trumps_out.bit_count():
                    return top if master else min(trumps, key=tpower.__getitem__)
            both = void[(seat + 1) % 3] | void[(seat + 2) % 3]
            opp_void = void[maker] if seat != maker else both  # the voids of the opponents
            side = [c for c in cards if c >> 3 != t]
            safe = [c for c in side if not out & above[c] and not opp_void >> (c >> 3) & 1]
            if safe:
                return max(safe, key=pts.__getitem__)
            if not side:
                return min(cards, key=tpower.__getitem__)

            def key(c: int) -> tuple[int, ...]:
                s, r = c >> 3, c & 7
                unguarded = r == TEN and not hand >> (8 * s + ACE) & 1
                return (int(unguarded), pts[c], -(hand & SUIT_MASKS[s]).bit_count(), r)

            return min(side, key=key)
        led = trick[0] >> 3
        power = self.power[led]
        best_i = max(range(len(trick)), key=lambda i: power[trick[i]])
        winner = (leader + best_i) % 3
        best = power[trick[best_i]]
        last = len(trick) == 2
        nxt = (seat + 1) % 3
        trumps_over = bool(void[nxt] >> led & 1 and out & self.trump_mask)

        def cheapest(cs: list[int]) -> int:
            return min(cs, key=lambda c: (pts[c], power[c], c >> 3 == t))

        if seat != maker and winner != maker:  # the partner's card wins
            w = trick[best_i]
            holds = last or (not out & above[w] and (w >> 3 == t or not trumps_over))
            if holds:  # give the partner points, but keep the top trumps and side aces
                smear = [c for c in cards if not self.big >> c & 1
                         and (c >> 3 == t or c & 7 != ACE)]  # fmt: skip
                return max(smear or cards, key=lambda c: (pts[c], -power[c]))
            return cheapest(cards)
        winners = [c for c in cards if power[c] > best]
        if winners:
            if last:
                return cheapest(winners)
            masters = [c for c in winners if c >> 3 == t and not out & above[c]]
            if led != t and not trumps_over:
                masters += [c for c in winners if c >> 3 == led and not out & above[c]]
            if masters:
                return max(masters, key=pts.__getitem__)
            if sum(pts[c] for c in trick) >= 10:
                return cheapest(winners)
        return cheapest(cards)

    def playout(
        self, hands: tuple[int, int, int], leader: int, maker: int, away: int,
        trick: tuple[int, ...] = (), played: int = 0, void: tuple[int, int, int] = (0, 0, 0),
        lost: bool = False,
    ) -> tuple[list[int], int]:  # fmt: skip
        """Play a deal out with the normal player's rules at every seat: (each seat's points
        from here on: cards, last trick, roem, pit; tricks the maker won from here on).
        `away`: the two cards the maker laid away (only he knows them; not counted). From
        the middle of a deal: `trick` on the table (led by `leader`, out of the hands),
        `played` the cards of the tricks before, `void` what they showed (`card`), `lost`
        whether the maker lost one of them (no pit)."""
        h = list(hands)
        points = [0, 0, 0]
        v = list(void)
        won = 0
        pts, r = self.pts, self.r
        first = played.bit_count() // 3
        for n in range(first, 10):
            for k in range(len(trick), 3):
                seat = (leader + k) % 3
                hand = h[seat]
                out = FULL_MASK & ~hand & ~played
                for c in trick:
                    out &= ~(1 << c)
                if seat == maker:
                    out &= ~away
                legal = self.legal(hand, trick, leader, maker)
                c = self.card(seat, hand, legal, trick, leader, maker, out, (v[0], v[1], v[2]))
                h[seat] = hand ^ 1 << c
                trick = (*trick, c)
            led = trick[0] >> 3
            power = self.power[led]
            best_i = max(range(3), key=lambda i: power[trick[i]])
            winner = (leader + best_i) % 3
            mask = 1 << trick[0] | 1 << trick[1] | 1 << trick[2]
            value = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + r.roem(mask)
            points[winner] += value + (LAST_TRICK if n == 9 else 0)
            won += winner == maker
            for k in (1, 2):
                if trick[k] >> 3 != led:
                    v[(leader + k) % 3] |= 1 << led
            played |= mask
            leader, trick = winner, ()
        if won == 10 - first and not lost:
            points[maker] += self.pit_bonus
        return points, won


@cache
def table(variant: KalabriaszVariant, trump: int) -> Table:
    """One `Table` per variant and trump, shared by every playout of a process."""
    return Table(variant, trump)


def seat_margin(me: int, maker: int, totals: list[int]) -> float:
    """`me`'s deal score minus the mean of the other two's, from each seat's total (the
    maker's with the laid-away points): RULES.md 3's contract, the odd point aside."""
    others = sum(totals) - totals[me]
    if 2 * totals[maker] > sum(totals):
        return totals[me] - others / 2
    pot = totals[maker] / 2  # nat: the maker 0, each defender his own and half the maker's
    if me == maker:
        return -(sum(totals) - totals[maker] + 2 * pot) / 2
    other = 3 - me - maker
    return totals[me] + pot - (totals[other] + pot) / 2
