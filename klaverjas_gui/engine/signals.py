"""Signals by the choice of a legal card (RULES.md 1.10): pure functions, no hidden cards.

A convention is public, so everything here reads only what every seat sees: the
cards played this deal (the trick on the table included), who led each trick,
and trump; a sender's and a reader's own hand where the rule is about that hand.
The variant's `signals` option (none / kleur / tegenkleur) and `trump_request`
say which rules are in force; nothing here changes what is legal.

- A signal discard: a player's first card of the deal onto a trick he cannot
  follow, not a trump, while his partner is winning that trick.
- kleur: the thrown card's suit is the signalled suit; tegenkleur: the other suit
  of the same colour (clubs/spades, diamonds/hearts), nothing if that is trump.
- trump_request: a chooser who opens the deal with a plain 7, 8 or 9 asks his
  partner to lead his highest trump the first time he leads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import PLAIN_POINTS, PLAIN_STRENGTH, SUITS, TRUMP_STRENGTH, Card, Suit
from .play import winner_index

CONVENTIONS = ("kleur", "tegenkleur")  # the `signals` values that signal ("none" does not)
PARTNER_SUIT = {Suit.C: Suit.S, Suit.S: Suit.C, Suit.D: Suit.H, Suit.H: Suit.D}
LOW_RANKS = ("7", "8", "9")  # a trump request opens with one of these

Trick = tuple[int, Sequence[Card]]  # (leader, cards in play order)


@dataclass(frozen=True)
class Signal:
    """A signal discard and what it says under the convention in force."""

    seat: int
    card: Card
    trick_no: int  # 0-based trick of the deal it was thrown on
    suit: Suit | None  # the signalled suit; None: the throw means nothing (tegenkleur onto trump)
    strong: bool  # kleur: a 10 thrown while its ace was unplayed ("lead it at once")


def _plain_key(card: Card) -> int:
    return PLAIN_STRENGTH[card.rank_index]


def partner_winning(trump: Suit, before: Sequence[Card]) -> bool:
    """Whether the partner of the next player is winning the trick `before` him."""
    return len(before) >= 2 and winner_index(trump.index, before) == len(before) - 2


def is_signal_discard(trump: Suit, before: Sequence[Card], card: Card) -> bool:
    """Whether `card` onto `before` has the form of a signal discard (the first such card of
    its player in the deal is the signal; the caller knows whether it is his first)."""
    return (
        bool(before)
        and card.suit != before[0].suit
        and card.suit != trump
        and partner_winning(trump, before)
    )


def best_unplayed(suit: Suit, played: Iterable[Card]) -> Card | None:
    """The highest card of a plain suit not yet played, None if all are gone."""
    gone = {c for c in played if c.suit == suit}
    left = [c for c in SUITS_CARDS[suit] if c not in gone]
    return max(left, key=_plain_key) if left else None


def controls(hand: Iterable[Card], suit: Suit, played: Iterable[Card]) -> bool:
    """A player controls a plain suit when he holds its highest card not yet played."""
    best = best_unplayed(suit, played)
    return best is not None and best in set(hand)


def meaning(convention: str, card: Card, trump: Suit) -> Suit | None:
    """The suit a signal discard of `card` asks for; None if it says nothing."""
    if convention == "kleur":
        return card.suit
    if convention == "tegenkleur":
        other = PARTNER_SUIT[card.suit]
        return None if other == trump else other
    return None


def signals(convention: str, trump: Suit | None, tricks: Sequence[Trick]) -> tuple[Signal, ...]:
    """Every signal of the deal so far, in play order: `tricks` are the deal's tricks,
    the one on the table last (as `Observation.tricks` plus `(leader, trick)`)."""
    if convention not in CONVENTIONS or trump is None:
        return ()
    out: list[Signal] = []
    seen: set[int] = set()
    played: list[Card] = []
    for n, (leader, cards) in enumerate(tricks):
        for k, card in enumerate(cards):
            seat = (leader + k) % 4
            if seat not in seen and is_signal_discard(trump, cards[:k], card):
                seen.add(seat)
                ace = Card("A", card.suit)
                strong = convention == "kleur" and card.rank.value == "T" and ace not in played
                out.append(Signal(seat, card, n, meaning(convention, card, trump), strong))
            played.append(card)
    return tuple(out)


def sender_card(
    convention: str, hand: Sequence[Card], trump: Suit, led: Suit, played: Iterable[Card]
) -> Card | None:
    """The card the convention throws as a signal discard (None: no plain card to throw).

    kleur: the lowest card of a plain suit X he controls and holds another card of (two
    such suits: more card points in hand); tegenkleur: the lowest card of X's partner suit.
    Otherwise the lowest card of his longest plain suit (equal: fewer card points), read as
    "no objection". `played` is every card played this deal, the trick on the table too.
    """
    played = list(played)
    plain = {s: sorted((c for c in hand if c.suit == s), key=_plain_key) for s in SUITS}
    plain = {s: cs for s, cs in plain.items() if cs and s not in (trump, led)}
    if not plain:
        return None

    def points(s: Suit) -> int:
        return sum(PLAIN_POINTS[c.rank_index] for c in plain[s])

    candidates = []
    for x in plain:
        if not controls(plain[x], x, played):
            continue
        if convention == "kleur" and len(plain[x]) >= 2:
            candidates.append((points(x), x, plain[x][0]))
        elif convention == "tegenkleur" and PARTNER_SUIT[x] in plain:
            candidates.append((points(x), x, plain[PARTNER_SUIT[x]][0]))
    if candidates:
        return max(candidates, key=lambda t: (t[0], t[1].index))[2]
    longest = min(plain, key=lambda s: (-len(plain[s]), points(s), s.index))
    return plain[longest][0]


def reader_lead(hand: Sequence[Card], suit: Suit) -> Card | None:
    """The card a reader leads of the signalled suit: the ace or a singleton as it is,
    else his lowest; None if he holds none of it."""
    cards = [c for c in hand if c.suit == suit]
    if not cards:
        return None
    ace = [c for c in cards if c.rank.value == "A"]
    return ace[0] if ace else min(cards, key=_plain_key)


def pending_signal(
    convention: str, trump: Suit | None, tricks: Sequence[Trick], reader: int
) -> Signal | None:
    """The partner's signal that `reader` has not yet answered by leading its suit: the
    reading waits for his next lead (RULES.md 1.10), an exception only delays it."""
    partner = (reader + 2) % 4
    mine = next((s for s in signals(convention, trump, tricks) if s.seat == partner), None)
    if mine is None or mine.suit is None:
        return None
    for leader, cards in tricks[mine.trick_no + 1 :]:
        if leader == reader and cards and cards[0].suit == mine.suit:
            return None
    return mine


def trump_requested(trump: Suit | None, chooser: int | None, tricks: Sequence[Trick]) -> bool:
    """Whether the chooser opened the deal with a plain 7, 8 or 9 (a trump request)."""
    if trump is None or chooser is None or not tricks or not tricks[0][1]:
        return False
    leader, cards = tricks[0]
    first = cards[0]
    return leader == chooser and first.suit != trump and first.rank.value in LOW_RANKS


def trump_request_lead(
    trump: Suit | None, chooser: int | None, tricks: Sequence[Trick], seat: int,
    hand: Sequence[Card],
) -> Card | None:  # fmt: skip
    """The highest trump the chooser's partner leads, called when `seat` is to lead: on his
    first lead after a request; None when there is none, he led before, or holds no trump."""
    if chooser is None or seat != (chooser + 2) % 4 or not trump_requested(trump, chooser, tricks):
        return None
    if any(leader == seat and cards for leader, cards in tricks):
        return None
    trumps = [c for c in hand if c.suit == trump]
    return max(trumps, key=lambda c: TRUMP_STRENGTH[c.rank_index]) if trumps else None


SUITS_CARDS = {s: tuple(Card(r, s) for r in "789TJQKA") for s in SUITS}


def deal_tricks(obs: Any) -> tuple[Trick, ...]:
    """The tricks of an Observation's deal, the one on the table last (maybe empty)."""
    return (*obs.tricks, (obs.leader, obs.trick))


def observed_signals(obs: Any) -> tuple[Signal, ...]:
    """Every signal a seat has seen this deal, under the convention its variant plays."""
    return signals(obs.variant.signals, obs.trump, deal_tricks(obs))
