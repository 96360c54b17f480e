"""The coach's view of Kalabriasz (the registry's `KALABRIASZ.coaching()`): the
three-player hard player's own valuation (`ai.kalabriasz_hard.evaluate`, which is
`KalabriaszHard.options`, the one hard decides by) values every option of every question:
naming a suit or passing, each card laid away after taking the talon, each card played.
With the same seed and deals the hint is hard's own choice, and a followed hint is never a
mistake of the coach's (teach/coach.py).

The values are hard's margins: a bid or a card laid away, the seat's own deal score minus
the mean of the other two's; a card played, the maker's against the defenders', so a
defender's are the two defenders' together (partners for the play duties), and a
defender's sentences say "for the defenders". `evaluate` scales them so that a card point
won from the other side counts about 1. Its reasons are teach/kalabriasz_hints.py's.
"""

from __future__ import annotations

from ..engine import Action
from ..engine.kalabriasz import KalabriaszObservation
from ..engine.match import card_of
from ..engine.play import winner_index
from ..engine.variant import Variant
from ..i18n import tr
from ..words import card_name
from . import kalabriasz_hints
from .coach import Cancelled, Coaching, Judgement, Obs, evaluate


class KalabriaszCoaching(Coaching):
    def values(
        self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled, stop_at: float | None
    ) -> dict[Action, float]:
        from ..ai.kalabriasz_hard import evaluate as kalabriasz_evaluate

        return kalabriasz_evaluate(obs, seed, worlds=worlds, cancelled=cancelled,
                                   stop_at=stop_at)  # fmt: skip

    def hard_answer(self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled) -> Action:
        from ..ai.kalabriasz_hard import KalabriaszHard

        return KalabriaszHard(seed, worlds=worlds).choose(obs)

    def agreed(self, obs: Obs) -> Action | None:
        return None  # no signals

    def is_decision(self, obs: Obs) -> bool:
        return obs.phase in ("play", "bidding", "talon")

    def card_rules(self, obs: Obs) -> Variant:
        assert isinstance(obs, KalabriaszObservation)  # this game's coaching, its positions
        return obs.variant.play_rules

    def question(self, obs: Obs) -> str:
        return "talon" if obs.phase == "talon" else "bid"

    def partner_winning(self, obs: Obs) -> bool:
        """A defender's partner in the trick is the other defender, wherever he sits."""
        if not obs.trick or obs.maker is None or obs.seat == obs.maker:
            return False
        winner = (obs.leader + winner_index(obs.trump_index, list(obs.trick))) % 3
        return bool(winner != obs.maker)

    def side(self, obs: Obs) -> str:
        """The maker's points, or a bidder's (his own side whichever way the deal goes):
        "_solo"; a defender's: the two defenders' together."""
        return "_defence" if obs.maker is not None and obs.seat != obs.maker else "_solo"

    def did(self, obs: Obs, action: Action) -> str | None:
        if action.kind == "lay":
            return tr("kala.did_lay", card=card_name(card_of(action)))
        return None

    def fresh_look(
        self, obs: Obs, seed: int, worlds: int, cancelled: Cancelled, stop_at: float | None,
        best: Action,
    ) -> dict[Action, float] | None:  # fmt: skip
        return evaluate(obs, seed, worlds, cancelled, stop_at)

    def reason(self, obs: Obs, j: Judgement) -> str | None:
        found = kalabriasz_hints.reason(obs, j.best, j.chosen, dict(j.values) or None)
        return None if found is None else tr(found[0], **found[1])

    def own_note(self, obs: Obs, j: Judgement) -> str | None:
        return None  # no lesson it could contradict, no roem to claim

    def explain(self, obs: Obs, action: Action, values: dict[Action, float] | None = None) -> str:
        """The hint's one sentence: why `action` is a good decision for the seat of `obs`."""
        return kalabriasz_hints.explain(obs, action, values)


KALABRIASZ_COACHING = KalabriaszCoaching()
