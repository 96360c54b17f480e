"""Moves the history cannot take are never dropped (issue 35, item 1).

Another program holds the history's write lock from before a match until after the game
quits, or the disk is full: the moves wait in memory, are kept in history.sqlite.journal
(every KEEP_SECONDS and at quit), and the next start writes them into the history before
anything else, once. A journal written twice changes nothing; one that is damaged or does
not belong to the history is set aside with a message.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tmpfs
from test_history_write import PLAYERS, SHORT, Holder, random_moves, stored_actions

from klaverjas_gui.store import journal
from klaverjas_gui.store.history import History, opening, schema, writing
from klaverjas_gui.store.session import export_command

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def rows(path: Path, sql: str, *args) -> list[tuple]:
    """What a fresh reader (another program) finds in the history at `path`."""
    db = sqlite3.connect(path, timeout=10)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def the_game(data: Path, *argv: str) -> subprocess.CompletedProcess:
    """The real program on `data`, headless, playing at top speed until its frames are up."""
    cmd = [sys.executable, "-m", "klaverjas_gui", "--speed", "instant", "--size", "1024x600",
           "--data-dir", str(data), *argv]  # fmt: skip
    return subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)


MATCH = ["--seed", "21", "--rule", "match_length=deals:2", "--frames", "3000"]


# --- the case: a backup tool holds the lock through a whole match and the quit ---
@pytest.mark.slow(40)
def test_a_lock_held_through_a_whole_match_and_the_quit_loses_no_move(tmp_path):
    reference = tmp_path / "reference"
    assert the_game(reference, *MATCH).returncode == 0
    [(ref_id, ref_totals)] = rows(reference / "history.sqlite", "SELECT id, totals FROM matches")
    expected = stored_actions(reference / "history.sqlite", ref_id)

    data = tmp_path / "data"
    History(data / "history.sqlite").close()  # a history to hold, as after an earlier start
    holder = Holder(data / "history.sqlite")  # a real second connection: BEGIN IMMEDIATE
    try:
        played = the_game(data, *MATCH)  # the whole match and the quit under the lock
        assert played.returncode == 0, played.stderr
    finally:
        holder.release()
    history = data / "history.sqlite"
    assert rows(history, "SELECT COUNT(*) FROM matches") == [(0,)]  # nothing got through...
    kept = journal.path_for(history)
    assert kept.is_file()  # ...all of it is kept, and the quit said so and where
    assert f"{len(expected)} moves could not be written" in played.stderr
    assert str(kept) in played.stderr and "lost" not in played.stderr

    again = the_game(data, "--frames", "2")  # the next start
    assert again.returncode == 0, again.stderr
    [(mid, status, totals)] = rows(history, "SELECT id, status, totals FROM matches")
    assert (status, totals) == ("finished", ref_totals)  # the result is stored
    assert stored_actions(history, mid) == expected  # 0 moves lost, none twice
    assert not kept.exists()
    h = History(history)
    state = h.restore(h.match(mid))  # the stored moves replay to the stored result
    assert state.is_over and list(state.totals) == json.loads(totals)
    h.close()


# --- the journal itself ---
def play_under_a_lock(path: Path, seeds=(4,), before: int = 5) -> tuple[History, dict]:
    """A history where `before` moves of a first match are stored, then a lock is taken and
    that match and the matches of `seeds` are played to the end. Returns the history (not
    closed) and per match id (or stand-in) its actions and final state."""
    h = History(path)
    first = h.start_match("klaverjas", "custom", SHORT.to_dict(), 3, PLAYERS)
    moves = list(random_moves(3))
    for state, action, events in moves[:before]:
        h.record(first, state.n_actions, action, events)
    holder = Holder(path)
    played = {first: ([a for _, a, _ in moves], moves[-1][0])}
    try:
        for state, action, events in moves[before:]:
            h.record(first, state.n_actions, action, events)
        for seed in seeds:
            mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), seed, PLAYERS)
            game = list(random_moves(seed))
            for state, action, events in game:
                h.record(mid, state.n_actions, action, events)
                h.record_decision(mid, state.n_actions, 0, "lead", "", 0.5, action, action)
            played[mid] = ([a for _, a, _ in game], game[-1][0])
        writing.CLOSE_BUSY_MS = 50
        h.close()
    finally:
        writing.CLOSE_BUSY_MS = 3000
        holder.release()
    return h, played


def finished(path: Path) -> list[tuple]:
    return rows(path, "SELECT id, seed, status, totals FROM matches ORDER BY id")


def test_the_next_start_writes_the_journal_in_first_and_says_so_once(tmp_path):
    path = tmp_path / "history.sqlite"
    h, played = play_under_a_lock(path, seeds=(4, 5))
    moves = sum(len(actions) for actions, _ in played.values()) - 5
    assert f"{moves} moves could not be written" in h.messages[-1]
    assert journal.path_for(path).is_file()

    again = History(path)
    assert again.messages == [
        f"{moves} moves that could not be written when the game last ended were kept in "
        "history.sqlite.journal; they are now in the match history."
    ]
    assert not journal.path_for(path).exists()
    stored = {seed: (mid, status) for mid, seed, status, _ in finished(path)}
    assert [status for _, status in stored.values()] == ["finished"] * 3
    for seed in (3, 4, 5):
        mid = stored[seed][0]
        actions, state = next(p for p in played.values() if p[1].seed == seed)
        assert stored_actions(path, mid) == actions
        assert again.match(mid).totals == state.totals
        assert len(again.deal_lines(mid)) == len(state.sheet)
    seed_5 = next(actions for actions, state in played.values() if state.seed == 5)
    assert len(again.decisions(stored[5][0])) == len(seed_5)
    again.close()
    assert History(path).messages == []  # said once


def test_a_journal_written_twice_changes_nothing(tmp_path):
    """A kill between storing the journal's writes and deleting it: the next start finds
    the journal again. Nothing is stored twice, and an abandon in it ends no match that
    it started later."""
    path = tmp_path / "history.sqlite"
    h = History(path)
    h.start_match("klaverjas", "custom", SHORT.to_dict(), 1, PLAYERS)  # running, stored
    holder = Holder(path)
    try:
        h.abandon_running("klaverjas")  # a practice match: the stored one is abandoned
        mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 2, PLAYERS, abandon=False)
        game = list(random_moves(2))[:20]  # left running
        for state, action, events in game:
            h.record(mid, state.n_actions, action, events)
        writing.CLOSE_BUSY_MS = 50
        h.close()
    finally:
        writing.CLOSE_BUSY_MS = 3000
        holder.release()
    kept = journal.path_for(path).read_bytes()
    History(path).close()
    before = finished(path)
    assert [(seed, status) for _, seed, status, _ in before] == [(1, "abandoned"),
                                                                (2, "running")]  # fmt: skip
    journal.path_for(path).write_bytes(kept)  # as if killed before it was deleted
    again = History(path)
    assert finished(path) == before
    assert rows(path, "SELECT COUNT(*) FROM actions") == [(20,)]
    assert again.resume("klaverjas")[1] == game[-1][0]  # the running match replays
    again.close()


@pytest.mark.parametrize("damage", ["cut", "flipped", "garbage", "edited", "foreign", "empty"])
def test_a_damaged_journal_is_set_aside_with_a_message_and_the_history_stays(tmp_path, damage):
    path = tmp_path / "history.sqlite"
    h, _ = play_under_a_lock(path)
    where = journal.path_for(path)
    raw = where.read_bytes()
    if damage == "cut":
        raw = raw[: len(raw) // 2]
    elif damage == "flipped":
        raw = raw.replace(b'"pass"', b'"paSs"', 1)
    elif damage == "garbage":
        raw = os.urandom(5000)
    elif damage == "empty":
        raw = b""
    elif damage in ("edited", "foreign"):  # well formed, checksum and all, but not sense
        lines = [json.loads(line) for line in raw.splitlines()[1:-1]]
        if damage == "edited":
            lines[3]["seq"] = "12"
        else:  # a history that was replaced since: the match it writes to is not there
            lines = [{**op, "match": 99} for op in lines if op["op"] == "move"]
        raw = journal.dump(lines)
    where.write_bytes(raw)
    before = finished(path)
    again = History(path)
    assert finished(path) == before and again.persistent
    [message] = again.messages
    assert "could not be used" in message and "history.sqlite.journal.bad-" in message
    [aside] = tmp_path.glob("history.sqlite.journal.bad-*")
    assert aside.read_bytes() == raw and not where.exists()
    again.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_as_journal_does_not_hang_the_start(tmp_path):
    path = tmp_path / "history.sqlite"
    History(path).close()
    os.mkfifo(journal.path_for(path))
    child = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from klaverjas_gui.store.history import History; "
         "print(History(Path(sys.argv[1])).messages)", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert child.returncode == 0, child.stderr
    assert "cannot be used (history.sqlite.journal is not a regular file)" in child.stdout
    assert journal.path_for(path).is_fifo()  # left as it is


def test_an_export_beside_the_game_leaves_the_games_journal_alone(tmp_path):
    """The game may be open, its moves waiting: only it may write its journal in."""
    path = tmp_path / "history.sqlite"
    play_under_a_lock(path)
    kept = journal.path_for(path).read_bytes()
    assert export_command(tmp_path / "out.csv", tmp_path) == 0
    assert journal.path_for(path).read_bytes() == kept
    assert rows(path, "SELECT COUNT(*) FROM actions") == [(5,)]


def test_the_journal_refuses_what_is_not_a_write_of_ours():
    good = {"op": "move", "match": 3, "seq": 1, "action": "pass", "deals": [], "over": []}
    assert journal.parse(journal.dump([good])) == [good]
    bad = [
        {**good, "match": -1},  # a stand-in no start in the journal made
        {**good, "seq": 0},
        {**good, "action": None},
        {**good, "extra": 1},
        {**good, "op": "drop"},
        {**good, "deals": [[1, 2]]},
        {"op": "abandon", "game": 3},
        {**good, "match": True},
    ]
    for op in bad:
        with pytest.raises(journal.Damaged):
            journal.parse(journal.dump([op]))
    empty = hashlib.sha256(b"").hexdigest()
    for raw in (b"\n", b"\n\n\n", f'{{"end": 0, "sha256": "{empty}"}}\n'.encode()):
        with pytest.raises(journal.Damaged):
            journal.parse(raw)
    body = journal.dump([good])
    header = body.split(b"\n")[0]
    assert json.loads(header)["journal"] == "klaverjas history journal"
    end = json.loads(body.splitlines()[-1])
    assert end["sha256"] == hashlib.sha256(body[: body.rindex(b"\n", 0, -1) + 1]).hexdigest()


# --- periodically while the lock lasts: a kill loses at most KEEP_SECONDS ---
KILLED = """
import sys, time
sys.path.insert(0, {tests!r})
from pathlib import Path
from test_history_write import SHORT, PLAYERS, random_moves
from klaverjas_gui.store.history import History, writing
writing.KEEP_SECONDS = 0.2
h = History(Path(sys.argv[1]))
mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 6, PLAYERS)
for state, action, events in random_moves(6):
    h.record(mid, state.n_actions, action, events)
    time.sleep(0.01)
print(state.n_actions, flush=True)
time.sleep(0.5)
print("kept", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_moves_waiting_for_a_lock_are_kept_while_it_lasts_and_survive_a_kill(tmp_path):
    path = tmp_path / "history.sqlite"
    History(path).close()
    holder = Holder(path)
    try:
        script = KILLED.format(tests=str(ROOT / "tests"))
        child = subprocess.Popen([sys.executable, "-c", script, str(path)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)  # fmt: skip
        played = int(child.stdout.readline())
        assert child.stdout.readline().strip() == "kept"
        child.send_signal(signal.SIGKILL)  # no close, no quit: only what was kept remains
        child.wait(10)
    finally:
        holder.release()
    kept = journal.read(journal.path_for(path))
    assert kept is not None and len(kept) > 0
    h = History(path)
    [(mid, _, status, _)] = finished(path)
    moves = sum(op["op"] == "move" for op in kept)
    assert stored_actions(path, mid) == h.actions(mid) and len(h.actions(mid)) == moves
    assert moves > played - 0.3 / 0.01  # at most the last KEEP_SECONDS and a bit
    h.close()


# --- a full disk, freed later ---
class Disk(sqlite3.Connection):
    """A connection whose disk is full while `Disk.full` is set: every write is refused
    with SQLite's words for it (the real thing, on a small tmpfs, is tested below)."""

    full = False

    def execute(self, sql, *args):
        if Disk.full and sql.split()[0].upper() in ("BEGIN", "INSERT", "UPDATE"):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)


@pytest.fixture
def disk(monkeypatch):
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, factory=Disk, **k))
    monkeypatch.setattr(writing, "RETRY_SECONDS", 0.0)
    yield Disk
    Disk.full = False


def test_moves_a_full_disk_refused_are_stored_once_it_has_room(tmp_path, disk):
    path = tmp_path / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 7, PLAYERS)
    moves = list(random_moves(7))
    disk.full = True
    for state, action, events in moves[:40]:
        h.record(mid, state.n_actions, action, events)
    assert stored_actions(path, mid) == [] and len(h.actions(mid)) == 40
    assert h.messages == [
        "The match history could not be saved (database or disk is full); the game goes on."
    ]
    disk.full = False  # room again
    for state, action, events in moves[40:]:
        h.record(mid, state.n_actions, action, events)
    assert stored_actions(path, mid) == [a for _, a, _ in moves]
    h.close()
    [(_, _, status, totals)] = finished(path)
    assert status == "finished" and json.loads(totals) == list(moves[-1][0].totals)


def test_a_disk_still_full_at_quit_keeps_the_moves_for_the_next_start(tmp_path, disk):
    path = tmp_path / "history.sqlite"
    h = History(path)
    disk.full = True
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 8, PLAYERS)
    moves = list(random_moves(8))
    for state, action, events in moves:
        h.record(mid, state.n_actions, action, events)
    h.close()
    where = journal.path_for(path)
    assert h.messages[-1] == (
        f"{len(moves)} moves could not be written to the match history (database or disk is "
        f"full); they are kept in {where} and added to the history at the next start."
    )
    disk.full = False
    again = History(path)  # the disk has room again
    assert again.messages[0].startswith(f"{len(moves)} moves that could not be written")
    [(mid, _, status, _)] = finished(path)
    assert stored_actions(path, mid) == [a for _, a, _ in moves] and status == "finished"
    again.close()


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 1 MB."""
    yield from tmpfs.mounted(tmp_path, "1m")


def fill(folder: Path) -> Path:
    """Take every free block of `folder`'s file system."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def test_a_real_full_disk_freed_later_and_full_again_at_quit(small_disk, monkeypatch):
    monkeypatch.setattr(writing, "RETRY_SECONDS", 0.0)
    path = small_disk / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 11, PLAYERS)
    moves = list(random_moves(11))
    filler = fill(small_disk)
    for state, action, events in moves[:30]:
        h.record(mid, state.n_actions, action, events)
    assert any("could not be saved" in m for m in h.messages)
    filler.unlink()  # freed: the next move writes all that waits
    for state, action, events in moves[30:60]:
        h.record(mid, state.n_actions, action, events)
    assert stored_actions(path, mid) == [a for _, a, _ in moves[:60]]
    fill(small_disk)  # full again until the quit: not even the journal fits
    for state, action, events in moves[60:]:
        h.record(mid, state.n_actions, action, events)
    h.close()
    lost = len(moves) - 60
    assert h.messages[-1].startswith(f"{lost} moves could not be written to the match history")
    assert "nor kept beside it (No space left on device); they are lost." in h.messages[-1]


def test_when_the_journal_cannot_be_written_either_the_quit_says_the_moves_are_lost_and_why(
    tmp_path, monkeypatch
):
    path = tmp_path / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 9, PLAYERS)
    holder = Holder(path)
    try:
        for state, action, events in list(random_moves(9))[:3]:
            h.record(mid, state.n_actions, action, events)

        def no_room(path, ops):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(journal, "write", no_room)
        monkeypatch.setattr(writing, "CLOSE_BUSY_MS", 50)
        h.close()
    finally:
        holder.release()
    assert h.messages[-1] == (
        "3 moves could not be written to the match history (database is locked), nor kept "
        "beside it (No space left on device); they are lost."
    )


def test_the_quit_of_the_game_tells_what_was_kept(make_app, tmp_path, capsys):
    """The window is gone at quit: the message goes to stderr (and a message box)."""
    app = make_app("--seed", "5", autopilot=True)
    path = app.store.paths.history
    holder = Holder(path)
    try:
        for _ in range(200):
            app.step(1 / 60)
        writing.CLOSE_BUSY_MS = 50
        app.close()
    finally:
        writing.CLOSE_BUSY_MS = 3000
        holder.release()
    err = capsys.readouterr().err
    assert "could not be written to the match history" in err
    assert str(journal.path_for(path)) in err


def test_time_between_keeps_is_bounded(tmp_path, monkeypatch):
    """While a lock lasts the journal is written again every KEEP_SECONDS, never on every
    move (each write is an fsync in the frame loop)."""
    monkeypatch.setattr(writing, "KEEP_SECONDS", 0.1)
    path = tmp_path / "history.sqlite"
    h = History(path)
    mid = h.start_match("klaverjas", "custom", SHORT.to_dict(), 10, PLAYERS)
    writes = []
    real = journal.write
    monkeypatch.setattr(journal, "write", lambda p, ops: (writes.append(len(ops)), real(p, ops)))
    holder = Holder(path)
    try:
        began = time.monotonic()
        for state, action, events in random_moves(10):
            h.record(mid, state.n_actions, action, events)
            time.sleep(0.01)
        elapsed = time.monotonic() - began
        assert 1 <= len(writes) <= elapsed / 0.1 + 1
        assert writes == sorted(writes)  # each keeps everything waiting
    finally:
        holder.release()
    h.close()
    assert not journal.path_for(path).exists()  # written in at close: no journal left


def test_a_lock_still_held_at_the_next_start_keeps_the_journal_for_the_one_after(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(writing, "CLOSE_BUSY_MS", 50)
    path = tmp_path / "history.sqlite"
    History(path).close()
    holder = Holder(path)  # held through two sessions
    try:
        first = History(path)
        mid = first.start_match("klaverjas", "custom", SHORT.to_dict(), 12, PLAYERS)
        one = list(random_moves(12))
        for state, action, events in one:
            first.record(mid, state.n_actions, action, events)
        first.close()
        second = History(path)
        assert second.persistent and second.messages[-1] == (
            "Moves kept from an earlier session in history.sqlite.journal are not in the match "
            "history yet; they are kept and added as soon as the history can be written."
        )
        mid = second.start_match("klaverjas", "custom", SHORT.to_dict(), 13, PLAYERS)
        two = list(random_moves(13))[:30]
        for state, action, events in two:
            second.record(mid, state.n_actions, action, events)
        second.close()
        assert f"{len(one) + 30} moves could not be written" in second.messages[-1]
    finally:
        holder.release()
    third = History(path)
    assert third.messages == [
        f"{len(one) + 30} moves that could not be written when the game last ended were kept "
        "in history.sqlite.journal; they are now in the match history."
    ]
    stored = {seed: (mid, status) for mid, seed, status, _ in finished(path)}
    assert stored[12][1] == "finished" and stored[13][1] == "running"
    assert stored_actions(path, stored[12][0]) == [a for _, a, _ in one]
    assert stored_actions(path, stored[13][0]) == [a for _, a, _ in two]
    assert third.resume("klaverjas")[1] == two[-1][0]
    third.close()


def test_a_journal_found_while_the_history_is_in_memory_is_left_for_a_later_start(
    tmp_path, monkeypatch
):
    path = tmp_path / "history.sqlite"
    h, _ = play_under_a_lock(path)
    kept = journal.path_for(path).read_bytes()
    monkeypatch.setattr(opening, "OPEN_WAIT", 0.3)

    def in_use(path, deadline):  # as another program's lock at start-up says it
        raise schema.Unusable("busy", "database is locked")

    with monkeypatch.context() as m:
        m.setattr(opening, "connect", in_use)
        busy = History(path)  # this session plays from memory
    assert not busy.persistent
    assert "are not in the match history yet" in busy.messages[-1]
    busy.close()
    assert journal.path_for(path).read_bytes() == kept
    later = History(path)
    assert "they are now in the match history" in later.messages[0]
    later.close()
