"""Odd files and disks at start-up (issue 35, items 4, 6 and 7): the first start on a nearly
full disk, a FIFO named history.sqlite, a settings file its owner made read-only. The game
starts, plays on and says what it did; nothing is replaced behind the player's back."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import tmpfs

from klaverjas_gui.store import prefs
from klaverjas_gui.store.history import History
from klaverjas_gui.store.session import Store

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and file modes are POSIX")


# --- item 4: the first start on a nearly full disk ---
class NoRoomForTheIndex(sqlite3.Connection):
    """SQLite on a nearly full disk, as measured on a 64 KB tmpfs with 8 KB free: the file
    and its tables fit, but the 32 KB index a WAL database needs (-shm) does not, so every
    transaction after the switch to WAL fails with "disk I/O error" (SQLITE_IOERR_SHMSIZE).
    The real thing is tested below where a small file system can be mounted."""

    def execute(self, sql, *args):
        text = sql.strip().upper()
        if getattr(self, "wal", False) and not text.startswith(("PRAGMA", "ROLLBACK")):
            raise sqlite3.OperationalError("disk I/O error")
        cursor = super().execute(sql, *args)
        if text == "PRAGMA JOURNAL_MODE=WAL":
            self.wal = True
        return cursor


@pytest.fixture
def nearly_full(monkeypatch):
    """Every history connection on a nearly full disk; the disk itself looks full too."""
    connect = sqlite3.connect

    def on_full_disk(database, *args, **kwargs):
        if database == ":memory:":
            return connect(database, *args, **kwargs)
        return connect(database, *args, factory=NoRoomForTheIndex, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", on_full_disk)
    free = SimpleNamespace(total=65536, used=57344, free=8192)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: free)


def test_the_first_read_on_a_nearly_full_disk_is_an_open_error(tmp_path, nearly_full):
    h = History(tmp_path / "history.sqlite")
    assert not h.persistent
    assert h.messages == [
        f"The disk holding {tmp_path} is full, so the match history cannot be opened; it is "
        "left as it is and this session's matches are kept in memory only."
    ]
    assert h.matches() == []  # reads work: from memory
    mid = h.start_match("klaverjas", "custom", {}, 1, list("ABCD"))
    h.record(mid, 1, "pass", [])
    assert h.actions(mid) == ["pass"]
    h.close()


def test_the_game_starts_on_a_nearly_full_disk_and_says_so(make_app, nearly_full):
    """The issue's crash: the coach's settling at start read the history first."""
    app = make_app(first_frame=True)
    assert not app.history.persistent
    assert "is full, so the match history cannot be opened" in app.toasts.current_text
    app.settle_coach()


@pytest.fixture
def tiny_disk(tmp_path):
    """A real 64 KB file system."""
    yield from tmpfs.mounted(tmp_path, "64k")


@pytest.mark.parametrize("taken_kb", [8, 12, 16, 40])
def test_a_real_nearly_full_disk_at_the_first_start(tiny_disk, taken_kb):
    (tiny_disk / "photos").write_bytes(b"\0" * taken_kb * 1024)
    h = History(tiny_disk / "history.sqlite")
    assert not h.persistent and len(h.messages) == 1 and "is full" in h.messages[0]
    assert h.matches() == [] and h.running() is None
    h.close()


# --- item 6: history.sqlite is a FIFO ---
@posix_only
def test_a_fifo_named_history_sqlite_is_set_aside_not_waited_on(tmp_path):
    path = tmp_path / "history.sqlite"
    os.mkfifo(path)
    child = subprocess.run(
        [sys.executable, "-c", "import sys, json; from pathlib import Path; "
         "from klaverjas_gui.store.history import History; h = History(Path(sys.argv[1])); "
         "print(json.dumps([h.persistent, h.messages]))", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert child.returncode == 0, child.stderr
    persistent, messages = json.loads(child.stdout)
    [aside] = tmp_path.glob("history.sqlite.bad-*")
    assert stat.S_ISFIFO(aside.lstat().st_mode)  # kept as it was, under another name
    assert persistent and messages == [
        f"The match history history.sqlite was not a regular file (a FIFO or a device); it "
        f"was kept as {aside.name} and a new history was started."
    ]
    assert path.is_file()


@posix_only
def test_a_fifo_that_cannot_be_set_aside_is_left_and_play_goes_on(tmp_path):
    path = tmp_path / "history.sqlite"
    os.mkfifo(path)
    child = subprocess.run(
        [sys.executable, "-c", "import sys, json; from pathlib import Path; "
         "from klaverjas_gui.store.history import History, opening; "
         "opening.set_aside = lambda *a, **k: None; "
         "h = History(Path(sys.argv[1])); print(json.dumps([h.persistent, h.messages]))",
         str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert child.returncode == 0, child.stderr
    persistent, messages = json.loads(child.stdout)
    assert not persistent and stat.S_ISFIFO(path.stat().st_mode)
    assert messages == [
        "The match history history.sqlite is not a regular file (a FIFO or a device); it is "
        "left as it is and this session's matches are kept in memory only."
    ]


def test_a_folder_named_history_sqlite_is_still_left_in_place(tmp_path):
    (tmp_path / "history.sqlite").mkdir()
    h = History(tmp_path / "history.sqlite")
    assert not h.persistent and (tmp_path / "history.sqlite").is_dir()
    assert not list(tmp_path.glob("*.bad-*"))


# --- item 7: a settings file its owner made read-only ---
def settings_file(folder: Path, mode: int) -> Path:
    path = folder / "settings.json"
    path.write_text(json.dumps({"schema": 3, "language": "nl", "volume": 0.3}))
    path.chmod(mode)
    return path


@posix_only
def test_a_read_only_settings_file_is_read_and_left_alone(tmp_path):
    path = settings_file(tmp_path, 0o444)
    before = path.read_bytes()
    store = Store(tmp_path)
    assert store.settings.language == "nl" and store.settings.volume == 0.3  # read as it is
    assert store.messages() == [
        "Your settings file settings.json is read-only, so it is left as it is; changes last "
        "until you quit."
    ]
    store.settings.volume = 0.9
    assert not store.save_settings()
    assert store.messages() == []  # told once
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert not (tmp_path / "settings.json.bak").exists()
    store.close()


@posix_only
def test_a_settings_file_made_read_only_during_the_run_is_not_replaced(tmp_path):
    path = settings_file(tmp_path, 0o644)
    store = Store(tmp_path)
    assert store.messages() == []
    path.chmod(0o444)
    before = path.read_bytes()
    store.settings.volume = 0.9
    assert not store.save_settings()
    assert store.messages() == [
        "Your settings file settings.json is read-only, so it is left as it is; changes last "
        "until you quit."
    ]
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    store.close()


@posix_only
def test_a_damaged_read_only_settings_file_is_not_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    path.chmod(0o444)
    settings, notes = prefs.SettingsFile(path).load()
    assert settings == prefs.Settings()
    assert [n.key for n in notes] == ["store.settings_damaged", "store.settings_read_only"]
    assert path.read_text() == "{ not json" and not list(tmp_path.glob("*.bad-*"))


@posix_only
def test_a_saved_settings_file_keeps_its_mode(tmp_path):
    path = settings_file(tmp_path, 0o644)
    store = Store(tmp_path)
    store.settings.volume = 0.9
    assert store.save_settings()
    assert json.loads(path.read_text())["volume"] == 0.9
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not mkstemp's 0600
    store.close()
