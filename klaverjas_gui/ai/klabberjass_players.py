"""Computer players for two-player Klabberjass, behind one small protocol.

A player sees only a `KlabberjassObservation` (its own hand and what lay open on
the table) and answers one of `obs.legal`; it never touches a `KlabberjassState`.
Levels: "random" (the baseline), "easy" (a beginner: cautious bidding, table rules
and a newcomer's slips in play), "normal" (rule-based bidding, cards by a light
sampled search), "hard" (determinized search in bidding and play, many more samples,
exact earlier).
Each player keeps its own RNG and caches, so `choose` may run on a worker thread.
"""

from __future__ import annotations

from typing import Protocol

from ..engine.klabberjass import KlabberjassObservation
from ..engine.match import Action
from .base import RandomPlayer
from .klabberjass_hard import HardKlabberjassPlayer
from .klabberjass_heuristic import EASY_SLIPS, KlabberjassHeuristic
from .klabberjass_normal import NormalKlabberjassPlayer

KLABBERJASS_LEVELS = ("random", "easy", "normal", "hard")


class KlabberjassPlayer(Protocol):
    name: str

    def choose(self, obs: KlabberjassObservation) -> Action:
        """Pick one of `obs.legal`."""
        ...


def make_klabberjass_player(
    level: str, seed: int | None = None, think_ms: float | None = None
) -> KlabberjassPlayer:
    """A computer opponent of the given level; `think_ms` makes hard think by the clock
    for that long per decision instead of sampling its fixed number of deals."""
    if level == "random":
        return RandomPlayer(seed)  # plays any legal action: Klabberjass's too
    if level == "easy":
        return KlabberjassHeuristic(seed, counting=False, slips=EASY_SLIPS)
    if level == "normal":
        return NormalKlabberjassPlayer(seed)
    if level == "hard":
        return HardKlabberjassPlayer(seed) if think_ms is None else HardKlabberjassPlayer(
            seed, think_ms=think_ms
        )  # fmt: skip
    raise ValueError(
        f"unknown computer level {level!r}; choose from {', '.join(KLABBERJASS_LEVELS)}"
    )
