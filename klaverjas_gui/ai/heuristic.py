"""Rule-based players: "easy" plays by simple table rules, "normal" also counts cards.

Both see only their Observation. Easy knows its own hand and the trick on the
table; normal adds what a club player tracks: which cards are gone (so which
cards are masters), who is void or out of trumps (from `Knowledge`), and
whether the partner's winning card is safe before giving it points.
"""

from __future__ import annotations

import random

from ..engine.cards import (
    ACE,
    JACK,
    KING,
    PLAIN_STRENGTH,
    POINTS,
    QUEEN,
    SUIT_MASKS,
    TEN,
    TRUMP_STRENGTH,
    Card,
)
from ..engine.match import Action, Observation, card_of, suit_of
from ..engine.play import winner_index
from ..engine.roem import roem_of
from ..engine.scoring import burden_team
from .fast import Rules, bits
from .knowledge import Knowledge
from .signalling import answer_card, opponents_asked, signal_card

# Hand evaluation per rank index 7 8 9 T J Q K A.
TRUMP_VALUE = (1.0, 1.0, 4.0, 2.0, 5.5, 1.5, 1.5, 2.5)
DEFENCE_TRUMP_VALUE = (0.3, 0.3, 3.0, 1.5, 4.0, 0.5, 0.5, 2.0)


def strength(card: Card, trump: int) -> int:
    """Rank strength within its own suit, trump order for trumps."""
    if card.suit_index == trump:
        return TRUMP_STRENGTH[card.rank_index]
    return PLAIN_STRENGTH[card.rank_index]


def suit_value(hand: tuple[Card, ...], s: int) -> float:
    """How good `hand` is with suit `s` as trump, in rough "tricks and points" units."""
    v = 0.0
    trumps = [c for c in hand if c.suit_index == s]
    ranks = {c.rank_index for c in trumps}
    for r in ranks:
        v += TRUMP_VALUE[r]
    v += max(0, len(trumps) - 3) * 1.2
    if KING in ranks and QUEEN in ranks:
        v += 1.0  # stuk
    for other in range(4):
        if other == s:
            continue
        side = {c.rank_index for c in hand if c.suit_index == other}
        if ACE in side:
            v += 2.0
            if TEN in side:
                v += 1.0
        elif TEN in side and len(side) >= 2:
            v += 0.5
        if not side and len(trumps) >= 3:
            v += 0.7
    return v


def _trump_byte(b: int) -> float:
    ranks = [r for r in range(8) if b >> r & 1]
    v = sum(TRUMP_VALUE[r] for r in ranks) + max(0, len(ranks) - 3) * 1.2
    return v + (1.0 if b >> KING & 1 and b >> QUEEN & 1 else 0.0)


def _side_byte(b: int) -> float:
    if b >> ACE & 1:
        return 3.0 if b >> TEN & 1 else 2.0
    return 0.5 if b >> TEN & 1 and b.bit_count() >= 2 else 0.0


# suit_value by tables over one suit's rank byte, for the hard player's thousands of hands.
_TRUMP_BYTE = tuple(_trump_byte(b) for b in range(256))
_SIDE_BYTE = tuple(_side_byte(b) for b in range(256))


def suit_values(mask: int) -> tuple[float, float, float, float]:
    """`suit_value` of the hand given as a card mask, for each suit as trump."""
    b = (mask & 255, mask >> 8 & 255, mask >> 16 & 255, mask >> 24)
    side = [_SIDE_BYTE[x] for x in b]
    total = sum(side)
    empty = b.count(0)
    out = []
    for s in range(4):
        v = _TRUMP_BYTE[b[s]] + total - side[s]
        if b[s].bit_count() >= 3:
            v += 0.7 * empty
        out.append(v)
    return (out[0], out[1], out[2], out[3])


def defence_value(hand: tuple[Card, ...], trump: int) -> float:
    """How well `hand` defends against trump `trump` (for kraak)."""
    v = 0.0
    for c in hand:
        if c.suit_index == trump:
            v += DEFENCE_TRUMP_VALUE[c.rank_index]
        elif c.rank_index == ACE:
            v += 1.5
        elif c.rank_index == TEN:
            v += 0.5
    return v


class HeuristicPlayer:
    """Easy (counting=False) or normal (counting=True) rule-based player."""

    def __init__(self, seed: int | None = None, *, counting: bool = False) -> None:
        self.rng = random.Random(seed)
        self.counting = counting
        self.name = "normal" if counting else "easy"
        self.name_threshold = 12.0 if counting else 12.5
        self.cost_scale = 1.5
        # The convention's halves, as `HardPlayer` (normal only: easy neither sends nor reads).
        self.send_signals = True
        self.read_partner = True
        self.read_opponents = True

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bidding":
            return self.bid(obs)
        if obs.phase == "kraak":
            return self.kraak(obs)
        if obs.phase == "claim":
            return claim_decision(obs)
        return self.play(obs)

    # --- trump ---
    def bid(self, obs: Observation) -> Action:
        legal = obs.legal
        kinds = {a.kind for a in legal}
        threshold = self.name_threshold
        if self.counting and obs.seat == obs.dealer:
            threshold -= 1.0  # last to speak: a pass gives the deal away to first hand's choice
        if "take" in kinds:
            assert obs.proposed is not None  # "take" is offered on the proposed card only
            s = obs.proposed.suit_index
            return legal[0] if suit_value(obs.hand, s) >= threshold else _find(legal, "pass")
        names = [a for a in legal if a.kind == "name"]
        best = max(names, key=lambda a: suit_value(obs.hand, suit_of(a).index))
        if "pass" in kinds and suit_value(obs.hand, suit_of(best).index) < threshold:
            return _find(legal, "pass")
        return best

    def kraak(self, obs: Observation) -> Action:
        t = obs.trump_index
        defence = obs.seat % 2 != obs.chooser_team
        if defence:
            v = defence_value(obs.hand, t)
            need = 9.0 if obs.kraak_level == 0 else 12.0
        else:
            v = suit_value(obs.hand, t)
            need = 17.0
        if not self.counting:
            need += 1.5
        return _find(obs.legal, "kraak") if v >= need else _find(obs.legal, "pass")

    # --- cards ---
    def play(self, obs: Observation) -> Action:
        t = obs.trump_index
        cards = [card_of(a) for a in obs.legal]  # in the play phase, every legal action is a card
        know = None
        if self.counting:
            know = Knowledge.from_observation(obs, self.read_opponents, self.read_partner)
        if not obs.trick:
            card = self.lead(obs, cards, t, know)
            if know is not None and self.read_partner:  # easy neither reads nor signals
                card = answer_card(obs, know, card) or card
        elif know is not None:
            thrown = signal_card(obs) if self.send_signals else None
            card = thrown or self.follow_counting(obs, cards, t, know)
        else:
            card = self.follow(obs, cards, t)
        return next(a for a in obs.legal if a.card is card)

    def lead(self, obs: Observation, cards: list[Card], t: int, know: Knowledge | None) -> Card:
        me = obs.seat
        choosers = obs.chooser is not None and obs.chooser % 2 == me % 2
        trumps = [c for c in cards if c.suit_index == t]
        plain = [c for c in cards if c.suit_index != t]
        if know is None:
            if choosers and any(c.rank_index == JACK for c in trumps):  # pull trumps
                return max(trumps, key=lambda c: strength(c, t))
            aces = [c for c in plain if c.rank_index == ACE]
            if aces:
                return aces[0]
            if plain:
                longest = max(range(4), key=lambda s: sum(c.suit_index == s for c in plain))
                suit = [c for c in plain if c.suit_index == longest]
                return min(suit, key=lambda c: (POINTS[t][c.index], strength(c, t)))
            return min(trumps, key=lambda c: strength(c, t))
        out = know.hidden  # unplayed cards we do not hold
        opps = ((me + 1) % 4, (me + 3) % 4)
        partner = (me + 2) % 4
        opp_trumps = any(know.allowed[q] & SUIT_MASKS[t] for q in opps)
        # Choosers pull trumps while the opponents may still have some and we hold the master.
        if trumps and opp_trumps and choosers:
            top = max(trumps, key=lambda c: strength(c, t))
            if _is_master(top, t, out):
                return top
        masters = [c for c in plain if _is_master(c, t, out)]
        safe = [
            c
            for c in masters
            if not any(know.void(q, c.suit_index) and know.allowed[q] & SUIT_MASKS[t] for q in opps)
        ]
        if safe:
            return max(safe, key=lambda c: POINTS[t][c.index])
        # Let the partner ruff: a low card of a suit the partner lacks (and he has trumps).
        for c in sorted(plain, key=lambda c: POINTS[t][c.index]):
            if (
                know.void(partner, c.suit_index)
                and know.allowed[partner] & SUIT_MASKS[t]
                and not any(know.void(q, c.suit_index) for q in opps)
                and POINTS[t][c.index] <= 4
            ):
                return c
        if plain:
            # A low card from a suit where the opponents still follow, never a bare ten.
            # An opponent signalled he holds the best card of these suits.
            theirs = opponents_asked(obs) if self.read_opponents else set()

            def key(c: Card) -> tuple[bool, bool, bool, int, int, int]:
                same = [x for x in plain if x.suit_index == c.suit_index]
                bare_ten = c.rank_index == TEN and len(same) == 1
                ruffed = any(know.void(q, c.suit_index) for q in opps) and opp_trumps
                asked = c.suit_index in theirs
                return (bare_ten, ruffed, asked, POINTS[t][c.index], -len(same), strength(c, t))

            return min(plain, key=key)
        return min(trumps, key=lambda c: strength(c, t))

    def follow_counting(self, obs: Observation, cards: list[Card], t: int, know: Knowledge) -> Card:
        """Score every legal card: the trick's points and roem, times how likely the trick
        is ours after it (certain when last; else whether a later opponent may still beat
        the winning card), minus what the card is worth kept for later."""
        me = obs.seat
        trick = list(obs.trick)
        n = len(trick)
        led = trick[0].suit_index
        pts = POINTS[t]
        base = sum(pts[c.index] for c in trick)
        nxt, partner = (me + 1) % 4, (me + 2) % 4

        def value(c: Card) -> float:
            new = [*trick, c]
            w = winner_index(t, new)
            ours = w == n or w == n - 2
            if n == 3:
                p = 1.0 if ours else 0.0
            elif ours:
                p = 0.3 if _can_beat(nxt, new[w], led, t, know) else 0.95
            elif n == 1 and _can_beat(partner, new[w], led, t, know):
                p = 0.4
            else:
                p = 0.0
            roem = roem_of(obs.variant, t, new) if len(new) >= 3 else 0
            return (2 * p - 1) * (base + pts[c.index] + roem) - self.cost_scale * _card_cost(
                c, t, know.hidden
            )

        return max(cards, key=lambda c: (value(c), -c.index))

    def follow(self, obs: Observation, cards: list[Card], t: int) -> Card:
        """Easy's table rules: smear onto a partner holding the trick with an ace or the
        trump jack, win a trick worth winning with the cheapest sure card, else play low."""
        trick = list(obs.trick)
        n = len(trick)
        w = winner_index(t, trick)
        partner_wins = n >= 2 and w == n - 2
        pts = POINTS[t]
        trick_points = sum(pts[c.index] for c in trick)
        last = n == 3
        led = trick[0].suit_index

        def power(c: Card) -> int:
            if c.suit_index == t:
                return 16 + TRUMP_STRENGTH[c.rank_index]
            if c.suit_index == led:
                return 8 + PLAIN_STRENGTH[c.rank_index]
            return 0

        best = power(trick[w])
        winners = [c for c in cards if power(c) > best]
        cheap = sorted(cards, key=lambda c: (c.suit_index == t, pts[c.index], power(c)))

        def smear() -> Card:
            """Give points to the partner, but keep trumps."""
            plain = [c for c in cards if c.suit_index != t] or cards
            return max(plain, key=lambda c: (pts[c.index], -power(c)))

        if partner_wins:
            top = trick[w]
            safe = (
                last
                or (top.rank_index == ACE and top.suit_index != t)
                or (top.suit_index == t and top.rank_index == JACK)
            )
            if safe:
                plain_smear = smear()
                if plain_smear.suit_index != t or all(c.suit_index == t for c in cards):
                    return plain_smear
            return cheap[0]
        if winners:
            holding = [c for c in winners if last or (c.rank_index == ACE and c.suit_index != t)]
            if holding:
                pick = max(holding, key=lambda c: (pts[c.index] if c.suit_index != t else 0,
                                                   -power(c)))  # fmt: skip
                if trick_points + pts[pick.index] >= 10 or last or pick.suit_index != t:
                    return pick
            if trick_points >= 10 and not last:
                return min(winners, key=power)
            if last and trick_points > 0:
                return min(winners, key=lambda c: (c.suit_index == t, power(c)))
        return cheap[0]


def _card_cost(card: Card, t: int, out: int) -> float:
    """What a card is still worth in hand: trumps by strength, masters by their points."""
    if card.suit_index == t:
        return 4.0 + 3.0 * TRUMP_STRENGTH[card.rank_index]
    if _is_master(card, t, out):
        return 0.5 * POINTS[t][card.index]
    return 0.0


def _find(legal: tuple[Action, ...], kind: str) -> Action:
    return next(a for a in legal if a.kind == kind)


def _is_master(card: Card, t: int, out: int) -> bool:
    """No unplayed card in other hands of this suit beats it."""
    s = card.suit_index
    mine = strength(card, t)
    table = TRUMP_STRENGTH if s == t else PLAIN_STRENGTH
    return not any(table[c & 7] > mine for c in bits(out & SUIT_MASKS[s]))


def _can_beat(q: int, card: Card, led: int, t: int, know: Knowledge) -> bool:
    """Whether seat q may hold a card that beats `card` in a trick led with `led`."""
    may = know.allowed[q]
    s = card.suit_index
    if s == t:
        return any(TRUMP_STRENGTH[c & 7] > TRUMP_STRENGTH[card.rank_index]
                   for c in bits(may & SUIT_MASKS[t]))  # fmt: skip
    if may & SUIT_MASKS[led]:
        higher = any(PLAIN_STRENGTH[c & 7] > PLAIN_STRENGTH[card.rank_index]
                     for c in bits(may & SUIT_MASKS[s]))  # fmt: skip
        return higher
    return bool(may & SUIT_MASKS[t])


def claim_decision(obs: Observation) -> Action:
    """Claim roem (must_claim: always; it never hurts). keep_or_leave: leave our roem only
    when we carry the burden and cannot make it any more, since on nat the other team
    would score our roem too."""
    claim, leave = _find(obs.legal, "claim"), _find(obs.legal, "pass")
    if obs.variant.roem_claim != "keep_or_leave" or obs.chooser is None:
        return claim
    t = obs.trump_index
    m = 2**obs.kraak_level
    rf = m if obs.variant.kraken_doubles_roem else 1
    me = obs.seat % 2
    if burden_team(obs.chooser % 2, obs.kraak_level) != me:
        return claim
    pts = [0, 0]
    won = [0, 0]
    seen = 0
    for i, (leader, cards) in enumerate(obs.tricks):
        team = (leader + winner_index(t, cards)) % 2
        won[team] += 1
        pts[team] += sum(POINTS[t][c.index] for c in cards) * m + (10 * m if i == 7 else 0)
        roem = roem_of(obs.variant, t, cards) * rf
        if i in obs.claimed or i == len(obs.tricks) - 1 and team == me:
            pts[team] += roem
        for c in cards:
            seen |= c.bit
    rules = Rules(obs.variant, t, m)
    pit = obs.variant.pit_bonus if not won[1 - me] else 0
    best_case = pts[me] + rules.bound(((1 << 32) - 1) & ~seen) + pit
    return leave if best_case <= pts[1 - me] else claim
