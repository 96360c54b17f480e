"""Roem of one captured trick (RULES.md 1.6).

Only the four cards of a trick count. Sequences use the natural order
7 8 9 T J Q K A in every suit, trump included: three = 20, four = 50. Stuk (K
and Q of trump) adds 20, also inside a sequence. Four of a kind per
`carre_values`. With four cards these can only combine as sequence + stuk.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import KING, QUEEN, RANK_DISPLAY, Card, Suit, parse_suit
from .variant import Variant

# Longest run of consecutive set bits in a byte (one suit of a trick mask).
_RUN = tuple(
    max(
        (len(run) for run in format(b, "08b").split("0")),
        default=0,
    )
    for b in range(256)
)
_SEQUENCE_VALUE = (0, 0, 0, 20, 50, 50, 50, 50, 50)
CARRE_VALUES: dict[str, tuple[int, ...]] = {
    # by rank index 7 8 9 T J Q K A
    "amsterdam": (0, 0, 0, 100, 200, 100, 100, 100),
    "all_100_jacks_200": (100, 100, 100, 100, 200, 100, 100, 100),
    "all_100": (100,) * 8,
}


def roem_items(variant: Variant, trump_index: int, trick: Sequence[Card]) -> list[tuple[str, int]]:
    """The separate roem items of a trick, e.g. [("sequence of 3", 20), ("stuk", 20)]."""
    if not variant.roem_enabled or len(trick) < 3:
        return []
    items: list[tuple[str, int]] = []
    mask = 0
    for c in trick:
        mask |= c.bit
    for s in range(4):
        run = _RUN[(mask >> (8 * s)) & 0xFF]
        if run >= 3:
            items.append((f"sequence of {run}", _SEQUENCE_VALUE[run]))
    base = trump_index * 8
    if mask >> (base + KING) & 1 and mask >> (base + QUEEN) & 1:
        items.append(("stuk", 20))
    if len(trick) == 4:
        r = trick[0].rank_index
        if all(c.rank_index == r for c in trick):
            value = CARRE_VALUES[variant.carre_values][r]
            if value:
                items.append((f"four {RANK_DISPLAY[trick[0].rank.value]}s", value))
    return items


def roem_of(variant: Variant, trump_index: int, trick: Sequence[Card]) -> int:
    """Total of roem_items, computed without building the list (hot path)."""
    if not variant.roem_enabled:
        return 0
    mask = 0
    for c in trick:
        mask |= c.bit
    total = 0
    for s in (0, 8, 16, 24):
        run = _RUN[(mask >> s) & 0xFF]
        if run >= 3:
            total += _SEQUENCE_VALUE[run]
    base = trump_index * 8
    if mask >> (base + KING) & 1 and mask >> (base + QUEEN) & 1:
        total += 20
    if len(trick) == 4 and not total:
        r = trick[0].rank_index
        if trick[1].rank_index == r == trick[2].rank_index == trick[3].rank_index:
            total = CARRE_VALUES[variant.carre_values][r]
    return total


def trick_roem(variant: Variant, trump: Suit | str, trick: Sequence[Card]) -> int:
    """Roem in the cards of one trick (facade)."""
    return roem_of(variant, parse_suit(trump).index, list(trick))
