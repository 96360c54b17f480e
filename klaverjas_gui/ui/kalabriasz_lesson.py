"""A Kalabriasz lesson at the table for three ("Three at the table", teach/lessons.py):
the tutorial's `LessonScene` (the script plays West and East, the learner's move goes
through `LessonRun`, the lesson panel in South's corner) on the three-player table, where
a card of the hand is laid away as it is played."""

from __future__ import annotations

from .table.three.guide import KalabriaszGuide
from .table.three.scene import KalabriaszTableScene
from .table.three.view import KalabriaszView
from .tutorial import LessonGuide, LessonPicture, LessonScene


class KalabriaszLessonView(LessonPicture, KalabriaszView):
    """The three-player table with the lesson's panel and heading."""


class KalabriaszLessonGuide(LessonGuide, KalabriaszGuide):
    """No hint in a lesson, and the three-player table's manners otherwise."""


class KalabriaszLessonScene(LessonScene, KalabriaszTableScene):
    view_class = KalabriaszLessonView
    guide_class = KalabriaszLessonGuide
