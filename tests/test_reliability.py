"""Pulling the plug: the real program killed at 50 random moments, and absurd input."""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from klaverjas_gui.app import main
from klaverjas_gui.store.history import History

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def stored(db_path: Path) -> tuple[int, int]:
    """(actions stored, highest seq of the newest match) as a fresh reader sees them."""
    if not db_path.exists():
        return 0, 0
    db = sqlite3.connect(db_path, timeout=5)
    try:
        total = db.execute("SELECT count(*) FROM actions").fetchone()[0]
        newest = db.execute(
            "SELECT coalesce(max(seq), 0), count(*) FROM actions "
            "WHERE match_id = (SELECT max(id) FROM matches)"
        ).fetchone()
        assert newest[0] == newest[1], "the stored moves have a gap"
        return total, newest[0]
    except sqlite3.OperationalError:  # killed before the tables were made
        return 0, 0
    finally:
        db.close()


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_killed_at_fifty_random_moments_every_restart_continues(tmp_path):
    data = tmp_path / "data"
    db_path = data / "history.sqlite"
    cmd = [sys.executable, "-m", "klaverjas_gui", "--continue", "--seed", "21",
           "--frames", "100000000", "--size", "1024x600", "--speed", "instant",
           "--data-dir", str(data)]  # fmt: skip
    rng = random.Random(50)
    last_total = 0
    moved = 0
    for _ in range(50):
        child = subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)  # fmt: skip
        # wait until this run has played on (start-up time varies with the machine's load),
        # then kill it at a random moment of its play
        deadline = time.monotonic() + 20
        while stored(db_path)[0] <= last_total and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.4))
        before, _ = stored(db_path)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        after, _ = stored(db_path)
        assert after >= before >= last_total, "a stored move was lost"
        moved += after > last_total
        last_total = after
        db = sqlite3.connect(db_path)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
    # every run played on from where the last one stopped; a run that finds the match
    # just finished (its end screen) has nothing to play, and the next starts a new one
    assert moved >= 45
    history = History(db_path)
    for record in history.matches() + [r for r in [history.running()] if r]:
        state = history.restore(record)  # every stored match replays move for move
        assert state.n_actions == len(history.actions(record.id))


@pytest.mark.parametrize(
    "argv",
    [
        ["--size", "0x0"],
        ["--size", "99999x99999"],
        ["--size", "wide"],
        ["--seed", "-1"],
        ["--seed", "1e999"],
        ["--frames", "0"],
        ["--variant", "rotterdam'; DROP TABLE matches; --"],
        ["--lang", "../../etc/passwd"],
        ["--game", "poker"],
        ["--speed", "ludicrous"],
    ],
)
def test_absurd_command_line_values_get_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err and len(err.splitlines()) == 1 and "Traceback" not in err
