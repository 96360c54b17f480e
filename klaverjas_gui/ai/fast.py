"""A fast bit-mask view of the play rules for search, compiled once per (variant, trump).

The engine's `obligation` stays the one source of the rules; this module mirrors
it on plain integers because the solver asks it millions of times and must not
build `Card` lists. `tests/test_ai_solver.py` proves the two agree on thousands
of random positions for every variant option. Roem is not mirrored at all: it is
the engine's `roem_of`, memoised per trick mask (roem depends only on the four
cards).
"""

from __future__ import annotations

from functools import cache

from ..engine.cards import (
    CARD_BY_INDEX,
    KING,
    PLAIN_STRENGTH,
    POINTS,
    POWER,
    QUEEN,
    SUIT_MASKS,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    cards_of,
)
from ..engine.play import HIGHER
from ..engine.roem import CARRE_VALUES, roem_of
from ..engine.variant import Variant

LAST_TRICK = 10


# _Bk[byte]: the card indices of `byte` read as suit k's byte of a 32-card mask.
_B0, _B1, _B2, _B3 = (
    tuple(tuple(8 * k + r for r in range(8) if b >> r & 1) for b in range(256)) for k in range(4)
)


def bits(mask: int) -> list[int]:
    """Card indices of a mask of the 32 cards, lowest first (a table per suit byte: the
    search and the playouts ask this hundreds of thousands of times per decision)."""
    return [*_B0[mask & 255], *_B1[mask >> 8 & 255], *_B2[mask >> 16 & 255], *_B3[mask >> 24]]


class Rules:
    """Tables and the legality test for one variant with one trump suit.

    `legal(hand, led, win_card, partner_winning)` answers for a follower: `led`
    is the suit index of the first card, `win_card` the index of the card winning
    the trick so far (when it is a trump it is the best trump in the trick, since
    any trump beats every other card). Leading is always free.
    """

    def __init__(self, variant: Variant, trump: int, multiplier: int = 1) -> None:
        self.variant = variant
        self.trump = trump
        self.multiplier = multiplier
        self.roem_factor = multiplier if variant.kraken_doubles_roem else 1
        self.trump_mask = SUIT_MASKS[trump]
        self.higher = HIGHER[trump]
        self.must_overtrump = variant.must_overtrump
        self.ruff = variant.must_ruff
        self.undertrump_forced = variant.undertrump == "forced"
        # power[led][card]: strength in a trick led with suit `led` (0: cannot win).
        self.power = tuple(POWER[trump * 4 + led] for led in range(4))
        self.last = LAST_TRICK * multiplier
        self.roem_cache: dict[int, int] = {}
        self.roem_on = variant.roem_enabled
        # The tables below depend on the trump (and the multiplier) only: built once per
        # process and shared read-only, as a hard player makes a Rules per deal and a solver.
        self.strength, self.top, self.between = _trump_tables(trump)
        self.points, self.suit_points = _point_tables(trump, multiplier)
        self.roem_partners = _roem_partners(trump, variant.carre_values)
        # roem_bound[byte]: most sequence roem one suit's remaining cards can still make.
        self.seq_bound = SEQUENCE_BOUND if self.roem_on else (0,) * 256
        self.carre = CARRE_VALUES[variant.carre_values] if self.roem_on else (0,) * 8
        self.stuk = ((1 << QUEEN | 1 << KING) << (8 * trump)) if self.roem_on else 0
        self.sure = sure_trump_points(multiplier)

    def bound(self, rem: int) -> int:
        """Upper bound on card points, last trick and roem still to be won in `rem`."""
        sb = self.seq_bound
        sp = self.suit_points
        b0, b1, b2, b3 = rem & 255, rem >> 8 & 255, rem >> 16 & 255, rem >> 24
        total = sp[0][b0] + sp[1][b1] + sp[2][b2] + sp[3][b3] + self.last
        if self.roem_on:
            roem = sb[b0] + sb[b1] + sb[b2] + sb[b3]
            if rem & self.stuk == self.stuk:
                roem += 20
            common = b0 & b1 & b2 & b3
            while common:
                low = common & -common
                roem += self.carre[low.bit_length() - 1]
                common ^= low
            total += roem * self.roem_factor
        return total

    def legal(self, hand: int, led: int, win_card: int, partner_winning: bool) -> int:
        """Mirror of engine.play.obligation for a follower (see the class docstring)."""
        t = self.trump
        follow = hand & SUIT_MASKS[led]
        if led == t:
            if not follow:
                return hand
            if self.must_overtrump:
                higher = follow & self.higher[win_card & 7]
                if higher:
                    return higher
            return follow
        if follow:
            return follow
        trumps = hand & self.trump_mask
        ruff = self.ruff
        if not trumps:
            return hand
        best_is_trump = win_card >> 3 == t
        higher = trumps & self.higher[win_card & 7] if best_is_trump else trumps
        if ruff == "never" or (ruff == "opponent" and partner_winning):  # voluntary trump
            if best_is_trump and self.must_overtrump and (higher or not self.undertrump_forced):
                return hand & ~(trumps & ~higher) or hand
            return hand
        if not best_is_trump or not self.must_overtrump:
            return trumps
        if higher:
            return higher
        if self.undertrump_forced:
            return trumps
        return (hand & ~trumps) or trumps

    def roem(self, trick_mask: int) -> int:
        """Roem of a (complete) trick given as a mask, scaled by the roem factor."""
        if not self.roem_on:
            return 0
        value = self.roem_cache.get(trick_mask)
        if value is None:
            value = roem_of(self.variant, self.trump, cards_of(trick_mask)) * self.roem_factor
            self.roem_cache[trick_mask] = value
        return value

    def mask_points(self, mask: int) -> int:
        sp = self.suit_points
        return (
            sp[0][mask & 255] + sp[1][mask >> 8 & 255] + sp[2][mask >> 16 & 255] + sp[3][mask >> 24]
        )


@cache
def _trump_tables(trump: int) -> tuple[tuple[int, ...], tuple, dict[tuple[int, int], int]]:
    """(strength, top, between) for this trump: strength[card] is its rank strength within
    its own suit (trump or plain order); top[s][byte] the strongest card of suit s among
    those in `byte` (-1: none); between[a, b] the cards of one suit strictly between a and
    b in strength."""
    strength = tuple(
        (TRUMP_STRENGTH if c.suit_index == trump else PLAIN_STRENGTH)[c.rank_index]
        for c in CARD_BY_INDEX
    )
    top = tuple(
        tuple(
            max((s * 8 + r for r in range(8) if b >> r & 1), key=strength.__getitem__, default=-1)
            for b in range(256)
        )
        for s in range(4)
    )
    between: dict[tuple[int, int], int] = {}
    for s in range(4):
        for a in range(s * 8, s * 8 + 8):
            for b in range(s * 8, s * 8 + 8):
                lo, hi = sorted((strength[a], strength[b]))
                between[a, b] = sum(
                    1 << c for c in range(s * 8, s * 8 + 8) if lo < strength[c] < hi
                )
    return strength, top, between


@cache
def _point_tables(trump: int, multiplier: int) -> tuple[tuple[int, ...], tuple]:
    """(points, suit_points): card points scaled by the multiplier, and suit_points[s][byte]
    the points of those cards of suit s."""
    points = tuple(p * multiplier for p in POINTS[trump])
    suit_points = tuple(
        tuple(sum(points[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256))
        for s in range(4)
    )
    return points, suit_points


@cache
def _roem_partners(trump: int, carre_values: str) -> tuple[tuple[int, ...], ...]:
    """For every card c, masks of card sets that would make roem together with c in one
    trick."""
    carre = CARRE_VALUES[carre_values]

    def partners(c: int) -> tuple[int, ...]:
        s, r = divmod(c, 8)
        out = []
        for lo in range(max(0, r - 2), min(r, 5) + 1):  # runs of three containing r
            out.append(sum(1 << (s * 8 + k) for k in range(lo, lo + 3) if k != r))
        if s == trump and r in (QUEEN, KING):  # stuk: K and Q of trump
            out.append(1 << (s * 8 + (QUEEN + KING - r)))
        if carre[r]:
            out.append(sum(1 << (k * 8 + r) for k in range(4) if k != s))
        return tuple(out)

    return tuple(partners(c) for c in range(32))


_SURE: dict[int, tuple[int, ...]] = {}


def sure_trump_points(multiplier: int) -> tuple[int, ...]:
    """sure[left << 8 | team0]: trump points each team is certain to take, packed as
    team 0's plus team 1's << 16, given the trump ranks still out (`left`, a rank byte)
    and those team 0 holds.

    The highest trump left wins whatever trick it falls in, and so does each next one
    while the same team holds the run; a team holding every trump left wins them all.
    These are the solver's cheap bounds: a team can never end below its sure points."""
    table = _SURE.get(multiplier)
    if table is None:
        order = sorted(range(8), key=lambda r: -TRUMP_STRENGTH[r])
        pts = [TRUMP_POINTS[r] * multiplier for r in range(8)]
        out = [0] * 65536
        for left in range(256):
            team0 = left
            while True:  # every subset of `left`
                sure = [0, 0]
                if left and team0 in (0, left):  # one team holds every trump left
                    sure[0 if team0 else 1] = sum(pts[r] for r in range(8) if left >> r & 1)
                else:
                    owner = -1
                    for r in order:
                        if left >> r & 1:
                            team = 0 if team0 >> r & 1 else 1
                            if owner not in (-1, team):
                                break
                            owner = team
                            sure[team] += pts[r]
                out[left << 8 | team0] = sure[0] | sure[1] << 16
                if not team0:
                    break
                team0 = (team0 - 1) & left
        table = _SURE[multiplier] = tuple(out)
    return table


# --- fast open-hand playouts (the hard player's estimates, the solver's first guess) ---
def close_trick(
    rules: Rules, hands: list[int], leader: int, trick: list[int], acc: list
) -> tuple[int, list[int]]:
    """Close the trick if it is complete: returns the next leader and trick."""
    if len(trick) < 4:
        return leader, trick
    power = rules.power[trick[0] >> 3]
    w = max(range(4), key=lambda i: power[trick[i]])
    team = (leader + w) % 2
    mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
    acc[team] += rules.mask_points(mask) + (rules.last if not any(hands) else 0)
    acc[2 + team] += rules.roem(mask)
    acc[4 + team] += 1
    return (leader + w) % 4, []


def greedy_card(rules: Rules, hands: list[int], p: int, trick: list[int], choosers: int) -> int:
    """An open-hand rule of thumb: cash masters (choosers pull trumps), give points to a
    partner who holds the trick, win with the cheapest card the next opponent cannot beat,
    else play the cheapest card; trumps are spent reluctantly."""
    h = hands[p]
    if not trick:
        return _lead_card(rules, h, hands[0] | hands[1] | hands[2] | hands[3], p & 1 == choosers)
    led = trick[0] >> 3
    pw = rules.power[led]
    w = max(range(len(trick)), key=lambda i: pw[trick[i]])
    n = len(trick)
    partner = n >= 2 and w == n - 2
    threat = _threat(rules, hands[(p + 1) & 3], led, pw) if n < 3 else 0
    lm = rules.legal(h, led, trick[w], partner)
    return _follow_card(rules, lm, pw, pw[trick[w]], threat, partner)


def _lead_card(rules: Rules, h: int, rem: int, choosers: bool) -> int:
    """`greedy_card`'s lead from `h`, `rem` the cards not yet played."""
    points, strength, top, t = rules.points, rules.strength, rules.top, rules.trump
    best_k, best_c = -1 << 30, -1
    for c in bits(h):
        s = c >> 3
        if top[s][rem >> (s << 3) & 255] != c:
            k = -points[c] - (20 + 3 * strength[c] if s == t else 0)
        elif s != t:
            k = 100 + points[c]
        else:
            k = 130 + points[c] if choosers else 60
        if k > best_k:
            best_k, best_c = k, c
    return best_c


def _threat(rules: Rules, ob: int, led: int, pw: tuple[int, ...]) -> int:
    """The power of the best card the next player (hand `ob`) can put on the trick."""
    f = ob & SUIT_MASKS[led] or ob & rules.trump_mask
    if not f:
        return 0
    s = f.bit_length() - 1 >> 3
    return pw[rules.top[s][f >> (s << 3) & 255]]


def _follow_card(
    rules: Rules, lm: int, pw: tuple[int, ...], wpow: int, threat: int, partner: bool
) -> int:
    """`greedy_card`'s answer among the legal cards `lm` to a trick won at power `wpow`."""
    points, strength, t = rules.points, rules.strength, rules.trump
    best_k, best_c = -1 << 30, -1
    for c in bits(lm):
        cp = pw[c]
        is_trump = c >> 3 == t
        spend = 15 + 3 * strength[c] if is_trump else 0
        if cp > wpow:
            if cp > threat:
                k = 100 - 3 * strength[c] if is_trump else 100 + points[c]
            else:
                k = 50 - points[c] - spend
        elif partner and wpow > threat:
            k = 100 + points[c] - spend
        else:
            k = -points[c] - spend
        if k > best_k:
            best_k, best_c = k, c
    return best_c


def playout(
    rules: Rules, hands: list[int], leader: int, trick: list[int], acc: list, choosers: int
) -> None:
    """Play the deal to its end with `greedy_card` for all four seats (hands are open).

    The hard player's estimates are mostly these playouts, so the trick's winner and the
    cards left are kept as the trick grows, not found again for every card as
    `greedy_card` must (the same cards: a test plays both side by side)."""
    power, legal = rules.power, rules.legal
    rem = hands[0] | hands[1] | hands[2] | hands[3]
    n = len(trick)
    if n:
        led = trick[0] >> 3
        pw = power[led]
        w = max(range(n), key=lambda i: pw[trick[i]])
        wcard, wpow, tmask = trick[w], pw[trick[w]], sum(1 << c for c in trick)
    while rem:
        p = (leader + n) & 3
        h = hands[p]
        if not n:
            c = _lead_card(rules, h, rem, p & 1 == choosers)
            led = c >> 3
            pw = power[led]
            w, wcard, wpow, tmask = 0, c, pw[c], 1 << c
        else:
            partner = n >= 2 and w == n - 2
            threat = _threat(rules, hands[(p + 1) & 3], led, pw) if n < 3 else 0
            c = _follow_card(rules, legal(h, led, wcard, partner), pw, wpow, threat, partner)
            if pw[c] > wpow:
                w, wcard, wpow = n, c, pw[c]
            tmask |= 1 << c
        hands[p] = h ^ 1 << c
        rem ^= 1 << c
        trick.append(c)
        n += 1
        if n == 4:
            team = (leader + w) & 1
            acc[team] += rules.mask_points(tmask) + (0 if rem else rules.last)
            acc[2 + team] += rules.roem(tmask)
            acc[4 + team] += 1
            leader, trick, n = (leader + w) & 3, [], 0


def _sequence_bound(byte: int) -> int:
    """Best total of disjoint runs of 3 (20) or 4 (50) consecutive cards in one suit."""
    best = [0] * 9  # best[i]: using ranks below i
    for i in range(1, 9):
        best[i] = best[i - 1]
        for length, value in ((3, 20), (4, 50)):
            lo = i - length
            if lo >= 0 and all(byte >> k & 1 for k in range(lo, i)):
                best[i] = max(best[i], best[lo] + value)
    return best[8]


SEQUENCE_BOUND = tuple(_sequence_bound(b) for b in range(256))
