"""The playable table, driven headless by real posted pygame events.

Assertions are on the engine state (what was played, claimed, scored), never on
pixels. Animations run at the "instant" speed unless a test needs the trick pause.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    drag,
    drop_point,
    human_turn,
    new_match_from_menu,
    open_play,
    post,
    press,
    run_until,
    table_of,
    to_human_play,
)

from klaverjas_gui.app import main
from klaverjas_gui.engine import PRESETS, new_match, replay
from klaverjas_gui.engine.match import TrickWon, play
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.sheet import ScoreSheetScene
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent


# --- the whole match ---
@pytest.mark.slow(10)
def test_whole_amsterdam_match_by_drag_and_drop(make_app):
    app = make_app("--seed", "11", "--variant", "amsterdam")
    table = table_of(app)
    rng = random.Random(4)
    drags = decisions = summaries = 0
    while not isinstance(app.top, MatchEndScene):
        run_until(app, lambda: human_turn(app))
        top = app.top
        if isinstance(top, DealSummaryScene):
            click_button(app, top, "next")
            summaries += 1
            continue
        if isinstance(top, MatchEndScene):
            break
        state = table.session.state
        before = state.n_actions
        if table.human_may_play():
            card = rng.choice([a.card for a in state.legal_actions()])
            drag(app, card_pos(table, card), drop_point(table))
            # the drag played that card, as the next action (at instant speed a computer, or
            # the claim pause ending, may already have acted after it within the same frames)
            assert (
                table.session.state.n_actions > before
                and table.session.state.actions[before].card == card
            )
            drags += 1
        else:
            keys = list(table.prompt.actions)
            key = "pass" if "pass" in keys and rng.random() < 0.6 else rng.choice(keys)
            action = table.prompt.actions[key]
            click_button(app, table, key)
            # (a claim's Continue may end the deal: the next deal's first bid can follow
            # in the same frame at instant speed)
            assert table.session.state.n_actions >= before + 1
            assert table.session.state.actions[before] == action
            decisions += 1
    assert table.session.state.is_over
    assert len(table.session.state.sheet) == 16 == summaries
    assert drags == 128  # eight cards a deal, every one dragged onto the cloth
    assert decisions > 0
    assert table.resyncs == 0
    assert app.match is None  # nothing left to continue


@pytest.mark.slow(15)
def test_one_deal_of_every_preset_through_the_buttons(make_app):
    """Every kind of decision the presets ask of the human gets buttons that work."""
    seen: set[str] = set()
    for n, preset in enumerate(sorted(PRESETS)):
        # the human is first hand (dealer East); under kraken East is, so the human defends
        dealer = 2 if PRESETS[preset].kraken else 3
        seed = next(s for s in range(100) if new_match(PRESETS[preset], s).dealer == dealer)
        app = make_app("--seed", str(seed), "--variant", preset)
        table = table_of(app)
        rng = random.Random(n)
        while not table.model.sheet:
            run_until(app, lambda a=app, t=table: human_turn(a) or bool(t.model.sheet))
            if isinstance(app.top, DealSummaryScene) or table.model.sheet:
                break
            before = table.session.state.n_actions
            if table.human_may_play():
                card = rng.choice([a.card for a in table.session.state.legal_actions()])
                action = next(a for a in table.session.state.legal_actions() if a.card == card)
                drag(app, card_pos(table, card), drop_point(table))
            else:
                keys = list(table.prompt.actions)
                seen.update(k.split("_")[0] for k in keys)
                key = rng.choice(keys)
                action = table.prompt.actions[key]
                click_button(app, table, key)
            # the next action is the one asked for (a computer may already have answered it)
            assert (
                table.session.state.n_actions > before
                and table.session.state.actions[before] == action
            )
        assert table.model.sheet[0].deal_no == 1
        app.close()
    assert {"name", "pass", "take", "kraak"} <= seen


def test_illegal_drop_is_refused_with_the_engines_reason(make_app):
    app = make_app("--seed", "2")
    table = table_of(app)
    for _ in range(200):
        run_until(app, lambda: human_turn(app))
        state = table.session.state
        if table.human_may_play():
            legal = {a.card for a in state.legal_actions()}
            illegal = [c for c in state.hand(0) if c not in legal]
            if illegal:
                break
            drag(app, card_pos(table, next(iter(legal))), drop_point(table))
        elif isinstance(app.top, DealSummaryScene):
            click_button(app, app.top, "next")
        else:
            click_button(app, table, "pass" if "pass" in table.prompt.actions else "name_H")
    else:
        pytest.fail("never held an illegal card")
    card = illegal[0]
    reason = state.explain(play(card))
    assert reason
    drag(app, card_pos(table, card), drop_point(table))
    assert table.session.state is state  # nothing happened in the engine
    assert app.toasts.current_text == reason
    assert card in table.model.hands[0]
    app.step(DT)
    assert card in table.model.poses  # back in the hand


def test_keyboard_selects_and_plays(make_app):
    app = make_app("--seed", "7")
    table = table_of(app)
    to_human_play(app, table)
    state = table.session.state
    legal = [a.card for a in state.legal_actions()]
    hand = table.model.hands[0]
    target = hand.index(legal[-1])
    press(app, pygame.K_RIGHT)  # selects the first card
    for _ in range(target):
        press(app, pygame.K_RIGHT)
    assert table.hand.selected_card() is hand[target]
    press(app, pygame.K_RETURN)
    assert (
        table.session.state.n_actions > state.n_actions
    )  # (a computer may answer in the same frame)
    assert table.session.state.actions[state.n_actions] == play(legal[-1])


def test_click_and_double_click_settings(make_app):
    app = make_app("--seed", "8")
    table = table_of(app)
    to_human_play(app, table)
    app.settings.play_gesture = "double_click"
    card = table.session.state.legal_actions()[0].card
    n = table.session.state.n_actions
    click(app, card_pos(table, card))
    assert table.session.state.n_actions == n  # one click only selects
    assert table.hand.selected_card() is card
    click(app, card_pos(table, card))  # clicking the selected card plays it
    assert table.session.state.actions[n] == play(card)  # (a computer may have answered already)
    to_human_play(app, table)
    app.settings.play_gesture = "click"
    card = table.session.state.legal_actions()[0].card
    n = table.session.state.n_actions
    click(app, card_pos(table, card))
    assert table.session.state.actions[n] == play(card)


def _roem_position() -> tuple[int, list[str], str, int]:
    """A deal where the human's fourth card wins a trick holding roem (found by the engine)."""
    variant = PRESETS["amsterdam"]
    for seed in range(500):
        rng = random.Random(seed)
        state, actions = new_match(variant, seed), []
        while state.deal_no == 1:
            if state.phase == "play" and state.to_move == 0 and len(state.trick) == 3:
                for a in state.legal_actions():
                    for ev in state.apply(a)[1]:
                        if isinstance(ev, TrickWon) and ev.seat == 0 and ev.roem:
                            return seed, actions, str(a.card), ev.roem
            legal = state.legal_actions()
            action = legal[-1] if state.phase == "claim" else rng.choice(legal)
            actions.append(str(action))
            state, _ = state.apply(action)
    raise AssertionError("no roem position found")


def test_roem_claim_button_credits_the_roem(make_app):
    seed, actions, card_text, roem = _roem_position()
    app = make_app("--seed", str(seed), speed="normal")
    table = table_of(app)
    run_until(app, lambda: table.director.idle)
    table.load(replay(PRESETS["amsterdam"], seed, actions))
    run_until(app, table.human_may_play)
    card = next(c for c in table.model.hands[0] if str(c) == card_text)
    drag(app, card_pos(table, card), drop_point(table))
    run_until(app, lambda: "roem" in table.prompt.actions, frames=300)
    trick_no = len(table.session.state.tricks) - 1
    click_button(app, table, "roem")
    assert trick_no in table.session.state.claimed
    assert table.session.state.actions[-1].kind == "claim"
    assert table.model.deal_roem[0] == roem
    assert "roem" in app.audio.played


def test_unclaimed_roem_is_passed_when_the_person_moves_on(make_app):
    """Issue #18.4: the claim waits past the trick pause for the person; Continue leaves
    the roem (before, the pause's end passed it)."""
    seed, actions, card_text, roem = _roem_position()
    app = make_app("--seed", str(seed))
    table = table_of(app)
    run_until(app, lambda: table.director.idle)
    table.load(replay(PRESETS["amsterdam"], seed, actions))
    run_until(app, table.human_may_play)
    card = next(c for c in table.model.hands[0] if str(c) == card_text)
    trick_no = len(table.session.state.tricks)
    drag(app, card_pos(table, card), drop_point(table))
    run_until(app, lambda: "pass" in table.prompt.actions, frames=50)
    for _ in range(50):
        app.step(DT)
    assert table.session.state.phase == "claim"  # still the person's to decide
    click_button(app, table, "pass")
    run_until(app, lambda: table.session.state.phase == "play", frames=50)
    assert trick_no not in table.session.state.claimed
    assert str(roem) in (app.toasts.current_text or "")
    # with the setting on, the same trick is claimed automatically
    app.settings.auto_roem_claim = True
    table.load(replay(PRESETS["amsterdam"], seed, actions))
    run_until(app, table.human_may_play)
    drag(app, card_pos(table, card), drop_point(table))
    run_until(app, lambda: table.session.state.phase == "play", frames=50)
    assert trick_no in table.session.state.claimed


def test_kraak_prompt_in_the_kraken_preset(make_app):
    seed = next(s for s in range(100) if new_match(PRESETS["kraken"], s).dealer == 2)
    app = make_app("--seed", str(seed), "--variant", "kraken")
    table = table_of(app)
    run_until(app, lambda: table.prompt.visible and table.session.state.phase == "kraak")
    assert "kraak" in table.prompt.actions and "pass" in table.prompt.actions
    assert table.session.state.to_move == 0
    click_button(app, table, "kraak")
    assert table.session.state.kraak_level == 1
    # a computer may answer rekraak; then the human is asked about superkraak: pass
    run_until(app, lambda: table.session.state.phase == "play" or table.prompt.visible)
    if table.session.state.phase == "kraak":
        assert table.session.state.kraak_level == 2 and table.session.state.to_move == 0
        click_button(app, table, "pass")
    run_until(app, lambda: table.director.idle and table.session.state.phase == "play")
    assert table.model.kraak_level >= 1


def test_a_loaded_position_shows_the_deals_tricks_points_and_roem(make_app):
    """A resumed match mid-deal: the plates and the score panel count what the engine
    counted, tricks and points and roem, and the last trick is the deal's last."""
    app = make_app("--seed", "5")
    table = table_of(app)
    rng = random.Random(8)
    state = new_match(PRESETS["amsterdam"], 21)
    won: list[TrickWon] = []
    while len(state.tricks) < 5 or state.trick or state.phase != "play":
        state, events = state.apply(rng.choice(state.legal_actions()))
        won = [] if len(state.tricks) == 0 else won + [e for e in events if isinstance(e, TrickWon)]
    table.load(state)
    m = table.model
    counted = [sum(w.seat % 2 == team for w in won) for team in (0, 1)]
    points = [sum(w.points for w in won if w.seat % 2 == team) for team in (0, 1)]
    assert m.tricks_won == counted == list(state.tricks_won) and sum(counted) == 5
    assert m.deal_points == points and sum(points) > 0
    assert m.deal_roem == list(state.deal_roem)
    assert m.last_trick is not None and m.last_trick[2] == won[-1].seat
    assert list(m.last_trick[1]) == list(won[-1].cards)


@pytest.mark.slow
def test_resize_mid_trick(make_app):
    app = make_app("--seed", "3", speed="normal")
    table = table_of(app)
    for _ in range(3):
        run_until(
            app, lambda: len(table.model.trick) >= 1 and table.model.sprites or human_turn(app)
        )
        if table.model.sprites:
            break
        if table.human_may_play():
            card = table.session.state.legal_actions()[0].card
            drag(app, card_pos(table, card), drop_point(table))
        else:
            click_button(app, table, "pass" if "pass" in table.prompt.actions else "name_C")
    for size in ((1600, 900), (1024, 600), (2560, 1440), (1280, 720)):
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        app.step(DT)
        assert app.size == size
        assert (table.layout.w, table.layout.h) == size
        app.step(DT)
    n = table.session.state.n_actions
    run_until(app, lambda: table.session.state.n_actions > n or human_turn(app), frames=600)
    assert table.resyncs == 0


def test_last_trick_and_score_sheet(make_app):
    app = make_app("--seed", "5")
    table = table_of(app)
    run_until(app, lambda: table.model.last_trick is not None or human_turn(app))
    while table.model.last_trick is None:
        to_human_play(app, table)
        drag(app, card_pos(table, table.session.state.legal_actions()[0].card), drop_point(table))
        run_until(app, lambda: table.model.last_trick is not None or human_turn(app))
    press(app, pygame.K_l)
    assert table.overlays.show_last
    press(app, pygame.K_l)
    assert not table.overlays.show_last
    click_button(app, table, "last_trick")
    assert table.overlays.show_last
    press(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene)
    press(app, pygame.K_TAB)
    assert app.top is table


def test_menu_items(make_app):
    app = make_app()
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    assert "continue" not in menu.buttons
    table = new_match_from_menu(app)
    assert isinstance(table, TableScene) and app.match is table
    press(app, pygame.K_ESCAPE)
    assert app.top is menu and "continue" in menu.buttons
    click_button(app, menu, "continue")
    assert app.top is table
    press(app, pygame.K_ESCAPE)
    play = open_play(app)
    click_button(app, play, "preset_rotterdam")
    assert app.settings.rules_name() == "rotterdam"
    press(app, pygame.K_ESCAPE)
    click_button(app, menu, "settings")
    settings = app.top
    click_button(app, settings, "tab_table")
    click_button(app, settings, "animation_speed=slow")
    assert app.settings.animation_speed == "slow"
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    click_button(app, menu, "demo")
    demo = app.top
    assert isinstance(demo, TableScene) and demo.demo
    app.step(DT)
    press(app, pygame.K_SPACE)
    assert app.top is menu
    click_button(app, menu, "quit")
    assert not app.running


def test_f11_and_mute(make_app):
    app = make_app("--seed", "1")
    press(app, pygame.K_m)
    assert app.settings.muted and "Sound off" in app.toasts.current_text
    press(app, pygame.K_F11)
    assert app.fullscreen
    press(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1024, 600)
    table = table_of(app)
    assert (table.layout.w, table.layout.h) == app.size


def test_computer_thinks_off_the_frame_loop(make_app):
    """Frames go on while a computer player is still thinking: it holds its answer until
    the test has seen 25 frames (counted, not timed: a busy machine draws fewer a second)."""
    app = make_app("--seed", "4")
    table = table_of(app)
    seat = next(s for s in range(1, 4))
    real = table.session.seats[seat].player
    release = threading.Event()

    class Slow:
        def choose(self, obs):
            release.wait(30)
            return real.choose(obs)

    for s in range(1, 4):
        table.session.seats[s].player = Slow()
    run_until(app, lambda: table.session.job is not None and not table.session.job.done())
    thinking = table.session.job
    for _ in range(25):
        app.step(DT)  # the loop keeps drawing while the computer thinks
    assert not thinking.done()
    release.set()
    run_until(app, lambda: thinking.done())


def test_thinking_indicator_after_a_moment(make_app):
    app = make_app("--seed", "4")
    table = table_of(app)
    for s in range(1, 4):
        table.session.seats[s].player = type(
            "Stuck", (), {"choose": lambda self, obs: time.sleep(3)}
        )()
    run_until(app, lambda: table.session.job is not None)
    seat = table.session.state.to_move
    for _ in range(10):
        app.step(DT)
    assert seat not in table.session.thinking  # not before 0.3 s
    for _ in range(20):
        app.step(DT)
    assert seat in table.session.thinking


def test_no_audio_device_is_silence(monkeypatch):
    from klaverjas_gui.store.prefs import Settings
    from klaverjas_gui.ui.audio import Audio

    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio(Settings())
    audio.start()
    audio.wait_ready()
    audio.play("card")
    audio.play("trick")
    assert audio.board is None or not audio.board.available


@pytest.mark.parametrize(
    "argv",
    [
        ["--size", "big"],
        ["--size", "100x100"],
        ["--variant", "nowhere"],
        ["--lang", "xx"],  # a language the game does not speak
        ["--game", "klabberjass", "--variant", "amsterdam"],
        ["--game", "belote"],
        ["--seed", "-3"],
        ["--frames", "0"],
        ["--fullscreen", "--windowed"],
        ["--lang", "not a language"],
        ["--bogus"],
    ],
)
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("klaverjas: ")


def test_screenshot_from_the_command_line(tmp_path):
    out = tmp_path / "shot.png"
    cmd = [sys.executable, "-m", "klaverjas_gui", "--seed", "3", "--frames", "40",
           "--size", "1024x600", "--data-dir", str(tmp_path), "--lang", "nl",
           "--screenshot", str(out)]  # fmt: skip
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 600)
