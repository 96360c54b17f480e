"""Who sits where, and the one thread that slow work (computer players, hints, reviews) runs on.

Seats are interchangeable (DESIGN principle 3): whatever sits in a seat hands
the table an engine Action. A person at this screen answers through the
table's input; every other seat is asked with `ask`, which returns a `Job`
(a future) that the table polls each frame, so a slow answer never stalls
the frame loop. A computer answers on the `Jobs` thread. A person at another
laptop (`RemoteSeat`) answers through the network: the host's network side
submits the move, and the session only waits for it, until the person has been
away longer than the grace period and the seat's stand-in computer is asked.

`Jobs` is the background runner: `submit(fn, *args)` returns a `Job` with
`cancel()`, `done()` and `result()`, as in concurrent.futures, and every job
gets its `CancelToken` as first argument (as Go passes a context) so that a
long search can stop when nobody wants its answer any more. `synchronous=True`
runs each job inside `submit`, for reproducible screenshots and `--frames`.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..engine import Action, Observation
from ..i18n import shown_name, tr

log = logging.getLogger(__name__)
T = TypeVar("T")

HUMAN = "human"  # a person at this screen: answers through the table's input
COMPUTER = "computer"  # a computer player at a level: answers through a Job
REMOTE = "remote"  # a person at another laptop: answers through the network (play/net)
GRACE = 30.0  # seconds a dropped network seat waits for its person before a computer plays

SEAT_NAMES = ("You", "Henk", "Anna", "Joop")
DEMO_NAMES = ("Sanne", "Henk", "Anna", "Joop")


def default_level(names: Sequence[str]) -> str:
    """ "easy" when `names` (a game's levels, `Game.levels()`) offer it, otherwise "random"
    (or the first level)."""
    return "easy" if "easy" in names else ("random" if "random" in names else names[0])


def valid_level(level: str | None, names: Sequence[str]) -> str:
    """The level asked for if it is one of `names`, else the default."""
    return level if level and level in names else default_level(names)


def display_name(name: str) -> str:
    """A seat's name as shown: the default "You" follows the language, chosen names stay."""
    return tr("ui.seat_you") if name == SEAT_NAMES[0] else shown_name(name)


# --- cancellation and futures ---
class CancelToken:
    """Set once, when nobody wants a job's answer any more; calling it says whether it is.

    A plain flag (one attribute read under the GIL), cheap enough for a search to ask
    at every node."""

    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def __call__(self) -> bool:
        return self.cancelled


_PENDING, _RUNNING, _FINISHED = "pending", "running", "finished"


class Job(Generic[T]):
    """The future of one submitted job: `key` says what it was asked for (e.g. the
    position), `error` holds a failed job's traceback."""

    def __init__(self, fn: Callable[..., T], args: tuple[Any, ...], key: Hashable = None) -> None:
        self.key = key
        self.token = CancelToken()
        self.error: str | None = None
        self._call: tuple[Callable[..., T], tuple[Any, ...]] | None = (fn, args)
        self._value: T | None = None
        self._state = _PENDING
        self._lock = threading.Lock()
        self._finished = threading.Event()

    def __repr__(self) -> str:
        cancelled = ", cancelled" if self.cancelled() else ""
        return f"Job(key={self.key!r}, {self._state}{cancelled})"

    def cancel(self) -> None:
        """Nobody wants the answer: a job not started never runs, a running one is told
        through its token, and `result()` is None from now on."""
        with self._lock:
            self.token.cancel()
            if self._state == _PENDING:
                self._finish()

    def cancelled(self) -> bool:
        return self.token.cancelled

    def done(self) -> bool:
        """Finished, failed or cancelled: nothing more to wait for."""
        return self.token.cancelled or self._finished.is_set()

    def running(self) -> bool:
        """The work is still going on (a cancelled search may take a moment to notice)."""
        return self._state == _RUNNING

    def wait(self, seconds: float | None = None) -> bool:
        """Block until the work has really stopped (tests, screenshots); True if it has."""
        return self._finished.wait(seconds)

    def result(self, seconds: float | None = None) -> T | None:
        """The answer, waiting up to `seconds` for it (TimeoutError after that); None if
        the job was cancelled or failed, so a cancelled job's answer is never used."""
        if not self.token.cancelled and not self._finished.wait(seconds):
            raise TimeoutError(f"{self!r} has no answer yet")
        return None if self.token.cancelled or self.error else self._value

    def run(self) -> None:
        """Do the work on the calling thread, unless it was cancelled first. An exception
        is kept in `error` and logged, never raised: a broken player or search must not
        take the frame loop down."""
        with self._lock:
            if self._state != _PENDING or self._call is None:
                return
            self._state = _RUNNING
            fn, args = self._call
        try:
            self._value = fn(self.token, *args)
        except Exception:  # noqa: BLE001 - reported through `error`
            if not self.token.cancelled:  # a search stopped by its token is no failure
                self.error = traceback.format_exc(limit=3)
                log.warning("background job %r failed:\n%s", self.key, self.error)
        with self._lock:
            self._finish()

    def _finish(self) -> None:
        self._state = _FINISHED
        self._call = None  # drop the arguments: a finished job keeps no observation alive
        self._finished.set()


class Jobs:
    """The background runner: one daemon thread, started on the first job, runs jobs in
    the order submitted (the work is CPU bound, so one thread is all a laptop's cores
    give). A scene owns one and closes it when it closes: that cancels its jobs."""

    def __init__(self, synchronous: bool = False, name: str = "klaverjas-jobs") -> None:
        self.synchronous = synchronous
        self.name = name
        self._queue: queue.SimpleQueue[Job[Any] | None] = queue.SimpleQueue()
        self._waiting: set[Job[Any]] = set()  # submitted and not finished: close cancels them
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, fn: Callable[..., T], *args: Any, key: Hashable = None) -> Job[T]:
        """Run `fn(token, *args)` in the background and return its Job at once (in
        synchronous mode the job has run when this returns)."""
        job: Job[T] = Job(fn, args, key)
        if self.synchronous:
            job.run()
            return job
        with self._lock:
            if self._closed:  # a closed scene asks nothing more
                job.cancel()
                return job
            self._waiting.add(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()
        self._queue.put(job)
        return job

    def _loop(self) -> None:
        while (job := self._queue.get()) is not None:
            job.run()
            with self._lock:
                self._waiting.discard(job)

    def close(self, seconds: float = 0.0) -> bool:
        """Cancel every job not finished and let the thread end once the running one has
        noticed; waits up to `seconds` for that. True if no thread is left."""
        with self._lock:
            self._closed = True
            waiting, self._waiting = self._waiting, set()
            thread, self._thread = self._thread, None
        for job in waiting:
            job.cancel()
        if thread is None:
            return True
        self._queue.put(None)
        thread.join(seconds)
        return not thread.is_alive()


# --- seats ---
class Chooser(Protocol):
    """A computer player of either game: its move from what its seat sees."""

    def choose(self, obs: Any) -> Action: ...


class Seat(Protocol):
    """Whatever sits in a seat. `kind` HUMAN answers through this screen's input; every
    other kind is asked with `ask`, whose Job the table polls until it is done."""

    name: str  # as stored in the history: the default "You" stays "You" in every language

    @property
    def kind(self) -> str: ...

    @property
    def is_human(self) -> bool:
        """A person sits here (cards shown to them, hot-seat cover), wherever they are."""
        ...

    @property
    def label(self) -> str: ...

    def ask(self, obs: Observation, jobs: Jobs, key: Hashable = None) -> Job[Action]: ...


@dataclass
class HumanSeat:
    """A person at this screen."""

    name: str
    kind: ClassVar[str] = HUMAN
    is_human: ClassVar[bool] = True

    @property
    def label(self) -> str:
        return display_name(self.name)

    def ask(self, obs: Observation, jobs: Jobs, key: Hashable = None) -> Job[Action]:
        raise TypeError("a person at this screen answers through the table's input")


@dataclass
class ComputerSeat:
    """A computer player at a level; `player` is any object with `choose(observation)`.
    `seed`: the seat's own seed (from the match's); with it each decision's random numbers
    start afresh from the seed and the position's number of actions, so a match resumed
    from the history decides exactly as the uninterrupted one (a player's random stream
    would otherwise start again from the seed at the resumed position)."""

    name: str
    level: str
    player: Any = field(repr=False, default=None)
    seed: int | None = None
    kind: ClassVar[str] = COMPUTER
    is_human: ClassVar[bool] = False

    @property
    def label(self) -> str:
        return display_name(self.name)  # a replay seats a computer under the name "You"

    def ask(self, obs: Observation, jobs: Jobs, key: Hashable = None) -> Job[Action]:
        """The player's choice, thought out on the runner's thread; `key` is the position's
        number of actions (as MatchSession asks)."""
        return jobs.submit(_choose, self.player, obs, self._decision_seed(key), key=key)

    def choose(self, obs: Observation, n_actions: int) -> Action:
        """The player's choice at the position after `n_actions` actions, on this thread
        (the autopilot's)."""
        return _choose(CancelToken(), self.player, obs, self._decision_seed(n_actions))

    def _decision_seed(self, key: Hashable) -> str | None:
        if self.seed is None or not isinstance(key, int):
            return None
        return f"{self.seed}/{key}"


@dataclass
class RemoteSeat:
    """A person at another laptop, joined over the network (play/net/host.py).

    The host's network side asks the session to play what the guest sends; the session
    only waits for it while the person is connected or dropped less than `grace` seconds
    ago (`waiting`). After that the `stand_in` computer plays the seat, through `ask`,
    until the person rejoins under the same name: then the session waits again, at the
    exact position it is in. `claimed`: a guest has sat here (its name is the guest's).
    `benched`: the guest is connected but did not move within the turn limit, so the
    stand-in plays for them (the seat stays theirs) until they move or ask for it again,
    or the host's person takes it back (play/net/host.py)."""

    name: str
    stand_in: ComputerSeat = field(repr=False)
    grace: float = GRACE
    clock: Callable[[], float] = field(repr=False, default=time.monotonic)
    present: bool = False
    claimed: bool = False
    away_since: float = field(default=-1.0)
    benched: bool = False
    kind: ClassVar[str] = REMOTE
    is_human: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.away_since < 0:  # the grace starts when the seat opens (or the host restarts)
            self.away_since = self.clock()

    @property
    def label(self) -> str:
        return self.name

    @property
    def level(self) -> str:
        return self.stand_in.level

    def arrive(self, name: str | None = None) -> None:
        """The person (re)joined: the session waits for them again."""
        if name is not None and not self.claimed:
            self.name = name
        self.present = self.claimed = True
        self.benched = False

    def leave(self) -> None:
        """The connection dropped: the grace period starts now."""
        if self.present:
            self.present = False
            self.away_since = self.clock()

    def waiting(self) -> bool:
        """The session waits for the person's own move (connected, or still in the grace),
        unless a computer was let play for them (`benched`)."""
        return not self.benched and (self.present or self.clock() - self.away_since < self.grace)

    def ask(self, obs: Observation, jobs: Jobs, key: Hashable = None) -> Job[Action]:
        """The stand-in's choice: asked only once the person is away past the grace."""
        return self.stand_in.ask(obs, jobs, key)


def _choose(
    token: CancelToken, player: Chooser | None, obs: Observation, seed: str | None = None
) -> Action:
    if player is None:
        raise RuntimeError("no computer player available")
    if seed is not None:
        reseed(player, seed)
    return player.choose(obs)


def reseed(player: Any, seed: str, depth: int = 3) -> None:
    """Seed every random stream of `player` afresh from `seed`: its own and those of the
    players inside it (normal Klabberjass asks a rule player and a search), each its own."""
    for name, value in getattr(player, "__dict__", {}).items():
        if isinstance(value, random.Random):
            value.seed(f"{seed}/{name}")
        elif depth > 0 and callable(getattr(value, "choose", None)):
            reseed(value, f"{seed}/{name}", depth - 1)
