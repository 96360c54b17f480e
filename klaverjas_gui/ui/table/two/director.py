"""Klabberjass events as animation scripts, on top of the four-player director.

Cards flying, the trick pause and sweep, the score count and the summary are the
four-player scripts. New here: the deal of 3 + 3 and the turned card, the stock
dealt once trump is fixed, the dix (two cards change places), schmeiss and its
answer, declarations and the shown sequences (with Belote declarations, fours of a
kind), and bella.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine import Card
from ....engine.klabberjass import (
    BellaDeclared,
    DixMade,
    FourDeclared,
    SchmeissAnswered,
    Schmeissed,
    SequenceDeclared,
    SequencesShown,
    StockDealt,
)
from ....engine.klabberjass_rules import FOUR
from ....engine.match import DealScored, Passed, Redealt
from ....i18n import tr
from ....words import declaration_words, sequence_words
from ..director import Director, Script
from ..layout import Pose
from ..model import Anchor
from .model import KlabberjassModel, sheet_line

if TYPE_CHECKING:
    from ..port import TablePort

SHOW_SECONDS = 2.4  # how long shown sequences stay on the table


class KlabberjassDirector(Director):
    table: TablePort
    model: KlabberjassModel

    def packets(self, dealer: int) -> list[tuple[int, int]]:
        """3 + 3 cards each, the non-dealer first."""
        nd = 1 - dealer
        return [(nd, 3), (dealer, 3), (nd, 3), (dealer, 3)]

    def _script(self, ev: Any, hands: list[list[Card]], origin: Pose | None) -> Script | None:
        if isinstance(ev, StockDealt):
            return self.stock_dealt(hands)
        if isinstance(ev, DixMade):  # logged: the turned card it took is soon out of sight
            return self.logged(ev.seat, "dix", str(ev.taken), self.dix(ev))
        if isinstance(ev, Schmeissed):
            return self.logged(ev.seat, "schmeiss", "", self.schmeissed(ev))
        if isinstance(ev, SchmeissAnswered):
            words = tr("ui.kj_say_accepted" if ev.accepted else "ui.kj_say_refused")
            kind = "accepted" if ev.accepted else "refused"
            return self.logged(ev.seat, kind, "", self.say(ev.seat, words, 0.9))
        if isinstance(ev, SequenceDeclared):
            return self.say(ev.seat, sequence_words(ev.length, ev.top.index).capitalize(), 1.1)
        if isinstance(ev, FourDeclared):
            return self.say(ev.seat, declaration_words(FOUR, ev.rank.index).capitalize(), 1.1)
        if isinstance(ev, SequencesShown):
            return self.sequences_shown(ev)
        if isinstance(ev, BellaDeclared):
            return self.bella(ev)
        if isinstance(ev, Passed):
            return self.passed(ev)
        if isinstance(ev, Redealt):
            return self.say(ev.dealer, tr("ui.kj_say_redeal"), 0.8)
        if isinstance(ev, DealScored):
            return self.deal_scored(sheet_line(ev.line), ev.totals)
        return super()._script(ev, hands, origin)

    # --- dealing ---
    def deal(
        self, deal_no: int, dealer: int, proposed: Card | None, hands: list[list[Card]]
    ) -> Script:
        yield from super().deal(deal_no, dealer, None, hands)
        m = self.model
        if proposed is None:
            return
        m.stock = 32 - 2 * 6 - 1  # face down beside the turned card
        sprite = self.fly(
            proposed, lambda L: L.deck_pose(dealer), lambda L: L.turned_pose(), 0.3,
            on_land=lambda: self._face_up(proposed),
        )  # fmt: skip
        yield from self.wait_sprites([sprite])
        yield from self.wait(0.25)

    def _face_up(self, card: Card, dix: bool = False) -> None:
        self.model.turned, self.model.dix = card, dix

    def stock_dealt(self, hands: list[list[Card]]) -> Script:
        """Trump is fixed: three cards each from the stock, the non-dealer first."""
        m = self.model
        new = [[c for c in hands[seat] if c not in m.hands[seat]] for seat in (0, 1)]
        nd = 1 - m.dealer
        stock: Anchor = lambda L: L.stock_pose()  # noqa: E731
        sprites = self.deal_packets([(nd, 3), (1 - nd, 3)], new, stock)
        m.stock -= sum(len(n) for n in new)
        yield from self.wait_sprites(sprites)
        m.sort_hands()

    def dix(self, ev: DixMade) -> Script:
        """The turned card goes into the hand, the 7 of trump takes its place, face up."""
        m = self.model
        view = self.table  # where a card lands in a hand
        m.turned = None
        start = m.poses.get(ev.seven) or view.slot_pose(self.table.layout, ev.seat)
        if ev.seven in m.hands[ev.seat]:
            m.hands[ev.seat].remove(ev.seven)
        m.poses.pop(ev.seven, None)
        m.say(ev.seat, tr("ui.kj_say_dix"), max(1.2, self.d(1.4)))
        self.table.sound("card")
        flights = [
            self.fly(ev.taken, lambda L: L.turned_pose(), lambda L: view.slot_pose(L, ev.seat),
                     0.4, on_land=self._landing(ev.seat, ev.taken)),
            self.fly(ev.seven, lambda L, p=start: p, lambda L: L.turned_pose(), 0.4,
                     on_land=lambda: self._face_up(ev.seven, dix=True)),
        ]  # fmt: skip
        yield from self.wait_sprites(flights)
        yield from self.wait(0.3)

    # --- words ---
    def schmeissed(self, ev: Schmeissed) -> Script:
        self.table.sound("roem")
        yield from self.say(ev.seat, tr("ui.kj_say_schmeiss"), 0.9)

    def passed(self, ev: Passed) -> Script | None:
        if ev.phase == "dix":
            return None  # asked of everyone every deal: a bubble would only be noise
        words = tr("ui.kj_say_nothing" if ev.phase == "declare" else "ui.say_pass")
        if ev.phase == "bidding":
            return self.logged(ev.seat, "pass", "", self.say(ev.seat, words, 0.55))
        return self.say(ev.seat, words, 0.55)

    def sequences_shown(self, ev: SequencesShown) -> Script:
        m = self.model
        m.shown = (ev.seat, ev.sequences + ev.fours, ev.points)
        m.deal_roem[ev.seat] += ev.points
        self.table.sound("roem")
        m.say(ev.seat, shown_words(ev), max(1.6, self.d(SHOW_SECONDS)))
        yield from self.wait(SHOW_SECONDS)
        m.shown = None

    def bella(self, ev: BellaDeclared) -> Script:
        m = self.model
        m.deal_roem[ev.seat] += ev.points
        self.table.sound("roem")
        yield from self.say(ev.seat, tr("ui.kj_say_bella", points=ev.points), 0.7)


def shown_words(ev: SequencesShown) -> str:
    """What a player says as he shows his declarations: "Sequence +20" for one, plural for
    more (one is singular in English, Dutch and French alike); "declarations" once a four
    of a kind is among them."""
    one = len(ev.sequences) + len(ev.fours) == 1
    if ev.fours:
        return tr("ui.kj_say_declaration" if one else "ui.kj_say_declarations", points=ev.points)
    return tr("ui.kj_say_sequence" if one else "ui.kj_say_sequences", points=ev.points)
