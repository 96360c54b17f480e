"""Every scene by name: scenes push each other as `shell.push("settings", tab="table")`,
without importing each other's classes (the pattern of Tuxemon's `push_state("Name")`).

`SCENES` says where each name's class lives; its module is imported at the first push,
not before: all screens together import the computer players (a quarter of a second),
and the menu must not wait for them. A game's own twin of a scene ("klabberjass replay")
is named by its registry entry (`Game.scenes`), which `game_scene` asks. ui/catalogue.py opens every
screen of this table for screenshots; tests/test_scenes.py checks the two agree.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games import Game
    from .scene import Scene
    from .shell import Shell

SCENES: dict[str, str] = {  # name -> "module.Class" in this package
    "menu": "menu.MainMenuScene",
    "waiting": "menu.WaitingScene",  # the menu's "Other matches": one Continue each
    "play": "play.PlayScene",  # game= "klaverjas" or "klabberjass"
    "confirm": "confirm.ConfirmScene",  # ending=, start=: asks before a match is abandoned
    "settings": "settings.SettingsScene",  # tab= "rules", "match", "table", "klabberjass"
    "history": "history.HistoryScene",
    "match record": "history.MatchRecordScene",  # record=
    "statistics": "stats.StatisticsScene",
    "replay": "replay.ReplayScene",  # record=, deal_no=
    "klabberjass replay": "klabberjass_replay.KlabberjassReplayScene",
    "kalabriasz replay": "kalabriasz_replay.KalabriaszReplayScene",
    "klabberjass match record": "klabberjass_replay.KlabberjassRecordScene",
    "kalabriasz match record": "kalabriasz_replay.KalabriaszRecordScene",
    "review": "review.ReviewScene",  # variant=, seed=, actions=, deal_no=, names=
    "kalabriasz review": "kalabriasz_review.KalabriaszReviewScene",
    "learn": "tutorial.LearnScene",
    "lessons": "tutorial.LessonListScene",
    "lesson": "tutorial.LessonScene",  # lesson= (one with cards; else "quiz")
    "quiz": "tutorial.QuizScene",  # lesson=
    "kalabriasz lesson": "kalabriasz_lesson.KalabriaszLessonScene",  # lesson=
    "rules": "rules.RulesScene",  # page=
    "table": "table.scene.TableScene",  # variant=, seed=, seats=, ...
    "klabberjass table": "table.two.scene.KlabberjassTableScene",
    "kalabriasz table": "table.three.scene.KalabriaszTableScene",
    "cover": "table.cover.CoverScene",  # session=, seat=, confirm=: hot-seat, laptop changes hands
    "deal summary": "summary.DealSummaryScene",  # session=, table= (its port), line=, totals=
    "klabberjass deal summary": "klabberjass_scenes.KlabberjassSummaryScene",
    "kalabriasz deal summary": "kalabriasz_scenes.KalabriaszSummaryScene",
    "score sheet": "sheet.ScoreSheetScene",  # session=, table= (its port)
    "kalabriasz score sheet": "kalabriasz_scenes.KalabriaszSheetScene",
    "match end": "match_end.MatchEndScene",  # session=, table= (its port), ev=
    "klabberjass match end": "klabberjass_scenes.KlabberjassEndScene",
    "kalabriasz match end": "kalabriasz_scenes.KalabriaszEndScene",
    "demo": "attract.AttractTable",  # variant=, seed=, idle=
    "klabberjass demo": "attract.AttractKlabberjassTable",
    "kalabriasz demo": "attract.AttractKalabriaszTable",
    "about": "about.AboutScene",
    "coach report": "coach_report.CoachReportScene",  # match_id=
    "progress": "progress.ProgressScene",  # game=
    "coach position": "drill.CoachPositionScene",  # decision=: one of the report's
    "drill": "drill.DrillScene",  # game=, worlds=: practise your mistakes
    "network": "lan.NetworkScene",  # Host or Join
    "network host": "lan.HostScene",  # game=, player=, guests=, level=, room=, port=, open_now=
    "network join": "lan.JoinScene",  # address=, room=, player=, join_now=
    "network takeover": "lan.TakeoverScene",  # host=, takeover=: a dropped guest's seat asked for
    "network stall": "lan.StallScene",  # host=, seat=: a guest has not moved within the limit
}


class UnknownScene(KeyError):
    """A name no scene has: a mistake in the code (the command line checks its own)."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


def scene_class(name: str) -> type[Scene]:
    """The class of scene `name`, its module imported now if it was not yet."""
    where = SCENES.get(name)
    if where is None:
        raise UnknownScene(f"no scene is named {name!r} (known: {', '.join(sorted(SCENES))})")
    module, _, cls = where.rpartition(".")
    return getattr(importlib.import_module(f"{__package__}.{module}"), cls)


def make_scene(shell: Shell, name: str, **options: Any) -> Scene:
    """A new scene `name` for `shell`, its constructor given `options`."""
    return scene_class(name)(shell, **options)


def game_scene(name: str, game: Game) -> str:
    """The name of `game`'s own twin of scene `name` ("klabberjass replay"), else `name`."""
    return game.scene(name)


def _bundled() -> None:  # pragma: no cover - never called
    """The scene modules as plain imports, so that PyInstaller, which reads the imports and
    not `SCENES`, bundles them all (tests/test_scenes.py checks this list is complete)."""
    from . import (  # noqa: F401
        about,
        attract,
        coach_report,
        confirm,
        drill,
        history,
        kalabriasz_lesson,
        kalabriasz_replay,
        kalabriasz_review,
        kalabriasz_scenes,
        klabberjass_replay,
        klabberjass_scenes,
        lan,
        match_end,
        menu,
        play,
        progress,
        replay,
        review,
        rules,
        settings,
        sheet,
        stats,
        summary,
        tutorial,
    )
    from .table import cover, scene  # noqa: F401
    from .table.three import scene as three_scene  # noqa: F401
    from .table.two import scene as two_scene  # noqa: F401
