"""Where the three-player table puts what the four-player one has not: the talon (and,
once the maker has taken it, the two cards he laid away) at the top, where a fourth
player would sit, and the bidding log beside it. The two other players sit West and
East (`layout.place_of`), their hands up to twelve cards long."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import pygame

from ... import theme
from ..layout import EAST, NORTH, SMALL, SOUTH, WEST, Pose, TableLayout

LONGEST_HAND = 12  # the maker's ten and the talon, before he lays two away


@dataclass(frozen=True)
class KalabriaszLayout(TableLayout):
    """The four-player layout with the talon at the top and room for hands of twelve."""

    places: tuple[int, ...] = (SOUTH, WEST, EAST)  # the top is the talon's
    longest_hand: ClassVar[int] = LONGEST_HAND  # the maker's twelve: plates keep clear

    # --- the talon, at the top in the middle ---
    def talon_pose(self, index: int) -> Pose:
        """Card `index` (0 or 1) of the talon, or of the two cards laid away."""
        sw, sh = self.small
        cx, _ = self.centre
        return Pose(cx + (index - 0.5) * (sw + self.px(8)), self.margin + sh / 2, 0.0, SMALL)

    def talon_rect(self) -> pygame.Rect:
        """What the two cards of the talon cover, their label below included."""
        sw, sh = self.small
        left = self.talon_pose(0).x - sw / 2
        label = theme.font(self.text(15), True).get_linesize()  # as large as the text size
        return pygame.Rect(round(left), self.margin, round(2 * sw + self.px(8)),
                           round(sh + self.px(4) + label))  # fmt: skip

    # --- hands of up to twelve cards ---
    def _hidden_fan(self, seat: int, n: int) -> list[Pose]:
        """West's and East's backs a little closer together: twelve span what eight do at
        the four-player table, so the name plates below them keep their place."""
        poses = super()._hidden_fan(seat, n)
        if seat == NORTH:
            return poses
        cy, k = self.centre[1], 7 / (LONGEST_HAND - 1)
        return [Pose(p.x, cy + (p.y - cy) * k, p.angle, p.scale) for p in poses]

    def south_span(self) -> float:
        """No wider than eight cards of the four-player table: ten or twelve cards lie
        closer together, clear of the name plates and buttons in the bottom corners."""
        cw, _ = self.card
        return min(super().south_span(), 7 * 0.56 * cw + cw)

    def _open_width(self) -> float:
        sw, _ = self.small
        return 0.42 * sw * (LONGEST_HAND - 3) + sw  # ten cards in a row; twelve a little wider

    # --- panels ---
    def side_strip(self, open_cards: bool) -> pygame.Rect:
        """The bidding log: at the top, between the trump panel and the talon (West's hand
        lies below the trump panel here), down to the trick."""
        gap = self.px(10)
        left = self.trump_panel.right + gap
        right = self.talon_rect().left - self.px(14)
        top = self.margin
        bottom = round(self.trick_area().top) - gap
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    @cached_property
    def score_panel(self) -> pygame.Rect:
        """Top right, a row for each of the three players, as wide as the larger text needs
        up to the talon."""
        room = self.w - self.margin - (self.talon_rect().right + self.px(14))
        w = max(self.px(300), min(round(self.px(340) * theme.text_scale()), room))
        return pygame.Rect(self.w - self.margin - w, self.margin, w, self.px(132))

    def trick_area(self) -> pygame.Rect:
        """The three cards of a trick: South's, West's and East's."""
        cw, ch = self.card
        area = pygame.Rect(0, 0, round(2.95 * cw), round(1.75 * ch))
        area.center = (round(self.centre[0]), round(self.centre[1] + 0.2 * ch))
        return area

    def hint_tops(self, open_cards: bool) -> tuple[int, int]:
        """Right of the trick, below the score panel; left of it, below the bidding log."""
        gap = self.px(12)
        return self.score_panel.bottom + gap, self.side_strip(open_cards).bottom + gap

    def panels(self, open_cards: bool, places: tuple[int, ...] = (SOUTH, WEST, EAST),
               ) -> list[pygame.Rect]:  # fmt: skip
        """The four-player table's, and the talon (or the two cards laid away)."""
        return [*super().panels(open_cards, places), self.talon_rect()]

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        if seat == NORTH:  # nobody sits there: the talon does
            return pygame.Rect(0, 0, 0, 0)
        return super().plate_rect(seat, open_cards)
