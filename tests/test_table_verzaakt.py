"""Verzaakt at the table (RULES.md 1.11, `revoke = club`): the hand shows no illegal marks,
a person calls with the Verzaakt! button or V, the table says the verdict in the engine's
words, and the summary, the score sheet and the statistics show a revoked deal."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from uitest import DT, press, run_until

from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.engine.match import Stacked, name, play, verzaakt
from klaverjas_gui.engine.reasons import english
from klaverjas_gui.i18n import tr
from klaverjas_gui.store.history import compute_statistics
from klaverjas_gui.ui import catalogue
from klaverjas_gui.ui.sheet import result_word
from klaverjas_gui.ui.summary import DealSummaryScene, headline

CLUB = dataclasses.replace(PRESETS["amsterdam"], revoke="club")


def revoked_position(variant=CLUB):
    """West's 7♦ on South's A♠ (West holds 10♠ 9♠); the trick is closed, East took it."""
    state = new_match(variant, 1, Stacked(3, catalogue.VERZAAKT_DEAL))
    state, _ = state.apply(name("H"))
    for card in ("AS", "7D", "7S", "7H"):
        state, _ = state.apply(play(card))
    return state


def table_at(make_app, state):
    app = make_app(first_frame=True)
    app.start_match(state.variant, seed=1)
    table = app.match
    table.load(state)
    table.session.autopilot = None
    app.step(DT)
    return app, table


def south_must_follow(variant):
    """A position where South is to play and the rules allow only some of its cards."""
    for seed in range(200):
        rng, state = random.Random(seed), new_match(variant, seed)
        while state.deal_no == 1:
            narrow = len(state.rule_actions()) < len(state.hand(0))
            if state.phase == "play" and state.to_move == 0 and narrow:
                return state
            state, _ = state.apply(rng.choice(state.rule_actions()))
    raise AssertionError("no such position")


@pytest.mark.parametrize("revoke", ["off", "club"])
def test_the_hand_marks_no_card_illegal_under_club(make_app, revoke):
    variant = dataclasses.replace(CLUB, revoke=revoke)
    state = south_must_follow(variant)
    app, table = table_at(make_app, state)
    run_until(app, table.human_may_play)
    legal = table.hand.legal_cards()
    rules = {a.card for a in state.rule_actions()}
    assert legal == (set(state.hand(0)) if revoke == "club" else rules)


def test_the_button_shows_under_club_once_a_trick_is_closed(make_app):
    app, table = table_at(make_app, revoked_position())
    assert table.buttons["verzaakt"].visible
    app2, table2 = table_at(make_app, new_match(CLUB, 1))
    assert not table2.buttons["verzaakt"].visible  # no trick closed yet


def test_a_right_call_by_key_shows_the_trick_the_card_and_the_rule(make_app):
    state = revoked_position()
    app, table = table_at(make_app, state)
    press(app, pygame.K_v)
    s = table.session.state
    assert s.actions[-1] == verzaakt(0)
    line = s.sheet[-1]
    assert line.score.outcome == "verzaakt" and line.score.scores == (162, 0)
    toast = app.toasts.current_text
    rule = english(line.score.revoke.reason)
    assert rule in toast and "Henk played 7♦" in toast and "A♠ 7♦ 7♠ 7♥" in toast
    run_until(app, lambda: isinstance(app.top, DealSummaryScene))
    assert app.toasts.current_text != toast  # said once more by the summary, not twice
    summary = app.top
    assert rule in summary.describe() and "Verzaakt by the defence" in summary.describe()
    title, _ = headline(line, table.team_names(), 0)
    assert title == tr("ui.summary_verzaakt", team=table.team_names()[1])
    assert result_word(line) == "VERZAAKT"


def test_a_wrong_call_changes_nothing_and_the_table_says_so(make_app):
    state = revoked_position()
    state, _ = state.apply("pass")  # East leaves the claim; East leads
    app, table = table_at(make_app, state)
    table.session.holder = 1  # West (the revoker's own side) holds the laptop now
    before = table.session.state
    table.verzaakt.call()
    after = table.session.state
    assert after.actions[-1] == verzaakt(1) and after.sheet == before.sheet
    assert after.hands == before.hands and after.phase == before.phase
    assert "nothing changes" in app.toasts.current_text


def test_the_laptops_person_calls_once_until_another_trick_is_closed(make_app):
    """A guest's second call on one closed trick was refused by the network
    (`called_already`), the host's own person could call again and again, each call a move
    every seat is sent and the history keeps. The session refuses it for every seat alike,
    with the network's reason and words; after another trick closes a call counts again."""
    state = revoked_position()
    state, _ = state.apply("pass")  # East leaves the claim; East leads
    app, table = table_at(make_app, state)
    table.session.holder = 1  # West (the revoker's own side): a call on nothing
    table.verzaakt.call()
    n = table.session.state.n_actions
    for _ in range(3):
        table.verzaakt.call()
    assert table.session.state.n_actions == n  # heard once
    assert app.toasts.current_text == tr("net.reason_called_already")
    reason = table.session.submit(verzaakt(1))
    assert reason is not None and reason.key == "called_already"
    assert table.session.submit(verzaakt(3)) is None  # another seat's call is its own
    s = table.session
    tricks = len(s.state.tricks)
    while len(s.state.tricks) == tricks:  # play on to the next closed trick
        assert s.submit(s.state.rule_actions()[0]) is None
    assert s.submit(verzaakt(1)) is None and s.state.deal_log[-1][1] == verzaakt(1)


def test_statistics_count_the_deals_a_team_lost_by_verzaakt():
    from klaverjas_gui.store.history import MatchRecord

    state, _ = revoked_position().apply(verzaakt(0))
    line = state.sheet[-1].to_dict()
    match = MatchRecord(1, "klaverjas", "amsterdam", {}, 1, ["You", "Henk", "Anna", "Joop"],
                        "2026-01-01", "2026-01-01", "finished", (162, 0), 0)  # fmt: skip
    rows = {r["name"]: r for r in compute_statistics([(match, [line])])}
    assert rows["Henk"]["verzaakt"] == 1 and rows["Joop"]["verzaakt"] == 1
    assert rows["You"]["verzaakt"] == 0 and rows["Henk"]["nat"] == 0


def test_the_stored_form_and_the_review_take_a_revoked_deal():
    from klaverjas_gui.engine import MatchState
    from klaverjas_gui.teach.review import review_deal

    state = revoked_position()
    state, events = state.apply(verzaakt(0))
    again = MatchState.from_json(state.to_json())  # the stored form replays the call
    assert again.sheet[0].score.outcome == "verzaakt" and again.actions == state.actions
    deal = _plays([str(a) for a in state.actions])
    assert len(deal.plays) == 4 and deal.end.sheet[0].score.outcome == "verzaakt"
    review = review_deal(deal.plays)  # the wrong card has no measure: the review stops there
    assert [c.card for c in review.cards] == [deal.plays[0][1]]


def test_the_replay_marks_the_wrong_card_and_ends_with_the_verdict(make_app, monkeypatch):
    from klaverjas_gui.store.history import MatchRecord
    from klaverjas_gui.ui.replay import ReplayScene

    app = make_app(first_frame=True)
    state, _ = revoked_position().apply(verzaakt(0))
    record = MatchRecord(7, "klaverjas", "custom", CLUB.to_dict(), 1,
                         ["You", "Henk", "Anna", "Joop"], "2026-01-01", None, "running",
                         None, None)  # fmt: skip
    monkeypatch.setattr(app.history, "actions", lambda mid: [str(a) for a in state.actions])
    # the replay deals from the seed: the stacked first deal is the catalogue's, so replay
    # the same actions from a state dealt that way
    monkeypatch.setattr(
        "klaverjas_gui.ui.replay.deal_plays",
        lambda game, variant, seed, actions, deal_no: _plays(actions),
    )
    scene = ReplayScene(app, record, 1)
    scene.show(2)
    assert "a wrong card (verzaakt)" in scene.caption()[1]
    scene.show(4)
    text = scene.caption()[1]
    assert "Verzaakt by the defence" in text and "you must follow suit" in text


def _plays(actions):
    from klaverjas_gui.engine.match import parse_action
    from klaverjas_gui.ui.replay import DealPlays

    state = new_match(CLUB, 1, Stacked(3, catalogue.VERZAAKT_DEAL))
    plays = []
    for text in actions:
        action = parse_action(text)
        if action.kind == "play" and state.deal_no == 1:
            plays.append((state, action.card))
        state, _ = state.apply(action)
    return DealPlays(1, tuple(plays), state)


def test_the_last_trick_waits_for_a_call_before_the_deal_is_scored(make_app):
    rng = random.Random(3)
    state = new_match(CLUB, 3)
    while not (len(state.tricks) == 7 and len(state.trick) == 3 and state.to_move == 0):
        state, _ = state.apply(rng.choice(state.rule_actions()))
        if state.deal_no > 1:
            rng, state = random.Random(rng.random()), new_match(CLUB, rng.randrange(10**6))
    app = make_app(speed="normal", first_frame=True)
    app.start_match(CLUB, seed=state.seed)
    table = app.match
    table.load(state)
    table.session.autopilot = None
    app.step(DT)
    assert table.submit(state.rule_actions()[0]) is None  # South's last card
    run_until(app, lambda: table.director.claim_window, frames=600)
    for _ in range(30):  # half a second: the last trick still lies there, a call is open
        app.step(DT)
    s = table.session.state
    assert s.phase == "deal_end" and not s.sheet and table.buttons["verzaakt"].visible
    press(app, pygame.K_v)
    assert "nothing changes" in app.toasts.current_text
    assert table.session.state.actions[-1] == verzaakt(0)
    run_until(app, lambda: isinstance(app.top, DealSummaryScene), frames=1200)
    assert table.session.state.sheet[0].score.outcome in ("made", "nat", "pit")


def test_captions_name_a_wrong_card_and_the_verdict():
    from klaverjas_gui.ui.captions import action_captions

    names = ["You", "Henk", "Anna", "Joop"]
    state = new_match(CLUB, 1, Stacked(3, catalogue.VERZAAKT_DEAL))
    state, _ = state.apply(name("H"))
    state, _ = state.apply(play("AS"))
    before = state
    state, events = state.apply(play("7D"))
    (text,) = action_captions(before, events, names)
    assert text == "Henk plays the 7 of diamonds: a wrong card (the rules did not allow it)."
    for card in ("7S", "7H"):
        state, _ = state.apply(play(card))
    wrong_state, events = state.apply(verzaakt(3))
    assert action_captions(state, events, names) == [
        "Joop calls “Verzaakt!”, but nothing was revoked: nothing changes."
    ]
    _, events = state.apply(verzaakt(0))
    words = action_captions(state, events, names)
    assert "Henk played 7♦" in words[0] and words[1].startswith("Deal 1: verzaakt! Henk & Joop")
