"""Dealing: a seeded shuffle dealt clockwise from first hand in packets (RULES.md 1.2).

Chance is a separate step driven by an injected `random.Random`, so a match is
fully determined by its seed and its list of actions.
"""

from __future__ import annotations

import random

from .cards import ALL_CARDS, Card

PACKETS = {"3-2-3": (3, 2, 3), "4-4": (4, 4)}


def deal_rng(seed: int, deal_no: int, attempt: int = 0) -> random.Random:
    """The RNG of one deal (attempt counts redeals by the same dealer)."""
    return random.Random(f"klaverjas:{seed}:{deal_no}:{attempt}")


def first_dealer(seed: int, players: int = 4) -> int:
    """The random first dealer of a match with this seed (seat 0 .. players - 1)."""
    return random.Random(f"klaverjas:{seed}:dealer").randrange(players)


def deal_hands(rng: random.Random, pattern: str, first_hand: int, players: int = 4) -> list[int]:
    """Shuffle and deal all 32 cards; returns one bit mask per seat."""
    order = list(range(32))
    rng.shuffle(order)
    hands = [0] * players
    pos = 0
    for packet in PACKETS[pattern]:
        for k in range(players):
            seat = (first_hand + k) % players
            for idx in order[pos : pos + packet]:
                hands[seat] |= 1 << idx
            pos += packet
    return hands


def proposed_card(rng: random.Random) -> Card:
    """The turned card that proposes trump, drawn from a separate pool (RULES.md 1.3)."""
    return rng.choice(ALL_CARDS)
