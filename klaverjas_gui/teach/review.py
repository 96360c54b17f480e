"""Deal review: every card of a played deal measured against best play with open cards.

For each card the exact solver (`ai.solver`) values every legal card of that
position. A card's `loss` is how much the margin its team can still reach
(its final total minus the other team's, with both sides playing perfectly
from there) dropped by playing it instead of the best card: 0 for a best card.
The first card of a team with a loss is where that team first gave points
away against best play. Like the solver, the review counts all roem as
claimed, so a missed claim is not mistaken for a bad card.

Pure Python and slow for a whole deal (about a second or two): a scene runs
`review_deal` as a background job (play/seats.py), shows its `progress`, and
cancels it when it closes. The last few deals' reviews are kept, so a deal reviewed
again (back to the summary and into the review once more) opens at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from ..ai.solver import Position, Solver
from ..engine import Card, MatchState
from ..engine.cards import CARD_BY_INDEX


class ReviewCancelled(Exception):
    """The scene that asked for the review was closed; the work was dropped."""


@dataclass(frozen=True)
class CardReview:
    index: int  # 0..31: the card's place in the deal
    seat: int
    card: Card
    loss: int  # margin the card's team gave away against best play (0: a best card)
    best: tuple[Card, ...]  # the best cards (ties included); searched for the first loss only
    margin: int  # team 0 minus team 1 at the deal's end, best play from before this card

    @property
    def team(self) -> int:
        return self.seat % 2


@dataclass(frozen=True)
class DealReview:
    cards: tuple[CardReview, ...]
    final_margin: int  # what happened: team 0 minus team 1 (card points, all roem, pit)

    @property
    def best_margin(self) -> int:
        """Team 0 minus team 1 had all four played perfectly from the first card."""
        return self.cards[0].margin if self.cards else self.final_margin

    def first_loss(self, team: int) -> CardReview | None:
        """The first card of `team` after which its best reachable result was lower."""
        return next((c for c in self.cards if c.team == team and c.loss > 0), None)


KEEP = 4  # deals: a summary's, a replay's and a coach report's, with room to go back


Key = tuple[Hashable, ...]  # what a review was of: its positions, cards, seat, ...


class Kept:
    """The last `KEEP` deals' reviews by what was reviewed, oldest first, so that going back
    to a deal costs nothing; locked, as reviews run as background jobs."""

    def __init__(self) -> None:
        self.reviews: dict[Key, DealReview] = {}
        self._lock = threading.Lock()

    def get(self, key: Key) -> DealReview | None:
        with self._lock:
            return self.reviews.get(key)

    def keep(self, key: Key, review: DealReview) -> DealReview:
        with self._lock:
            self.reviews[key] = review
            while len(self.reviews) > KEEP:
                del self.reviews[next(iter(self.reviews))]
        return review


_KEPT = Kept()  # (positions, cards, team) -> its review


def team_points(margin: int) -> int:
    """A change of the margin (ours minus theirs) in points of this deal for one team: a
    point moved from one team to the other changes the margin by two, so half of it is what
    the team gained or lost (as the coach counts, teach/coach.py). Never 0 for a change."""
    if not margin:
        return 0
    n = max(1, round(abs(margin) / 2))
    return n if margin > 0 else -n


def position(state: MatchState) -> Position:
    """The solver's view of a play-phase state, every roem counted as claimed."""
    return Position.from_history(
        state.variant, state.trump, state.hands, state.tricks, state.trick, state.leader,
        state.chooser % 2, state.kraak_level, None,
    )  # fmt: skip


def until_wrong_card(plays: Sequence[tuple[MatchState, Card]]) -> list[tuple[MatchState, Card]]:
    """The plays before the deal's first wrong card (revoke = club, RULES.md 1.11): best
    play is measured among the cards the rules allow, so a wrong card and what followed it
    have no measure; the deal's summary says what the revoke cost."""
    out = []
    for state, card in plays:
        if all(a.card != card for a in state.rule_actions()):
            break
        out.append((state, card))
    return out


def review_deal(
    plays: Sequence[tuple[MatchState, Card]],
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    team: int = 0,
) -> DealReview:
    """Value every card of a deal: `plays` are (the state before the card, the card).

    One exact value per position gives every card's loss (the margin before
    it minus the margin after it, seen from its team); the best cards are
    searched only where a team first lost points, since valuing every
    alternative of every position would take several times as long (`team`: whose
    first loss gets its best cards, the human's by default).
    `progress(done, total)` is told after each position; `cancelled()` is asked
    between positions (True: ReviewCancelled) and by the solver inside one (True:
    SearchTimeout), so a long search stops soon after the caller gives up."""
    plays = until_wrong_card(plays)
    if not plays:
        return DealReview((), 0)
    first = plays[0][0]
    solver = Solver(first.variant, first.trump, first.chooser % 2, first.kraak_level,
                    cancelled=cancelled)  # fmt: skip
    total = len(plays) + 1
    positions = [position(state) for state, _ in plays]
    key = (tuple(positions), tuple(card for _, card in plays), team)
    kept = _KEPT.get(key)
    if kept is not None:
        if progress is not None:
            progress(total, total)
        return kept
    margins: list[int] = []  # team 0 minus team 1 at the end, best play from position i
    for i, pos in enumerate(positions):
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        me = pos.to_move % 2
        so_far = pos.points[me] - pos.points[1 - me]
        sign = 1 if me == 0 else -1
        margins.append(sign * (so_far + solver.value(pos)))
        if i == len(positions) - 1:  # the deal's last card: what actually happened
            played = solver.move_values(pos)[plays[i][1].index]
            margins.append(sign * (so_far + played))
        if progress is not None:
            progress(i + 1, total)
    cards = []
    for i, ((_, card), pos) in enumerate(zip(plays, positions, strict=True)):
        drop = margins[i] - margins[i + 1]
        loss = drop if pos.to_move % 2 == 0 else -drop
        cards.append(CardReview(i, pos.to_move, card, loss, (), margins[i]))
    if cancelled is not None and cancelled():
        raise ReviewCancelled
    wrong = DealReview(tuple(cards), margins[-1]).first_loss(team)
    if wrong is not None:  # the best cards where the team first went wrong
        values = solver.move_values(positions[wrong.index])
        top = max(values.values())
        best = tuple(CARD_BY_INDEX[k] for k, v in sorted(values.items()) if v == top)
        cards[wrong.index] = replace(wrong, best=best)
    if progress is not None:
        progress(total, total)
    return _KEPT.keep(key, DealReview(tuple(cards), margins[-1]))
