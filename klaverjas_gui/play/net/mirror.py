"""A guest's picture of the match: an engine state rebuilt from its own observation.

The host sends a guest only what its seat may see (play/net/host.py). The table scene,
its prompts, hints and summaries read an engine state, so the guest rebuilds one: its
own hand exactly, everything played in the open exactly, and the others' unseen cards
*guessed* from the cards nobody has shown. The guess is drawn face down and is never the
truth (the guest does not know it), so nothing hidden can leak through it.

Each rebuild deals the guessed hands (plus every card each seat played this deal) at
the deal's start and replays the deal's moves with `force`: a guessed hand may hold a
suit its owner showed void in, which only the rules' check would mind. The guess stays
as it was between moves; when a seat plays a card that was guessed in another hand, the
two hands swap it for the player's last card, as the table's picture does
(ui/table/director.py), so the face-down hands on the screen never jump. `state()`
checks that the rebuilt position shows this seat exactly its observation.
"""

from __future__ import annotations

import logging
import random

from ...engine.cards import ALL_CARDS, Card, Suit, mask_of, sort_hand
from ...engine.match import MATCH_OVER, MatchState, Observation, dealt
from ..games import Game

log = logging.getLogger(__name__)


class MirrorError(ValueError):
    """An observation no position of the rules explains (a damaged or hostile message)."""


class Mirror:
    """Rebuilds `seat`'s engine state of a four-player match from each observation."""

    def __init__(self, game: Game, seat: int) -> None:
        if game.players != 4:
            raise MirrorError(f"no guest's table for {game.name} yet")
        self.game = game
        self.seat = seat
        self.guess: dict[int, set[Card]] = {}
        self._deal: tuple[int, int] | None = None  # (deal number, its first move's number)

    def state(self, obs: Observation, n: int) -> MatchState:
        """The position after move `n` as this seat sees it; MirrorError if none fits."""
        if obs.seat != self.seat:
            raise MirrorError(f"an observation of seat {obs.seat}, not of seat {self.seat}")
        start = n - len(obs.deal_log)
        if (obs.deal_no, start) != self._deal:  # a new deal (or a redeal): a new guess
            self._deal, self.guess = (obs.deal_no, start), {}
        played: dict[int, list[Card]] = {s: [] for s in range(4)}
        for seat, action in obs.deal_log:
            if action.kind == "play":
                played[seat].append(action.card)
        self.guess = self._fit(obs, played)
        hands = [
            mask_of([*(obs.hand if s == self.seat else self.guess[s]), *played[s]])
            for s in range(4)
        ]
        if sum(hands) != (1 << 32) - 1 or any(h.bit_count() != 8 for h in hands):
            raise MirrorError("the cards seen do not make a deal")
        sheet, totals = obs.sheet, obs.totals
        if obs.phase == MATCH_OVER and sheet and sheet[-1].deal_no == obs.deal_no:
            last = sheet[-1].score.scores  # replaying the last deal scores it again
            sheet, totals = sheet[:-1], (totals[0] - last[0], totals[1] - last[1])
        state = dealt(obs.variant, obs.deal_no, obs.dealer, hands, obs.proposed, start,
                      sheet, totals)  # fmt: skip
        try:
            for _, action in obs.deal_log:
                state, _ = state.force(action)
        except (ValueError, TypeError, AttributeError, IndexError) as e:
            raise MirrorError(f"the deal's moves do not replay: {e}") from None
        if state.observation(self.seat) != obs:
            raise MirrorError("the rebuilt position differs from the observation")
        return state

    def _fit(self, obs: Observation, played: dict[int, list[Card]]) -> dict[int, set[Card]]:
        """The others' unseen cards: the last guess, less what was shown since; a seat that
        played a card guessed elsewhere gives its last card to the seat that lost it."""
        shown = set(obs.hand).union(*played.values())
        pool = set(ALL_CARDS) - shown
        others = [s for s in range(4) if s != self.seat]
        guess = {s: self.guess.get(s, set()) & pool for s in others}
        spare = pool - set().union(*guess.values())
        for s in others:
            extra = len(guess[s]) - obs.hand_sizes[s]
            if extra > 0:
                gone = sort_hand(list(guess[s]), obs.trump)[-extra:]
                guess[s] -= set(gone)
                spare |= set(gone)
        if spare:
            order = sort_hand(list(spare), None)
            random.Random(obs.deal_no * 7919 + len(spare)).shuffle(order)
            for s in others:
                while len(guess[s]) < obs.hand_sizes[s] and order:
                    guess[s].add(order.pop())
        if any(len(guess[s]) != obs.hand_sizes[s] for s in others) or len(pool) != sum(
            obs.hand_sizes[s] for s in others
        ):
            raise MirrorError("the hand sizes do not add up")
        return guess


def swap_guess(hands: list[list[Card]], seat: int, card: Card, trump: Suit | None) -> None:
    """`seat` played `card`, which the picture had guessed in another hand: that hand gets
    `seat`'s last card (in `sort_hand` order) in its place, as `Mirror` moves its guess."""
    stand_in = sort_hand(hands[seat], trump)[-1]
    hands[seat].remove(stand_in)
    for hand in hands:
        if card in hand:
            hand[hand.index(card)] = stand_in
            return
