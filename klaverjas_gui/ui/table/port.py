"""What a part of the table may read, and the calls it may make: `TablePort`.

The table's parts (the prompts, the hand input, the coach note, the director) and the
screens over it (the deal summary, the match's end, the score sheet) are given this
port, never the scene: they read the session, the display model, the layout and the
settings, and they ask the table to decide, to play a card, to make a button or to say
something. Whatever a part does not find here it may not do, so the scene can change
behind the port without its parts knowing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action, Card
from ...engine.match import RoemLeft
from ...i18n import tr
from .. import theme
from .layout import Pose, TableLayout
from .model import TableModel

if TYPE_CHECKING:
    from ...play.session import MatchSession
    from .scene import TableScene


class TablePort:
    """The narrow door of one table (`TableScene.port`)."""

    def __init__(self, scene: TableScene) -> None:
        self._scene = scene
        self.session: MatchSession = scene.session
        self.settings: Any = scene.app.settings
        self.demo: bool = scene.demo
        self.open_cards: bool = scene.open_cards  # every hand face up (demo, practice)

    # --- what a part reads ---
    @property
    def model(self) -> TableModel:
        return self._scene.model

    @property
    def layout(self) -> TableLayout:
        """The layout now (a new one after a resize or a hot-seat turn)."""
        return self._scene.layout

    @property
    def size(self) -> tuple[int, int]:
        return self._scene.app.size

    @property
    def speed(self) -> float:
        """Multiplier of the table's pauses and animations (the player's setting; the
        demo's own pace at the demo)."""
        return self._scene.speed

    @property
    def hiding(self) -> bool:
        """The hot-seat cover hides the table (the laptop changes hands)."""
        return self._scene.hotseat.hiding

    @property
    def many(self) -> bool:
        """More than one person plays at this laptop (hot-seat)."""
        return self._scene.hotseat.many

    @property
    def idle(self) -> bool:
        """Every animation is done: the picture equals the engine."""
        return self._scene.director.idle

    def ready(self) -> bool:
        """The seat to move may decide now (the picture has caught up)."""
        return self._scene.may_act()

    def card_playable(self) -> bool:
        return self._scene.hand.playable()

    def claim_waits(self) -> bool:
        return self.session.claim_waits()

    def team_names(self) -> tuple[str, ...]:
        return self._scene.team_names()

    def seat_names(self) -> list[str]:
        """Each seat's name as this screen says it, the plates' (`HotSeat.names`): another
        person's seat still called "You" is named by its place."""
        return list(self._scene.hotseat.names()[0])

    def winner_name(self, seat: int) -> str:
        """`seat` named for a sentence about it in the third person ("Anna wins"): a seat
        still called "You" by its place, whoever holds the laptop ("South wins", never
        "You wins")."""
        names, you = self._scene.hotseat.names()
        return tr(self.session.game.seat_words[seat]) if seat in you else names[seat]

    def prompt_panel(self) -> pygame.Rect | None:
        """The decision panel shown, if any (the coach's note keeps clear of it)."""
        prompt = self._scene.prompt
        return prompt.panel[0] if prompt.visible and prompt.panel else None

    def hand_targets(self, layout: TableLayout) -> dict[Card, Pose]:
        """The bottom hand's resting poses as the input lifts them."""
        return self._scene.hand.targets(layout)

    def slot_pose(self, layout: TableLayout, seat: int) -> Pose:
        """Where a newly dealt card of `seat` lands."""
        return self.model.slot_pose(layout, seat, self.open_cards)

    def summary_note(self, deal_no: int) -> str | None:
        """The guide's teaching note on the deal (roem missed), for its summary."""
        return self._scene.guide.summary_note(deal_no)

    @property
    def hints_on(self) -> bool:
        return self._scene.guide.hints_on

    def first_match(self) -> bool:
        """No match of this game has been finished here yet (the history says)."""
        history = self._scene.app.history
        matches = history.matches(game=self.session.game.name)
        return not any(r.status == "finished" for r in matches)

    def above_plate(self) -> int | None:
        """The top of the guide's buttons over the bottom plate (None: there are none)."""
        tops = [r.top for k in ("hint", "take_back") if (r := self.button_rect(k)) is not None]
        return min(tops, default=None)

    def passing(self, picture: Any) -> list[pygame.Rect]:
        """Where the passing messages lie this frame: the toasts, the speech bubbles, a
        button's tooltip, the hint asked for (the coach's note steps aside for them)."""
        scene = self._scene
        toasts = scene.app.toasts.placed(scene.toast_centre(), theme.scale_for(self.size))
        tips = [b.tool_tip.rect for b in scene.buttons.values()
                if getattr(b, "tool_tip", None) is not None]  # fmt: skip
        hint = [scene.guide.shown] if scene.guide.shown is not None else []
        return [r for _, _, r in toasts] + scene.view.bubble_rects(picture) + tips + hint

    # --- the calls a part may make ---
    def decide(self, action: Action) -> None:
        self._scene.decide(action)

    def submit(self, action: Action, origin: Pose | None) -> str | None:
        """Hand `action` to the session; why not in words if it is refused."""
        return self._scene.submit(action, origin)

    def reason_words(self, reason: Any) -> str:
        return self._scene.reason_words(reason)

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        """Play `card` (dropped at `origin`, if dragged); False if it is refused."""
        return self._scene.try_play(card, origin)

    def not_your_turn(self) -> None:
        self._scene.not_your_turn()

    def save_settings(self) -> None:
        self._scene.app.save_settings()

    def roem_left(self, ev: RoemLeft) -> None:
        """Roem was left in a trick: the table says so."""
        self._scene.notes.roem_left(ev)

    def toast(self, text: str, seconds: float = 4.0) -> None:
        self._scene.app.toast(text, seconds)

    def sound(self, name: str) -> None:
        self._scene.app.audio.play(name)

    def button(
        self, key: str, rect: pygame.Rect, label: str, action: Callable[[], None],
        cls: str = "", tooltip: str | None = None,
    ) -> Any:  # fmt: skip
        return self._scene.button(key, rect, label, action, cls, tooltip=tooltip)

    def remove_button(self, key: str) -> None:
        self._scene.remove_button(key)

    def button_rect(self, key: str) -> pygame.Rect | None:
        """Where button `key` is on screen, if it is shown."""
        button = self._scene.buttons.get(key)
        return button.get_abs_rect() if button is not None and button.visible else None

    def button_rects(self) -> list[pygame.Rect]:
        """Where every button shown is (a note keeps clear of them)."""
        return [b.get_abs_rect() for b in self._scene.buttons.values() if b.visible]

    def show_button(self, key: str, topleft: tuple[int, int] | None = None) -> None:
        """Show a kept button (moved to `topleft`): making one mid-trick costs a frame."""
        button = self._scene.buttons[key]
        if topleft is not None:
            button.set_relative_position(topleft)
        button.show()

    def hide_button(self, key: str) -> None:
        self._scene.buttons[key].hide()

    def refresh(self) -> None:
        """The new buttons show in this very frame."""
        self._scene.ui.update(0.0)
