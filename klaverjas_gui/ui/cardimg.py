"""Card pictures at the size and angle the table needs, with soft shadows.

The art comes from cardart (rasterised SVG); this module only rotates, scales
and caches, because rotating a card costs about as much as drawing ten.
"""

from __future__ import annotations

import pygame

from ..store.prefs import Settings
from . import cardart
from .surfcache import MB, SurfaceCache

# A 4K table's faces, rotated cards, shadows and masks at the two card sizes, with room.
BUDGET = 96 * MB


class CardImages:
    """Cached card surfaces keyed by card, size, angle and the deck settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cache = SurfaceCache("card images", BUDGET)
        self._get = self.cache.get

    def base(self, card: object | None, size: tuple[int, int]) -> pygame.Surface:
        """The unrotated face (or back when card is None) at exactly `size`."""
        back, four = self.settings.card_back, self.settings.four_colour
        if card is None:
            return self._get(("b", back, size), lambda: cardart.card_back(back, size))
        code = str(card)
        return self._get(("f", code, size, four), lambda: cardart.card_face(code, size, four))

    def image(
        self, card: object | None, size: tuple[int, int], angle: float, scale: float = 1.0
    ) -> pygame.Surface:
        """A card rotated by `angle`; `scale` other than 1 is for cards in flight.

        Cards in flight change every frame, so they take the fast path (smooth scale,
        plain rotate): a few jagged pixels on a moving card cannot be seen.
        """
        if scale != 1.0:
            w, h = size
            small = pygame.transform.smoothscale(
                self.base(card, size), (max(1, round(w * scale)), max(1, round(h * scale)))
            )
            return pygame.transform.rotate(small, angle)
        q = round(angle * 2) / 2
        deck = (self.settings.card_back, self.settings.four_colour)
        key = ("c", str(card) if card is not None else None, size, q, deck)
        if q % 360 == 0:
            return self.base(card, size)
        return self._get(key, lambda: pygame.transform.rotozoom(self.base(card, size), q, 1.0))

    def shadow(self, size: tuple[int, int], angle: float, scale: float = 1.0) -> pygame.Surface:
        """A blurred dark card-shaped shadow."""
        q = round(angle * 2) / 2
        base = self._get(("s", size), lambda: _make_shadow(size))
        if scale != 1.0:
            w, h = base.get_size()
            small = pygame.transform.scale(
                base, (max(1, round(w * scale)), max(1, round(h * scale)))
            )
            return pygame.transform.rotate(small, angle)
        if q % 360 == 0:
            return base
        return self._get(("s", size, q), lambda: pygame.transform.rotozoom(base, q, 1.0))

    def mask(self, size: tuple[int, int], angle: float, colour: tuple) -> pygame.Surface:
        """A rotated card-shaped tint, e.g. to dim the cards that may not be played."""
        q = round(angle * 2) / 2
        base = self._get(("m", size, colour), lambda: card_mask(size, colour))
        if q % 360 == 0:
            return base
        return self._get(("m", size, colour, q), lambda: pygame.transform.rotozoom(base, q, 1.0))

    def clear(self) -> None:
        self.cache.clear()


def _make_shadow(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    pad = max(2, w // 14)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(
        surf, (0, 0, 0, 110), pygame.Rect(pad, pad, w, h), border_radius=max(2, w // 14)
    )
    return pygame.transform.gaussian_blur(surf, max(1, pad // 2))


def card_mask(size: tuple[int, int], colour: tuple) -> pygame.Surface:
    """A card-shaped flat colour (to dim an unplayable card or outline a chosen one)."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=max(2, w // 16))
    return surf
