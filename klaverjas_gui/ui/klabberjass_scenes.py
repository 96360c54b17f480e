"""The Klabberjass screens around the table: the preset chooser, the deal summary and the
end of the game. Each is the four-player screen with the words of the two-player game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import KLABBERJASS_PRESETS
from ..engine.klabberjass_rules import KlabberjassScoreLine
from ..i18n import tr
from ..play.games import KLABBERJASS
from ..store.prefs import HUMAN
from ..words import describe_klabberjass_deal
from .klabberjass_director import sheet_line
from .match_end import MatchEndScene
from .menu import ListScene
from .seats import display_name, level_label
from .summary import DealSummaryScene

if TYPE_CHECKING:
    from .klabberjass_table import KlabberjassTableScene
    from .shell import Shell


def preset_label(name: str) -> str:
    """ "Clob · a schmeiss always redeals"; an unknown preset is "Custom"."""
    return tr(f"ui.kj_preset_{name}") if name in KLABBERJASS_PRESETS else tr("ui.kj_custom")


class KlabberjassMenuScene(ListScene):
    """Pick the rules preset of a two-player game; the game starts at once."""

    title = "Klabberjass"
    button_size = (470, 52, 12)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        (you, first), (name, level) = self.app.settings.seat_plan(KLABBERJASS)
        if first == HUMAN and level == HUMAN:  # hot-seat
            return tr("klabber.subtitle_people", you=display_name(you), name=display_name(name))
        return tr("ui.kj_subtitle", level=level_label(level))

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        current = self.app.settings.rules_name(KLABBERJASS)  # the settings' Klabberjass rules
        items = [
            (f"preset_{name}", preset_label(name), self._start(name),
             "@primary" if name == current else "@menu")
            for name in KLABBERJASS_PRESETS
        ]  # fmt: skip
        if current == "custom":
            from .klabberjass_settings import rules_summary

            mine = tr("klabber.menu_custom", rules=rules_summary(self.app.settings))
            items.insert(0, ("preset_custom", mine, self._start(None), "@primary"))
        return [*items, ("back", tr("ui.kj_back"), self.back, "@menu")]

    def _start(self, name: str | None) -> Callable[[], None]:
        """Play a preset (it becomes the settings' Klabberjass rules), or None: the settings'."""

        def start() -> None:
            if name is not None:
                self.app.settings.pick_preset(name, KLABBERJASS)
                self.app.save_settings()
            self.app.start_klabberjass(self.app.settings.rules(KLABBERJASS))

        return start

    def back(self) -> None:
        self.app.pop(self)


class KlabberjassSummaryScene(DealSummaryScene):
    heads = ("", "ui.summary_tricks", "ui.summary_cards", "ui.kj_bonus_head",
             "ui.summary_this_deal", "ui.kj_game")  # fmt: skip

    def __init__(
        self, app: Shell, table: KlabberjassTableScene, line: KlabberjassScoreLine,
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
        self.buttons["new_match"].set_text(tr("ui.kj_new_game"))

    def title(self) -> str:
        if self.ev.winner is None:
            return tr("ui.kj_draw")
        if self.ev.winner == self.table.human_seat and not self.table.hotseat.many:
            return tr("ui.kj_you_win")  # two people at one laptop: the winner by name
        return tr("ui.kj_wins", name=self.table.seats[self.ev.winner].label)

    def new_match(self) -> None:
        self.app.start_klabberjass(self.table.variant)  # type: ignore[arg-type]
