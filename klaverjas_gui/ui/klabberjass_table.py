"""The table for two-player Klabberjass: you south, the opponent across the table.

It is the four-player `TableScene` with its pieces swapped (see the class attributes):
the engine is `KlabberjassState`, the opponent a Klabberjass player, and the
layout, model, director, view and prompts are the two-player versions. Hand
input, the session (play/session.py: the computer's moves, one-answer questions
answered at once), drag and drop, the trick pause, the last-trick view and the
score sheet are the four-player ones, unchanged. Both seats may be people
sharing one laptop: the four-player hot-seat (ui/hotseat.py, ui/cover.py) then
covers the hands between their turns, with the table turned so that the person to
act sits at the bottom (`TurnedKlabberjassLayout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine import Card, KlabberjassState
from ..engine.match import MatchOver, ScoreLine
from ..play.games import KLABBERJASS
from .director import TableModel
from .hotseat import RotatedLayout
from .klabberjass_director import KlabberjassDirector, sheet_line
from .klabberjass_guide import KlabberjassGuide
from .klabberjass_prompts import KlabberjassPrompt
from .klabberjass_view import KlabberjassView
from .layout import NORTH, SOUTH, Pose, TableLayout
from .table import TableScene

if TYPE_CHECKING:
    from .summary import DealSummaryScene


class KlabberjassLayout(TableLayout):
    """The four-player layout with seat 1 placed North, and a place for the stock.

    Each entry point maps the seat first. The mapping is idempotent (North stays
    North), so TableLayout's inner calls, which pass places, come through unchanged."""

    @staticmethod
    def place(seat: int) -> int:
        return NORTH if seat == 1 else seat

    def hand_poses(self, seat: int, n: int, open_cards: bool) -> list[Pose]:
        return super().hand_poses(self.place(seat), n, open_cards)

    def hand_bounds(self, seat: int, open_cards: bool) -> pygame.Rect:
        return super().hand_bounds(self.place(seat), open_cards)

    def trick_pose(self, seat: int) -> Pose:
        return super().trick_pose(self.place(seat))

    def sweep_pose(self, seat: int) -> Pose:
        return super().sweep_pose(self.place(seat))

    def deck_pose(self, dealer: int) -> Pose:
        return super().deck_pose(self.place(dealer))

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        return super().plate_rect(self.place(seat), open_cards)

    def bubble_anchor(self, seat: int, open_cards: bool) -> tuple[float, float, str]:
        return super().bubble_anchor(self.place(seat), open_cards)

    # --- the stock and the turned card, left of the trick ---
    def stock_pose(self) -> Pose:
        cw, ch = self.card
        cx, cy = self.centre
        return Pose(cx - 3.2 * cw, cy - 0.4 * ch, 0.0, 1.0)

    def turned_pose(self) -> Pose:
        cw, _ = self.card
        stock = self.stock_pose()
        return Pose(stock.x + 1.3 * cw, stock.y, 0.0, 1.0)

    def prompt_centre(self) -> tuple[int, int]:
        """Below the middle: the turned card and the opponent's words stay in view."""
        cx, cy = self.centre
        return round(cx), round(cy + 0.74 * self.card[1])

    def shown_centre(self) -> tuple[float, float]:
        """Where a player's shown sequences are laid out for a moment."""
        cx, cy = self.centre
        return cx, cy - 0.05 * self.card[1]


class TurnedKlabberjassLayout(RotatedLayout):
    """The two-player layout seen from seat 1 (hot-seat): seat 1 South, seat 0 North.

    It maps seats to places (South or North), which `KlabberjassLayout` passes on
    unchanged; the four-player turn by quarters would put seat 0 East."""

    def __init__(self, base: KlabberjassLayout) -> None:
        super().__init__(base, 1)

    def place(self, seat: int) -> int:
        return SOUTH if seat == 1 else NORTH


@dataclass
class KlabberjassModel(TableModel):
    """The four-player display model plus the stock, the face-up card and shown sequences."""

    stock: int = 0
    turned: Card | None = None
    shown: tuple[int, tuple[tuple[Card, ...], ...], int] | None = None  # seat, sequences, points
    dix: bool = False  # the face-up card is a 7 of trump exchanged for the turned one

    def reset_deal(self, deal_no: int, dealer: int, proposed: Card | None) -> None:
        super().reset_deal(deal_no, dealer, proposed)
        self.stock, self.turned, self.shown, self.dix = 0, None, None, False


class KlabberjassTableScene(TableScene):
    game = KLABBERJASS
    prompt_phases = ("bidding", "schmeiss", "dix", "declare")
    rest_phases = ("bidding", "schmeiss", "dix", "declare", "play")
    layout_class = KlabberjassLayout
    model_class = KlabberjassModel
    director_class = KlabberjassDirector
    view_class = KlabberjassView
    prompt_class = KlabberjassPrompt
    guide_class = KlabberjassGuide

    state: KlabberjassState  # type: ignore[assignment]
    model: KlabberjassModel  # type: ignore[assignment]

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        layout = KlabberjassLayout(*size)
        return TurnedKlabberjassLayout(layout) if self.bottom_seat == 1 else layout  # type: ignore[return-value]

    def team_names(self) -> tuple[str, str]:
        return self.seats[0].label, self.seats[1].label

    def sync_deal(self) -> bool:
        s, m = self.state, self.model
        facts = (s.trump_suit, s.deal_no, s.turned, len(s.stock), s.dix >= 0)
        if (m.trump, m.deal_no, m.turned, m.stock, m.dix) == facts:
            return False
        m.trump, m.deal_no, m.turned, m.stock, m.dix = facts
        m.chooser = s.maker if s.maker >= 0 else None
        m.dealer = s.dealer
        return True

    def load(self, state: KlabberjassState) -> None:  # type: ignore[override]
        super().load(state)  # type: ignore[arg-type]
        m = self.model
        m.proposed = None
        m.sheet = [sheet_line(line) for line in state.sheet]
        m.deal_roem = [state.declarations[k] + state.bella[k] for k in (0, 1)]

    def show_summary(self, line: ScoreLine, totals: tuple[int, int]) -> DealSummaryScene:
        """`line` is the sheet's four-player view of the deal; the words need the original."""
        original = next(x for x in self.state.sheet if x.deal_no == line.deal_no)
        self.summary = self.app.push(
            "klabberjass deal summary", table=self, line=original, totals=totals
        )
        return self.summary

    def show_match_end(self, ev: MatchOver) -> None:
        if self.app.match is self:
            self.app.match = None
        self.app.push("klabberjass match end", table=self, ev=ev)
