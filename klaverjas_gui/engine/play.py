"""Which cards may be played, who wins a trick, and why a card is illegal.

`obligation` is the single place where the play rules of RULES.md 1.5 live:
it returns the legal cards as a bit mask *and* the rule that produced them, so
the legality check and its plain-words explanation can never disagree.
`klabberjass_obligation` does the same for the two-player game (RULES.md 2)
with the same masks and rule codes, so both share one set of explanations.

One rule covers every *voluntary* trump (RULES.md 1.5): when you may discard
(partner winning under `must_ruff=opponent`, or any time under `must_ruff=never`)
but trump onto a trick that already holds a trump, that trump must beat it when
you can (`must_overtrump` on); when you cannot, `undertrump=forbidden` bans the
lower trump unless you hold nothing else and `forced` allows it. Under
`must_overtrump=off` a lower trump is never banned, and `undertrump` has no effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import (
    POWER,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_suit,
    sort_hand,
)
from .reasons import Reason, Value, english
from .variant import Variant

# HIGHER[t][r]: mask of the trumps (suit t) stronger than the trump of rank index r.
HIGHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << (t * 8 + o) for o in range(8) if TRUMP_STRENGTH[o] > TRUMP_STRENGTH[r])
        for r in range(8)
    )
    for t in range(4)
)


def winner_index(trump_index: int, trick: Sequence[Card]) -> int:
    """Index in `trick` of the card that wins it so far."""
    power = POWER[trump_index * 4 + trick[0].suit_index]
    best, best_i = -1, 0
    for i, c in enumerate(trick):
        p = power[c.index]
        if p > best:
            best, best_i = p, i
    return best_i


def trick_winner(trump: Suit | str, trick: Sequence[Card]) -> int:
    """Index into `trick` of the winning card (facade)."""
    return winner_index(parse_suit(trump).index, trick)


def _best_trump(t: int, trick: Sequence[Card]) -> Card | None:
    best = None
    for c in trick:
        if c.suit_index == t and (
            best is None or TRUMP_STRENGTH[c.rank_index] > TRUMP_STRENGTH[best.rank_index]
        ):
            best = c
    return best


def obligation(
    variant: Variant, t: int, hand: int, trick: Sequence[Card], partner: bool | None = None
) -> tuple[int, str]:
    """(legal mask, rule code) for a hand mask facing `trick` with trump suit index `t`.

    `partner`: whether the card winning the trick is the partner's. None: the four-player
    seating (the card played two before). The three-player game says it (its partners
    change with every deal: the two defenders)."""
    if not trick:
        return hand, "lead"
    led = trick[0].suit_index
    follow = hand & SUIT_MASKS[led]
    if led == t:
        if not follow:
            return hand, "free"
        if variant.must_overtrump:
            best = _best_trump(t, trick)
            assert best is not None  # the led card is a trump
            higher = follow & HIGHER[t][best.rank_index]
            if higher:
                return higher, "follow_overtrump"
        return follow, "follow"
    if follow:
        return follow, "follow"
    trumps = hand & SUIT_MASKS[t]
    if not trumps:
        return hand, "free"
    best = _best_trump(t, trick)
    higher = trumps & HIGHER[t][best.rank_index] if best is not None else trumps
    if partner is None:
        n = len(trick)
        partner = n >= 2 and winner_index(t, trick) == n - 2
    if variant.must_ruff == "never" or (variant.must_ruff == "opponent" and partner):
        # trumping is voluntary: a trump played all the same may not be a banned lower one
        lower_banned = higher or variant.undertrump == "forbidden"
        if best is not None and variant.must_overtrump and lower_banned:
            allowed = hand & ~(trumps & ~higher)
            if allowed != hand:
                rule = "partner_no_undertrump" if partner else "free_no_undertrump"
                return (allowed or hand), rule
        return hand, "free"
    if best is None:
        return trumps, "ruff"
    if not variant.must_overtrump:
        return trumps, "ruff"
    if higher:
        return higher, "overtrump"
    if variant.undertrump == "forced":
        return trumps, "undertrump_forced"
    others = hand & ~trumps
    return (others or trumps), "undertrump_forbidden"


def legal_mask(variant: Variant, t: int, hand: int, trick: Sequence[Card]) -> int:
    return obligation(variant, t, hand, trick)[0]


# Two-player Klabberjass (RULES.md 2) has the play duties of this variant: follow; else
# trump; beat the highest trump in the trick when you can, else any trump. No partner.
KLABBERJASS_PLAY = Variant(must_ruff="always", must_overtrump=True, undertrump="forced")


def klabberjass_obligation(t: int, hand: int, trick: Sequence[Card]) -> tuple[int, str]:
    """(legal mask, rule code) in two-player Klabberjass, trump suit index `t`."""
    return obligation(KLABBERJASS_PLAY, t, hand, trick)


def klabberjass_legal_cards(
    trump: Suit | str, hand: Iterable[Card], trick: Sequence[Card]
) -> set[Card]:
    """The cards of `hand` that may be played to `trick` in two-player Klabberjass (facade)."""
    return set(
        cards_of(klabberjass_obligation(parse_suit(trump).index, mask_of(hand), list(trick))[0])
    )


def legal_cards(
    variant: Variant, trump: Suit | str, hand: Iterable[Card], trick: Sequence[Card]
) -> set[Card]:
    """The cards of `hand` that may be played to `trick` (facade)."""
    return set(cards_of(legal_mask(variant, parse_suit(trump).index, mask_of(hand), list(trick))))


def _list(cards: Iterable[Card], trump: Suit) -> str:
    return ", ".join(c.pretty for c in sort_hand(cards, trump))


def illegal_reason(
    variant: Variant,
    trump: Suit | str,
    hand: Iterable[Card],
    trick: Sequence[Card],
    card: Card,
    players: int = 4,
    partner: bool | None = None,
) -> Reason | None:
    """Why `card` may not be played now, as a Reason; None if it may. `partner` as in
    `obligation` (the three-player game says whether the partner is winning)."""
    tr = parse_suit(trump)
    hand, trick = list(hand), list(trick)
    if card not in hand:
        return Reason("not_held", {"card": card.pretty})
    legal, rule = obligation(variant, tr.index, mask_of(hand), trick, partner)
    if legal & card.bit:
        return None
    t = tr.index
    values: dict[str, Value] = {"card": card.pretty, "cards": _list(cards_of(legal), tr)}
    if trick:
        led = trick[0].suit
        w = winner_index(t, trick)
        best = _best_trump(t, trick)
        values.update(led=led.symbol, suit=led, winning=trick[w].pretty)
        if best is not None:
            values["best"] = best.pretty
        if partner is None:
            partner = players == 4 and len(trick) >= 2 and w == len(trick) - 2
        if rule in ("ruff", "overtrump"):
            rule += "_partner" if partner else "_two" if players == 2 else ""
    return Reason(rule, values)


def explain_illegal(
    variant: Variant, trump: Suit | str, hand: Iterable[Card], trick: Sequence[Card], card: Card
) -> str | None:
    """Plain words for why `card` may not be played now, or None if it may."""
    reason = illegal_reason(variant, trump, hand, trick, card)
    return None if reason is None else english(reason)


def klabberjass_explain_illegal(
    trump: Suit | str, hand: Iterable[Card], trick: Sequence[Card], card: Card
) -> str | None:
    """Plain words for why `card` may not be played now in two-player Klabberjass, or None."""
    reason = illegal_reason(KLABBERJASS_PLAY, trump, hand, trick, card, players=2)
    return None if reason is None else english(reason)


@dataclass(frozen=True)
class Revoke:
    """A card played against an obligation under `revoke = club` (RULES.md 1.11): where,
    by whom, and the rule it broke, kept as the facts of its `Reason` (plain values, so a
    score line carrying it travels as JSON and words itself in any language)."""

    trick_no: int  # 0-based
    seat: int
    card: Card
    rule: str  # the Reason key: "follow", "ruff", "overtrump_partner", ...
    cards: str  # the cards the rule allowed, as the Reason shows them ("7♣, 8♣")
    led: Suit | None = None
    winning: str = ""  # the card winning the trick when it was played
    best: str = ""  # the highest trump in the trick then, if any
    trick: tuple[Card, ...] = ()  # once called: the whole trick, in the order played

    @classmethod
    def of(cls, trick_no: int, seat: int, card: Card, reason: Reason) -> Revoke:
        v = reason.values
        led = v.get("suit")
        return cls(trick_no, seat, card, reason.key, str(v.get("cards", "")),
                   led if isinstance(led, Suit) else None, str(v.get("winning", "")),
                   str(v.get("best", "")))  # fmt: skip

    @property
    def reason(self) -> Reason:
        """The rule broken, as the Reason the table would have refused the card with."""
        values: dict[str, Value] = {"card": self.card.pretty, "cards": self.cards}
        if self.led is not None:
            values.update(led=self.led.symbol, suit=self.led, winning=self.winning)
        if self.best:
            values["best"] = self.best
        return Reason(self.rule, values)

    @property
    def team(self) -> int:
        return self.seat % 2

    def to_dict(self) -> dict[str, object]:
        return {"trick": self.trick_no, "seat": self.seat, "card": str(self.card),
                "rule": self.rule, "cards": [str(c) for c in self.trick]}  # fmt: skip
