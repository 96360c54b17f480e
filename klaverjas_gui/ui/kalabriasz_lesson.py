"""A Kalabriasz lesson at the table for three ("Three at the table", teach/lessons.py):
the tutorial's `LessonScene` (the script plays West and East, the learner's move goes
through `LessonRun`, the lesson panel in South's corner) on the three-player table, where
a card of the hand is laid away as it is played."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .table.layout import SOUTH, WEST
from .table.three.guide import KalabriaszGuide
from .table.three.layout import KalabriaszLayout
from .table.three.scene import KalabriaszTableScene
from .table.three.view import KalabriaszView
from .tutorial import LessonGuide, LessonPicture, LessonScene, LessonSouth


@dataclass(frozen=True)
class KalabriaszLessonLayout(LessonSouth, KalabriaszLayout):
    """The lesson's bottom hand (LessonSouth); West's name plate above West's hand (below
    the trump panel, where the three-player table has nothing), so the lesson panel has
    the whole corner below the hand: a lesson of three says more (the talon, the maker's
    goal) than the four-player panel holds at 1024x600, and grown over the plate it hid
    West's name."""

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        plate = super().plate_rect(seat, open_cards)
        if seat == WEST:
            plate.bottom = self.hand_bounds(WEST, open_cards).top - self.px(10)
        return plate

    def hint_rooms(self, open_cards: bool) -> list[pygame.Rect]:
        """The left room right of West's hand ends with the hand (the plate is above it)."""
        right, left = super().hint_rooms(open_cards)
        left.h = max(0, self.hand_bounds(WEST, open_cards).bottom - left.top)
        return [right, left]


class KalabriaszLessonView(LessonPicture, KalabriaszView):
    """The three-player table with the lesson's panel and heading."""


class KalabriaszLessonGuide(LessonGuide, KalabriaszGuide):
    """No hint in a lesson, and the three-player table's manners otherwise."""


class KalabriaszLessonScene(LessonScene, KalabriaszTableScene):
    layout_class = KalabriaszLessonLayout
    view_class = KalabriaszLessonView
    guide_class = KalabriaszLessonGuide

    def panel_rect(self) -> pygame.Rect:
        """Bottom left, from below West's hand down, left of South's hand."""
        L = self.layout
        top = L.hand_bounds(WEST, False).bottom + L.px(12)
        right = L.hand_bounds(SOUTH, False).left - L.px(16)
        return pygame.Rect(L.margin, top, right - L.margin, L.h - L.margin - top)

    def panel_ceiling(self) -> int:
        """Where words that do not fit grow the panel to: over West's cards, never his plate."""
        return self.layout.plate_rect(WEST, False).bottom + self.layout.px(10)
