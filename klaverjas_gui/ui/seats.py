"""Who sits where: human seats and computer seats, and the thread the computers think on.

Seats are interchangeable (DESIGN principle 3): whatever sits in a seat hands
the table an engine Action. Computer players run on a worker thread so a slow
search never stalls the frame loop; the table polls for finished answers.
"""

from __future__ import annotations

import queue
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Observation
from ..i18n import tr


def levels() -> tuple[str, ...]:
    """The AI package's levels. Imported on first use: the search code takes a while to
    load, and the menu must not wait for it before its first frame."""
    from ..ai import LEVELS

    return tuple(LEVELS)


def default_level() -> str:
    """ "easy" when the AI package offers it, otherwise "random" (or its first level)."""
    names = levels()
    return "easy" if "easy" in names else ("random" if "random" in names else names[0])


def valid_level(level: str | None) -> str:
    """The level asked for if the AI package has it, else the default."""
    return level if level and level in levels() else default_level()


SEAT_NAMES = ("You", "Henk", "Anna", "Joop")
DEMO_NAMES = ("Sanne", "Henk", "Anna", "Joop")
COMPASS = ("South", "West", "North", "East")


def compass(seat: int) -> str:
    """South, West, North, East in the current language."""
    return tr(f"ui.compass_{seat}")


def level_label(level: str) -> str:
    """A computer level ("easy") or "mixed" in words; an unknown one as it is."""
    if level in ("random", "easy", "normal", "hard", "mixed"):
        return tr(f"ui.level_{level}")
    return level


def display_name(name: str) -> str:
    """A seat's name as shown: the default "You" follows the language, chosen names stay."""
    return tr("ui.seat_you") if name == SEAT_NAMES[0] else name


@dataclass
class HumanSeat:
    name: str  # as stored in the history: the default stays "You" in every language
    is_human: bool = True

    @property
    def label(self) -> str:
        return display_name(self.name)


@dataclass
class ComputerSeat:
    name: str
    level: str
    player: Any = field(repr=False, default=None)
    is_human: bool = False

    @property
    def label(self) -> str:
        return display_name(self.name)  # a replay seats a computer under the name "You"


def make_seat(name: str, level: str, seed: int) -> ComputerSeat:
    from ..ai import make_player

    return ComputerSeat(name, level, make_player(level, seed))


@dataclass
class Job:
    key: Any
    seat: ComputerSeat
    obs: Observation
    asked_at: float
    answer: Action | None = None
    error: str | None = None
    done: bool = False


class AIWorker:
    """Runs computer players' choose() on one daemon thread.

    `synchronous=True` answers inside `ask` (used for reproducible screenshots).
    """

    def __init__(self, synchronous: bool = False) -> None:
        self.synchronous = synchronous
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def ask(self, key: Any, seat: ComputerSeat, obs: Observation) -> Job:
        job = Job(key, seat, obs, time.monotonic())
        if self.synchronous:
            _run(job)
            return job
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="klaverjas-ai", daemon=True)
            self._thread.start()
        self._jobs.put(job)
        return job

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            _run(job)

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None


def _run(job: Job) -> None:
    try:
        if job.seat.player is None:
            raise RuntimeError("no computer player available")
        job.answer = job.seat.player.choose(job.obs)
    except Exception:  # a broken player must not take the table down with it
        job.error = traceback.format_exc(limit=3)
    job.done = True
