"""The table for three-player Kalabriasz: you south, the other two West and East, the
talon at the top where a fourth player would sit.

It is the four-player `TableScene` with its pieces swapped (see the class attributes):
the engine is `KalabriaszState`, the others Kalabriasz players (the registry's), and the
layout, model, director, view, prompts and guide are the three-player versions. The
maker lays two cards away as a card is played ("talon" in `card_phases`): dragged to
the table, clicked, or picked with the keyboard. Hand input, the session, the trick
pause, the last-trick view and hot-seat (people sharing one laptop, the hands covered
between their turns and the table turned to the one to act) are the four-player ones.
"""

from __future__ import annotations

from ....engine.kalabriasz import lay
from ....engine.match import play
from ....games import KALABRIASZ
from ..hand_input import CardPhases
from ..scene import TableScene
from .director import KalabriaszDirector
from .guide import KalabriaszGuide
from .layout import KalabriaszLayout
from .model import KalabriaszModel
from .prompts import KalabriaszPrompt
from .view import KalabriaszView


class KalabriaszTableScene(TableScene):
    game = KALABRIASZ
    prompt_phases = ("bidding", "talon")
    rest_phases = ("bidding", "talon", "play")
    card_phases: CardPhases = {"play": play, "talon": lay}
    layout_class = KalabriaszLayout
    model_class = KalabriaszModel
    director_class = KalabriaszDirector
    view_class = KalabriaszView
    prompt_class = KalabriaszPrompt
    guide_class = KalabriaszGuide

    summary_scene, end_scene = "kalabriasz deal summary", "kalabriasz match end"
    sides = ((0,), (1,), (2,))  # each player is a side of his own

    model: KalabriaszModel  # type: ignore[assignment]
