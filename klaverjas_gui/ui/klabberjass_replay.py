"""Replaying one deal of a stored Klabberjass game, two cards to a trick.

The four-player replay with the two-player game swapped in: the Klabberjass
engine rebuilds every position from the stored actions, and the Klabberjass
table (stock, turned card, seat 1 North) draws it with both hands open.
"""

from __future__ import annotations

from typing import Any

from ..games import KLABBERJASS
from ..words import describe_klabberjass_deal
from .replay import ReplayScene


class KlabberjassReplayScene(ReplayScene):
    """One Klabberjass deal, step by step; Up/Down (or the buttons) move a trick of two."""

    game = KLABBERJASS

    def describe_end(self, line: Any) -> str:
        return describe_klabberjass_deal(line.score)
