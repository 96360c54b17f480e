"""The leaderboard: per player name, what the history says about their play.

The numbers come from History.statistics (finished matches only); this scene
only lays them out, for one game at a time, in the columns its registry entry names: a
chip per game switches between them, and it opens on the game last played.
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

# Each column a game's statistics may have (its registry entry says which: `stats_columns`):
# (share of the row, alignment) by its key, the translation key "ui.stats_<key>"
WIDTHS: dict[str, tuple[float, str]] = {
    "matches": (1.0, "right"), "won": (0.8, "right"), "won_pct": (0.9, "right"),
    "deals": (0.9, "right"), "made_chose": (1.4, "right"), "made_pct": (0.9, "right"),
    "nat": (0.7, "right"), "pit": (0.7, "right"), "tricks_pct": (1.0, "right"),
    "roem": (0.9, "right"), "points_deal": (1.1, "right"), "trump": (0.9, "suit"),
    "verzaakt": (0.9, "right"),  # deals lost by a called wrong card
}  # fmt: skip


def columns(game: str = DEFAULT_GAME.name) -> tuple[Column, ...]:
    """The player's name, then the game's own columns."""
    keys = GAMES[game].stats_columns
    return (
        Column(tr("ui.stats_player"), 2.0),
        *(Column(tr(f"ui.stats_{key}"), *WIDTHS[key]) for key in keys),
    )


# A percentage of one or two matches says nothing yet: shown from this many matches on.
MIN_MATCHES_FOR_PERCENT = 5
NO_PERCENT = "–"


def stat_cells(row: dict[str, Any], game: str = DEFAULT_GAME.name) -> list[str]:
    """One leaderboard line from one row of History.statistics, in the game's columns."""

    def pct(key: str) -> str:
        return f"{row[key]:.1f}" if row["matches"] >= MIN_MATCHES_FOR_PERCENT else NO_PERCENT

    cells = {
        "matches": str(row["matches"]), "won": str(row["won"]), "won_pct": pct("won_pct"),
        "deals": str(row["deals"]), "made_chose": f"{row['made']} / {row['chosen']}",
        "made_pct": pct("made_pct"), "nat": str(row["nat"]), "pit": str(row["pit"]),
        "tricks_pct": pct("tricks_pct"), "roem": str(row["roem"]),
        "points_deal": f"{row['avg_points']:.1f}", "trump": row["favourite_trump"],
        "verzaakt": str(row.get("verzaakt", 0)),
    }  # fmt: skip
    return [display_name(row["name"]), *(cells[key] for key in GAMES[game].stats_columns)]


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


def last_played(app: Shell) -> str:
    """The game of the newest finished match (it has statistics), else the default game:
    after only Kalabriasz the Statistics opened on an empty Klaverjas tab."""
    finished = (m.game for m in app.history.matches() if m.status == "finished")
    return next((game for game in finished if game in GAMES), DEFAULT_GAME.name)


class StatisticsScene(ListingScene):
    """The leaderboard, most matches won first (History.statistics' order)."""

    listing_top = 140

    def __init__(self, app: Shell, game: str | None = None) -> None:
        self.game = game or last_played(app)
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
            rect, u, columns(self.game), [stat_cells(r, self.game) for r in self.rows],
            empty=tr("ui.stats_empty"),
        )  # fmt: skip

    def note(self) -> str:
        n = self.finished
        kind = {"match": "matches", "game": "games"}[GAMES[self.game].noun]
        return tr(f"ui.stats_note_{kind}", n=n)

    def legend(self) -> tuple[list[str], int]:
        """The legend under the table, wrapped to the window, and its line height."""
        px = self.px
        # a game where each plays alone has no team to speak of; a Verzaakt column explained
        # where the game has one
        game = GAMES[self.game]
        alone = "" if game.partners else "_alone"
        text = tr(f"ui.stats_legend{alone}")
        if "verzaakt" in game.stats_columns:
            text += "  " + tr(f"ui.stats_legend_verzaakt{alone}")
        lines = theme.wrap(text, px(14), self.app.size[0] - px(68))
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
