"""Hidden cards a guest's screen guessed: how a guess gives way when the real card shows.

A guest sees only its own cards; its mirror (play/net/mirror.py) guesses the others' so
that the engine can run, and the table draws the guess face down. When a seat plays a
card the picture had put in another hand, both must move the guess the same way: this
is that one rule, below the network code and the screen alike.
"""

from __future__ import annotations

from ..engine.cards import Card, Suit, sort_hand


def swap_guess(hands: list[list[Card]], seat: int, card: Card, trump: Suit | None) -> None:
    """`seat` played `card`, which the picture had guessed in another hand: that hand gets
    `seat`'s last card (in `sort_hand` order) in its place, as `Mirror` moves its guess."""
    stand_in = sort_hand(hands[seat], trump)[-1]
    hands[seat].remove(stand_in)
    for hand in hands:
        if card in hand:
            hand[hand.index(card)] = stand_in
            return
