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
        w, h = self.app.size
        px = self.px
        u = theme.scale_for(self.app.size)
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("about.title"), px(40), theme.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(30))))
        size, gap = max(15, px(19)), px(12)  # readable at 1024x600 (15 px there)
        width = min(w - px(120), px(900))
        panel = pygame.Rect(w // 2 - width // 2 - px(28), px(30) + title.get_height() + px(18),
                            width + px(56), 0)  # fmt: skip
        lines = [(line, colour, bold) for text, colour, bold in self.paragraphs()
                 for line in theme.wrap(text, size, width, bold) + [""]]  # fmt: skip
        step = theme.font(size).get_linesize()
        panel.h = sum(gap if not line else step for line, _, _ in lines) + px(36) - gap
        widgets.draw_panel(surface, panel, u)
        y = panel.top + px(18)
        for line, colour, bold in lines:
            if not line:
                y += gap
                continue
            img = theme.text(line, size, colour, bold)
            surface.blit(img, (panel.left + px(28), y))
            y += step
        super().draw(surface)
