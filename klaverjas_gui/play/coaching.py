"""The coach at a session: each person's decision judged in the background and stored.

`Coach` listens to a `MatchSession`. After a person's move it hands the position as
that seat saw it (the observation only) and the chosen action to its own `Jobs`
thread, so a slow judgement (the exact solver late in a deal) never holds up the
frame loop nor the computer players' answers. Once a frame (`poll`, on the frame
loop's thread, which owns the history's connection) finished judgements are stored
in the history with the match and told to whoever listens (a live note, a report).
No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import Action
from ..teach import coach
from .seats import CancelToken, Job, Jobs

if TYPE_CHECKING:
    from .session import MatchSession

Heard = Callable[[Any, coach.Judgement], None]  # (the observation, its judgement)


class Coach:
    """Judges the decisions of the people at a session and records them in its history."""

    def __init__(
        self, session: MatchSession, worlds: int | None = coach.WORLDS, jobs: Jobs | None = None
    ) -> None:
        self.session = session
        self.worlds = worlds
        # Its own thread: a judgement queued behind nobody and holding up no computer.
        self.jobs = jobs or Jobs(synchronous=session.jobs.synchronous, name="klaverjas-coach")
        self.pending: list[tuple[Any, Job[coach.Judgement | None]]] = []
        self.judged: list[tuple[Any, coach.Judgement]] = []  # (observation, judgement)
        self.listeners: list[Heard] = []
        session.listen(self.heard)
        session.every_frame(self.poll)
        session.on_close(self.close)

    def listen(self, listener: Heard) -> None:
        """Call `listener(observation, judgement)` for each judgement, on the frame loop."""
        self.listeners.append(listener)

    def heard(self, before: Any, action: Action, events: list[Any]) -> None:
        """A move was made: a person's decision is sent to be judged."""
        seat = before.to_move
        if not self.session.is_person(seat):
            return
        obs = before.observation(seat)
        if not coach.is_decision(obs):
            return
        seq = before.n_actions + 1
        seed = coach.judgement_seed(self.session.seed, seq)
        job = self.jobs.submit(_judge, obs, action, seed, self.worlds, seq, key=("coach", seq))
        self.pending.append((obs, job))
        if job.done():
            self.poll()  # synchronous: told at once

    def poll(self) -> None:
        """Store and tell the judgements finished since the last frame, in order."""
        while self.pending and self.pending[0][1].done():
            obs, job = self.pending.pop(0)
            j = job.result()
            if j is None:
                continue
            self.judged.append((obs, j))
            history = self.session.history
            if history is not None:
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
        for _, job in list(self.pending):
            job.wait(seconds)
        self.poll()
        return not self.pending

    def close(self) -> None:
        """Drop the judgements not done: the session is closing."""
        self.jobs.close()


def _judge(
    token: CancelToken, obs: Any, action: Action, seed: int, worlds: int | None, seq: int
) -> coach.Judgement | None:
    return coach.judge(obs, action, seed, worlds, cancelled=token, seq=seq)
