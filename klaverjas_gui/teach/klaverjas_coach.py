"""The coach's view of Klaverjas (the registry's `KLAVERJAS.coaching()`): the shared
coach of teach/coach.py, and the hint's sentence from teach/hints.py, so the table asks
the game's entry for its hint and never imports a game's sentences itself."""

from __future__ import annotations

from ..engine import Action
from . import hints
from .coach import Coaching, Obs


class KlaverjasCoaching(Coaching):
    def explain(self, obs: Obs, action: Action, values: dict[Action, float] | None = None) -> str:
        """The hint's one sentence: why `action` is a good decision for the seat of `obs`."""
        return hints.explain(obs, action, values)


KLAVERJAS_COACHING = KlaverjasCoaching()
