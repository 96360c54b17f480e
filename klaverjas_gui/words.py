"""The game's words for cards, suits, kraak and roem, in the player's language.

One place for them, so the hint, the demo caption, the prompts, the score sheet
and the review name a card the same way ("the 10 of hearts", "de harten 10",
"le 10 de cœur"). Every word is a `rules.*` key looked up through `tr` when it is
shown, so a language switch takes effect at once. Pure Python (engine and i18n
only): the `teach` package uses it without pygame.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .engine import Variant
from .engine.cards import RANK_DISPLAY, RANK_LETTERS, SUITS, Card, Suit
from .engine.roem import roem_items
from .i18n import tr

_CARD_TEXT = re.compile(r"\b(10|[789JQKA])([♣♦♥♠])")


def suit_name(suit: Suit | str) -> str:
    """ "hearts", "harten", "cœur" (the word used in "no hearts left", "Take hearts")."""
    return tr(f"rules.suit_{Suit(suit).value}")


def rank_letter(rank: str) -> str:
    """The index letter of a rank as players say it: Dutch B V H, French V D R for J Q K.

    `rank` is the engine's letter ("T") or its display ("10")."""
    rank = RANK_DISPLAY.get(rank, rank)
    return tr(f"rules.letter_{rank}") if rank in ("J", "Q", "K") else rank


def cards_text(text: str) -> str:
    """English card texts inside `text` ("Q♥, 10♠") with the local rank letters."""
    return _CARD_TEXT.sub(lambda m: rank_letter(m.group(1)) + m.group(2), text)


def card_text(card: Card) -> str:
    """ "Q♥" with the local letter ("V♥" in Dutch, "D♥" in French), for fonts with suit symbols."""
    return cards_text(card.pretty)


def rank_name(rank: str) -> str:
    """A rank as a card name says it: "the jack", "le valet", "la dame", "l'as"; Dutch
    puts its article before the suit ("de harten boer"), so there the bare "boer"."""
    return tr(f"rules.rank_{rank}")


def card_name(card: Card) -> str:
    """ "the 10 of hearts", "de harten 10", "le 10 de cœur": a card inside a sentence."""
    return tr("rules.card", rank=rank_name(card.rank.value), suit=suit_name(card.suit))


def run_name(cards: Sequence[Card], sep: str = "-") -> str:
    """Cards of one suit in short form: "7-8-9 of clubs", "klaveren 7-8-9", "7-8-9 de trèfle"."""
    ranks = sep.join(rank_letter(c.rank.value) for c in cards)
    return tr("rules.run", ranks=ranks, suit=suit_name(cards[0].suit))


def kraak_name(level: int) -> str:
    """ "Kraak", "Rekraak", "Superkraak"; French players say "Contre", "Surcontre"."""
    return tr(f"rules.kraak_{min(level, 3)}")


def sequence_words(length: int, top: int) -> str:
    """ "a sequence of 4 to the king" (klabberjass_rules.describe_sequence, translated);
    `top` is the natural rank index 0..7 of its highest card."""
    return tr("rules.sequence", n=length, rank=rank_name(RANK_LETTERS[top]))


def describe_roem(variant: Variant, trump: Suit, trick: Iterable[Card]) -> str:
    """Which cards made the roem of a trick: "7-8-9 of clubs", "four jacks", stuk.

    The engine says which roem there is (`roem_items`); this only names it."""
    cards = list(trick)
    parts = []
    for label, _ in roem_items(variant, Suit(trump).index, cards):
        if label.startswith("sequence of "):
            parts.append(_sequence(cards, int(label.rsplit(" ", 1)[1])))
        elif label == "stuk":
            parts.append(tr("rules.roem_stuk"))
        else:
            parts.append(tr(f"rules.roem_carre_{cards[0].rank.value}"))
    return tr("guide.and").join(p for p in parts if p)


def _sequence(cards: list[Card], length: int) -> str:
    """The run of `length` cards in natural order 7 8 9 10 J Q K A in one suit of the trick."""
    for suit in range(4):
        ranks = sorted(c.rank_index for c in cards if c.suit_index == suit)
        for start in range(len(ranks) - length + 1):
            window = ranks[start : start + length]
            if window[-1] - window[0] == length - 1:
                return run_name([Card(RANK_LETTERS[r], SUITS[suit]) for r in window])
    return ""
