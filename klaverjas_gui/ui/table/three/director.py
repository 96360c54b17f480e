"""Kalabriasz events as animation scripts, on top of the four-player director.

Cards flying, bidding bubbles, the trick pause and sweep and the score count are the
four-player scripts (each player a side of his own). New here: the deal of 4 each, the
talon of 2, then 3 and 3; the talon taken into the maker's hand; the two cards he lays
away; a deal that all three passed; the roem of a trick, counted with it (roem counts
itself in this game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine import Card
from ....engine.kalabriasz import (
    AllPassed,
    CardLaidAway,
    KalabriaszDealScored,
    KalabriaszMatchOver,
    TalonTaken,
)
from ....engine.match import MatchOver, TrickWon
from ....i18n import tr
from ..director import Director, Script
from ..layout import Pose
from .model import KalabriaszModel

if TYPE_CHECKING:
    from ..port import TablePort
    from .layout import KalabriaszLayout


class KalabriaszDirector(Director):
    table: TablePort
    model: KalabriaszModel

    def _script(self, ev: Any, hands: list[list[Card]], origin: Pose | None) -> Script | None:
        if isinstance(ev, TalonTaken):
            return self.talon_taken(ev.seat, hands[ev.seat])
        if isinstance(ev, CardLaidAway):
            return self.laid_away(ev.seat, ev.card, origin)
        if isinstance(ev, AllPassed):
            return self.say(ev.dealer, tr("kalabriasz.say_all_passed"), 1.2)
        if isinstance(ev, KalabriaszDealScored):
            return self.deal_scored(ev.line, ev.totals)  # type: ignore[arg-type]
        if isinstance(ev, KalabriaszMatchOver):
            winner = ev.winners[0] if len(ev.winners) == 1 else None
            return self.match_over(MatchOver(winner, ev.totals))  # type: ignore[arg-type]
        return super()._script(ev, hands, origin)

    # --- dealing: 4 each, the talon, 3 each, 3 each ---
    def deal_first(self) -> None:
        state = self.table.session.state
        self.queue.append(self.deal(1, state.dealer, None, [state.hand(s) for s in range(3)]))

    def deal(
        self, deal_no: int, dealer: int, proposed: Card | None, hands: list[list[Card]]
    ) -> Script:
        m = self.model
        deck = yield from self._shuffle(deal_no, dealer)
        seats = [(dealer + 1 + k) % 3 for k in range(3)]
        first = self.deal_packets([(s, 4) for s in seats], hands, deck)
        talon = [
            self.fly(None, deck, lambda L, i=i: self._talon(L, i), 0.26,
                     delay=self.d(0.3 + 0.02 * i), on_land=self._to_talon)
            for i in range(2)
        ]  # fmt: skip
        yield from self.wait_sprites([*first, *talon])
        rest = [[c for c in hands[s] if c not in m.hands[s]] for s in range(3)]
        yield from self.wait_sprites(self.deal_packets(
            [(s, 3) for s in seats] * 2, rest, deck))  # fmt: skip
        m.sort_hands()

    @staticmethod
    def _talon(L: Any, index: int) -> Pose:
        lay: KalabriaszLayout = L
        return lay.talon_pose(index)

    def _to_talon(self) -> None:
        self.model.talon += 1

    def talon_taken(self, seat: int, hand: list[Card]) -> Script:
        """The maker takes the two talon cards into his hand (face down to the others)."""
        m = self.model
        new = [c for c in hand if c not in m.hands[seat]][:2]
        sprites = []
        for i, card in enumerate(new):
            m.talon = max(0, m.talon - 1)
            start = self._talon(self.table.layout, len(new) - 1 - i)
            sprites.append(self.fly(
                None, lambda L, p=start: p, lambda L: self.table.slot_pose(L, seat), 0.35,
                delay=self.d(0.08 * i), on_land=self._landing(seat, card),
            ))  # fmt: skip
        m.talon = 0
        m.from_talon = tuple(c for c in new if c is not None)
        yield from self.wait_sprites(sprites)
        yield from self.wait(0.2)

    def laid_away(self, seat: int, card: Card | None, origin: Pose | None) -> Script:
        """A card from the maker's hand to the pile of laid-away cards at the top."""
        m = self.model
        hand = m.hands[seat]
        if card is None or card not in hand:  # a guest's picture: the face-down last card
            card = hand[-1] if hand else None
        if card is None:
            return
        start = origin or m.poses.get(card) or self.table.slot_pose(self.table.layout, seat)
        hand.remove(card)
        m.poses.pop(card, None)
        self.table.sound("card")
        index = len(m.laid)
        if index + 1 >= len(m.from_talon):  # the last laid away: the talon's are his hand now
            m.from_talon = ()
        sprite = self.fly(None, lambda L, p=start: p, lambda L: self._talon(L, index), 0.3,
                          on_land=lambda: m.laid.append(card))  # fmt: skip
        yield from self.wait_sprites([sprite])

    # --- a trick's roem counts itself ---
    def trick_won(self, ev: TrickWon, counted: bool = False) -> Script:
        if ev.roem and not counted:
            self.model.say(ev.seat, tr("ui.say_roem", roem=ev.roem), max(1.6, self.d(1.8)))
            self.table.sound("roem")
        yield from super().trick_won(ev, counted)
        if ev.roem and not counted:
            self.model.deal_roem[ev.seat] += ev.roem
            self.model.trick_roem[ev.trick_no] = ev.roem
