"""From engine events to what the table shows: the display model and its scripts.

The engine jumps from state to state; the table must show the steps between
(a card flying, a trick lying still, then sweeping away). Every engine event
becomes a short script (a generator, one step per frame) that changes the
display model as the animation goes. Scripts run one after the other, so the
picture never runs ahead of, or contradicts, what the engine said happened.

The director only animates: it never plays a move or opens a screen. It opens the
session's trick pause when a trick has landed and sweeps the trick once the session
says it may go (the clock and its length are the session's: play/session.py
`TrickPause`). It says when it is idle, and which scripts reached a point the table
reacts to (`reports`: a deal scored, the match over); while `hold` (a screen on top,
e.g. the deal summary) is not closed, it waits. It sees the table through its port.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from ...engine import Card, ScoreLine, sort_hand
from ...engine.match import (
    CardPlayed,
    DealScored,
    DealStarted,
    KraakCalled,
    MatchOver,
    Passed,
    PlayStarted,
    Redealt,
    RoemClaimed,
    RoemLeft,
    TrickWon,
    TrumpChosen,
)
from ...i18n import tr
from ...play.guesses import swap_guess
from ...words import suit_name
from ..anim import ease_in_out_cubic
from .layout import Pose
from .model import Anchor, Sprite

if TYPE_CHECKING:
    from ...engine import MatchState
    from .port import TablePort

Script = Generator[None, None, None]
log = logging.getLogger(__name__)


class Director:
    """Queues scripts for engine events and runs them frame by frame."""

    def __init__(self, table: TablePort) -> None:
        self.table = table
        self.model = table.model
        self.queue: deque[Script] = deque()
        self.current: Script | None = None
        self.dt = 0.0
        self.reports: list[Any] = []  # events whose script reached its end, for the table
        self.hold: Any = None  # a screen on top whose `closed` the next script waits for

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue

    @property
    def claim_window(self) -> bool:
        """A trick lies still and its roem may be claimed (the session's trick pause)."""
        return self.table.session.trick_pause()

    # --- the session's `Picture` ---
    pauses = True  # a finished trick lies still on this screen

    def ready(self) -> bool:
        """The picture has caught up (or a trick lies still with its claim asked): the seat
        to move may decide now."""
        session = self.table.session
        return self.idle or (session.trick_pause() and session.state.phase == "claim")

    def resync(self, rest_phases: tuple[str, ...]) -> bool:
        """A safety net: once every script is done, the picture must equal the engine; True
        if it did not and was drawn anew."""
        session = self.table.session
        if not (self.idle and session.state.phase in rest_phases):
            return False
        if not self.model.sync(session.state):
            return False
        if session.guessed:  # a guest's face-down guess drawn anew: expected
            log.info("table picture re-synchronised with a new guess of hidden cards")
        else:
            log.warning("table picture re-synchronised with the engine")
        return True

    def deal_first(self) -> None:
        """The session's first deal, dealt out on the table."""
        state = self.table.session.state
        hands = [state.hand(s) for s in range(self.table.session.players)]
        self.queue.append(self.deal(1, state.dealer, state.proposed, hands))

    def load(self, state: MatchState) -> None:
        """Show `state` at once (a saved match, a take-back): no script runs. A trick lying
        still with its roem not yet claimed gets its pause again, so that the claim is
        decided as before (at the pause's end, not at once)."""
        self.queue.clear()
        self.current = None
        self.table.session.close_pause()
        m = self.model
        m.load(state)
        if state.phase == "claim" and state.tricks and m.last_trick:
            leader, cards, winner = m.last_trick
            players = len(state.hands)
            m.trick = [((leader + i) % players, c) for i, c in enumerate(cards)]
            ev = TrickWon(winner, len(state.tricks) - 1, tuple(cards), 0, state.pending_roem)
            self.queue.append(self.trick_won(ev, counted=True))

    def d(self, seconds: float) -> float:
        """A duration at the player's animation speed."""
        return seconds * self.table.speed

    def wait(self, seconds: float) -> Script:
        t, goal = 0.0, self.d(seconds)
        while t < goal:
            yield
            t += self.dt

    def wait_sprites(self, sprites: Iterable[Sprite]) -> Script:
        sprites = list(sprites)
        while not all(s.landed for s in sprites):
            yield

    def update(self, dt: float) -> None:
        self.dt = dt
        for _ in range(10_000):  # instant scripts all finish within this frame
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
            try:
                next(self.current)
                return
            except StopIteration:
                self.current = None

    def fly(
        self, card: Card | None, start: Anchor, end: Anchor, seconds: float, **kw: Any
    ) -> Sprite:
        sprite = Sprite(card, start, end, self.d(seconds), **kw)
        self.model.sprites.append(sprite)
        return sprite

    # --- events to scripts ---
    def schedule(
        self, events: Iterable[Any], hands_after: list[list[Card]], origin: Pose | None
    ) -> None:
        for ev in events:
            if isinstance(ev, (RoemClaimed, RoemLeft)) and self.claim_window:
                self._roem(ev)  # said while the trick still lies there
                continue
            script = self._script(ev, hands_after, origin)
            if script is not None:
                self.queue.append(script)

    def _script(self, ev: Any, hands: list[list[Card]], origin: Pose | None) -> Script | None:
        if isinstance(ev, DealStarted):
            return self.deal(ev.deal_no, ev.dealer, ev.proposed, hands)
        if isinstance(ev, Redealt):
            return self.say(ev.dealer, tr("ui.say_redeal"), 1.2)
        if isinstance(ev, Passed):
            bidding = ev.phase == "bidding"
            word = tr("ui.say_pass" if bidding else "ui.say_no_kraak")
            return self.logged(ev.seat, "pass" if bidding else "no_kraak", "",
                               self.say(ev.seat, word, 0.55))  # fmt: skip
        if isinstance(ev, TrumpChosen):
            kind = {"took": "took", "forced": "forced"}.get(ev.how, "named")
            return self.logged(ev.seat, kind, ev.suit.value, self.trump_chosen(ev))
        if isinstance(ev, KraakCalled):
            return self.logged(ev.seat, "kraak", str(ev.level), self.kraak(ev))
        if isinstance(ev, PlayStarted):
            return self.play_started()
        if isinstance(ev, CardPlayed):
            return self.card_played(ev.seat, ev.card, origin)
        if isinstance(ev, TrickWon):
            return self.trick_won(ev)
        if isinstance(ev, (RoemClaimed, RoemLeft)):
            return self.roem(ev)
        if isinstance(ev, DealScored):
            return self.deal_scored(ev.line, ev.totals)
        if isinstance(ev, MatchOver):
            return self.match_over(ev)
        return None

    def deal(
        self, deal_no: int, dealer: int, proposed: Card | None, hands: list[list[Card]]
    ) -> Script:
        m = self.model
        deck = yield from self._shuffle(deal_no, dealer)
        yield from self.wait_sprites(self.deal_packets(self.packets(dealer), hands, deck))
        m.proposed = proposed
        m.sort_hands()
        if proposed is not None:
            yield from self.wait(0.3)

    def _shuffle(self, deal_no: int, dealer: int) -> Generator[None, None, Anchor]:
        """Every game's deal begins so: the table cleared, the shuffle heard, a short
        pause. Returns where the cards fly from: the pack in front of the dealer."""
        m = self.model
        m.reset_deal(deal_no, dealer, None)
        m.bubbles.clear()
        self.table.sound("shuffle")
        yield from self.wait(0.2)
        return lambda L: L.deck_pose(dealer)

    def packets(self, dealer: int) -> list[tuple[int, int]]:
        """(seat, number of cards) in dealing order: the variant's packets, first hand first."""
        pattern = [3, 2, 3] if self.table.session.state.variant.deal_pattern == "3-2-3" else [4, 4]
        return [((dealer + 1 + k) % 4, n) for n in pattern for k in range(4)]

    def deal_packets(
        self, packets: list[tuple[int, int]], hands: list[list[Card]], start: Anchor
    ) -> list[Sprite]:
        """Face-down cards flying from `start` into the hands, packet by packet."""
        taken = [0] * len(hands)
        delay = 0.0
        sprites = []
        for seat, n in packets:
            for card in hands[seat][taken[seat] : taken[seat] + n]:
                sprites.append(
                    self.fly(
                        None, start, lambda L, s=seat: self.table.slot_pose(L, s), 0.26,
                        delay=self.d(delay), on_land=self._landing(seat, card),
                    )
                )  # fmt: skip
                delay += 0.02
            taken[seat] += n
            delay += 0.05
        return sprites

    def _landing(self, seat: int, card: Card) -> Callable[[], None]:
        def land() -> None:
            m = self.model
            m.hands[seat] = sort_hand([*m.hands[seat], card], m.trump)
            m.poses[card] = self.table.slot_pose(self.table.layout, seat)

        return land

    def logged(self, seat: int, kind: str, detail: str, script: Script) -> Script:
        """`script`, which first writes its bid into the deal's bidding log (the strip)."""
        self.model.bids.append((seat, kind, detail))
        yield from script

    def say(self, seat: int, text: str, seconds: float, suit: str | None = None) -> Script:
        self.model.say(seat, text, max(1.2, self.d(seconds) + 0.9), suit)
        yield from self.wait(seconds)

    def trump_chosen(self, ev: TrumpChosen) -> Script:
        m = self.model
        m.trump, m.chooser, m.proposed = ev.suit, ev.seat, None
        word = suit_name(ev.suit).capitalize()
        text = {"took": tr("ui.say_take", suit=suit_name(ev.suit)),
                "forced": tr("ui.say_forced", suit=word)}.get(ev.how, word)  # fmt: skip
        m.say(ev.seat, text, max(1.4, self.d(1.6)), ev.suit.value)
        m.sort_hands()
        yield from self.wait(0.75)

    def kraak(self, ev: KraakCalled) -> Script:
        self.model.kraak_level = ev.level
        self.table.sound("roem")
        yield from self.say(ev.seat, tr(f"ui.kraak_button_{ev.level - 1}"), 0.9)

    def play_started(self) -> Script:
        yield from self.wait(0.15)
        self.model.bubbles.clear()

    def card_played(self, seat: int, card: Card, origin: Pose | None) -> Script:
        m = self.model
        start = origin or m.poses.get(card) or self.table.slot_pose(self.table.layout, seat)
        if card in m.hands[seat]:
            m.hands[seat].remove(card)
        elif m.hands[seat]:  # face-down cards guessed at a guest's table (play/net/mirror.py):
            swap_guess(m.hands, seat, card, m.trump)  # its last card stood for this one
        m.poses.pop(card, None)
        m.bubbles.pop(seat, None)
        self.table.sound("card")
        sprite = self.fly(
            card, lambda L, p=start: p, lambda L: L.trick_pose(seat), 0.3 if origin else 0.36,
            on_land=lambda: m.trick.append((seat, card)),
        )  # fmt: skip
        yield from self.wait_sprites([sprite])

    def trick_won(self, ev: TrickWon, counted: bool = False) -> Script:
        """The trick lies still (its roem may be claimed until the pause is over), then is
        swept to its winner. `counted`: a loaded position's trick, which the model has
        counted already (a resumed match pauses as the uninterrupted one did)."""
        m = self.model
        m.winner = ev.seat
        session = self.table.session
        session.open_pause(ev.seat)  # its clock runs in the session (MatchSession.tick)
        while not session.pause_done():  # a claim or a call may still come
            yield
        yield from self.wait(0.1)
        cards = list(m.trick)
        m.trick.clear()
        self.table.sound("sweep")
        sprites = [
            self.fly(
                card, lambda L, s=seat: L.trick_pose(s), lambda L: L.sweep_pose(ev.seat), 0.45,
                delay=self.d(0.03 * i), ease=ease_in_out_cubic,
            )
            for i, (seat, card) in enumerate(cards)
        ]  # fmt: skip
        m.winner = None
        team = self.side(ev.seat)
        if not counted:
            m.tricks_won[team] += 1
            m.seat_tricks[ev.seat] += 1
            m.deal_points[team] += ev.points
        leader = cards[0][0] if cards else ev.seat
        m.last_trick = (leader, tuple(c for _, c in cards), ev.seat)
        yield from self.wait_sprites(sprites)

    def side(self, seat: int) -> int:
        """The side whose points a seat's tricks are: its team of two, or itself when
        each plays alone (as many sides as the model counts points for)."""
        return seat % len(self.model.tricks_won)

    def _roem(self, ev: RoemClaimed | RoemLeft) -> None:
        m = self.model
        if isinstance(ev, RoemClaimed):
            m.deal_roem[self.side(ev.seat)] += ev.roem
            m.trick_roem[ev.trick_no] = m.trick_roem.get(ev.trick_no, 0) + ev.roem
            m.say(ev.seat, tr("ui.say_roem", roem=ev.roem), max(1.6, self.d(1.8)))
            self.table.sound("roem")
        else:
            self.table.roem_left(ev)

    def roem(self, ev: RoemClaimed | RoemLeft) -> Script:
        self._roem(ev)
        yield from self.wait(0.3)

    def deal_scored(self, line: ScoreLine, totals: tuple[int, int]) -> Script:
        m = self.model
        m.sheet.append(line)
        m.totals = list(totals)
        yield from self.wait(0.4)
        t = 0.0  # the panel counts up to the new totals before the summary covers it
        while m.shown_totals != [float(x) for x in totals] and t < 2.0:
            yield
            t += self.dt
        m.shown_totals = [float(x) for x in totals]
        yield from self.report(DealScored(line, totals))

    def match_over(self, ev: MatchOver) -> Script:
        yield from self.wait(0.2)
        self.reports.append(ev)  # the table shows the end; the picture stays as it is
        while True:
            yield

    def report(self, ev: Any) -> Script:
        """Tell the table this script reached `ev`, then wait while it holds the picture."""
        self.reports.append(ev)
        yield
        while self.hold is not None and not self.hold.closed:
            yield
        self.hold = None
