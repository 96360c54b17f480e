"""Klabberjass guidance, driven headless by posted events: hot-seat for two people at one
laptop (a cover between their turns, checked on what the view drew face up) and the
hint, which must be the hard Klabberjass player's choice on the same observation.
"""

from __future__ import annotations

import random

import pygame
import pytest
from uitest import DT, click, click_button, click_in_form, new_match_from_menu, post, run_until

from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass, parse_card
from klaverjas_gui.engine.klabberjass import KlabberjassStacked, name
from klaverjas_gui.engine.match import PASS, TAKE, MatchOver
from klaverjas_gui.games import KLABBERJASS
from klaverjas_gui.teach import coach
from klaverjas_gui.teach.klabberjass_hints import explain
from klaverjas_gui.ui.klabberjass_scenes import KlabberjassEndScene, KlabberjassSummaryScene
from klaverjas_gui.ui.table.cover import CoverScene
from klaverjas_gui.ui.table.layout import NORTH, SOUTH
from klaverjas_gui.ui.table.two.layout import KlabberjassLayout
from klaverjas_gui.ui.table.two.scene import KlabberjassTableScene

WORLDS = 4  # the hint's sampled deals, fixed so that the same seed gives the same choice
VARIANT = KLABBERJASS_PRESETS["klabberjass"]


def start(app, kinds: tuple[str, str], seed: int) -> KlabberjassTableScene:
    for seat, kind in enumerate(kinds):
        app.settings.set_seat(seat, kind=kind, game="klabberjass")
    app.start_match(VARIANT, seed=seed, game=KLABBERJASS)
    table = app.top
    assert isinstance(table, KlabberjassTableScene)
    return table


def face_up(table: KlabberjassTableScene) -> dict[int, list]:
    """The hand cards the view drew face up in the last frame, by seat."""
    return {seat: cards for seat, cards in table.view.drawn_faces.items() if cards}


def click_card(app, table: KlabberjassTableScene, card) -> None:
    hand = table.model.hands[table.layout.bottom]
    click(app, table.layout.south_card_point(len(hand), hand.index(card)))


def play_with_covers(app, table: KlabberjassTableScene, decisions: int, seed: int = 1):
    """Act for whoever is to move (a random legal card or button), confirming every cover
    with a click. Returns (seat, phase) per cover, checking on the way that no hand is
    face up under a cover and that afterwards exactly the hand of the seat to act is."""
    rng = random.Random(seed)
    covers: list[tuple[int, str]] = []
    done = 0
    while done < decisions:
        run_until(app, lambda: isinstance(app.top, (CoverScene, KlabberjassSummaryScene,
                                                    KlabberjassEndScene))
                  or table.human_may_play() or table.prompt.visible)  # fmt: skip
        top = app.top
        if isinstance(top, CoverScene):
            app.step(DT)  # a frame drawn with the cover up
            assert face_up(table) == {}, "a hand was face up under the cover"
            assert table.hotseat.hiding and table.guide.hint_card() is None
            covers.append((top.seat, table.session.state.phase))
            click_button(app, top, "show")
            assert app.top is table and table.session.holder == top.seat == table.layout.bottom
            continue
        if isinstance(top, KlabberjassEndScene):
            break
        if isinstance(top, KlabberjassSummaryScene):
            click_button(app, top, "next")
            continue
        s = table.session.state
        assert s.to_move == table.session.holder  # only the person shown at the bottom acts
        app.step(DT)
        assert face_up(table) == {s.to_move: table.model.hands[s.to_move]}
        assert set(table.model.hands[s.to_move]) == set(s.hand(s.to_move))
        if table.session.state is not s:  # the last card played itself (forced_card)
            done += 1
            continue
        if table.human_may_play():
            click_card(app, table, rng.choice([a.card for a in s.legal_actions()]))
        else:
            click_button(app, table, rng.choice(list(table.prompt.actions)))
        if table.session.state.n_actions > s.n_actions:
            done += 1
    return covers


# --- hot-seat ---
def test_two_people_pass_the_laptop_between_turns(make_app):
    app = make_app()
    table = start(app, ("human", "human"), seed=3)
    assert table.session.people == (0, 1) and table.hotseat.many
    covers = play_with_covers(app, table, decisions=40)
    seats = [seat for seat, _ in covers]
    assert set(seats) == {0, 1}
    assert all(a != b for a, b in zip(seats, seats[1:], strict=False))  # the laptop alternates
    pending = isinstance(app.top, CoverScene)  # put up by the last decision's frames
    assert table.hotseat.covers == len(covers) + pending
    phases = {phase for _, phase in covers}
    assert {"bidding", "dix", "declare", "play"} <= phases  # every question goes through it


def test_a_schmeiss_and_its_answer_go_through_the_cover(make_app):
    app = make_app()
    table = start(app, ("human", "human"), seed=4)
    run_until(app, lambda: isinstance(app.top, CoverScene))
    first = app.top.seat
    assert first == table.session.state.to_move
    click_button(app, app.top, "show")
    run_until(app, lambda: table.prompt.visible)
    click_button(app, table, "schmeiss")
    assert table.session.state.phase == "schmeiss"
    run_until(app, lambda: isinstance(app.top, CoverScene))
    assert app.top.seat == 1 - first
    app.step(DT)
    assert face_up(table) == {}
    click_button(app, app.top, "show")
    run_until(app, lambda: table.prompt.visible)
    assert set(table.prompt.actions) == {"accept", "refuse"}
    assert table.layout.bottom == 1 - first
    click_button(app, table, "refuse")
    assert table.session.state.phase != "schmeiss" and table.session.state.maker == first


def test_the_second_player_sits_at_the_bottom_when_it_is_their_turn(make_app):
    app = make_app()
    table = start(app, ("human", "human"), seed=3)
    base = KlabberjassLayout(*app.size)
    for _ in range(2):
        run_until(app, lambda: isinstance(app.top, CoverScene))
        click_button(app, app.top, "show")
        if table.session.holder == 1:
            break
        run_until(app, lambda: table.prompt.visible)
        click_button(app, table, "pass")
    assert table.session.holder == 1 and table.layout.place(1) == SOUTH
    assert isinstance(table.layout.base, KlabberjassLayout)
    assert table.layout.plate_rect(1, False) == base.plate_rect(SOUTH, False)
    assert table.layout.plate_rect(0, False) == base.plate_rect(NORTH, False)
    assert table.layout.hand_poses(1, 6, False) == base.hand_poses(SOUTH, 6, False)


def test_a_forced_pass_still_passes_the_laptop(make_app):
    """Seat 0 (non-dealer) takes; seat 1 has no 7 of trump and no sequence, yet the laptop
    goes to seat 1 for the dix question: a skipped cover would tell seat 0 so."""
    stacked = KlabberjassStacked(1, ("JH 9H AH TS KS 8D", "7C 9C JC 7D QD AS"), "8H",
                                 "TH KH QH 8C TC KD")  # fmt: skip
    app = make_app()
    table = start(app, ("human", "human"), seed=1)
    table.load(new_klabberjass(VARIANT, 1, stacked))
    run_until(app, lambda: isinstance(app.top, CoverScene))
    assert app.top.seat == 0
    click_button(app, app.top, "show")
    run_until(app, lambda: table.prompt.visible)
    click_button(app, table, "take")
    assert table.session.state.phase == "dix"
    run_until(app, lambda: table.session.state.to_move == 1 or isinstance(app.top, CoverScene))
    assert table.session.state.phase == "dix" and table.session.state.legal_actions() == (PASS,)
    run_until(app, lambda: isinstance(app.top, CoverScene))
    assert app.top.seat == 1 and table.session.state.phase == "dix"
    click_button(app, app.top, "show")
    run_until(app, lambda: table.session.state.phase != "dix")  # answered for seat 1 at once


def test_one_person_never_sees_a_cover(make_app):
    app = make_app()
    table = start(app, ("human", "easy"), seed=3)
    assert table.session.people == (0,) and not table.hotseat.many
    covers = play_with_covers(app, table, decisions=30)
    assert covers == [] and table.hotseat.covers == 0
    assert table.layout.bottom == SOUTH and isinstance(table.layout.base, KlabberjassLayout)
    assert table.layout.place(1) == NORTH


def test_the_klabberjass_tab_makes_the_opponent_a_person(make_app):
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    app.settings.set_seat(1, kind="easy", game="klabberjass")
    app.push(SettingsScene(app, "klabberjass"))
    scene = app.top
    app.step(DT)
    click_in_form(app, scene, "kj_seat1_kind=human")  # below the options: scroll to it
    assert app.settings.seat_plan("klabberjass")[1][1] == "human"
    assert app.settings.seat_plan()[1][1] != "human"  # the four-player West stays a computer
    app.show_menu()
    table = new_match_from_menu(app, "klabberjass", "klabberjass")
    assert isinstance(table, KlabberjassTableScene) and table.session.people == (0, 1)
    run_until(app, lambda: isinstance(app.top, CoverScene))


def test_the_end_of_a_hot_seat_game_names_the_winner(make_app):
    app = make_app()
    table = start(app, ("human", "human"), seed=3)
    rng, state = random.Random(3), new_klabberjass(VARIANT, 3)
    while not state.is_over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    table.load(state)
    assert state.winner == table.session.holder == 0  # the seat that would be called "You"
    end = KlabberjassEndScene(app, table.session, table.port, MatchOver(state.winner, state.totals))
    # by name, not "You", for both people: the seat still called "You" by its place (this
    # said "You wins the game", the default name being "You")
    assert end.title() == "South wins the game"


# --- the hint ---
def hard_choice(table: KlabberjassTableScene):
    s = table.session.state
    return coach.hint(s.observation(s.to_move), table.guide.seed_for(s), WORLDS)


@pytest.mark.parametrize(("seed", "phase"), [(5, "bidding"), (297, "dix")])  # 297: easy takes first
def test_the_hint_button_on_a_question_is_the_hard_players_choice(make_app, seed, phase):
    app = make_app()
    table = start(app, ("human", "easy"), seed=seed)
    table.guide.worlds = WORLDS
    run_until(app, lambda: table.prompt.visible)
    assert table.session.state.phase == phase
    click_button(app, table, "hint")
    run_until(app, lambda: table.guide.job is not None and table.guide.job.done())
    assert table.guide.job.error is None
    hint = table.guide.hint()
    assert hint.seat == 0
    assert hint.action == hard_choice(table)
    assert hint.text == explain(table.session.state.observation(0), hint.action)
    assert hint.action in table.prompt.actions.values()  # the ring goes round a real button


def test_h_while_playing_is_the_hard_players_card(make_app):
    app = make_app()
    table = start(app, ("human", "easy"), seed=6)
    table.guide.worlds = WORLDS
    rng = random.Random(2)
    while not table.human_may_play():
        run_until(app, lambda: table.human_may_play() or table.prompt.visible)
        if table.prompt.visible:
            click_button(app, table, rng.choice(list(table.prompt.actions)))
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    app.step(DT)
    run_until(app, lambda: table.guide.job is not None and table.guide.job.done())
    expected = hard_choice(table)
    assert expected.kind == "play" and table.guide.hint_card() == expected.card
    app.step(DT)
    assert expected.card in face_up(table)[0]  # drawn, with its ring, in the player's hand


def test_the_hint_in_hot_seat_is_for_the_person_holding_the_laptop(make_app):
    app = make_app()
    table = start(app, ("human", "human"), seed=3)
    table.guide.worlds = WORLDS
    while True:
        run_until(app, lambda: isinstance(app.top, CoverScene) or table.prompt.visible)
        if isinstance(app.top, CoverScene):
            click_button(app, app.top, "show")
            continue
        if table.session.holder == 1:
            break
        click_button(app, table, "pass")
    click_button(app, table, "hint")
    run_until(app, lambda: table.guide.job is not None and table.guide.job.done())
    hint = table.guide.hint()
    assert hint.seat == 1 and hint.action == hard_choice(table)


def test_no_hint_button_when_hints_are_off(make_app):
    app = make_app()
    app.settings.hints = False
    table = start(app, ("human", "easy"), seed=6)
    assert "hint" not in table.buttons


# --- the sentences ---
def _card_sentence(state, card: str) -> str:
    obs = state.observation(state.to_move)
    return explain(obs, next(a for a in obs.legal if a.card == parse_card(card)))


def test_klabberjass_sentences_say_the_situation():
    """Seat 0 leads after taking hearts, holding king and queen of hearts (bella), the
    ace, king and 10 of clubs (every higher club in hand), and the 7 of spades."""
    stacked = KlabberjassStacked(1, ("KH QH AC TS 7S 8D", "7C 9C JC 7D QD AS"), "8H",
                                 "TC KC QC 8C JD KD")  # fmt: skip
    state = new_klabberjass(VARIANT, 1, stacked)
    assert explain(state.observation(0), TAKE) == "Take hearts: you hold K, Q of hearts."
    state, _ = state.apply(TAKE)
    while state.phase != "play":
        state, _ = state.apply(state.legal_actions()[-1])  # pass the dix, stay silent
    assert _card_sentence(state, "KH") == (
        "Play the king of hearts: you hold king and queen of trump, so you announce bella, "
        "20 points."
    )
    assert _card_sentence(state, "AC") == (
        "Lead the ace of clubs: no card of clubs beats it; only a trump can."
    )
    assert _card_sentence(state, "KC").startswith(
        "Lead the king of clubs: every higher card in clubs has been played, lies face up or "
        "is in your hand"
    )
    assert _card_sentence(state, "7S").startswith("Lead the 7 of spades: a card without points")
    assert _card_sentence(state, "TS") == (
        "Lead the 10 of spades: of all your cards, none does better here."
    )  # the ace of spades is unseen: not the master; without values, not "it does best"


def test_taking_with_the_seven_of_trump_mentions_the_dix():
    stacked = KlabberjassStacked(1, ("7H QH AC TS 7S 8D", "7C 9C JC 7D QD AS"), "JH")
    obs = new_klabberjass(VARIANT, 1, stacked).observation(0)
    assert explain(obs, TAKE) == (
        "Take hearts: you hold Q, 7 of hearts, and the dix brings you the jack of hearts."
    )


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_klabberjass_hint_is_worded_in_every_language(lang):
    """A hundred random decisions of every kind: each gets a sentence without a raw key."""
    from klaverjas_gui import i18n

    i18n.set_language(lang)
    try:
        rng = random.Random(7)
        state = new_klabberjass(VARIANT, 7)
        kinds = set()
        for _ in range(400):
            if state.is_over:
                break
            obs = state.observation(state.to_move)
            action = rng.choice(obs.legal)
            text = explain(obs, action)
            assert text and "klabber." not in text and "guide." not in text and "%{" not in text
            kinds.add(action.kind)
            state, _ = state.apply(action)
        assert {"play", "pass", "take"} <= kinds or {"play", "pass", "name"} <= kinds
    finally:
        i18n.set_language("en")


def test_no_dix_hint_when_a_suit_named_in_round_two_leaves_the_turned_card_plain():
    """RULES.md 2: diamonds named in round two, the turned ace of hearts is no trump card:
    the hint for the one answer, pass, says there is no dix (not "keep the 7")."""
    stacked = KlabberjassStacked(0, ("7D 8H TH JH QH KH", "7C 8C QC KC AD 9D"), "AH",
                                 "8D AC 9S TS JS QS")  # fmt: skip
    state = new_klabberjass(VARIANT, 1, stacked)
    for action in (PASS, PASS, PASS, name("D"), PASS):
        state, _ = state.apply(action)
    obs = state.observation(0)
    assert obs.phase == "dix" and obs.legal == (PASS,) and parse_card("7D") in obs.hand
    assert explain(obs, PASS) == (
        "No dix: the ace of hearts is not a trump card, so there is nothing to exchange."
    )


def test_a_pass_says_what_the_hard_players_values_say_not_that_every_suit_is_weak():
    """The newcomer's hand (shot 109): ace, king, queen of hearts with the 7 of hearts
    turned, and the jack and 9 of diamonds. The hard player passes the first round (it can
    name diamonds in the second); "no suit is strong enough" was false of this hand. The
    sentence says what the values say: taking hearts did no better than passing."""
    stacked = KlabberjassStacked(1, ("KS AH KH QH JD 9D", "7C 9C JC 7D QD AS"), "7H")
    obs = new_klabberjass(VARIANT, 1, stacked).observation(0)
    values = coach.evaluate(obs, 0, WORLDS)
    assert coach.hint(obs, 0, WORLDS) == PASS and values[PASS] >= values[TAKE]
    text = explain(obs, PASS)
    assert text == (
        "Pass: played out over likely deals, taking hearts as trump did no better than passing."
    )
    # set against another choice, the coach's pass speaks of that choice
    schmeiss = next(a for a in obs.legal if a.kind == "schmeiss")
    assert "a schmeiss did no better" in explain(obs, PASS, schmeiss)
    state = new_klabberjass(VARIANT, 1, stacked)
    for action in (PASS, PASS):
        state, _ = state.apply(action)
    second = state.observation(0)
    assert second.bid_round == 2
    assert explain(second, PASS) == (
        "Pass: played out over likely deals, no suit named as trump did better than passing."
    )
    assert "naming diamonds as trump did no better" in explain(second, PASS, name("D"))
