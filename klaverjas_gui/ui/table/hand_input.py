"""The human's hand: pick a card up and drop it, click it, or use the keyboard.

Whether a card may be played is always the engine's answer; this class only
tracks where the pointer is and which card is picked, lifted or selected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...engine import ALL_CARDS, Action, Card
from ...engine.match import PASS, play
from .layout import Pose

if TYPE_CHECKING:
    from .layout import TableLayout
    from .port import TablePort

DRAG_THRESHOLD = 7  # px (times the layout unit) before a press becomes a drag
# The phases in which a card of the hand is moved, and the action that moves it: played
# to the trick; the three-player table also lays cards away ("talon": `lay`).
CardPhases = Mapping[str, Callable[[Card], Action]]
PLAY_PHASES: CardPhases = {"play": play}


def hand_lifts(
    cards: list[Card], legal: set[Card] | frozenset[Card] | None, show_legal: bool,
    card_height: int, selected: int | None = None, hover: int | None = None,
) -> list[float]:  # fmt: skip
    """How far each card of a hand to play from rises: the legal ones (when the settings
    show them) 0.12 of a card, the selected one 0.07 more (the hovered one 0.035), so the
    keyboard's card stands out of the row; nothing when it is not this hand's turn."""
    out = [0.0] * len(cards)
    if legal is None:
        return out
    for i, card in enumerate(cards):
        if show_legal and card in legal:
            out[i] += 0.12 * card_height
        if i == selected:
            out[i] += 0.07 * card_height
        elif i == hover:
            out[i] += 0.035 * card_height
    return out


class HandInput:
    """The bottom hand's input, through the table's port (ui/table/port.py)."""

    def __init__(self, table: TablePort, phases: CardPhases = PLAY_PHASES) -> None:
        self.table = table
        self.phases = phases
        self.kinds = {phase: make(ALL_CARDS[0]).kind for phase, make in phases.items()}
        self.selected: int | None = None
        self.hover: int | None = None
        self.press: tuple[Card, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self.pointer: tuple[int, int] = (0, 0)
        self.clicks = 1  # 2 when the press that started this was a double click

    # --- whether a card may be played ---
    def may_play(self) -> bool:
        """The person holding the laptop is to play a card and the picture has caught up;
        not while the session waits for the answer to a card already sent (a network
        guest's: her hand still looked playable, its legal cards lifted, until the host's
        answer came)."""
        session = self.table.session
        s, holder = session.state, session.holder
        return (
            holder is not None and s.phase in self.phases and s.to_move == holder
            and session.is_person(holder) and self.table.idle
        )  # fmt: skip

    def action(self, card: Card) -> Action:
        """What moving `card` now is: playing it, or laying it away."""
        return self.phases.get(self.table.session.state.phase, play)(card)

    def moves(self, action: Action) -> bool:
        """`action` moves a card of a hand (the keyboard's pick then follows)."""
        return action.kind in self.kinds.values()

    def playable(self) -> bool:
        """The person may play a card now: in play, or through a claim question that waits
        for them (the card moves on: the claim is passed first)."""
        session = self.table.session
        return self.may_play() or (session.claim_waits() and session.trick_pause())

    # --- what the view asks ---
    @property
    def cards(self) -> list[Card]:
        return self.table.model.hands[self.table.layout.bottom]  # the human to act

    def legal_cards(self) -> set[Card] | None:
        """The engine's legal cards when it is the human's turn to play, else None (during
        a claim question that waits for them: the cards of the trick after it)."""
        if not self.playable():
            return None
        state = self.table.session.state
        if state.phase == "claim":
            state = state.apply(PASS)[0]
        kind = self.kinds.get(state.phase, "play")
        return {a.card for a in state.legal_actions() if a.kind == kind and a.card is not None}

    def selected_card(self) -> Card | None:
        if self.selected is None or not self.playable():
            return None
        cards = self.cards
        card = cards[self.selected] if self.selected < len(cards) else None
        if card is not None and self.table.settings.show_legal:
            legal = self.legal_cards()
            if legal and card not in legal:
                return None  # greyed in this trick: the cursor is not on it
        return card

    def lifts(self, n: int) -> list[float]:
        """How far each card of the hand rises (`hand_lifts`)."""
        return hand_lifts(self.cards[:n], self.legal_cards(), self.table.settings.show_legal,
                          self.table.layout.card[1], self.selected, self.hover)  # fmt: skip

    def targets(self, layout: TableLayout) -> dict[Card, Pose]:
        """The resting pose of each card of the bottom hand, lifted as `lifts` says; the
        others' cards do not glide: they sit in the view's cached layer."""
        hand = self.table.model.hands[layout.bottom]
        poses = layout.hand_poses(layout.bottom, len(hand), self.table.open_cards)
        lifts = self.lifts(len(hand))
        out: dict[Card, Pose] = {}
        for i, card in enumerate(hand):
            p = poses[i]
            out[card] = Pose(p.x, p.y - lifts[i], p.angle, p.scale) if lifts else p
        return out

    def drag_pose(self) -> tuple[Card, Pose] | None:
        if not (self.dragging and self.press):
            return None
        card, _, (ox, oy) = self.press
        return card, Pose(self.pointer[0] - ox, self.pointer[1] - oy, 0.0, 1.0)

    # --- pointer ---
    def _card_at(self, pos: tuple[int, int]) -> int | None:
        cards = self.cards
        return self.table.layout.south_card_at(len(cards), pos, self.lifts(len(cards)))

    def pointer_down(self, pos: tuple[int, int], clicks: int) -> bool:
        self.pointer = pos
        i = self._card_at(pos)
        if i is None:
            return False
        card = self.cards[i]
        pose = self.table.model.poses.get(card)
        offset = (pos[0] - pose.x, pos[1] - pose.y) if pose else (0.0, 0.0)
        self.press = (card, pos, offset)
        self.dragging = False
        self.clicks = clicks
        return True

    def pointer_move(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.press and not self.dragging:
            _, start, _ = self.press
            far = max(abs(pos[0] - start[0]), abs(pos[1] - start[1]))
            if far > DRAG_THRESHOLD * self.table.layout.u and self.playable():
                self.dragging = True
        self.hover = self._card_at(pos) if not self.dragging else None

    def pointer_up(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        press, dragging = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None:
            return False
        card, _, (ox, oy) = press
        if dragging:
            drop = Pose(pos[0] - ox, pos[1] - oy, 0.0, 1.0)
            if self.table.layout.drop_zone.collidepoint(pos):
                if not self.table.try_play(card, drop):
                    self.table.model.let_go(card, drop)  # glides back from where it was let go
            else:
                self.table.model.let_go(card, drop)
            return True
        self._click(card, self.clicks)
        return True

    def _click(self, card: Card, clicks: int) -> None:
        cards = self.cards
        if card not in cards:
            return
        index = cards.index(card)
        gesture = self.table.settings.play_gesture
        if not self.playable():
            self.table.not_your_turn()
            return
        if gesture == "click" or (
            gesture == "double_click" and (clicks >= 2 or self.selected == index)
        ):
            self.table.try_play(card, None)
            return
        self.selected = index

    def cancel(self) -> None:
        self.press, self.dragging, self.hover = None, False, None

    # --- keyboard ---
    def key(self, name: str) -> bool:
        """Left/Right pick a card, Enter plays it. With the legal cards shown, the pick
        only lands on them: a greyed card is never under the cursor."""
        if name not in ("left", "right", "confirm"):
            return False
        cards = self.cards
        if not cards or not self.playable():
            if name == "confirm":
                return False
            self.table.not_your_turn()
            return True
        legal = self.legal_cards() or set()
        if self.table.settings.show_legal and legal:
            allowed = [i for i, c in enumerate(cards) if c in legal]
        else:
            allowed = list(range(len(cards)))
        if name == "confirm":
            if self.selected is None or self.selected not in allowed:
                self.selected = allowed[0]
                return True
            self.table.try_play(cards[self.selected], None)
            return True
        step = -1 if name == "left" else 1
        if self.selected not in allowed:
            self.selected = allowed[0] if step > 0 else allowed[-1]
        else:
            self.selected = allowed[(allowed.index(self.selected) + step) % len(allowed)]
        return True

    def after_play(self) -> None:
        """Keep the keyboard selection on a sensible card once one has left the hand."""
        n = len(self.cards)
        if self.selected is not None:
            self.selected = min(self.selected, n - 2) if n > 1 else None
