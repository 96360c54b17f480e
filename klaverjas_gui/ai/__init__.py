"""Computer players. They see only what their seat sees (an Observation).

Levels: "random" (the baseline), "easy" (table rules), "normal" (counts cards,
tracks voids and the partner), "hard" (samples the hidden hands and searches;
exact solver late in the deal). The arena also knows the reference levels
(`REFERENCE_LEVELS`: "hard-2026", the hard player frozen as shipped in 2026) that
strength claims are measured against; players cannot pick them. Every player is a
plain object with its own RNG and caches, so `choose` may run on a worker thread.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Observation
from .base import Player, RandomPlayer
from .hard import HardPlayer
from .hard_2026 import HardPlayer2026
from .heuristic import HeuristicPlayer
from .solver import Position, Solution, Solver, solve, solve_state

LEVELS = ("random", "easy", "normal", "hard")  # what a player can pick
REFERENCE_LEVELS = ("hard-2026",)  # fixed yardsticks for the arena only


def make_player(level: str, seed: int | None = None, think_ms: float | None = None) -> Player:
    """A computer player of the given level; `think_ms` sets hard's time per decision."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return HeuristicPlayer(seed, counting=False)
    if level == "normal":
        return HeuristicPlayer(seed, counting=True)
    if level == "hard":
        return HardPlayer(seed) if think_ms is None else HardPlayer(seed, think_ms=think_ms)
    if level == "hard-2026":
        return HardPlayer2026(seed) if think_ms is None else HardPlayer2026(seed, think_ms=think_ms)
    raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}")


def hint(
    obs: Observation, seed: int = 0, think_ms: float = 200.0, worlds: int | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Action:  # fmt: skip
    """A fair hint for the seat of `obs`: what the hard player would do in its place.

    It sees only that seat's observation. (`solve_state` sees every hand: use it for
    the review after the deal, not for a hint during it.) `worlds` fixes the number of
    sampled deals instead of the clock, so the same seed gives the same hint.
    `cancelled()` True stops the search with SearchTimeout (nobody wants the hint any more)."""
    return HardPlayer(seed, think_ms=think_ms, worlds=worlds, cancelled=cancelled).choose(obs)


__all__ = [
    "LEVELS",
    "HardPlayer",
    "HardPlayer2026",
    "HeuristicPlayer",
    "Player",
    "Position",
    "REFERENCE_LEVELS",
    "RandomPlayer",
    "Solution",
    "Solver",
    "hint",
    "make_player",
    "solve",
    "solve_state",
]
