"""What the network screens share: a title, Back, a message line, keyboard focus, and the
words for a seat and for a refused name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...games import KLAVERJAS, Game
from ...i18n import tr
from ...play.net.headless import reason_text
from ...play.net.names import NAME_EMPTY
from ...play.seats import SEAT_NAMES
from .. import theme, widgets
from ..commands import Command, on_key
from ..focus import Control, FocusRing
from ..scene import Scene

if TYPE_CHECKING:
    from ..shell import Shell


def name_words(reason: Any) -> str:
    """Why a typed name is refused, as the join and host screens say it."""
    if reason.key == NAME_EMPTY:
        return tr("net.join_need_name")
    return reason_text(reason)


def seat_title(game: Game, seat: int) -> str:
    """A seat as the host sees it from seat 0."""
    return tr(game.seat_places[seat])


def own_name(app: Shell, otherwise: str) -> str:
    """The name the player gave their own seat in Settings (the others at the club see it
    in their lobby), else `otherwise`: "You" means nothing on another laptop."""
    name = app.settings.seat_plan(KLAVERJAS)[0][0]
    return name if name and name != SEAT_NAMES[0] else otherwise


class NetScreen(Scene):
    """What both network screens share: a title, Back, a message line, keyboard focus."""

    calm = False  # the network changes what shows
    title_key = ""
    subtitle_key = ""

    def __init__(self, app: Shell) -> None:
        self.ring = FocusRing()
        self.message = ""
        self.message_bad = False
        super().__init__(app)

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def fit(self, label: str, cls: str, width: int, height: int) -> tuple[int, int]:
        return widgets.fit_label(self.app.size, label, cls, width, height)

    def say(self, text: str, bad: bool = False) -> None:
        """One message line, begun with a capital: the network's reasons are worded for the
        command line too ("cannot join …: the room code is wrong"), a sentence here."""
        self.message, self.message_bad = text[:1].upper() + text[1:], bad

    def top_button(self, key: str, label: str, action: Callable[[], None]) -> Control:
        w, _ = self.app.size
        bw, bh = self.fit(label, "@primary", self.px(150), self.px(44))
        self.button(key, pygame.Rect(w - self.px(26) - bw, self.px(22), bw, bh), label, action,
                    "@primary")  # fmt: skip
        return self.control(key, action)

    def foot_button(self, key: str, label: str, action: Callable[[], None]) -> Control:
        w, h = self.app.size
        bw, bh = self.fit(label, "@primary", self.px(220), self.px(56))
        self.button(key, pygame.Rect(w - self.px(40) - bw, h - self.px(28) - bh, bw, bh), label,
                    action, "@primary")  # fmt: skip
        return self.control(key, action)

    def control(self, key: str, press: Callable[[], None]) -> Control:
        return Control(key, lambda: self._rect(key), press)

    def _rect(self, key: str) -> pygame.Rect | None:
        button = self.buttons.get(key)
        return button.get_abs_rect() if button is not None else None

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {"back": self.back}) or self.ring.handle(cmd)

    def back(self) -> None:
        self.app.pop(self)

    def draw_head(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        px = self.px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr(self.title_key), px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        sub = theme.text(tr(self.subtitle_key), theme.readable(px(16)), theme.TEXT_DIM)
        surface.blit(sub, (px(28), px(18) + title.get_height()))

    def draw_message(self, surface: pygame.Surface, left: int, bottom: int, width: int) -> None:
        if not self.message:
            return
        size = theme.readable(self.px(17))
        colour = (255, 160, 140) if self.message_bad else theme.TEXT
        lines = theme.wrap(self.message, size, width, True)[:3]
        y = bottom - len(lines) * theme.font(size, True).get_linesize()
        for line in lines:
            img = theme.text(line, size, colour, True)
            surface.blit(img, (left, y))
            y += img.get_height()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        super().draw(surface)
        self.ring.draw(surface, theme.scale_for(self.app.size))
