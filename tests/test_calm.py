"""The calm loop: real-time frames sleep on events while nothing moves, and wake for input
and due timers at once; fixed-step runs (screenshots, tests) never sleep."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from uitest import DT, run_until, table_of

from klaverjas_gui import loop as loop_module
from klaverjas_gui.loop import CALM_CAP, wait_for_events
from klaverjas_gui.ui.menu import MainMenuScene


@pytest.fixture
def waits(monkeypatch):
    """Every sleep (seconds) the loop asks for; the sleep itself is real."""
    asked: list[float] = []

    def wait(seconds: float) -> list[pygame.event.Event]:
        asked.append(seconds)
        return wait_for_events(seconds)

    monkeypatch.setattr(loop_module, "wait_for_events", wait)
    return asked


def settle(app, frames: int = 30) -> None:
    """Fixed steps until the scene's widgets have drawn all their states."""
    for _ in range(frames):
        app.step(DT)


def test_the_menu_sleeps_on_events_with_a_capped_timeout(make_app, waits):
    app = make_app(first_frame=True)
    settle(app)
    assert 0 < app.calm_for() <= CALM_CAP
    start = time.monotonic()
    app.step()
    assert waits == [CALM_CAP]
    assert time.monotonic() - start >= CALM_CAP * 0.8  # it slept instead of drawing


def test_a_key_posted_while_calm_wakes_the_wait_and_is_handled_in_that_frame(make_app, waits):
    app = make_app(first_frame=True)
    settle(app)
    menu = app.top
    assert isinstance(menu, MainMenuScene) and app.calm_for() > 0
    before = menu.focus
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    start = time.monotonic()
    app.step()
    assert time.monotonic() - start < CALM_CAP / 2  # at once, not after the sleep
    assert len(waits) == 1 and menu.focus == (before + 1) % len(menu.items)


def test_the_idle_demo_still_starts_on_time_while_the_menu_sleeps(make_app, waits, monkeypatch):
    app = make_app(first_frame=True)
    app.settings.demo_idle_seconds = 1
    started: list[float] = []
    monkeypatch.setattr(
        app, "start_demo", lambda seed, idle=False: started.append(time.monotonic())
    )
    settle(app)
    app.top.idle = 0.0  # as if the last input was now
    start = time.monotonic()
    while not started and time.monotonic() - start < 10:
        app.step()
    assert started and 0.9 <= started[0] - start <= 2.5  # the slept time counted, all of it
    assert waits and all(0 < seconds <= CALM_CAP for seconds in waits)


def test_the_table_does_not_sleep_while_cards_fly_or_a_computer_thinks(make_app, waits):
    app = make_app("--seed", "1", speed="normal", first_frame=True)
    table = table_of(app)
    assert not table.director.idle  # the deal is being animated
    assert app.calm_for() == 0.0
    app.step()
    run_until(app, lambda: table.session.job is not None and table.director.idle)
    assert app.calm_for() == 0.0  # a computer is thinking (or pausing before it plays)
    app.step()
    assert waits == []


def test_the_table_sleeps_while_the_person_is_to_play_and_input_starts_a_smooth_flight(
    make_app, waits
):
    app = make_app("--seed", "1", speed="normal", first_frame=True)
    table = table_of(app)
    run_until(app, lambda: table.waiting_for_person() and table.director.idle)
    settle(app, 60)  # the hand glides into place, card faces are warmed up
    assert table.session.state.phase == "play" and app.calm_for() > 0
    app.step()  # nothing happens for a while: asleep
    assert len(waits) == 1
    hand = table.model.hands[table.layout.bottom]
    legal = {a.card for a in table.session.state.legal_actions()}
    table.hand.selected = next(i for i, c in enumerate(hand) if c in legal)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    start = time.monotonic()
    app.step()
    app.step()
    took = time.monotonic() - start
    assert len(waits) == 1  # flying: no more sleeping
    (sprite,) = table.model.sprites
    # the flight began at its first steps, not half-way: it moved by these two frames' time
    # (longer on a busy machine), not by the second it slept before
    assert 0 < sprite.t <= took + 1 / 60


def test_what_an_input_starts_after_a_calm_spell_begins_at_its_first_step(make_app, waits):
    app = make_app(first_frame=True)
    settle(app)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")
    threading.Timer(0.5, pygame.event.post, (key,)).start()  # half a second into the sleep
    app.step()
    assert len(waits) == 1 and app.toasts.current_text == "Sound off (M)"
    assert app.toasts.items[-1].age <= 2 / 60  # fading in, not a second old already


def test_fixed_step_runs_never_wait(make_app, monkeypatch):
    def wait(seconds: float) -> list[pygame.event.Event]:
        raise AssertionError("a fixed-step run slept")

    monkeypatch.setattr(loop_module, "wait_for_events", wait)
    app = make_app()
    app.run(frames=90, fixed_dt=DT)
    assert app.frames == 90


def test_the_wait_returns_an_event_from_another_thread_within_a_poll(make_app):
    make_app(first_frame=True)  # the display is open
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
    posted: list[float] = []

    def post() -> None:
        time.sleep(0.2)
        posted.append(time.monotonic())
        pygame.event.post(key)

    threading.Thread(target=post).start()
    events = wait_for_events(3.0)
    woke = time.monotonic()
    assert [e.type for e in events] == [pygame.KEYDOWN]
    assert woke - posted[0] < 1.0  # not at the end of the three seconds
    start = time.monotonic()
    assert wait_for_events(0.1) == []
    assert 0.1 <= time.monotonic() - start < 1.0


def test_a_toast_needs_frames_only_while_it_fades(make_app):
    app = make_app(first_frame=True)
    app.toast("hello", 2.0)
    assert app.toasts.calm_for() == 0.0  # fading in
    app.toasts.update(0.5)
    assert app.toasts.calm_for() == pytest.approx(2.0 - 0.4 - 0.5)
    app.toasts.update(1.2)
    assert app.toasts.calm_for() == 0.0  # fading out


def test_settings_are_calm_until_a_text_field_has_the_keyboard(make_app):
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app(first_frame=True)
    app.push(SettingsScene(app, "match"))
    scene = app.top
    settle(app)
    assert scene.calm_for() > 0
    entry = next(iter(scene.form.entries.values()))
    scene.ui.set_focus_set(entry)  # as a click into the name field does
    assert scene.calm_for() == 0.0  # its cursor blinks


def test_the_table_picture_is_still_once_cards_rest_and_until_a_bubble_fades():
    from klaverjas_gui.engine.cards import parse_card
    from klaverjas_gui.ui.table.layout import Pose
    from klaverjas_gui.ui.table.model import BUBBLE_FADE, TableModel

    card = parse_card("AH")
    target = {card: Pose(100.0, 200.0, 0.0, 1.0)}
    model = TableModel(poses={card: Pose(100.3, 199.8, 359.6, 1.0)})
    assert model.still_for(target) == float("inf")  # what is left of the glide is invisible
    model.poses[card] = Pose(104.0, 200.0, 0.0, 1.0)
    assert model.still_for(target) == 0.0  # still gliding
    model.poses[card] = target[card]
    model.say(1, "Pass", 2.0)
    model.update(0.5, target, 0.1)
    assert model.still_for(target) == pytest.approx(2.0 - BUBBLE_FADE - 0.5)
    model.totals = [30, 0]
    assert model.still_for(target) == 0.0  # the score counts up


def test_a_closed_app_leaves_no_timer_to_wake_the_next(make_app):
    """A resize asks for a GIVE_BACK event half a second later; once the app is closed it
    must not arrive (in the tests' one process it woke the next app's calm wait early)."""
    app = make_app(first_frame=True)
    size = (app.size[0] + 40, app.size[1] + 20)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(DT)
    app.close()
    pygame.event.clear()
    time.sleep(loop_module.GIVE_BACK_MS / 1000 + 0.3)
    assert not pygame.event.get(loop_module.GIVE_BACK)
