"""Suit symbols drawn from vector paths.

The bundled Noto Sans has no card-suit glyphs, so the UI rasterises these
small SVG shapes at the exact pixel size it needs (crisp on any screen).
"""

from __future__ import annotations

import io

import pygame

from . import theme
from .surfcache import MB, cached

_PATHS = {
    "H": "M0 44C-16 28-46 8-46-16C-46-34-34-44-22-44C-11-44-4-37 0-28"
    "C4-37 11-44 22-44C34-44 46-34 46-16C46 8 16 28 0 44Z",
    "D": "M0-48C11-32 22-16 36 0C22 16 11 32 0 48C-11 32-22 16-36 0C-22-16-11-32 0-48Z",
    "S": "M0-48C14-30 46-12 46 12C46 28 35 36 23 36C15 36 8 32 4 26"
    "C5 36 10 43 18 48H-18C-10 43-5 36-4 26C-8 32-15 36-23 36"
    "C-35 36-46 28-46 12C-46-12-14-30 0-48Z",
    "C": "M-20-24A20 20 0 1 1 20-24A20 20 0 1 1-20-24Z"
    "M-44 12A20 20 0 1 1-4 12A20 20 0 1 1-44 12Z"
    "M4 12A20 20 0 1 1 44 12A20 20 0 1 1 4 12Z"
    "M-13 4A13 13 0 1 1 13 4A13 13 0 1 1-13 4Z"
    "M3 6C3 26 8 40 18 48H-18C-8 40-3 26-3 6Z",
}


@cached("suit icons", 4 * MB)
def suit_icon(
    suit: str, px: int, colour: tuple | None = None, four_colour: bool = False
) -> pygame.Surface:
    """The symbol of suit "C", "D", "H" or "S" in a px-by-px square."""
    palette = theme.FOUR_COLOURS if four_colour else theme.SUIT_COLOURS
    r, g, b = (colour or palette[suit])[:3]
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-50 -50 100 100">'
        f'<path fill="#{r:02x}{g:02x}{b:02x}" d="{_PATHS[suit]}"/></svg>'
    )
    px = max(4, int(px))
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (px, px))


@cached("suit chips", 4 * MB)
def suit_chip(suit: str, px: int, four_colour: bool = False) -> pygame.Surface:
    """A suit symbol on an ivory disc, readable on the dark felt."""
    px = max(8, int(px))
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    c = px // 2
    pygame.draw.circle(surf, (0, 0, 0, 70), (c, c + max(1, px // 28)), c)
    pygame.draw.circle(surf, theme.IVORY, (c, c), c - 1)
    pygame.draw.circle(surf, theme.GOLD, (c, c), c - 1, max(1, px // 22))
    icon = suit_icon(suit, int(px * 0.58), None, four_colour)
    surf.blit(icon, icon.get_rect(center=(c, c + 1)))
    return surf
