"""Hot-seat: several people at one laptop, each seeing only their own hand.

The table always shows the hand of the human whose turn it is at the bottom:
the layout is seen from that seat (`layout.SeatedLayout`). When the turn
passes to a different human, a cover (cover.py) hides every hand until the
next player says they hold the laptop. With one human nothing of this happens,
except that a lone human seat other than South is turned to the bottom too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...i18n import tr
from ..seats import SEAT_NAMES

if TYPE_CHECKING:
    from ...play.session import MatchSession
    from ..shell import Shell
    from .cover import CoverScene


class HotSeat:
    """The cover between two humans' turns. Who holds the laptop is the session's seat
    policy (`MatchSession.holder`, `hand_over_due`, `hand_to`); this shows it, and calls
    `handed(turned)` when a person took the laptop (`turned`: another person than before),
    so that the table turns itself to them."""

    def __init__(
        self, app: Shell, session: MatchSession, practice: bool,
        handed: Callable[[bool], None],
    ) -> None:  # fmt: skip
        self.app = app
        self.session = session
        self.practice = practice
        self.handed = handed
        self.many = len(session.people) > 1
        self.cover: CoverScene | None = None
        self.covers = 0  # how many times the laptop changed hands (for tests and the curious)

    def names(self) -> tuple[tuple[str, ...], frozenset[int]]:
        """The plates' names and the seats spoken to as "you". With several people another
        person's "You" is not the one holding the laptop: that seat is named by its place,
        as the cover names it (Anna read "Jij · Maat" above her hand, and "gekozen door
        jou" for the trump her partner chose)."""
        s = self.session
        names = tuple(seat.label for seat in s.seats)
        you = frozenset(i for i, seat in enumerate(s.seats) if seat.name == SEAT_NAMES[0])
        if self.many and s.holder is not None:
            names = tuple(tr(s.game.seat_words[i]) if i in you and i != s.holder else name
                          for i, name in enumerate(names))  # fmt: skip
            you = frozenset(i for i in you if i == s.holder)
        return names, you

    @property
    def hiding(self) -> bool:
        """Every hand is face down: the laptop is between two people. Open-hands practice
        shows every hand, so it hides nothing and passes the laptop without a cover."""
        return (
            self.many and not self.practice and (not self.session.handed or self.cover is not None)
        )

    def faces(self, open_cards: bool) -> frozenset[int]:
        """The seats whose hands are drawn face up: none while the laptop is between two
        people, every one with open cards, else the holder's."""
        holder = self.session.holder
        if self.hiding:
            return frozenset()
        if open_cards:
            return frozenset(range(self.session.players))
        return frozenset() if holder is None else frozenset((holder,))

    def hand_over(self, seat: int) -> bool:
        """Called when human `seat` is to act; True while the laptop is being passed on."""
        if not self.session.hand_over_due(seat):
            return False
        if self.practice:
            self.confirm(seat)
            return False
        if self.cover is None or self.cover not in self.app.scenes:
            self.covers += 1
            self.cover = self.app.push("cover", session=self.session, seat=seat,
                                       confirm=self.confirm)  # fmt: skip
        return True

    def confirm(self, seat: int) -> None:
        """The next player holds the laptop: the session hands it to them."""
        self.cover = None
        turned = seat != self.session.holder
        self.session.hand_to(seat)
        self.handed(turned)
