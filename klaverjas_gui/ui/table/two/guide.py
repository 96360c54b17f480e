"""The hint at the two-player table: what the hard Klabberjass player would do in your place.

The four-player `Guide` (ui/table/guide.py) does the rest unchanged: the button above the
bottom plate, H while playing a card, the background job that keeps frames coming, the
ring round the hinted card or button, and no hint while the hot-seat cover is up.
Only the player asked and the words differ; take-back and the missed-roem note
have no Klabberjass counterpart (no practice mode, no roem to claim).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....engine.klabberjass import KlabberjassObservation
from ....play.seats import CancelToken
from ..guide import Guide, Hint

if TYPE_CHECKING:
    from ..layout import TableLayout


def hard_klabberjass_hint(
    token: CancelToken, obs: KlabberjassObservation, seed: int, worlds: int | None
) -> Hint:
    """The two-player hint with its reason (a background job): the coach's own evaluation
    (`coach.hint`), so a followed hint is never called a mistake."""
    from ....teach import coach
    from ....teach.klabberjass_hints import explain

    action = coach.hint(obs, seed, coach.WORLDS if worlds is None else worlds, token)
    return Hint(obs.seat, action, explain(obs, action))


class KlabberjassGuide(Guide):
    think = staticmethod(hard_klabberjass_hint)

    def points_needed(self, model: Any, variant: Any) -> None:
        """Not said at the two-player table (its sheet is the maker's own sum)."""
        return None

    def place_hint(self, rect: pygame.Rect, L: TableLayout, prompt: pygame.Rect | None) -> None:
        """A question's buttons sit just above the hand here (the turned card keeps the
        middle): the hint goes above them, right of the turned card."""
        if prompt is None:
            super().place_hint(rect, L, prompt)
            return
        turned = L.turned_pose()  # type: ignore[attr-defined]  # a KlabberjassLayout's
        rect.midbottom = (round(L.w / 2), prompt.top - L.px(10))
        rect.left = max(rect.left, round(turned.x + L.card[0] / 2 + L.px(16)))
        rect.right = min(rect.right, L.w - L.margin)
