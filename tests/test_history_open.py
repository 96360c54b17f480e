"""Opening the history when things are not as they should be: two copies at once, another
program's lock, a full disk, read-only storage, an unreadable file, a file missing tables.
Only a file SQLite calls damaged (or one lacking what the code uses) is ever set aside."""

from __future__ import annotations

import csv
import ctypes
import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_store import FIXTURE, ROOT, SHORT, play_recorded

from klaverjas_gui.store.history import SCHEMA_VERSION, History, opening, schema

_spec = importlib.util.spec_from_file_location("two_copies", ROOT / "benchmarks" / "two_copies.py")
two_copies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(two_copies)

posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def v1_history(path: Path) -> Path:
    """A history as the first release wrote it (schema 1, rollback journal)."""
    db = sqlite3.connect(path)
    db.executescript(FIXTURE.read_text())
    db.close()
    return path


def set_aside_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".bad-" in p.name)


# --- item 1: two copies started at once ---
@pytest.mark.serial  # a race of real processes with lock timeouts: not beside other tests
@pytest.mark.parametrize("start", two_copies.STARTS)
def test_two_copies_opening_one_history_at_once_lose_nothing(tmp_path, start):
    """Real processes, released together; three races per start (the benchmark runs more)."""
    for run in range(3):
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        result = two_copies.race(folder, start, copies=2, seed=10 * run)
        assert result["details"] == [], result["details"]
        assert (result["set_aside"], result["lost"], result["errors"]) == (0, 0, 0)


def test_a_damaged_history_is_set_aside_with_its_wal_and_shm(tmp_path):
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"not a database " * 100)
    Path(f"{path}-wal").write_bytes(b"log of the damaged file")
    Path(f"{path}-shm").write_bytes(b"index of the damaged file")
    h = History(path)
    assert h.persistent and len(h.messages) == 1 and "damaged" in h.messages[0]
    [kept] = [p for p in tmp_path.glob("history.sqlite.bad-*") if not p.name.endswith("-wal")
              and not p.name.endswith("-shm")]  # fmt: skip
    assert kept.read_bytes() == b"not a database " * 100
    assert Path(f"{kept}-wal").read_bytes() == b"log of the damaged file"
    assert Path(f"{kept}-shm").exists()  # an index SQLite rebuilds from the -wal
    assert len(set_aside_files(tmp_path)) == 3
    play_recorded(h, SHORT, 1, list("ABCD"))
    assert len(h.matches()) == 1 and h.integrity_ok()


# --- item 10: locked at start-up, full disk ---
HOLD_LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


def hold_lock(path: Path) -> subprocess.Popen:
    """Another program (a DB browser, a backup tool) holding the history's lock until told."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "locked"
    return holder


def release(holder: subprocess.Popen) -> None:
    holder.stdin.write("\n")
    holder.stdin.flush()
    assert holder.wait(10) == 0


def test_a_history_locked_by_another_program_is_waited_for_then_left_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(opening, "OPEN_WAIT", 0.5)
    path = v1_history(tmp_path / "history.sqlite")  # needs a migration, so a write lock
    before = path.read_bytes()
    holder = hold_lock(path)
    try:
        h = History(path)
        assert not h.persistent and len(h.messages) == 1
        assert "in use by another program" in h.messages[0] and "damaged" not in h.messages[0]
        play_recorded(h, SHORT, 1, list("ABCD"))  # this run plays on, from memory
        assert len(h.matches()) == 1
        h.close()
    finally:
        release(holder)
    assert set_aside_files(tmp_path) == [] and path.read_bytes() == before
    h = History(path)  # the next start, with the lock gone, migrates it as usual
    assert h.persistent and h.messages == [] and [m.id for m in h.matches()] == [2, 1]


def test_a_lock_released_while_opening_waits_and_opens(tmp_path):
    path = v1_history(tmp_path / "history.sqlite")
    holder = hold_lock(path)
    timer = threading.Timer(0.5, release, (holder,))
    timer.start()
    try:
        h = History(path)  # waits for the lock (OPEN_WAIT is 10 s) instead of giving up
    finally:
        timer.join()
    assert h.persistent and h.messages == [] and set_aside_files(tmp_path) == []
    assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


HOT_JOURNAL = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size = 1")  # spill to the file mid-transaction
db.execute("BEGIN")
db.execute("DELETE FROM actions")
db.executemany("INSERT INTO actions VALUES (9, ?, 'pass')", [(n,) for n in range(5000)])
os._exit(0)  # killed mid-transaction: the -journal is hot
"""


def test_a_history_killed_mid_transaction_in_rollback_mode_is_rolled_back_not_set_aside(
    tmp_path,
):
    """Only a writer can roll back a hot journal, so the read-only damage check defers."""
    path = v1_history(tmp_path / "history.sqlite")
    actions = sqlite3.connect(path).execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    subprocess.run([sys.executable, "-c", HOT_JOURNAL, str(path)], check=True)
    assert Path(f"{path}-journal").stat().st_size > 0
    h = History(path)
    assert h.persistent and h.messages == [] and set_aside_files(tmp_path) == []
    assert h.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == actions
    assert [m.id for m in h.matches()] == [2, 1]


class FullDisk(sqlite3.Connection):
    """A connection on a disk with no room left: SQLite's own SQLITE_FULL on any growth."""

    def __init__(self, database, *args, **kwargs) -> None:
        super().__init__(database, *args, **kwargs)
        if database == ":memory:":
            return  # memory still has room: this run plays from there
        pages = self.execute("PRAGMA page_count").fetchone()[0]
        self.execute(f"PRAGMA max_page_count = {max(pages, 1)}")


@pytest.mark.parametrize("start", ["fresh", "upgrade"])
def test_a_full_disk_at_start_up_sets_nothing_aside_and_says_so(tmp_path, monkeypatch, start):
    path = tmp_path / "history.sqlite"
    if start == "upgrade":
        v1_history(path)
    before = path.read_bytes() if path.exists() else b""
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, factory=FullDisk, **k))
    for _ in range(2):  # each start says the same and leaves no file behind
        h = History(path)
        assert not h.persistent and len(h.messages) == 1
        assert "is full" in h.messages[0] and "damaged" not in h.messages[0]
        h.close()
    assert set_aside_files(tmp_path) == []
    assert (path.read_bytes() if path.exists() else b"") == before


def test_sqlite_errors_are_told_apart_by_their_text_on_python_3_10():
    """Without `sqlite_errorcode` (3.10) the message decides; only damage is "corrupt"."""
    kinds = {
        "database is locked": "busy",
        "database table is locked": "busy",
        "file is not a database": "corrupt",
        "database disk image is malformed": "corrupt",
        "database or disk is full": "full",
        "attempt to write a readonly database": "readonly",
        "unable to open database file": "cantopen",
        "disk I/O error": "cantopen",
        "table matches already exists": "other",
    }
    for text, kind in kinds.items():
        assert schema.kind(sqlite3.OperationalError(text)) == kind, text


# --- item 5: a history claiming the current schema but missing a table or column ---
def current_history(path: Path, matches: int = 2) -> Path:
    h = History(path)
    for seed in range(matches):
        play_recorded(h, SHORT, seed, ["Anna", "Bram", "Cor", "Daan"])
    h.close()
    return path


@pytest.mark.parametrize(
    "damage, missing",
    [
        ("DROP TABLE matches", "matches"),
        ("DROP TABLE deals", "deals"),
        ("ALTER TABLE matches DROP COLUMN status", "matches.status"),
    ],
)
def test_a_history_missing_a_table_or_column_is_set_aside_not_a_traceback(
    tmp_path, damage, missing
):
    path = current_history(tmp_path / "history.sqlite")
    db = sqlite3.connect(path)
    db.execute(damage)
    db.commit()
    db.close()
    h = History(path)
    assert h.persistent and len(h.messages) == 1 and missing in h.messages[0]
    [kept] = set_aside_files(tmp_path)
    assert kept in h.messages[0]
    assert h.matches() == [] and h.running() is None and h.statistics() == []
    play_recorded(h, SHORT, 5, list("ABCD"))
    assert len(h.matches()) == 1
    old = sqlite3.connect(tmp_path / kept)  # the kept file holds what it held
    assert old.execute("SELECT COUNT(*) FROM actions").fetchone()[0] > 0
    old.close()


def test_a_schema_1_history_missing_a_table_is_set_aside_with_a_message(tmp_path):
    path = v1_history(tmp_path / "history.sqlite")
    db = sqlite3.connect(path)
    db.execute("DROP TABLE matches")
    db.commit()
    db.close()
    h = History(path)
    assert h.persistent and len(h.messages) == 1 and "matches" in h.messages[0]
    assert len(set_aside_files(tmp_path)) == 1 and h.matches() == []


def test_every_table_the_migrations_make_can_be_checked_for_rows():
    assert set(schema.ANY_ROW) == set(schema.reference()[0])


def test_an_empty_history_missing_a_table_gets_it_back_in_place(tmp_path):
    path = current_history(tmp_path / "history.sqlite", matches=0)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE deals")
    db.commit()
    db.close()
    h = History(path)  # nothing stored refers to the lost table: re-created, nothing to say
    assert h.persistent and h.messages == [] and set_aside_files(tmp_path) == []
    play_recorded(h, SHORT, 1, list("ABCD"))
    assert len(h.deal_lines(h.matches()[0].id)) == 2 and h.integrity_ok()


# --- items 8, 9, 10: unreadable file, read-only storage ---
def test_an_unopenable_history_path_is_left_alone_and_play_goes_on(tmp_path):
    """SQLite cannot open it (here: the name is a folder, which stops root too)."""
    path = tmp_path / "history.sqlite"
    path.mkdir()
    (path / "inside").write_text("kept")
    h = History(path)
    assert not h.persistent and len(h.messages) == 1
    assert "cannot be read" in h.messages[0] and "damaged" not in h.messages[0]
    assert (path / "inside").read_text() == "kept" and set_aside_files(tmp_path) == []
    play_recorded(h, SHORT, 1, list("ABCD"))
    assert len(h.matches()) == 1


@pytest.fixture
def restore_modes(tmp_path):
    """Folders and files a test made read-only become writable again for the clean-up."""
    yield
    for p in [tmp_path, *tmp_path.rglob("*")]:
        p.chmod(0o700 if p.is_dir() else 0o600)


def _drop_root_file_powers() -> None:
    """In the child of a root test run: drop the capabilities that let root ignore file
    modes (the bounding set, so they are gone after exec), so a mode stops it as it stops
    a club account."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


CHILD = """
import json, os, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from klaverjas_gui.i18n import shown
from klaverjas_gui.store.history import History, opening
if os.environ.get("ACCESS_SAYS_YES"):  # as on Windows, where a folder always "is writable"
    opening.writable = lambda path: True
h = History(Path(sys.argv[1]))
out = {{"persistent": h.persistent, "read_only": h.read_only}}
out["told"] = [shown(m) for m in h.messages]
matches = h.matches()
out["matches"] = [m.id for m in matches]
out["replayed"] = [h.restore(m).n_actions == len(h.actions(m.id)) for m in matches]
out["players"] = sorted(r["name"] for r in h.statistics())
if len(sys.argv) > 2:
    h.export_csv(Path(sys.argv[2]))
mid = h.start_match("klaverjas", "amsterdam", {{}}, 1, list("ABCD"))
h.record(mid, 1, "pass", [])
out["told_after_play"] = [shown(m) for m in h.messages]
out["kept_this_run"] = h.actions(mid) if mid is not None else None
print(json.dumps(out))
"""


def open_as_a_user(path: Path, *args: Path, access_says_yes: bool = False) -> dict:
    """Open `path` with History in a child that file modes stop (see _drop_root_file_powers).
    With `access_says_yes` the child cannot know beforehand: only SQLite's errors tell."""
    drop = _drop_root_file_powers if os.geteuid() == 0 else None
    env = {**os.environ, "ACCESS_SAYS_YES": "1" if access_says_yes else ""}
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT)), str(path), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=drop,
        env=env,
    )
    assert child.returncode == 0, child.stderr
    return json.loads(child.stdout)


@posix_only
def test_an_unreadable_history_file_is_never_renamed(tmp_path, restore_modes):
    path = current_history(tmp_path / "history.sqlite")
    path.chmod(0o000)  # the folder is the player's; only the file cannot be read
    before = sorted(p.name for p in tmp_path.iterdir())
    out = open_as_a_user(path)
    assert not out["persistent"] and len(out["told"]) == 1
    assert "cannot be read" in out["told"][0] and "damaged" not in out["told"][0]
    assert out["matches"] == [] and out["told_after_play"] == out["told"]
    assert sorted(p.name for p in tmp_path.iterdir()) == before


LEAVE_WAL = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE matches SET players = ? WHERE id = 1", ('["Wim", "Xan", "Yde", "Zoe"]',))
db.commit()
os._exit(0)  # killed: the -wal (holding that change) and -shm stay behind
"""


@posix_only
@pytest.mark.parametrize("access_says_yes", [False, True], ids=["seen", "found-out"])
@pytest.mark.parametrize("left", [False, True], ids=["closed", "killed"])
def test_a_history_on_read_only_storage_opens_read_only(
    tmp_path, restore_modes, left, access_says_yes
):
    """A write-protected stick: the folder and the file refuse writes, for real (a root
    test run drops root's power over file modes in the child). Closed cleanly there is no
    -shm, so only `immutable=1` can read it; after a kill the -wal and -shm are there and
    `mode=ro` reads them (with the last change)."""
    stick = tmp_path / "stick"
    stick.mkdir()
    path = current_history(stick / "history.sqlite")
    if left:
        subprocess.run([sys.executable, "-c", LEAVE_WAL, str(path)], check=True)
        assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    files = {p.name: p.read_bytes() for p in stick.iterdir()}
    for p in stick.iterdir():
        p.chmod(0o444)
    stick.chmod(0o555)
    out = open_as_a_user(path, out_dir / "export.csv", access_says_yes=access_says_yes)
    assert out["read_only"] and not out["persistent"]
    assert len(out["told"]) == 1 and "read-only" in out["told"][0]
    assert out["told_after_play"] == out["told"]  # told once, not again at the first move
    assert out["matches"] == [2, 1] and out["replayed"] == [True, True]
    names = ["Anna", "Bram", "Cor", "Daan"] + (["Wim", "Xan", "Yde", "Zoe"] if left else [])
    assert out["players"] == sorted(names)
    with (out_dir / "export.csv").open(encoding="utf-8") as f:
        assert len(list(csv.DictReader(f))) == 4  # two deals in each of the two matches
    assert out["kept_this_run"] == ["pass"]  # this run's match: in memory, not on the stick
    assert {p.name: p.read_bytes() for p in stick.iterdir()} == files


@posix_only
def test_a_read_only_folder_without_a_history_plays_from_memory(tmp_path, restore_modes):
    stick = tmp_path / "stick"
    stick.mkdir()
    stick.chmod(0o555)
    out = open_as_a_user(stick / "history.sqlite")
    assert not out["persistent"] and len(out["told"]) == 1
    assert "read-only" in out["told"][0] and "damaged" not in out["told"][0]
    assert list(stick.iterdir()) == []


def test_a_schema_1_history_on_read_only_storage_is_read_through_a_memory_copy(
    tmp_path, monkeypatch
):
    """Cannot be migrated in place: a copy in memory is, and the file stays as it was."""
    path = v1_history(tmp_path / "history.sqlite")
    before = path.read_bytes()
    monkeypatch.setattr(opening, "writable", lambda path: False)
    h = History(path)
    assert h.read_only and not h.persistent and len(h.messages) == 1
    assert [m.id for m in h.matches()] == [2, 1] and h.resume()[1].n_actions == 57
    h.close()
    assert path.read_bytes() == before and set_aside_files(tmp_path) == []
