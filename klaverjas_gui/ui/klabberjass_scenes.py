"""The Klabberjass screens around the table: the deal summary and the end of the game.
Each is the four-player screen with the words of the two-player game (its presets are
chosen on the Play screen, ui/play.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import KLABBERJASS_PRESETS
from ..engine.klabberjass_rules import KlabberjassScoreLine
from ..i18n import tr
from ..words import describe_klabberjass_deal
from .match_end import MatchEndScene
from .summary import DealSummaryScene
from .table.two.model import sheet_line

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .shell import Shell
    from .table.port import TablePort


def preset_label(name: str) -> str:
    """ "Clob · a schmeiss always redeals"; an unknown preset is "Custom"."""
    return tr(f"ui.kj_preset_{name}") if name in KLABBERJASS_PRESETS else tr("ui.kj_custom")


class KlabberjassSummaryScene(DealSummaryScene):
    heads = ("", "ui.summary_tricks", "ui.summary_cards", "ui.kj_bonus_head",
             "ui.summary_this_deal", "ui.kj_game")  # fmt: skip

    def __init__(
        self, app: Shell, session: MatchSession, table: TablePort, line: KlabberjassScoreLine,
        totals: tuple[int, int],
    ) -> None:  # fmt: skip
        self.original = line  # describe() needs it while the base class builds
        super().__init__(app, session, table, sheet_line(line), totals)

    def describe(self) -> str:
        return describe_klabberjass_deal(self.original.score)


class KlabberjassEndScene(MatchEndScene):
    """The winner and the chart of both totals; "New game" starts a game with the same rules
    (on the network, the host's table opens again, as after a Klaverjas match)."""

    same_rules = True

    def build(self) -> None:
        super().build()
        self.buttons["new_match"].set_text(tr("ui.kj_new_game"))

    def title(self) -> str:
        if self.ev.winner is None:
            return tr("ui.kj_draw")
        if self.ev.winner == self.session.holder and not self.table.many:
            return tr("ui.kj_you_win")  # two people at one laptop: the winner by name
        return tr("ui.kj_wins", name=self.table.winner_name(self.ev.winner))
