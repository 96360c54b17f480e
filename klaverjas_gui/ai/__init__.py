"""Computer players. They see only what their seat sees (an Observation)."""

from __future__ import annotations

from .base import Player, RandomPlayer

LEVELS = ("random",)


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of the given level."""
    if level == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
