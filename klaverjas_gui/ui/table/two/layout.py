"""Where the two-player table puts what the four-player one has not: the stock and the
turned card, and its questions a little lower."""

from __future__ import annotations

import pygame

from ..layout import Pose, TableLayout


class KlabberjassLayout(TableLayout):
    """The four-player layout with a place for the stock and the turned card. Which
    seat sits where is `layout.place_of`'s (two players: face to face)."""

    prompt_grows_down = True  # the turned card's label lies just above the questions

    # --- the stock and the turned card, left of the trick ---
    def stock_pose(self) -> Pose:
        cw, ch = self.card
        cx, cy = self.centre
        return Pose(cx - 3.2 * cw, cy - 0.4 * ch, 0.0, 1.0)

    def turned_pose(self) -> Pose:
        cw, _ = self.card
        stock = self.stock_pose()
        return Pose(stock.x + 1.3 * cw, stock.y, 0.0, 1.0)

    def side_strip(self, open_cards: bool) -> pygame.Rect:
        """Below the trump panel, clear of the stock. There is no West hand here to end it,
        so it reaches down to the coach's corner: narrow beside the stock, a deal's bidding
        (a schmeiss refused after three passes) takes more lines than West's room held,
        and the oldest went out of sight."""
        rect = super().side_strip(open_cards)
        stock = self.stock_pose()
        rect.w = min(rect.w, round(stock.x - self.card[0] / 2) - self.px(10) - rect.left)
        rect.h = max(0, self.coach_room(open_cards).top - self.px(8) - rect.top)
        return rect

    def hint_rooms(self, open_cards: bool) -> list[pygame.Rect]:
        """Right of the trick only: the stock and the turned card are on its left."""
        return super().hint_rooms(open_cards)[:1]

    def prompt_centre(self) -> tuple[int, int]:
        """Below the middle: the turned card and the opponent's words stay in view."""
        cx, cy = self.centre
        return round(cx), round(cy + 0.74 * self.card[1])

    def shown_centre(self) -> tuple[float, float]:
        """Where a player's shown sequences are laid out for a moment."""
        cx, cy = self.centre
        return cx, cy - 0.05 * self.card[1]
