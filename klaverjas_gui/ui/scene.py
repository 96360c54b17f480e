"""The scene protocol and the base class every screen builds on.

A scene has handle(command), update(dt) and draw(surface); draw never changes
state. Each scene owns its own pygame-gui manager, so the buttons of a scene
lower in the stack can never catch a click meant for the one on top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from . import theme
from .commands import Command

if TYPE_CHECKING:
    from ..app import App


class Scene:
    """Base scene: a themed UI manager, buttons bound to callbacks, keyboard shortcuts."""

    opaque = True  # covers the whole window; scenes below it need not be drawn

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = theme.ui_manager(app.size)
        self._actions: dict[Any, Callable[[], None]] = {}
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # --- life cycle ---
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for a new window size: a fresh manager keeps fonts scaled."""
        self.clear_buttons()
        theme.release_manager(self.ui)
        self.ui = theme.ui_manager(size)
        self._actions.clear()
        self.buttons.clear()
        self.build()

    def build(self) -> None:
        """Create the widgets for the current window size."""

    # --- widgets ---
    def button(
        self,
        key: str,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], None],
        cls: str = "",
        tooltip: str | None = None,
        container: Any = None,
    ) -> pygame_gui.elements.UIButton:
        """A pygame-gui button whose press calls `action`; `key` names it for tests.

        `container` (a pygame-gui container, e.g. a scrolling one) holds it if given."""
        old = self.buttons.pop(key, None)
        if old is not None:
            self._actions.pop(old, None)
            old.kill()
        element = pygame_gui.elements.UIButton(
            rect, label, self.ui, tool_tip_text=tooltip, container=container,
            object_id=ObjectID(class_id=cls or None, object_id=f"#{key}"),
        )  # fmt: skip
        self._actions[element] = action
        self.buttons[key] = element
        return element

    def remove_button(self, key: str) -> None:
        element = self.buttons.pop(key, None)
        if element is not None:
            self._actions.pop(element, None)
            element.kill()

    def clear_buttons(self) -> None:
        for key in list(self.buttons):
            self.remove_button(key)

    def typing(self) -> bool:
        """A text field has the keyboard, so keys are text, not shortcuts."""
        focus = self.ui.get_focus_set() or ()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus)

    def toast_centre(self) -> tuple[float, float]:
        """Where short messages appear over this scene."""
        w, h = self.app.size
        return w / 2, h * 0.9

    # --- the frame ---
    def handle(self, cmd: Command) -> bool:
        """React to a command; True if it was used."""
        if cmd.kind == "ui":
            action = self._actions.get(cmd.element)
            if action is not None:
                action()
                return True
        return False

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)

    def close(self) -> None:
        """Release what the scene holds (threads, widgets, its manager) when it is discarded."""
        self.clear_buttons()
        theme.release_manager(self.ui)
