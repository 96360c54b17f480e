"""Hot-seat: several people at one laptop, each seeing only their own hand.

The table always shows the hand of the human whose turn it is at the bottom:
the layout is turned so that seat sits South (`RotatedLayout`). When the turn
passes to a different human, a cover (ui/cover.py) hides every hand until the
next player says they hold the laptop. With one human nothing of this happens,
except that a lone human seat other than South is turned to the bottom too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .layout import Pose, TableLayout

if TYPE_CHECKING:
    from .cover import CoverScene
    from .table import TableScene


class RotatedLayout:
    """A TableLayout seen from another seat: seat `rotation` is drawn South.

    Only the entry points that take a seat are turned; everything else (sizes,
    panels, the South hand's hit testing) is the base layout's. Composition, not
    a subclass, so the base's inner calls between its own methods are not turned twice."""

    def __init__(self, base: TableLayout, rotation: int) -> None:
        self.base = base
        self.rotation = rotation % 4

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def place(self, seat: int) -> int:
        """Where `seat` sits on screen (0 south, 1 west, 2 north, 3 east)."""
        return (seat - self.rotation) % 4

    def hand_poses(self, seat: int, n: int, open_cards: bool) -> list[Pose]:
        return self.base.hand_poses(self.place(seat), n, open_cards)

    def hand_centre(self, seat: int) -> tuple[float, float]:
        return self.base.hand_centre(self.place(seat))

    def hand_bounds(self, seat: int, open_cards: bool) -> pygame.Rect:
        return self.base.hand_bounds(self.place(seat), open_cards)

    def trick_pose(self, seat: int) -> Pose:
        return self.base.trick_pose(self.place(seat))

    def sweep_pose(self, seat: int) -> Pose:
        return self.base.sweep_pose(self.place(seat))

    def deck_pose(self, dealer: int) -> Pose:
        return self.base.deck_pose(self.place(dealer))

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        return self.base.plate_rect(self.place(seat), open_cards)

    def bubble_anchor(self, seat: int, open_cards: bool) -> tuple[float, float, str]:
        return self.base.bubble_anchor(self.place(seat), open_cards)


def rotated(layout: TableLayout, rotation: int) -> TableLayout:
    """`layout` turned so that seat `rotation` sits South (the layout itself for South)."""
    return layout if rotation % 4 == 0 else RotatedLayout(layout, rotation)  # type: ignore[return-value]


class HotSeat:
    """The cover between two humans' turns. Who holds the laptop is the session's seat
    policy (`MatchSession.holder`, `hand_over_due`, `hand_to`); this shows it."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.many = len(table.humans) > 1
        self.cover: CoverScene | None = None
        self.covers = 0  # how many times the laptop changed hands (for tests and the curious)

    @property
    def hiding(self) -> bool:
        """Every hand is face down: the laptop is between two people. Open-hands practice
        shows every hand, so it hides nothing and passes the laptop without a cover."""
        t = self.table
        return self.many and not t.practice and (not t.session.handed or self.cover is not None)

    def hand_over(self, seat: int) -> bool:
        """Called when human `seat` is to act; True while the laptop is being passed on."""
        t = self.table
        if not t.session.hand_over_due(seat):
            return False
        if t.practice:
            self.confirm(seat)
            return False
        if self.cover is None or self.cover not in t.app.scenes:
            self.covers += 1
            t.hand.cancel()
            self.cover = t.app.push("cover", table=t, seat=seat)
        return True

    def confirm(self, seat: int) -> None:
        """The next player holds the laptop: turn the table to them and show their hand."""
        t = self.table
        self.cover = None
        turned = seat != t.human_seat
        t.session.hand_to(seat)
        if turned:
            t.layout = t.make_layout(t.app.size)
            t.model.poses.clear()  # the new hand snaps into place
            t.hand.cancel()
            t.hand.selected = None
            t.prompt.hide()
        d = t.director
        if d.claim_window:  # a roem claim gets its full trick pause after the cover
            d.pause = (0.0, d.pause[1])
