"""The history's writing, export and hostile rows (issue 16: items 2, 3, 6 and 13).

Another process holds the write lock while moves are recorded; exports aim at the
history itself or are killed midway; rows are edited into nonsense with raw sqlite3;
player names try to become spreadsheet formulas. Nothing may be lost or crash.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from uitest import DT, click, click_button

from klaverjas_gui.app import main
from klaverjas_gui.engine import PRESETS, StateError, new_match, replay
from klaverjas_gui.store.history import History, writing
from klaverjas_gui.store.session import Store
from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene
from klaverjas_gui.ui.stats import StatisticsScene

ROOT = Path(__file__).resolve().parent.parent
SHORT = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")
PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]

# Holds the history's write lock (BEGIN IMMEDIATE) until a line arrives on stdin.
HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


class Holder:
    """A second real process holding the write lock of the database at `path`."""

    def __init__(self, path: Path) -> None:
        cmd = [sys.executable, "-c", HOLDER, str(path)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def release(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.write("go\n")
            self.proc.stdin.close()
        assert self.proc.wait(timeout=10) == 0


def stored_actions(path: Path, mid: int) -> list[str]:
    """What a fresh reader finds on disk for one match, asserting there is no gap."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT seq, action FROM actions WHERE match_id = ? ORDER BY seq",
                          (mid,)).fetchall()  # fmt: skip
    finally:
        db.close()
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1)), "a gap in the moves"
    return [a for _, a in rows]


def random_moves(seed: int):
    """(state after, action, events) of random legal actions through a whole short match."""
    rng = random.Random(seed)
    state = new_match(SHORT, seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        yield state, str(action), events


def timed_record(h: History, mid: int, state, action: str, events) -> None:
    began = time.perf_counter()
    h.record(mid, state.n_actions, action, events)
    assert time.perf_counter() - began < 0.5, "the table froze on a held lock"


def busy_messages(h: History) -> list[str]:
    return [m for m in h.messages if "holding the match history" in m]


# --- 2. another program holds the write lock ---
def test_moves_during_a_held_lock_wait_in_memory_and_are_written_in_order(tmp_path):
    path = tmp_path / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 3, PLAYERS)
    moves = random_moves(3)
    played = []
    for _ in range(5):
        state, action, events = next(moves)
        timed_record(h, mid, state, action, events)
        played.append(action)
    holder = Holder(path)
    try:
        for _ in range(40):  # far longer than the busy timeout, in all
            state, action, events = next(moves)
            timed_record(h, mid, state, action, events)
            played.append(action)
        assert stored_actions(path, mid) == played[:5]  # nothing written while held...
        assert h.actions(mid) == played  # ...but a take-back or review sees every move
        assert len(busy_messages(h)) == 1 and len(h.messages) == 1  # told once
    finally:
        holder.release()
    state, action, events = next(moves)
    timed_record(h, mid, state, action, events)  # the next move writes the queue first
    played.append(action)
    assert stored_actions(path, mid) == played and h.actions(mid) == played
    assert replay(SHORT, 3, stored_actions(path, mid)) == state
    assert len(h.messages) == 1  # catching up is no message
    h.close()


def test_a_match_started_and_finished_under_a_lock_is_written_at_close(tmp_path):
    path = tmp_path / "history.sqlite"
    h = History(path)
    old = h.start_match("klaverjas", "custom", SHORT.to_dict(), 1, PLAYERS)
    holder = Holder(path)
    try:
        mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 4, PLAYERS)
        assert mid is not None
        for state, action, events in random_moves(4):
            timed_record(h, mid, state, action, events)
        assert len(h.actions(mid)) == state.n_actions
        threading.Timer(0.4, holder.release).start()  # lets go while close() waits
        h.close()
    finally:
        holder.proc.wait(timeout=10)
    assert not any("lost" in m for m in h.messages)
    again = History(path)
    [record] = [m for m in again.matches() if m.seed == 4]
    assert again.match(old).status == "abandoned"
    assert record.status == "finished" and record.totals == state.totals
    assert replay(SHORT, 4, stored_actions(path, record.id)) == state
    assert len(again.deal_lines(record.id)) == len(state.sheet)
    again.close()


def test_close_says_so_when_the_lock_outlasts_its_last_wait(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(writing, "CLOSE_BUSY_MS", 100)
    path = tmp_path / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 5, PLAYERS)
    holder = Holder(path)
    try:
        moves = random_moves(5)
        for _ in range(3):
            timed_record(h, mid, *next(moves))
        with caplog.at_level(logging.WARNING):
            h.close()
    finally:
        holder.release()
    assert "3 moves could not be written" in h.messages[-1]
    assert any("3 moves could not be written" in r.getMessage() for r in caplog.records)


# --- 3. export onto our own files, and killed during an export ---
def record_matches(path: Path, seeds, players=PLAYERS, preset: str = "custom") -> History:
    h = History(path)
    for seed in seeds:
        mid = h.start_match("klaverjas", preset, SHORT.to_dict(), seed, players)
        for state, action, events in random_moves(seed):
            h.record(mid, state.n_actions, action, events)
    return h


@pytest.mark.parametrize("kind", ["history", "wal", "shm", "settings", "hard link", "symlink"])
def test_an_export_onto_the_history_or_settings_is_refused(tmp_path, capsys, kind):
    data = tmp_path / "data"
    data.mkdir()
    history = data / "history.sqlite"
    record_matches(history, [1, 2]).close()
    store = Store(data)
    store.save_settings()
    store.close()
    target = {
        "history": history,
        "wal": data / "history.sqlite-wal",
        "shm": data / "history.sqlite-shm",
        "settings": data / "settings.json",
        "hard link": tmp_path / "link.csv",
        "symlink": tmp_path / "sym.csv",
    }[kind]
    if kind == "hard link":
        os.link(history, target)
    elif kind == "symlink":
        target.symlink_to(history)
    settings_before = (data / "settings.json").read_bytes()
    assert main(["--export-history", str(target), "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"klaverjas: cannot write {target}:")
    assert "the game's own" in err
    h = History(history)
    assert len(h.matches()) == 2 and h.integrity_ok() and h.messages == []
    h.close()
    assert (data / "settings.json").read_bytes() == settings_before


@pytest.mark.parametrize(
    "spelling",
    ["lock", "log", "folder", "bak", "set aside", "dotdot", "relative", "linked folder",
     "link to lock", "hard link to log", "no suffix"],
)  # fmt: skip
def test_an_export_onto_any_file_of_the_data_folder_is_refused(tmp_path, capsys, monkeypatch,
                                                               spelling):  # fmt: skip
    """Issue 35, item 3: onto klaverjas.lock the rename gave the lock path a new file (a
    second copy then started), onto klaverjas.log it replaced the log."""
    data = tmp_path / "data"
    data.mkdir()
    record_matches(data / "history.sqlite", [1]).close()
    (data / "sub").mkdir()
    mine = {"klaverjas.lock": b"4242\n", "klaverjas.log": b"the log\n",
            "settings.json.bak": b"{}", "history.sqlite.bad-20260101-000000": b"old",
            "notes": b"not ours, not an export"}  # fmt: skip
    for name, content in mine.items():
        (data / name).write_bytes(content)
    (tmp_path / "alias").symlink_to(data)
    monkeypatch.chdir(tmp_path)
    target = {
        "lock": str(data / "klaverjas.lock"),
        "log": str(data / "klaverjas.log"),
        "folder": str(data),
        "bak": str(data / "settings.json.bak"),
        "set aside": str(data / "history.sqlite.bad-20260101-000000"),
        "dotdot": str(data / "sub" / ".." / "klaverjas.lock"),
        "relative": "data/klaverjas.lock",
        "linked folder": str(tmp_path / "alias" / "klaverjas.log"),
        "link to lock": str(tmp_path / "lock.csv"),
        "hard link to log": str(tmp_path / "log.csv"),
        "no suffix": str(data / "notes"),
    }[spelling]
    if spelling == "link to lock":
        Path(target).symlink_to(data / "klaverjas.lock")
    elif spelling == "hard link to log":
        os.link(data / "klaverjas.log", target)
    before = {name: (data / name).stat().st_ino for name in mine}
    assert main(["--export-history", target, "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"klaverjas: cannot write {target}:")
    assert "the game's own" in err and "choose another file" in err
    assert {name: (data / name).stat().st_ino for name in mine} == before
    assert all((data / name).read_bytes() == content for name, content in mine.items())
    assert not [p for p in data.iterdir() if p.suffix == ".tmp" or p.name.startswith(".")]
    # a .csv file in the data folder (an earlier export, the default place) is still fine
    assert main(["--export-history", str(data / "mine.csv"), "--data-dir", str(data)]) == 0


def big_history(data: Path, copies: int) -> None:
    """`copies` finished matches of two deals each, copied with raw SQL from a played one."""
    record_matches(data / "history.sqlite", [7]).close()
    db = sqlite3.connect(data / "history.sqlite")
    with db:
        for _ in range(copies):
            cur = db.execute("INSERT INTO matches (started, ended, variant, seed, players, totals,"
                             " winner, game, preset, status) SELECT started, ended, variant, seed,"
                             " players, totals, winner, game, preset, status FROM matches"
                             " WHERE id = 1")  # fmt: skip
            db.execute("INSERT INTO deals SELECT ?, deal_no, line FROM deals WHERE match_id = 1",
                       (cur.lastrowid,))  # fmt: skip
    db.close()


EXPORTER = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from klaverjas_gui.store.session import Store
store = Store(Path({data!r}))
print("go", flush=True)
store.export_history(Path({target!r}))
print("done", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_an_export_killed_midway_leaves_the_previous_file_or_the_whole_new_one(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    big_history(data, 4000)  # 8002 deal rows
    reference = tmp_path / "reference.csv"
    began = time.perf_counter()
    store = Store(data)
    assert store.export_history(reference)[1] == 8002
    took = time.perf_counter() - began
    store.close()
    complete = reference.read_bytes()
    target = tmp_path / "export.csv"
    previous = b"match,started\r\n1,the export of last week\r\n"
    rng = random.Random(16)
    outcomes = []
    for delay in [0.05, *(rng.uniform(0.1, 0.9) for _ in range(3))]:  # one surely midway
        target.write_bytes(previous)
        code = EXPORTER.format(root=str(ROOT), data=str(data), target=str(target))
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "go"
        time.sleep(delay * took)
        child.send_signal(signal.SIGKILL)
        child.communicate()
        after = target.read_bytes()
        assert after in (previous, complete), f"a torn export of {len(after)} bytes"
        outcomes.append(after == complete)
    assert not all(outcomes), "no kill landed during an export: make the history bigger"


# --- 6. rows edited by hand ---
BAD_ROWS = {  # column -> a hand-edited value that makes the match unreadable
    "players": "Ann, Bob, Cas, Dirk",  # not JSON
    "totals": '{"us": 162}',  # not a list
    "variant": "[1, 2]",  # not a mapping
    "seed": "twelve",  # text where a number is expected
    "winner": "us",
    "preset": b"\x00\xff",  # a blob where text is expected
    "game": b"\x01",  # no game of ours, not even text: listed as damaged all the same
}
BAD_LINES = ["{}", "not json", "[1, 2]", '{"chooser": 0, "trump": "H", "outcome": "made"}']


def damage(path: Path) -> list[int]:
    """Copies of match 1 with one bad cell or one bad score line each; their ids."""
    db = sqlite3.connect(path)
    cols = "started, ended, variant, seed, players, totals, winner, game, preset, status"
    ids = []
    with db:
        for col, value in BAD_ROWS.items():
            cur = db.execute(
                f"INSERT INTO matches ({cols}) SELECT {cols} FROM matches WHERE id = 1"
            )
            db.execute(f"UPDATE matches SET {col} = ? WHERE id = ?", (value, cur.lastrowid))
            ids.append(cur.lastrowid)
        for line in BAD_LINES:
            cur = db.execute(
                f"INSERT INTO matches ({cols}) SELECT {cols} FROM matches WHERE id = 1"
            )
            db.execute("INSERT INTO deals SELECT ?, deal_no, line FROM deals WHERE match_id = 1",
                       (cur.lastrowid,))  # fmt: skip
            db.execute("UPDATE deals SET line = ? WHERE match_id = ? AND deal_no = 2",
                       (line, cur.lastrowid))  # fmt: skip
            ids.append(cur.lastrowid)
        for mid in ids:
            db.execute("INSERT INTO actions SELECT ?, seq, action FROM actions WHERE match_id = 1",
                       (mid,))  # fmt: skip
    db.close()
    return ids


def test_hand_edited_rows_are_flagged_and_left_out_and_the_rest_stays_usable(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    h = record_matches(data / "history.sqlite", [1, 2, 3])
    good_stats = h.statistics()
    good = {m.id for m in h.matches()}
    h.close()
    bad = damage(data / "history.sqlite")
    h = History(data / "history.sqlite")
    records = {m.id: m for m in h.matches()}
    assert set(records) == good | set(bad)
    assert {i for i, m in records.items() if m.damaged} == set(bad[: len(BAD_ROWS)])
    assert h.statistics() == good_stats
    out = tmp_path / "out.csv"
    assert h.export_csv(out) == (6, len(bad))
    assert {row["match"] for row in csv.DictReader(out.open())} == {str(i) for i in good}
    for mid in bad[: len(BAD_ROWS)]:
        with pytest.raises(StateError):
            h.restore(records[mid])
    h.close()
    assert main(["--export-history", str(out), "--data-dir", str(data)]) == 0
    said = capsys.readouterr().out
    assert said.strip().endswith(f"6 deals written to {out}; {len(bad)} damaged matches left out")


def test_history_and_statistics_screens_show_damaged_matches_without_crashing(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    h = record_matches(data / "history.sqlite", [1, 2])
    expected = [r["name"] for r in h.statistics()]
    h.close()
    bad = damage(data / "history.sqlite")
    app = functools.partial(make_app, first_frame=True)()
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert len(scene.records) == 2 + len(bad)
    row = next(i for i, r in enumerate(scene.records) if r.damaged)
    assert scene.listing.rows[row][-1] == "damaged"
    click(app, scene.listing.row_rect(row).center)
    opened = app.top
    assert isinstance(opened, MatchRecordScene) and opened.record.damaged
    assert opened.error and "damaged" in opened.error and opened.deals == []
    app.step(DT)
    click_button(app, opened, "back")
    click_button(app, app.top, "export")
    assert f"Damaged matches left out: {len(bad)}" in (app.toasts.current_text or "")
    click_button(app, app.top, "statistics")
    stats = app.top
    assert isinstance(stats, StatisticsScene)
    assert [row[0] for row in stats.listing.rows] == expected
    app.step(DT)


# --- 13. CSV injection ---
def test_text_cells_that_a_spreadsheet_would_run_are_exported_as_text(tmp_path):
    evil = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]
    h = History(tmp_path / "history.sqlite")
    for seed, name in enumerate(evil):
        mid = h.start_match("klaverjas", "=1+1", SHORT.to_dict(), seed, [name, "Bob", "Cas", "D"])
        for state, action, events in random_moves(seed):
            h.record(mid, state.n_actions, action, events)
    out = tmp_path / "out.csv"
    h.export_csv(out)
    rows = list(csv.DictReader(out.open(newline="")))
    assert len(rows) == 12
    assert sorted({r["players"] for r in rows}) == sorted(f"'{n} / Bob / Cas / D" for n in evil)
    assert {r["preset"] for r in rows} == {"'=1+1"}
    for r in rows:
        assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in r.values())
        assert int(r["match"]) and int(r["score_team0"]) >= 0 and int(r["deal"]) in (1, 2)
    h.close()


@pytest.mark.parametrize("kind", ["a file", "missing", "under a file"])
def test_an_export_from_a_data_folder_that_is_not_one_says_so(tmp_path, capsys, kind):
    """A mistyped --data-dir: the export used to write an empty CSV and exit 0 ("0 deals
    written"), making a missing folder on the way, as if the player had no matches; now
    one line says there is no data folder there, status 2, and nothing is made."""
    (tmp_path / "afile").write_text("not a folder")
    data = {"a file": tmp_path / "afile", "missing": tmp_path / "no" / "such",
            "under a file": tmp_path / "afile" / "sub"}[kind]  # fmt: skip
    target = tmp_path / "out.csv"
    assert main(["--export-history", str(target), "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("klaverjas: argument --data-dir:"), err
    assert "is not a folder" in err or "no folder there" in err
    assert not target.exists() and not (tmp_path / "no").exists()
