"""About: the version, the licence and the credits, and where the log file is.

Reached from the small link in the main menu's corner. Every name and licence here is
also in packaging/THIRD-PARTY-NOTICES.txt, which the bundles carry with the full texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..crash import log_path
from ..i18n import tr
from ..version import version
from . import theme, widgets
from .commands import Command
from .scene import Scene

if TYPE_CHECKING:
    from .shell import Shell


class AboutScene(Scene):
    """A panel of short paragraphs and a Back button; Esc or Enter go back."""

    calm = True

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.build()

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def paragraphs(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) from top to bottom."""
        return [
            (tr("about.version", version=version()), theme.GOLD_LIGHT, True),
            (tr("about.licence"), theme.TEXT, False),
            (tr("about.made_with"), theme.TEXT, False),
            (tr("about.fonts"), theme.TEXT, False),
            (tr("about.art"), theme.TEXT, False),
            (tr("about.notices"), theme.TEXT_DIM, False),
            (tr("about.log", path=str(log_path(self.app.args.data_dir))), theme.TEXT_DIM, False),
        ]

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        bw, bh = px(220), px(50)
        rect = pygame.Rect(w // 2 - bw // 2, h - px(30) - bh, bw, bh)
        self.button("back", rect, tr("ui.back"), self.back, "@menu")

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name in ("back", "confirm"):
            self.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_text_page(surface, tr("about.title"), self.paragraphs(), 900)
        super().draw(surface)
