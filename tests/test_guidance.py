"""Guidance at the table, driven headless by posted events: the hint, practice take-backs,
the missed-roem note, and the legal-card lift that was already there."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    click_in_form,
    motion,
    new_match_from_menu,
    press,
    run_until,
    table_of,
    to_human_play,
)

from klaverjas_gui.app import App
from klaverjas_gui.engine import PRESETS, Variant, new_match, parse_card
from klaverjas_gui.engine.match import Stacked, name, play
from klaverjas_gui.teach import coach
from klaverjas_gui.teach.hints import card_name, describe_roem, explain
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.scene import TableScene

WORLDS = 6  # the hint's sampled deals, fixed so that the same seed gives the same choice
# Dealer West, so South leads: the ace of clubs, and the others hold one club each.
ROEM_DEAL = ("AC TC KC QC JC AH TH KH", "7C 7D 8D 9D TD JD QD KD",
             "8C AD QH JH 9H 8H 7H 7S", "9C 8S 9S TS JS QS KS AS")  # fmt: skip


# --- the hint ---
def test_hint_for_a_card_is_the_hard_players_choice_with_a_reason(make_app):
    app = make_app("--seed", "7")
    table = table_of(app)
    table.guide.worlds = WORLDS
    to_human_play(app, table)
    state = table.session.state
    press(app, pygame.K_h)  # H while playing a card asks the hint
    run_until(app, lambda: table.guide.hint_action() is not None)
    expected = coach.hint(state.observation(0), table.guide.seed_for(state), WORLDS)
    assert table.guide.hint_action() == expected
    assert table.guide.hint_card() is expected.card
    assert card_name(expected.card) in table.guide.hint().text  # the sentence names it
    assert table.session.state is state  # a hint never plays for you
    app.step(DT)
    assert table.view.drawn_faces[0] == table.model.hands[0]
    click(app, card_pos(table, expected.card))  # playing it clears the hint
    assert table.session.state.actions[state.n_actions] == play(
        expected.card
    )  # (computers may follow)
    assert table.guide.current() is None


def test_hint_button_for_a_trump_decision(make_app):
    app = make_app("--seed", "3")
    table = table_of(app)
    table.guide.worlds = WORLDS
    run_until(app, lambda: table.prompt.visible)
    state = table.session.state
    click_button(app, table, "hint")
    run_until(app, lambda: table.guide.hint_action() is not None)
    expected = coach.hint(state.observation(0), table.guide.seed_for(state), WORLDS)
    assert table.guide.hint_action() == expected
    assert table.guide.hint().text == explain(state.observation(0), expected)
    assert expected.kind in ("name", "pass")


def test_hint_says_wait_when_it_is_not_your_turn_and_hides_when_switched_off(make_app):
    app = make_app("--seed", "3", speed="normal")
    table = table_of(app)
    assert "hint" in table.buttons
    click_button(app, table, "hint")  # the deal is still being animated: not your turn yet
    assert table.guide.job is None
    assert app.toasts.current_text == "A hint is given when it is your turn."
    app.settings.hints = False
    app.step(DT)
    assert "hint" not in table.buttons


def test_explanations_follow_the_situation():
    v = PRESETS["amsterdam"]
    state = new_match(v, 1, Stacked(3, ROEM_DEAL))
    state, _ = state.apply(name("S"))
    obs = state.observation(0)
    assert explain(obs, play("AC")).startswith("Lead the ace of clubs: nothing higher")
    state, _ = state.apply(play("AC"))
    state, _ = state.apply(play("7C"))
    text = explain(state.observation(2), play("8C"))
    assert text == (
        "Your partner is winning this trick: play the 8 of clubs."  # forced: nothing kept
    )
    state, _ = state.apply(play("8C"))
    state, _ = state.apply(play("9C"))
    assert describe_roem(v, state.trump_suit, state.tricks[-1][1]) == "7-8-9 of clubs"


def test_legal_cards_are_lifted_and_the_others_are_not(make_app):
    app = make_app("--seed", "2")
    table = table_of(app)
    for _ in range(60):
        to_human_play(app, table)
        legal = {a.card for a in table.session.state.legal_actions()}
        hand = table.model.hands[0]
        if len(legal) < len(hand):
            break
        click(app, card_pos(table, next(iter(legal))))
    else:
        pytest.fail("never held a card that may not be played")
    motion(app, (5, 5))  # no card hovered
    lifts = table.hand.lifts(len(hand))
    assert all((lifts[i] > 0) == (card in legal) for i, card in enumerate(hand))
    app.settings.show_legal = False
    assert not any(table.hand.lifts(len(hand)))


# --- open-hands practice ---
def test_take_back_restores_the_hand_and_the_state_before_the_card(make_app):
    app = make_app()
    app.settings.practice = True
    app.start_match(seed=21)
    table = table_of(app)
    assert table.practice and table.open_cards and table.session.match_id is None
    assert app.history.running() is None  # practice is not recorded
    to_human_play(app, table)
    before = table.session.state
    hand = list(table.model.hands[0])
    card = next(a.card for a in before.legal_actions())
    click(app, card_pos(table, card))
    # the computers played on
    run_until(app, lambda: table.session.state.n_actions >= before.n_actions + 3)
    assert card not in table.model.hands[0]
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.state == before
    assert table.session.state.n_actions == before.n_actions
    assert table.model.hands[0] == hand
    assert table.session.state.hand(0) == before.hand(0)
    assert card_name(card).capitalize() in app.toasts.current_text
    # and again with Backspace, after playing another card
    other = next(a.card for a in before.legal_actions() if a.card is not card) if len(
        before.legal_actions()) > 1 else card  # fmt: skip
    run_until(app, lambda: table.human_may_play())
    click(app, card_pos(table, other))
    assert table.session.state.actions[before.n_actions] == play(
        other
    )  # computers may answer at once
    press(app, pygame.K_BACKSPACE)
    assert table.session.state == before and table.model.hands[0] == hand
    m = table.model
    assert (m.tricks_won, m.deal_points) == (list(before.tricks_won), list(before.deal_points))
    assert m.deal_roem == list(before.deal_roem)
    # The open hands show every seat's cards
    app.step(DT)
    for seat in range(4):
        assert table.view.drawn_faces[seat] == table.model.hands[seat]


def test_practice_is_switched_on_in_the_settings_and_starts_from_the_menu(make_app):
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    app.push(SettingsScene(app, "match"))
    scene = app.top
    app.step(DT)
    click_in_form(app, scene, "practice=True")
    assert app.settings.practice is True
    app.show_menu()
    new_match_from_menu(app)
    table = table_of(app)
    assert table.practice and table.open_cards and "take_back" in table.buttons


def test_take_back_is_refused_outside_practice(make_app):
    app = make_app("--seed", "21")
    table = table_of(app)
    to_human_play(app, table)
    before = table.session.state
    card = next(a.card for a in before.legal_actions())
    click(app, card_pos(table, card))
    played = table.session.state
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.state.n_actions >= played.n_actions
    assert "take_back" not in table.buttons


def test_take_back_without_a_card_of_yours_says_so(make_app):
    app = make_app()
    app.settings.practice = True
    app.start_match(seed=3)
    table = table_of(app)
    run_until(app, lambda: table.prompt.visible)
    state = table.session.state
    click_button(app, table, "take_back")
    assert table.session.state is state
    assert app.toasts.current_text == "There is no card of yours to take back in this deal."


# --- the missed-roem note ---
def lead_the_ace_of_clubs(make_app, variant: Variant) -> tuple[App, TableScene]:
    """ROEM_DEAL with spades trump, South leading the ace of clubs by a click."""
    state = new_match(variant, 1, Stacked(3, ROEM_DEAL))
    state, _ = state.apply(name("S"))
    app = make_app("--seed", "1")
    table = table_of(app)
    table.load(state)
    run_until(app, lambda: table.human_may_play())
    click(app, card_pos(table, parse_card("AC")))
    return app, table


def test_missed_roem_note_names_the_cards(make_app):
    """South leads the ace of clubs; the others must follow with 7, 8 and 9 of clubs:
    20 roem for South's team, which South does not claim."""
    app, table = lead_the_ace_of_clubs(make_app, PRESETS["amsterdam"])
    run_until(app, lambda: "pass" in table.prompt.actions)
    click_button(app, table, "pass")  # Continue: South moves on without claiming
    s = table.session
    run_until(app, lambda: len(s.state.tricks) == 1 and s.state.phase == "play")
    note = "You could have claimed 20 roem: 7-8-9 of clubs."
    assert table.guide.notes and table.guide.notes[-1].startswith(note)
    assert any(t.text.startswith(note) for t in app.toasts.items)
    assert table.session.state.deal_roem == (0, 0)  # the roem was lost, as the rules say
    # ... and the deal summary says it again
    rng, state = random.Random(2), table.session.state
    while not state.sheet:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    summary = DealSummaryScene(app, table.session, table.port, state.sheet[0], state.totals)
    assert summary.describe().endswith("Your team let 20 roem go unclaimed: 7-8-9 of clubs.")


def test_no_roem_note_when_roem_counts_by_itself(make_app):
    """The same trick under automatic roem: credited, so there is nothing to teach."""
    variant = dataclasses.replace(PRESETS["amsterdam"], roem_claim="automatic")
    app, table = lead_the_ace_of_clubs(make_app, variant)
    run_until(app, lambda: len(table.session.state.tricks) == 1)
    assert table.session.state.deal_roem == (20, 0)
    assert table.guide.notes == []
