"""Charts: the cumulative score (both teams' totals after each deal, as two lines; drawn
at the end of a match and beside a stored match's score sheet), and the coach's progress
chart (average cost per decision of each match, per kind of decision; ui/progress.py).
"""

from __future__ import annotations

import pygame

from ..i18n import tr
from . import theme
from .table import view as table_view


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: list,
    teams: tuple[str, ...],
    u: float,
    reveal: float = 1.0,
) -> None:
    """Cumulative score of each side (two teams, or three players) after each deal, a
    line each."""
    px = lambda v: round(v * u)  # noqa: E731
    sides = range(len(teams))
    series: list[list[int]] = [[0] for _ in sides]
    for line in lines:
        for team in sides:
            series[team].append(series[team][-1] + line.score.scores[team])
    n = len(lines)
    top = max(*(max(s) for s in series), 1)
    step = nice_step(top)
    top = ((top + step - 1) // step) * step
    # room under the plot for the deal numbers and, below them, the word "deal"
    left_pad, bottom_pad = px(56), max(px(34), 2 * theme.font(px(13)).get_height() + px(4))
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
    label = theme.text(tr("ui.chart_deal"), px(13), theme.TEXT_DIM)
    surface.blit(label, label.get_rect(bottomright=(plot.right, rect.bottom + px(4))))
    for team in sides:
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
            other = max(series[t][-1] for t in sides if t != team)
            above = series[team][-1] >= other
            x, y = points[-1]
            anchor = "bottomright" if above else "topright"
            pos = (round(x - px(8)), round(y - px(6) if above else y + px(6)))
            surface.blit(end, end.get_rect(**{anchor: pos}))
        # each side's name in its share of the width (three players fit beside each other)
        apart = min(px(260), (rect.w - px(70)) // len(teams))
        name = table_view.fit(teams[team], px(16), apart - px(24), True)
        legend = theme.text(name, px(16), colour, True)
        lx = rect.left + px(70) + team * apart
        pygame.draw.circle(surface, colour, (lx, rect.top + px(12)), px(6))
        surface.blit(legend, (lx + px(12), rect.top + px(2)))


def nice_step(top: int) -> int:
    """A round grid step giving four to eight lines."""
    for step in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000):
        if top / step <= 8:
            return step
    return 20000


# The progress chart's colours per kind of decision; "all" is drawn thickest, on top.
KIND_COLOURS = {
    "all": theme.GOLD_LIGHT,
    "lead": (120, 196, 255),
    "follow": (150, 230, 150),
    "trump": (255, 140, 120),
    "bid": (220, 160, 255),
    "roem": (255, 150, 200),
}


def draw_progress(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: dict[str, list[float | None]],
    labels: dict[str, str],
    axis: tuple[str, str],
    u: float,
) -> None:
    """Average cost per decision of each match (oldest left), one line per kind of
    decision and a thick one for all of them; a gap where a match had none of a kind.
    `labels`: each line's name in the legend; `axis`: (the y axis, the x axis) in words."""
    px = lambda v: round(v * u)  # noqa: E731
    n = max((len(v) for v in lines.values()), default=0)
    values = [x for line in lines.values() for x in line if x is not None]
    top = max([*values, 1.0])
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100) if top / s <= 6), 200)
    top = -(-top // step) * step
    # the legend, then the axis's words above the top number, as tall as the letters are
    legend_h = max(px(26), theme.font(px(14), True).get_height() + px(4))
    number_h = theme.font(px(13)).get_height()
    top_pad = max(px(24), number_h + number_h // 2 + px(2))
    plot = pygame.Rect(rect.left + px(48), rect.top + legend_h + top_pad, rect.w - px(64),
                       rect.h - legend_h - top_pad - px(40))  # fmt: skip
    head = theme.text(axis[0], px(13), theme.TEXT_DIM)
    surface.blit(head, head.get_rect(bottomleft=(plot.left - px(40), plot.top - number_h // 2)))
    v = 0.0
    while v <= top:
        y = plot.bottom - round(plot.h * v / top)
        colour = (52, 104, 78) if v else (150, 190, 168)
        pygame.draw.line(surface, colour, (plot.left, y), (plot.right, y), max(1, px(1)))
        img = theme.text(f"{v:g}", px(13), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.left - px(8), y)))
        v += step
    foot = theme.text(axis[1], px(13), theme.TEXT_DIM)
    surface.blit(foot, foot.get_rect(midtop=(plot.centerx, plot.bottom + px(10))))

    def at(i: int, x: float) -> tuple[float, float]:
        return (plot.left + plot.w * (i / (n - 1) if n > 1 else 0.5),
                plot.bottom - plot.h * x / top)  # fmt: skip

    order = [k for k in lines if k != "all"] + (["all"] if "all" in lines else [])
    for kind in order:
        colour = KIND_COLOURS.get(kind, theme.TEXT)
        width = max(2, px(4)) if kind == "all" else max(1, px(2))
        run: list[tuple[float, float]] = []
        for i, x in enumerate([*lines[kind], None]):
            if x is not None:
                run.append(at(i, x))
                continue
            if len(run) >= 2:
                pygame.draw.lines(surface, colour, False, run, width)
            elif run and n == 1:  # one match: its level across the chart, not a lone dot
                y = round(run[0][1])
                pygame.draw.line(surface, colour, (plot.left, y), (plot.right, y), width)
            for p in run:
                r = max(2, px(4)) if kind == "all" else max(2, px(3))
                pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), r)
            run = []
    x = rect.left + px(8)
    for kind in order[::-1]:  # "all" first
        colour = KIND_COLOURS.get(kind, theme.TEXT)
        img = theme.text(labels.get(kind, kind), px(14), colour, kind == "all")
        if x + px(20) + img.get_width() > rect.right:
            break
        pygame.draw.circle(surface, colour, (x + px(6), rect.top + px(12)), px(6))
        surface.blit(img, (x + px(16), rect.top + px(12) - img.get_height() // 2))
        x += px(16) + img.get_width() + px(22)
