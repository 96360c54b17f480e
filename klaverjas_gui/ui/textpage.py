"""A page of short paragraphs under a gold title, with a Back button (Esc or Enter go
back): the About screen and the coach's report are this page with their own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import tr
from . import theme, widgets
from .commands import Command
from .scene import Scene

if TYPE_CHECKING:
    from .shell import Shell


class TextPageScene(Scene):
    """Subclasses give `title_key`, `width` (px at 1280x720) and `paragraphs()`."""

    calm = True
    title_key = ""
    width = 900

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.build()

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def paragraphs(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) from top to bottom."""
        raise NotImplementedError

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        bw, bh = px(220), px(50)
        rect = pygame.Rect(w // 2 - bw // 2, h - px(30) - bh, bw, bh)
        self.button("back", rect, tr("ui.back"), self.back, "@menu")
        self.text = self.paragraphs()  # read once per build (a language switch rebuilds)
        self.rects: list[pygame.Rect] = []  # each paragraph's place, as last drawn

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
        """The felt, the title and one panel of the paragraphs; readable at 1024x600 (15 px
        there)."""
        w, h = surface.get_size()
        px = self.px
        u = theme.scale_for((w, h))
        surface.blit(widgets.felt((w, h)), (0, 0))
        head = theme.text(tr(self.title_key), px(40), theme.GOLD_LIGHT, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, px(30))))
        top, gap = px(30) + head.get_height() + px(18), px(12)
        bottom = self.buttons["back"].rect.top - px(10)  # the panel never reaches Back
        # in larger letters: the panel as wide as the window allows, then smaller letters
        # (never below 15 px before the text size)
        for size in range(max(15, px(19)), 14, -1):
            for width in (min(w - px(120), px(self.width)), w - px(96)):
                wrapped = [theme.wrap(text, size, width, bold) for text, _, bold in self.text]
                step = theme.font(size).get_linesize()
                height = sum(len(ls) * step + gap for ls in wrapped) + px(36) - gap
                if top + height <= bottom:
                    break
            else:
                continue
            break
        panel = pygame.Rect(w // 2 - width // 2 - px(28), top, width + px(56), height)
        widgets.draw_panel(surface, panel, u)
        y = panel.top + px(18)
        self.rects = []
        for ls, (_, colour, bold) in zip(wrapped, self.text, strict=True):
            rect = pygame.Rect(panel.left + px(16), y - px(4), panel.w - px(32),
                               len(ls) * step + px(8))  # fmt: skip
            self.rects.append(rect)
            self.under(surface, len(self.rects) - 1, rect)
            for line in ls:
                surface.blit(theme.text(line, size, colour, bold), (panel.left + px(28), y))
                y += step
            y += gap
        super().draw(surface)

    def under(self, surface: pygame.Surface, i: int, rect: pygame.Rect) -> None:
        """Drawn under paragraph `i` (a clickable one's frame); nothing by default."""
