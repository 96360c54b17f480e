"""Does every word on a screen fit? The check behind tests/test_text_fit.py.

One frame of a screen is drawn onto a `Recording` surface, with `theme.text` and
`theme.panel` noting the pictures they hand out; every blit of one of them is where a
text or a panel went. Then, besides pygame-gui's own buttons and labels:

- a text's inked pixels lie inside the window, touch no other text, and sit wholly inside
  or wholly outside each panel (a text across a panel's edge sticks out of it);
- a text touches no button (a note under "Back", a toast over Take);
- a button's label fits its button, and a button lies inside the window and does not
  straddle a panel's edge;
- nothing was shortened with "…" but a text holding one of `long_names` (longer than
  `LONG_NAME` characters: such a name may be shortened where space is short);
- no text is drawn in letters smaller than MIN_READABLE x the layout unit (0.83 at
  1024x600) x the text size: a text that grows the letters everywhere else must not
  shrink one screen's.

`problems(app)` gives one line per finding for the screen on top.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame_gui.core.utility import translate

from klaverjas_gui.ui import theme, widgets
from klaverjas_gui.ui.table import view

LONG_NAME = 12  # characters: a longer name may be shortened where space is short
SMALLEST = 9  # px at 1024x600: letters never smaller, whatever the text size
OVERLAP = 2  # px: inked boxes of two texts may touch by this much (antialiasing)


@dataclass
class Frame:
    """What one frame drew: texts and panels, each with its screen rect."""

    texts: list[tuple[str, int, pygame.Rect]] = field(default_factory=list)  # words, px, ink
    panels: list[pygame.Rect] = field(default_factory=list)
    elided: list[str] = field(default_factory=list)


class Recording(pygame.Surface):
    """A window-sized surface that notes where the pictures of `made` go."""

    def __init__(self, size: tuple[int, int], made: dict[int, tuple], frame: Frame) -> None:
        super().__init__(size)
        self.made = made
        self.frame = frame

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = super().blit(source, dest, area, special_flags)
        self._note(source, dest, area)
        return rect

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[override]
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def _note(self, source: pygame.Surface, dest, area) -> None:
        what = self.made.get(id(source))
        if what is None or what[0]() is not source:
            return
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest[:2]
        if what[1] == "dim":  # a dialog over a dimmed screen: only what is over it counts
            self.frame.texts.clear()
            self.frame.panels.clear()
            return
        if what[1] == "panel":
            rect = pygame.Rect(x, y, *source.get_size())
            if source.get_at((rect.w // 2, rect.h // 2))[3] >= 240:  # opaque: what it covers
                self.frame.texts = [t for t in self.frame.texts if not rect.contains(t[2])]
                self.frame.panels = [p for p in self.frame.panels if not rect.contains(p)]
            self.frame.panels.append(rect)
            return
        ink = source.get_bounding_rect()
        if area is not None:
            ink = ink.clip(pygame.Rect(area))
            ink.move_ip(-pygame.Rect(area).x, -pygame.Rect(area).y)
        if ink.w and ink.h:
            self.frame.texts.append((what[2], what[3], ink.move(round(x), round(y))))


@contextmanager
def recording(monkeypatch) -> Iterator[dict[int, tuple]]:
    """`theme.text`, `theme.panel` and `view.fit` noting what they make, while inside."""
    import weakref

    made: dict[int, tuple] = {}
    text, panel, fit, shade = theme.text, theme.panel, view.fit, widgets._shade

    def noted_text(content, px, *args, **kwargs):
        surf = text(content, px, *args, **kwargs)
        made[id(surf)] = (weakref.ref(surf), "text", content, round(int(px) * theme.text_scale()))
        return surf

    noted_text.cache_clear = text.cache_clear  # type: ignore[attr-defined]

    def noted_panel(*args, **kwargs):
        surf = panel(*args, **kwargs)
        made[id(surf)] = (weakref.ref(surf), "panel")
        return surf

    noted_panel.cache_clear = panel.cache_clear  # type: ignore[attr-defined]

    def noted_shade(*args, **kwargs):
        surf = shade(*args, **kwargs)
        made[id(surf)] = (weakref.ref(surf), "dim")
        return surf

    def noted_fit(content, size, width, bold=False):
        out = fit(content, size, width, bold)
        if out != content:
            made.setdefault("elided", []).append(content)  # type: ignore[call-overload]
        return out

    static, table_draw = view.TableView._draw_static, view.TableView.draw

    def drawn_again(self, surface, p):  # the table's still layer, drawn anew when checked
        if made.get("frame") is not None:
            self._layer_key = None
        table_draw(self, surface, p)

    def noted_static(self, layer, p):  # ... onto a Recording (it lies at the window's 0, 0)
        frame = made.get("frame")
        if frame is None:
            return static(self, layer, p)
        out = Recording(layer.get_size(), made, frame)
        static(self, out, p)
        layer.blit(out, (0, 0))

    monkeypatch.setattr(view.TableView, "draw", drawn_again)
    monkeypatch.setattr(view.TableView, "_draw_static", noted_static)
    monkeypatch.setattr(theme, "text", noted_text)
    monkeypatch.setattr(theme, "panel", noted_panel)
    monkeypatch.setattr(view, "fit", noted_fit)
    monkeypatch.setattr(widgets, "_shade", noted_shade)
    yield made


def elements(app) -> list[pygame_gui.core.UIElement]:
    """The visible buttons and labels of the top scene's manager."""
    top = app.top
    kinds = pygame_gui.elements.UIButton | pygame_gui.elements.UILabel
    return [e for e in top.ui.get_sprite_group().sprites()
            if isinstance(e, kinds) and e.visible and e.rect.w > 0]  # fmt: skip


def _width(element, name: str) -> int:
    """A pygame-gui border or shadow width (a border has one per side)."""
    w = getattr(element, name, 0) or 0
    return max(w.values(), default=0) if isinstance(w, dict) else w


def _label(element) -> str:
    return translate(element.text, **getattr(element, "text_kwargs", {}) or {})


def _across(rect: pygame.Rect, panel: pygame.Rect) -> bool:
    """`rect` lies partly in `panel` and partly out, by more than OVERLAP either way."""
    if rect.contains(panel):
        return False
    both = rect.clip(panel)
    inside = both.w > OVERLAP and both.h > OVERLAP
    outside = (rect.w - both.w > OVERLAP and both.h > OVERLAP) or (
        rect.h - both.h > OVERLAP and both.w > OVERLAP
    )
    return inside and outside


def _shown(element) -> pygame.Rect:
    """The part of an element its containers show (a scrolling list shows some in part,
    on purpose)."""
    root = element.ui_manager.get_root_container()
    rect = element.rect.copy()
    container = element.ui_container
    while container is not None and container is not root:
        rect = rect.clip(container.rect)
        container = getattr(container, "ui_container", None)
    return rect


def _clipped(element) -> int:
    """How many pixels of a button's label pygame-gui cuts off (0: it fits)."""
    if isinstance(element, pygame_gui.elements.UILabel):
        return max(0, element.font.size(_label(element))[0] - element.rect.w)
    shape = getattr(element, "drawable_shape", None)
    layout = getattr(shape, "text_box_layout", None)
    if layout is None or not layout.layout_rows:
        return 0
    edge = _width(element, "shadow_width")  # a label may touch its border, not pass it
    box = layout.layout_rect
    left = min(box.x + row.x for row in layout.layout_rows)
    right = max(box.x + row.x + row.width for row in layout.layout_rows)
    inner = min(element.rect.w - edge, box.right)
    return max(0, max(edge, box.x) - left) + max(0, right - inner)


def problems(app, made: dict[int, tuple], long_names: tuple[str, ...] = ()) -> list[str]:
    """One line per text or button on the top screen that does not fit (see the module)."""
    frame = Frame()
    made.pop("elided", None)
    surface = Recording(app.size, made, frame)
    made["frame"] = frame  # type: ignore[assignment]
    try:
        app.draw(surface)
    finally:
        made["frame"] = None  # type: ignore[assignment]
    frame.elided = list(made.pop("elided", []))  # type: ignore[arg-type]
    window = pygame.Rect(0, 0, *app.size)
    out: list[str] = []
    u = theme.scale_for(app.size)
    smallest = SMALLEST * u / 0.83 * theme.text_scale()
    for words, px, ink in frame.texts:
        if not window.contains(ink):
            out.append(f"text outside the window: {words!r} at {ink}")
        if px < smallest - 0.5:
            out.append(f"text in {px} px letters (smallest {smallest:.0f}): {words!r}")
        for p in frame.panels:
            if _across(ink, p):
                out.append(f"text across a panel's edge: {words!r} at {ink}, panel {p}")
    seen: set[tuple] = set()
    for i, (a, _, ra) in enumerate(frame.texts):
        for b, _, rb in frame.texts[i + 1 :]:
            both = ra.clip(rb)
            if both.w > OVERLAP and both.h > OVERLAP and (a, b) not in seen and a != b:
                seen.add((a, b))
                out.append(f"texts overlap: {a!r} at {ra} and {b!r} at {rb}")
    for element in elements(app):
        label = _label(element)
        rect = _shown(element)
        if not rect.w or not rect.h:
            continue
        scrolled = rect != element.rect
        if not scrolled and not window.contains(rect):
            out.append(f"button outside the window: {label!r} at {rect}")
        cut = _clipped(element)
        if cut > OVERLAP:
            out.append(f"label cut by {cut} px: {label!r} on a button {rect.w} px wide")
        if not scrolled:
            for p in frame.panels:
                if _across(rect, p):
                    out.append(f"button across a panel's edge: {label!r} at {rect}, panel {p}")
        for words, _, ink in frame.texts:
            both = ink.clip(rect)
            if both.w > OVERLAP and both.h > OVERLAP:
                out.append(f"text on a button: {words!r} at {ink} on {label!r} at {rect}")
    for words in frame.elided:
        if words not in long_names and not any(len(n) > LONG_NAME and n in words
                                                for n in long_names):  # fmt: skip
            out.append(f"shortened with …: {words!r}")
    return list(dict.fromkeys(out))
