"""One match being played, outside the screen: `MatchSession`. No pygame here.

A session owns the engine state, the seats and the history's match id. Every move,
a person's or a computer's, goes through the one `submit`, which asks the engine (or
a lesson, `LessonSession`) whether it is allowed and then tells each listener
`(before, action, events)`: the history records it (`record_to`), the table animates
it, the demo captions it. `step(dt)`, called once a frame, does what happens without
a person: it asks the computer seats through the `Jobs` runner and plays their
answers after a pace, passes or claims roem when the trick pause is over, answers a
question that has one answer, and lets the autopilot play a person's cards.

Verzaakt (`revoke = club`): a computer seat calls "Verzaakt!" as soon as the cards played
prove a wrong card of the other team (ai/knowledge.py `seen_revoke`), a person with the
table's button; after the deal's last trick the session scores the deal (passes
"deal_end") when the trick pause is over, so that the last trick can be called too.

The screen tells the session only what the picture allows (`Picture`): whether the
animation has caught up with the engine. The trick pause is the session's (`TrickPause`):
the screen opens it when a finished trick has landed, the session's clock runs it
(`tick`), claims or passes when it is over and says when the trick may go. Without a
screen (`STILL`) everything is shown at once and a trick pause is over as it begins.
Starting, continuing and resuming a match: `new_session` and `resume_session`.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Action, StateError
from ..engine.match import CLAIM_ROEM, DEAL_END, PASS, VERZAAKT, TrickWon, verzaakt
from ..engine.reasons import Reason
from ..games import Game, game_of
from ..i18n import tr
from .seats import (
    DEMO_NAMES,
    HUMAN,
    REMOTE,
    SEAT_NAMES,
    ComputerSeat,
    HumanSeat,
    Job,
    Jobs,
    valid_level,
)

if TYPE_CHECKING:
    from ..store.history import History
    from ..teach.lessons import LessonRun

log = logging.getLogger(__name__)

PACE = {"bidding": 0.3, "kraak": 0.4, "play": 0.12, "claim": 0.15}  # a computer's minimum "think"
THINKING_AFTER = 0.3  # a computer thinking longer than this is shown thinking
AUTOPILOT_PACE = 0.45  # the autopilot's human-looking pause before each decision
# A person's only allowed card plays itself after this pause (times the animation speed):
# time to see that it is their turn and which card it is. Settings.forced_card says when.
FORCED_PAUSE = 0.6
SCRIPT_PACE = 0.8  # a lesson: seconds between two scripted moves (times the animation speed)
FIRST_PAUSE = 1.2  # a lesson: time to read the introduction before the first scripted move
BOTTOM = 0  # the seat at the bottom of the screen when no person sits anywhere
_HOLD = random.Random()  # the computers' waits (_hold): nothing of the deal's secret
LESSON = "lesson"  # the Reason key of a move a lesson does not want: values["text"] says why
# "Verzaakt!" a second time by the same seat before another trick is closed: it would prove
# what the first call proved, yet every seat would be told and the history keep it. The
# network gives a guest the same Reason (play/net/protocol.py).
CALLED_ALREADY = "called_already"
SESSION_REASONS = (CALLED_ALREADY,)  # worded under net.reason_* (the network's words)
# The seeds a match is dealt from: 0 .. 2**63 - 1, what the history's SQLite INTEGER holds
# (and `--seed N` takes), so every stored match replays from its seed.
SEED_LIMIT = 2**63


def refusal_words(reason: Reason) -> str:
    """Why a move is refused, in words: the session's own reasons as the network tells a
    guest (net.reason_*), the engine's as the table refuses a card (words.reason_text)."""
    if reason.key in SESSION_REASONS:
        return tr(f"net.reason_{reason.key}")
    from ..words import reason_text

    return reason_text(reason)


def closed_tricks(state: Any) -> tuple[int, int]:
    """What a "Verzaakt!" call can prove changes only when a trick closes: the deal (its
    first action) and the tricks closed in it."""
    return (state.deal_start, len(getattr(state, "tricks", ())))


Listener = Callable[[Any, Action, list[Any]], None]


class Picture(Protocol):
    """What the screen showing a session lets it do (the table's director)."""

    # Whether a finished trick lies still on this screen for `TrickPause` (without one, a
    # trick pause is over as it begins).
    pauses: bool

    def ready(self) -> bool:
        """The picture has caught up: the seat to move may decide now."""
        ...


class _Still:
    """No screen: every move is shown at once and a trick pause is over as it begins."""

    pauses = False

    def ready(self) -> bool:
        return True


STILL: Picture = _Still()


TRICK_PAUSE = 1.15  # seconds a finished trick lies still (times the speed) ...
ASKED_PAUSE = 2.2  # ... when a person here may claim its roem or call the deal's last trick


@dataclass
class TrickPause:
    """The clock of a finished trick lying still: roem may be claimed (and the deal's last
    trick called) until it is over. The screen opens it when the trick has landed and waits
    for `done`; `MatchSession.tick` runs it, the table only shows it."""

    spent: float = 0.0
    allowed: float = 0.0
    open: bool = False  # a trick lies still

    @property
    def over(self) -> bool:
        """The pause is over while the trick still lies there (a claim may be open)."""
        return self.open and self.spent >= self.allowed

    def left(self) -> float:
        """The part of the pause still to come (1.0 at its start), for its bar."""
        return 1 - self.spent / self.allowed if self.allowed else 0.0

    def end_now(self) -> None:
        """The person plays on: the trick goes now."""
        self.spent = self.allowed

    def restart(self) -> None:
        """The full pause again (the hot-seat cover was up for the next person)."""
        self.spent = 0.0


@dataclass
class Pace:
    """The settings a session reads (`store.prefs.Settings` has the same two)."""

    speed: float = 1.0  # animation time factor: the computers' pace scales with it
    auto_roem_claim: bool = False  # claim roem for a person when the trick pause ends
    forced_card: str = "last_trick"  # off, last_trick, always: when a forced card plays itself


def fresh_seed() -> int:
    """A new match's seed: a secret from the operating system's random source, drawn from
    all 2**63 seeds. Every card of the match follows from it, so it must not be findable by
    trying seeds against one's own hand (docs/network.md: what a seat can infer)."""
    return secrets.randbelow(SEED_LIMIT)


def computer_seat(game: Game, seed: int, name: str, level: str, seat: int) -> ComputerSeat:
    """The game's computer player for `seat`, seeded from the match's seed."""
    own = game.player_seed(seed, seat)
    return ComputerSeat(name, level, game.make_player(level, own), own)


@dataclass
class Seating:
    """Who sits where: the seats, the people at this screen among them, the autopilot."""

    seats: list[Any]
    people: tuple[int, ...]
    autopilot: ComputerSeat | None


def make_seats(
    game: Game,
    seed: int,
    plan: Sequence[tuple[str, str]] | None = None,
    level: str | None = None,
    demo: bool = False,
    autopilot: bool = False,
) -> Seating:
    """The seats of `plan` ((name, kind) per seat, kind "human" or a level), the people
    and the autopilot: a computer playing the bottom person's cards (asked for, or because
    no person sits at the table: then the bottom seat is "You" played by a computer, and
    nobody counts as a person). A demo seats computers everywhere and has no autopilot."""
    known = game.levels()
    level = valid_level(level, known)
    names = DEMO_NAMES if demo else SEAT_NAMES
    plan = list(plan) if plan else [(names[s], level) for s in range(game.players)]
    people = () if demo else game.human_seats([kind for _, kind in plan])
    holder = None if demo else (people or (BOTTOM,))[0]
    seats = [
        HumanSeat(name)
        if s == holder or s in people
        else computer_seat(game, seed, name, valid_level(kind, known), s)
        for s, (name, kind) in enumerate(plan)
    ]
    pilot = None
    name, kind = plan[BOTTOM]
    if not demo and (autopilot or not people):
        level = level if kind == HUMAN else valid_level(kind, known)
        pilot = computer_seat(game, seed, name, level, BOTTOM)
    return Seating(seats, people, pilot)


class MatchSession:
    """One match: its state, seats, history id and listeners; the one `submit`."""

    link: Any = None  # a network match: who is connected (play/net/session.py)
    can_review = True  # a deal may be reviewed from the seed (a guest has none)
    guessed = False  # the hidden cards are guesses that may be drawn anew (a guest's)
    practice = False  # open hands and take-backs, never recorded (new_session)

    def __init__(
        self,
        game: Game,
        variant: Any,
        seed: int,
        seats: Seating | Sequence[Any],
        history: History | None = None,
        *,
        state: Any = None,
        settings: Any = None,
        jobs: Jobs | None = None,
    ) -> None:
        """`seats`: a `Seating`, or the seats alone (every HUMAN seat a person)."""
        self.game = game
        self.variant = variant
        self.seed = seed
        self.state = game.new_state(variant, seed) if state is None else state
        if not isinstance(seats, Seating):
            people = tuple(s for s, seat in enumerate(seats) if seat.kind == HUMAN)
            seats = Seating(list(seats), people, None)
        self.seats = list(seats.seats)
        # The seat policy: who are people at this screen, who holds the laptop now (the
        # seat drawn at the bottom), and whether anyone has taken it yet (hot-seat).
        self.people = seats.people
        self.holder: int | None = next(
            (s for s, seat in enumerate(self.seats) if seat.kind == HUMAN), None
        )
        self.handed = len(self.people) <= 1
        self.autopilot = seats.autopilot
        self.history = history
        self.match_id: int | None = None  # the history's match; None: not recorded
        self.settings = settings if settings is not None else Pace()
        self.jobs = jobs if jobs is not None else Jobs()
        self.picture: Picture = STILL
        self.pause = TrickPause()  # a finished trick lying still on the screen
        self.listeners: list[Listener] = []
        self._per_frame: list[Callable[[], None]] = []  # e.g. the coach storing judgements
        self._closers: list[Callable[[], None]] = []
        self.coach: Any = None  # play/coaching.py's Coach, when the coach watches
        self.job: Job[Action] | None = None  # the computer's answer being thought out
        self.job_age = 0.0
        self.job_hold: float | None = None  # how long the done job's answer waits (_hold)
        self._thinks: dict[tuple[int, str], deque[float]] = {}  # recent thinking times
        self.thinking: set[int] = set()  # computer seats shown thinking
        self.trick_roem = 0  # the roem in the last trick won (a claim's worth)
        self._auto_key: tuple[str, int] | None = None
        self._callers: tuple[int, list[int]] = (-1, [])  # computers that would call, by position
        self._called: dict[int, tuple[int, int]] = {}  # each seat's last call: `closed_tricks`
        self.human_wait = 0.0
        if history is not None:
            self.listen(record_to(history, self))

    @property
    def players(self) -> int:
        return self.game.players

    def listen(self, listener: Listener) -> None:
        """Call `listener(before, action, events)` after every move, in the order added."""
        self.listeners.append(listener)

    def every_frame(self, fn: Callable[[], None]) -> None:
        """Call `fn()` at the start of every `step`, on the frame loop's thread."""
        self._per_frame.append(fn)

    def on_close(self, fn: Callable[[], None]) -> None:
        """Call `fn()` when the session closes."""
        self._closers.append(fn)

    # --- moves ---
    def _play(self, action: Action) -> Reason | tuple[Any, list[Any]]:
        """The submit policy: the Reason `action` is refused, or the next state and events."""
        reason = self.state.refusal(action)
        return reason if reason is not None else self.state.apply(action)  # type: ignore[no-any-return]

    def submit(self, action: Action) -> Reason | None:
        """Play `action` for the seat to move; the Reason if it is refused (nothing changes).
        "Verzaakt!" counts once per seat until another trick is closed (`CALLED_ALREADY`, as
        the network answers a guest): a second call could prove nothing the first did not."""
        caller = action.seat if action.kind == VERZAAKT else None  # a call names its seat
        if caller is not None and self._called.get(caller) == closed_tricks(self.state):
            return Reason(CALLED_ALREADY, {})
        played = self._play(action)
        if isinstance(played, Reason):
            return played
        before = self.state
        self.state, events = played
        if caller is not None:
            self._called[caller] = closed_tricks(before)
        self._tell(before, action, events)
        return None

    def _tell(self, before: Any, action: Action, events: list[Any]) -> None:
        self.drop_job()  # an answer thought out for the old position is never played
        for ev in events:
            if isinstance(ev, TrickWon):
                self.trick_roem = ev.roem
        for listener in self.listeners:
            listener(before, action, events)

    def load(self, state: Any) -> None:
        """Continue from `state` (a take-back, a test position); nothing is recorded."""
        self.state = state
        self._called.clear()  # a call is judged anew at the position loaded
        self.drop_job()

    def drop_job(self) -> None:
        """Forget the computer's answer being thought out: the position it was for is gone."""
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def close(self) -> None:
        """Cancel every job of this session; its thread ends."""
        self.jobs.close()
        for fn in self._closers:
            fn()

    # --- the seat policy ---
    def is_person(self, seat: int) -> bool:
        """A person at this screen plays `seat` (answers through the screen's input)."""
        kind: str = self.seats[seat].kind
        return kind == HUMAN

    def hand_over_due(self, seat: int) -> bool:
        """Person `seat` is to act but does not hold the laptop yet (hot-seat)."""
        return len(self.people) > 1 and (not self.handed or seat != self.holder)

    def hand_to(self, seat: int) -> None:
        """Person `seat` holds the laptop now: a trick lying still gets its full pause again
        (a roem claim after the hot-seat cover)."""
        self.handed = True
        self.holder = seat
        self.pause.restart()

    def asked(self) -> int | None:
        """The person at this screen asked to act now; None while a computer or nobody is."""
        s = self.state
        if s.is_over or not self.is_person(s.to_move) or self.hand_over_due(s.to_move):
            return None
        return s.to_move  # type: ignore[no-any-return]

    def waiting_for_person(self) -> bool:
        """A person at this screen is to move, and no computer plays for them."""
        s = self.state
        return not s.is_over and self.autopilot is None and self.is_person(s.to_move)

    # --- the trick pause ---
    def open_pause(self, winner: int) -> None:
        """A finished trick won by `winner` lies still on the screen now: the longer pause
        when a person is asked to claim (any hot-seat person, shown or not), or a person
        here may still call the deal's last trick."""
        human, phase = self.seats[winner].is_human, self.state.phase
        asked = (human and phase == "claim") or (phase == DEAL_END and self.holder is not None)
        seconds = (ASKED_PAUSE if asked else TRICK_PAUSE) * self.settings.speed
        self.pause = TrickPause(0.0, seconds, True)

    def pause_done(self) -> bool:
        """The trick may go: its pause is over and no claim or call is still open (then
        the pause is closed)."""
        if self.pause.spent < self.pause.allowed or self.state.phase in ("claim", DEAL_END):
            return False
        self.pause.open = False
        return True

    def close_pause(self) -> None:
        """No trick lies still (a loaded position, a take-back)."""
        self.pause.open = False

    def trick_pause(self) -> bool:
        """A finished trick lies still: roem may be claimed."""
        return self.pause.open

    def pause_over(self) -> bool:
        """The trick pause is over and the claim is still open (no screen: at once)."""
        return self.pause.over or not self.picture.pauses

    def claim_waits(self) -> bool:
        """A person here decides a must-claim question: it waits for them (Roem!, Continue
        or their next card), not for the trick pause. The autopilot and the automatic
        claim still answer when the pause ends."""
        s = self.state
        return (
            s.phase == "claim" and s.variant.roem_claim == "must_claim"
            and self.holder is not None and s.to_move == self.holder
            and self.autopilot is None and not self.settings.auto_roem_claim
        )  # fmt: skip

    def tick(self, dt: float) -> None:
        """The frame's time passes on the trick pause's clock; before the screen moves."""
        if self.pause.open:
            self.pause.spent += dt

    def play_on(self, card: Action) -> Reason | None:
        """The person plays `card` through a claim question: the claim is passed and the
        trick goes now (the card follows: `submit` it next); the Reason if the card would
        be refused after the pass (then the claim stays open: they may still claim)."""
        refused = self.state.apply(PASS)[0].refusal(card)
        if refused is not None:
            return refused  # type: ignore[no-any-return]
        self.submit(PASS)
        self.pause.end_now()
        return None

    def poll_coach(self) -> None:
        """The coach's judgements are stored (and told) while a screen lies over the table."""
        if self.coach is not None:
            self.coach.poll()

    # --- what happens without a person ---
    def step(self, dt: float) -> None:
        """One frame: the claim timeout, one-answer questions, the autopilot, the computers."""
        for fn in self._per_frame:
            fn()
        if self.pause_over():
            self.claim_timeout()
        s = self.state
        self.thinking.clear()
        if s.is_over or self.computers_call():
            return
        if s.phase == DEAL_END:
            if self.pause_over():
                self.submit(PASS)  # the last trick's pause is over: the deal is scored
            return
        if not self.picture.ready():
            return
        seat = s.to_move
        if self.is_person(seat):
            if seat == self.holder and s.legal_actions() == (PASS,):
                self.submit(PASS)  # a question with one answer (Klabberjass's dix, declare)
            elif not self.hand_over_due(seat) and self.autopilot is not None:
                if self._remote():
                    self._computer(seat, dt, self.autopilot)  # timed as the computers are
                else:
                    self._autopilot(dt)
            elif seat == self.holder and not self.hand_over_due(seat):
                self._forced_card(dt)
            return
        if self.seats[seat].kind == REMOTE and self.seats[seat].waiting():
            return  # a person at another laptop: the network submits their move
        self._computer(seat, dt)

    def computers_call(self) -> bool:
        """A computer seat that saw the other team revoke calls "Verzaakt!" (while the
        picture is still or a trick lies on the table); True if one did."""
        s = self.state
        if not getattr(s, "call_open", lambda: False)():
            return False
        if self._callers[0] != s.n_actions:  # worked out once per position
            from ..ai.knowledge import seen_revoke

            computers = [
                q for q, sitter in enumerate(self.seats) if sitter.kind not in (HUMAN, REMOTE)
            ]
            callers = [q for q in computers if seen_revoke(s.observation(q))]
            self._callers = (s.n_actions, callers)
        if not self._callers[1] or not (self.picture.ready() or self.trick_pause()):
            return False
        self.submit(verzaakt(self._callers[1][0]))
        return True

    def call_verzaakt(self) -> Reason | None:
        """The person holding the laptop calls "Verzaakt!"; the Reason if it cannot be called
        now. (The engine judges it: a call on nothing changes nothing.)"""
        if self.holder is None:
            return Reason("not_now", {"action": str(verzaakt(0)), "wanted": self.state.phase})
        return self.submit(verzaakt(self.holder))

    def forced(self) -> Action | None:
        """The card the person to move must play, when the settings let it play itself: the
        only card allowed, at the last trick or (setting "always") at any trick. With people
        at other laptops only at the last trick: a card played after the same fixed pause
        each time told them "forced", that is "the last of the suit"."""
        s = self.state
        when = getattr(self.settings, "forced_card", "last_trick")
        if when == "always" and self._remote():
            when = "last_trick"
        legal: tuple[Action, ...] = s.legal_actions() if s.phase == "play" and when != "off" else ()
        if len(legal) != 1 or legal[0].kind != "play":
            return None
        last = s.hands[s.to_move].bit_count() == 1  # a bit mask: its last card
        return legal[0] if when == "always" or last else None

    def _forced_card(self, dt: float) -> None:
        """Play the person's forced card after FORCED_PAUSE (the same clock as the
        autopilot's: a new decision starts it again)."""
        action = self.forced()
        if action is None:
            return
        key = ("forced", self.state.n_actions)
        if self._auto_key != key:
            self._auto_key, self.human_wait = key, 0.0
            return
        self.human_wait += dt
        if self.human_wait >= FORCED_PAUSE * self.settings.speed:
            self.submit(action)

    def claim_timeout(self) -> None:
        """The trick pause is over and the person has not claimed: claim if the settings
        say so, else wait for their answer (Roem!, Continue or their next card: a newcomer
        gets the time to spot roem). Nobody at the screen (the autopilot) passes."""
        s = self.state
        if self.holder is None or s.to_move != self.holder or s.phase != "claim":
            return
        auto = self.settings.auto_roem_claim
        if not auto and (s.variant.roem_claim == "keep_or_leave" or self.autopilot is None):
            return
        self.submit(CLAIM_ROEM if auto and s.pending_roem else PASS)

    def _remote(self) -> bool:
        """Whether people at other laptops time the moves made here."""
        return any(other.kind == REMOTE for other in self.seats)

    def _computer(self, seat: int, dt: float, player: ComputerSeat | None = None) -> None:
        """A computer's move (`player`: the autopilot playing a person's seat, as a headless
        host's own), asked in the background and held by `_hold`."""
        s = self.state
        key = s.n_actions
        if self.job is None or self.job.key != key:
            self.drop_job()
            self.job = (player or self.seats[seat]).ask(s.observation(seat), self.jobs, key)
            self.job_age, self.job_hold = 0.0, None
        else:
            self.job_age += dt
        job = self.job
        if not job.done():
            if self.job_age > THINKING_AFTER:
                self.thinking.add(seat)
            return
        if self.job_hold is None:
            self.job_hold = self._hold(seat, s.phase, len(s.legal_actions()) == 1)
        if self.job_age < max(PACE.get(s.phase, 0.1) * self.settings.speed, self.job_hold):
            return
        self.job = None
        action = job.result()
        rules = s.rule_actions() if hasattr(s, "rule_actions") else s.legal_actions()
        if job.error or action is None or action not in rules:  # a computer never revokes
            log.warning("computer player at seat %d failed (%s); playing a legal action",
                        seat, job.error or f"illegal {action}")  # fmt: skip
            action = rules[0]
        self.submit(action)

    def _hold(self, seat: int, phase: str, forced: bool) -> float:
        """How long a computer's done answer waits, so that its time tells the people at
        other laptops nothing of its hand: a computer answers a move with one legal card at
        once and thinks over a choice, so a quick card said "its last of the suit". With
        remote seats, a forced move waits the longer of two of this seat's recent thinking
        times, a chosen one the longer of its own (`job_age` now) and one of them: both are
        the longer of two draws of one distribution. Whatever the animation speed: at
        "instant" (0) a forced card came at once again, while a choice took its search."""
        if not self._remote():
            return 0.0
        recent = self._thinks.setdefault((seat, phase), deque(maxlen=32))
        if forced:
            return max(_HOLD.choice(recent), _HOLD.choice(recent)) if recent else 0.0
        hold = _HOLD.choice(recent) if recent else 0.0
        recent.append(self.job_age)
        return hold

    def _autopilot(self, dt: float) -> None:
        """Decide for the person after a human-looking pause (screenshots, benchmarks; with
        people at other laptops, `_computer` decides for it: a forced card chosen at once
        after the pause told them "its last of the suit")."""
        s = self.state
        key = ("human", s.n_actions)
        if self._auto_key != key:
            self._auto_key, self.human_wait = key, 0.0
            return
        self.human_wait += dt
        if self.human_wait < AUTOPILOT_PACE * self.settings.speed:
            return
        must_claim = s.phase == "claim" and s.variant.roem_claim == "must_claim"
        if must_claim and self.trick_pause():
            return  # left to the trick pause, like a person who does not spot roem
        assert self.autopilot is not None
        self.submit(self.autopilot.choose(s.observation(s.to_move), s.n_actions))


def record_to(history: History, session: MatchSession) -> Listener:
    """The history as a listener: each action stored under the session's match id, in order
    (sequence numbers from the state, so none is skipped or repeated)."""

    def record(before: Any, action: Action, events: list[Any]) -> None:
        history.record(session.match_id, session.state.n_actions, str(action), events)

    return record


class LessonSession(MatchSession):
    """A lesson at the table: the learner's moves go through `LessonRun`, which refuses
    any move but the one the lesson waits for; the script plays the other seats."""

    def __init__(self, run: LessonRun, seats: Sequence[Any], settings: Any = None,
                 jobs: Jobs | None = None) -> None:  # fmt: skip
        self.run = run
        self.script_wait = -FIRST_PAUSE
        # the words of the last move refused with a `LESSON` Reason, worded when read: the
        # Reason's text is in the language of the moment it was refused
        self.refused: Callable[[], str] = lambda: ""
        super().__init__(game_of(run.state), run.lesson.variant, 0, seats, state=run.state,
                         settings=settings, jobs=jobs)  # fmt: skip

    def _play(self, action: Action) -> Reason | tuple[Any, list[Any]]:
        """Only the move the lesson waits for: an illegal one gets the engine's Reason,
        a legal but different one the lesson's words (a `LESSON` Reason)."""
        run = self.run
        if run.done or not run.waiting_for_you:
            self.refused = lambda: tr("teach.not_your_turn")
            return Reason(LESSON, {"text": self.refused()})
        why = self.state.refusal(action)
        if why is not None:
            return why  # type: ignore[no-any-return]
        feedback = run.try_action(action)
        if not feedback.ok:
            self.refused = feedback.words
            return Reason(LESSON, {"text": feedback.message})
        return run.state, run.events

    def waiting_for_person(self) -> bool:
        """The learner is to act: the script plays nothing meanwhile."""
        return self.run.waiting_for_you and not self.run.done

    def claim_timeout(self) -> None:
        """A lesson waits for the learner however long the trick pause lasts."""

    def step(self, dt: float) -> None:
        """The script's next move of another seat, at a pace the learner can follow."""
        run = self.run
        if run.done or run.waiting_for_you or not self.picture.ready():
            return
        self.script_wait += dt
        if self.script_wait < SCRIPT_PACE * self.settings.speed:
            return
        self.script_wait = 0.0
        before, step = self.state, run.step
        events = run.play_scripted()
        if step is not None:
            self.state = run.state
            self._tell(before, self.game.parse_action(step.action), events)


# --- starting, continuing and resuming ---
def new_session(
    game: Game,
    variant: Any,
    seed: int | None,
    settings: Any,
    history: History | None = None,
    *,
    autopilot: bool = False,
    practice: bool = False,
    jobs: Jobs | None = None,
) -> MatchSession:
    """A new match with the settings' seats, recorded in `history` as it goes (practice,
    which takes cards back, is not: its log is no match to keep)."""
    seed = fresh_seed() if seed is None else seed
    seating = make_seats(game, seed, settings.seat_plan(game), autopilot=autopilot)
    record = history if not practice else None
    session = MatchSession(game, variant, seed, seating, record, settings=settings, jobs=jobs)
    session.practice = practice
    if record is not None:
        session.match_id = record.start_match(
            game.name, game.preset_name(variant), variant.to_dict(), seed,
            [seat.name for seat in seating.seats],
        )  # fmt: skip
    return _coached(session, settings)


def _coached(session: MatchSession, settings: Any) -> MatchSession:
    attach_coach(session, settings)
    return session


def attach_coach(session: MatchSession, settings: Any) -> None:
    """The coach watches the session's people when the settings ask for it (a `coach`
    setting other than "off"; settings without one: no coach), from the next decision:
    at the start, or when the coach is switched on over the table."""
    if (
        session.coach is None and getattr(settings, "coach", "off") != "off" and session.people
        and session.game.has_coach()
    ):  # fmt: skip
        from .coaching import Coach

        session.coach = Coach(session)


def demo_session(
    game: Game, variant: Any, seed: int | None, settings: Any, jobs: Jobs | None = None
) -> MatchSession:
    """The club demo's match: computers in every seat under the demo's names, not recorded."""
    seed = fresh_seed() if seed is None else seed
    seating = make_seats(game, seed, demo=True)
    return MatchSession(game, variant, seed, seating, settings=settings, jobs=jobs)


def resume_session(
    history: History,
    settings: Any,
    *,
    autopilot: bool = False,
    jobs: Jobs | None = None,
    game: str | None = None,
) -> MatchSession | None:
    """The history's running match (of `game`, if given) at the exact position of its last
    stored action, with its stored players' names and the settings' kinds of seat; None if
    there is none that replays (the history says why)."""
    from ..games import GAMES

    found = history.resume(game)
    if found is None or found[0].game not in GAMES:
        return None
    record, state = found
    entry = GAMES[record.game]
    plan = settings.seat_plan(entry)
    if len(record.players) == len(plan):
        plan = [(name, kind) for name, (_, kind) in zip(record.players, plan, strict=True)]
    seating = make_seats(entry, record.seed, plan, autopilot=autopilot)
    session = MatchSession(entry, state.variant, record.seed, seating, history, state=state,
                           settings=settings, jobs=jobs)  # fmt: skip
    session.match_id = record.id
    return _coached(session, settings)


@dataclass(frozen=True)
class OpenMatch:
    """A match that Continue can bring back, in the few facts its button and a confirmation
    name ("Amsterdam, deal 5, 119–407"): in memory, or running in the history."""

    game: Game
    rules: str  # the preset's name, or "custom"
    deal_no: int
    totals: tuple[int, ...]  # each side's, the player's (seat 0's) first: three in Kalabriasz
    match_id: int | None  # the history's match; None: not recorded (practice)
    practice: bool = False
    guests: tuple[str, ...] = ()  # hosted: the people at other laptops, cut off if it ends


def open_match(game: Game, variant: Any, state: Any, match_id: int | None,
               practice: bool = False) -> OpenMatch:  # fmt: skip
    """The facts of a match at `state` (a finished one's last deal is still its number)."""
    deal_no = max(1, int(getattr(state, "deal_no", len(state.sheet) + 1)))
    totals = tuple(int(t) for t in state.totals)
    return OpenMatch(game, game.preset_name(variant), deal_no, totals, match_id, practice)


def stored_open_match(history: History, game: Game) -> OpenMatch | None:
    """`game`'s running match in the history, or None (also when it no longer replays)."""
    record = history.running(game.name)
    if record is None or record.damaged:
        return None
    try:
        state = history.restore(record)
    except StateError:  # Continue says why when it is pressed
        return None
    return open_match(game, state.variant, state, record.id)
