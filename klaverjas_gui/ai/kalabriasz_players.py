"""Computer players for three-player Klaverjas (Kalabriasz, RULES.md 3).

A player sees only a `KalabriaszObservation` (its own hand, the talon and the cards it
laid away if it is the maker, and what lay open on the table) and answers one of
`obs.legal`; it never touches a `KalabriaszState`.

Levels: "random" (any legal action), "easy" (a beginner: names trump only with a
clearly strong hand, forgets which cards are out, and now and then plays the biggest
card it may), "normal" (table rules that count the cards: which are out, which are
masters, who is void, whose card is winning for the defenders' side), "hard" (sampled
deals and an exact endgame: `kalabriasz_hard`).
Each player keeps its own RNG, so `choose` may run on a worker thread.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine.cards import FULL_MASK, POINTS, POWER, Card, mask_of
from ..engine.kalabriasz import KalabriaszObservation
from ..engine.match import Action, card_of, suit_of
from .base import RandomPlayer
from .fast import bits
from .kalabriasz_fast import NAME_AT, lay_key, mask_value, table

KALABRIASZ_LEVELS = ("random", "easy", "normal", "hard")

EASY_CAUTION = 1.5  # the easy player asks this much more of a hand
EASY_SLIPS = 0.35  # the share of its card decisions made by `beginner_card`


class KalabriaszPlayer(Protocol):
    name: str

    def choose(self, obs: KalabriaszObservation) -> Action:
        """Pick one of `obs.legal`."""
        ...


def make_kalabriasz_player(level: str, seed: int | None = None) -> KalabriaszPlayer:
    """A computer player of the given level."""
    if level == "random":
        return RandomPlayer(seed)  # plays any legal action: Kalabriasz's too
    if level == "easy":
        return KalabriaszHeuristic(seed, counting=False, slips=EASY_SLIPS, caution=EASY_CAUTION)
    if level == "normal":
        return KalabriaszHeuristic(seed, counting=True)
    if level == "hard":
        from .kalabriasz_hard import KalabriaszHard  # it builds on this module

        return KalabriaszHard(seed)
    raise ValueError(
        f"unknown computer level {level!r}; choose from {', '.join(KALABRIASZ_LEVELS)}"
    )


def hand_value(hand: Sequence[Card], trump: int) -> float:
    """How good `hand` is to play alone with `trump` as trump (`kalabriasz_fast.mask_value`)."""
    return mask_value(mask_of(hand), trump)


class KalabriaszHeuristic:
    """The "easy" (counting=False, with slips) and "normal" (counting=True) players."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        counting: bool = True,
        slips: float = 0.0,
        caution: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.counting = counting
        self.slips = slips
        self.caution = caution
        self.name = "normal" if counting else "easy"

    def choose(self, obs: KalabriaszObservation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bidding":
            return self.bid(obs)
        if obs.phase == "talon":
            return self.lay(obs)
        return self.play(obs)

    # --- bidding and the talon ---
    def bid(self, obs: KalabriaszObservation) -> Action:
        """Name the best suit when the hand (the talon still to come) is worth it."""
        names = [a for a in obs.legal if a.kind == "name"]
        best = max(names, key=lambda a: hand_value(obs.hand, suit_of(a).index))
        if hand_value(obs.hand, suit_of(best).index) >= NAME_AT + self.caution:
            return best
        return next(a for a in obs.legal if a.kind == "pass")

    def lay(self, obs: KalabriaszObservation) -> Action:
        """Lay away what the defenders would catch: an unguarded ten, then the honours of a
        suit without its ace, then short side suits (a void to trump in), lowest first.
        They count for the maker, so a ten laid away is ten points banked."""
        t = obs.trump_index
        hand = mask_of(obs.hand)
        return max(obs.legal, key=lambda a: lay_key(t, hand, card_of(a).index))

    # --- play ---
    def play(self, obs: KalabriaszObservation) -> Action:
        legal = mask_of(a.card for a in obs.legal if a.card is not None)
        if self.slips and self.rng.random() < self.slips:
            card = beginner_card(obs.trump_index, legal, self.rng)
        else:
            hand, trick, out, void = card_view(obs, self.counting)
            maker = obs.maker if obs.maker is not None else -1
            card = table(obs.variant, obs.trump_index).card(
                obs.seat, hand, legal, trick, obs.leader, maker, out, void
            )
        return next(a for a in obs.legal if card_of(a).index == card)


def card_view(
    obs: KalabriaszObservation, counting: bool
) -> tuple[int, tuple[int, ...], int, tuple[int, int, int]]:
    """What the card rules (`kalabriasz_fast.Table.card`) read of a seat's view: its hand,
    the trick, the cards it has not seen (`out`) and the suits each seat showed it lacks.
    Counting remembers the cards played and who did not follow; the beginner forgets."""
    hand = mask_of(obs.hand)
    on_table = mask_of(obs.trick)
    trick = tuple(c.index for c in obs.trick)
    if not counting:
        return hand, trick, FULL_MASK & ~hand & ~on_table, (0, 0, 0)
    played = mask_of(c for _, cards in obs.tricks for c in cards)
    out = FULL_MASK & ~hand & ~played & ~on_table & ~mask_of(obs.laid_away)
    void = [0, 0, 0]
    for leader, cards in obs.tricks:
        led = cards[0].suit_index
        for k, c in enumerate(cards[1:], 1):
            if c.suit_index != led:
                void[(leader + k) % 3] |= 1 << led
    return hand, trick, out, (void[0], void[1], void[2])


def beginner_card(t: int, legal: int, rng: random.Random) -> int:
    """A newcomer's card: the biggest card it may play, without asking whether it wins;
    now and then any card it may play."""
    cards = bits(legal)
    if rng.random() < 0.3:
        return rng.choice(cards)
    return max(cards, key=lambda c: (POINTS[t][c], POWER[t * 4 + (c >> 3)][c]))
