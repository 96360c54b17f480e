"""Klaverjas, the four-player game: two sides of partners, the program's own game."""

from __future__ import annotations

from typing import Any

from ..engine import PRESETS, MatchState, Observation, preset_name
from ..engine.variant import MATCH_OPTIONS
from .base import Game, register_game


# The computer players and the coach are imported when first asked for (in a function, so
# that a frozen bundle still sees the import). An unknown level is a ValueError naming them.
def _player(level: str, seed: int | None) -> Any:
    from ..ai import make_player

    return make_player(level, seed)


def _levels() -> tuple[str, ...]:
    from ..ai import LEVELS

    return tuple(LEVELS)


def _coaching() -> Any:
    from ..teach.klaverjas_coach import KLAVERJAS_COACHING

    return KLAVERJAS_COACHING


KLAVERJAS = register_game(
    Game(
        name="klaverjas", label="Klaverjas", players=4, tricks_per_deal=8,
        presets=PRESETS, state=MatchState, observation=Observation, preset_name=preset_name,
        make_player=_player, levels=_levels, coaching=_coaching, reviewable=True,
        match_options=MATCH_OPTIONS, list_words=("rules.preset_{}", "rules.preset_custom"),
        default=True, partners=True, signals=True, practice=True,
        seat_places=("", "net.seat_left", "net.seat_partner", "net.seat_right"),
        guest_order=(2, 1, 3),  # the first guest is the host's partner
        settings_keys=("preset", "variant", "seats"),  # the first game took the plain names
    )
)  # fmt: skip
