"""What the table shows right now: the display model, which trails the engine while animating.

The director's scripts move it (cards in flight, the trick, speech bubbles, the counting
score); the view draws it; nothing in it decides a rule. Kept apart from the director so
that a replay or a review can lay a position out on a model and draw it without one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine import Card, ScoreLine, Suit, sort_hand, trick_winner
from ..anim import approach, ease_out_cubic, lerp, lerp_angle
from .layout import SMALL, Pose, TableLayout

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
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])  # per team
    seat_tricks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat (plates)
    deal_points: list[int] = field(default_factory=lambda: [0, 0])
    deal_roem: list[int] = field(default_factory=lambda: [0, 0])
    totals: list[int] = field(default_factory=lambda: [0, 0])
    shown_totals: list[float] = field(default_factory=lambda: [0.0, 0.0])
    sheet: list[ScoreLine] = field(default_factory=list)
    last_trick: tuple[int, tuple[Card, ...], int] | None = None  # leader, cards, winner
    # the roem counted with each trick of the deal (claimed, or counting itself), by the
    # trick's number: the last-trick view says it beside the cards
    trick_roem: dict[int, int] = field(default_factory=dict)
    bubbles: dict[int, Bubble] = field(default_factory=dict)
    # The deal's bidding so far, as facts the view words (a language switch re-words it):
    # (seat, kind, detail): kind pass, no_kraak, named, took, forced (detail: the suit's
    # letter), kraak (detail: the level), schmeiss, accepted, refused.
    bids: list[tuple[int, str, str]] = field(default_factory=list)

    def reset_deal(self, deal_no: int, dealer: int, proposed: Card | None) -> None:
        self.hands = [[], [], [], []]
        self.poses.clear()
        self.trick.clear()
        self.deal_no, self.dealer, self.proposed = deal_no, dealer, proposed
        self.trump, self.chooser, self.kraak_level, self.winner = None, None, 0, None
        self.tricks_won, self.deal_points, self.deal_roem = [0, 0], [0, 0], [0, 0]
        self.seat_tricks = [0, 0, 0, 0]
        self.last_trick = None
        self.trick_roem = {}
        self.bids = []

    def sort_hands(self) -> None:
        for seat in range(4):
            self.hands[seat] = sort_hand(self.hands[seat], self.trump)

    def say(self, seat: int, text: str, seconds: float, suit: str | None = None) -> None:
        self.bubbles[seat] = Bubble(text, seconds, suit)

    def let_go(self, card: Card, pose: Pose) -> None:
        """A dragged card let go at `pose`: it glides back to its hand from there."""
        self.poses[card] = pose

    def slot_pose(self, layout: Any, seat: int, open_cards: bool) -> Pose:
        """Where a newly dealt card of `seat` lands: the end of its hand."""
        p = layout.hand_poses(seat, len(self.hands[seat]) + 1, open_cards)[-1]
        return Pose(p.x, p.y, p.angle, 1.0 if seat == layout.bottom else SMALL)

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
        for team in range(len(self.totals)):  # the sides: two teams, or three players
            goal = self.totals[team]
            shown = self.shown_totals[team]
            if half_life <= 0 or abs(goal - shown) < 0.5:
                self.shown_totals[team] = float(goal)
            else:  # count up at a pace that takes about a second whatever the amount
                step = max(60.0, abs(goal - shown) * 3.0) * dt
                self.shown_totals[team] = min(goal, shown + step) if goal > shown else goal

    # --- a position at rest ---
    def load(self, state: Any) -> None:
        """Show `state` as it is, without animation (a saved match, a test position, a
        replay's step). The engine keeps the deal's tricks and points per team, and the
        four-player game its roem (the two-player model sets declarations and bella)."""
        self.sprites.clear()
        self.bubbles.clear()
        self.proposed = state.proposed if state.phase == "bidding" else None
        self.sheet = list(state.sheet)
        self.totals = list(state.totals)
        self.shown_totals = [float(t) for t in state.totals]
        self.tricks_won, self.deal_points = list(state.tricks_won), list(state.deal_points)
        self.deal_roem = list(getattr(state, "deal_roem", (0, 0)))
        self.last_trick = None
        self.trick_roem = {}  # which trick each roem came with the state does not keep
        self.seat_tricks = [0, 0, 0, 0]
        for leader, cards in state.tricks:  # this deal's tricks
            winner = (leader + trick_winner(state.trump_suit, cards)) % len(state.hands)
            self.seat_tricks[winner] += 1
            self.last_trick = (leader, tuple(cards), winner)
        self.bids = self.bids_of(state)
        self.sync(state)

    # What a bidding action is in the log, once trump is known or not.
    BID_KINDS = {"name": "named", "take": "took", "schmeiss": "schmeiss", "accept": "accepted",
                 "refuse": "refused"}  # fmt: skip
    PASS_AFTER_TRUMP = "no_kraak"  # a pass once trump is chosen (the two-player game: none)

    def bids_of(self, state: Any) -> list[tuple[int, str, str]]:
        """The bidding log of `state`'s deal, from its actions (a loaded position)."""
        bids: list[tuple[int, str, str]] = []
        chosen, level = False, 0
        for seat, action in state.deal_log:
            if action.kind == "play":
                break
            if action.kind == "pass":
                kind = self.PASS_AFTER_TRUMP if chosen else "pass"
                if kind:
                    bids.append((seat, kind, ""))
            elif action.kind == "kraak":
                level += 1
                bids.append((seat, "kraak", str(level)))
            elif action.kind in self.BID_KINDS:
                suit = action.suit or state.trump_suit
                kind = self.BID_KINDS[action.kind]
                bids.append((seat, kind, suit.value if suit is not None and kind in
                                                        ("named", "took") else ""))  # fmt: skip
                chosen = chosen or kind in ("named", "took")
        return bids

    def sync(self, state: Any) -> bool:
        """Make the hands, the trick and the deal's facts those of `state`; True if
        anything changed (the table's safety net counts it)."""
        players = len(state.hands)
        changed = False
        for seat in range(players):
            if set(self.hands[seat]) != set(state.hand(seat)):
                self.hands[seat] = list(state.hand(seat))
                changed = True
        trick = [((state.leader + i) % players, c) for i, c in enumerate(state.trick)]
        if self.trick != trick:
            self.trick = trick
            changed = True
        changed = self.sync_deal(state) or changed
        if changed:
            self.sort_hands()
        return changed

    def sync_deal(self, state: Any) -> bool:
        """The deal's facts (trump, chooser, dealer, kraak); True if changed."""
        if self.trump == state.trump_suit and self.deal_no == state.deal_no:
            return False
        self.trump = state.trump_suit
        self.chooser = state.chooser if state.chooser >= 0 else None
        self.deal_no, self.dealer, self.kraak_level = state.deal_no, state.dealer, state.kraak_level
        return True
