"""From engine events to what the table shows: the display model and its scripts.

The engine jumps from state to state; the table must show the steps between
(a card flying, a trick lying still, then sweeping away). Every engine event
becomes a short script (a generator, one step per frame) that changes the
display model as the animation goes. Scripts run one after the other, so the
picture never runs ahead of, or contradicts, what the engine said happened.

The director only animates: it never plays a move or opens a screen. It says when
it is idle, when a trick pause is over (`claim_due`: the session then passes or
claims), and which scripts reached a point the table reacts to (`reports`: a deal
scored, the match over); while `hold` (a screen on top, e.g. the deal summary) is
not closed, it waits.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import Card, ScoreLine, Suit, sort_hand
from ..engine.match import (
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
from ..i18n import tr
from ..words import suit_name
from .anim import approach, ease_in_out_cubic, ease_out_cubic, lerp, lerp_angle
from .layout import Pose, TableLayout

if TYPE_CHECKING:
    from .table import TableScene

Script = Generator[None, None, None]
Anchor = Callable[[TableLayout], Pose]
BUBBLE_FADE = 0.35  # seconds a speech bubble takes to fade out at the end of its time


@dataclass
class Sprite:
    """A card in flight between two anchors (re-evaluated each frame, so resizing is safe)."""

    card: Card | None  # None shows the back
    start: Anchor
    end: Anchor
    duration: float
    delay: float = 0.0
    t: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_land: Callable[[], None] | None = None
    landed: bool = False

    @property
    def started(self) -> bool:
        return self.t > self.delay or self.duration <= 0

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    def pose(self, layout: TableLayout) -> Pose:
        a, b = self.start(layout), self.end(layout)
        k = self.ease(self.progress())
        return Pose(
            lerp(a.x, b.x, k), lerp(a.y, b.y, k), lerp_angle(a.angle, b.angle, k),
            lerp(a.scale, b.scale, k),
        )  # fmt: skip


def _at_rest(pose: Pose, target: Pose) -> bool:
    """Within half a pixel and a degree of `target`: what is left of the glide is invisible."""
    return (
        abs(pose.x - target.x) < 0.5 and abs(pose.y - target.y) < 0.5
        and abs((pose.angle - target.angle + 180) % 360 - 180) < 1.0
        and abs(pose.scale - target.scale) < 0.005
    )  # fmt: skip


@dataclass
class Bubble:
    text: str
    ttl: float
    suit: str | None = None
    age: float = 0.0


@dataclass
class TableModel:
    """What the table shows right now (it trails the engine state while animating)."""

    hands: list[list[Card]] = field(default_factory=lambda: [[], [], [], []])
    poses: dict[Card, Pose] = field(default_factory=dict)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    sprites: list[Sprite] = field(default_factory=list)
    deal_no: int = 0
    dealer: int = 0
    trump: Suit | None = None
    chooser: int | None = None
    kraak_level: int = 0
    proposed: Card | None = None
    winner: int | None = None  # seat whose card wins the trick lying on the table
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    deal_points: list[int] = field(default_factory=lambda: [0, 0])
    deal_roem: list[int] = field(default_factory=lambda: [0, 0])
    totals: list[int] = field(default_factory=lambda: [0, 0])
    shown_totals: list[float] = field(default_factory=lambda: [0.0, 0.0])
    sheet: list[ScoreLine] = field(default_factory=list)
    last_trick: tuple[int, tuple[Card, ...], int] | None = None  # leader, cards, winner
    bubbles: dict[int, Bubble] = field(default_factory=dict)

    def reset_deal(self, deal_no: int, dealer: int, proposed: Card | None) -> None:
        self.hands = [[], [], [], []]
        self.poses.clear()
        self.trick.clear()
        self.deal_no, self.dealer, self.proposed = deal_no, dealer, proposed
        self.trump, self.chooser, self.kraak_level, self.winner = None, None, 0, None
        self.tricks_won, self.deal_points, self.deal_roem = [0, 0], [0, 0], [0, 0]
        self.last_trick = None

    def sort_hands(self) -> None:
        for seat in range(4):
            self.hands[seat] = sort_hand(self.hands[seat], self.trump)

    def say(self, seat: int, text: str, seconds: float, suit: str | None = None) -> None:
        self.bubbles[seat] = Bubble(text, seconds, suit)

    def still_for(self, targets: dict[Card, Pose]) -> float:
        """Seconds the picture stays as it is: 0.0 while a card flies or glides (more than
        half a pixel from `targets`), a score counts up or a bubble fades."""
        if self.sprites or self.shown_totals != [float(t) for t in self.totals]:
            return 0.0
        for card, target in targets.items():
            pose = self.poses.get(card)
            if pose is None or not _at_rest(pose, target):
                return 0.0
        fades = (b.ttl - BUBBLE_FADE - b.age for b in self.bubbles.values())
        return max(0.0, min(fades, default=math.inf))

    def update(self, dt: float, targets: dict[Card, Pose], half_life: float) -> None:
        """Advance flights, glide hand cards toward their slots, count scores up."""
        for s in self.sprites:
            s.t += dt
        for s in [s for s in self.sprites if s.progress() >= 1.0 and not s.landed]:
            s.landed = True
            if s.on_land:
                s.on_land()
        self.sprites = [s for s in self.sprites if not s.landed]
        for card, target in targets.items():
            cur = self.poses.get(card)
            if cur is None or half_life <= 0:
                self.poses[card] = target
            else:
                self.poses[card] = Pose(
                    approach(cur.x, target.x, dt, half_life),
                    approach(cur.y, target.y, dt, half_life),
                    lerp_angle(cur.angle, target.angle, 1 - 0.5 ** (dt / half_life)),
                    approach(cur.scale, target.scale, dt, half_life),
                )
        for b in self.bubbles.values():
            b.age += dt
        self.bubbles = {s: b for s, b in self.bubbles.items() if b.age < b.ttl}
        for team in (0, 1):
            goal = self.totals[team]
            shown = self.shown_totals[team]
            if half_life <= 0 or abs(goal - shown) < 0.5:
                self.shown_totals[team] = float(goal)
            else:  # count up at a pace that takes about a second whatever the amount
                step = max(60.0, abs(goal - shown) * 3.0) * dt
                self.shown_totals[team] = min(goal, shown + step) if goal > shown else goal


class Director:
    """Queues scripts for engine events and runs them frame by frame."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.model = table.model
        self.queue: deque[Script] = deque()
        self.current: Script | None = None
        self.dt = 0.0
        self.claim_window = False  # a trick lies still and its roem may be claimed
        self.claim_due = False  # the trick pause is over and the claim is still open
        self.pause = (0.0, 0.0)  # time spent and allowed in the current trick pause
        self.reports: list[Any] = []  # events whose script reached its end, for the table
        self.hold: Any = None  # a screen on top whose `closed` the next script waits for

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue

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
            word = tr("ui.say_pass" if ev.phase == "bidding" else "ui.say_no_kraak")
            return self.say(ev.seat, word, 0.55)
        if isinstance(ev, TrumpChosen):
            return self.trump_chosen(ev)
        if isinstance(ev, KraakCalled):
            return self.kraak(ev)
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
        m.reset_deal(deal_no, dealer, None)
        m.bubbles.clear()
        self.table.sound("shuffle")
        yield from self.wait(0.2)
        deck: Anchor = lambda L: L.deck_pose(dealer)  # noqa: E731
        yield from self.wait_sprites(self.deal_packets(self.packets(dealer), hands, deck))
        m.proposed = proposed
        m.sort_hands()
        if proposed is not None:
            yield from self.wait(0.3)

    def packets(self, dealer: int) -> list[tuple[int, int]]:
        """(seat, number of cards) in dealing order: the variant's packets, first hand first."""
        pattern = [3, 2, 3] if self.table.state.variant.deal_pattern == "3-2-3" else [4, 4]
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
                        None, start, lambda L, s=seat: self.table.view.slot_pose(L, s), 0.26,
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
            m.poses[card] = self.table.view.slot_pose(self.table.layout, seat)

        return land

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
        start = origin or m.poses.get(card) or self.table.view.slot_pose(self.table.layout, seat)
        if card in m.hands[seat]:
            m.hands[seat].remove(card)
        m.poses.pop(card, None)
        m.bubbles.pop(seat, None)
        self.table.sound("card")
        sprite = self.fly(
            card, lambda L, p=start: p, lambda L: L.trick_pose(seat), 0.3 if origin else 0.36,
            on_land=lambda: m.trick.append((seat, card)),
        )  # fmt: skip
        yield from self.wait_sprites([sprite])

    def trick_won(self, ev: TrickWon) -> Script:
        m = self.model
        m.winner = ev.seat
        self.claim_window = True
        human = self.table.seats[ev.seat].is_human  # any hot-seat human, not only the one shown
        human_asked = human and self.table.state.phase == "claim"
        t, pause = 0.0, self.d(2.2 if human_asked else 1.15)
        self.pause = (0.0, pause)
        while True:
            t, pause = self.pause  # the hot-seat cover restarts the pause for the next player
            pending = self.table.state.phase == "claim"
            if t >= pause and not pending:
                break
            self.claim_due = t >= pause  # the session passes or claims (MatchSession.step)
            yield
            t += self.dt
            self.pause = (t, pause)
        self.claim_window = self.claim_due = False
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
        team = ev.seat % 2
        m.tricks_won[team] += 1
        m.deal_points[team] += ev.points
        leader = cards[0][0] if cards else ev.seat
        m.last_trick = (leader, tuple(c for _, c in cards), ev.seat)
        yield from self.wait_sprites(sprites)

    def _roem(self, ev: RoemClaimed | RoemLeft) -> None:
        m = self.model
        if isinstance(ev, RoemClaimed):
            m.deal_roem[ev.seat % 2] += ev.roem
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
