"""A network match at the table: who is connected, who is away, and the seat button.

Below the score panel the room and a dot per person at another laptop; right of the
trick who is away (in the middle it covered the top card of the trick in a low window);
above the bottom plate, while a computer plays for a connected guest, the link's seat
button ("I'll play again" on the guest's table, "Wait for Cor again" on the host's); and
on a guest's table, the jump to the host's position after a rejoin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from .. import widgets

if TYPE_CHECKING:
    from .port import TablePort


class NetCorner:
    """The network's pieces of one table; nothing when the session has no link."""

    def __init__(self, table: TablePort) -> None:
        self.table = table
        self.seat_rect = pygame.Rect(0, 0, 0, 0)  # where the seat button goes, at its least
        self.label: str | None = None  # the seat button's words, if it is shown
        self.away_rect: pygame.Rect | None = None  # where "who is away" was drawn

    def follow(self, load: Callable[[Any], None]) -> None:
        """A guest's table: a rejoin jumps to the host's position (`load`), and what a
        computer played for this person meanwhile is said once; also now, when they joined
        again after closing the window."""
        session = self.table.session
        if not hasattr(session, "on_jump"):
            return

        def rejoined(state: Any) -> None:
            load(state)
            self.say_while_away()

        session.on_jump(rejoined)
        self.say_while_away()

    def say_while_away(self) -> None:
        session = self.table.session
        said, session.while_away = session.while_away, None
        if said:
            self.table.toast(said, 6.0)

    def place(self, rect: pygame.Rect) -> None:
        """The seat button's place (above the bottom plate's buttons), made anew."""
        self.seat_rect, self.label = rect, None
        self.table.remove_button("net_seat")

    def offer(self) -> None:
        """Show the link's seat button while it offers one."""
        link = self.table.session.link
        if link is None:
            return
        offer = link.seat_button()
        label = offer[0] if offer is not None else None
        if label == self.label:
            return
        self.label = label
        self.table.remove_button("net_seat")
        if offer is not None:  # as wide as its words need, up to the bottom hand's cards
            L = self.table.layout
            rect = self.seat_rect.copy()
            rect.size = widgets.fit_label(self.table.size, label, "@menu_primary", *rect.size)
            room = L.hand_bounds(L.bottom, False).left - L.px(10) - rect.left
            rect.w = max(self.seat_rect.w, min(rect.w, room))
            self.table.button("net_seat", rect, label, offer[1], "@menu_primary")

    def draw(self, surface: pygame.Surface) -> None:
        link = self.table.session.link
        if link is None:
            return
        from ..netstatus import draw_away, draw_status  # only a network match needs them

        L = self.table.layout
        right = L.score_panel.right
        bottom = draw_status(surface, link, (right, L.score_panel.bottom + L.px(6)), L.u)
        width = right - L.trick_area().right - L.px(12)
        self.away_rect = draw_away(surface, link, (0, 0), L.u, (right, bottom + L.px(6), width))
