"""Klabberjass, the two-player game: each plays alone, with fixed card rules, its own
presets, settings tab and screens (the table, the deal summary, the game's end, the
replay, the club demo)."""

from __future__ import annotations

from typing import Any

from ..engine import (
    KLABBERJASS_PRESETS,
    KlabberjassObservation,
    KlabberjassState,
    klabberjass_preset_name,
)
from ..engine.klabberjass_rules import TRICKS
from ..engine.play import KLABBERJASS_PLAY
from .base import WITHOUT_VERZAAKT, Game, register_game


def _player(level: str, seed: int | None) -> Any:
    from ..ai.klabberjass_players import make_klabberjass_player

    return make_klabberjass_player(level, seed)


def _levels() -> tuple[str, ...]:
    from ..ai.klabberjass_players import KLABBERJASS_LEVELS

    return tuple(KLABBERJASS_LEVELS)


def _coaching() -> Any:
    from ..teach.klabberjass_coach import KLABBERJASS_COACHING

    return KLABBERJASS_COACHING


KLABBERJASS = register_game(
    Game(
        name="klabberjass", label="Klabberjass", players=2, tricks_per_deal=TRICKS,
        presets=KLABBERJASS_PRESETS, state=KlabberjassState, observation=KlabberjassObservation,
        preset_name=klabberjass_preset_name, make_player=_player, levels=_levels,
        coaching=_coaching, play_rules=KLABBERJASS_PLAY,
        seat_places=("", "net.seat_opponent"),
        seat_words=("ui.compass_0", "ui.compass_2"),  # face to face: South and North
        preset_words="klabber.preset_{}", custom_words="klabber.preset_custom",
        preset_notes="ui.kj_note_{}", opponents_words="ui.play_opponent",
        sheet_columns=("klabber.sheet_maker", "klabber.sheet_points"),
        stats_columns=WITHOUT_VERZAAKT,  # no wrong card is called
        list_words=("ui.kj_preset_{}", "ui.kj_custom"),
        settings_tab="klabberjass", settings_tab_words="klabber.settings_tab",
        settings_keys=("klabberjass_preset", "klabberjass", "klabberjass_seats"),
        scenes={
            "table": "klabberjass table",
            "deal summary": "klabberjass deal summary",
            "match end": "klabberjass match end",
            "replay": "klabberjass replay",
            "match record": "klabberjass match record",
            "demo": "klabberjass demo",
        },
        demo_preset="klabberjass", mirror="klabberjass",
    )
)  # fmt: skip
