"""Cards, suits, ranks and the "JH" notation.

There are exactly 32 `Card` objects; `Card(rank, suit)` and `parse_card` return
those same objects, so cards compare and hash by identity (fast in the hot
paths of the engine and the AI). Each card also has an `index` 0..31 and a
`bit` (1 << index): hands inside the engine are integer bit masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum


class Suit(str, Enum):
    """A suit; its value is the letter of the notation, so `Suit.H == "H"`."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.value]

    # Shadows str.index on purpose: 0..3, the suit's place in a card's index (suit * 8 + rank).
    @property
    def index(self) -> int:  # type: ignore[override]
        return SUIT_LETTERS.index(self.value)

    def __str__(self) -> str:
        return self.value


class Rank(str, Enum):
    """A rank in natural order 7 8 9 T J Q K A (the order of roem sequences)."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    # Shadows str.index on purpose: 0..7 in natural order.
    @property
    def index(self) -> int:  # type: ignore[override]
        return RANK_LETTERS.index(self.value)

    def __str__(self) -> str:
        return self.value


SUIT_LETTERS = "CDHS"
RANK_LETTERS = "789TJQKA"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_DISPLAY = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
# Natural rank indices (`Card.rank_index`; a card's index is suit * 8 + rank): plain ints, so
# the solver and the fast AI compare and shift with them as cheaply as with literals.
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

# Strength 0 (weakest) .. 7 (strongest) by natural rank index, and card points.
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)  # 7 8 9 T J Q K A -> J 9 A T K Q 8 7
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # A T K Q J 9 8 7
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)


_BY_NAME: dict[str, Card] = {}


class Card:
    """One of the 32 cards. Immutable; one object per card."""

    __slots__ = ("rank", "suit", "index", "bit", "suit_index", "rank_index", "_text")

    rank: Rank
    suit: Suit
    index: int
    bit: int
    suit_index: int
    rank_index: int
    _text: str

    def __new__(cls, rank: Rank | str, suit: Suit | str) -> Card:
        r, s = Rank(rank), Suit(suit)
        existing = _BY_NAME.get(r.value + s.value)
        if existing is not None:
            return existing
        self = object.__new__(cls)
        object.__setattr__(self, "rank", r)
        object.__setattr__(self, "suit", s)
        object.__setattr__(self, "suit_index", s.index)
        object.__setattr__(self, "rank_index", r.index)
        object.__setattr__(self, "index", s.index * 8 + r.index)
        object.__setattr__(self, "bit", 1 << (s.index * 8 + r.index))
        object.__setattr__(self, "_text", r.value + s.value)
        _BY_NAME[self._text] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank.value, self.suit.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def pretty(self) -> str:
        """Human form with a suit symbol, e.g. "10♥"."""
        return RANK_DISPLAY[self.rank.value] + SUIT_SYMBOLS[self.suit.value]


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUIT_LETTERS for r in RANK_LETTERS)
CARD_BY_INDEX = ALL_CARDS  # ALL_CARDS[i].index == i
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
FULL_MASK = (1 << 32) - 1
SUITS: tuple[Suit, ...] = tuple(Suit(s) for s in SUIT_LETTERS)


def parse_card(text: Card | str) -> Card:
    """Parse "JH", "TS", "10S" or "Q♠" (any case). Raises ValueError naming the text."""
    if isinstance(text, Card):
        return text
    t = str(text).strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    t = t[:-1] + _SUIT_OF_SYMBOL.get(t[-1:], t[-1:])
    card = _BY_NAME.get(t)
    if card is None:
        raise ValueError(
            f"not a card: {text!r} (write rank then suit, e.g. 'JH', 'TS' or '10S'; "
            f"ranks 7 8 9 T J Q K A, suits C D H S)"
        )
    return card


_SUIT_OF_SYMBOL = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Parse "JH 9H AC" (spaces or commas) or an iterable of card strings."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def parse_suit(value: Suit | str) -> Suit:
    """Accept a Suit, its letter or its symbol."""
    if isinstance(value, Suit):
        return value
    v = str(value).strip().upper()
    for letter, symbol in SUIT_SYMBOLS.items():
        if v == symbol:
            return Suit(letter)
    try:
        return Suit(v)
    except ValueError:
        raise ValueError(f"not a suit: {value!r} (use C, D, H or S)") from None


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_BY_INDEX[low.bit_length() - 1])
        mask ^= low
    return out


# POINTS[t][i]: points of the card with index i when suit index t is trump.
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((TRUMP_POINTS if c.suit_index == t else PLAIN_POINTS)[c.rank_index] for c in ALL_CARDS)
    for t in range(4)
)
# POWER[t * 4 + led][i]: trick strength of card i with trump t and suit `led` led.
POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        16 + TRUMP_STRENGTH[c.rank_index]
        if c.suit_index == t
        else 8 + PLAIN_STRENGTH[c.rank_index]
        if c.suit_index == led
        else 0
        for c in ALL_CARDS
    )
    for t in range(4)
    for led in range(4)
)


def card_points(card: Card, trump: Suit | str) -> int:
    """Points of a card given the trump suit (RULES 1.1)."""
    if card.suit == trump:
        return TRUMP_POINTS[card.rank_index]
    return PLAIN_POINTS[card.rank_index]


def deck() -> list[Card]:
    """A fresh list of the 32 cards in index order."""
    return list(ALL_CARDS)


def suit_order(trump: Suit | str | None = None) -> list[int]:
    """Display order of suits: trump first, then colours alternating."""
    if trump is None:
        return [3, 2, 0, 1]  # S H C D: black, red, black, red
    t = parse_suit(trump).index
    red = {1, 2}
    same = [s for s in range(4) if s != t and (s in red) == (t in red)]
    other = [s for s in range(4) if (s in red) != (t in red)]
    return [t, other[0], same[0], other[1]]


def sort_hand(cards: Iterable[Card], trump: Suit | str | None = None) -> list[Card]:
    """Sorted for display: by suit_order, strongest card first within a suit."""
    order = suit_order(trump)
    t = order[0] if trump is not None else -1

    def key(c: Card) -> tuple[int, int]:
        table = TRUMP_STRENGTH if c.suit_index == t else PLAIN_STRENGTH
        return (order.index(c.suit_index), -table[c.rank_index])

    return sorted(cards, key=key)
