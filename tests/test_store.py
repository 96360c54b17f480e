"""Preferences and match history: round trips, damage, migrations, kills, statistics."""

import csv
import dataclasses
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from klaverjas_gui.engine import PRESETS, new_match, replay
from klaverjas_gui.games import KLABBERJASS
from klaverjas_gui.store import prefs as prefs_mod
from klaverjas_gui.store.history import SCHEMA_VERSION, History, compute_statistics
from klaverjas_gui.store.paths import resolve

FIXTURE = Path(__file__).parent / "fixtures" / "history_v1.sql"
ROOT = Path(__file__).resolve().parent.parent


# --- preferences ---
def test_preferences_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    p = prefs_mod.Settings(animation_speed="fast", four_colour=True, language="nl", volume=0.25)
    rules = dataclasses.replace(PRESETS["rotterdam"], match_length="deals:8")
    p.games["klaverjas"] = dataclasses.replace(p.choices(), preset="custom", rules=rules)
    assert prefs_mod.save(path, p) is None
    back, notes = prefs_mod.load(path)
    assert back == p and notes == []
    assert back.rules().must_ruff == "always" and back.rules().match_length == "deals:8"
    assert json.loads(path.read_text())["schema"] == prefs_mod.SCHEMA_VERSION
    assert [f.name for f in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_missing_preferences_give_defaults_silently(tmp_path):
    assert prefs_mod.load(tmp_path / "nope.json") == (prefs_mod.Settings(), [])


@pytest.mark.parametrize("garbage", [b"{not json", b"", b"[1, 2]", b"\x00\xff\xfe garbage", b"42"])
def test_damaged_preferences_are_set_aside_and_defaults_used(tmp_path, garbage):
    path = tmp_path / "settings.json"
    path.write_bytes(garbage)
    p, notes = prefs_mod.load(path)
    assert p == prefs_mod.Settings()
    assert len(notes) == 1 and "damaged" in notes[0]
    aside = list(tmp_path.glob("settings.json.bad-*"))
    assert len(aside) == 1 and not path.exists()
    assert notes[0].endswith(f"It was kept as {aside[0].name}.")


def test_unknown_keys_ignored_and_bad_values_reset(tmp_path):
    path = tmp_path / "settings.json"
    data = {"schema": 99, "from_the_future": True, "volume": 7, "language": "nl",
            "animation_speed": "warp", "seats": [{"name": "x"}], "show_legal": False}  # fmt: skip
    path.write_text(json.dumps(data))
    p, notes = prefs_mod.load(path)
    assert p.language == "nl" and p.show_legal is False
    assert p.volume == prefs_mod.Settings().volume and p.animation_speed == "normal"
    assert len(notes) == 1 and all(k in notes[0] for k in ("volume", "animation_speed", "seats"))


def test_settings_of_schema_1_keep_their_choices(tmp_path):
    path = tmp_path / "settings.json"
    old = {"schema": 1, "play_input": "drag", "auto_claim": True, "preset": "custom"}
    path.write_text(json.dumps(old))
    s, notes = prefs_mod.load(path)
    assert notes == [] and s.play_gesture == "drag" and s.auto_roem_claim is True


def test_seats_need_a_name_and_any_seat_may_be_a_person():
    s = prefs_mod.Settings()
    assert s.set_seat(1, kind="human") and not s.set_seat(2, name="  ")  # hot-seat
    assert s.set_seat(0, kind="hard") and s.seat_plan()[0] == ("You", "hard")
    assert s.set_seat(3, name="Bep") and s.seat_plan()[3][0] == "Bep"


def test_klabberjass_has_its_own_two_seats():
    s = prefs_mod.Settings()
    kj = KLABBERJASS
    assert s.seat_plan(kj) == [("You", "human"), ("Henk", "easy")]
    assert s.set_seat(1, kind="human", game=kj) and s.set_seat(1, name="Bep", game=kj)
    assert s.seat_plan(kj)[1] == ("Bep", "human") and s.seat_plan()[1] == ("Henk", "easy")
    stored = s.to_dict()
    loaded, notes = prefs_mod.from_dict({**stored, "klabberjass_seats": stored["seats"]})
    assert loaded.seat_plan(kj) == [("You", "human"), ("Henk", "easy")] and notes  # 4 seats: bad
    again, notes = prefs_mod.from_dict(s.to_dict())
    assert again.seat_plan(kj) == [("You", "human"), ("Bep", "human")] and not notes


def test_preferences_on_a_read_only_place_give_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    msg = prefs_mod.save(blocker / "settings.json", prefs_mod.Settings())
    assert msg and "could not be saved" in msg


def test_portable_mode_keeps_everything_in_one_folder(tmp_path):
    paths = resolve(tmp_path / "stick")
    assert paths.settings.parent == paths.history.parent == tmp_path / "stick"
    default = resolve()
    assert "klaverjas" in str(default.settings) and "klaverjas" in str(default.history)


# --- history ---
def play_recorded(history, variant, seed, players, stop=None):
    """Play random actions, recording each one as the table does."""
    mid = history.start_match("klaverjas", "amsterdam", variant.to_dict(), seed, players)
    rng = random.Random(seed)
    s = new_match(variant, seed)
    while not s.is_over and (stop is None or s.n_actions < stop):
        a = rng.choice(s.legal_actions())
        s, events = s.apply(a)
        history.record(mid, s.n_actions, str(a), events)
    return mid, s


SHORT = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")


def test_history_stores_matches_newest_first_and_replays_each_deal(tmp_path):
    h = History(tmp_path / "h.sqlite")
    assert h.persistent and h.messages == []
    first, s1 = play_recorded(h, SHORT, 1, ["A", "B", "C", "D"])
    second, s2 = play_recorded(h, SHORT, 2, ["A", "E", "C", "D"])
    records = h.matches()
    assert [r.id for r in records] == [second, first]
    assert records[0].status == "finished" and records[0].totals == s2.totals
    lines = h.deal_lines(first)
    assert [ln["scores"] for ln in lines] == [list(x.score.scores) for x in s1.sheet]
    assert replay(SHORT, 1, h.actions(first)) == s1
    assert h.matches(preset="rotterdam") == []


def test_running_match_is_resumed_at_the_exact_position(tmp_path):
    path = tmp_path / "h.sqlite"
    h = History(path)
    mid, s = play_recorded(h, PRESETS["amsterdam"], 5, ["A", "B", "C", "D"], stop=77)
    h.close()
    record, state = History(path).resume()
    assert record.id == mid and state == s and state.to_json() == s.to_json()


def test_starting_a_new_match_abandons_the_running_one(tmp_path):
    h = History(tmp_path / "h.sqlite")
    old, _ = play_recorded(h, PRESETS["amsterdam"], 5, list("ABCD"), stop=10)
    new, _ = play_recorded(h, PRESETS["amsterdam"], 6, list("ABCD"), stop=3)
    assert h.running().id == new and h.match(old).status == "abandoned"


def test_migration_from_schema_version_1(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(FIXTURE.read_text())
    db.close()
    h = History(path)
    assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [m.id for m in h.matches()] == [2, 1]
    assert all(m.game == "klaverjas" and m.status == "finished" for m in h.matches())
    record, state = h.resume()
    assert record.id == 3 and state.n_actions == 57 and state.deal_no == 2
    stats = {r["name"]: r for r in h.statistics()}
    assert stats["Anna"]["matches"] == 2 and stats["Eva"]["matches"] == 1
    assert h.integrity_ok()


def test_a_garbage_history_file_is_set_aside(tmp_path):
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    h = History(path)
    assert h.persistent and len(h.messages) == 1 and "damaged" in h.messages[0]
    assert len(list(tmp_path.glob("history.sqlite.bad-*"))) == 1
    play_recorded(h, SHORT, 1, list("ABCD"))
    assert len(h.matches()) == 1


def test_a_history_from_a_newer_version_is_refused_and_never_written(tmp_path):
    path = tmp_path / "history.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    before = path.read_bytes()
    h = History(path)
    assert not h.persistent and "newer version" in h.messages[0]
    play_recorded(h, SHORT, 1, list("ABCD"))  # plays on, in memory
    assert len(h.matches()) == 1
    h.close()
    assert path.read_bytes() == before


def test_an_unwritable_data_folder_keeps_history_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    h = History(blocker / "history.sqlite")
    assert not h.persistent and "kept in memory" in h.messages[0]
    mid, s = play_recorded(h, SHORT, 3, list("ABCD"))
    assert h.match(mid).totals == s.totals


def test_a_full_disk_warns_once_and_the_game_goes_on(tmp_path):
    h = History(tmp_path / "h.sqlite")
    page_count = h.db.execute("PRAGMA page_count").fetchone()[0]
    h.db.execute(f"PRAGMA max_page_count = {page_count + 1}")  # the disk is now "full"
    mid, s = play_recorded(h, PRESETS["amsterdam"], 4, list("ABCD"), stop=400)
    assert s.n_actions == 400
    assert len(h.messages) == 1 and "could not be saved" in h.messages[0]
    assert h.integrity_ok()


def test_export_csv_has_a_row_per_deal(tmp_path):
    h = History(tmp_path / "h.sqlite")
    play_recorded(h, SHORT, 1, list("ABCD"))
    play_recorded(h, SHORT, 2, list("ABCD"))
    out = tmp_path / "out.csv"
    assert h.export_csv(out) == (4, 0)  # (rows, damaged matches left out)
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and rows[0]["match"] == "1"
    assert rows[0]["outcome"] in ("made", "nat", "pit", "litige")


def test_statistics_equal_a_recomputation_from_the_stored_actions(tmp_path):
    h = History(tmp_path / "h.sqlite")
    names = [["Anna", "Bram", "Cor", "Daan"], ["Bram", "Anna", "Daan", "Cor"]]
    for seed in range(6):
        play_recorded(h, SHORT, seed, names[seed % 2])
    stored = h.statistics()
    # recompute: replay every match from its actions and score lines from the engine
    pairs = []
    for m in h.matches():
        state = replay(SHORT, m.seed, h.actions(m.id))
        pairs.append((dataclasses.replace(m, winner=state.winner),
                      [line.to_dict() for line in state.sheet]))  # fmt: skip
    assert stored == compute_statistics(pairs)
    anna = next(r for r in stored if r["name"] == "Anna")
    assert anna["matches"] == 6 and anna["deals"] == 12
    assert 0 <= anna["tricks_pct"] <= 100 and anna["favourite_trump"] in ("", "C", "D", "H", "S")
    total_won = sum(r["won"] for r in stored)
    assert total_won == 2 * sum(m.winner is not None for m in h.matches())


CHILD = """
import random, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from klaverjas_gui.games import get_game
from klaverjas_gui.store.history import History
h = History(Path({path!r}))
seed = {seed}
game = get_game({game!r})
resumed = h.resume()
if resumed:
    mid, s = resumed[0].id, resumed[1]
else:
    v = game.presets[game.default_preset]
    names = list("ABCD")[: game.players]
    mid = h.start_match(game.name, game.default_preset, v.to_dict(), seed, names)
    s = game.new_state(v, seed)
rng = random.Random(seed * 7919 + s.n_actions)
print("start", s.n_actions, flush=True)
while not s.is_over:
    a = rng.choice(s.legal_actions())
    s, events = s.apply(a)
    h.record(mid, s.n_actions, str(a), events)
    print("saved", s.n_actions, flush=True)
    time.sleep(0.002)  # a real game is slower; without it the match may end before the kill
print("over", flush=True)
"""


def kill_and_restart(path, seed, kills, rng, game="klaverjas"):
    """Kill the game with SIGKILL at random moments; every restart continues where it was."""
    last_saved = 0
    for _ in range(kills):
        code = CHILD.format(root=str(ROOT), path=str(path), seed=seed, game=game)
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        first = child.stdout.readline().split()
        assert first[0] == "start"
        assert int(first[1]) >= last_saved  # nothing committed was lost
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        if "over" in out.split():  # the test was starved so long that the match ended first
            assert History(path).resume() is None
            return None
        done = out.split("\n")[:-1]  # the last piece may be a line the kill cut short
        saved = [int(line.split()[1]) for line in done if line.startswith("saved")]
        last_saved = max([last_saved, int(first[1]), *saved])
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
    record, state = History(path).resume()
    # at most the action in flight is lost
    assert last_saved <= state.n_actions <= last_saved + 1
    return state


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("game", ["klaverjas", "kalabriasz"])
def test_sigkill_mid_match_then_restart_continues_at_the_same_position(tmp_path, game):
    kill_and_restart(tmp_path / "h.sqlite", 12, kills=5, rng=random.Random(1), game=game)


def test_a_klabberjass_game_is_stored_resumed_and_counted(tmp_path):
    from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass

    v = KLABBERJASS_PRESETS["bela"]
    h = History(tmp_path / "h.sqlite")
    mid = h.start_match("klabberjass", "bela", v.to_dict(), 8, ["Anna", "Bram"])
    rng = random.Random(8)
    s = new_klabberjass(v, 8)
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        s, events = s.apply(a)
        h.record(mid, s.n_actions, str(a), events)
        if s.n_actions == 30:
            assert h.resume()[1] == s
    assert h.match(mid).status == "finished" and h.match(mid).totals == s.totals
    stats = {r["name"]: r for r in h.statistics("klabberjass")}
    assert stats["Anna"]["deals"] == len(s.sheet) == stats["Bram"]["deals"]
    assert stats["Anna"]["won"] + stats["Bram"]["won"] == 1


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE"}, "nl"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr-CA"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "nl_NL.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_FR", "LC_MESSAGES": "fr_FR", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "fr_FR", "LC_ALL": ""}, "fr"),  # an empty variable counts as unset
    ],
)
def test_system_language_from_the_posix_locale_variables(environ, expected):
    assert prefs_mod.system_language(environ) == expected


def test_first_start_speaks_the_systems_language_and_a_stored_choice_wins(
    make_app, monkeypatch, tmp_path
):
    from klaverjas_gui import i18n

    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    app = make_app(first_frame=True)  # no settings file yet
    assert app.settings.language == "nl" and i18n.language() == "nl"
    app.settings.language = "en"  # the player chooses English: kept, whatever the system says
    app.save_settings()
    app.close()
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    again = make_app(first_frame=True)
    assert again.settings.language == "en" and i18n.language() == "en"
