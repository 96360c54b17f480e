"""The games this program plays, each described once by its entry (`GAMES`).

base.py holds the record (`Game`) and the registry; each game's entry is a module of its
own. Adding a game: a module here registering its `Game`, imported below, plus its own
engine, computer players, coach and screens (docs/architecture.md walks through it).
"""

from __future__ import annotations

from .base import (
    GAMES,
    HUMAN,
    Game,
    UnknownGameError,
    deal_scored,
    default_game,
    game_of,
    get_game,
    match_end,
    register_game,
)
from .kalabriasz import KALABRIASZ
from .klabberjass import KLABBERJASS
from .klaverjas import KLAVERJAS

# Registered in the order the screens offer them: Klaverjas first.
GAMES.update({g.name: GAMES.pop(g.name) for g in (KLAVERJAS, KLABBERJASS, KALABRIASZ)})
DEFAULT_GAME = default_game()  # what the program opens with (--game's default)

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "HUMAN",
    "KALABRIASZ",
    "KLABBERJASS",
    "KLAVERJAS",
    "Game",
    "UnknownGameError",
    "deal_scored",
    "game_of",
    "get_game",
    "match_end",
    "register_game",
]
