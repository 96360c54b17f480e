"""The screens a table opens over itself, and the last trick shown over it.

The deal's summary (the director waits until it is closed), the match's end, the score
sheet and the table's settings. Each overlay is given the session and the table's port
(port.py), never the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.match import DealScored, MatchOver, ScoreLine
from ...i18n import tr

if TYPE_CHECKING:
    from ..shell import Shell
    from ..summary import DealSummaryScene
    from .director import Director
    from .notes import TableNotes
    from .port import TablePort


class Overlays:
    """What one table opens over itself. `scenes`: its game's summary and end screens;
    `line_for`: the line its summary is given for the sheet's line of a deal."""

    def __init__(
        self, app: Shell, table: TablePort, director: Director, notes: TableNotes,
        owner: object, scenes: tuple[str, str], line_for: Callable[[ScoreLine], Any],
    ) -> None:  # fmt: skip
        self.app = app
        self.table = table
        self.director = director
        self.notes = notes
        self.owner = owner  # the table: the app's running match until it ends
        self.scenes = scenes
        self.line_for = line_for
        self.show_last = False  # the last trick over the table
        self.summary: DealSummaryScene | None = None

    def build(self) -> None:
        """Their buttons in the table's side column, and the menu's."""
        rects = self.table.layout.side_buttons(4)
        button = self.table.button
        button("last_trick", rects[0], tr("ui.table_last_trick"), self.toggle_last, "@quiet")
        button("score_sheet", rects[1], tr("ui.table_score_sheet"), self.open_sheet, "@quiet")
        button("settings", rects[2], tr("ui.table_settings"), self.open_settings, "@quiet")
        button("menu", rects[3], tr("ui.table_menu"), self.app.show_menu, "@quiet")

    def toggle_last(self) -> None:
        if self.table.model.last_trick is None:
            self.app.toast(tr("ui.table_no_last_trick"))
        self.show_last = not self.show_last and self.table.model.last_trick is not None

    def open_settings(self) -> None:
        self.app.push("settings", tab="table")

    def open_sheet(self) -> None:
        sheet = self.table.session.game.scene("score sheet")  # the game's own, if it has one
        self.app.push(sheet, session=self.table.session, table=self.table)

    def update(self) -> None:
        """The director's scripts that reached their end: the deal's summary (the director
        waits until it is closed) or the match's end."""
        reports, self.director.reports = self.director.reports, []
        for ev in reports:
            if isinstance(ev, DealScored):
                self.director.hold = self.show_summary(ev.line, ev.totals)
            elif isinstance(ev, MatchOver):
                self.show_match_end(ev)

    def show_summary(self, line: ScoreLine, totals: tuple[int, int]) -> DealSummaryScene:
        # the deal is over: its notes are past (the summary says a verzaakt call again)
        self.notes.drop("claim", "wait", "card", "decide", "verzaakt")
        self.summary = self.app.push(self.scenes[0], session=self.table.session, table=self.table,
                                     line=self.line_for(line), totals=totals)  # fmt: skip
        return self.summary

    def show_match_end(self, ev: MatchOver) -> None:
        if self.app.match is self.owner:
            self.app.match = None  # nothing left to continue
        self.app.push(self.scenes[1], session=self.table.session, table=self.table, ev=ev)
