"""The score sheet: one line per deal, nat and pit marked, running totals."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..engine.match import ScoreLine
from ..games import DEFAULT_GAME, GAMES
from ..i18n import tr
from . import icons, theme, widgets
from .commands import Command
from .scene import Scene

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .shell import Shell
    from .table.port import TablePort


def draw_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: list[ScoreLine],
    names: list[str],
    teams: tuple[str, str],
    u: float,
    four_colour: bool = False,
    game: str = DEFAULT_GAME.name,
) -> None:
    """The sheet as a table inside `rect` (the newest lines when not all fit).

    The heads are in the game's words: Klabberjass says maker and declarations."""
    chooser_key, cards_key = GAMES[game].sheet_columns  # the chooser's and the points' words
    px = lambda v: round(v * u)  # noqa: E731
    fx = [0.0, 0.07, 0.19, 0.31, 0.39, 0.54, 0.66, 0.80, 0.93, 1.0]
    x = [rect.left + round(rect.w * f) for f in fx]
    head_px, row_px = px(14), px(16)
    y = rect.top
    chooser = tr(chooser_key)
    heads = ["#", tr("ui.sheet_dealer"), chooser, tr("ui.sheet_trump"), teams[0],
             "", teams[1], "", tr("ui.sheet_result")]  # fmt: skip
    cards = tr(cards_key)
    score = tr("ui.sheet_score")
    sub = ["", "", "", "", cards, score, cards, score, ""]

    def left(i: int, img: pygame.Surface) -> int:
        """A column's text starts at its edge; the last column's ("Uitslag", "NAT") moves
        left rather than past the sheet's edge."""
        return min(x[i] + px(6), rect.right - px(4) - img.get_width()) if i == 8 else x[i] + px(6)

    # where the last head and sub-head ended: a wide "Troef" or "cards+roem" pushes the next on
    head_right = sub_right = 0
    for i, h in enumerate(heads):
        colour = (
            theme.TEAM_COLOURS[0] if i == 4 else theme.TEAM_COLOURS[1] if i == 6 else theme.TEXT_DIM
        )
        img = theme.text(h, head_px, colour, True)
        head_x = left(i, img) if i == 8 or not h else max(left(i, img), head_right + px(8))
        surface.blit(img, (head_x, y))
        head_right = head_x + img.get_width() if h else head_right
        if sub[i]:
            sub_y = y + max(px(18), theme.font(head_px, True).get_height())
            img = theme.text(sub[i], px(12), theme.TEXT_DIM)
            sub_x = max(x[i] + px(6), sub_right + px(8))
            surface.blit(img, (sub_x, sub_y))
            sub_right = sub_x + img.get_width()
    # the heads and rows grow with the text size: a line never reaches past its band
    heads_h = theme.font(head_px, True).get_height() + theme.font(px(12)).get_height()
    y += max(px(40), heads_h + px(8))
    row_h = max(px(27), theme.font(row_px).get_height() + px(6))
    fit = max(1, (rect.bottom - y - px(40)) // row_h)
    shown = lines[-fit:]
    totals = [0, 0]
    for line in lines[: len(lines) - len(shown)]:
        totals = [totals[0] + line.score.scores[0], totals[1] + line.score.scores[1]]
    smallest = math.ceil(theme.MIN_READABLE / theme.text_scale())
    for n, line in enumerate(shown):
        s = line.score
        cell_right = rect.left  # where the last cell drawn on this row ends
        band = pygame.Rect(rect.left, y - px(3), rect.w, row_h)
        tint = {
            "nat": (255, 110, 100, 40),
            "verzaakt": (255, 110, 100, 40),
            "pit": (255, 214, 100, 45),
        }.get(  # fmt: skip
            s.outcome, (255, 255, 255, 12 if n % 2 else 0)
        )
        if tint[3]:
            widgets.draw_panel(surface, band, u * 0.5, tint, None)
        cells = [
            str(line.deal_no), names[line.dealer], names[line.chooser], None,
            f"{s.card_points[0] * s.multiplier}" + (f"+{s.roem[0]}" if s.roem[0] else ""),
            str(s.scores[0]),
            f"{s.card_points[1] * s.multiplier}" + (f"+{s.roem[1]}" if s.roem[1] else ""),
            str(s.scores[1]), result_word(line),
        ]  # fmt: skip
        for i, c in enumerate(cells):
            if c is None:
                chip = icons.suit_icon(
                    line.trump, px(18), theme.IVORY if line.trump in "CS" else None, four_colour
                )
                surface.blit(chip, (x[i] + px(6), y + px(1)))
                if line.kraak_level:
                    mark = tr(f"ui.sheet_kraak_mark_{line.kraak_level}")
                    k = theme.text(mark, px(13), theme.GOLD_LIGHT, True)
                    surface.blit(k, (x[i] + px(28), y + px(2)))
                continue
            if i in (4, 6) and line.fours[(i - 4) // 2]:  # a four of a kind in the bonus
                img = theme.text(c, row_px, theme.TEXT)
                mark = theme.text(tr("ui.sheet_four_mark"), px(11), theme.GOLD_LIGHT, True)
                surface.blit(img, (left(i, img), y))
                surface.blit(mark, (left(i, img) + img.get_width() + px(3), y))
                continue
            bold = i in (5, 7, 8)
            colour = theme.TEXT
            if i == 8:
                colour = (
                    theme.NAT
                    if s.outcome in ("nat", "verzaakt")
                    else theme.PIT
                    if s.outcome == "pit"
                    else theme.TEXT_DIM
                )
            img = theme.text(c, row_px, colour, bold)
            size = row_px  # the result word shrinks rather than run into the score before it
            while i == 8 and left(i, img) < cell_right + px(6) and size > smallest:
                size -= 1
                img = theme.text(c, size, colour, bold)
            surface.blit(img, (left(i, img), y + (row_px - size) // 2))
            cell_right = left(i, img) + img.get_width()
        totals = [totals[0] + s.scores[0], totals[1] + s.scores[1]]
        y += row_h
    pygame.draw.line(
        surface, theme.GOLD, (rect.left, y + px(4)), (rect.right, y + px(4)), max(1, px(1))
    )
    y += px(12)
    surface.blit(theme.text(tr("ui.sheet_total"), row_px, theme.TEXT, True), (x[0] + px(6), y))
    for team, col in ((0, 5), (1, 7)):
        surface.blit(
            theme.text(str(totals[team]), px(19), theme.TEAM_COLOURS[team], True),
            (x[col] + px(6), y - px(2)),
        )


def result_word(line: ScoreLine) -> str:
    s = line.score
    if s.outcome == "nat" and s.pit_team is not None and s.pit_team != s.burden_team:
        return tr("ui.sheet_nat_pit")
    return tr(f"ui.sheet_{s.outcome}")


class ScoreSheetScene(Scene):
    """An overlay over the table; Tab, Esc, a click or the button closes it."""

    calm = True  # changes only on input

    opaque = False

    def __init__(self, app: Shell, session: MatchSession, table: TablePort) -> None:
        """`table`: the port of the table it lies over (the sheet as shown, the names)."""
        super().__init__(app)
        self.session = session
        self.table = table
        self.build()

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        rect = pygame.Rect(0, 0, round(min(w * 0.94, 900 * u)), round(h * 0.9))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        u = theme.scale_for(self.app.size)
        p = self._panel()
        label = tr("ui.sheet_close")
        rect = pygame.Rect(0, 0, *widgets.fit_label(self.app.size, label, "@primary",
                                                    round(150 * u), round(44 * u)))  # fmt: skip
        rect.bottomright = (p.right - round(20 * u), p.bottom - round(16 * u))
        self.button("close", rect, label, lambda: self.app.pop(self), "@primary")

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name in ("score_sheet", "back", "confirm"):
            self.app.pop(self)
            return True
        if cmd.kind == "pointer_down" and not self._panel().collidepoint(cmd.pos):
            self.app.pop(self)
        return cmd.kind in ("pointer_down", "pointer_up", "key")

    def draw_lines(
        self, surface: pygame.Surface, inner: pygame.Rect, lines: list, u: float
    ) -> None:
        """The sheet's lines inside `inner` (the three-player game has its own columns)."""
        draw_sheet(surface, inner, lines, self.table.seat_names(), self.table.team_names(),  # type: ignore[arg-type]
                   u, self.app.settings.four_colour, self.session.game.name)  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 150)
        u = theme.scale_for(self.app.size)
        p = self._panel()
        widgets.draw_panel(surface, p, u, (8, 30, 20, 245), theme.GOLD)
        title = theme.text(tr("ui.sheet_title"), round(28 * u), theme.GOLD_LIGHT, True)
        surface.blit(title, (p.left + round(26 * u), p.top + round(16 * u)))
        lines = self.table.model.sheet
        inner = pygame.Rect(p.left + round(20 * u), p.top + round(66 * u), p.w - round(40 * u),
                            p.h - round(140 * u))  # fmt: skip
        if lines:
            self.draw_lines(surface, inner, lines, u)
        else:
            img = theme.text(tr("ui.sheet_empty"), round(19 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=inner.center))
        super().draw(surface)
