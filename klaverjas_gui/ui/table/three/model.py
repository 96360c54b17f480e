"""The three-player display model: the four-player one with a side for each player, the
talon and the cards laid away."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....engine import Card, trick_winner
from ..model import TableModel


@dataclass
class KalabriaszModel(TableModel):
    """Points, roem, tricks and totals per player (each plays for himself); the talon's
    face-down cards; the cards laid away (None: face down, as the others know them)."""

    tricks_won: list[int] = field(default_factory=lambda: [0, 0, 0])
    deal_points: list[int] = field(default_factory=lambda: [0, 0, 0])
    deal_roem: list[int] = field(default_factory=lambda: [0, 0, 0])
    totals: list[int] = field(default_factory=lambda: [0, 0, 0])
    shown_totals: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    talon: int = 0  # face-down cards lying in the talon
    laid: list[Card] = field(default_factory=list)  # the maker's, in the order laid away
    # the two cards the maker took from the talon, marked in his hand until he has laid
    # two away (which were dealt to him and which he just took, he could not tell)
    from_talon: tuple[Card, ...] = ()

    def reset_deal(self, deal_no: int, dealer: int, proposed: Card | None) -> None:
        super().reset_deal(deal_no, dealer, proposed)
        self.tricks_won, self.deal_points, self.deal_roem = [0, 0, 0], [0, 0, 0], [0, 0, 0]
        self.talon, self.laid, self.from_talon = 0, [], ()

    def load(self, state: Any) -> None:
        """`state` as it is (a saved game, a test position): no animation."""
        self.sprites.clear()
        self.bubbles.clear()
        self.proposed = None
        self.sheet = list(state.sheet)
        self.totals = list(state.totals)
        self.shown_totals = [float(t) for t in state.totals]
        self.tricks_won = list(state.tricks_won)
        self.deal_points, self.deal_roem = list(state.deal_points), list(state.roem)
        self.last_trick = None
        self.trick_roem = {}
        self.seat_tricks = [0, 0, 0, 0]
        for leader, cards in state.tricks:
            winner = (leader + trick_winner(state.trump_suit, cards)) % 3
            self.seat_tricks[winner] += 1
            self.last_trick = (leader, tuple(cards), winner)
        self.bids = self.bids_of(state)
        self.deal_no = -1  # sync_deal below takes the deal's facts anew
        self.sync(state)
        laying = state.maker >= 0 and len(state.laid_away) < 2
        self.from_talon = tuple(state.talon) if laying else ()

    def sync_deal(self, state: Any) -> bool:
        talon = len(state.talon) if state.maker < 0 else 0
        facts = (state.trump_suit, state.deal_no, talon, list(state.laid_away))
        if (self.trump, self.deal_no, self.talon, self.laid) == facts:
            return False
        self.trump, self.deal_no, self.talon, self.laid = facts
        self.chooser = state.maker if state.maker >= 0 else None
        self.dealer, self.kraak_level = state.dealer, 0
        return True
