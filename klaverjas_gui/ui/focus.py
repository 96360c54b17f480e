"""Keyboard focus: one visible ring over a screen's controls, moved and used by keys.

The menu, the Play screen, the confirmation and Settings share it, so the keys mean
the same everywhere: Tab / Shift+Tab and Down / Up move the ring over every control,
Enter and Space use the focused one (press a button, pick a choice's next value),
Left / Right step a choice's value. A control is a few callables, so a form row, a
button and a tab bar are all one kind of thing here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import theme
from .commands import Command

NEXT = ("down", "focus_next", "score_sheet")  # Tab arrives as the table's "score_sheet"
PREVIOUS = ("up", "focus_prev")


@dataclass
class Control:
    """One thing the ring can sit on.

    `rect`: where it is on screen now (None: hidden). `press`: Enter/Space. `step`:
    Left/Right with -1/+1 (None: Left/Right move the ring instead, as in a list)."""

    key: str
    rect: Callable[[], pygame.Rect | None]
    press: Callable[[], None] | None = None
    step: Callable[[int], None] | None = None
    show: Callable[[], None] | None = None  # bring it into view (a scrolled form)


class FocusRing:
    """The focused control of a list; `handle` reads the keys, `draw` shows the ring."""

    def __init__(self) -> None:
        self.controls: list[Control] = []
        self.index = 0
        self.shown = False  # drawn only once the keyboard is used (a mouse user sees none)

    def set(self, controls: list[Control], keep: str | None = None) -> None:
        """New controls (a rebuild); the ring stays on `keep` (or the same key) if it can."""
        key = keep or self.key
        self.controls = controls
        keys = [c.key for c in controls]
        self.index = keys.index(key) if key in keys else min(self.index, max(0, len(keys) - 1))

    @property
    def key(self) -> str | None:
        return self.controls[self.index].key if self.controls else None

    @property
    def current(self) -> Control | None:
        return self.controls[self.index] if self.controls else None

    def focus(self, key: str) -> None:
        keys = [c.key for c in self.controls]
        if key in keys:
            self.index = keys.index(key)

    def move(self, step: int) -> None:
        if self.controls:
            self.index = (self.index + step) % len(self.controls)
            control = self.controls[self.index]
            if control.show is not None:
                control.show()

    def handle(self, cmd: Command) -> bool:
        """Use a key command; True if it meant something here."""
        if cmd.kind != "key" or not self.controls:
            return False
        control = self.controls[self.index]
        name = cmd.name
        if not self.shown and name in (*NEXT, *PREVIOUS, "left", "right", "confirm"):
            self.shown = True  # the first key only shows where the ring is
            if control.show is not None:
                control.show()
            return True
        if name in NEXT or name in PREVIOUS:
            self.move(1 if name in NEXT else -1)
            return True
        if name in ("left", "right"):
            if control.step is not None:
                control.step(1 if name == "right" else -1)
            else:
                self.move(1 if name == "right" else -1)
            return True
        if name == "confirm":
            if control.press is not None:
                control.press()
            elif control.step is not None:
                control.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface, u: float, clip: pygame.Rect | None = None) -> None:
        """The gold ring round the focused control (inside `clip`, a scrolled form's box)."""
        control = self.current
        if not self.shown or control is None:
            return
        rect = control.rect()
        if rect is None:
            return
        draw_ring(surface, rect.inflate(round(10 * u), round(10 * u)), u, clip)


def draw_ring(
    surface: pygame.Surface, rect: pygame.Rect, u: float, clip: pygame.Rect | None = None
) -> None:
    """A bright double outline, visible on the felt, on gold buttons and on dark panels."""
    old = surface.get_clip()
    if clip is not None:
        surface.set_clip(clip.inflate(round(12 * u), round(12 * u)))
    width = max(2, round(3 * u))
    radius = round(14 * u)
    pygame.draw.rect(surface, theme.INK, rect.inflate(2 * width, 2 * width), width, radius)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, width, radius)
    surface.set_clip(old)
