"""The hint at the two-player table: what the hard Klabberjass player would do in your place.

The four-player `Guide` (ui/table/guide.py) does the rest unchanged: the button above the
bottom plate, H while playing a card, the background job that keeps frames coming, the
ring round the hinted card or button, and no hint while the hot-seat cover is up. The
player asked and the words are the game's coaching (teach/klabberjass_coach.py), which
the guide finds through the registry; take-back and the missed-roem note have no
Klabberjass counterpart (no practice mode, no roem to claim). Only where the hint sits
differs here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from ..guide import Guide

if TYPE_CHECKING:
    from ..layout import TableLayout
    from .layout import KlabberjassLayout


class KlabberjassGuide(Guide):
    def points_needed(self, model: Any, variant: Any) -> None:
        """Not said at the two-player table (its sheet is the maker's own sum)."""
        return None

    def place_hint(self, rect: pygame.Rect, L: TableLayout, prompt: pygame.Rect | None) -> None:
        """A question's buttons sit just above the hand here (the turned card keeps the
        middle): the hint goes above them, right of the turned card."""
        if prompt is None:
            super().place_hint(rect, L, prompt)
            return
        turned = cast("KlabberjassLayout", L).turned_pose()  # this table's own layout
        rect.midbottom = (round(L.w / 2), prompt.top - L.px(10))
        rect.left = max(rect.left, round(turned.x + L.card[0] / 2 + L.px(16)))
        rect.right = min(rect.right, L.w - L.margin)
