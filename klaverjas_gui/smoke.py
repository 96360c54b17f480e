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


def _klabberjass(app: App, until: Callable[[KlabberjassState], bool] | None = None) -> None:
    """The two-player table at its first bidding, or at a position reached by random play."""
    variant = KLABBERJASS_PRESETS["klabberjass"]
    app.start_klabberjass(variant, seed=2)
    if until is not None:
        rng, state = random.Random(2), new_klabberjass(variant, 2)
        while not until(state):
            state, _ = state.apply(rng.choice(state.legal_actions()))
        app.match.load(state)  # type: ignore[union-attr]


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


SCENES: dict[str, Callable[[App], None]] = {
    "klabberjass: presets": _klabberjass_presets,
    "klabberjass: bidding": _klabberjass,
    "klabberjass: mid-trick": lambda app: _klabberjass(
        app, lambda s: s.phase == "play" and len(s.trick) == 1 and len(s.tricks) > 2
    ),
    "klabberjass: deal summary": _klabberjass_summary,
    "klabberjass: game end": _klabberjass_end,
    "menu": lambda app: app.show_menu(),
    "table: trump choice": lambda app: _table(app),
    "table: mid-trick": _mid_trick,
    "table: kraak": lambda app: _table(
        app, "kraken", _played("kraken", 5, lambda s: s.phase == "kraak")
    ),
    "table: proposed suit": lambda app: _table(app, "proposed"),
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
