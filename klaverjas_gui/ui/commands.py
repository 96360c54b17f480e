"""The input mapper: the one place where raw pygame events become commands.

Scenes never look at pygame event types or key codes. Mouse, keyboard and
pygame-gui button presses all arrive as a `Command`, so a new input device
(touch, a remote) only needs a line here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

# Key -> command name. Letters double as shortcuts for the decision buttons. H is the hint
# everywhere; a suit is named with Shift and its letter (SUIT_KEYS), never by one letter.
KEYMAP: dict[int, str] = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_l: "last_trick",
    pygame.K_TAB: "score_sheet",  # elsewhere the next control (ui/focus.py); Shift: previous
    pygame.K_F11: "fullscreen",
    pygame.K_m: "mute",
    pygame.K_h: "hint",
    pygame.K_p: "pass",
    pygame.K_t: "take",
    pygame.K_k: "kraak",
    pygame.K_r: "roem",
    pygame.K_v: "verzaakt",  # call a wrong card of the other team (rules: revoke = club)
    pygame.K_o: "coach",  # the coach's options behind its note (ui/table/coach_note.py)
    pygame.K_BACKSPACE: "undo",  # take back a card in practice (Ctrl+Z as well)
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",  # + without Shift on most layouts
    pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
}
SUIT_KEYS: dict[int, str] = {pygame.K_c: "C", pygame.K_d: "D", pygame.K_h: "H", pygame.K_s: "S"}
# Keys that never mean anything alone; every other key is at least "other" (it ends a demo).
MODIFIERS = frozenset({
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
    pygame.K_MODE, pygame.K_SCROLLLOCK,
})  # fmt: skip
DOUBLE_CLICK_SECONDS = 0.4
DOUBLE_CLICK_PIXELS = 8


@dataclass(frozen=True)
class Command:
    """What the player asked for, independent of the device.

    kind: pointer_down, pointer_move, pointer_up, scroll (clicks > 0: down), key, ui,
    ui_text, resize, quit.
    """

    kind: str
    pos: tuple[int, int] = (0, 0)
    name: str = ""
    clicks: int = 1
    size: tuple[int, int] = (0, 0)
    element: Any = None
    text: str = ""  # what a text field holds now (ui_text)


def on_key(cmd: Command, moves: Mapping[str, Callable[[], object]]) -> bool:
    """Do what `moves` binds to a key command's name; False when the key means nothing here
    (so the scenes that step through pages or cards share one way of reading keys)."""
    move = moves.get(cmd.name) if cmd.kind == "key" else None
    if move is not None:
        move()
    return move is not None


class InputMapper:
    """Turns pygame events into Commands; remembers just enough to spot a double click."""

    def __init__(self) -> None:
        self._last_down: tuple[float, tuple[int, int]] | None = None
        self._pointer: tuple[int, int] = (0, 0)  # where the wheel turns (it has no position)

    def map(self, event: pygame.event.Event, now: float | None = None) -> Command | None:
        kind = event.type
        if kind == pygame.QUIT:
            return Command("quit")
        if kind == pygame.VIDEORESIZE:
            return Command("resize", size=(int(event.w), int(event.h)))
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self._pointer = _pos(event)
            now = time.monotonic() if now is None else now
            clicks = 1
            if self._last_down is not None:
                t, p = self._last_down
                close = max(abs(p[0] - pos[0]), abs(p[1] - pos[1])) <= DOUBLE_CLICK_PIXELS
                if now - t <= DOUBLE_CLICK_SECONDS and close:
                    clicks = 2
            self._last_down = None if clicks == 2 else (now, pos)
            return Command("pointer_down", pos=pos, clicks=clicks)
        if kind == pygame.MOUSEMOTION:
            self._pointer = _pos(event)
            return Command("pointer_move", pos=self._pointer)
        if kind == pygame.MOUSEWHEEL and event.y:
            return Command("scroll", pos=self._pointer, clicks=-int(event.y))
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return Command("pointer_up", pos=_pos(event))
        if kind == pygame.KEYDOWN:
            if event.key in MODIFIERS:
                return None
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_z and mod & pygame.KMOD_CTRL:
                return Command("key", name="undo")
            if event.key == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
                return Command("key", name="focus_prev")
            if event.key in SUIT_KEYS and mod & pygame.KMOD_SHIFT:
                return Command("key", name=f"suit_{SUIT_KEYS[event.key]}")
            return Command("key", name=KEYMAP.get(event.key, "other"))
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            return Command("ui", name=str(event.ui_object_id), element=event.ui_element)
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            return Command(
                "ui_text", name=str(event.ui_object_id), element=event.ui_element, text=event.text
            )
        return None


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return int(x), int(y)
