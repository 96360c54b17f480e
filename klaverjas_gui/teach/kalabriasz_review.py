"""Kalabriasz deal review: every card played measured against best play with open cards.

The three-player twin of teach/review.py, with the exact solver of
ai/kalabriasz_solver.py. Whose points a card loses: the maker plays alone against
two defenders who defend together (they are partners for the play duties, RULES.md 3),
so a card is judged for its side, as the solver plays the deal: a card of the maker
by the maker's points, a card of a defender by the two defenders' points together.
A point that only goes from one defender to the other is no loss: the defenders'
common aim is to keep the maker from his contract, and the solver sees them as one.

A card's `loss` is how much the margin its side can still reach dropped by playing it
instead of the best card: the maker's points minus the defenders' at the deal's end
(card points, the last trick's 10, roem in the tricks, the pit bonus, and the two cards
laid away, which count for the maker), both sides playing perfectly from there; 0 for a
best card. As in the four-player review the margin is points, not the contract: a card
that turns a made deal nat is told by the points it moved.

The two cards the maker laid away are shown, not judged: the best two of twelve cards
would take 66 solutions of a whole ten-trick deal, many minutes on a laptop where one
takes seconds. Nor is the naming of trump judged, as the four-player review does not.

Slow for a whole deal (the first card's position alone can take tens of seconds), so a
scene runs `review_kalabriasz_deal` as a background job, shows its `progress`, and
cancels it when it closes; the search checks for that as it goes. The last few deals'
reviews are kept, so a deal reviewed again opens at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..ai.kalabriasz_solver import INF, ThreeSolver
from ..engine import Card
from ..engine.cards import CARD_BY_INDEX, POINTS
from ..engine.kalabriasz_rules import PLAYERS, KalabriaszVariant
from ..engine.play import winner_index
from .review import CardReview, DealReview, Kept, ReviewCancelled

MAKER, DEFENDERS = 0, 1  # the two sides, as a review's `team`


@dataclass(frozen=True)
class SideCardReview(CardReview):
    """A card of the three-player game: its side is the maker's or the defenders'."""

    maker: int = 0  # the deal's maker (seat)

    @property
    def team(self) -> int:
        """MAKER for the maker's card, DEFENDERS for either defender's."""
        return MAKER if self.seat == self.maker else DEFENDERS


def side_of(seat: int, maker: int) -> int:
    return MAKER if seat == maker else DEFENDERS


class _Search(ThreeSolver):
    """The exact solver, asking `cancelled()` now and then: a whole deal's first position
    takes long enough that a closed review must stop it inside the search."""

    def __init__(
        self, variant: KalabriaszVariant, trump: int, maker: int,
        cancelled: Callable[[], bool] | None,
    ) -> None:  # fmt: skip
        super().__init__(variant, trump, maker)
        self.cancelled = cancelled
        self.starts = 0

    def _start(self, hands: Any, leader: int, lost: bool, alpha: int, beta: int) -> int:
        self.starts += 1
        if not self.starts & 255 and self.cancelled is not None and self.cancelled():
            raise ReviewCancelled
        return super()._start(hands, leader, lost, alpha, beta)

    def is_best(self, pos: _Position, card: int, value: int) -> bool:
        """Does `card` reach the position's `value` (the best)? A zero-window search: far
        quicker than its exact value, and all a list of the best cards needs."""
        seat = (pos.leader + len(pos.trick)) % PLAYERS
        after = list(pos.hands)
        after[seat] ^= 1 << card
        hands = (after[0], after[1], after[2])
        trick = (*pos.trick, card)
        lost = pos.lost or self.pit_bonus == 0
        lo, hi = (value - 1, value) if seat == self.maker else (value, value + 1)
        if len(trick) == PLAYERS:
            v = self._close(hands, pos.leader, trick, lost, lo, hi)
        else:
            v = self._card(hands, pos.leader, trick, lost, lo, hi)
        return v >= value if seat == self.maker else v <= value

    def played(self, pos: _Position, card: int) -> int:
        """The exact value of the rest of the deal once `card` is played."""
        seat = (pos.leader + len(pos.trick)) % PLAYERS
        after = list(pos.hands)
        after[seat] ^= 1 << card
        return self.after((after[0], after[1], after[2]), pos.leader, (*pos.trick, card),
                          pos.lost)  # fmt: skip


@dataclass(frozen=True)
class _Position:
    """The solver's view of a play-phase state, and the margin already made."""

    hands: tuple[int, int, int]
    leader: int
    trick: tuple[int, ...]
    lost: bool  # the maker lost a trick already: no pit
    so_far: int  # the maker's points minus the defenders', the cards laid away included
    to_move: int


def position(state: Any) -> _Position:
    """A play-phase `KalabriaszState` as the solver sees it."""
    maker, trump = state.maker, state.trump
    won = [(lead + winner_index(trump, cards)) % PLAYERS for lead, cards in state.tricks]
    lost = any(seat != maker for seat in won)
    points = [state.deal_points[s] + state.roem[s] for s in range(PLAYERS)]
    away = sum(POINTS[trump][c.index] for c in state.laid_away)
    so_far = 2 * points[maker] + away - sum(points)
    h = state.hands
    trick = tuple(c.index for c in state.trick)
    return _Position((h[0], h[1], h[2]), state.leader, trick, lost, so_far, state.to_move)


_KEPT = Kept()  # (rules, trump, maker, positions, cards, side) -> its review


def review_kalabriasz_deal(
    plays: Sequence[tuple[Any, Card]],
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    side: int = MAKER,
) -> DealReview:
    """Value every card of a deal: `plays` are (the state before the card, the card), in
    order (the last cards of a deal alone are judged alike). Margins are the maker's
    points minus the defenders'; each card's `loss` is seen from its side (`team` of
    its SideCardReview). The best cards are searched where `side` first lost points.
    `progress(done, total)` is told after each position; `cancelled()` is asked between
    positions and inside the search (True: ReviewCancelled)."""
    if not plays:
        return DealReview((), 0)
    first = plays[0][0]
    maker = first.maker
    positions = [position(state) for state, _ in plays]
    key = (first.variant, first.trump, maker, tuple(positions),
           tuple(card for _, card in plays), side)  # fmt: skip
    total = len(plays) + 1
    kept = _KEPT.get(key)
    if kept is not None:
        if progress is not None:
            progress(total, total)
        return kept
    solver = _Search(first.variant, first.trump, maker, cancelled)
    margins: list[int] = []  # the maker minus the defenders at the end, best play from i
    values: list[int] = []
    for i, pos in enumerate(positions):
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        values.append(solver.value(pos.hands, pos.leader, pos.trick, pos.lost, -INF, INF))
        margins.append(pos.so_far + values[-1])
        if i == len(positions) - 1:  # the last card judged: what was played from here
            margins.append(pos.so_far + solver.played(pos, plays[i][1].index))
        if progress is not None:
            progress(i + 1, total)
    cards: list[CardReview] = []
    for i, ((_, card), pos) in enumerate(zip(plays, positions, strict=True)):
        drop = margins[i] - margins[i + 1]
        loss = drop if pos.to_move == maker else -drop
        cards.append(SideCardReview(i, pos.to_move, card, loss, (), margins[i], maker))
    wrong = DealReview(tuple(cards), margins[-1]).first_loss(side)
    if wrong is not None:  # the best cards where the side first went wrong
        pos = positions[wrong.index]
        seat = pos.to_move
        legal = solver.legal(pos.hands[seat], pos.trick,
                             solver.partner_winning(seat, pos.leader, pos.trick))  # fmt: skip
        best = tuple(CARD_BY_INDEX[c] for c in sorted(legal)
                     if solver.is_best(pos, c, values[wrong.index]))  # fmt: skip
        cards[wrong.index] = replace(wrong, best=best)
    if progress is not None:
        progress(total, total)
    return _KEPT.keep(key, DealReview(tuple(cards), margins[-1]))
