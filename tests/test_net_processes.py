"""Network matches between real processes (`klaverjas --host` / `--join`, headless), on
127.0.0.1 only. Each process is killed at the end of its test; every wait has a deadline."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from netcheck import Replay, check_frames

from klaverjas_gui.store.history import History

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
ROOM = "KRAAK7"
DEADLINE = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Proc:
    """One klaverjas process; its output lines are read on a thread into `lines`."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8"}  # fmt: skip
        self.p = subprocess.Popen(
            [sys.executable, "-m", "klaverjas_gui", *args], env=env, cwd=ROOT, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.lines: list[str] = []
        self._new: queue.SimpleQueue[str] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.append(line.rstrip("\n"))
            self._new.put(line)

    def expect(self, pattern: str, seconds: float = 60.0) -> re.Match[str]:
        """Wait for an output line matching `pattern` (already printed ones count)."""
        end = time.monotonic() + seconds
        seen = 0
        while True:
            for line in self.lines[seen:]:
                if m := re.search(pattern, line):
                    return m
            seen = len(self.lines)
            left = end - time.monotonic()
            assert left > 0 and self.p.poll() is None or seen < len(self.lines), (
                f"no {pattern!r} in {self.lines}"
            )
            with contextlib.suppress(queue.Empty):
                self._new.get(timeout=min(max(left, 0.01), 0.5))

    def wait(self, seconds: float = DEADLINE) -> int:
        try:
            return self.p.wait(seconds)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise AssertionError(f"still running after {seconds} s: {self.lines}") from None

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait(10)


@pytest.fixture
def procs():
    started: list[Proc] = []

    def start(*args: str) -> Proc:
        started.append(Proc(*args))
        return started[-1]

    yield start
    for p in started:
        p.kill()


def host_args(tmp: Path, port: int, *extra: str) -> tuple[str, ...]:
    return ("--host", "--bind", "127.0.0.1", "--port", str(port), "--room", ROOM,
            "--data-dir", str(tmp / "host"), "--level", "random", *extra)  # fmt: skip


def guest_args(tmp: Path, port: int, name: str, *extra: str) -> tuple[str, ...]:
    return ("--join", f"127.0.0.1:{port}", "--room", ROOM.lower(), "--name", name,
            "--data-dir", str(tmp / name), "--level", "random",
            "--net-log", str(tmp / f"{name}.jsonl"), *extra)  # fmt: skip


def frames(path: Path) -> list[str]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def seat_of(texts: list[str]) -> int:
    return next(json.loads(t)["seat"] for t in texts if json.loads(t)["type"] == "welcome")


def last_n(path: Path) -> int:
    if not path.exists():  # the guest has not received anything yet
        return -1
    ns = [json.loads(t)["n"] for t in frames(path) if json.loads(t)["type"] == "state"]
    return ns[-1] if ns else -1


def wait_until(condition, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def finished_match(tmp: Path) -> tuple[Replay, object]:
    """The host's one recorded match, finished, and replayed by the engine to its end."""
    history = History(tmp / "host" / "history.sqlite")
    try:
        records = history.matches()
        assert len(records) == 1 and records[0].status == "finished", records
        replay, record = Replay.of(history, records[0].id)
    finally:
        history.close()
    final = replay.states[-1]
    assert final.is_over and tuple(final.totals) == tuple(record.totals)
    return replay, record


def check_guests(tmp: Path, replay: Replay, names: list[str]) -> None:
    """Every message each guest received: no card its seat could not see; and each saw
    the final score the host recorded."""
    for name in names:
        texts = frames(tmp / f"{name}.jsonl")
        seat = seat_of(texts)
        assert check_frames(replay, texts, seat) > 10
        last = [json.loads(t) for t in texts if json.loads(t)["type"] == "state"][-1]
        assert last["obs"]["totals"] == list(replay.states[-1].totals)


def check_copies(tmp: Path, record: Any, names: list[str]) -> None:
    """Each guest's own history keeps the host's match: its seed and every move."""
    host = History(tmp / "host" / "history.sqlite")
    try:
        moves = host.actions(record.id)
    finally:
        host.close()
    for name in names:
        history = History(tmp / name / "history.sqlite")
        try:
            (copy,) = history.matches()
            assert (copy.seed, copy.totals, history.actions(copy.id)) == (
                record.seed, record.totals, moves)  # fmt: skip
            assert copy.kinds[copy.players.index(name)] == "human"
        finally:
            history.close()


def test_four_processes_play_a_whole_match(tmp_path, procs):
    port = free_port()
    host = procs(*host_args(tmp_path, port, "--rule", "match_length=deals:1", "--speed", "fast"))
    host.expect(rf"on port {port}, room code {ROOM}")
    names = ["Anna", "Bert", "Cor"]
    guests = [procs(*guest_args(tmp_path, port, n, "--speed", "instant")) for n in names]
    for g in guests:
        assert g.wait() == 0, g.lines
    assert host.wait() == 0, host.lines
    replay, record = finished_match(tmp_path)
    assert record.kinds == ["human", "remote", "remote", "remote"]
    assert sorted(record.players[1:]) == names
    check_guests(tmp_path, replay, names)
    check_copies(tmp_path, record, names)


def test_klabberjass_host_and_one_guest(tmp_path, procs):
    port = free_port()
    host = procs(*host_args(tmp_path, port, "--game", "klabberjass", "--rule", "target=100",
                            "--speed", "instant"))  # fmt: skip
    host.expect(r"hosting Klabberjass")
    guest = procs(*guest_args(tmp_path, port, "Anna", "--speed", "instant"))
    assert guest.wait() == 0, guest.lines
    assert host.wait() == 0, host.lines
    replay, record = finished_match(tmp_path)
    assert record.game == "klabberjass" and record.kinds == ["human", "remote"]
    check_guests(tmp_path, replay, ["Anna"])
    check_copies(tmp_path, record, ["Anna"])


def test_a_killed_guest_is_played_by_a_computer_then_a_new_process_takes_the_seat_back(
    tmp_path, procs
):
    port = free_port()
    host = procs(*host_args(tmp_path, port, "--rule", "match_length=deals:1", "--grace", "1",
                            "--speed", "normal"))  # fmt: skip
    host.expect("room code")
    names = ["Anna", "Bert", "Cor"]
    guests = {n: procs(*guest_args(tmp_path, port, n, "--speed", "normal")) for n in names}
    wait_until(lambda: last_n(tmp_path / "Anna.jsonl") >= 6)  # the first deal is under way
    first_log = frames(tmp_path / "Anna.jsonl")
    guests["Anna"].kill()
    host.expect(r"Anna dropped")
    host.expect(r"a computer plays for Anna")
    anna_seat, killed_at = seat_of(first_log), last_n(tmp_path / "Anna.jsonl")

    def computer_moved_for_anna() -> bool:  # as Bert saw it; Anna herself moved at most once more
        states = [json.loads(t) for t in frames(tmp_path / "Bert.jsonl")]
        return any(m["type"] == "state" and m["by"] == anna_seat and m["n"] > killed_at + 1
                   for m in states)  # fmt: skip

    wait_until(computer_moved_for_anna)
    (tmp_path / "Anna.jsonl").rename(tmp_path / "Anna-first.jsonl")
    at_return = last_n(tmp_path / "Bert.jsonl")
    back = procs(*guest_args(tmp_path, port, "Anna", "--speed", "normal"))
    back.expect(r"Anna sits at seat")
    wait_until(lambda: len(re.findall("Anna sits at seat", "\n".join(host.lines))) == 2)
    for g in (back, guests["Bert"], guests["Cor"]):
        assert g.wait() == 0, g.lines
    assert host.wait() == 0, host.lines
    replay, record = finished_match(tmp_path)
    check_guests(tmp_path, replay, names)
    assert check_frames(replay, first_log, seat_of(first_log)) > 5
    returned = [json.loads(t) for t in frames(tmp_path / "Anna.jsonl")]
    first_state = next(m for m in returned if m["type"] == "state")
    assert first_state["n"] >= at_return  # taken back at the position the table was at
    seat = seat_of([json.dumps(m) for m in returned])
    seats = [m for m in returned if m["type"] == "seats"]
    assert seats and not seats[-1]["seats"][seat]["computer"]  # a person again, not the computer


def test_a_killed_host_continues_and_the_guests_rejoin(tmp_path, procs):
    port = free_port()
    args = host_args(tmp_path, port, "--rule", "match_length=deals:1", "--speed", "normal")
    host = procs(*args)
    host.expect("room code")
    names = ["Anna", "Bert", "Cor"]
    guests = [procs(*guest_args(tmp_path, port, n, "--speed", "normal")) for n in names]
    wait_until(lambda: last_n(tmp_path / "Anna.jsonl") >= 8)
    host.kill()
    restarted = procs(*host_args(tmp_path, port, "--continue", "--speed", "normal"))
    restarted.expect(r"continuing the match at move (\d+)")
    for g in guests:
        assert g.wait() == 0, g.lines
        assert any("back at the table" in line for line in g.lines), g.lines
    assert restarted.wait() == 0, restarted.lines
    replay, record = finished_match(tmp_path)
    check_guests(tmp_path, replay, names)


def test_a_wrong_address_or_code_is_one_line_and_status_2(tmp_path, procs):
    port = free_port()
    nobody = procs("--join", f"127.0.0.1:{port}", "--room", ROOM, "--data-dir",
                   str(tmp_path / "a"))  # fmt: skip
    assert nobody.wait(60) == 2
    assert len(nobody.lines) == 1 and "cannot join 127.0.0.1" in nobody.lines[0], nobody.lines
    host = procs(*host_args(tmp_path, port, "--guests", "1"))
    host.expect("room code")
    wrong = procs("--join", f"127.0.0.1:{port}", "--room", "WRANG2", "--data-dir",
                  str(tmp_path / "b"))  # fmt: skip
    assert wrong.wait(60) == 2
    assert len(wrong.lines) == 1 and "room code is wrong" in wrong.lines[0], wrong.lines
    bad = procs("--join", "127.0.0.1:99999", "--room", ROOM, "--data-dir", str(tmp_path / "c"))
    assert bad.wait(60) == 2 and len(bad.lines) == 1, bad.lines
