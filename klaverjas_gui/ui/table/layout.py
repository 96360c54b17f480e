"""Where everything on the table goes, computed from the window size alone.

Nothing is placed in pixels for one resolution: every number is a fraction of
the window or of the card size, and the card size follows the window, so the
same table reads well at 1024x600 and at 3840x2160.

`TableLayout` speaks of places on screen: 0 south (the person holding the laptop),
1 west, 2 north, 3 east. Which seat sits at which place is said once, by `place_of`;
`SeatedLayout` puts it in front of a `TableLayout`, so the table, the director and the
view always speak of seats, whatever the game and whoever sits at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, NamedTuple

import pygame

from .. import theme

CARD_RATIO = 7 / 5  # height / width of the card art
MIN_TEXT = 13  # px: no text at the table is smaller, whatever the window (1024x600)
SMALL = 0.62  # opponents' cards, relative to the human's
SOUTH, WEST, NORTH, EAST = range(4)


class Pose(NamedTuple):
    """Card centre, rotation in degrees (counter-clockwise) and size relative to a full card."""

    x: float
    y: float
    angle: float = 0.0
    scale: float = 1.0


@dataclass(frozen=True)
class TableLayout:
    w: int
    h: int
    # The places the seats take in turn from the bottom (a game's layout may say; none:
    # spread evenly round the table, see `place_of`).
    places: tuple[int, ...] = ()
    longest_hand: ClassVar[int] = 8  # the most cards a hand holds: what `hand_bounds` covers

    # --- basic measures ---
    @cached_property
    def u(self) -> float:
        """One layout unit: 1 px at 1280x720."""
        return max(0.5, min(self.w / 1280, self.h / 720))

    @cached_property
    def card(self) -> tuple[int, int]:
        ch = round(min(self.h * 0.235, self.w * 0.155 * CARD_RATIO))
        return round(ch / CARD_RATIO), ch

    @cached_property
    def small(self) -> tuple[int, int]:
        cw, ch = self.card
        return round(cw * SMALL), round(ch * SMALL)

    @cached_property
    def centre(self) -> tuple[float, float]:
        return self.w / 2, self.h * 0.43

    def px(self, units: float) -> int:
        return round(units * self.u)

    def text(self, units: float) -> int:
        """A font size: `units` at 1280x720, never below MIN_TEXT pixels."""
        return max(MIN_TEXT, self.px(units))

    @cached_property
    def margin(self) -> int:
        return self.px(16)

    # --- hands ---
    def hand_poses(self, seat: int, n: int, open_cards: bool) -> list[Pose]:
        """Centre and angle of each card of a hand, drawn in this order (last on top)."""
        if n <= 0:
            return []
        if seat == SOUTH:
            return self._south(n)
        if open_cards:
            return self._open_fan(seat, n)
        return self._hidden_fan(seat, n)

    def south_span(self) -> float:
        """The widest the bottom hand may spread, from its first card's left edge to its
        last one's right edge."""
        return self.w * 0.6

    def south_spacing(self, n: int) -> float:
        """How far apart the bottom hand's cards lie when it holds `n`."""
        cw = self.card[0]
        return min(0.56 * cw, (self.south_span() - cw) / max(1, n - 1))

    def south_x(self) -> float:
        """The middle of the bottom hand: the window's middle."""
        return self.w / 2

    def _south(self, n: int) -> list[Pose]:
        cw, ch = self.card
        spacing = self.south_spacing(n)
        total = spacing * (n - 1)
        x0 = self.south_x() - total / 2
        base_y = self.h - ch / 2 - self.h * 0.03
        mid = (n - 1) / 2
        poses = []
        for i in range(n):
            d = (i - mid) / mid if mid else 0.0
            poses.append(Pose(x0 + i * spacing, base_y + 0.05 * ch * d * d, -1.6 * d * mid))
        return poses

    def south_hand_top(self) -> float:
        return self.h - self.card[1] - self.h * 0.03

    def _open_fan(self, seat: int, n: int) -> list[Pose]:
        sw, sh = self.small
        spacing = 0.42 * sw
        total = spacing * (n - 1)
        full = total + sw
        cx, cy = self.centre
        if seat == NORTH:
            x0, y = cx - total / 2, self.margin + sh / 2
        elif seat == WEST:
            x0, y = self.margin + sw / 2 + (self._open_width() - full) / 2, cy
        else:
            x0, y = self.w - self.margin - self._open_width() + sw / 2, cy
            x0 += (self._open_width() - full) / 2
        return [Pose(x0 + i * spacing, y, 0.0, SMALL) for i in range(n)]

    def _open_width(self) -> float:
        sw, _ = self.small
        return 0.42 * sw * 7 + sw

    def _hidden_fan(self, seat: int, n: int) -> list[Pose]:
        sw, sh = self.small
        cx, cy = self.centre
        mid = (n - 1) / 2
        if seat == NORTH:
            spacing = 0.3 * sw
            y = self.margin + sh * 0.32
            return [
                Pose(cx + (i - mid) * spacing, y - abs(i - mid) * 0.4, 180 + (i - mid) * 1.2, SMALL)
                for i in range(n)
            ]
        spacing = 0.26 * sw
        x = self.margin + sh / 2 if seat == WEST else self.w - self.margin - sh / 2
        sign = 1 if seat == WEST else -1
        return [
            Pose(x, cy + (i - mid) * spacing * sign, 90 * sign + (i - mid) * 1.2, SMALL)
            for i in range(n)
        ]

    def hand_centre(self, seat: int) -> tuple[float, float]:
        poses = self.hand_poses(seat, 8, open_cards=False)
        return poses[3].x / 2 + poses[4].x / 2, poses[3].y / 2 + poses[4].y / 2

    def hand_bounds(self, seat: int, open_cards: bool) -> pygame.Rect:
        """The rectangle a full hand of this seat covers (for plates and bubbles)."""
        poses = self.hand_poses(seat, self.longest_hand, open_cards)
        sw, sh = self.card if seat == SOUTH else self.small
        if not open_cards and seat in (WEST, EAST):
            sw, sh = sh, sw
        xs = [p.x for p in poses]
        ys = [p.y for p in poses]
        return pygame.Rect(
            round(min(xs) - sw / 2), round(min(ys) - sh / 2),
            round(max(xs) - min(xs) + sw), round(max(ys) - min(ys) + sh),
        )  # fmt: skip

    # --- the trick ---
    def trick_pose(self, seat: int) -> Pose:
        cw, ch = self.card
        cx, cy = self.centre
        # North's card never lands on North's hand, open or not, in a low window.
        north = max(cy - 0.48 * ch, self._north_bottom + ch * 0.56 + self.px(6))
        return (
            Pose(cx + 0.02 * cw, cy + 0.46 * ch, 3.0),
            Pose(cx - 0.9 * cw, cy + 0.01 * ch, -7.0),
            Pose(cx - 0.03 * cw, north, -3.0),
            Pose(cx + 0.9 * cw, cy - 0.03 * ch, 6.0),
        )[seat]

    @cached_property
    def _north_bottom(self) -> float:
        return max(self.hand_bounds(NORTH, o).bottom for o in (False, True))

    def side_hands_bottom(self, open_cards: bool) -> int:
        """The lowest point of West's and East's hands (a decision panel stays below)."""
        return max(self.hand_bounds(p, open_cards).bottom for p in (WEST, EAST))

    def tip_rooms(self, open_cards: bool) -> list[pygame.Rect]:
        """Where a tip beside a claim question may go, best first: left of the trick, the
        corner above the bottom-left buttons, right of the trick above the Roem button."""
        gap = self.px(12)
        left = self.hint_rooms(open_cards)[1]
        plate = self.plate_rect(WEST, open_cards)
        corner_top = plate.bottom + gap
        corner_bottom = self.plate_rect(SOUTH, open_cards).top - self.px(104)  # two buttons
        hand = self.hand_bounds(SOUTH, open_cards)
        corner = pygame.Rect(self.margin, corner_top, hand.left - gap - self.margin,
                             corner_bottom - corner_top)  # fmt: skip
        right = self.hint_rooms(open_cards)[0]
        right.h = self.claim_rect().top - gap - right.top
        return [left, corner, right]

    def coach_room(self, open_cards: bool) -> pygame.Rect:
        """The coach's note: the bottom-left corner above the bottom plate, left of the
        bottom hand (the person's own corner; the table keeps it clear of the Hint and
        Take back buttons there)."""
        gap = self.px(12)
        top = self.plate_rect(WEST, open_cards).bottom + gap
        bottom = self.plate_rect(SOUTH, open_cards).top - gap
        hand = self.hand_bounds(SOUTH, open_cards)
        return pygame.Rect(self.margin, top, hand.left - gap - self.margin, bottom - top)

    def side_rooms(self, open_cards: bool) -> list[pygame.Rect]:
        """Beside the trick over a side player's hand (backs say only how many cards are
        left), for a note that fits nowhere else: right of the trick from below the score
        panel to above East's plate, left of it from below the trump panel and the side
        strip to above West's plate."""
        gap = self.px(12)
        trick = self.trick_area()
        right_top = self.hint_tops(open_cards)[0]
        left_top = max(self.trump_panel.bottom, self.side_strip(open_cards).bottom) + gap
        right_left = trick.right + gap
        return [
            pygame.Rect(right_left, right_top, self.w - self.margin - right_left,
                        self.plate_rect(EAST, open_cards).top - gap - right_top),
            pygame.Rect(self.margin, left_top, trick.left - gap - self.margin,
                        self.plate_rect(WEST, open_cards).top - gap - left_top),
        ]  # fmt: skip

    def panels(self, open_cards: bool, places: tuple[int, ...] = (SOUTH, WEST, NORTH, EAST),
               ) -> list[pygame.Rect]:  # fmt: skip
        """What the table always shows and a passing note must leave in view: the trump
        and score panels and the name plates of the `places` somebody sits at."""
        plates = [self.plate_rect(p, open_cards) for p in places]
        return [self.trump_panel, self.score_panel, *(r for r in plates if r.w)]

    def trick_area(self) -> pygame.Rect:
        """What the four cards of a trick cover, with their tilt."""
        cw, ch = self.card
        area = pygame.Rect(0, 0, round(2.95 * cw), round(2.1 * ch))
        area.center = (round(self.centre[0]), round(self.centre[1]))
        return area

    def hint_rooms(self, open_cards: bool) -> list[pygame.Rect]:
        """Where the hint's panel may go without covering the trick (the led card above
        all), best first: right of the trick, left of it; clear of the panels, the side
        hands and their plates."""
        gap = self.px(12)
        trick = self.trick_area()
        east = self.hand_bounds(EAST, open_cards).left - gap
        west = self.hand_bounds(WEST, open_cards).right + gap
        right_top, left_top = self.hint_tops(open_cards)
        right_bottom = self.plate_rect(EAST, open_cards).top - gap
        left_bottom = self.plate_rect(WEST, open_cards).top - gap
        return [
            pygame.Rect(trick.right + gap, right_top, east - trick.right - gap,
                        right_bottom - right_top),
            pygame.Rect(west, left_top, trick.left - gap - west, left_bottom - left_top),
        ]  # fmt: skip

    def hint_tops(self, open_cards: bool) -> tuple[int, int]:
        """The tops of the hint's two rooms: right, below the practice banner; left, below
        the bidding strip."""
        return self.score_panel.bottom + self.px(48), self.trump_panel.bottom + self.px(90)

    def sweep_pose(self, seat: int) -> Pose:
        """Where a won trick disappears: past the winner's side of the table."""
        _, ch = self.card
        cx, cy = self.centre
        return (
            Pose(cx, self.h + ch * 0.7, 0, 0.7),
            Pose(-ch * 0.7, cy, 90, 0.7),
            Pose(cx, -ch * 0.7, 180, 0.7),
            Pose(self.w + ch * 0.7, cy, -90, 0.7),
        )[seat]

    def deck_pose(self, dealer: int) -> Pose:
        """The pack in front of the dealer, where the deal starts."""
        cx, cy = self.centre
        x, y = self.hand_centre(dealer)
        return Pose(cx + (x - cx) * 0.45, cy + (y - cy) * 0.45, 0.0, SMALL)

    @cached_property
    def drop_zone(self) -> pygame.Rect:
        cw, ch = self.card
        cx, _ = self.centre
        top = self.h * 0.16
        bottom = self.south_hand_top() - 0.04 * ch
        return pygame.Rect(round(cx - 2.6 * cw), round(top), round(5.2 * cw), round(bottom - top))

    # --- panels, plates, buttons ---
    @cached_property
    def trump_panel(self) -> pygame.Rect:
        return pygame.Rect(self.margin, self.margin, self.px(252), self.px(100))

    def side_strip(self, open_cards: bool) -> pygame.Rect:
        """Below the trump panel, above West's hand: the bidding log, the points needed."""
        top = self.trump_panel.bottom + self.px(8)
        bottom = self.hand_bounds(WEST, open_cards).top - self.px(8)
        return pygame.Rect(self.margin, top, self.trump_panel.w, max(0, bottom - top))

    @cached_property
    def score_panel(self) -> pygame.Rect:
        """Top right, wider for larger text as far as North's hand allows: two names, this
        deal's points and roem and the total share one row ("He… & Jo…" at 1024x600)."""
        north = self.hand_bounds(NORTH, True)
        room = self.w - self.margin - (north.right + self.px(12))
        w = max(self.px(340), min(round(self.px(340) * theme.text_scale()), room))
        return pygame.Rect(self.w - self.margin - w, self.margin, w, self.px(100))

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        # The plates hold two lines of at least MIN_TEXT ("Tegenspeler · 1 slag"), as wide
        # and tall as the player's text size needs; North's no wider than the room between
        # the trump panel and North's hand (its name shortened with "…" there).
        t = theme.text_scale()
        base = max(self.px(176), 12 * MIN_TEXT + 16)
        pw = round(base * t)
        ph = round(max(self.px(48), 3 * MIN_TEXT + 3) * t)
        gap = self.px(10)
        if seat == SOUTH:
            return pygame.Rect(self.margin, self.h - self.margin - ph, pw, ph)
        hand = self.hand_bounds(seat, open_cards)
        if seat == NORTH:
            room = hand.left - gap * 2 - (self.trump_panel.right + gap)
            pw = min(pw, max(room, self.px(120)))  # it met the trump panel with open cards
            return pygame.Rect(hand.left - gap * 2 - pw, self.margin, pw, ph)
        y = hand.bottom + gap
        if seat == WEST:
            return pygame.Rect(self.margin, y, pw, ph)
        return pygame.Rect(self.w - self.margin - pw, y, pw, ph)

    def bubble_anchor(self, seat: int, open_cards: bool) -> tuple[float, float, str]:
        """Where a speech bubble points from, and on which side of it the bubble sits."""
        gap = self.px(14)
        if seat == SOUTH:
            plate = self.plate_rect(SOUTH, open_cards)
            return plate.centerx, plate.top - gap, "above"
        hand = self.hand_bounds(seat, open_cards)
        if seat == NORTH:
            return hand.centerx, hand.bottom + gap, "below"
        if seat == WEST:
            return hand.right + gap, hand.centery, "right"
        return hand.left - gap, hand.centery, "left"

    def side_buttons(self, count: int, scale: float | None = None) -> list[pygame.Rect]:
        """The column of table buttons at the bottom right, top to bottom (as wide as the
        text size makes them, or `scale` would)."""
        scale = theme.text_scale() if scale is None else scale
        bw, bh, gap = round(self.px(178) * scale), self.px(40), self.px(8)
        x = self.w - self.margin - bw
        y0 = self.h - self.margin - count * bh - (count - 1) * gap
        return [pygame.Rect(x, y0 + i * (bh + gap), bw, bh) for i in range(count)]

    def claim_rect(self) -> pygame.Rect:
        cw, ch = self.card
        cx, cy = self.centre
        bw, bh = self.px(170), self.px(60)
        return pygame.Rect(round(cx + 1.65 * cw), round(cy - bh / 2), bw, bh)

    def prompt_centre(self) -> tuple[int, int]:
        """Decision panels sit a little below the middle, clear of a proposed card."""
        cx, cy = self.centre
        return round(cx), round(cy + 0.22 * self.card[1])

    def proposed_pose(self) -> Pose:
        cx, cy = self.centre
        return Pose(cx, cy - 0.55 * self.card[1], 0.0, SMALL)

    def claim_panel(self, size: tuple[int, int]) -> pygame.Rect:
        """A small panel right of the trick, so the trick itself stays in view."""
        rect = pygame.Rect((0, 0), size)
        rect.center = self.claim_rect().center
        rect.left = min(rect.left, self.claim_rect().left)
        return rect

    def toast_centre(self) -> tuple[float, float]:
        """Where a one-line message sits: above the bottom hand with its lifted cards (a
        legal card rises 0.12, the picked one 0.07 of a card); longer ones grow upwards."""
        return self.w / 2, self.south_hand_top() - 0.19 * self.card[1] - self.px(34)

    # --- hit testing ---
    def south_card_at(self, n: int, pos: tuple[int, int], lifts: list[float]) -> int | None:
        """Index of the human's card under `pos`: the topmost (rightmost) one wins."""
        cw, ch = self.card
        poses = self._south(n)
        for i in range(n - 1, -1, -1):
            p = poses[i]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (round(p.x), round(p.y - (lifts[i] if i < len(lifts) else 0)))
            if rect.collidepoint(pos):
                return i
        return None

    def south_card_point(self, n: int, index: int) -> tuple[int, int]:
        """A point that only card `index` covers (its uncovered strip), for tests and hints."""
        cw, ch = self.card
        poses = self._south(n)
        p = poses[index]
        if index < n - 1:
            strip = poses[index + 1].x - p.x
            x = p.x - cw / 2 + strip / 2
        else:
            x = p.x
        return round(x), round(p.y)


def place_of(seat: int, players: int, bottom: int, places: tuple[int, ...] = ()) -> int:
    """Where `seat` sits on screen when seat `bottom` is drawn South: the seats in turn
    round the table, at `places` (a layout's own: three players sit south, west and
    east), else spread evenly (four: a quarter each; two: face to face)."""
    k = (seat - bottom) % players
    return places[k] if places else k * (4 // players)


class SeatedLayout:
    """A `TableLayout` seen from seat `bottom` of a `players`-seat game.

    Only the entry points that take a seat map it (with `place_of`); everything else
    (sizes, panels, the bottom hand's hit testing) is the base layout's. Composition,
    not a subclass, so the base's inner calls between its own methods, which pass
    places, are not mapped twice."""

    def __init__(self, base: TableLayout, players: int, bottom: int) -> None:
        self.base = base
        self.players = players
        self.bottom = bottom

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def place(self, seat: int) -> int:
        """Where `seat` sits on screen (0 south, 1 west, 2 north, 3 east)."""
        return place_of(seat, self.players, self.bottom, self.base.places)

    def hand_poses(self, seat: int, n: int, open_cards: bool) -> list[Pose]:
        return self.base.hand_poses(self.place(seat), n, open_cards)

    def hand_centre(self, seat: int) -> tuple[float, float]:
        return self.base.hand_centre(self.place(seat))

    def hand_bounds(self, seat: int, open_cards: bool) -> pygame.Rect:
        return self.base.hand_bounds(self.place(seat), open_cards)

    def trick_pose(self, seat: int) -> Pose:
        return self.base.trick_pose(self.place(seat))

    def sweep_pose(self, seat: int) -> Pose:
        return self.base.sweep_pose(self.place(seat))

    def deck_pose(self, dealer: int) -> Pose:
        return self.base.deck_pose(self.place(dealer))

    def plate_rect(self, seat: int, open_cards: bool) -> pygame.Rect:
        return self.base.plate_rect(self.place(seat), open_cards)

    def bubble_anchor(self, seat: int, open_cards: bool) -> tuple[float, float, str]:
        return self.base.bubble_anchor(self.place(seat), open_cards)

    def panels(self, open_cards: bool) -> list[pygame.Rect]:
        """The base's, with the plates of the places the players sit at."""
        places = tuple(self.place(seat) for seat in range(self.players))
        return self.base.panels(open_cards, places)


def seated(base: TableLayout, players: int, bottom: int) -> TableLayout:
    """`base` with its seats placed for a `players`-seat game seen from seat `bottom`."""
    return SeatedLayout(base, players, bottom)  # type: ignore[return-value]
