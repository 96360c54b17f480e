"""The two-player display model: the four-player one plus the stock, the face-up card and
shown sequences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....engine import Card
from ....engine.klabberjass_rules import KlabberjassScoreLine
from ....engine.scoring import DealScore, ScoreLine
from ..model import TableModel


def sheet_line(line: KlabberjassScoreLine) -> ScoreLine:
    """A Klabberjass deal as a line of the four-player sheet (maker as chooser, sequences and
    bella as roem), so the score sheet, the summary's table and the chart serve both games."""
    s = line.score
    score = DealScore(
        scores=s.scores, card_points=s.card_points,
        roem=(s.declarations[0] + s.bella[0], s.declarations[1] + s.bella[1]),
        outcome=s.outcome, pit_team=None, chooser_team=s.maker, burden_team=s.maker,
        kraak_level=0, multiplier=1, totals=s.totals, tricks_won=s.tricks_won,
    )  # fmt: skip
    return ScoreLine(line.deal_no, line.dealer, line.maker, line.trump, 0, score, s.fours)


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

    PASS_AFTER_TRUMP = ""  # the dix and declaration passes are not bidding

    def bids_of(self, state: Any) -> list[tuple[int, str, str]]:
        """The bidding, then the dix and the turned card it took (the log is where that
        card is still named once the 7 of trump lies in its place)."""
        bids = super().bids_of(state)
        if state.dix >= 0:
            bids.append((state.dix, "dix", str(state.proposed)))
        return bids

    def load(self, state: Any) -> None:
        super().load(state)
        self.proposed = None
        self.sheet = [sheet_line(line) for line in state.sheet]
        self.deal_roem = [state.declarations[k] + state.bella[k] for k in (0, 1)]

    def sync_deal(self, state: Any) -> bool:
        facts = (state.trump_suit, state.deal_no, state.turned, len(state.stock), state.dix >= 0)
        if (self.trump, self.deal_no, self.turned, self.stock, self.dix) == facts:
            return False
        self.trump, self.deal_no, self.turned, self.stock, self.dix = facts
        self.chooser = state.maker if state.maker >= 0 else None
        self.dealer = state.dealer
        return True
