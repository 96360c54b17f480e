"""Caches of drawn surfaces (and fonts), bounded by bytes and emptied of other scales at
a resize.

A cache bounded by its number of entries is unbounded in memory when the window
grows: one full-window panel at 3840x2160 is 33 MB, and a window dragged through
many sizes filled such caches with pictures of sizes never drawn again (2.1 GB
resident after 300 resizes in benchmarks/resize_memory.py). Each cache here is an
LRU whose budget is a byte count (width x height x bytes per pixel of its
surfaces). Every entry also remembers the window scale it was last used at, and
`set_scale` drops the entries of every other scale: after a resize only the
current scale's pictures are worth keeping.

Budgets are given for windows up to 3840x2160 and grow with the window's area
beyond that, so that one frame's pictures still fit on an 8K screen.
"""

from __future__ import annotations

import functools
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

MB = 1_000_000
_FOUR_K = 3840 * 2160

_caches: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()
_scale = 1.0  # the window scale (theme.scale_for) pictures are drawn at now
_area_factor = 1.0  # budgets grow with windows larger than 4K

F = TypeVar("F", bound=Callable[..., Any])


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of a surface: width x height x bytes per pixel."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache:
    """An LRU of surfaces holding at most `budget` bytes (at windows up to 4K); `cost`
    counts the bytes of one entry (of a font, say, instead of a surface)."""

    def __init__(self, name: str, budget: int, cost: Callable[[Any], int] = surface_bytes) -> None:
        self.name = name
        self.base_budget = budget
        self.cost = cost
        self.bytes = 0
        # key -> (surface, its bytes, the scale it was last used at)
        self._entries: OrderedDict[Hashable, tuple[Any, int, float]] = OrderedDict()
        _caches.add(self)

    @property
    def budget(self) -> int:
        return int(self.base_budget * _area_factor)

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The cached surface for `key`, made (and kept if it fits the budget) when missing."""
        found = self.find(key)
        if found is not None:
            return found
        surface = make()
        size = self.cost(surface)
        if size <= self.budget:
            self._entries[key] = (surface, size, _scale)
            self.bytes += size
            self._trim()
        return surface

    def find(self, key: Hashable) -> Any:
        """The cached surface for `key` (now the most recently used), or None."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries[key] = (entry[0], entry[1], _scale)
        self._entries.move_to_end(key)
        return entry[0]

    def _trim(self) -> None:
        while self.bytes > self.budget and self._entries:
            _, (_, size, _) = self._entries.popitem(last=False)
            self.bytes -= size

    def drop_other_scales(self, scale: float) -> None:
        """Forget the pictures last used at another window scale."""
        for key in [k for k, (_, _, s) in self._entries.items() if s != scale]:
            self.bytes -= self._entries.pop(key)[1]
        self._trim()  # the budget may have shrunk with the window

    def scales(self) -> set[float]:
        """The window scales the kept pictures were last used at (for tests)."""
        return {s for _, _, s in self._entries.values()}

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)


def cached(name: str, budget: int, cost: Callable[[Any], int] = surface_bytes) -> Callable[[F], F]:
    """Decorate a function of hashable arguments that returns a surface, like lru_cache;
    the wrapper has `.cache` (its SurfaceCache) and `.cache_clear()`."""

    def decorate(function: F) -> F:
        cache = SurfaceCache(name, budget, cost)

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            return cache.get(key, lambda: function(*args, **kwargs))

        wrapper.cache = cache  # type: ignore[attr-defined]
        wrapper.cache_clear = cache.clear  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate


def caches() -> list[SurfaceCache]:
    """Every live surface cache (the module-level ones and those of open scenes)."""
    return list(_caches)


def set_scale(scale: float, size: tuple[int, int]) -> None:
    """The window now draws at `scale` and `size`: drop every other scale's pictures."""
    global _scale, _area_factor
    _scale = scale
    _area_factor = max(1.0, size[0] * size[1] / _FOUR_K)
    for cache in caches():
        cache.drop_other_scales(scale)
