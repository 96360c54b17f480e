"""The player protocol: every seat, human or computer, hands the engine an Action.

A computer player sees only an `Observation` (its own hand and what was played
in the open) and the legal actions in it; it never touches a `MatchState`.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine import Action, Observation


class Player(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action:
        """Pick one of `obs.legal`."""
        ...


class Offered(Protocol):
    """Any game's observation, as far as it offers legal actions (all three games')."""

    @property
    def legal(self) -> tuple[Action, ...]: ...


class RandomPlayer:
    """Any legal action, uniformly: the baseline every level must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Offered) -> Action:
        return self.rng.choice(obs.legal)
