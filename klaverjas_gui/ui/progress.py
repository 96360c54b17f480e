"""Progress with the coach (Statistics → Your progress): the average cost per decision of
each of the last 50 matches as a chart, overall and per kind of decision, and one
sentence saying what improved; for one game at a time, as the leaderboard.

The points are the history's (`History.coaching`), the lines and the sentence
teach/progress.py's; this scene only lays them out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..games import DEFAULT_GAME, GAMES
from ..i18n import tr
from ..teach import progress
from ..teach.coach import SITUATIONS, kind_label
from . import theme, widgets
from .chart import draw_progress
from .commands import Command, on_key
from .scene import Scene
from .stats import game_chips

if TYPE_CHECKING:
    from .shell import Shell

LAST = 50  # matches on the chart


class ProgressScene(Scene):
    """The chart and the sentence of one game; chips switch the game."""

    calm = True

    def __init__(self, app: Shell, game: str = DEFAULT_GAME.name) -> None:
        super().__init__(app)
        self.game = game
        self.points: list[Any] = []
        self.build()

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    @property
    def noun(self) -> str:
        return {"match": "matches", "game": "games"}[GAMES[self.game].noun]

    def build(self) -> None:
        w, _ = self.app.size
        px = self.px
        self.points = self.app.history.coaching(last=LAST, game=self.game)
        bw, bh = widgets.fit_label(self.app.size, tr("ui.back"), "@primary", px(150), px(44))
        self.button("back", pygame.Rect(w - px(26) - bw, px(22), bw, bh), tr("ui.back"),
                    self.back, "@primary")  # fmt: skip
        game_chips(self, self.game, self.set_game)

    def set_game(self, game: str) -> None:
        self.game = game
        self.resize(self.app.size)

    def sentence(self) -> str:
        return progress.sentence(self.points, self.noun)

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {"back": self.back})

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        px = self.px
        u = theme.scale_for((w, h))
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("coach.progress_title"), px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        size = max(15, px(19))
        lines = theme.wrap(self.sentence(), size, w - px(120), True)
        step = theme.font(size).get_linesize()
        text_h = len(lines) * step
        panel = pygame.Rect(px(34), px(132), w - px(68), h - px(132) - px(24))
        widgets.draw_panel(surface, panel, u)
        y = panel.bottom - px(18) - text_h
        for line in lines:
            surface.blit(theme.text(line, size, theme.GOLD_LIGHT, True), (panel.left + px(26), y))
            y += step
        room = pygame.Rect(panel.left + px(16), panel.top + px(14), panel.w - px(32),
                           panel.h - text_h - px(50))  # fmt: skip
        if not self.points:
            empty = theme.wrap(tr("coach.progress_empty"), px(17), room.w - px(40))
            y = room.centery - len(empty) * px(24) // 2
            for line in empty:
                img = theme.text(line, px(17), theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(room.centerx, y)))
                y += px(24)
        else:
            labels = {"all": tr("coach.progress_all")}
            labels |= {k: kind_label(k) for k in SITUATIONS}
            axis = (tr("coach.progress_axis"),
                    tr(f"coach.progress_axis_{self.noun}", n=len(self.points)))  # fmt: skip
            draw_progress(surface, room, progress.series(self.points), labels, axis, u)
        super().draw(surface)
