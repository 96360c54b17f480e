"""`klaverjas --smoke`: open the window, draw one frame of every scene, say what failed.

Used by CI on the installed wheel and on the PyInstaller bundle, where a
missing data file (card art, theme, fonts) shows up only at run time. Each
scene comes from a small factory; a new scene adds one line to SCENES.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from .engine import (
    KLABBERJASS_PRESETS,
    PRESETS,
    KlabberjassState,
    MatchState,
    new_klabberjass,
    new_match,
)
from .engine.match import MatchOver

if TYPE_CHECKING:
    from .app import App
    from .store.history import MatchRecord
    from .ui.table import TableScene


def _played(preset: str, seed: int, until: Callable[[MatchState], bool]) -> MatchState:
    """A position reached by random legal play (the same one every run)."""
    rng = random.Random(seed)
    state = new_match(PRESETS[preset], seed)
    while not until(state):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return state


def _table(app: App, preset: str = "amsterdam", state: MatchState | None = None) -> TableScene:
    app.start_match(PRESETS[preset], seed=1)
    table = app.match
    if state is not None:
        table.load(state)  # type: ignore[union-attr]
    return table  # type: ignore[return-value]


def _mid_trick(app: App) -> None:
    _table(app, state=_played("amsterdam", 1, lambda s: s.phase == "play" and len(s.trick) == 2))


def _summary(app: App) -> None:
    from .ui.summary import DealSummaryScene

    state = _played("amsterdam", 2, lambda s: len(s.sheet) == 1)
    table = _table(app, state=state)
    app.push(DealSummaryScene(app, table, state.sheet[-1], state.totals))


def _sheet(app: App) -> None:
    from .ui.sheet import ScoreSheetScene

    table = _table(app, state=_played("amsterdam", 3, lambda s: len(s.sheet) == 3))
    app.push(ScoreSheetScene(app, table))


def _match_end(app: App) -> None:
    from .ui.match_end import MatchEndScene

    short = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")
    rng = random.Random(4)
    state = new_match(short, 4)
    while not state.is_over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    app.start_match(short, seed=4)
    table = app.match
    table.load(state)  # type: ignore[union-attr]
    app.push(MatchEndScene(app, table, MatchOver(state.winner, state.totals)))  # type: ignore[arg-type]


def _settings(app: App, tab: str) -> None:
    from .ui.settings import SettingsScene

    app.push(SettingsScene(app, tab))


def _stored(app: App) -> MatchRecord:
    """A short finished match in the history (smoke runs on an empty data folder)."""
    short = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")
    rng = random.Random(6)
    state = new_match(short, 6)
    mid = app.history.start_match("klaverjas", "custom", short.to_dict(), 6, list("NESW"))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        app.history.record(mid, state.n_actions, str(action), events)
    return app.history.match(mid)  # type: ignore[arg-type, return-value]


def _history(app: App, scene: str) -> None:
    from .ui.history import HistoryScene, MatchRecordScene
    from .ui.replay import ReplayScene
    from .ui.stats import StatisticsScene

    record = _stored(app)
    make = {
        "list": lambda: HistoryScene(app),
        "match": lambda: MatchRecordScene(app, record),
        "replay": lambda: ReplayScene(app, record, 2),
        "statistics": lambda: StatisticsScene(app),
    }[scene]
    app.push(make())


def _hint(app: App) -> None:
    """The table with a hint shown (a fixed number of sampled deals: the same every run)."""
    table = _table(app, state=_played("amsterdam", 1, lambda s: s.phase == "play"
                                      and s.to_move == 0 and len(s.trick) == 2))  # fmt: skip
    table.guide.worlds = 4
    table.guide.request()


def _hotseat_cover(app: App) -> None:
    """Two people at one laptop: the cover before North's turn."""
    from .ui.table import TableScene

    app.show_menu()
    seats = [("You", "human"), ("Henk", "easy"), ("Anna", "human"), ("Joop", "easy")]
    table = TableScene(app, PRESETS["amsterdam"], 1, seats=seats)
    app.push(table)
    table.load(_played("amsterdam", 1, lambda s: s.phase == "play" and s.to_move == 2))
    table.update(0.0)  # North is to play: the cover goes up


def _klabberjass(app: App, until: Callable[[KlabberjassState], bool] | None = None) -> None:
    """The two-player table at its first bidding, or at a position reached by random play."""
    variant = KLABBERJASS_PRESETS["klabberjass"]
    app.start_klabberjass(variant, seed=2)
    if until is not None:
        rng, state = random.Random(2), new_klabberjass(variant, 2)
        while not until(state):
            state, _ = state.apply(rng.choice(state.legal_actions()))
        app.match.load(state)  # type: ignore[union-attr]


def _klabberjass_hint(app: App) -> None:
    """The two-player table's first question with its hint (fixed sampled deals)."""
    _klabberjass(app, lambda s: True)  # loaded: no deal animation to wait for
    table = app.match
    table.guide.worlds = 4  # type: ignore[union-attr]
    table.guide.request()  # type: ignore[union-attr]


def _klabberjass_cover(app: App) -> None:
    """Two people at one laptop, Klabberjass: the cover before the second player's turn."""
    from .ui.klabberjass_table import KlabberjassTableScene

    app.show_menu()
    variant = KLABBERJASS_PRESETS["klabberjass"]
    table = KlabberjassTableScene(app, variant, 2, seats=[("You", "human"), ("Anna", "human")])
    app.push(table)
    rng, state = random.Random(2), new_klabberjass(variant, 2)
    while not (state.phase == "play" and state.to_move == 1):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    table.load(state)
    table.update(0.0)  # the second player is to act: the cover goes up


def _klabberjass_summary(app: App) -> None:
    from .ui.klabberjass_scenes import KlabberjassSummaryScene

    _klabberjass(app, lambda s: len(s.sheet) == 1)
    table = app.match
    state = table.state  # type: ignore[union-attr]
    app.push(KlabberjassSummaryScene(app, table, state.sheet[-1], state.totals))  # type: ignore[arg-type]


def _klabberjass_end(app: App) -> None:
    from .ui.klabberjass_scenes import KlabberjassEndScene

    _klabberjass(app, lambda s: s.is_over)
    table = app.match
    state = table.state  # type: ignore[union-attr]
    app.push(KlabberjassEndScene(app, table, MatchOver(state.winner, state.totals)))  # type: ignore[arg-type]


def _klabberjass_presets(app: App) -> None:
    from .ui.klabberjass_scenes import KlabberjassMenuScene

    app.push(KlabberjassMenuScene(app))


def _attract_klabberjass(app: App) -> None:
    """The club demo as the idle menu starts it, with the two-player game."""
    from .ui.attract import AttractKlabberjassTable

    app.show_menu()
    app.push(AttractKlabberjassTable(app, KLABBERJASS_PRESETS["klabberjass"], 8, idle=True))


def _klabberjass_replay(app: App) -> None:
    """A short stored Klabberjass game (Bela, to 100), its first deal replayed."""
    from .ui.klabberjass_replay import KlabberjassReplayScene

    variant = KLABBERJASS_PRESETS["bela"]
    rng, state = random.Random(8), new_klabberjass(variant, 8)
    mid = app.history.start_match("klabberjass", "bela", variant.to_dict(), 8, ["N", "S"])
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        app.history.record(mid, state.n_actions, str(action), events)
    app.push(KlabberjassReplayScene(app, app.history.match(mid), 1))  # type: ignore[arg-type]


def _learn(app: App, scene: str) -> None:
    """The Learn menu, the lesson list, a lesson at its first decision, the quiz, the rules."""
    from .teach.lessons import LESSON_BY_ID
    from .ui.rules import RulesScene
    from .ui.tutorial import LearnScene, LessonListScene, open_lesson

    app.show_menu()
    if scene == "learn":
        app.push(LearnScene(app))
    elif scene == "lessons":
        app.push(LessonListScene(app))
    elif scene.startswith("rules"):
        app.push(RulesScene(app, int(scene[-1])))
    else:
        open_lesson(app, LESSON_BY_ID[scene])


def _review(app: App) -> None:
    """The review of a deal played at random (seed 3: a quick one to solve), at its 3rd trick."""
    from .ui.review import ReviewScene

    state = _played("amsterdam", 3, lambda s: len(s.sheet) == 1)
    app.show_menu()
    scene = ReviewScene(app, state.variant, 3, [str(a) for a in state.actions], 1,
                        ["You", "Henk", "Anna", "Joop"])  # fmt: skip
    app.push(scene)
    scene.job.wait(120)
    scene.show(3)


def _about(app: App) -> None:
    from .ui.about import AboutScene

    app.show_menu()
    app.push(AboutScene(app))


SCENES: dict[str, Callable[[App], None]] = {
    "klabberjass: presets": _klabberjass_presets,
    "klabberjass: bidding": _klabberjass,
    "klabberjass: mid-trick": lambda app: _klabberjass(
        app, lambda s: s.phase == "play" and len(s.trick) == 1 and len(s.tricks) > 2
    ),
    "klabberjass: hint": _klabberjass_hint,
    "klabberjass: hot-seat cover": _klabberjass_cover,
    "klabberjass: deal summary": _klabberjass_summary,
    "klabberjass: game end": _klabberjass_end,
    "menu": lambda app: app.show_menu(),
    "table: trump choice": lambda app: _table(app),
    "table: mid-trick": _mid_trick,
    "table: kraak": lambda app: _table(
        app, "kraken", _played("kraken", 5, lambda s: s.phase == "kraak")
    ),
    "table: proposed suit": lambda app: _table(app, "proposed"),
    "table: hint": _hint,
    "table: hot-seat cover": _hotseat_cover,
    "deal summary": _summary,
    "score sheet": _sheet,
    "match end": _match_end,
    "settings: rules": lambda app: _settings(app, "rules"),
    "settings: seats": lambda app: _settings(app, "match"),
    "settings: table": lambda app: _settings(app, "table"),
    "history": lambda app: _history(app, "list"),
    "history: match": lambda app: _history(app, "match"),
    "history: replay": lambda app: _history(app, "replay"),
    "statistics": lambda app: _history(app, "statistics"),
    "demo": lambda app: app.start_demo(7),
    "demo: klabberjass (attract)": _attract_klabberjass,
    "settings: klabberjass": lambda app: _settings(app, "klabberjass"),
    "history: klabberjass replay": _klabberjass_replay,
    "learn": lambda app: _learn(app, "learn"),
    "tutorial: lessons": lambda app: _learn(app, "lessons"),
    "tutorial: lesson": lambda app: _learn(app, "overtrump"),
    "tutorial: quiz": lambda app: _learn(app, "nat"),
    "rules: cards": lambda app: _learn(app, "rules 0"),
    "rules: roem": lambda app: _learn(app, "rules 2"),
    "review": _review,
    "about": _about,
}


def run(args: argparse.Namespace) -> int:
    """0 when every scene drew a frame; 1 and one line per failure otherwise."""
    import pygame

    from .app import FPS, App
    from .ui import theme

    try:
        app = App(args, deterministic=True)
    except Exception as e:  # noqa: BLE001 - the point is to report anything
        print(f"smoke: FAILED to open the window: {e}")
        return 1
    failed = []
    try:
        for name, make in SCENES.items():
            try:
                make(app)
                app.step(1 / FPS)
            except Exception as e:  # noqa: BLE001
                failed.append(name)
                print(f"smoke: FAILED {name}: {type(e).__name__}: {e}")
                traceback.print_exc()
    finally:
        app.close()
        pygame.quit()
        theme.clear_caches()  # fonts die with pygame.quit
    if failed:
        print(f"smoke: {len(failed)} of {len(SCENES)} scenes failed: {', '.join(failed)}")
        return 1
    print(f"smoke: ok, {len(SCENES)} scenes drawn")
    return 0
