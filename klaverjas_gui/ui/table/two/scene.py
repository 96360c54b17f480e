"""The table for two-player Klabberjass: you south, the opponent across the table.

It is the four-player `TableScene` with its pieces swapped (see the class attributes):
the engine is `KlabberjassState`, the opponent a Klabberjass player, and the
layout, model, director, view and prompts are the two-player versions. Hand
input, the session (play/session.py: the computer's moves, one-answer questions
answered at once), drag and drop, the trick pause, the last-trick view and the
score sheet are the four-player ones, unchanged. Both seats may be people
sharing one laptop: the four-player hot-seat (ui/table/hotseat.py, cover.py) then
covers the hands between their turns, with the table turned so that the person to
act sits at the bottom (`layout.place_of`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.match import MatchOver, ScoreLine
from ....games import KLABBERJASS
from ..scene import TableScene
from .director import KlabberjassDirector
from .guide import KlabberjassGuide
from .layout import KlabberjassLayout
from .model import KlabberjassModel
from .prompts import KlabberjassPrompt
from .view import KlabberjassView

if TYPE_CHECKING:
    from ...summary import DealSummaryScene


class KlabberjassTableScene(TableScene):
    game = KLABBERJASS
    prompt_phases = ("bidding", "schmeiss", "dix", "declare")
    rest_phases = ("bidding", "schmeiss", "dix", "declare", "play")
    layout_class = KlabberjassLayout
    model_class = KlabberjassModel
    director_class = KlabberjassDirector
    view_class = KlabberjassView
    prompt_class = KlabberjassPrompt
    guide_class = KlabberjassGuide

    model: KlabberjassModel  # type: ignore[assignment]

    def points_needed(self) -> None:
        """Not said at the two-player table (its sheet is the maker's own sum)."""
        return None

    sides = ((0,), (1,))  # each player is a side of their own

    def show_summary(self, line: ScoreLine, totals: tuple[int, int]) -> DealSummaryScene:
        """`line` is the sheet's four-player view of the deal; the words need the original."""
        original = next(x for x in self.session.state.sheet if x.deal_no == line.deal_no)
        self.summary = self.app.push(
            "klabberjass deal summary", table=self, line=original, totals=totals
        )
        return self.summary

    def show_match_end(self, ev: MatchOver) -> None:
        if self.app.match is self:
            self.app.match = None
        self.app.push("klabberjass match end", table=self, ev=ev)
