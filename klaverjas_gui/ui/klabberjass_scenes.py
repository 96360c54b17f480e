"""The Klabberjass screens around the table: the preset chooser, the deal summary and the
end of the game. Each is the four-player screen with the words of the two-player game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import KLABBERJASS_PRESETS
from ..engine.klabberjass_rules import KlabberjassScoreLine, describe_klabberjass_deal
from .klabberjass_director import sheet_line
from .match_end import MatchEndScene
from .menu import ListScene
from .summary import DealSummaryScene

if TYPE_CHECKING:
    from ..app import App
    from .klabberjass_table import KlabberjassTableScene

PRESET_LABELS = {
    "klabberjass": "Klabberjass · to 500",
    "clob": "Clob · a schmeiss always redeals",
    "bela": "Bela · a quick game to 100",
}


class KlabberjassMenuScene(ListScene):
    """Pick the rules preset of a two-player game; the game starts at once."""

    title = "Klabberjass"
    button_size = (470, 52, 12)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        level = self.app.settings.seat_plan()[1][1]
        return f"Two players, 9 cards each, a stock and a turned card · opponent: {level}"

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        items = [
            (f"preset_{name}", PRESET_LABELS.get(name, name), self._start(name),
             "@primary" if name == "klabberjass" else "@menu")
            for name in KLABBERJASS_PRESETS
        ]  # fmt: skip
        return [*items, ("back", "Back", self.back, "@menu")]

    def _start(self, name: str) -> Callable[[], None]:
        return lambda: self.app.start_klabberjass(KLABBERJASS_PRESETS[name])

    def back(self) -> None:
        self.app.pop(self)


class KlabberjassSummaryScene(DealSummaryScene):
    heads = ("", "Tricks", "Cards", "Bonus", "This deal", "Game")

    def __init__(
        self, app: App, table: KlabberjassTableScene, line: KlabberjassScoreLine,
        totals: tuple[int, int],
    ) -> None:  # fmt: skip
        self.original = line  # describe() needs it while the base class builds
        super().__init__(app, table, sheet_line(line), totals)  # type: ignore[arg-type]

    def describe(self) -> str:
        return describe_klabberjass_deal(self.original.score)


class KlabberjassEndScene(MatchEndScene):
    """The winner and the chart of both totals; "New match" starts a game with the same rules."""

    def build(self) -> None:
        super().build()
        self.buttons["new_match"].set_text("New game")

    def title(self) -> str:
        if self.ev.winner is None:
            return "A draw!"
        if self.ev.winner == self.table.human_seat:
            return "You win the game!"
        return f"{self.table.seats[self.ev.winner].name} wins the game"

    def new_match(self) -> None:
        self.app.start_klabberjass(self.table.variant)  # type: ignore[arg-type]
