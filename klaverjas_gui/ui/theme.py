"""Colours, fonts, cached text and the pygame-gui theme, all scaled to the window.

The pygame-gui theme lives in theme.json at a 1280x720 scale; `ui_manager`
multiplies its font sizes and corner radii so buttons keep their proportions
from a netbook to a 4K screen.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import i18n as i18n_lib
import pygame
import pygame_gui

from .. import i18n
from . import surfcache
from .surfcache import MB, cached

THEME_PATH = Path(__file__).with_name("theme.json")
_FONT_DIR = Path(pygame_gui.__file__).parent / "data"

# Named colours of the table. Felt greens, a warm gold accent, ivory text.
FELT = (24, 104, 66)
FELT_EDGE = (9, 48, 30)
GOLD = (233, 193, 92)
GOLD_LIGHT = (255, 225, 140)
IVORY = (246, 242, 228)
TEXT = (240, 238, 228)
TEXT_DIM = (176, 204, 188)
PANEL = (8, 30, 20, 200)
INK = (28, 28, 34)
RED = (206, 38, 52)
SUIT_COLOURS = {"C": (30, 30, 36), "D": (206, 38, 52), "H": (206, 38, 52), "S": (30, 30, 36)}
FOUR_COLOURS = {"C": (30, 126, 58), "D": (32, 98, 200), "H": (206, 38, 52), "S": (30, 30, 36)}
TEAM_COLOURS = ((244, 201, 90), (120, 196, 255), (236, 150, 210))  # team 0 (south-north),
# team 1; the third is the third player's at the three-player table
NAT = (255, 120, 110)
PIT = (255, 214, 100)


# The player's text size (Settings): every font, drawn by us or by pygame-gui, is this much
# larger; layouts that measure their text make room for it.
TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.15, "larger": 1.3}
MIN_READABLE = 13  # px: descriptions and notes never smaller, even at 1024x600
_text_scale = 1.0


def text_scale() -> float:
    return _text_scale


def set_text_size(name: str) -> bool:
    """Use the text size `name` (a key of TEXT_SIZES); True if it changed, and then every
    cached font, text picture and idle UI manager is dropped (they hold the old size)."""
    global _text_scale
    scale = TEXT_SIZES.get(name, 1.0)
    if scale == _text_scale:
        return False
    _text_scale = scale
    font.cache_clear()
    text.cache_clear()
    for cache in surfcache.caches():
        cache.clear()  # speech bubbles, captions: pictures with text in them
    _idle_managers.clear()
    return True


def readable(px: float) -> int:
    """A description's size: `px` (layout units already applied), never below MIN_READABLE
    before the text size (fonts multiply by it)."""
    return max(MIN_READABLE, round(px))


def scale_for(size: tuple[int, int]) -> float:
    """One layout unit: 1.0 at 1280x720, proportional to the tighter dimension."""
    w, h = size
    return max(0.5, min(w / 1280, h / 720))


# A pygame font holds about half a megabyte whatever its size (measured with mallinfo2):
# 64 of them, left by a window dragged through many sizes, were 35 MB.
FONT_BYTES = 500_000


@cached("fonts", 16 * MB, cost=lambda _: FONT_BYTES)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans at `px` times the player's text size."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(str(_FONT_DIR / name), max(6, round(int(px) * _text_scale)))


SUIT_GLYPHS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


@cached("text", 24 * MB)  # hundreds of labels (the score sheet's) even at 4K
def text(content: str, px: int, colour: tuple = TEXT, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table redraws the same labels every frame.

    Noto Sans has no ♣♦♥♠, so those are drawn inline from our own suit shapes:
    red suits in red, black ones in the text colour (readable on dark panels)."""
    f = font(px, bold)
    if not any(ch in SUIT_GLYPHS for ch in content):
        return f.render(content, True, colour)
    from .icons import suit_icon

    size = _suit_px(f)
    pieces: list[pygame.Surface] = []
    run = ""
    for ch in content + "\0":
        suit = SUIT_GLYPHS.get(ch)
        if suit is None and ch != "\0":
            run += ch
            continue
        if run:
            pieces.append(f.render(run, True, colour))
            run = ""
        if suit is not None:
            pieces.append(suit_icon(suit, size, None if suit in "DH" else colour))
    height = f.get_height()
    out = pygame.Surface((sum(p.get_width() for p in pieces), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        y = (height - piece.get_height()) // 2 if piece.get_height() < height else 0
        out.blit(piece, (x, y))
        x += piece.get_width()
    return out


def _suit_px(f: pygame.font.Font) -> int:
    """The square an inline suit symbol takes in `text` drawn in font `f`."""
    return max(4, round(f.get_ascent() * 0.72))


def text_width(content: str, px: int, bold: bool = False) -> int:
    """How wide `text` draws `content`, without drawing it: a suit symbol is our own
    square icon, wider than the font's empty box for ♣♦♥♠ that `Font.size` counts."""
    f = font(px, bold)
    suits = sum(content.count(ch) for ch in SUIT_GLYPHS)
    if not suits:
        return f.size(content)[0]
    runs = "".join(ch if ch not in SUIT_GLYPHS else "\0" for ch in content).split("\0")
    return sum(f.size(run)[0] for run in runs if run) + suits * _suit_px(f)


def wrap(content: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Break text into lines that fit `width` pixels as `text` draws them (remembered:
    captions, notes and rules pages wrap the same words at every frame)."""
    return list(_wrap(content, px, width, bold, _text_scale))


@lru_cache(maxsize=1024)
def _wrap(content: str, px: int, width: int, bold: bool, _scale: float) -> tuple[str, ...]:
    """`wrap`'s lines; `_scale`, the text size the fonts have, is part of the key."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word, cut in _pieces(paragraph.split(), px, width, bold):
            if cut:  # a piece of a word too wide for a line: the rest goes on the next
                if line and text_width(f"{line} {word}", px, bold) <= width:
                    lines.append(f"{line} {word}")
                else:
                    lines += [line, word] if line else [word]
                line = ""
                continue
            trial = f"{line} {word}".strip()
            if text_width(trial, px, bold) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


ELLIPSIS = "…"


def longest(n: int, fits: Callable[[int], bool]) -> int:
    """The largest k in 0..n for which `fits(k)` holds (0 if none), where it holds up to
    some k and not beyond, as for the width of a text's first k characters. A binary
    search: a name of 2,000 characters is measured 11 times, not 2,000."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def shorten(content: str, px: int, width: int, bold: bool = False) -> str:
    """`content` as it fits in `width` pixels: shortened with "…" when it is too long."""
    if text_width(content, px, bold) <= width:
        return content
    return cut_short(content, px, width, bold)


def cut_short(content: str, px: int, width: int, bold: bool = False) -> str:
    """The longest start of `content` that fits in `width` pixels with "…" after it (a
    note's last line shown, whether or not the line itself would fit)."""
    n = longest(len(content), lambda k: text_width(content[:k] + ELLIPSIS, px, bold) <= width)
    return content[:n].rstrip() + ELLIPSIS


def _pieces(words: list[str], px: int, width: int, bold: bool) -> list[tuple[str, bool]]:
    """`words`, each wider than `width` (a log file's path) cut into pieces that fit, after
    a "/" where one falls near the end of a piece; True: a piece the word goes on after."""
    out: list[tuple[str, bool]] = []
    for word in words:
        while text_width(word, px, bold) > width and len(word) > 1:

            def fits(k: int, rest: str = word) -> bool:
                return text_width(rest[:k], px, bold) <= width

            n = max(1, longest(len(word) - 1, fits))
            cut = word.rfind("/", 0, n) + 1 or word.rfind("\\", 0, n) + 1
            n = cut if cut > n // 2 else n
            out.append((word[:n], True))
            word = word[n:]
        out.append((word, False))
    return out


def _draw_button_states_when_first_shown() -> None:
    """pygame-gui draws every state of a new button (hovered, selected, pressed) ahead, one
    a frame, each a 4x oversized antialiased shape: about 2 ms apiece, three times for each
    button of every screen opened, resized or relabelled, most never hovered. It already
    draws a state not drawn yet when the button first takes it (as it does "disabled"), so
    only "normal" is drawn ahead: the same pictures, and the monkey test's inputs take
    about a fifth less CPU."""
    from pygame_gui.core.drawable_shapes import drawable_shape

    state = drawable_shape.DrawableShapeState
    if getattr(state, "_drawn_when_shown", False):
        return
    made = state.__init__

    def init(self, state_id: str) -> None:
        made(self, state_id)
        self.should_auto_pregen = state_id == "normal"

    state.__init__ = init  # type: ignore[method-assign]
    state._drawn_when_shown = True  # type: ignore[attr-defined]


_draw_button_states_when_first_shown()

# Button shapes pygame-gui does not keep (see `_keep_big_button_shapes`), by its own id.
_big_shapes = surfcache.SurfaceCache("big button shapes", 32 * MB)
ATLAS_AREA = 40_000  # px²: pygame-gui keeps a drawn shape for reuse only below this


def _keep_big_button_shapes() -> None:
    """pygame-gui keeps a drawn rounded shape for reuse only under 40,000 px² (it packs
    them into 1024x1024 sheets), yet looks every shape up by its id before drawing it. At
    1920x1080 most menu buttons are larger, so each screen opened drew its buttons again,
    4x oversized and antialiased, about 16 ms each (Learn took 77 ms to open instead of
    10). Those are kept here, by the id pygame-gui looks them up by, taken just before
    the label goes on (where pygame-gui takes its own), bounded in bytes and dropped at a
    resize like the game's own pictures."""
    from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )
    from pygame_gui.core.surface_cache import SurfaceCache

    if getattr(RoundedRectangleShape, "_keeps_big_shapes", False):
        return
    find = SurfaceCache.find_surface_in_cache
    redraw = RoundedRectangleShape.redraw_state
    finalise = DrawableShape.finalise_images_and_text

    def find_kept(self: SurfaceCache, lookup_id: str) -> pygame.Surface | None:
        found = find(self, lookup_id)
        return found if found is not None else _big_shapes.find(lookup_id)

    def redraw_keeping(self: RoundedRectangleShape, state_str: str, add_text: bool = True) -> None:
        self._redrawing = state_str  # a resize's quick square stand-in is never kept
        try:
            redraw(self, state_str, add_text)
        finally:
            self._redrawing = None

    def finalise_keeping(self: RoundedRectangleShape, *args: Any, **kwargs: Any) -> None:
        rect = self.containing_rect
        state_str = getattr(self, "_redrawing", None)
        if (state_str is not None and rect.w * rect.h >= ATLAS_AREA
                and not self.has_been_resized and "filled_bar" not in self.theming
                and "filled_bar_width_percentage" not in self.theming):  # fmt: skip
            shape_id = self.shape_cache.build_cache_id(
                "rounded_rectangle", rect.size, self.shadow_width, self.border_widths,
                self.theming[f"{state_str}_border"], self.theming[f"{state_str}_bg"],
                self.shape_corner_radius,
            )  # fmt: skip
            background = self.states[state_str].surface
            _big_shapes.get(shape_id, background.copy)  # the label is not on it yet
        finalise(self, *args, **kwargs)

    SurfaceCache.find_surface_in_cache = find_kept  # type: ignore[method-assign]
    RoundedRectangleShape.redraw_state = redraw_keeping  # type: ignore[method-assign]
    RoundedRectangleShape.finalise_images_and_text = finalise_keeping  # type: ignore[method-assign]
    RoundedRectangleShape._keeps_big_shapes = True  # type: ignore[attr-defined]


_keep_big_button_shapes()


# Managers given back by closed scenes, with their theme scale (ui_scale), oldest first.
# pygame-gui keeps some native memory for every UIManager ever made, even after it is
# freed, so a deal summary per deal or a demo running all day would grow without bound:
# reuse them. By scale, not by exact size, and at most MAX_IDLE of them, all of the
# window's scale: an idle manager holds 12-20 MB (its shape cache, its fonts), and a
# window dragged through many sizes used to leave a pool behind at every size (360 MB
# in the monkey test).
_idle_managers: list[tuple[float, pygame_gui.UIManager]] = []
MAX_IDLE = 8  # a session at one size never has more closed scenes waiting than this
_window_scale: float | None = None  # ui_scale of the window; None before it opens


def set_window(size: tuple[int, int]) -> None:
    """The window opened or changed size: pictures and idle UI managers of any other scale
    are dropped (a resize makes new ones, and the old ones would only be drawn again if
    the window went back to that very scale)."""
    global _window_scale
    surfcache.set_scale(scale_for(size), size)
    _window_scale = ui_scale(size)
    _idle_managers[:] = [(s, m) for s, m in _idle_managers if s == _window_scale]


def clear_caches() -> None:
    """Forget fonts, text and idle UI managers (needed after pygame.font is shut down)."""
    global _window_scale
    _window_scale = None
    font.cache_clear()
    text.cache_clear()
    panel.cache_clear()
    _idle_managers.clear()


@cached("panels", 64 * MB)  # at most 7 panels a frame; a full-screen one is 33 MB at 4K
def panel(
    size: tuple[int, int],
    colour: tuple = PANEL,
    radius: int = 12,
    border: tuple | None = None,
    border_width: int = 1,
) -> pygame.Surface:
    """A translucent rounded rectangle, cached by size."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(surf, border, surf.get_rect(), border_width, border_radius=radius)
    return surf


@lru_cache(maxsize=1)
def _base_theme() -> dict:
    with THEME_PATH.open(encoding="utf-8") as f:
        return json.load(f)


def ui_font_base(size: int, scale: float) -> int:
    """A theme.json font `size` at window scale `scale`, never below MIN_READABLE: what
    `font` takes for the same letters (it applies the text size itself)."""
    return max(MIN_READABLE, round(size * scale))


def ui_font_px(size: int, scale: float) -> int:
    """The pixel size pygame-gui gets for a theme.json font `size`: times the text size."""
    return round(ui_font_base(size, scale) * _text_scale)


def scaled_theme(scale: float) -> dict:
    """theme.json with sizes multiplied by `scale` (fonts by the text size too)."""
    theme = copy.deepcopy(_base_theme())
    for block in theme.values():
        f = block.get("font")
        if f and "size" in f:
            f["size"] = str(ui_font_px(int(f["size"]), scale))
        misc = block.get("misc", {})
        for key in ("shape_corner_radius", "text_horiz_alignment_padding"):
            if key in misc:
                misc[key] = str(max(1, round(int(misc[key]) * scale)))
        for key in ("border_width", "shadow_width"):
            if key in misc:
                misc[key] = str(max(1, round(int(misc[key]) * min(scale, 2.0))))
    return theme


def ui_scale(size: tuple[int, int]) -> float:
    """The factor theme.json's sizes get in this window (quarter steps share fonts)."""
    return round(scale_for(size) * 4) / 4 or 0.5


def ui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A pygame-gui manager themed for this window size (the theme loads its fonts)."""
    lang = i18n.language()
    scale = ui_scale(size)
    found = [i for i, (s, m) in enumerate(_idle_managers)
             if s == scale and getattr(m, "text_scale", 1.0) == _text_scale]  # fmt: skip
    if found:
        _, manager = _idle_managers.pop(found[-1])
        if tuple(manager.window_resolution) != tuple(size):
            manager.set_window_resolution(tuple(size))
        if manager.get_locale() != lang:
            manager.set_locale(lang)
        return manager
    theme = scaled_theme(scale)
    manager = pygame_gui.UIManager(
        size, theme, enable_live_theme_updates=False, starting_language=lang,
        translation_directory_paths=[str(i18n.DIRECTORY)],
    )  # fmt: skip
    manager.text_scale = _text_scale  # type: ignore[attr-defined]  # its fonts' text size
    # pygame-gui appends its paths to python-i18n's search list for every manager.
    i18n_lib.load_path[:] = list(dict.fromkeys(i18n_lib.load_path))
    return manager


def release_manager(manager: pygame_gui.UIManager) -> None:
    """Give a closed scene's manager back, emptied, for the next scene of the same scale;
    the oldest idle one goes when there are too many, and one of another scale than the
    window's (a scene rebuilt at a resize) is let go."""
    if any(m is manager for _, m in _idle_managers):
        return  # closed twice: hand it out only once
    manager.clear_and_reset()
    manager.set_focus_set(None)
    scale = ui_scale(manager.window_resolution)
    if _window_scale is not None and scale != _window_scale:
        return  # made for a size the window has left: not worth its memory
    if getattr(manager, "text_scale", 1.0) != _text_scale:
        return  # its fonts are of the text size just left
    _idle_managers.append((scale, manager))
    del _idle_managers[:-MAX_IDLE]
