"""The club demo (attract mode): captions, the idle start, leaving it, the speed keys.

Captions are checked on tricks built by hand; the scene is driven by posted
pygame events and by `App.step(dt)` with a large dt for the idle time (no sleeping).
"""

from __future__ import annotations

import functools
import json

import pygame
import pytest
from uitest import DT, click_button, motion, press, run_until

from klaverjas_gui import i18n
from klaverjas_gui.engine import PRESETS, new_match, parse_card, parse_cards
from klaverjas_gui.engine.match import TrickWon
from klaverjas_gui.ui.attract import (
    AttractKlabberjassTable,
    AttractTable,
    idle_limit,
    step_speed,
)
from klaverjas_gui.ui.captions import action_captions, play_caption, trick_caption
from klaverjas_gui.ui.menu import MainMenuScene

AMSTERDAM = PRESETS["amsterdam"]


@pytest.fixture
def start(make_app):
    """An app with its first frame drawn, at the demo's own pace unless told otherwise."""
    return functools.partial(make_app, speed="normal", deterministic=True, first_frame=True)


# --- captions of tricks built by hand ---
def test_trumping_says_which_suit_was_missing():
    text = play_caption("Anna", parse_card("7H"), "H", parse_cards("7H 8C"), parse_cards("AS"),
                        AMSTERDAM)  # fmt: skip
    assert text == "Anna trumps with the 7 of hearts: no spades left."


def test_overtrumping_and_the_partner_winning():
    over = play_caption("Joop", parse_card("JH"), "H", parse_cards("JH 7C"),
                        parse_cards("AS 8S 9H"), AMSTERDAM)  # fmt: skip
    assert over == "Joop overtrumps with the jack of hearts: no spades left."
    # two cards lie: the partner led the ace and still wins, so no need to trump (Amsterdam)
    free = play_caption("Joop", parse_card("8C"), "H", parse_cards("7H 8C"),
                        parse_cards("AS 7S"), AMSTERDAM)  # fmt: skip
    assert free == "Joop discards the 8 of clubs: no spades, and the partner is winning the trick."
    rotterdam = play_caption("Joop", parse_card("7H"), "H", parse_cards("7H 8C"),
                             parse_cards("AS 7S"), PRESETS["rotterdam"])  # fmt: skip
    assert rotterdam == (
        "Joop must trump with the 7 of hearts, even over the partner: no spades left."
    )
    amsterdam = play_caption("Joop", parse_card("7H"), "H", parse_cards("7H 8C"),
                             parse_cards("AS 7S"), AMSTERDAM)  # fmt: skip
    assert amsterdam == "Joop trumps with the 7 of hearts, though the partner is winning the trick."


def test_following_leading_and_discarding():
    assert (
        play_caption(
            "Henk", parse_card("TD"), "C", parse_cards("TD 7S"), parse_cards("9D"), AMSTERDAM
        )
        == "Henk follows suit with the 10 of diamonds and takes the lead."
    )
    assert (
        play_caption("Henk", parse_card("7D"), "C", parse_cards("7D"), parse_cards("9D"), AMSTERDAM)
        == "Henk follows suit with the 7 of diamonds."
    )
    assert (
        play_caption("Sanne", parse_card("JC"), "C", parse_cards("JC"), [], AMSTERDAM)
        == "Sanne leads trump: the jack of clubs."
    )
    assert (
        play_caption(
            "Sanne", parse_card("8S"), "C", parse_cards("8S 7D"), parse_cards("AH"), AMSTERDAM
        )
        == "Sanne discards the 8 of spades: no hearts and no trump."
    )


def test_following_trump():
    trick = parse_cards("9C")  # clubs are trump: the 9 is the second-highest trump
    high = play_caption("Anna", parse_card("JC"), "C", parse_cards("JC 8C"), trick, AMSTERDAM)
    assert high == "Anna goes over with a higher trump: the jack of clubs."
    low = play_caption("Anna", parse_card("8C"), "C", parse_cards("8C 7H"), trick, AMSTERDAM)
    assert low == "Anna follows trump with the 8 of clubs."


def test_trick_captions_with_roem_and_the_last_trick():
    cards = tuple(parse_cards("7C AC 8C 9C"))  # the ace takes; 7 8 9 in a row is 20 roem
    won = TrickWon(2, 3, cards, 11, 20)
    assert trick_caption("North", won, "H", last=False) == (
        "North wins the trick with the ace of clubs: 11 points + 20 roem."
    )
    last = TrickWon(1, 7, tuple(parse_cards("7S 8S TS KS")), 24, 0)
    assert trick_caption("West", last, "H", last=True) == (
        "West wins the last trick with the 10 of spades: 24 points, "
        "the 10 for the last trick included."
    )


def test_the_engine_events_of_a_whole_deal_become_captions():
    """Play a deal with the engine: every card gets its line, every trick its winner."""
    state = new_match(AMSTERDAM, 3)
    names = ["Sanne", "Henk", "Anna", "Joop"]
    lines: list[str] = []
    while state.deal_no == 1:
        action = state.legal_actions()[0]
        before = state
        state, events = state.apply(action)
        lines += action_captions(before, events, names)
    assert sum(" wins the trick " in line for line in lines) == 7
    assert sum(" wins the last trick " in line for line in lines) == 1
    assert lines[-1].startswith("Deal 1: ")
    assert any(line.endswith("as trump.") for line in lines)


def test_a_passed_out_klabberjass_deal_says_it_is_dealt_again():
    """Both pass twice: the passes stay on the cloth over the fresh cards, so the newest
    line must say the deal was void and who deals again (issue 36 item 9)."""
    from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass
    from klaverjas_gui.engine.klabberjass import PASS, SCHMEISS_CALL

    names = ["Sanne", "Henk"]
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 3)
    lines: list[str] = []
    for _ in range(4):
        before = state
        state, events = state.apply(PASS)
        lines += action_captions(before, events, names)
    assert lines[:4] == [f"{names[s]} passes." for s in (1 - before.dealer, before.dealer) * 2]
    assert lines[4:] == [f"Nobody chose trump: the deal is void and {names[state.dealer]} "
                         "deals again."]  # fmt: skip
    clob = new_klabberjass(KLABBERJASS_PRESETS["clob"], 3)
    _, events = clob.apply(SCHMEISS_CALL)
    assert action_captions(clob, events, names)[-1] == (
        f"With clob a schmeiss is always accepted: {names[clob.dealer]} deals again."
    )


def test_captions_in_dutch_and_french():
    try:
        i18n.set_language("nl")
        text = play_caption("Anna", parse_card("7H"), "H", parse_cards("7H 8C"),
                            parse_cards("AS"), AMSTERDAM)  # fmt: skip
        assert text == "Anna troeft met de harten 7: geen schoppen meer."
        i18n.set_language("fr")
        won = TrickWon(2, 3, tuple(parse_cards("7C AC 8C 9C")), 11, 0)
        assert trick_caption("Anna", won, "H", False) == (
            "Anna remporte le pli avec l'as de trèfle : 11 points."
        )
    finally:
        i18n.set_language("en")


# --- the attract mode in the app ---
def test_the_menu_falls_into_the_demo_after_the_idle_time_and_a_mouse_move_leaves(start):
    app = start()
    app.settings.demo_idle_seconds = 30
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    app.step(29.0)
    assert app.top is menu
    app.step(1.5)
    demo = app.top
    assert isinstance(demo, (AttractTable, AttractKlabberjassTable)) and demo.leave_on_motion
    assert demo.session.match_id is None and app.history.running() is None  # a demo is not recorded
    x, y = demo.pointer or (0, 0)
    motion(app, (x + 2, y + 1))  # a trembling hand is not a visitor
    assert app.top is demo
    motion(app, (x + 60, y + 40))
    assert app.top is menu


def test_any_key_or_click_leaves_and_input_restarts_the_idle_clock(start):
    app = start()
    app.settings.demo_idle_seconds = 30
    menu = app.top
    app.step(20.0)
    press(app, pygame.K_DOWN)  # input on the menu: the clock starts again
    app.step(20.0)
    assert app.top is menu
    app.step(11.0)
    assert isinstance(app.top, AttractTable)
    press(app, pygame.K_a)  # a key with no meaning of its own still ends the demo
    assert app.top is menu
    app.step(31.0)
    demo = app.top
    assert isinstance(demo, AttractKlabberjassTable)  # the second demo: the other game
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 300), button=1))
    app.step(DT)
    assert app.top is menu


def test_zero_means_never_except_in_a_kiosk(start, tmp_path):
    app = start()
    app.settings.demo_idle_seconds = 0
    assert idle_limit(app) is None
    app.step(5000.0)
    assert isinstance(app.top, MainMenuScene)
    kiosk = start("--demo")
    kiosk.settings.demo_idle_seconds = 0
    assert idle_limit(kiosk) == 120


def test_speed_keys_and_buttons_change_the_demos_speed_without_leaving(start, tmp_path):
    app = start("--demo", "--seed", "4")
    demo = app.top
    assert isinstance(demo, AttractTable) and not demo.leave_on_motion
    assert demo.demo_speed == "normal"  # it starts at the player's speed
    press(app, pygame.K_PLUS)
    assert demo.demo_speed == "fast" and demo.speed == 0.5 and app.top is demo
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_KP_PLUS)
    assert demo.demo_speed == "instant"  # it stops at the fastest
    press(app, pygame.K_MINUS)
    assert demo.demo_speed == "fast"
    click_button(app, demo, "slower")
    click_button(app, demo, "slower")
    assert demo.demo_speed == "slow" and app.top is demo
    assert demo.director.d(1.0) == 1.6  # the table's pauses follow the demo's speed
    app.start_demo(5)  # the next demo (its end screen starts it) keeps that speed
    assert app.top is not demo and app.top.demo_speed == "slow"
    demo = app.top
    click_button(app, demo, "faster")
    assert demo.demo_speed == "normal"
    press(app, pygame.K_LSHIFT)  # Shift on the way to + is not a visitor leaving
    assert app.top is demo
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenuScene)
    assert step_speed("slow", -1) == "slow" and step_speed("bogus", 1) == "fast"
    # the player's own speed is the demo's business in no way: untouched, never saved
    assert app.settings.animation_speed == "normal"
    stored = tmp_path / "data" / "settings.json"
    assert not stored.exists() or json.loads(stored.read_text())["animation_speed"] == "normal"


def test_the_running_demo_captions_every_card(start):
    app = start("--demo", "--seed", "2", speed="instant")
    demo = app.top
    run_until(app, lambda: len(demo.session.state.tricks) >= 2, frames=3000)
    assert any(" wins the trick with " in line for line in demo.captions)
    app.step(DT)  # and the panel draws


def test_demo_game_klabberjass_is_klabberjass_every_time(start):
    app = start("--demo", "--game", "klabberjass", "--seed", "3", speed="instant")
    demo = app.top
    assert isinstance(demo, AttractKlabberjassTable) and demo.game.players == 2
    run_until(app, lambda: demo.session.state.tricks, frames=3000)
    assert any(" wins the trick with " in line for line in demo.captions)
    app.start_demo(None)
    assert isinstance(app.top, AttractKlabberjassTable)
