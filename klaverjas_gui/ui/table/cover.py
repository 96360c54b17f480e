"""The cover between two hot-seat players: "Pass the laptop to Anna".

A seat still called by the default name "You" is named by its place instead ("Pass the
laptop to the South player"): "Pass the laptop to You … You's cards" reads as nonsense.

While it is up, the table below draws every hand face down (HotSeat.hiding)
and the cover darkens it almost completely, so the next player's cards are not
seen by the one handing the laptop over. A button or any key reveals them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import tr
from .. import theme, widgets
from ..commands import Command
from ..scene import Scene
from ..seats import SEAT_NAMES, compass

if TYPE_CHECKING:
    from ...play.session import MatchSession
    from ..shell import Shell

UNATTENDED_SECONDS = 1.5  # screenshots and benchmarks: the autopilot confirms by itself


class CoverScene(Scene):
    opaque = False  # the table shows dimly (hands face down), so the place is recognisable

    def __init__(
        self, app: Shell, session: MatchSession, seat: int, confirm: Callable[[int], None]
    ) -> None:
        """The cover before person `seat`'s turn; `confirm(seat)` when they hold the laptop."""
        super().__init__(app)
        self.seat = seat
        self.on_confirm = confirm
        self.unattended = session.autopilot is not None  # confirms by itself
        self.name = session.seats[seat].label
        self.default_name = session.seats[seat].name == SEAT_NAMES[0]
        self.age = 0.0
        self.done = False
        self.build()

    def words(self, part: str) -> str:
        """guide.cover_<part>, for a seat by its name or, named "You", by its place."""
        if self.default_name:
            return tr(f"guide.cover_{part}_you", seat=compass(self.seat))
        return tr(f"guide.cover_{part}", name=self.name)

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        rect = pygame.Rect(0, 0, round(min(w * 0.9, 640 * u)), round(250 * u))
        rect.center = (w // 2, round(h * 0.45))
        return rect

    def build(self) -> None:
        u = theme.scale_for(self.app.size)
        p = self._panel()
        rect = pygame.Rect(0, 0, round(p.w - 80 * u), round(54 * u))  # room for a long name
        rect.midbottom = (p.centerx, p.bottom - round(40 * u))
        self.button("show", rect, self.words("button"), self.confirm, "@primary")

    def confirm(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.pop(self)
        self.on_confirm(self.seat)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name == "back":
            self.app.show_menu()  # the table asks again when the match is continued
            return True
        if cmd.kind == "key":
            self.confirm()
            return True
        return cmd.kind in ("pointer_down", "pointer_up", "pointer_move")  # not for the table

    def calm_for(self) -> float:
        """Calm until the autopilot (if any) confirms by itself."""
        due = UNATTENDED_SECONDS - self.age if self.unattended else math.inf
        return min(self.widgets_calm_for(), max(0.0, due))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self.unattended and self.age > UNATTENDED_SECONDS:
            self.confirm()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 235)
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        p = self._panel()
        widgets.draw_panel(surface, p, u, (8, 30, 20, 245), theme.GOLD)
        img = theme.text(self.words("title"), px(32), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(p.centerx, p.top + px(30))))
        y = p.top + px(30) + img.get_height() + px(10)
        for line in theme.wrap(self.words("sub"), px(18), p.w - px(60)):
            img = theme.text(line, px(18), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height()
        super().draw(surface)
        img = theme.text(tr("guide.cover_keys"), px(14), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(p.centerx, p.bottom - px(32))))
