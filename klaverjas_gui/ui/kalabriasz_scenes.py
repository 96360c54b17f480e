"""The Kalabriasz screens around the table: the deal summary, the score sheet and the end
of the game. Each is the four-player screen with a row or a column for each of the three
players (each plays for himself: the maker alone against the other two)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine.kalabriasz_rules import KalabriaszScoreLine
from ..i18n import tr
from ..words import describe_kalabriasz_deal, suit_name
from . import icons, theme, widgets
from .match_end import MatchEndScene
from .sheet import ScoreSheetScene
from .summary import HEADLINES, DealSummaryScene
from .table import view as table_view

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .shell import Shell
    from .table.port import TablePort

PLAYERS = 3


class KalabriaszSummaryScene(DealSummaryScene):
    heads = ("", "ui.summary_tricks", "ui.summary_cards", "ui.summary_roem",
             "ui.summary_this_deal", "ui.kj_game")  # fmt: skip
    rows = PLAYERS
    line: KalabriaszScoreLine  # type: ignore[assignment]

    def __init__(
        self, app: Shell, session: MatchSession, table: TablePort, line: KalabriaszScoreLine,
        totals: tuple[int, int, int],
    ) -> None:  # fmt: skip
        super().__init__(app, session, table, line, totals)  # type: ignore[arg-type]

    def headline(self) -> tuple[str, tuple]:
        s = self.line.score
        if s.outcome == "void":
            return tr("kalabriasz.summary_void"), theme.TEXT
        key = "nat" if s.outcome == "nat" else "pit" if s.outcome == "pit" else "made"
        _, one, you = HEADLINES[key]
        colour = theme.NAT if key == "nat" else theme.PIT if key == "pit" else theme.GOLD_LIGHT
        if s.maker == self.session.holder and not self.table.many:
            return tr(you), colour
        return tr(one, team=self.table.seat_names()[s.maker]), colour

    def sub_line(self) -> str:
        line = self.line
        if line.maker < 0:
            return tr("kalabriasz.summary_void_line", n=line.deal_no)
        trump = suit_name(line.trump).capitalize()
        if line.maker == self.session.holder:
            return tr("ui.summary_deal_line_you", n=line.deal_no, trump=trump)
        return tr("ui.summary_deal_line", n=line.deal_no, trump=trump,
                  name=self.table.seat_names()[line.maker])  # fmt: skip

    def reviewable(self) -> bool:
        """A deal all passed has no card to review."""
        return self.line.maker >= 0 and super().reviewable()

    def cards(self, team: int) -> int:
        """A player's card points, the maker's with the two cards he laid away."""
        s = self.line.score
        return s.card_points[team] + (s.laid_away if team == s.maker else 0)

    def describe(self) -> str:
        you = None if self.table.many else self.session.holder  # people sharing: by name
        return describe_kalabriasz_deal(self.line.score, self.table.seat_names(), you)


class KalabriaszSheetScene(ScoreSheetScene):
    """One line per deal: the dealer, the maker and trump, what each of the three scored."""

    def draw_lines(
        self, surface: pygame.Surface, inner: pygame.Rect, lines: list, u: float
    ) -> None:
        draw_three_sheet(surface, inner, lines, self.table.seat_names(), u,
                         self.app.settings.four_colour)  # fmt: skip


def draw_three_sheet(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[KalabriaszScoreLine],
    names: list[str], u: float, four_colour: bool = False,
) -> None:  # fmt: skip
    """The three-player sheet inside `rect` (the newest lines when not all fit)."""
    px = lambda v: round(v * u)  # noqa: E731
    fx = [0.0, 0.06, 0.20, 0.34, 0.43, 0.57, 0.71, 0.85, 1.0]
    x = [rect.left + round(rect.w * f) for f in fx]
    head_px, row_px = px(14), px(16)
    heads = ["#", tr("ui.sheet_dealer"), tr("kalabriasz.sheet_maker"), tr("ui.sheet_trump"),
             *names, tr("ui.sheet_result")]  # fmt: skip
    # trump's column holds a suit chip, its head a word ("Atout" at Larger text): it takes
    # what its head needs from the maker's column before it, whose names may be shortened
    trump_w = theme.text(heads[3], head_px, theme.TEXT_DIM, True).get_width() + px(10)
    x[3] = min(x[3], x[4] - trump_w)
    y = rect.top
    for i, head in enumerate(heads):
        colour = theme.TEAM_COLOURS[i - 4] if 4 <= i < 7 else theme.TEXT_DIM
        room = x[i + 1] - x[i] - px(10)
        img = theme.text(table_view.fit(head, head_px, room, True), head_px, colour, True)
        surface.blit(img, (x[i] + px(6), y))
    y += max(px(30), theme.font(head_px, True).get_height() + px(8))
    row_h = max(px(27), theme.font(row_px).get_height() + px(6))
    fit = max(1, (rect.bottom - y - px(40)) // row_h)
    shown = lines[-fit:]
    totals = [0] * PLAYERS
    for line in lines[: len(lines) - len(shown)]:
        totals = [t + s for t, s in zip(totals, line.score.scores, strict=True)]
    for n, line in enumerate(shown):
        s = line.score
        tint = {"nat": (255, 110, 100, 40), "pit": (255, 214, 100, 45)}.get(
            s.outcome, (255, 255, 255, 12 if n % 2 else 0))  # fmt: skip
        if tint[3]:
            band = pygame.Rect(rect.left, y - px(3), rect.w, row_h)
            widgets.draw_panel(surface, band, u * 0.5, tint, None)  # nat red, pit gold
        maker = names[line.maker] if line.maker >= 0 else "–"
        cells = [str(line.deal_no), names[line.dealer], maker, None,
                 *(str(v) for v in s.scores), tr(f"kalabriasz.sheet_{s.outcome}")]  # fmt: skip
        for i, cell in enumerate(cells):
            if cell is None:
                if line.trump:
                    chip = icons.suit_icon(line.trump, px(18),
                                           theme.IVORY if line.trump in "CS" else None,
                                           four_colour)  # fmt: skip
                    surface.blit(chip, (x[i] + px(6), y + px(1)))
                continue
            colour = theme.NAT if i == 7 and s.outcome == "nat" else theme.TEXT
            room = x[i + 1] - x[i] - px(10)
            img = theme.text(table_view.fit(cell, row_px, room, i >= 4), row_px, colour, i >= 4)
            surface.blit(img, (x[i] + px(6), y))
        totals = [t + v for t, v in zip(totals, s.scores, strict=True)]
        y += row_h
    pygame.draw.line(surface, theme.GOLD, (rect.left, y + px(4)), (rect.right, y + px(4)),
                     max(1, px(1)))  # fmt: skip
    y += px(12)
    surface.blit(theme.text(tr("ui.sheet_total"), row_px, theme.TEXT, True), (x[0] + px(6), y))
    for k in range(PLAYERS):
        img = theme.text(str(totals[k]), px(19), theme.TEAM_COLOURS[k], True)
        surface.blit(img, (x[4 + k] + px(6), y - px(2)))


class KalabriaszEndScene(MatchEndScene):
    """The winner (or the leaders who share the win) and the chart of the three totals;
    "New game" starts a game with the same rules."""

    same_rules = True

    def build(self) -> None:
        super().build()
        self.buttons["new_match"].set_text(tr("ui.kj_new_game"))

    def title(self) -> str:
        winners = self.session.state.winners
        if len(winners) != 1:
            return tr("ui.end_shared")
        if winners[0] == self.session.holder and not self.table.many:
            return tr("ui.kj_you_win")  # people at one laptop: the winner by name
        return tr("ui.kj_wins", name=self.table.winner_name(winners[0]))
