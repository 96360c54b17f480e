"""The end of a match: the winner, the final score, and how the lead changed hands."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..engine.match import MatchOver
from ..i18n import tr
from ..play.seats import REMOTE
from . import theme, widgets
from .chart import draw_chart
from .commands import Command
from .scene import Scene

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .shell import Shell
    from .table.port import TablePort

CHART_SECONDS = 1.2  # the chart draws itself in this long
DEMO_NEXT_SECONDS = 8.0  # the club demo's next match starts after this long


class MatchEndScene(Scene):
    opaque = True
    # New match: the rules just played (True), else the settings' rules for the game
    same_rules = False

    def __init__(self, app: Shell, session: MatchSession, table: TablePort, ev: MatchOver) -> None:
        """`table`: the port of the table the match was played at (names, its sheet)."""
        super().__init__(app)
        self.session = session
        self.table = table
        self.ev = ev
        self.age = 0.0
        self.build()

    def build(self) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        bw, bh, gap = round(220 * u), round(54 * u), round(20 * u)
        y = h - round(36 * u) - bh
        session = self.session
        coached = session.coach is not None and session.match_id is not None and not self.table.demo
        keys = ["new_match", *(["coach_report"] if coached else []), "sheet", "main_menu"]
        labels = {"new_match": tr("ui.menu_new_match"), "coach_report": tr("coach.live_title"),
                  "sheet": tr("ui.table_score_sheet"),
                  "main_menu": tr("ui.end_main_menu")}  # fmt: skip
        for key in keys:  # one width for all: the widest label's, in the menu's letters
            bw = widgets.fit_label(self.app.size, labels[key], "@menu", bw, bh)[0]
        x = w // 2 - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        rects = {key: pygame.Rect(x + i * (bw + gap), y, bw, bh) for i, key in enumerate(keys)}
        self.button("new_match", rects["new_match"], tr("ui.menu_new_match"), self.new_match,
                    "@menu_primary")  # fmt: skip
        if coached:  # the coach's report on this match, beside the usual two
            self.button("coach_report", rects["coach_report"], tr("coach.live_title"),
                        self.coach_report, "@menu")  # fmt: skip
        self.button("sheet", rects["sheet"], labels["sheet"], self.open_sheet, "@menu")
        self.button("main_menu", rects["main_menu"], tr("ui.end_main_menu"), self.app.show_menu,
                    "@menu")  # fmt: skip

    def open_sheet(self) -> None:
        """The whole score sheet of the match just ended (the game's own), as at the table;
        closing it returns here. The end showed only the chart: a newcomer who wanted to
        see deal by deal how it went had no way back to the sheet."""
        sheet = self.session.game.scene("score sheet")
        self.app.push(sheet, session=self.session, table=self.table)

    def coach_report(self) -> None:
        """The coach's report on this match (its judgements are stored as they finish)."""
        self.app.push("coach report", match_id=self.session.match_id)

    def new_match(self) -> None:
        """The game just played again (it started the default game whatever had ended),
        with the settings' rules and seats for it, so changes made during this match apply
        now, or (`same_rules`) with the rules just played.
        A network match's people play on together: the host's table opens again with the
        same seats and level under a new room code, and a guest's join screen has that
        table filled in (a new match against computers on each laptop surprised them). The
        old code brings back only the laptops seated at this match's end, by their seats'
        tokens: anyone who once learnt it (a guest who left) took a free seat first."""
        session = self.session
        link = getattr(session, "link", None)
        if link is None:
            self.app.start_match(session.variant if self.same_rules else None, game=session.game)
            return
        self.app.show_menu()
        if getattr(link, "host", None) is None:  # a guest: the join screen remembers the table
            self.app.push("network join")
            return
        seats = session.seats
        remote = tuple(s for s, seat in enumerate(seats) if seat.kind == REMOTE)
        levels = [str(seat.level) for seat in seats[1:]]
        self.app.push("network host", game=session.game.name, player=seats[0].name,
                      guests=remote, level=levels[0] if levels else None,
                      previous=link.host.handover(), port=link.host.port,
                      open_now=True)  # fmt: skip

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
        if cmd.kind == "key" and cmd.name == "score_sheet":  # Tab, as at the table
            self.open_sheet()
            return True
        return False

    def calm_for(self) -> float:
        """Calm once the chart has drawn itself, until the demo's next match is due."""
        if self.age < CHART_SECONDS:
            return 0.0
        due = max(0.0, DEMO_NEXT_SECONDS - self.age) if self.table.demo else math.inf
        return min(self.widgets_calm_for(), due)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        self.session.poll_coach()  # the last decisions' judgements, for the report
        if self.table.demo and self.age > DEMO_NEXT_SECONDS:
            self.app.start_demo(self.session.seed + 1)

    def title(self) -> str:
        teams = self.table.team_names()
        if self.ev.winner is None:
            return tr("ui.end_shared")
        holder = self.session.holder
        if holder is not None and self.ev.winner == holder % 2:
            return tr("ui.end_you_win")
        return tr("ui.end_team_wins", team=teams[self.ev.winner])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        surface.blit(widgets.felt((w, h)), (0, 0))
        teams = self.table.team_names()
        img = theme.text(self.title(), px(44), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, px(26))))
        y = px(26) + img.get_height() + px(4)
        score = "  ·  ".join(
            f"{team} {total}" for team, total in zip(teams, self.ev.totals, strict=True)
        )
        img = theme.text(score, px(22), theme.TEXT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        chart = pygame.Rect(0, 0, min(w - px(80), px(1000)), h - y - px(170))
        chart.midtop = (w // 2, y + px(52))
        widgets.draw_panel(surface, chart.inflate(px(24), px(24)), u)
        grown = min(1.0, self.age / CHART_SECONDS)
        draw_chart(surface, chart, self.table.model.sheet, teams, u, grown)
        super().draw(surface)
