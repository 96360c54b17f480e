"""The scene protocol and the base class every screen builds on.

A scene has handle(command), update(dt) and draw(surface); draw never changes
state. Each scene owns its own pygame-gui manager, so the buttons of a scene
lower in the stack can never catch a click meant for the one on top. A scene
also says how long it can go without a frame (`calm_for`), so the loop sleeps
on events while nothing moves instead of redrawing the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .. import i18n
from . import theme
from .commands import Command

if TYPE_CHECKING:
    from .shell import Shell


def layout_key(size: tuple[int, int]) -> tuple:
    """What a scene's widgets and pictures are built for: the window's size, the language
    and the text size (a scene built for another is rebuilt before it is shown again)."""
    return (tuple(size), i18n.language(), theme.text_scale())


class Scene:
    """Base scene: a themed UI manager, buttons bound to callbacks, keyboard shortcuts."""

    opaque = True  # covers the whole window; scenes below it need not be drawn
    calm = False  # True: the picture changes only on input (and its widgets), see calm_for

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.laid_out_for = layout_key(app.size)
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
        self.laid_out_for = layout_key(size)
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
    def calm_for(self) -> float:
        """Seconds this scene can go without a frame (0.0: it needs frames now).

        The safe default is 0.0: a scene is drawn every frame unless it says it is calm.
        Calm scenes override this with their own timers and animations."""
        return self.widgets_calm_for() if self.calm else 0.0

    def widgets_calm_for(self) -> float:
        """Seconds the pygame-gui widgets can go without an update: 0.0 while a state is
        still being drawn, a colour blends, a size rebuild is due, a text cursor blinks or a
        mouse button is held (a scroll bar's arrow repeats); else until a tooltip is due."""
        if self.typing() or any(pygame.mouse.get_pressed()):
            return 0.0
        wait = math.inf
        try:
            for element in self.ui.get_sprite_group().sprites():
                shape = getattr(element, "drawable_shape", None)
                if shape is not None and (
                    shape.states_to_redraw_queue or shape.need_to_clean_up
                    or shape.should_trigger_full_rebuild or shape.active_state.transition
                ):  # fmt: skip
                    return 0.0
                if element.hovered and element.tool_tip_text and element.tool_tip is None:
                    wait = min(wait, max(0.0, element.tool_tip_delay - element.hover_time))
        except AttributeError:  # another pygame-gui: we cannot tell, so keep drawing
            return 0.0
        return wait

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
