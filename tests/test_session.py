"""The match outside the screen (play/session.py), without pygame: the claim flow, hot-seat
order, the autopilot, resume from the history, the lesson's submit, the listeners, the
history listener, and computer answers that arrive too late."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from klaverjas_gui.engine import PRESETS, KlabberjassVariant
from klaverjas_gui.engine.match import CLAIM_ROEM, PASS, RoemClaimed, RoemLeft
from klaverjas_gui.games import KLABBERJASS, KLAVERJAS, Game
from klaverjas_gui.i18n import tr
from klaverjas_gui.play.seats import DEMO_NAMES, ComputerSeat, Jobs
from klaverjas_gui.play.session import (
    LESSON,
    LessonSession,
    MatchSession,
    Pace,
    TrickPause,
    demo_session,
    make_seats,
    new_session,
    resume_session,
)
from klaverjas_gui.store.history import History
from klaverjas_gui.teach.lessons import LESSONS, LessonRun

AMS = PRESETS["amsterdam"]  # roem must be claimed after every trick
COMPUTERS = [("You", "random"), ("Henk", "random"), ("Anna", "random"), ("Joop", "random")]
PERSON_AND_COMPUTERS = [("You", "human")] + COMPUTERS[1:]


class Screen:
    """A stand-in for the table's director: whether the picture has caught up, set by the
    test. The trick pause is the session's own clock: `paused` (a trick lies still) and
    `over` (its pause is over) set it as the director and the session's `tick` would."""

    pauses = True

    def __init__(self, session: MatchSession) -> None:
        self.session = session
        self.caught_up = True
        session.picture = self

    def ready(self) -> bool:
        return self.caught_up

    @property
    def paused(self) -> bool:
        return self.session.pause.open

    @paused.setter
    def paused(self, value: bool) -> None:
        self.session.pause = TrickPause(0.0, 1.0, value)

    @property
    def over(self) -> bool:
        return self.session.pause.over

    @over.setter
    def over(self, value: bool) -> None:
        pause = self.session.pause
        pause.open, pause.allowed = True, max(pause.allowed, 1.0)
        pause.spent = pause.allowed if value else 0.0


@dataclass
class Club(Pace):
    """The settings a session is started with: no pace, and these seats."""

    speed: float = 0.0
    plan: list[tuple[str, str]] = field(default_factory=lambda: list(PERSON_AND_COMPUTERS))

    def seat_plan(self, game: Game = KLAVERJAS) -> list[tuple[str, str]]:
        return self.plan[: game.players]


def session_of(
    plan: list[tuple[str, str]], game: Game = KLAVERJAS, variant: Any = AMS, seed: int = 5,
    state: Any = None, auto: bool = False, autopilot: bool = False,
) -> MatchSession:  # fmt: skip
    seating = make_seats(game, seed, plan, autopilot=autopilot)
    club = Club(auto_roem_claim=auto)
    return MatchSession(game, variant, seed, seating, state=state, settings=club,
                        jobs=Jobs(synchronous=True))  # fmt: skip


def heard(session: MatchSession) -> list[tuple[Any, Any, list[Any]]]:
    """Every (before, action, events) the session tells its listeners, in order."""
    seen: list[tuple[Any, Any, list[Any]]] = []
    session.listen(lambda before, action, events: seen.append((before, action, events)))
    return seen


def run(session: MatchSession, until: Any, steps: int = 20_000) -> None:
    for _ in range(steps):
        if until():
            return
        session.step(0.05)
    raise AssertionError(f"not reached in {steps} steps: {session.state.phase}")


def claim_position(seed_from: int = 0) -> Any:
    """A four-player position where seat 0 (a person) has just won a trick with roem."""
    for seed in range(seed_from, seed_from + 400):
        state, rng = KLAVERJAS.new_state(AMS, seed), random.Random(seed)
        while not state.is_over and state.deal_no == 1:
            if state.phase == "claim" and state.to_move == 0 and state.pending_roem:
                return state
            legal = [a for a in state.legal_actions() if a != CLAIM_ROEM] or state.legal_actions()
            state, _ = state.apply(rng.choice(legal))
    raise AssertionError("no claim position found")


# --- the claim flow under must_claim ---
def test_a_person_claims_roem_through_submit():
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state)
    seen = heard(session)
    assert session.submit(CLAIM_ROEM) is None
    (before, action, events), = seen  # fmt: skip
    assert before is state and action == CLAIM_ROEM
    assert RoemClaimed(0, len(state.tricks) - 1, state.pending_roem) in events


def test_nothing_is_claimed_or_passed_before_the_trick_pause_is_over():
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state)
    screen = Screen(session)
    screen.paused = True  # the trick lies still: the person may still claim
    for _ in range(200):
        session.step(0.05)
    assert session.state is state


def test_a_persons_claim_waits_past_the_pause_and_moving_on_leaves_the_roem():
    """Issue #18.4: the question stays until the person moves on (Continue: a pass)."""
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state)
    seen = heard(session)
    screen = Screen(session)
    screen.over = True
    for _ in range(200):
        session.step(0.05)
    assert session.state is state and seen == []
    assert session.submit(PASS) is None
    assert seen[0][1] == PASS
    assert any(isinstance(ev, RoemLeft) and ev.seat == 0 for ev in seen[0][2])


def test_auto_claim_claims_when_the_pause_is_over():
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state, auto=True)
    seen = heard(session)
    screen = Screen(session)
    screen.over = True
    session.step(0.05)
    assert seen[0][1] == CLAIM_ROEM
    assert any(isinstance(ev, RoemClaimed) for ev in seen[0][2])


def test_the_autopilot_leaves_a_must_claim_decision_to_the_trick_pause():
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state, autopilot=True)
    screen = Screen(session)
    screen.paused = True
    for _ in range(100):
        session.step(0.05)
    assert session.state is state  # like a person who does not spot roem
    screen.over = True
    session.step(0.05)
    assert session.state.phase != "claim"


# --- the trick pause: the session's clock ---
def test_the_trick_pause_is_the_sessions_clock_and_longer_when_a_person_is_asked():
    """The screen opens the pause when the trick has landed; the session's `tick` runs it,
    auto-claims when it is over, and says when the trick may go (issue #38)."""
    state = claim_position()  # South (a person) won the trick and is asked to claim
    session = session_of(PERSON_AND_COMPUTERS, state=state, auto=True)
    session.settings.speed = 1.0
    Screen(session)
    session.open_pause(state.to_move)
    assert session.pause.allowed == pytest.approx(2.2) and session.trick_pause()
    session.tick(2.0)
    session.step(0.0)
    assert session.state is state and not session.pause_over()  # 0.2 s still to go
    assert not session.pause_done()
    session.tick(0.25)
    assert session.pause_over() and session.pause.left() == pytest.approx(1 - 2.25 / 2.2)
    session.step(0.0)  # the pause is over: the setting claims for the person
    assert session.state.phase != "claim" and session.pause_done()
    assert not session.trick_pause() and not session.pause_over()  # the trick may go


def test_a_computers_trick_pauses_shorter_and_a_new_holder_gets_the_full_pause():
    state = claim_position()
    session = session_of(PERSON_AND_COMPUTERS, state=state)
    session.settings.speed = 2.0  # slower animations: longer pauses
    Screen(session)
    session.open_pause(1)  # a computer won it
    assert session.pause.allowed == pytest.approx(2 * 1.15)
    session.tick(2.0)
    session.hand_to(0)  # hot-seat: the next person took the laptop
    assert session.pause.spent == 0.0 and session.trick_pause()


def test_without_a_screen_a_trick_pause_is_over_as_it_begins():
    session = session_of(PERSON_AND_COMPUTERS, state=claim_position())
    assert session.pause_over() and not session.trick_pause()


# --- hot-seat: a seat policy ---
@pytest.mark.parametrize(
    ("game", "variant", "plan"),
    [
        (KLAVERJAS, AMS, [("You", "human"), ("Henk", "random"), ("Anna", "human"),
                          ("Joop", "random")]),
        (KLABBERJASS, KlabberjassVariant(), [("You", "human"), ("Anna", "human")]),
    ],
)  # fmt: skip
def test_hot_seat_asks_each_person_only_once_they_hold_the_laptop(game, variant, plan):
    session = session_of(plan, game, variant)
    people = tuple(s for s, (_, kind) in enumerate(plan) if kind == "human")
    assert session.people == people
    assert [session.is_person(s) for s in range(game.players)] == [
        kind == "human" for _, kind in plan
    ]
    seen = heard(session)
    asked: list[int] = []
    for _ in range(400):
        s = session.state
        if s.is_over or s.deal_no > 1:
            break
        if not session.is_person(s.to_move):
            n = s.n_actions
            session.step(0.05)
            assert session.state.n_actions == n + 1  # the computer played at once
            continue
        if session.hand_over_due(s.to_move):
            assert session.asked() is None
            before = session.state
            session.step(0.05)  # nobody plays for a person who has not taken the laptop
            assert session.state is before
            session.hand_to(s.to_move)
        assert session.asked() == s.to_move == session.holder
        asked.append(s.to_move)
        session.submit(s.legal_actions()[0])
    persons_moves = [before.to_move for before, _, _ in seen if before.to_move in people]
    assert persons_moves == asked and set(asked) == set(people)  # each asked, none skipped


# --- the autopilot ---
@pytest.mark.parametrize(("game", "variant"), [(KLAVERJAS, AMS), (KLABBERJASS, None)])
def test_the_autopilot_plays_a_whole_match(game, variant):
    variant = variant or KlabberjassVariant(target=250)
    session = session_of(COMPUTERS[: game.players], game, variant, seed=11)
    assert session.people == () and session.autopilot is not None  # nobody here: "You" is played
    seen = heard(session)
    run(session, lambda: session.state.is_over)
    assert [action for _, action, _ in seen] == session.state.actions


def test_the_demo_is_computers_only_and_plays_itself():
    session = demo_session(KLAVERJAS, AMS, 4, Club(), Jobs(synchronous=True))
    assert session.people == () and session.holder is None and session.autopilot is None
    assert [seat.name for seat in session.seats] == list(DEMO_NAMES)
    assert session.match_id is None
    run(session, lambda: session.state.deal_no > 1)


# --- the history ---
def test_the_history_records_every_action_and_a_resume_gives_the_exact_position(tmp_path):
    history = History(tmp_path / "history.sqlite")
    club = Club()
    session = new_session(KLAVERJAS, AMS, 21, club, history, autopilot=True,
                          jobs=Jobs(synchronous=True))  # fmt: skip
    run(session, lambda: session.state.n_actions >= 60)
    played = [str(a) for a in session.state.actions]
    assert history.actions(session.match_id) == played  # no gap, none twice
    resumed = [resume_session(history, club, autopilot=True, jobs=Jobs(synchronous=True))
               for _ in range(2)]  # fmt: skip
    for again in resumed:
        assert again is not None and again.match_id == session.match_id
        assert again.state == session.state and again.seats[1].name == session.seats[1].name
    nexts = []
    for again in resumed:
        run(again, lambda a=again: a.state.n_actions >= 90)
        nexts.append([str(a) for a in again.state.actions])
    assert nexts[0] == nexts[1] and nexts[0][:60] == played  # the same next moves
    assert history.actions(session.match_id) == nexts[1]  # the resumed match records on
    history.close()


def test_practice_is_not_recorded(tmp_path):
    history = History(tmp_path / "history.sqlite")
    session = new_session(KLAVERJAS, AMS, 3, Club(), history, practice=True,
                          jobs=Jobs(synchronous=True))  # fmt: skip
    assert session.match_id is None and history.running() is None
    history.close()


# --- the lesson's submit ---
def test_the_lesson_refuses_a_move_it_does_not_want_with_its_reason():
    lesson = next(x for x in LESSONS if x.stacked is not None and any(s.key for s in x.script))
    run_ = LessonRun(lesson)
    session = LessonSession(run_, make_seats(KLAVERJAS, 0, PERSON_AND_COMPUTERS), Club(),
                            Jobs(synchronous=True))  # fmt: skip
    seen = heard(session)
    if not run_.waiting_for_you:
        assert session.submit(session.state.legal_actions()[0]) == (
            LESSON, {"text": tr("teach.not_your_turn")},
        )  # fmt: skip
    run(session, lambda: run_.waiting_for_you)
    scripted = [KLAVERJAS.parse_action(s.action) for s in lesson.script[: run_.pos]]
    assert [action for _, action, _ in seen] == scripted  # the script's moves, told once each
    step = run_.step
    wanted = KLAVERJAS.parse_action(step.action)
    other = next(a for a in session.state.legal_actions() if a != wanted)
    before = session.state
    reason = session.submit(other)
    assert (
        reason is not None
        and reason.key == LESSON
        and reason.values["text"] == (step.instead or "Allowed, but not what this lesson asks for.")
    )
    assert session.state is before and run_.step is step  # nothing was played
    wrong = next(a for a in (PASS, CLAIM_ROEM) if before.refusal(a) is not None)
    assert session.submit(wrong) == before.refusal(wrong)  # an illegal move: the engine's reason
    assert session.state is before
    assert session.submit(wanted) is None and seen[-1][1] == wanted


# --- listeners and late answers ---
def test_listeners_see_each_move_once_in_order():
    session = session_of(COMPUTERS, seed=8)
    first, second = heard(session), heard(session)
    run(session, lambda: session.state.n_actions >= 40)
    assert first == second and len(first) == 40
    for (before, action, events), (after, _, _) in zip(first, first[1:], strict=False):
        assert before.apply(action) == (after, events)


class Gate:
    """A computer player that thinks until let go, then plays the first legal action."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked: list[Any] = []

    def choose(self, obs: Any) -> Any:
        self.asked.append(obs)
        assert self.go.wait(10)
        return obs.legal[0]


def test_an_answer_for_a_position_left_behind_is_never_played():
    gate = Gate()
    seats = [ComputerSeat(name, "random", gate) for name in ("A", "B", "C", "D")]
    session = MatchSession(KLAVERJAS, AMS, 1, seats, settings=Club(), jobs=Jobs())
    seen = heard(session)
    session.step(0.05)
    stale = session.job
    assert stale is not None and not stale.done()
    other = KLAVERJAS.new_state(AMS, 2)  # the same number of actions: the same job key
    session.load(other)  # e.g. a take-back
    assert stale.cancelled()
    gate.go.set()
    stale.wait(10)
    assert stale.result() is None
    for _ in range(1000):  # the new question is thought out on the runner's thread
        session.step(0.05)
        if seen:
            break
        time.sleep(0.005)
    before, action, _ = seen[0]
    assert before is other and action == other.legal_actions()[0]
    assert gate.asked[-1].hand == tuple(other.hand(other.to_move))  # asked anew for `other`
    session.close()


def test_a_refused_move_changes_nothing_and_tells_nobody():
    session = session_of(PERSON_AND_COMPUTERS)
    seen = heard(session)
    state = session.state
    wrong = next(a for a in (PASS, CLAIM_ROEM) if state.refusal(a) is not None)
    reason = session.submit(wrong)
    assert reason == state.refusal(wrong) and session.state is state and not seen


def test_the_session_imports_no_pygame():
    code = "import sys, klaverjas_gui.play.session; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_one_answer_question_is_answered_for_the_person_holding_the_laptop():
    session = session_of([("You", "human"), ("Anna", "random")], KLABBERJASS,
                         KlabberjassVariant())  # fmt: skip
    seen = heard(session)
    for _ in range(3000):
        s = session.state
        if s.is_over or s.deal_no > 2:
            break
        if session.is_person(s.to_move) and s.legal_actions() != (PASS,):
            session.submit(s.legal_actions()[-1])
        else:
            session.step(0.05)
    answered = [b for b, a, _ in seen if b.to_move == 0 and b.legal_actions() == (PASS,)]
    assert answered and all(a == PASS for b, a, _ in seen if b in answered)


# --- a forced card plays itself (Settings.forced_card) ---
def forced_position(last: bool) -> Any:
    """Seat 0 (a person) to play with exactly one card allowed: its last card (`last`), or
    one card among several in hand."""
    for seed in range(400):
        state, rng = KLAVERJAS.new_state(AMS, seed), random.Random(seed)
        while not state.is_over and state.deal_no == 1:
            legal = state.legal_actions()
            mine = state.phase == "play" and state.to_move == 0 and len(legal) == 1
            if mine and (state.hands[0].bit_count() == 1) == last:
                return state
            state, _ = state.apply(rng.choice(legal))
    raise AssertionError("no forced position found")


def forced_session(state: Any, when: str) -> MatchSession:
    session = session_of(PERSON_AND_COMPUTERS, state=state)
    session.settings.speed = 1.0  # the pause as a person sees it
    session.settings.forced_card = when
    return session


@pytest.mark.parametrize("when", ["last_trick", "always"])
def test_the_last_card_plays_itself_after_a_short_pause(when):
    state = forced_position(last=True)
    session = forced_session(state, when)
    seen = heard(session)
    session.step(0.05)
    session.step(0.3)
    assert seen == [] and session.asked() == 0  # the pause: the person may still play it
    session.step(0.4)
    assert [a for _, a, _ in seen] == list(state.legal_actions())


def test_a_forced_card_earlier_in_the_deal_waits_unless_always():
    state = forced_position(last=False)
    for when, plays in (("last_trick", False), ("off", False), ("always", True)):
        session = forced_session(state, when)
        seen = heard(session)
        for _ in range(40):
            session.step(0.05)
        mine = [a for b, a, _ in seen if b is state]  # the computers play on after it
        assert mine == (list(state.legal_actions()) if plays else []), when


def test_with_people_at_other_laptops_only_the_last_card_plays_itself():
    """ "Always" played an earlier forced card after the same 0.6 s every time: guests
    timing the person's cards told a forced one, the last of its suit. With a remote
    seat it waits for the person, as "last trick" does; the last card still plays."""
    from types import SimpleNamespace

    from klaverjas_gui.play.seats import REMOTE

    for state, plays in ((forced_position(last=False), False), (forced_position(last=True), True)):
        session = forced_session(state, "always")
        session.seats[2] = SimpleNamespace(kind=REMOTE, waiting=lambda: True)  # a guest
        seen = heard(session)
        for _ in range(40):
            session.step(0.05)
        mine = [a for b, a, _ in seen if b is state]
        assert mine == (list(state.legal_actions()) if plays else []), plays


def test_with_the_setting_off_the_last_card_waits_for_the_person():
    session = forced_session(forced_position(last=True), "off")
    seen = heard(session)
    for _ in range(100):
        session.step(0.05)
    assert seen == [] and session.asked() == 0


def test_the_default_plays_only_the_last_trick_by_itself():
    from klaverjas_gui.store.prefs import Settings

    assert Settings().forced_card == "last_trick" == Pace().forced_card
