"""A scrolling form of labelled rows: choices as segment buttons, names as text fields.

Every choice shows all its values at once (one click picks one, the picked one
is lit), because a rule option with two or three values reads better as
buttons than as a drop-down that hides them. The rows live in a pygame-gui
scrolling container, so a long form still fits a 1024x600 window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UIScrollingContainer, UITextEntryLine

from ..i18n import tr
from . import theme
from .focus import Control

if TYPE_CHECKING:
    from .scene import Scene

Option = tuple[Any, str]  # a value and its label


class Form:
    """Rows in a scrolling box inside `rect` of a scene; the scene owns the buttons."""

    def __init__(self, scene: Scene, rect: pygame.Rect) -> None:
        self.scene = scene
        self.u = theme.scale_for(scene.app.size)
        self.font_scale = theme.ui_scale(scene.app.size)
        self.box = UIScrollingContainer(rect, scene.ui, allow_scroll_x=False)
        self.width = rect.w - self.px(22)  # room for the scroll bar
        self.y = self.px(4)
        self.choices: dict[str, list[tuple[Any, pygame_gui.elements.UIButton]]] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self._on_text: dict[UITextEntryLine, Callable[[str], None]] = {}
        self.current: dict[str, Any] = {}  # each choice's lit value
        self.controls: list[Control] = []  # every row's parts, top to bottom, for the keyboard
        self.picked: str | None = None  # the row last changed (kept in view by a rebuild)

    def px(self, v: float) -> int:
        return round(v * self.u)

    def font_px(self, size: int) -> int:
        """The size `theme.font` takes for the letters pygame-gui draws for a theme.json font
        size here (see theme.scaled_theme; both apply the text size)."""
        return theme.ui_font_base(size, self.font_scale)

    # --- rows ---
    def heading(self, text: str) -> None:
        self.y += self.px(10)
        self.y += self._label(text.upper(), 0, self.y, self.width, 15, "@form_heading") + self.px(6)

    def choice(
        self,
        key: str,
        label: str,
        note: str,
        options: Sequence[Option],
        current: Any,
        pick: Callable[[Any], None],
    ) -> None:
        """A row: the option's name and one-line explanation left, its values right."""
        top = self.y
        split = round(self.width * 0.46)
        left = self._text_block(label, note, split - self.px(14), top)
        right = self._segments(key, options, current, pick, split, top)
        self._end_row(top, max(left, right))
        self._choice_control(key, options, pick, max(left, right))

    def entry(
        self,
        key: str,
        label: str,
        text: str,
        change: Callable[[str], None],
        options: Sequence[Option],
        current: Any,
        pick: Callable[[Any], None],
        max_length: int = 24,
    ) -> None:
        """A row with a text field under its label (a seat's name) and choices right (none:
        the name alone; one chip that changes nothing looked like a button that is broken)."""
        top = self.y
        split = round(self.width * 0.46)
        label_h = self._label(label, 0, top, split, 17, "@form_label")
        field_h = self.px(34)
        field = UITextEntryLine(
            pygame.Rect(0, top + label_h + self.px(4), split - self.px(24), field_h),
            self.scene.ui, container=self.box, initial_text=text,
            object_id=ObjectID(object_id=f"#{key}"),
        )  # fmt: skip
        field.set_text_length_limit(max_length)
        self.entries[key] = field
        self._on_text[field] = change
        right = self._segments(f"{key}_kind", options, current, pick, split, top) if options else 0
        self._end_row(top, max(label_h + self.px(4) + field_h, right))
        self.controls.append(Control(key, field.get_abs_rect, lambda: self.type_in(key),
                                     show=lambda: self.show(field.get_abs_rect())))  # fmt: skip
        if options:
            self._choice_control(f"{key}_kind", options, pick)

    # --- the keyboard (ui/focus.py) ---
    def _choice_control(self, key: str, options: Sequence[Option],
                        pick: Callable[[Any], None], height: int = 0) -> None:  # fmt: skip
        """A choice row for the focus ring: Left/Right and Enter step through its values;
        brought into view with its label and note (`height`: the row's, from its top)."""
        values = [value for value, _ in options]

        def step(by: int) -> None:
            now = self.current.get(key)
            i = values.index(now) + by if now in values else 0
            self._pick(key, values[i % len(values)], pick)

        def rect() -> pygame.Rect | None:
            rects = [b.get_abs_rect() for _, b in self.choices.get(key, [])]
            return rects[0].unionall(rects[1:]) if rects else None

        def whole_row() -> pygame.Rect | None:
            ring = rect()
            if ring is None:
                return None
            return pygame.Rect(ring.topleft, (ring.w, max(ring.h, height)))

        self.controls.append(Control(key, rect, None, step, lambda: self.show(whole_row())))

    def type_in(self, key: str) -> None:
        """Enter on a name: the field takes the keys (Enter, Tab or Esc give them back)."""
        field = self.entries[key]
        if self.scene.typing():
            self.scene.ui.set_focus_set(None)
        else:
            self.scene.ui.set_focus_set(field)
            field.edit_position = len(field.get_text())  # typing goes on after the name

    def show(self, rect: pygame.Rect | None) -> None:
        """Scroll so that `rect` (a row's part on screen) is inside the box."""
        bar = self.box.vert_scroll_bar
        if rect is None or bar is None:
            return
        box = self.box.get_abs_rect()
        total = max(1, self.y + self.px(8))
        margin = self.px(12)
        offset = bar.start_percentage * total  # content pixels above the box's top
        if rect.top - margin < box.top:
            offset -= box.top - (rect.top - margin)
        elif rect.bottom + margin > box.bottom:
            offset += rect.bottom + margin - box.bottom
        else:
            return
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0, offset / total)))

    def finish(self) -> None:
        """Tell the box how tall its content is (the scroll bar appears when needed)."""
        self.box.set_scrollable_area_dimensions((self.width, self.y + self.px(8)))

    # --- updates ---
    def mark(self, key: str, current: Any) -> None:
        """Light the button of the current value of one choice."""
        self.current[key] = current
        for value, button in self.choices.get(key, []):
            if value == current:
                button.select()
            else:
                button.unselect()

    def scroll(self, pos: tuple[int, int], clicks: int) -> bool:
        """The wheel over the form (pygame-gui scrolls only over a widget, not between)."""
        bar = self.box.vert_scroll_bar
        if bar is None or not self.box.get_abs_rect().collidepoint(pos):
            return False
        bar.set_scroll_from_start_percentage(
            bar.start_percentage + clicks * 0.15 * bar.visible_percentage
        )
        return True

    def text_changed(self, element: Any, text: str) -> bool:
        change = self._on_text.get(element)
        if change is None:
            return False
        change(text)
        limit = element.length_limit if isinstance(element, UITextEntryLine) else None
        if limit is not None and len(text) >= limit:  # pygame-gui refuses more without a word
            self.scene.app.toast(tr("ui.name_limit", n=limit))
        return True

    # --- pieces ---
    def _label(self, text: str, x: int, y: int, width: int, size: int, cls: str) -> int:
        """One line of text; returns the height it takes (its box is a little taller,
        so pygame-gui never finds it too small at any scale)."""
        line = theme.font(self.font_px(size)).get_linesize()
        UILabel(pygame.Rect(x, y, width, line + self.px(4) + 4), text, self.scene.ui,
                container=self.box, object_id=ObjectID(class_id=cls))  # fmt: skip
        return line + self.px(2)

    def _text_block(self, label: str, note: str, width: int, top: int) -> int:
        y = top  # the option's name wraps too ("Réclamer les annonces pour moi", larger)
        for line in theme.wrap(label, self.font_px(17), width - self.px(16), bold=True):
            y += self._label(line, 0, y, width, 17, "@form_label")
        note_px = self.font_px(14)
        for line in theme.wrap(note, note_px, width - self.px(16)) if note else []:
            y += self._label(line, 0, y, width, 14, "@form_note") - self.px(2)
        return y - top

    def _segments(
        self,
        key: str,
        options: Sequence[Option],
        current: Any,
        pick: Callable[[Any], None],
        left: int,
        top: int,
    ) -> int:
        """Buttons for the values, wrapped to the column; returns the height used."""
        font = theme.font(self.font_px(15), True)
        h, gap, pad = self.px(32), self.px(6), self.px(14)
        x, y = left, top
        buttons = []
        for value, text in options:
            w = max(self.px(52), font.size(text)[0] + 2 * pad)
            if x + w > self.width and x > left:
                x, y = left, y + h + gap
            button = self.scene.button(
                f"{key}={value}", pygame.Rect(x, y, w, h), text,
                lambda v=value: self._pick(key, v, pick), "@segment", container=self.box,
            )  # fmt: skip
            buttons.append((value, button))
            x += w + gap
        self.choices[key] = buttons
        self.mark(key, current)
        return y + h - top

    def _pick(self, key: str, value: Any, pick: Callable[[Any], None]) -> None:
        self.picked = key
        pick(value)
        self.mark(key, value)

    def _end_row(self, top: int, height: int) -> None:
        self.y = top + height + self.px(16)
