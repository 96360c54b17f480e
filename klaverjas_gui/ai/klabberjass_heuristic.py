"""Rule-based Klabberjass play: the "easy" player, and the rules the stronger levels share.

Both bid from a hand evaluation (`trump_value`): trump honours by their power,
side aces and guarded tens, sequences and bella. "Easy" is a cautious beginner who
makes trump only with a clearly strong hand and slips in play (half its card decisions
by a newcomer's rule, `beginner_card`); the careful rules (counting=True, used
by "normal" for its bidding and by "hard" to simulate the rest of a bidding) ask
a little less of a hand, schmeiss a borderline hand, refuse a schmeiss when their
own trumps make the schmeisser likely to fail, and in play know which cards are
out, which are masters and where the opponent is void.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import ACE, KING, QUEEN, SEVEN, SUIT_MASKS, TEN, Card
from ..engine.klabberjass import KlabberjassObservation
from ..engine.klabberjass_rules import declaration_points
from ..engine.match import Action, card_of, suit_of
from .fast import bits
from .klabberjass_fast import TwoRules
from .klabberjass_knowledge import TRUMP_WORTH, KlabberjassKnowledge

TAKE_AT = 5.2  # a six-card hand worth this much (three more cards to come) makes trump
# The easy player is a beginner, the level newcomers start on (as four-player easy is):
# it makes trump only with a clearly strong hand and leaves the rest to the opponent
# (passing with a playable hand gives the opponent the choice), and at the rate
# EASY_SLIPS a card decision is made by a simpler rule (`beginner_card`) instead of the
# table rules. Against normal with 20 worlds (1,000 pairs, benchmarks/kj_ladder.py):
# caution 1.5 without slips +11.0; slips 0.3: +16.7; caution 2.0 and slips 0.4: +20.0,
# 0.5: +21.6 (about a third of its cards then differ from the table rules'); against the
# shipped normal +16.3 and hard +25.9 (README).
EASY_CAUTION = 2.0
EASY_SLIPS = 0.5
SLIP_ANY = 0.25  # the share of slips that are any card it may play, without a thought
SCHMEISS_BAND = 0.8  # "normal" schmeisses a hand this close below TAKE_AT


def trump_value(
    hand: Sequence[Card], trump: int, turned: Card | None = None, belote: bool = False
) -> float:
    """How good `hand` is with `trump` as trump: trump honours, side aces and tens,
    bonuses (with `belote`, a four of a kind too). `turned` counts when the hand holds
    the 7 of trump (a dix gains it)."""
    v = 0.0
    suits: dict[int, list[int]] = {}
    for c in hand:
        suits.setdefault(c.suit_index, []).append(c.rank_index)
    trumps = suits.get(trump, [])
    v += sum(TRUMP_WORTH[r] for r in trumps) + 0.35 * max(0, len(trumps) - 2)
    for s, ranks in suits.items():
        if s == trump:
            continue
        if ACE in ranks:
            v += 1.1
        if TEN in ranks:
            v += 0.7 if (ACE in ranks or len(ranks) >= 2) else 0.25
    if QUEEN in trumps and KING in trumps:
        v += 0.7  # bella
    v += sum(declaration_points(hand, belote)) / 40
    if turned is not None and SEVEN in trumps and turned.suit_index == trump:
        v += TRUMP_WORTH[turned.rank_index]
    return v


def _find(legal: Sequence[Action], kind: str) -> Action | None:
    return next((a for a in legal if a.kind == kind), None)


class KlabberjassHeuristic:
    """The "easy" (counting=False) and "normal" (counting=True) players."""

    def __init__(
        self, seed: int | None = None, *, counting: bool = False, slips: float = 0.0
    ) -> None:
        self.rng = random.Random(seed)
        self.counting = counting
        self.slips = slips  # the share of card decisions made by `beginner_card`
        self.name = "normal" if counting else "easy"

    def choose(self, obs: KlabberjassObservation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "play":
            return self.play(obs)
        if obs.phase == "bidding":
            return self.bid(obs)
        if obs.phase == "schmeiss":
            return self.answer(obs)
        if obs.phase == "dix":
            return dix_choice(obs)
        return _find(legal, "declare") or legal[0]  # declaring scores; silence rarely pays

    # --- bidding ---
    def bid(self, obs: KlabberjassObservation) -> Action:
        return bid_choice(obs.hand, obs.proposed, obs.bid_round, obs.legal,
                          obs.seat == obs.dealer, self.counting, 0.0,
                          obs.variant.declarations == "belote")  # fmt: skip

    def answer(self, obs: KlabberjassObservation) -> Action:
        """Refuse (the schmeisser must play) when our own trumps should beat him."""
        return answer_choice(obs.hand, obs.proposed, obs.legal, self.counting)

    # --- play ---
    def play(self, obs: KlabberjassObservation) -> Action:
        t = obs.trump_index
        r = TwoRules(t)
        hand = sum(c.bit for c in obs.hand)
        legal = sum(card_of(a).bit for a in obs.legal)
        if self.slips and self.rng.random() < self.slips:  # a beginner's slip
            card = beginner_card(r, legal, self.rng)
            return next(a for a in obs.legal if card_of(a).index == card)
        know = KlabberjassKnowledge.from_observation(obs) if self.counting else None
        out = know.hidden if know else _unseen_rough(obs, hand)
        opp = know.allowed if know else out
        led = obs.trick[0].index if obs.trick else -1
        card = lead_card(r, hand, opp, obs.maker == obs.seat) if led < 0 else follow_card(
            r, legal, led, opp, len(obs.hand) == 1
        )  # fmt: skip
        return next(a for a in obs.legal if card_of(a).index == card)


def bid_choice(
    hand: Sequence[Card], proposed: Card, bid_round: int, legal: Sequence[Action],
    dealer: bool, careful: bool, bolder: float = 0.0, belote: bool = False,
) -> Action:  # fmt: skip
    """Take or name the best suit when the hand is worth it; "careful" also schmeisses.
    `bolder` lowers the value asked of a hand (the hard player's own later bids); with
    `belote` a four of a kind counts as the declaration it is."""
    take_at = TAKE_AT + (0.3 if careful else EASY_CAUTION) - bolder
    take_at -= 0.3 if dealer and bid_round == 2 else 0.0
    p = proposed.suit_index
    if bid_round == 1:
        v = trump_value(hand, p, proposed, belote)
        choice = _find(legal, "take") if v >= take_at else None
    else:
        names = [a for a in legal if a.kind == "name"]
        best = max(names, key=lambda a: trump_value(hand, suit_of(a).index))
        v = trump_value(hand, suit_of(best).index, None, belote)
        choice = best if v >= take_at else None
        v = trump_value(hand, p, proposed, belote)  # a schmeiss plays the proposed suit
    if choice is None and careful and take_at - SCHMEISS_BAND <= v < take_at:
        choice = _find(legal, "schmeiss")
    return choice or _find(legal, "pass") or legal[0]


def answer_choice(
    hand: Sequence[Card], proposed: Card, legal: Sequence[Action], careful: bool
) -> Action:
    """Accept (redeal) unless our trumps in the proposed suit should make him fail."""
    mine = trump_value(hand, proposed.suit_index)
    refuse = mine >= (2.6 if careful else 3.5)
    return _find(legal, "refuse" if refuse else "accept") or legal[0]


def dix_choice(obs: KlabberjassObservation) -> Action:
    """Make the dix whenever it is allowed: it is allowed only when the turned card is a
    trump (RULES.md 2), and every trump beats the 7 it replaces."""
    return _find(obs.legal, "dix") or _find(obs.legal, "pass") or obs.legal[0]


def _unseen_rough(obs: KlabberjassObservation, hand: int) -> int:
    """What an easy player treats as out: every card not in hand and not on the table now."""
    on_table = sum(c.bit for c in obs.trick) | obs.turned.bit
    return ((1 << 32) - 1) & ~hand & ~on_table


def _masters(r: TwoRules, cards: int, out: int) -> int:
    """Cards of `cards` that no card in `out` of the same suit beats."""
    m = 0
    for c in bits(cards):
        s = c >> 3
        if not any(r.strength[o] > r.strength[c] for o in bits(out & SUIT_MASKS[s])):
            m |= 1 << c
    return m


def lead_card(r: TwoRules, hand: int, opp: int, maker: bool) -> int:
    """Draw trumps as maker with the top trump; cash masters; else lead low from length."""
    t, pts = r.trump, r.points
    trumps = hand & r.trump_mask
    masters = _masters(r, hand, opp)
    opp_trumps = opp & r.trump_mask
    if maker and trumps & masters and opp_trumps:
        return max(bits(trumps & masters), key=lambda c: r.strength[c])
    side_masters = [c for c in bits(masters & ~r.trump_mask) if not (opp_trumps and _void(opp, c))]
    if side_masters:
        return max(side_masters, key=lambda c: pts[c])
    side = bits(hand & ~r.trump_mask) or bits(hand)
    lengths = {s: (hand & SUIT_MASKS[s]).bit_count() for s in range(4)}

    def key(c: int) -> tuple[bool, bool, int, int, int]:
        unguarded_ten = (c & 7) == TEN and not hand & (1 << ((c & ~7) | ACE))
        return (unguarded_ten, pts[c] >= 10, -lengths[c >> 3] if c >> 3 != t else 0, pts[c],
                r.strength[c])  # fmt: skip

    return min(side, key=key)


def beginner_card(r: TwoRules, legal: int, rng: random.Random) -> int:
    """A newcomer's card: the biggest card it may play, without asking whether it wins
    (a ten under the opponent's ace, the jack where a small trump would do, an unguarded
    ten or a trump led early); now and then (`SLIP_ANY`) any card it may play."""
    cards = bits(legal)
    if rng.random() < SLIP_ANY:
        return rng.choice(cards)
    return max(cards, key=lambda c: (r.points[c], r.strength[c]))


def _void(opp: int, card: int) -> bool:
    return not opp & SUIT_MASKS[card >> 3]


def follow_card(r: TwoRules, legal: int, led: int, opp: int, last: bool) -> int:
    """Take a trick worth taking as cheaply as possible; otherwise throw the cheapest card."""
    pts, t = r.points, r.trump
    cards = bits(legal)
    winners = [c for c in cards if r.beats(led, c)]
    if winners:
        plain = [c for c in winners if c >> 3 != t]
        if plain:  # winning in the led suit: with the highest points if it is a master
            best = max(plain, key=lambda c: pts[c])
            if _masters(r, 1 << best, opp & ~(1 << led)):
                return best
            return min(plain, key=lambda c: (pts[c], r.strength[c]))
        if pts[led] >= 10 or last or (led >> 3 == t):
            return min(winners, key=lambda c: (pts[c], r.strength[c]))
    return min(cards, key=lambda c: (pts[c], r.strength[c], c >> 3 == t))
