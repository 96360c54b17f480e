"""The hint at the three-player table: what the hard Kalabriasz player would do in your
place, with a line that says so.

The four-player `Guide` (ui/table/guide.py) does the rest unchanged: the button above the
bottom plate, H at every decision, the background job, the ring round the hinted card
(a card to lay away too) or button, and no hint while the hot-seat cover is up. The
player is the registry's (`Game.make_player`), so the table does not import the
computer players. The coach's evaluator of this game (teach/kalabriasz_coach.py) may
take its place once it judges every decision the table asks, as the two-player hint does.
"""

from __future__ import annotations

from typing import Any

from ....engine.kalabriasz import KalabriaszObservation
from ....games import game_of
from ....i18n import tr
from ....play.seats import CancelToken
from ....words import card_name, suit_name
from ..guide import Guide, Hint
from ..model import TableModel


def hard_kalabriasz_hint(
    token: CancelToken, obs: KalabriaszObservation, seed: int, worlds: int | None
) -> Hint:
    """The hard player's choice in the seat's place (a background job)."""
    action = game_of(obs).make_player("hard", seed).choose(obs)
    if action.kind == "name" and action.suit is not None:
        text = tr("kalabriasz.hint_name", suit=suit_name(action.suit))
    elif action.kind == "lay" and action.card is not None:
        text = tr("kalabriasz.hint_lay", card=card_name(action.card))
    elif action.kind == "play" and action.card is not None:
        text = tr("kalabriasz.hint_play", card=card_name(action.card))
    else:
        text = tr("kalabriasz.hint_pass")
    return Hint(obs.seat, action, text)


class KalabriaszGuide(Guide):
    think = staticmethod(hard_kalabriasz_hint)

    def points_needed(self, model: TableModel, variant: Any) -> None:
        """Not said at the three-player table: the maker needs more than half of what all
        three score, roem included, which no fixed number says while roem may come."""
        return None
