"""Practise your mistakes: positions from the person's own history, asked again.

The drills are the costliest decisions the coach stored (`History.drills`, those worth
a note: `coach.FLAG` points or more), each position rebuilt exactly from its match's
seed and moves (`History.position_before`). While the person looks at a position, the
coach values its options again in the background, with the judgement's own seed, so
the values are those the stored judgement had; the new answer is measured against the
best of them (`coach.again`) and told in the coach's sentence. A stored position that
no longer fits its match (an edited history) is passed over, not shown wrong.

The flow lives here, the scene (ui/drill.py) only shows it. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Action, StateError
from ..games import get_game
from ..i18n import tr
from ..teach import coach
from .seats import CancelToken, Job, Jobs

DRILLS = 20  # positions in one practice, the costliest first
# Sampled deals per position: the live coach's, so the values are the stored judgement's.
WORLDS = coach.WORLDS


@dataclass(frozen=True)
class Drill:
    """One position to answer again: the stored decision, its match and the position."""

    decision: Any  # store.history.Decision
    record: Any  # store.history.MatchRecord
    state: Any  # the position before the decision, as the engine rebuilt it
    obs: Any  # what the person saw there

    @property
    def question(self) -> str:
        """ "Which card?", "Which card to lay away?" or "Name or pass?" (any other bidding
        question)."""
        if self.obs.phase == "play":
            return tr("coach.drill_card")
        return tr(
            "coach.drill_talon" if coach.situation(self.obs) == "talon" else "coach.drill_bid"
        )


@dataclass(frozen=True)
class Verdict:
    """How the new answer compares: `level` "best", "close" (under `coach.FLAG` points
    from the best) or "costly"; `text` the coach's sentence."""

    level: str
    judgement: coach.Judgement  # of the new answer
    text: str


class Practice:
    """A round of drills: `drill` is the one shown, `verdict` its answer's (None before)."""

    def __init__(
        self, history: Any, game: str | None = None, n: int = DRILLS,
        worlds: int | None = None, jobs: Jobs | None = None,
    ) -> None:  # fmt: skip
        """`worlds`: sampled deals per position (None: `WORLDS`, as the live coach)."""
        self.history = history
        self.worlds = WORLDS if worlds is None else worlds
        self.jobs = jobs or Jobs(name="klaverjas-drill")
        self.queue = [d for d in history.drills(n, game) if d.cost >= coach.FLAG]
        self.total = len(self.queue)
        self.done = 0  # drills answered
        self.drill: Drill | None = None
        self.job: Job[coach.Judgement | None] | None = None
        self.answer: Action | None = None
        self.verdict: Verdict | None = None
        self.next()

    @property
    def empty(self) -> bool:
        """Nothing (more) to practise."""
        return self.drill is None

    def next(self) -> bool:
        """Show the next stored position that still fits its match; False if none is left."""
        if self.job is not None:
            self.job.cancel()
        self.drill, self.job, self.answer, self.verdict = None, None, None, None
        while self.queue:
            d = self.queue.pop(0)
            try:
                state = self.history.position_before(d)
            except StateError:
                continue
            record = self.history.match(d.match_id)
            obs = state.observation(d.seat)
            chosen = get_game(record.game).parse_action(d.chosen)
            seed = coach.judgement_seed(record.seed, d.seq)
            self.drill = Drill(d, record, state, obs)
            self.job = self.jobs.submit(_judge, obs, chosen, seed, self.worlds, d.seq)
            return True
        return False

    def choose(self, action: Action) -> bool:
        """The person's new answer; False (and nothing changes) if it is not allowed here
        or the drill was answered already."""
        if self.drill is None or self.answer is not None or action not in self.drill.obs.legal:
            return False
        self.answer = action
        self.poll()
        return True

    @property
    def weighing(self) -> bool:
        """Answered, and the coach's values are not worked out yet."""
        return self.answer is not None and self.verdict is None

    def poll(self) -> Verdict | None:
        """The verdict once the answer is given and the values are known (each frame)."""
        job, drill = self.job, self.drill
        if self.verdict is not None or self.answer is None or job is None or drill is None:
            return self.verdict
        j = job.result() if job.done() else None
        if j is not None:
            self.verdict = verdict(drill, coach.again(drill.obs, j, self.answer))
            self.done += 1
        return self.verdict

    def wait(self, seconds: float | None = None) -> Verdict | None:
        """Block until the values are known (tests, screenshots)."""
        if self.job is not None:
            self.job.wait(seconds)
        return self.poll()

    def close(self) -> None:
        self.jobs.close()


def _judge(
    token: CancelToken, obs: Any, chosen: Action, seed: int, worlds: int | None, seq: int
) -> coach.Judgement | None:
    return coach.judge(obs, chosen, seed, worlds, cancelled=token, seq=seq)


def verdict(drill: Drill, j: coach.Judgement) -> Verdict:
    """The new answer in the coach's words, beside what the first answer cost."""
    obs, d = drill.obs, drill.decision
    key = coach.side_key("coach.drill_before", obs)
    before = tr(key, chosen=coach.did(obs, drill.state.parse_action(d.chosen)),
                cost=coach.points(d.cost))  # fmt: skip
    if j.cost == 0.0:
        return Verdict("best", j, tr("coach.drill_best", chosen=coach.did(obs, j.chosen),
                                     before=before))  # fmt: skip
    if round(j.cost) == 0:  # not "about 0 points": its note would only say "about as good"
        return Verdict("close", j, tr("coach.drill_close_under", chosen=coach.did(obs, j.chosen)))
    if j.cost < coach.FLAG:
        words = tr("coach.drill_close", chosen=coach.did(obs, j.chosen),
                   cost=coach.points(j.cost), note=coach.note(obs, j))  # fmt: skip
        return Verdict("close", j, words)
    key = "coach.drill_same" if str(j.chosen) == d.chosen else "coach.drill_costly"
    return Verdict("costly", j, tr(key, note=coach.note(obs, j)))
