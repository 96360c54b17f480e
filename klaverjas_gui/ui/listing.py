"""A drawn table of rows with a header: the match history and the leaderboard.

Drawn with the same fonts as the score sheet rather than built from widgets,
so a history of a thousand matches costs nothing to open. It scrolls with the
wheel, Up/Down and Page keys; a click (or Enter) on a row picks it when the
owner wants rows picked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..i18n import tr
from . import icons, theme, widgets
from .commands import Command, on_key
from .scene import Scene

if TYPE_CHECKING:
    from .shell import Shell


@dataclass(frozen=True)
class Column:
    title: str
    width: float  # share of the row
    align: str = "left"  # left, right, or suit (a suit letter drawn as its symbol)
    whole: bool = False  # never shortened ("59 – 1150 – 915"): as wide as its widest cell


class Listing:
    """Rows under a header inside `rect`; `pick(i)` is called for a chosen row."""

    def __init__(
        self,
        rect: pygame.Rect,
        u: float,
        columns: Sequence[Column],
        rows: Sequence[Sequence[str]],
        pick: Callable[[int], None] | None = None,
        empty: str | None = None,
    ) -> None:
        self.rect = rect
        self.u = u
        self.columns = list(columns)
        self.rows = [list(r) for r in rows]
        self.pick = pick
        self.empty = tr("ui.listing_empty") if empty is None else empty
        self.top = 0  # first row shown
        self.focus = 0 if rows and pick else -1
        self.hover = -1

    def px(self, v: float) -> int:
        return round(v * self.u)

    # --- geometry ---
    @property
    def row_h(self) -> int:
        return self.px(34)

    @property
    def head_px(self) -> int:
        return self.px(14)

    @property
    def body(self) -> pygame.Rect:
        lines = max((len(ls) for ls in self.head_lines()), default=1)
        line_h = theme.font(self.head_px, True).get_linesize()
        head = max(self.px(34), self.px(14) + lines * line_h)
        return pygame.Rect(self.rect.left, self.rect.top + head, self.rect.w, self.rect.h - head)

    @property
    def visible(self) -> int:
        return max(1, self.body.h // self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.body.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.body.top) // self.row_h
        return i if i < len(self.rows) and i < self.top + self.visible else None

    def row_rect(self, i: int) -> pygame.Rect:
        """Where row i is drawn now (tests click its centre)."""
        y = self.body.top + (i - self.top) * self.row_h
        return pygame.Rect(self.rect.left, y, self.rect.w, self.row_h)

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.rows) - self.visible))

    def _show(self, i: int) -> None:
        if i < self.top:
            self.top = i
        elif i >= self.top + self.visible:
            self.top = i - self.visible + 1

    # --- input ---
    def handle(self, cmd: Command) -> bool:
        if cmd.kind == "scroll" and self.rect.collidepoint(cmd.pos):
            self.scroll(cmd.clicks * 3)
            return True
        if cmd.kind == "pointer_move":
            self.hover = self.row_at(cmd.pos) if self.pick else -1
            if self.hover is None:
                self.hover = -1
            return False
        if cmd.kind == "pointer_down" and self.pick is not None:
            i = self.row_at(cmd.pos)
            if i is not None:
                self.focus = i
                self.pick(i)
                return True
            return False
        if cmd.kind == "key" and self.rows:
            return self._key(cmd.name)
        return False

    def _key(self, name: str) -> bool:
        step = {"up": -1, "down": 1}.get(name)
        if step is not None:
            if self.pick is None:
                self.scroll(step)
            else:
                self.focus = max(0, min(len(self.rows) - 1, self.focus + step))
                self._show(self.focus)
            return True
        if name == "confirm" and self.pick is not None and self.focus >= 0:
            self.pick(self.focus)
            return True
        return False

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        widgets.draw_panel(surface, self.rect.inflate(px(16), px(12)), self.u, (6, 26, 17, 200))
        edges = self.edges()
        head_px, cell_px = self.head_px, px(16)
        line_h = theme.font(head_px, True).get_linesize()
        for col, (x0, x1), lines in zip(self.columns, edges, self.head_lines(), strict=True):
            for k, line in enumerate(lines):
                title = theme.shorten(line, head_px, x1 - x0 - px(10), True)  # a word past all room
                img = theme.text(title, head_px, theme.TEXT_DIM, True)
                self._blit(surface, img, col.align, x0, x1, self.rect.top + px(8) + k * line_h)
        y = self.body.top
        pygame.draw.line(surface, theme.GOLD, (self.rect.left, y - px(3)),
                         (self.rect.right, y - px(3)), max(1, px(1)))  # fmt: skip
        if not self.rows:  # its lines wrapped to the list's width, in its middle
            lines = theme.wrap(self.empty, px(18), self.body.w - px(60))
            line_h = theme.font(px(18)).get_linesize()
            top = self.body.centery - line_h * len(lines) // 2
            for k, line in enumerate(lines):
                img = theme.text(line, px(18), theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(self.body.centerx, top + k * line_h)))
            return
        for i in range(self.top, min(len(self.rows), self.top + self.visible)):
            band = self.row_rect(i).inflate(0, -px(4))
            if i in (self.focus, self.hover) and self.pick is not None:
                widgets.draw_panel(surface, band, self.u * 0.6, (40, 110, 80, 150), theme.GOLD)
            elif i % 2:
                widgets.draw_panel(surface, band, self.u * 0.6, (255, 255, 255, 12), None)
            for n, (col, (x0, x1), cell) in enumerate(zip(self.columns, edges, self.rows[i],
                                                          strict=True)):  # fmt: skip
                ty = band.centery - px(11)
                if col.align == "suit":
                    if cell in ("C", "D", "H", "S"):
                        icon = icons.suit_icon(cell, px(20), theme.IVORY if cell in "CS" else None)
                        surface.blit(icon, (x0 + px(8), band.centery - icon.get_height() // 2))
                    continue
                colour = theme.GOLD_LIGHT if n == 0 else theme.TEXT
                img = theme.text(theme.shorten(cell, cell_px, x1 - x0 - px(12), n == 0), cell_px,
                                 colour, n == 0)  # fmt: skip
                self._blit(surface, img, col.align, x0, x1, ty)
        self._scroll_bar(surface)

    def edges(self) -> list[tuple[int, int]]:
        """Each column's left and right: its share of the row, but never narrower than the
        longest word of its head (at larger text "Gehaald" needs more than its share) nor,
        for a `whole` column, its widest cell; what such a column takes comes from the
        columns with room to spare."""
        total = sum(c.width for c in self.columns)
        shares = [self.rect.w * c.width / total for c in self.columns]
        font = theme.font(self.head_px, True)
        needs = [max(font.size(w)[0] for w in head_words(c.title)) + self.px(12)
                 for c in self.columns]  # fmt: skip
        cell = theme.font(self.px(16))
        for n, c in enumerate(self.columns):
            if c.whole and self.rows:
                widest = max(cell.size(row[n])[0] for row in self.rows)
                needs[n] = max(needs[n], widest + self.px(16))
        widths = [max(s, n) for s, n in zip(shares, needs, strict=True)]
        over = sum(widths) - self.rect.w
        spare = sum(s - n for s, n in zip(shares, needs, strict=True) if s > n)
        if over > 0 and spare > 0:
            cut = min(1.0, over / spare)
            widths = [w - (w - n) * cut if w > n else w for w, n in zip(widths, needs, strict=True)]
        x, out = float(self.rect.left), []
        for w in widths:
            out.append((round(x), round(x + w)))
            x += w
        return out

    def head_lines(self) -> list[list[str]]:
        """Each column's head, on as many lines as its width needs (after a space or a "/")."""
        font = theme.font(self.head_px, True)
        out = []
        for col, (x0, x1) in zip(self.columns, self.edges(), strict=True):
            room, lines = x1 - x0 - self.px(10), [""]
            for word in head_words(col.title):
                joined = lines[-1] + word
                if lines[-1] and font.size(joined.rstrip())[0] > room:
                    lines.append(word)
                else:
                    lines[-1] = joined
            out.append([line.rstrip() for line in lines])
        return out

    def _blit(
        self, surface: pygame.Surface, img: pygame.Surface, align: str, x0: int, x1: int, y: int
    ) -> None:
        if align == "right":
            surface.blit(img, (x1 - self.px(8) - img.get_width(), y))
        else:
            surface.blit(img, (x0 + self.px(8), y))

    def _scroll_bar(self, surface: pygame.Surface) -> None:
        n, shown = len(self.rows), self.visible
        if n <= shown:
            return
        body = self.body
        track = pygame.Rect(self.rect.right + self.px(2), body.top, self.px(4), body.h)
        thumb = track.copy()
        thumb.h = max(self.px(20), round(track.h * shown / n))
        thumb.top = track.top + round((track.h - thumb.h) * self.top / (n - shown))
        pygame.draw.rect(surface, (61, 122, 92), thumb, border_radius=self.px(2))


def head_words(title: str) -> list[str]:
    """A column head's pieces for wrapping, each with the space or "/" it ends on."""
    return [w for w in re.findall(r"[^ /]*(?:/ *| +|$)", title) if w] or [title]


class ListingScene(Scene):
    """A page: a title and a note, buttons at the top right, a Listing filling the rest."""

    calm = True  # changes only on input

    listing_top = 100  # where the listing starts, in layout units (1 px at 1280x720)

    # properties, so that a screen may work them out (its words, its room)
    @property
    def title(self) -> str:
        return ""

    @property
    def listing_bottom(self) -> float:
        """Room left below the listing, in layout units."""
        return 24

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.listing: Listing | None = None
        self.buttons_left = 0  # where the top-right buttons begin (build)
        self.build()

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def actions(self) -> list[tuple[str, str, Callable[[], None], str]]:
        """(key, label, action, class) of the top-right buttons, right to left."""
        return [("back", tr("ui.back"), self.back, "@primary")]

    def make_listing(self, rect: pygame.Rect, u: float) -> Listing:
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        x = w - px(26)
        for key, label, action, cls in self.actions():
            bw, bh = widgets.fit_label(self.app.size, label, cls, px(150), px(44))
            x -= bw  # as wide as its label needs ("Exporter en CSV", the larger text)
            self.button(key, pygame.Rect(x, px(22), bw, bh), label, action, cls)
            x -= px(10)
        self.buttons_left = x  # the note stops short of the buttons
        top, bottom = self.listing_top, self.listing_bottom
        rect = pygame.Rect(px(34), px(top), w - px(68), h - px(top + bottom))
        self.listing = self.make_listing(rect, theme.scale_for(self.app.size))

    def back(self) -> None:
        self.app.pop(self)

    def note_lines(self, title_w: int) -> list[tuple[str, tuple[int, int]]]:
        """The note beside a title `title_w` wide, wrapped short of the top-right buttons
        (the larger text, a small window): each line and where it is drawn."""
        px = self.px
        left = px(46) + title_w
        lines = theme.wrap(self.note(), px(15), max(px(120), self.buttons_left - left))
        line_h = theme.font(px(15)).get_linesize()
        y = px(34) - (len(lines) - 1) * line_h // 2  # one line as before; more, centred on it
        return [(line, (left, y + i * line_h)) for i, line in enumerate(lines)]

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd) or on_key(cmd, {"back": self.back}):
            return True
        return self.listing is not None and self.listing.handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        px = self.px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(self.title, px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        for line, pos in self.note_lines(title.get_width()):
            surface.blit(theme.text(line, px(15), theme.TEXT_DIM), pos)
        if self.listing is not None:
            self.listing.draw(surface)
        super().draw(surface)
