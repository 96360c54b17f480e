"""The background job runner and the seats of play/seats.py, without pygame: futures,
cancellation that really stops a search, the synchronous mode, failures, and close."""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
import threading
import time

import pytest

from klaverjas_gui.ai import make_player
from klaverjas_gui.ai.hard import HardPlayer
from klaverjas_gui.ai.klabberjass_hard import HardKlabberjassPlayer
from klaverjas_gui.ai.solver import Position, SearchTimeout, Solver
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS, new_klabberjass, new_match
from klaverjas_gui.play.seats import COMPUTER, HUMAN, CancelToken, ComputerSeat, HumanSeat, Jobs
from klaverjas_gui.teach.review import review_deal


@pytest.fixture
def jobs():
    runner = Jobs(name="test-jobs")
    yield runner
    assert runner.close(5), "the runner's thread did not end"


def alive(name: str) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == name]


def add(token: CancelToken, a: int, b: int) -> tuple[int, str]:
    return a + b, threading.current_thread().name


def until_cancelled(token: CancelToken, started: threading.Event) -> str:
    started.set()
    while not token():
        time.sleep(0.005)
    return "stopped"


def first_card(state):
    """The state at the first card of the deal, trump chosen by the easy player."""
    bidder = make_player("easy", 1)
    while state.phase != "play":
        state, _ = state.apply(bidder.choose(state.observation(state.to_move)))
    return state


def test_submit_answers_on_the_runners_thread_in_order(jobs):
    answers = [jobs.submit(add, n, 1, key=n) for n in range(5)]
    assert [job.result(5) for job in answers] == [(n + 1, "test-jobs") for n in range(5)]
    assert all(job.done() and not job.cancelled() and job.error is None for job in answers)
    assert [job.key for job in answers] == list(range(5))
    assert len(alive("test-jobs")) == 1  # one thread, however many jobs


def test_result_waits_only_as_long_as_asked(jobs):
    release = threading.Event()
    job = jobs.submit(lambda token: release.wait(5) and "late")
    with pytest.raises(TimeoutError):
        job.result(0.05)
    assert not job.done()
    release.set()
    assert job.result(5) == "late"


def test_a_job_cancelled_before_it_starts_never_runs(jobs):
    started, ran = threading.Event(), []
    blocker = jobs.submit(until_cancelled, started)
    assert started.wait(5)
    queued = jobs.submit(lambda token: ran.append("ran") or "answer")
    queued.cancel()
    assert queued.done() and queued.cancelled() and queued.result() is None
    blocker.cancel()
    assert blocker.wait(5)
    time.sleep(0.05)  # the thread has moved on past the cancelled job
    assert ran == [] and not queued.running()
    assert jobs.submit(add, 1, 1).result(5)[0] == 2  # the runner goes on afterwards


def test_a_cancelled_jobs_answer_is_never_used(jobs):
    started, release = threading.Event(), threading.Event()

    def stubborn(token: CancelToken) -> str:  # does not look at its token
        started.set()
        release.wait(5)
        return "answer"

    job = jobs.submit(stubborn)
    assert started.wait(5)
    job.cancel()
    assert job.done() and job.running()  # nothing to wait for, though the work goes on
    release.set()
    assert job.wait(5) and not job.running()
    assert job.result() is None


def test_cancel_stops_a_long_full_deal_solve_promptly(jobs):
    """Plain alpha-beta (no table, no grouping, no bounds) cannot finish a whole deal in
    reasonable time (benchmarks/solver.py): it is still searching after a second, and
    stops well within one more second of the cancel."""
    variant = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    pos = Position.from_state(first_card(new_match(variant, 2)))

    def solve(token: CancelToken) -> int:
        solver = Solver(pos.variant, pos.trump, pos.chooser_team, pos.kraak_level, tt=False,
                        grouping=False, bounds=False, cancelled=token)  # fmt: skip
        return solver.value(pos)

    job = jobs.submit(solve)
    time.sleep(1.0)
    assert job.running(), "the solve ended by itself: the test needs a longer search"
    asked = time.monotonic()
    job.cancel()
    assert job.wait(1.0), "the search did not stop within a second of the cancel"
    assert time.monotonic() - asked < 1.0
    assert job.result() is None and job.error is None  # stopped, not failed


@pytest.mark.parametrize("game", ["klaverjas", "klabberjass"])
def test_cancel_stops_the_hard_players_hint_search(jobs, game):
    """A hint nobody wants any more (the position passed) stops between sampled worlds."""
    if game == "klaverjas":
        state = first_card(new_match(PRESETS["amsterdam"], 4))
        player = HardPlayer
    else:
        state = first_card(new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 4))
        player = HardKlabberjassPlayer
    obs = state.observation(state.to_move)

    def think(token: CancelToken):
        return player(1, worlds=1_000_000, cancelled=token).choose(obs)  # hours of worlds

    job = jobs.submit(think)
    time.sleep(0.3)
    assert job.running()
    job.cancel()
    assert job.wait(1.0) and job.result() is None and job.error is None


def test_a_deal_review_hands_its_cancel_check_to_the_solver():
    """Asked only between positions, the check would come 33 times: the 500th call comes
    from inside the search of one position, which then stops."""
    variant = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    state = first_card(new_match(variant, 2))
    plays = []
    while len(plays) < 32:
        if state.phase == "claim":
            state, _ = state.apply("claim")
            continue
        action = state.legal_actions()[0]
        plays.append((state, action.card))
        state, _ = state.apply(action)
    calls = itertools.count(1)
    progress: list[tuple[int, int]] = []
    with pytest.raises(SearchTimeout):
        review_deal(plays, lambda *p: progress.append(p), lambda: next(calls) > 500)
    assert len(progress) < 10  # stopped early in the deal, not at its end


def test_synchronous_mode_runs_the_job_inside_submit():
    runner = Jobs(synchronous=True, name="test-sync")
    job = runner.submit(add, 2, 3)
    assert job.done() and job.result(0) == (5, threading.current_thread().name)
    assert alive("test-sync") == []  # no thread was started
    broken = runner.submit(lambda token: 1 / 0)  # reported, not raised in the caller
    assert broken.done() and broken.result(0) is None and "ZeroDivisionError" in broken.error
    assert runner.close()


def test_an_exception_in_a_job_is_reported_not_raised(jobs, caplog):
    def broken(token: CancelToken) -> None:
        raise ValueError("a broken player")

    job = jobs.submit(broken, key="seat 2")
    assert job.wait(5) and job.done()
    assert job.result() is None and "ValueError: a broken player" in job.error
    assert "seat 2" in caplog.text  # logged once, with what was asked
    assert jobs.submit(add, 2, 2).result(5)[0] == 4  # the thread survived it


def test_close_cancels_every_job_and_the_thread_ends():
    runner = Jobs(name="test-close")
    started, ran = threading.Event(), []
    running = runner.submit(until_cancelled, started)
    assert started.wait(5)
    queued = runner.submit(lambda token: ran.append("ran"))
    assert len(alive("test-close")) == 1
    assert runner.close(5)  # waits for the running job to notice its token
    assert alive("test-close") == []
    assert running.cancelled() and running.result() is None and queued.cancelled()
    assert ran == []
    late = runner.submit(lambda token: ran.append("late"))  # a closed runner runs nothing
    assert late.cancelled() and ran == [] and alive("test-close") == []


def test_a_runner_never_used_starts_no_thread():
    before = threading.active_count()
    runner = Jobs(name="test-idle")
    assert runner.close() and threading.active_count() == before


def test_a_computer_seat_answers_through_a_job_and_a_person_through_the_screen(jobs):
    obs = new_match(PRESETS["amsterdam"], 3).observation(0)
    seat = ComputerSeat("Henk", "easy", make_player("easy", 7))
    job = seat.ask(obs, jobs, key=0)
    assert seat.kind == COMPUTER and not seat.is_human
    assert job.result(5) == make_player("easy", 7).choose(obs) and job.key == 0
    empty = ComputerSeat("Anna", "easy").ask(obs, jobs)
    assert empty.wait(5) and empty.result() is None and "no computer player" in empty.error
    person = HumanSeat("You")
    assert person.kind == HUMAN and person.is_human
    with pytest.raises(TypeError):
        person.ask(obs, jobs)


def test_seats_and_jobs_load_without_pygame():
    code = "import sys, klaverjas_gui.play.seats; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
