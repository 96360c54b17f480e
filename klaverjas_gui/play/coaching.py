"""The coach at a session: each person's decision judged in the background and stored.

`Coach` listens to a `MatchSession`. After a person's move it hands the position as
that seat saw it (the observation only) and the chosen action to a judge of its own,
so a slow judgement (the exact solver late in a deal) never holds up the frame loop
nor the computer players' answers. The judge is a separate process (`JudgeProcess`,
started on the first decision): a judgement is seconds of pure Python, and on a
thread it would take the interpreter from the frame loop many times a frame (frames
of 15-140 ms were measured that way, benchmarks/coach.py --frames). A deterministic
session (screenshots, tests) judges at once, in order. Each judgement is capped at
`coach.SECONDS` of wall time. Once a frame (`poll`, on the frame loop's thread, which
owns the history's connection) finished judgements are stored in the history with the
match and told to whoever listens (the table's note, a report). No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import Action
from ..teach import coach
from .seats import CancelToken, Job, Jobs

if TYPE_CHECKING:
    from .session import MatchSession

log = logging.getLogger(__name__)

Heard = Callable[[Any, coach.Judgement], None]  # (the observation, its judgement)
# What one judgement needs: observation, chosen action, seed, worlds, seq, seconds.
Task = tuple[Any, Action, int, "int | None", int, "float | None"]


class JudgeProcess:
    """Judgements in a process of its own, lowered in priority, started on first use.

    Tasks go down a pipe in order and come back as (seq, judgement or None); a judge that
    died or could not start drops its judgements (logged): the coach falls silent, play
    goes on."""

    def __init__(self) -> None:
        self._conn: Any = None
        self._proc: Any = None
        self._results: dict[int, coach.Judgement | None] = {}
        self._asked: set[int] = set()
        self.broken = False

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # never fork a process holding SDL
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(theirs,), name="klaverjas-coach", daemon=True)
        proc.start()
        theirs.close()
        self._conn, self._proc = ours, proc

    def submit(self, seq: int, task: Task) -> None:
        self._asked.add(seq)
        if self.broken:
            self._results[seq] = None
            return
        try:
            if self._proc is None:
                self._start()
            self._conn.send((seq, task))
        except (OSError, EOFError, ValueError) as e:  # cannot start, or the judge is gone
            self._fail(e)

    def _fail(self, error: BaseException) -> None:
        if not self.broken:
            log.warning("the coach's judge stopped (%s); the coach is silent", error)
        self.broken = True
        for seq in self._asked:
            self._results.setdefault(seq, None)

    def _collect(self, timeout: float = 0.0) -> None:
        if self._conn is None or self.broken:
            return
        try:
            while self._conn.poll(timeout):
                seq, judgement = self._conn.recv()
                self._results[seq] = judgement
                timeout = 0.0
        except (OSError, EOFError) as e:
            self._fail(e)

    def done(self, seq: int) -> bool:
        self._collect()
        return seq in self._results

    def result(self, seq: int) -> coach.Judgement | None:
        self._asked.discard(seq)
        return self._results.pop(seq, None)

    def wait(self, seq: int, seconds: float | None) -> bool:
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.done(seq):
            left = 0.1 if deadline is None else deadline - time.monotonic()
            if left <= 0:
                return False
            self._collect(min(left, 0.1))
        return True

    def close(self) -> None:
        """End the judge now: what it still works on is not wanted any more."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError, ValueError):
            self._conn.close()
        proc.terminate()
        proc.join(2.0)


class _OnJobs:
    """Judgements on a `Jobs` runner: synchronous for a deterministic session."""

    def __init__(self, jobs: Jobs) -> None:
        self.jobs = jobs
        self._jobs: dict[int, Job[coach.Judgement | None]] = {}

    def submit(self, seq: int, task: Task) -> None:
        self._jobs[seq] = self.jobs.submit(_judge, *task, key=("coach", seq))

    def done(self, seq: int) -> bool:
        return self._jobs[seq].done()

    def result(self, seq: int) -> coach.Judgement | None:
        job = self._jobs.pop(seq)
        return None if job.error else job.result()

    def wait(self, seq: int, seconds: float | None) -> bool:
        return self._jobs[seq].wait(seconds)

    def close(self) -> None:
        self.jobs.close()


class Coach:
    """Judges the decisions of the people at a session and records them in its history."""

    def __init__(
        self, session: MatchSession, worlds: int | None = coach.WORLDS, jobs: Jobs | None = None,
        seconds: float | None = coach.SECONDS, judge: JudgeProcess | None = None,
    ) -> None:  # fmt: skip
        """`jobs`: judge on this runner instead of a process (a deterministic session
        judges synchronously, unless given a `judge`). `seconds`: each judgement's cap."""
        self.session = session
        self.worlds = worlds
        self.seconds = seconds
        self.judge: JudgeProcess | _OnJobs
        if judge is not None:
            self.judge = judge
        elif jobs is not None or session.jobs.synchronous:
            self.judge = _OnJobs(jobs or Jobs(synchronous=True, name="klaverjas-coach"))
        else:
            self.judge = JudgeProcess()
        self.autopilot = False  # also judge the autopilot's moves (tests, benchmarks)
        self.pending: list[tuple[Any, int]] = []  # (observation, seq), in order
        self.judged: list[tuple[Any, coach.Judgement]] = []  # (observation, judgement)
        self.listeners: list[Heard] = []
        session.listen(self.heard)
        session.every_frame(self.poll)
        session.on_close(self.close)

    def listen(self, listener: Heard) -> None:
        """Call `listener(observation, judgement)` for each judgement, on the frame loop."""
        self.listeners.append(listener)

    def heard(self, before: Any, action: Action, events: list[Any]) -> None:
        """A move was made: a person's decision is sent to be judged (the autopilot's
        only when asked: it is a computer playing for the person)."""
        seat = before.to_move
        if not self.session.is_person(seat):
            return
        if self.session.autopilot is not None and not self.autopilot:
            return
        obs = before.observation(seat)
        if not coach.is_decision(obs):
            return
        seq = before.n_actions + 1
        seed = coach.judgement_seed(self.session.seed, seq)
        self.judge.submit(seq, (obs, action, seed, self.worlds, seq, self.seconds))
        self.pending.append((obs, seq))
        if isinstance(self.judge, _OnJobs) and self.judge.done(seq):
            self.poll()  # synchronous: told at once

    def poll(self) -> None:
        """Store and tell the judgements finished since the last frame, in order."""
        while self.pending and self.judge.done(self.pending[0][1]):
            obs, seq = self.pending.pop(0)
            j = self.judge.result(seq)
            if j is None:
                continue
            self.judged.append((obs, j))
            history = self.session.history
            if history is not None and self.session.match_id is not None:
                history.record_decision(
                    self.session.match_id, j.seq, j.seat, j.kind, j.mistake, j.cost,
                    str(j.chosen), str(j.best),
                )  # fmt: skip
            for listener in self.listeners:
                listener(obs, j)

    def busy(self) -> bool:
        """Judgements still being worked out (a match report waits for them)."""
        return bool(self.pending)

    def wait(self, seconds: float | None = None) -> bool:
        """Block until every judgement asked for is done and stored (tests, the report
        after the last card); True if none is left."""
        deadline = None if seconds is None else time.monotonic() + seconds
        for _, seq in list(self.pending):
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            self.judge.wait(seq, left)
        self.poll()
        return not self.pending

    def close(self) -> None:
        """Store what is done, drop the judgements not done: the session is closing."""
        self.poll()
        self.judge.close()


def _judge(
    token: CancelToken | None, obs: Any, action: Action, seed: int, worlds: int | None,
    seq: int, seconds: float | None,
) -> coach.Judgement | None:  # fmt: skip
    return coach.judge(obs, action, seed, worlds, cancelled=token, seq=seq, seconds=seconds)


def _serve(conn: Any) -> None:
    """The judge process: judgements in order until the pipe closes. It yields the
    processor to the game's own process (a lower priority where the system has one)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
    while True:
        try:
            seq, task = conn.recv()
        except (EOFError, OSError):
            return
        try:
            judgement = _judge(None, *task)
        except Exception:  # a bad position must not end the judge: that one is dropped
            log.exception("the coach could not judge action %d", seq)
            judgement = None
        try:
            conn.send((seq, judgement))
        except (OSError, ValueError):
            return
