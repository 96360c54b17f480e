"""The end of a match: the winner, the final score, and how the lead changed hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine.match import MatchOver
from . import theme, widgets
from .commands import Command
from .scene import Scene

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene


class MatchEndScene(Scene):
    opaque = True

    def __init__(self, app: App, table: TableScene, ev: MatchOver) -> None:
        super().__init__(app)
        self.table = table
        self.ev = ev
        self.age = 0.0
        self.build()

    def build(self) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        bw, bh, gap = round(220 * u), round(54 * u), round(20 * u)
        y = h - round(36 * u) - bh
        left = pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh)
        right = pygame.Rect(w // 2 + gap // 2, y, bw, bh)
        self.button("new_match", left, "New match", self.new_match, "@primary")
        self.button("main_menu", right, "Main menu", self.app.show_menu, "@menu")

    def new_match(self) -> None:
        self.app.start_match(self.table.variant)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if self.table.demo and cmd.kind in ("key", "pointer_down"):
            self.app.show_menu()
            return True
        if cmd.kind == "key" and cmd.name == "confirm":
            self.new_match()
            return True
        if cmd.kind == "key" and cmd.name == "back":
            self.app.show_menu()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self.table.demo and self.age > 8.0:
            self.app.start_demo(self.table.seed + 1)

    def title(self) -> str:
        teams = self.table.team_names()
        if self.ev.winner is None:
            return "A shared win!"
        if self.table.human_seat is not None:
            return (
                "You win the match!"
                if self.ev.winner == self.table.human_seat % 2
                else f"{teams[self.ev.winner]} win the match"
            )
        return f"{teams[self.ev.winner]} win the match"

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        surface.blit(widgets.felt((w, h)), (0, 0))
        teams = self.table.team_names()
        img = theme.text(self.title(), px(44), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, px(26))))
        a, b = self.ev.totals
        y = px(26) + img.get_height() + px(4)
        score = f"{teams[0]} {a}  ·  {teams[1]} {b}"
        img = theme.text(score, px(22), theme.TEXT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        chart = pygame.Rect(0, 0, min(w - px(80), px(1000)), h - y - px(170))
        chart.midtop = (w // 2, y + px(52))
        widgets.draw_panel(surface, chart.inflate(px(24), px(24)), u)
        draw_chart(surface, chart, self.table.model.sheet, teams, u, min(1.0, self.age / 1.2))
        super().draw(surface)


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: list,
    teams: tuple[str, str],
    u: float,
    reveal: float = 1.0,
) -> None:
    """Cumulative score of both teams after each deal, as two lines."""
    px = lambda v: round(v * u)  # noqa: E731
    series: list[list[int]] = [[0], [0]]
    for line in lines:
        for team in (0, 1):
            series[team].append(series[team][-1] + line.score.scores[team])
    n = len(lines)
    top = max(max(series[0]), max(series[1]), 1)
    step = nice_step(top)
    top = ((top + step - 1) // step) * step
    left_pad, bottom_pad = px(56), px(34)
    plot = pygame.Rect(rect.left + left_pad, rect.top + px(30), rect.w - left_pad - px(16),
                       rect.h - bottom_pad - px(30))  # fmt: skip
    for v in range(0, top + 1, step):
        y = plot.bottom - round(plot.h * v / top)
        colour = (52, 104, 78) if v else (150, 190, 168)
        pygame.draw.line(surface, colour, (plot.left, y), (plot.right, y), max(1, px(1)))
        img = theme.text(str(v), px(13), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.left - px(8), y)))
    for i in range(n + 1):
        x = plot.left + round(plot.w * i / max(1, n))
        if n <= 20 or i % 2 == 0:
            img = theme.text(str(i), px(13), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(x, plot.bottom + px(6))))
    label = theme.text("deal", px(13), theme.TEXT_DIM)
    surface.blit(label, label.get_rect(bottomright=(plot.right, rect.bottom + px(4))))
    for team in (0, 1):
        colour = theme.TEAM_COLOURS[team]
        points = [
            (plot.left + plot.w * i / max(1, n), plot.bottom - plot.h * v / top)
            for i, v in enumerate(series[team])
        ]
        shown = max(2, int(len(points) * reveal + 0.999))
        points = points[:shown]
        if len(points) >= 2:
            pygame.draw.aalines(surface, colour, False, points)
            pygame.draw.lines(surface, colour, False, points, max(2, px(3)))
        for p in points:
            pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), max(2, px(4)))
        if reveal >= 1 and n:
            end = theme.text(str(series[team][-1]), px(15), colour, True)
            other = series[1 - team][-1]
            above = series[team][-1] >= other
            x, y = points[-1]
            anchor = "bottomright" if above else "topright"
            pos = (round(x - px(8)), round(y - px(6) if above else y + px(6)))
            surface.blit(end, end.get_rect(**{anchor: pos}))
        legend = theme.text(teams[team], px(16), colour, True)
        lx = rect.left + px(70) + team * px(260)
        pygame.draw.circle(surface, colour, (lx, rect.top + px(12)), px(6))
        surface.blit(legend, (lx + px(12), rect.top + px(2)))


def nice_step(top: int) -> int:
    """A round grid step giving four to eight lines."""
    for step in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000):
        if top / step <= 8:
            return step
    return 20000
