"""How seats are shown: compass points and computer levels in words.

The seats themselves, their names and levels, and the thread computers think on
live in play/seats.py (no pygame); they are re-exported here for the screens.
"""

from __future__ import annotations

from ..games import KLAVERJAS
from ..i18n import tr
from ..play.seats import (
    DEMO_NAMES,
    SEAT_NAMES,
    ComputerSeat,
    HumanSeat,
    display_name,
    valid_level,
)

levels = KLAVERJAS.levels  # the four-player game's computer levels, for the seat choices

__all__ = [
    "DEMO_NAMES",
    "SEAT_NAMES",
    "ComputerSeat",
    "HumanSeat",
    "compass",
    "display_name",
    "level_label",
    "levels",
    "valid_level",
]


def compass(seat: int) -> str:
    """South, West, North, East in the current language."""
    return tr(f"ui.compass_{seat}")


def level_label(level: str) -> str:
    """A computer level ("easy") or "mixed" in words; an unknown one as it is."""
    if level in ("random", "easy", "normal", "hard", "mixed"):
        return tr(f"ui.level_{level}")
    return level
