"""Small drawn pieces shared by the scenes: felt, toasts, speech bubbles, plates, and the size
a button needs for its label."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import icons, theme
from .surfcache import MB, cached


@cached("felt", 40 * MB)  # one window of cloth at 4K
def felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize: a radial light falling on the middle, darker edges, a fine weave."""
    w, h = size
    gw, gh = 32, 18
    small = pygame.Surface((gw, gh))
    for y in range(gh):
        for x in range(gw):
            dx = (x + 0.5) / gw - 0.5
            dy = (y + 0.5) / gh - 0.45
            d = min(1.0, (dx * dx * 1.6 + dy * dy * 2.2) * 2.2)
            t = d**1.3
            small.set_at(
                (x, y),
                [round(a + (b - a) * t) for a, b in zip(theme.FELT, theme.FELT_EDGE, strict=True)],
            )
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    tile = _weave()
    tw, th = tile.get_size()
    for ty in range(0, h, th):
        for tx in range(0, w, tw):
            surf.blit(tile, (tx, ty))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


@lru_cache(maxsize=1)
def _weave() -> pygame.Surface:
    """A small tile of faint light and dark specks, so the cloth is not flat plastic."""
    rng = random.Random(5)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(1400):
        x, y = rng.randrange(96), rng.randrange(96)
        light = rng.random() < 0.5
        tile.set_at((x, y), (255, 255, 255, 9) if light else (0, 0, 0, 14))
    return tile


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken what is already drawn (behind a modal panel)."""
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


@cached("shade", 40 * MB)  # one window of shade at 4K
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 10, 5, alpha))
    return s


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    u: float,
    colour: tuple = theme.PANEL,
    border: tuple | None = (255, 255, 255, 28),
) -> None:
    """A rounded translucent panel."""
    surface.blit(
        theme.panel((rect.w, rect.h), colour, max(4, round(14 * u)), border, max(1, round(u))),
        rect.topleft,
    )


# theme.json's font size and boldness by button class (17, bold: "button")
FONT_SIZES = {"@menu": 21, "@menu_primary": 21, "@primary": 19, "@quiet": 15, "@segment": 15,
              "@claim": 22,
              "@tab": 17}  # fmt: skip


def label_size(label: str, cls: str, size: tuple[int, int]) -> tuple[int, int]:
    """The pixels a button label takes (pygame-gui's font for `cls`), padding excluded."""
    px = theme.ui_font_base(FONT_SIZES.get(cls, 17), theme.ui_scale(size))
    f = theme.font(px, cls != "@quiet")
    return f.size(label)[0], f.get_linesize()


def fit_label(
    size: tuple[int, int], label: str, cls: str, width: int, height: int
) -> tuple[int, int]:
    """`width` x `height` grown to hold `label` in the font of button class `cls`."""
    u = theme.scale_for(size)
    lw, lh = label_size(label, cls, size)
    return max(width, lw + round(28 * u)), max(height, lh + round(8 * u))


TOAST_FADE_IN, TOAST_FADE_OUT = 0.12, 0.4  # seconds
READING_PACE = 2.5  # words a second: a newcomer reading a rule he did not know, unhurried


def reading_time(text: str) -> float:
    """Seconds to read `text` at `READING_PACE`, and a second to notice it came."""
    return 1.0 + len(text.split()) / READING_PACE


@dataclass
class Toast:
    text: str
    ttl: float
    age: float = 0.0


class Toasts:
    """Short messages at the bottom of the screen (an illegal card's explanation, mute).

    Their time is reading time, so it is not scaled by the animation speed, and a long
    one stays as long as its words take to read (`reading_time`): a refused card's reason
    of 17 words went in 4 s, before a newcomer had read it.
    """

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, seconds: float = 4.0) -> None:
        self.items = [t for t in self.items if t.text != text][-1:]
        self.items.append(Toast(text, max(seconds, reading_time(text))))

    def drop(self, text: str) -> None:
        """`text` goes at once (what it said no longer applies)."""
        self.items = [t for t in self.items if t.text != text]

    @property
    def current_text(self) -> str | None:
        return self.items[-1].text if self.items else None

    def calm_for(self) -> float:
        """Seconds until a toast starts to fade out (0.0 while one fades; inf: none shown)."""
        if any(t.age < TOAST_FADE_IN for t in self.items):
            return 0.0
        return max(0.0, min((t.ttl - TOAST_FADE_OUT - t.age for t in self.items), default=math.inf))

    def update(self, dt: float) -> None:
        for t in self.items:
            t.age += dt
        self.items = [t for t in self.items if t.age < t.ttl]

    def placed(
        self, centre: tuple[float, float], u: float
    ) -> list[tuple[Toast, list[str], pygame.Rect]]:
        """Each toast shown, newest first, with its lines and where it lies: the newest
        centred on `centre` (a longer one grows upwards, so it never reaches below a
        one-line toast: the scene keeps that place clear), older above."""
        px = round(19 * u)
        pad = round(16 * u)
        line_h = theme.font(px).get_linesize()
        y = centre[1] + (line_h + round(pad * 1.4)) / 2  # the bottom of a one-line toast
        out = []
        for toast in reversed(self.items):
            lines = theme.wrap(toast.text, px, round(640 * u))
            width = max(theme.font(px).size(line)[0] for line in lines) + 2 * pad
            height = line_h * len(lines) + round(pad * 1.4)
            rect = pygame.Rect(0, 0, width, height)
            rect.midbottom = (round(centre[0]), round(y))
            out.append((toast, lines, rect))
            y = rect.top - round(8 * u)
        return out

    def draw(self, surface: pygame.Surface, centre: tuple[float, float], u: float) -> None:
        """Each toast where `placed` puts it, fading in and out."""
        px = round(19 * u)
        pad = round(16 * u)
        line_h = theme.font(px).get_linesize()
        for toast, lines, rect in self.placed(centre, u):
            fade = min(
                1.0,
                (toast.ttl - toast.age) / TOAST_FADE_OUT,
                toast.age / TOAST_FADE_IN if toast.age < TOAST_FADE_IN else 1,
            )
            panel = theme.panel(
                rect.size, (20, 20, 24, 225), round(12 * u), theme.GOLD, max(1, round(u))
            )
            if fade < 1:
                panel = panel.copy()
                panel.set_alpha(round(255 * fade))
            surface.blit(panel, rect)
            ty = rect.top + round(pad * 0.7)
            for line in lines:
                img = theme.text(line, px, theme.TEXT)
                if fade < 1:
                    img = img.copy()
                    img.set_alpha(round(255 * fade))
                surface.blit(img, img.get_rect(midtop=(rect.centerx, ty)))
                ty += line_h


def draw_bubble(
    surface: pygame.Surface,
    anchor: tuple[float, float, str],
    text: str,
    u: float,
    suit: str | None = None,
    alpha: float = 1.0,
    four_colour: bool = False,
) -> None:
    """A speech bubble with a tail pointing at the speaker."""
    img = _bubble(text, round(u * 100), suit, anchor[2], four_colour)
    rect = bubble_rect(anchor, text, u, suit, four_colour)
    if alpha < 1:
        img = img.copy()
        img.set_alpha(round(255 * max(0.0, alpha)))
    surface.blit(img, rect)


def bubble_rect(
    anchor: tuple[float, float, str], text: str, u: float, suit: str | None = None,
    four_colour: bool = False,
) -> pygame.Rect:  # fmt: skip
    """Where `draw_bubble` puts a bubble, its tail included."""
    x, y, side = anchor
    rect = _bubble(text, round(u * 100), suit, side, four_colour).get_rect()
    if side == "above":
        rect.midbottom = (round(x), round(y))
    elif side == "below":
        rect.midtop = (round(x), round(y))
    elif side == "right":
        rect.midleft = (round(x), round(y))
    else:
        rect.midright = (round(x), round(y))
    return rect


@cached("bubbles", 8 * MB)
def _bubble(text: str, u100: int, suit: str | None, side: str, four_colour: bool) -> pygame.Surface:
    """The bubble drawn once on its own surface, tail included, so fading it is cheap."""
    u = u100 / 100
    px = round(20 * u)
    label = theme.text(text, px, theme.INK, True)
    icon = icons.suit_icon(suit, round(px * 1.2), None, four_colour) if suit else None
    pad = round(14 * u)
    gap = round(6 * u) if icon else 0
    w = label.get_width() + (icon.get_width() + gap if icon else 0) + 2 * pad
    h = max(label.get_height(), icon.get_height() if icon else 0) + round(pad * 1.1)
    tail = round(10 * u)
    sh = round(3 * u)
    horizontal = side in ("left", "right")
    total = (w + tail + sh, h + sh) if horizontal else (w + sh, h + tail + sh)
    surf = pygame.Surface(total, pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    if side == "above":
        tip = [(w / 2 - tail, h - 1), (w / 2 + tail, h - 1), (w / 2, h + tail)]
    elif side == "below":
        rect.top = tail
        tip = [(w / 2 - tail, tail + 1), (w / 2 + tail, tail + 1), (w / 2, 0)]
    elif side == "right":
        rect.left = tail
        tip = [(tail + 1, h / 2 - tail), (tail + 1, h / 2 + tail), (0, h / 2)]
    else:
        tip = [(w - 1, h / 2 - tail), (w - 1, h / 2 + tail), (w + tail, h / 2)]
    radius = round(12 * u)
    pygame.draw.rect(surf, (0, 0, 0, 60), rect.move(sh, sh), border_radius=radius)
    pygame.draw.polygon(surf, theme.IVORY, tip)
    pygame.draw.rect(surf, theme.IVORY, rect, border_radius=radius)
    cx = rect.left + pad
    if icon:
        surf.blit(icon, icon.get_rect(midleft=(cx, rect.centery)))
        cx += icon.get_width() + gap
    surf.blit(label, label.get_rect(midleft=(cx, rect.centery)))
    return surf
