"""Kalabriasz, three-player Klaverjas (RULES.md 3): each plays for himself, the maker
alone against the other two; its own presets, settings tab and screens (the table for
three, the deal summary, the game's end, the deal review)."""

from __future__ import annotations

from typing import Any

from ..engine import (
    KALABRIASZ_PRESETS,
    KalabriaszObservation,
    KalabriaszState,
    kalabriasz_preset_name,
)
from ..engine.kalabriasz import KalabriaszDealScored, KalabriaszMatchOver
from ..engine.kalabriasz_rules import TRICKS
from .base import WITHOUT_VERZAAKT, Game, register_game


def _player(level: str, seed: int | None) -> Any:
    from ..ai.kalabriasz_players import make_kalabriasz_player

    return make_kalabriasz_player(level, seed)


def _levels() -> tuple[str, ...]:
    from ..ai.kalabriasz_players import KALABRIASZ_LEVELS

    return tuple(KALABRIASZ_LEVELS)


def _coaching() -> Any:
    from ..teach.kalabriasz_coach import KALABRIASZ_COACHING

    return KALABRIASZ_COACHING


def _winner(event: KalabriaszMatchOver) -> int | None:
    """The one seat that won, or None when leaders share the win."""
    return event.winners[0] if len(event.winners) == 1 else None


def _play_rules(variant: Any) -> Any:
    """The four-player card rules with this variant's play duties and roem."""
    return variant.play_rules


KALABRIASZ = register_game(
    Game(
        name="kalabriasz", label="Kalabriasz", players=3, tricks_per_deal=TRICKS,
        presets=KALABRIASZ_PRESETS, state=KalabriaszState, observation=KalabriaszObservation,
        preset_name=kalabriasz_preset_name, make_player=_player, levels=_levels,
        coaching=_coaching, play_rules_of=_play_rules, reviewable=True,
        seat_places=("", "kalabriasz.seat_left", "kalabriasz.seat_right"),
        # no compass at three: the seats as its settings list them
        seat_words=("kalabriasz.seat_you", "kalabriasz.seat_left", "kalabriasz.seat_right"),
        cover_words="kalabriasz.cover_{}_you",
        guest_order=(1, 2),
        preset_words="kalabriasz.preset_{}", custom_words="kalabriasz.preset_custom",
        preset_notes="kalabriasz.note_{}", opponents_words="ui.play_opponents",
        sheet_columns=("kalabriasz.sheet_maker", "kalabriasz.sheet_points"),
        stats_columns=WITHOUT_VERZAAKT,  # no wrong card is called
        settings_tab="kalabriasz", settings_tab_words="kalabriasz.settings_tab",
        scenes={
            "table": "kalabriasz table",
            "deal summary": "kalabriasz deal summary",
            "match end": "kalabriasz match end",
            "score sheet": "kalabriasz score sheet",
            "demo": "kalabriasz demo",
            "lesson": "kalabriasz lesson",
            "replay": "kalabriasz replay", "match record": "kalabriasz match record",
            "review": "kalabriasz review",  # its cards against the three-player solver
        },
        demo_preset="kalabriasz", mirror="three",
        deal_event=KalabriaszDealScored, end_event=KalabriaszMatchOver, end_winner=_winner,
    )
)  # fmt: skip
