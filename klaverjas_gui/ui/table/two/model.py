"""The two-player display model: the four-player one plus the stock, the face-up card and
shown sequences."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine import Card
from ..model import TableModel


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
