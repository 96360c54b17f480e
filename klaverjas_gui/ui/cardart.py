"""Card faces, backs and the app icon, rasterised from our SVG art at the size the layout needs.

The SVGs are produced by ``tools/make_cards.py``.  Rendering straight from vector at the final
pixel size (instead of scaling one bitmap) keeps the indices crisp at every window size; the
results are cached because nanosvg rasterising costs a few milliseconds per card.

Returned surfaces are shared through the cache: blit them, do not draw on them.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..engine.cards import parse_card
from .surfcache import MB, cached

BACKS: list[str] = ["blue", "red"]


def assets_dir() -> Path:
    """The ``assets`` folder: inside the package for an installed wheel, else the repo root.

    The packaged copy is checked first so an installed game never reads a stray checkout.
    """
    package = Path(__file__).resolve().parent.parent  # .../klaverjas_gui
    candidates = (package / "assets", package.parent / "assets")
    for candidate in candidates:
        if (candidate / "cards").is_dir():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"card art not found (looked in {looked})")


def normalise_code(card: object) -> str:
    """Turn a card object or text like ``"JH"``, ``"th"``, ``"10H"`` or ``"Q♠"`` into ``"QS"``."""
    return str(parse_card(str(card)))


def face_path(card: object, four_colour: bool = False) -> Path:
    """Path of the SVG for a card face in the two- or four-colour scheme."""
    folder = assets_dir() / "cards"
    if four_colour:
        folder = folder / "four"
    return folder / f"{normalise_code(card)}.svg"


def back_path(name: str) -> Path:
    """Path of a card back; accepts ``"blue"`` as well as ``"back_blue"``."""
    short = name.removeprefix("back_")
    if short not in BACKS:
        raise ValueError(f"unknown card back {name!r}; choose from {BACKS}")
    return assets_dir() / "cards" / f"back_{short}.svg"


def _size(size: tuple[int, int] | int) -> tuple[int, int]:
    """Validate a size; an int means a square."""
    w, h = (size, size) if isinstance(size, int) else size
    w, h = int(w), int(h)
    if w <= 0 or h <= 0:
        raise ValueError(f"size must be positive, got {size!r}")
    return w, h


@cached("card art", 64 * MB)  # a 4K table's 32 faces at both card sizes: about 32 MB
def _render(path: Path, size: tuple[int, int]) -> pygame.Surface:
    """Rasterise one SVG; convert for fast blits only when a display mode exists."""
    surface = pygame.image.load_sized_svg(str(path), size)
    if surface.get_size() != size:  # nanosvg keeps the aspect ratio; force the exact box
        surface = pygame.transform.smoothscale(surface, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def card_face(
    card_code: object, size: tuple[int, int], four_colour: bool = False
) -> pygame.Surface:
    """The face of ``card_code`` (e.g. ``"JH"`` or a Card) rendered at exactly ``size``."""
    return _render(face_path(card_code, four_colour), _size(size))


def card_back(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A card back (one of ``BACKS``) rendered at exactly ``size``."""
    return _render(back_path(name), _size(size))


def icon(size: tuple[int, int] | int = 64) -> pygame.Surface:
    """The app icon, square when given an int (for ``pygame.display.set_icon``)."""
    return _render(assets_dir() / "cards" / "icon.svg", _size(size))


def clear_cache() -> None:
    """Drop cached surfaces, e.g. after a display mode change or on a big resize."""
    _render.cache_clear()
