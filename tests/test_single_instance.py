"""One copy of the game per data folder (issue 16, item 1): real processes, a fresh folder.

A second copy finds the folder's lock held, opens nothing (no match abandoned, no file
set aside, settings as they were), says so and exits with status 3; a killed copy leaves
no stale lock; two copies started at the same moment: exactly one runs.
"""

from __future__ import annotations

import errno
import json
import os
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from klaverjas_gui.store import lock

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYTHONPATH": str(ROOT), "KLAVERJAS_REPORT_FIRST_FRAME": "1"}  # fmt: skip
MESSAGE = "Klaverjas is already open on this computer (in another window)."
posix_only = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and select on pipes")


def game(data: Path, *argv: str) -> subprocess.Popen[str]:
    """The game as a player starts it (no --frames: it waits for the human at the table)."""
    cmd = [sys.executable, "-m", "klaverjas_gui", "--data-dir", str(data),
           "--size", "1024x600", "--speed", "instant", *argv]  # fmt: skip
    return subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def wait_first_frame(child: subprocess.Popen[str], seconds: float = 60) -> None:
    ready, _, _ = select.select([child.stdout], [], [], seconds)
    assert ready and child.stdout.readline().strip() == "first-frame", child.poll()


def matches(data: Path) -> list[tuple[int, str]]:
    db = sqlite3.connect(f"file:{data / 'history.sqlite'}?mode=ro", uri=True)
    try:
        return db.execute("SELECT id, status FROM matches ORDER BY id").fetchall()
    finally:
        db.close()


def kill(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
    child.communicate(timeout=30)


@pytest.mark.slow
@posix_only
def test_a_second_copy_opens_nothing_and_a_killed_first_leaves_no_stale_lock(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    settings = data / "settings.json"
    settings.write_text(json.dumps({"language": "nl", "from_a_newer_version": [1, 2]}))
    before = settings.read_bytes()
    first = game(data, "--seed", "5")
    try:
        wait_first_frame(first)
        assert matches(data) == [(1, "running")]
        second = game(data, "--seed", "6")  # would abandon match 1 and start match 2
        out, err = second.communicate(timeout=60)
        assert second.returncode == lock.ALREADY_OPEN == 3
        assert err.strip().splitlines() == [  # in the stored language, one line
            "klaverjas: Klaverjas is al geopend op deze computer (in een ander venster). "
            "Gebruik dat venster, of sluit het eerst."
        ]
        assert matches(data) == [(1, "running")] and first.poll() is None
        assert settings.read_bytes() == before
        assert sorted(p.name for p in data.iterdir() if ".bad-" in p.name) == []
        assert (data / lock.LOCK_NAME).read_text().split() == [str(first.pid)]
        exported = game(data, "--export-history", str(tmp_path / "out.csv"))
        assert exported.communicate(timeout=60)[1] == "" and exported.returncode == 0
    finally:
        kill(first)
    # the OS dropped the lock with the process: the next start continues the match
    again = game(data, "--continue", "--frames", "20")
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert matches(data) == [(1, "running")]


@pytest.mark.slow
@posix_only
def test_two_copies_started_at_the_same_moment_on_a_fresh_folder_exactly_one_runs(tmp_path):
    for attempt in range(3):
        data = tmp_path / f"fresh{attempt}"  # not even the folder exists yet
        children = [game(data, "--seed", "7", "--lang", "en") for _ in range(2)]
        try:
            deadline = time.monotonic() + 90
            while all(c.poll() is None for c in children) and time.monotonic() < deadline:
                time.sleep(0.05)
            ended = [c for c in children if c.poll() is not None]
            assert len(ended) == 1 and ended[0].returncode == lock.ALREADY_OPEN
            assert MESSAGE in ended[0].communicate(timeout=30)[1]
            running = next(c for c in children if c is not ended[0])
            wait_first_frame(running)
            assert matches(data) == [(1, "running")]
            assert not [p for p in data.iterdir() if ".bad-" in p.name]
        finally:
            for child in children:
                kill(child)


def test_the_lock_belongs_to_one_open_file_and_is_free_again_once_released(tmp_path):
    held = lock.acquire(tmp_path / "new" / "folder")
    assert held is not None
    with pytest.raises(lock.AlreadyOpen) as taken:  # a second open file: another copy
        lock.acquire(tmp_path / "new" / "folder")
    assert taken.value.pid == os.getpid()
    held.release()
    again = lock.acquire(tmp_path / "new" / "folder")
    assert again is not None
    again.release()


def test_no_lock_where_none_can_be_made_the_game_goes_on(tmp_path, monkeypatch):
    """A read-only stick (root ignores chmod, so the refusal is simulated), or a network
    drive without locks: no lock, and no claim that another copy is open."""
    real_open = os.open

    def read_only(path, flags, *mode):
        if str(path).endswith(lock.LOCK_NAME):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *mode)

    monkeypatch.setattr(os, "open", read_only)
    assert lock.acquire(tmp_path) is None
    monkeypatch.setattr(os, "open", real_open)

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    if os.name == "posix":
        monkeypatch.setattr(lock.fcntl, "flock", no_locks)
        assert lock.acquire(tmp_path) is None
