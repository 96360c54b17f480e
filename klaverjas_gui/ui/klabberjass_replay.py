"""A stored Klabberjass game in History: its sheet, and one deal replayed two cards to a
trick.

Its score lines are drawn on the four-player sheet and chart (as the Klabberjass table
does). The four-player replay with the two-player game swapped in: the Klabberjass
engine rebuilds every position from the stored actions, and the Klabberjass
table (stock, turned card, seat 1 North) draws it with both hands open.
"""

from __future__ import annotations

from typing import Any

from ..games import KLABBERJASS
from ..words import describe_klabberjass_deal
from .history import MatchRecordScene
from .replay import ReplayScene
from .table.two.model import sheet_line


class KlabberjassRecordScene(MatchRecordScene):
    """One stored game, its lines on the four-player sheet as its table draws them."""

    def sheet_line(self, line: Any) -> Any:
        return sheet_line(line)


class KlabberjassReplayScene(ReplayScene):
    """One Klabberjass deal, step by step; Up/Down (or the buttons) move a trick of two."""

    game = KLABBERJASS

    def describe_end(self, line: Any) -> str:
        return describe_klabberjass_deal(line.score)
