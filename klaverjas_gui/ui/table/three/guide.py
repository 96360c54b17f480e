"""The hint at the three-player table: what the hard Kalabriasz player would do in your
place, with its reason: the game's coaching (teach/kalabriasz_coach.py), found through
the registry, so a followed hint is never called a mistake.

The four-player `Guide` (ui/table/guide.py) does the rest unchanged: the button above the
bottom plate, H at every decision, the background job, the ring round the hinted card
(a card to lay away too) or button, and no hint while the hot-seat cover is up.
"""

from __future__ import annotations

from typing import Any

from ..guide import Guide
from ..model import TableModel


class KalabriaszGuide(Guide):
    def points_needed(self, model: TableModel, variant: Any) -> None:
        """Not said at the three-player table: the maker needs more than half of what all
        three score, roem included, which no fixed number says while roem may come."""
        return None
