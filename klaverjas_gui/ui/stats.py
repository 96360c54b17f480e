"""The leaderboard: per player name, what the history says about their play.

The numbers come from History.statistics (finished matches only); this scene
only lays them out, for one game at a time: two buttons switch between the
Klaverjas and the Klabberjass leaderboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..games import DEFAULT_GAME, GAMES
from ..i18n import tr
from . import theme
from .listing import Column, Listing, ListingScene
from .seats import display_name

if TYPE_CHECKING:
    from .shell import Shell

# (translation key, share of the row) of the number columns
RIGHT = (("matches", 1.0), ("won", 0.8), ("won_pct", 0.9), ("deals", 0.9), ("made_chose", 1.4),
         ("made_pct", 0.9), ("nat", 0.7), ("pit", 0.7), ("tricks_pct", 1.0), ("roem", 0.9),
         ("points_deal", 1.1))  # fmt: skip


def columns() -> tuple[Column, ...]:
    return (
        Column(tr("ui.stats_player"), 2.0),
        *(Column(tr(f"ui.stats_{key}"), width, "right") for key, width in RIGHT),
        Column(tr("ui.stats_trump"), 0.9, "suit"),
        Column(tr("ui.stats_verzaakt"), 0.9, "right"),  # deals lost by a called wrong card
    )


# A percentage of one or two matches says nothing yet: shown from this many matches on.
MIN_MATCHES_FOR_PERCENT = 5
NO_PERCENT = "–"


def stat_cells(row: dict[str, Any]) -> list[str]:
    """One leaderboard line from one row of History.statistics."""

    def pct(key: str) -> str:
        return f"{row[key]:.1f}" if row["matches"] >= MIN_MATCHES_FOR_PERCENT else NO_PERCENT

    return [
        display_name(row["name"]), str(row["matches"]), str(row["won"]), pct("won_pct"),
        str(row["deals"]), f"{row['made']} / {row['chosen']}", pct("made_pct"),
        str(row["nat"]), str(row["pit"]), pct("tricks_pct"), str(row["roem"]),
        f"{row['avg_points']:.1f}", row["favourite_trump"], str(row.get("verzaakt", 0)),
    ]  # fmt: skip


def game_chips(scene: Any, current: str, choose: Callable[[str], None]) -> None:
    """One chip per game below the title, the shown one selected (Statistics, Progress)."""
    px = scene.px
    x = px(26)
    for game, label in ((g.name, g.label) for g in GAMES.values()):
        width = max(px(64), theme.font(px(15), True).size(label)[0] + px(28))
        chip = scene.button(
            f"game_{game}", pygame.Rect(x, px(84), width, px(34)), label,
            lambda g=game: choose(g), "@segment",
        )  # fmt: skip
        if game == current:
            chip.select()
        x += width + px(6)


class StatisticsScene(ListingScene):
    """The leaderboard, most matches won first (History.statistics' order)."""

    listing_top = 140

    def __init__(self, app: Shell, game: str = DEFAULT_GAME.name) -> None:
        self.game = game
        self.rows: list[dict[str, Any]] = []
        self.finished = 0
        super().__init__(app)

    @property
    def title(self) -> str:
        return tr("ui.history_statistics")

    def build(self) -> None:
        super().build()
        game_chips(self, self.game, self.set_game)

    def actions(self) -> list[tuple[str, str, Callable[[], None], str]]:
        """Back, and the coach's progress chart of the game shown."""
        return [*super().actions(), ("progress", tr("coach.progress_button"), self.open_progress,
                                     "@menu")]  # fmt: skip

    def open_progress(self) -> None:
        self.app.push("progress", game=self.game)

    def set_game(self, game: str) -> None:
        self.game = game
        self.resize(self.app.size)

    def make_listing(self, rect: pygame.Rect, u: float) -> Listing:
        history = self.app.history
        self.rows = history.statistics(self.game)
        self.finished = sum(m.status == "finished" for m in history.matches(game=self.game))
        return Listing(
            rect, u, columns(), [stat_cells(r) for r in self.rows],
            empty=tr("ui.stats_empty"),
        )  # fmt: skip

    def note(self) -> str:
        n = self.finished
        kind = {"match": "matches", "game": "games"}[GAMES[self.game].noun]
        return tr(f"ui.stats_note_{kind}", n=n)

    def legend(self) -> tuple[list[str], int]:
        """The legend under the table, wrapped to the window, and its line height."""
        px = self.px
        # a game where each plays alone has no team to speak of
        key = "ui.stats_legend" if GAMES[self.game].partners else "ui.stats_legend_alone"
        lines = theme.wrap(tr(key), px(14), self.app.size[0] - px(68))
        return lines, max(px(18), theme.font(px(14)).get_linesize())

    @property
    def listing_bottom(self) -> float:
        """Room below the table for the legend, however many lines it wraps to (three at
        the larger text sizes)."""
        lines, step = self.legend()
        return (len(lines) * step + self.px(22)) / theme.scale_for(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        h = self.app.size[1]
        px = self.px
        lines, step = self.legend()
        top = h - px(10) - len(lines) * step
        for i, line in enumerate(lines):
            img = theme.text(line, px(14), theme.TEXT_DIM)
            surface.blit(img, (px(34), top + i * step))
