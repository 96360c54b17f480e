"""The coach's view of Klabberjass (the registry's `KLABBERJASS.coaching()`): the
two-player hard player's values, the questions it judges (a card, a bid, a schmeiss
answer; the dix and declarations are answered by rule) and its reasons and the hint's
sentence, built on the two-player hint sentences (teach/klabberjass_hints.py)."""

from __future__ import annotations

from ..engine import Action
from ..engine.match import card_of
from ..engine.play import KLABBERJASS_PLAY
from ..engine.variant import Variant
from ..i18n import tr
from . import coach, hints, klabberjass_hints
from .coach import Cancelled, Coaching, Judgement, Obs


class KlabberjassCoaching(Coaching):
    def values(
        self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled, stop_at: float | None
    ) -> dict[Action, float]:
        from ..ai.klabberjass_hard import evaluate as klabberjass_evaluate

        return klabberjass_evaluate(obs, seed, worlds=worlds, cancelled=cancelled,
                                    stop_at=stop_at)  # fmt: skip

    def hard_answer(self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled) -> Action:
        from ..ai.klabberjass_hard import HardKlabberjassPlayer

        return HardKlabberjassPlayer(seed, worlds=worlds, cancelled=cancelled).choose(obs)

    def agreed(self, obs: Obs) -> Action | None:
        return None  # no partner, no signals

    def is_decision(self, obs: Obs) -> bool:
        return obs.phase in ("play", "bidding", "schmeiss")

    def card_rules(self, obs: Obs) -> Variant:
        return KLABBERJASS_PLAY

    def fresh_look(
        self, obs: Obs, seed: int, worlds: int, cancelled: Cancelled, stop_at: float | None,
        best: Action,
    ) -> dict[Action, float] | None:  # fmt: skip
        # looked up when called: this module is imported on a game's first coaching, and
        # a name bound then would keep whatever `coach.evaluate` was at that moment
        return coach.evaluate(obs, seed, worlds, cancelled, stop_at)

    def reason(self, obs: Obs, j: Judgement) -> str | None:
        if j.best.kind == "play" and j.chosen.kind == "play":
            if not obs.trick:
                return None  # the two-player lead sentences say nothing against another lead
            t = obs.trump.index
            legal = [card_of(a) for a in obs.legal if a.kind == "play"]
            best, chosen = card_of(j.best), card_of(j.chosen)
            found = hints.follow_reason(t, list(obs.trick), legal, best, chosen)
            return None if found is None else tr(found[0], **found[1])
        if j.best.kind == j.chosen.kind:
            return None
        return klabberjass_hints.reason(obs, j.best, j.chosen, dict(j.values) or None)

    def own_note(self, obs: Obs, j: Judgement) -> str | None:
        return None  # no lesson of its own, no roem to claim

    def explain(self, obs: Obs, action: Action, values: dict[Action, float] | None = None) -> str:
        """The hint's one sentence: why `action` is a good decision for the seat of `obs`."""
        return klabberjass_hints.explain(obs, action, values=values)


KLABBERJASS_COACHING = KlabberjassCoaching()
