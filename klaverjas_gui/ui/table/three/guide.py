"""The hint at the three-player table: what the hard Kalabriasz player would do in your
place, by the coach's own evaluation (teach/kalabriasz_coach.py), with its reason.

The four-player `Guide` (ui/table/guide.py) does the rest unchanged: the button above the
bottom plate, H at every decision, the background job, the ring round the hinted card
(a card to lay away too) or button, and no hint while the hot-seat cover is up.
"""

from __future__ import annotations

from typing import Any

from ....engine.kalabriasz import KalabriaszObservation
from ....play.seats import CancelToken
from ..guide import Guide, Hint
from ..model import TableModel


def hard_kalabriasz_hint(
    token: CancelToken, obs: KalabriaszObservation, seed: int, worlds: int | None
) -> Hint:
    """The three-player hint with its reason (a background job): the coach's own
    evaluation (`coach.hint`), so a followed hint is never called a mistake."""
    from ....teach import coach
    from ....teach.kalabriasz_hints import explain

    action = coach.hint(obs, seed, coach.WORLDS if worlds is None else worlds, token)
    return Hint(obs.seat, action, explain(obs, action))


class KalabriaszGuide(Guide):
    think = staticmethod(hard_kalabriasz_hint)

    def points_needed(self, model: TableModel, variant: Any) -> None:
        """Not said at the three-player table: the maker needs more than half of what all
        three score, roem included, which no fixed number says while roem may come."""
        return None
