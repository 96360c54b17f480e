"""Hot-seat: several people at one laptop, each seeing only their own hand.

The table always shows the hand of the human whose turn it is at the bottom:
the layout is seen from that seat (`layout.SeatedLayout`). When the turn
passes to a different human, a cover (ui/cover.py) hides every hand until the
next player says they hold the laptop. With one human nothing of this happens,
except that a lone human seat other than South is turned to the bottom too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cover import CoverScene
    from .scene import TableScene


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
