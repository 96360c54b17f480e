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


class NotToMove(ValueError):
    """Values or a choice asked of a seat with nothing to decide: its observation has no
    legal action (another seat is to move). Refused, never answered with a guess."""

    def __init__(self, obs: object) -> None:
        seat, to_move = getattr(obs, "seat", "?"), getattr(obs, "to_move", "?")
        phase = getattr(obs, "phase", "?")
        super().__init__(f"seat {seat} is not to move ({phase}: seat {to_move} is)")
