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

from ....engine.klabberjass import KlabberjassScoreLine
from ....engine.match import ScoreLine
from ....games import KLABBERJASS
from ..scene import TableScene
from .director import KlabberjassDirector
from .guide import KlabberjassGuide
from .layout import KlabberjassLayout
from .model import KlabberjassModel
from .prompts import KlabberjassPrompt
from .view import KlabberjassView


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

    summary_scene, end_scene = "klabberjass deal summary", "klabberjass match end"
    sides = ((0,), (1,))  # each player is a side of their own

    model: KlabberjassModel

    def summary_line(self, line: ScoreLine) -> KlabberjassScoreLine:
        """`line` is the sheet's four-player view of the deal; the words need the original."""
        return next(x for x in self.session.state.sheet if x.deal_no == line.deal_no)
