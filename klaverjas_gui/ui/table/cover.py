"""The cover between two hot-seat players: "Pass the laptop to Anna".

A seat still called by the default name "You" is named by its place instead ("Pass the
laptop to the South player"; at three players, to the seat its settings call "You
(bottom)"): "Pass the laptop to You … You's cards" reads as nonsense.

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
from ..seats import SEAT_NAMES

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
        self.game = session.game
        self.default_name = session.seats[seat].name == SEAT_NAMES[0]
        self.age = 0.0
        self.done = False
        self.build()

    def words(self, part: str) -> str:
        """guide.cover_<part>, for a seat by its name or, named "You", by its place as the
        game's table names it (the registry's `seat_words`: no compass at three players)."""
        if self.default_name:
            seat = tr(self.game.seat_words[self.seat])
            return tr(self.game.cover_words.format(part), seat=seat)
        return tr(f"guide.cover_{part}", name=self.name)

    def layout(self) -> tuple[pygame.Rect, list[str], list[str]]:
        """The panel, the title's lines and the subtitle's: as wide as the title needs
        (up to 90% of the window), the title wrapped beyond that ("Geef de laptop aan de
        speler van Zuid" at larger text), and as tall as the words and the button need."""
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        title = self.words("title")
        width = round(min(w * 0.9, max(640 * u, theme.text_width(title, px(32), True) + px(60))))
        titles = theme.wrap(title, px(32), width - px(60), bold=True)
        subs = theme.wrap(self.words("sub"), px(18), width - px(60))
        words_h = len(titles) * theme.font(px(32), True).get_linesize() + px(10)
        words_h += len(subs) * theme.font(px(18)).get_linesize()
        below = px(16) + px(54) + px(40)  # a gap, the button, the keys line
        rect = pygame.Rect(0, 0, width, min(h - px(20), max(px(250), px(30) + words_h + below)))
        rect.center = (w // 2, min(round(h * 0.45), h - px(10) - rect.h // 2))
        return rect, titles, subs

    def _panel(self) -> pygame.Rect:
        return self.layout()[0]

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
        p, titles, subs = self.layout()
        widgets.draw_panel(surface, p, u, (8, 30, 20, 245), theme.GOLD)
        y = p.top + px(30)
        for line in titles:
            img = theme.text(line, px(32), theme.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += theme.font(px(32), True).get_linesize()
        y += px(10)
        for line in subs:
            img = theme.text(line, px(18), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += theme.font(px(18)).get_linesize()
        super().draw(surface)
        img = theme.text(tr("guide.cover_keys"), px(14), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(p.centerx, p.bottom - px(32))))
