"""Settings, history, statistics and resume, through the real App and posted pygame events.

Every app here keeps its files in a temporary --data-dir; assertions are on
the settings file, the history database and the engine state, never on pixels.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from uitest import (
    DT,
    click,
    click_button,
    click_in_form,
    new_match_from_menu,
    post,
    press,
    run_until,
)

from klaverjas_gui.app import App, main
from klaverjas_gui.engine import (
    KLABBERJASS_PRESETS,
    PRESETS,
    Variant,
    new_klabberjass,
    new_match,
    preset_name,
    replay,
)
from klaverjas_gui.store.history import History
from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.replay import ReplayScene
from klaverjas_gui.ui.settings import SettingsScene
from klaverjas_gui.ui.stats import StatisticsScene
from klaverjas_gui.ui.table.scene import TableScene
from klaverjas_gui.ui.table.two.model import sheet_line

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SHORT = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")


@pytest.fixture
def start(make_app):
    """start(*argv) -> App on tmp_path/data (or the --data-dir given), its first frame drawn."""
    return functools.partial(make_app, first_frame=True)


def type_text(app: App, text: str) -> None:
    """As a keyboard types: a key press, then the text it makes."""
    for ch in text:
        key = pygame.key.key_code(ch.lower())
        post(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0)
        post(pygame.TEXTINPUT, text=ch)
        app.step(DT)
    app.step(DT)  # the field's change event arrives on the next frame


def backspace(app: App, times: int) -> None:
    for _ in range(times):
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=42)
        app.step(DT)
        post(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=42)
        app.step(DT)


def stored_history(tmp_path: Path) -> History:
    """The history the app `start` opens (tmp_path/data), empty, to fill before it starts."""
    data = tmp_path / "data"
    data.mkdir()
    return History(data / "history.sqlite")


def play_recorded(history: History, variant: Variant, seed: int, players: list[str]) -> int:
    """A whole match of random legal actions, stored as the table stores one."""
    state = new_match(variant, seed)
    return record_random(history, "klaverjas", preset_name(variant), state, seed, players)


def play_klabberjass_recorded(history: History, preset: str, seed: int, players: list[str]) -> int:
    """A whole two-player game of random legal actions, stored as the table stores one."""
    state = new_klabberjass(KLABBERJASS_PRESETS[preset], seed)
    return record_random(history, "klabberjass", preset, state, seed, players)


def record_random(history: History, game: str, preset: str, state, seed: int,
                  players: list[str]) -> int:  # fmt: skip
    """Random legal actions from `state` to the end, each recorded as the table records it."""
    mid = history.start_match(game, preset, state.variant.to_dict(), seed, players)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        history.record(mid, state.n_actions, str(action), events)
    return mid  # type: ignore[return-value]


def open_settings(app: App, tab: str) -> SettingsScene:
    click_button(app, app.top, "settings")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    click_button(app, scene, f"tab_{tab}")
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.tab == tab
    return scene


# --- settings ---
def test_settings_changed_by_clicks_are_saved_and_read_by_a_new_app(start, tmp_path):
    data = tmp_path / "data"
    app = start()
    scene = open_settings(app, "table")
    click_button(app, scene, "four_colour=True")
    click_button(app, scene, "card_back=red")
    click_in_form(app, scene, "language=nl")
    stored = json.loads((data / "settings.json").read_text())
    assert stored["four_colour"] is True and stored["card_back"] == "red"
    assert stored["language"] == "nl"
    click_button(app, scene, "tab_match")
    scene = app.top
    click(app, scene.form.entries["seat1"].get_abs_rect().center)
    backspace(app, 4)
    type_text(app, "Bram")  # the "m" is typed, not the mute key
    assert not app.settings.muted
    assert app.settings.seat_plan()[1][0] == "Bram"
    click_button(app, scene, "seat2_kind=hard")
    click_button(app, scene, "tab_rules")
    click_button(app, app.top, "preset=french")
    click_in_form(app, app.top, "pit_bonus=200")
    app.close()

    again = start()
    s = again.settings
    assert s.four_colour and s.card_back == "red" and s.language == "nl"
    assert s.seat_plan()[1:3] == [("Bram", "easy"), ("Anna", "hard")]
    # the match length stays the one set on the Match tab (16 deals, not French 1500 points)
    french = dataclasses.replace(PRESETS["french"], pit_bonus=200, match_length="deals:16")
    assert s.rules() == french
    assert s.rules_name() == "custom" and s.choices().preset == "french"
    assert not list(data.glob("*.tmp"))  # every save was atomic: no half-written file left


def test_picking_a_preset_keeps_the_match_length_and_tie_set_on_the_match_tab(start, tmp_path):
    app = start()
    scene = open_settings(app, "match")
    for length in ("deals:1", "deals:4", "points:750"):  # RULES.md 1.9, offered on screen
        assert f"match_length={length}" in scene.buttons
    click_in_form(app, scene, "match_length=points:750")
    click_in_form(app, scene, "match_tie=extra_deal")
    click_button(app, scene, "tab_rules")
    click_button(app, app.top, "preset=rotterdam")
    rules = app.settings.rules()
    assert (rules.match_length, rules.match_tie) == ("points:750", "extra_deal")
    assert rules.must_ruff == "always" and app.settings.rules_name() == "rotterdam"
    stored = json.loads((tmp_path / "data" / "settings.json").read_text())
    assert stored["variant"]["match_length"] == "points:750"
    click_button(app, app.top, "preset=french")  # French's own 1500 points do not win either
    assert app.settings.rules().match_length == "points:750"
    assert app.settings.rules_name() == "french"


def test_a_damaged_settings_file_is_set_aside_and_the_player_told_once(start, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"four_colour": tru')
    app = start()
    assert isinstance(app.top, MainMenuScene)
    message = app.toasts.current_text or ""
    assert "damaged" in message and "settings.json.bad-" in message
    assert len(list(data.glob("settings.json.bad-*"))) == 1
    assert not (data / "settings.json").exists()
    assert app.settings.four_colour is False
    for _ in range(20 * 60):  # the toast fades and never comes back
        app.step(0.05)
        if app.toasts.current_text is None:
            break
    app.step(DT)
    assert app.toasts.current_text is None and app.store.messages() == []


def test_an_unwritable_data_folder_warns_once_and_the_game_plays(start, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    app = start("--data-dir", str(blocker))
    text = app.toasts.current_text or ""
    assert "kept in memory" in text  # the history's message, shown at start
    scene = open_settings(app, "table")
    click_button(app, scene, "show_legal=False")
    assert "could not be saved" in (app.toasts.current_text or "")
    app.toasts.items.clear()
    click_button(app, scene, "show_legal=True")
    assert app.toasts.current_text is None  # told once only
    press(app, pygame.K_ESCAPE)
    new_match_from_menu(app)
    table = app.top
    run_until(app, lambda: table.human_may_play() or table.prompt.visible, frames=3000)
    record = app.history.running()  # kept in memory: the match still counts
    assert app.history.actions(record.id) == [str(a) for a in table.session.state.actions]


def test_rule_changes_apply_to_the_next_match_not_the_running_one(start):
    app = start("--seed", "4")
    table = app.top
    assert isinstance(table, TableScene) and table.session.state.variant == PRESETS["amsterdam"]
    click_button(app, table, "settings")  # the table's own way to the settings
    scene = app.top
    assert isinstance(scene, SettingsScene) and "next match" in scene.note()
    click_button(app, scene, "tab_rules")
    click_button(app, app.top, "preset=rotterdam")
    click_in_form(app, app.top, "must_ruff=never")
    press(app, pygame.K_ESCAPE)
    assert app.top is table
    assert (
        table.session.state.variant == PRESETS["amsterdam"] == table.session.variant
    )  # the running match
    press(app, pygame.K_ESCAPE)
    new_match_from_menu(app)
    new = app.top
    assert isinstance(new, TableScene) and new is not table
    wanted = dataclasses.replace(PRESETS["rotterdam"], must_ruff="never")
    assert new.session.state.variant == wanted
    assert app.history.running().variant == wanted.to_dict()
    assert app.history.running().preset == "custom"


def test_a_demo_is_never_recorded(start):
    app = start()
    click_button(app, app.top, "demo")
    demo = app.top
    run_until(app, lambda: demo.session.state.n_actions >= 12, frames=5000)
    assert app.history.running() is None
    assert app.history.db.execute("SELECT count(*) FROM actions").fetchone()[0] == 0


# --- history and resume ---
def test_the_table_records_every_action_and_continue_after_a_restart(start, tmp_path):
    app = start()
    app.settings.set_seat(0, kind="easy")  # a computer plays South: the match runs by itself
    new_match_from_menu(app)
    table = app.top
    run_until(app, lambda: table.session.state.n_actions >= 20, frames=20_000)
    record = app.history.running()
    assert record.players == ["You", "Henk", "Anna", "Joop"] and record.preset == "amsterdam"
    assert app.history.actions(record.id) == [str(a) for a in table.session.state.actions]
    position = table.session.state.to_json()
    app.close()

    again = start()
    menu = again.top
    assert isinstance(menu, MainMenuScene) and "continue" in menu.buttons
    click_button(again, menu, "continue")
    resumed = again.top
    assert isinstance(resumed, TableScene) and resumed.session.state.to_json() == position
    assert [s.name for s in resumed.session.seats] == record.players


DRIVER = """
import os, signal, sys
sys.path.insert(0, {root!r})
from klaverjas_gui.app import App, parse_args
args = parse_args(["--size", "1024x600", "--speed", "instant", "--seed", "9",
                   "--data-dir", {data!r}])
app = App(args, deterministic=True, autopilot=True, audio=False)
session = app.match.session
while not (session.state.deal_no == 2 and len(session.state.tricks) == 3 and session.state.trick):
    app.step(1 / 60)
print(session.state.to_json(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # a crash right after a card: nothing may be lost
"""


def test_killed_mid_deal_then_continue_gives_the_identical_position(start, tmp_path):
    data = tmp_path / "data"
    code = DRIVER.format(root=str(ROOT), data=str(data))
    proc = subprocess.run([sys.executable, "-c", code], env=ENV, capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    position = proc.stdout.strip().splitlines()[-1]
    db = sqlite3.connect(data / "history.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    app = start()
    click_button(app, app.top, "continue")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.state.to_json() == position
    assert table.session.state.deal_no == 2 and table.session.state.trick  # mid-deal, mid-trick


def test_the_real_program_killed_at_any_moment_continues_where_its_history_is(start, tmp_path):
    data = tmp_path / "data"
    cmd = [sys.executable, "-m", "klaverjas_gui", "--seed", "21", "--frames", "1000000",
           "--size", "1024x600", "--speed", "instant", "--data-dir", str(data)]  # fmt: skip
    child = subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)  # fmt: skip
    stored = 0
    try:
        deadline = time.monotonic() + 60
        while stored < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
            try:
                db = sqlite3.connect(data / "history.sqlite", timeout=5)
                stored = db.execute("SELECT count(*) FROM actions").fetchone()[0]
                db.close()
            except sqlite3.Error:
                stored = 0
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert stored >= 60
    db = sqlite3.connect(data / "history.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    app = start()
    record = app.history.running()
    actions = app.history.actions(record.id)
    click_button(app, app.top, "continue")
    table = app.top
    assert isinstance(table, TableScene)
    expected = replay(Variant.from_dict(record.variant), record.seed, actions)
    assert (
        table.session.state.to_json() == expected.to_json()
        and table.session.state.n_actions == len(actions)
    )


def test_history_scene_lists_newest_first_filters_and_replays_a_deal(start, tmp_path):
    history = stored_history(tmp_path)
    rotterdam = dataclasses.replace(PRESETS["rotterdam"], match_length="deals:2")
    ids = [play_recorded(history, v, seed, ["Ann", "Bob", "Cas", "Dirk"])
           for seed, v in enumerate([SHORT, rotterdam, SHORT, PRESETS["french"]])]  # fmt: skip
    french = ids[3]
    history.close()
    app = start()
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert [r.id for r in scene.records] == ids[::-1]  # newest first
    assert len(scene.listing.rows) == 4
    click_button(app, scene, "filter_french")
    scene = app.top
    assert [r.id for r in scene.records] == [french]
    click_button(app, scene, "filter_all")
    scene = app.top
    click(app, scene.listing.row_rect(1).center)  # the second newest: the short custom match
    opened = app.top
    assert isinstance(opened, MatchRecordScene) and opened.record.id == ids[2]
    state = replay(SHORT, 2, app.history.actions(ids[2]))
    assert opened.lines == list(state.sheet) and opened.deals == [1, 2]
    click_button(app, opened, "replay_2")
    shown = app.top
    assert isinstance(shown, ReplayScene) and shown.step == 0
    click_button(app, shown, "next_trick")
    press(app, pygame.K_DOWN)
    assert shown.step == 8
    deal2 = [s for s in [replay(SHORT, 2, app.history.actions(ids[2])[:n])
                         for n in range(len(app.history.actions(ids[2])))]
             if s.deal_no == 2 and len(s.tricks) == 2 and not s.trick]  # fmt: skip
    second_trick = deal2[0].tricks[1][1]
    assert [c for _, c in shown.table.model.trick] == list(second_trick)
    press(app, pygame.K_LEFT)
    assert shown.step == 7 and len(shown.table.model.trick) == 3
    press(app, pygame.K_ESCAPE)
    assert app.top is opened


def test_an_abandoned_match_shows_the_score_it_reached(start, tmp_path):
    """The history keeps totals only at a match's end; an abandoned match with scored
    deals shows the sum of those deals, not "–" (issue 36 item 8), in both games."""
    history = stored_history(tmp_path)
    starts = {
        "klaverjas": (new_match(SHORT, 4), ["Ann", "Bob", "Cas", "Dirk"]),
        "klabberjass": (new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 4), ["Ann", "Bob"]),
    }
    reached = {}
    for game, (state, players) in starts.items():
        mid = history.start_match(game, "custom", state.variant.to_dict(), 4, players)
        rng = random.Random(4)
        while len(state.sheet) < 1:  # to the first scored deal, then abandoned
            action = rng.choice(state.legal_actions())
            state, events = state.apply(action)
            history.record(mid, state.n_actions, str(action), events)
        history.abandon_running(game)
        reached[mid] = state.totals
        assert sum(state.totals) > 0
    history.close()
    app = start()
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    rows = zip(scene.records, scene.listing.rows, strict=True)
    shown = {r.id: (r.status, row[4]) for r, row in rows}
    assert shown == {mid: ("abandoned", f"{a} – {b}") for mid, (a, b) in reached.items()}


def test_statistics_scene_shows_the_history_statistics(start, tmp_path):
    history = stored_history(tmp_path)
    for seed in range(6):  # Ann, Bob and Dirk play 6 matches, Cas and Eva 3
        players = ["Ann", "Bob", "Cas", "Dirk"] if seed % 2 else ["Bob", "Ann", "Dirk", "Eva"]
        play_recorded(history, SHORT, seed, players)
    expected = history.statistics()
    history.close()
    app = start()
    click_button(app, app.top, "history")
    click_button(app, app.top, "statistics")
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    shown = {row[0]: row for row in scene.listing.rows}
    assert list(shown) == [r["name"] for r in expected]
    for r in expected:
        row = shown[r["name"]]
        assert [int(row[i]) for i in (1, 2, 4, 7, 8, 10)] == [
            r["matches"], r["won"], r["deals"], r["nat"], r["pit"], r["roem"]]  # fmt: skip
        assert float(row[11]) == r["avg_points"]
        if r["matches"] >= 5:
            assert [float(row[i]) for i in (3, 6, 9)] == [
                r["won_pct"], r["made_pct"], r["tricks_pct"]]  # fmt: skip
        else:  # too few matches for a percentage to mean anything
            assert [row[i] for i in (3, 6, 9)] == ["–", "–", "–"]
        assert row[5] == f"{r['made']} / {r['chosen']}" and row[12] == r["favourite_trump"]

    assert shown["Cas"][3] == "–" and shown["Ann"][3] != "–"  # 3 matches, 6 matches


def test_a_kraak_deal_made_by_the_kraak_team_is_not_made_for_the_chooser():
    from klaverjas_gui.store.history import MatchRecord, compute_statistics

    match = MatchRecord(1, "klaverjas", "kraken", {}, 1, ["Ann", "Bob", "Cas", "Dirk"], "", "",
                        "finished", (0, 324), 1)  # fmt: skip
    line = {"chooser": 0, "trump": "H", "kraak_level": 1, "burden_team": 1, "roem": [0, 0],
            "tricks_won": [3, 5], "pit_team": None, "scores": [0, 324]}  # fmt: skip
    rows = {r["name"]: r for r in compute_statistics([(match, [{**line, "outcome": "made"}])])}
    assert (rows["Ann"]["chosen"], rows["Ann"]["made"]) == (1, 0)  # Bob's kraak came off
    rows = {r["name"]: r for r in compute_statistics([(match, [{**line, "outcome": "nat"}])])}
    assert (rows["Ann"]["chosen"], rows["Ann"]["made"]) == (1, 1)  # the kraak team went nat
    assert rows["Bob"]["nat"] == 1 and rows["Ann"]["nat"] == 0


def test_the_history_says_you_and_against_in_the_players_language(start, tmp_path):
    """The default "You" is stored in English; the list showed it, and "v", in Dutch."""
    history = stored_history(tmp_path)
    play_recorded(history, SHORT, 1, ["You", "Henk", "Anna", "Joop"])
    history.close()
    app = start("--lang", "nl")
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert scene.listing.rows[0][3] == "Jij & Anna  tegen  Henk & Joop"


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_result_column_names_no_seat_a_klabberjass_game_lacks(start, tmp_path, lang):
    """A newcomer's Klabberjass games were listed under "Zuid & Noord": two players have
    no North. The column says whose result it is: the player's at this laptop."""
    from klaverjas_gui.i18n import tr

    history = stored_history(tmp_path)
    play_klabberjass_recorded(history, "bela", 2, ["You", "Henk"])
    history.close()
    app = start("--lang", lang)
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene) and scene.listing.rows[0][1] == "Klabberjass"
    head = scene.listing.columns[-1].title
    assert not [seat for seat in range(4) if tr(f"ui.compass_{seat}") in head], head


def test_klabberjass_games_are_listed_opened_and_counted_like_any_preset(start, tmp_path):
    history = stored_history(tmp_path)
    four = play_recorded(history, SHORT, 1, ["Ann", "Bob", "Cas", "Dirk"])
    bela = play_klabberjass_recorded(history, "bela", 2, ["Ann", "Bob"])
    klab = play_klabberjass_recorded(history, "klabberjass", 3, ["Eva", "Ann"])
    play_klabberjass_recorded(history, "bela", 4, ["Bob", "Eva"])
    expected = history.statistics("klabberjass")
    history.close()
    app = start()
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert [r.id for r in scene.records][1:] == [klab, bela, four]  # both games, newest first
    games = [row[1] for row in scene.listing.rows]
    assert games == ["Klabberjass"] * 3 + ["Klaverjas"]
    assert scene.listing.rows[1][3] == "Eva  v  Ann"
    click_button(app, scene, "filter_bela")
    scene = app.top
    assert [r.game for r in scene.records] == ["klabberjass"] * 2 and bela in [
        r.id for r in scene.records]  # fmt: skip
    click_button(app, scene, "filter_klabberjass")
    scene = app.top
    assert [r.id for r in scene.records] == [klab]
    click(app, scene.listing.row_rect(0).center)
    opened = app.top
    assert isinstance(opened, MatchRecordScene) and opened.record.id == klab
    state = app.history.restore(opened.record)
    assert state.is_over and opened.error is None
    assert opened.lines == [sheet_line(line) for line in state.sheet] and opened.lines
    assert opened.teams == ("Eva", "Ann") and "Klabberjass" in opened.subtitle()
    assert opened.deals == [line.deal_no for line in state.sheet] and "replay_1" in opened.buttons
    app.step(DT)  # the sheet and the chart draw
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "statistics")
    stats = app.top
    # it opens on the game of the newest finished match: the Klabberjass games played last
    assert isinstance(stats, StatisticsScene) and stats.game == "klabberjass"
    click_button(app, stats, "game_klaverjas")
    assert [row[0] for row in stats.listing.rows] == [r["name"] for r in app.history.statistics()]
    click_button(app, stats, "game_klabberjass")
    shown = {row[0]: row for row in stats.listing.rows}
    assert list(shown) == [r["name"] for r in expected] and stats.finished == 3
    for r in expected:
        row = shown[r["name"]]
        assert [int(row[i]) for i in (1, 2, 4, 7, 8, 10)] == [
            r["matches"], r["won"], r["deals"], r["nat"], r["pit"], r["roem"]]  # fmt: skip
        assert row[5] == f"{r['made']} / {r['chosen']}" and row[12] == r["favourite_trump"]
    click_button(app, stats, "game_klaverjas")
    assert stats.game == "klaverjas" and len(stats.listing.rows) == 4


# --- export ---
def test_export_from_the_history_scene_writes_into_the_data_folder(start, tmp_path):
    history = stored_history(tmp_path)
    data = tmp_path / "data"
    play_recorded(history, SHORT, 1, ["Ann", "Bob", "Cas", "Dirk"])
    history.close()
    app = start()
    click_button(app, app.top, "history")
    click_button(app, app.top, "export")
    [exported] = data.glob("history-*.csv")
    assert str(exported) in (app.toasts.current_text or "")
    assert len(list(csv.DictReader(exported.open()))) == 2


def test_export_history_on_the_command_line(tmp_path, capsys):
    history = stored_history(tmp_path)
    data = tmp_path / "data"
    play_recorded(history, SHORT, 1, ["Ann", "Bob", "Cas", "Dirk"])
    play_recorded(history, SHORT, 2, ["Ann", "Bob", "Cas", "Dirk"])
    history.close()
    out = tmp_path / "all.csv"
    assert main(["--export-history", str(out), "--data-dir", str(data)]) == 0
    assert len(list(csv.DictReader(out.open()))) == 4
    assert "4 deals written" in capsys.readouterr().out
    bad = tmp_path / "no" / "such" / "folder" / "x.csv"
    assert main(["--export-history", str(bad), "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("klaverjas: cannot write")
