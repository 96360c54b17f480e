"""The live coach at the table (ui/table/coach_note.py, play/coaching.py), driven headless
by real posted pygame events: a whole match with the coach on, a note after a known
costly card and its options panel by click and by key, a Klabberjass bid coached, the
Settings row, and the judgement's time cap."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    click_in_form,
    drag,
    drop_point,
    human_turn,
    press,
    run_until,
    table_of,
)

from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.engine.cards import parse_card
from klaverjas_gui.engine.match import Action, play
from klaverjas_gui.play.coaching import JudgeProcess
from klaverjas_gui.teach import coach
from klaverjas_gui.ui.coach_report import CoachReportScene
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.settings import SettingsScene
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.coach_note import note_text


def _random_play(seed: int, actions: int):
    """The Amsterdam position after `actions` random legal moves from `seed`."""
    rng = random.Random(seed)
    state = new_match(PRESETS["amsterdam"], seed)
    while state.n_actions < actions:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_whole_match_with_the_coach_on_every_decision(make_app):
    """Two deals played by clicks and drags with the coach on every decision: each of the
    person's decisions is judged in the coach's own process, stored with the match, and
    shown as the table's note; play never waits for it."""
    app = make_app("--seed", "7", "--rule", "match_length=deals:2")
    app.settings.coach = "every"
    table = table_of(app)
    session = table.session
    assert session.coach is not None and isinstance(session.coach.judge, JudgeProcess)
    session.coach.worlds = 4  # quick judgements; the wiring is what is tested here
    session.coach.seconds = None  # uncapped: under load a capped look is dropped by design
    asked: list[int] = []
    session.listen(lambda b, a, e: asked.append(b.n_actions + 1)
                   if b.to_move == 0 and coach.is_decision(b.observation(0)) else None)  # fmt: skip
    shown: list[int] = []
    rng = random.Random(5)
    second_deal = 0  # the person's decisions seen in the second deal's trump choice
    while not isinstance(app.top, MatchEndScene):
        run_until(app, lambda: human_turn(app))
        run_until(app, lambda: not session.coach.busy(), seconds=60)  # a person thinks
        note = table.coach.note
        if note is not None and (not shown or shown[-1] != note.judgement.seq):
            shown.append(note.judgement.seq)
        state = session.state
        if app.top is table and state.deal_no == 2 and state.phase != "play":
            second_deal += 1  # notes end with their deal: none of the first over this
            assert note is None or note.judgement.seq > state.deal_start, note
        top = app.top
        if isinstance(top, DealSummaryScene):
            click_button(app, top, "next")
        elif isinstance(top, MatchEndScene):
            break
        elif table.human_may_play():
            card = rng.choice([a.card for a in session.state.legal_actions()])
            drag(app, card_pos(table, card), drop_point(table))
        else:
            click_button(app, table, rng.choice(list(table.prompt.actions)))
    assert session.state.is_over and len(asked) >= 10
    run_until(app, lambda: not session.coach.busy(), seconds=180)
    judged = [j.seq for _, j in session.coach.judged]
    assert judged == asked  # every decision, in order, none lost
    stored = session.history.decisions(session.match_id)
    assert [d.seq for d in stored] == asked and all(d.seat == 0 for d in stored)
    assert shown and set(shown) <= set(asked) and second_deal
    assert table.coach.note is None  # the last deal ended: its notes with it
    end = app.top
    click_button(app, end, "coach_report")  # the match end offers the coach's report
    assert isinstance(app.top, CoachReportScene) and app.top.match_id == session.match_id


def test_a_costly_card_gets_a_note_and_its_options_open_by_click_and_by_key(make_app):
    """Seed 21 after 29 random moves: the opponents win the trick, and the 10 of spades
    gives them 10 points where the 9 would not: about 30 points for the team."""
    app = make_app("--seed", "21")
    table = table_of(app)
    run_until(app, lambda: table.director.idle)
    table.load(_random_play(21, 29))
    session = table.session
    session.coach.seconds = None  # every sampled deal: the same judgement on any machine
    run_until(app, lambda: table.human_may_play())
    ten = parse_card("TS")
    drag(app, card_pos(table, ten), drop_point(table))
    assert session.state.actions[29] == play(ten)  # play goes on at once
    run_until(app, lambda: table.coach.visible() is not None, seconds=120)
    note = table.coach.note
    j = note.judgement
    assert j.chosen == play(ten) and j.flagged and j.mistake == "points"
    assert j.best == play(parse_card("9S"))
    text = note_text(note.obs, j)
    assert "10 of spades" in text and "9 of spades" in text
    assert table.coach.panel is None
    click(app, table.coach.note_rect(table.layout).center)
    assert table.coach.panel is note
    lines = coach.option_lines(note.obs, j)
    assert lines[0][0] == "the 9 of spades" and len(lines) == len(note.obs.legal)
    press(app, pygame.K_ESCAPE)  # closes the panel, and stays at the table
    assert table.coach.panel is None and app.top is table
    press(app, pygame.K_o)
    assert table.coach.panel is note
    click(app, (5, 5))  # a click anywhere closes it and plays nothing
    assert table.coach.panel is None and app.top is table


def _play_on(app, table) -> None:
    """The person's next move (the first legal card or button) once the coach has spoken
    (a person thinks), or a frame."""
    if not human_turn(app) or table.session.coach.busy():
        app.step(DT)
    elif isinstance(app.top, DealSummaryScene):
        click_button(app, app.top, "next")
    elif table.human_may_play():
        card = table.session.state.legal_actions()[0].card
        drag(app, card_pos(table, card), drop_point(table))
    elif table.prompt.actions:
        click_button(app, table, list(table.prompt.actions)[0])
    else:
        app.step(DT)


def test_the_note_stays_until_the_persons_next_decision_then_fades(make_app):
    """A note on a card early in the deal (the coach on every decision) speaks of that
    card: it stays while the others play, however long, and goes with the person's next
    decision (after at least `READ`, 3 seconds, shown). It stayed three tricks before, and lay
    on with later notes, toasts and bubbles."""
    read = 3.0  # coach_note.READ

    app = make_app("--seed", "21")
    app.settings.coach = "every"
    table = table_of(app)
    table.session.coach.seconds = None
    table.session.coach.worlds = 4  # quick: the fading is what is tested

    def early_note() -> bool:
        note = table.coach.note
        return note is not None and note.obs.phase == "play" and len(note.obs.tricks) <= 2

    for _ in range(20_000):
        if early_note():
            break
        _play_on(app, table)
    first = table.coach.note
    assert early_note(), first
    app.settings.coach = "off"  # no newer note takes its place
    for _ in range(round(3 * read / DT)):  # the others may play; the person does not
        if human_turn(app) and not table.session.coach.busy():
            break
        app.step(DT)
    assert table.coach.note is first  # no decision of the person's yet: it stays
    run_until(app, lambda: human_turn(app) and not table.session.coach.busy())
    n = table.session.state.n_actions
    while table.session.state.n_actions == n:  # the person decides again
        _play_on(app, table)
    for _ in range(round((read + 1.0) / DT)):
        app.step(DT)
    assert table.coach.note is None
    assert table.session.state.deal_no == first.obs.deal_no  # faded, not ended with the deal
    assert table.coach.cards - first.cards_at < 12  # within three tricks of four cards


def test_klabberjass_bidding_is_coached(make_app):
    """Klabberjass, seed 2: taking diamonds on this hand costs about 25-30 points."""
    app = make_app("--game", "klabberjass", "--seed", "2")
    table = table_of(app)
    run_until(app, lambda: table.prompt.visible)
    table.session.coach.seconds = None
    key = next(k for k, a in table.prompt.actions.items() if a.kind == "take")
    click_button(app, table, key)
    assert table.session.state.actions[0] == Action("take")
    run_until(app, lambda: table.coach.visible() is not None, seconds=120)
    note = table.coach.note
    assert note.judgement.kind == "bid" and note.judgement.flagged
    assert note.judgement.mistake == "bid_bold"
    assert "taking diamonds" in note_text(note.obs, note.judgement)
    press(app, pygame.K_o)
    assert table.coach.panel is note


def test_the_coach_row_in_settings_is_the_players_choice(make_app, tmp_path):
    app = make_app(first_frame=True)
    assert (app.settings.coach, app.settings.coach_chosen) == ("mistakes", False)
    scene = app.push("settings", tab="table")
    app.step(DT)
    assert isinstance(scene, SettingsScene)
    click_in_form(app, scene, "coach=every")
    assert (app.settings.coach, app.settings.coach_chosen) == ("every", True)
    stored = json.loads((tmp_path / "data" / "settings.json").read_text(encoding="utf-8"))
    assert (stored["coach"], stored["coach_chosen"]) == ("every", True)


def test_a_judgement_is_capped_in_time():
    """A late-deal position judged over far too many deals: the cap stops the sampling,
    and a first look cut short is no judgement (it is not the look the hint makes, so it
    could call a followed hint a mistake); within the cap the judgement is reproducible."""
    state = _random_play(21, 29)
    obs = state.observation(0)
    start = time.perf_counter()
    capped = coach.judge(obs, play(parse_card("TS")), 1, worlds=100_000, seconds=0.5)
    assert capped is None and time.perf_counter() - start < 20
    a = coach.judge(obs, play(parse_card("TS")), 1, worlds=8, seconds=600)
    b = coach.judge(obs, play(parse_card("TS")), 1, worlds=8)
    assert a == b


def test_the_coach_switched_on_over_a_match_watches_from_the_next_decision(make_app):
    app = make_app(first_frame=True)
    app.settings.choose_coach("off")
    app.start_match(seed=3)
    table = table_of(app)
    app.step(DT)
    assert table.session.coach is None
    app.settings.choose_coach("mistakes")  # as the Settings row over the table does
    app.step(DT)
    assert table.session.coach is not None and table.coach._coach is table.session.coach


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_the_note_never_covers_the_decision_panel(make_app, size):
    """At larger text the Klabberjass bidding panel reaches into the room beside the trick:
    the note lay on the panel's title. Every option's note, short or long, stays off it."""
    from klaverjas_gui.ui import catalogue
    from klaverjas_gui.ui.table.coach_note import Note

    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size(size)
    catalogue.SCREENS["klabberjass: bidding"](app)
    table = app.match
    run_until(app, lambda: table.prompt.visible)
    state = table.session.state
    obs = state.observation(state.to_move)
    for action in obs.legal:
        table.coach.note = Note(obs, coach.judge(obs, action, 1, 8), table.coach.cards)
        app.step(DT)
        note, panel = table.coach.note_rect(table.layout), table.prompt.panel[0]
        assert note is not None and not note.colliderect(panel), (action, note, panel)
        assert note.top >= 0 and note.right <= app.size[0]


def test_no_note_speaks_of_a_deal_thrown_in(make_app):
    """Klabberjass: the opponent's schmeiss accepted, the deal is dealt again. A newcomer
    read the coach's words on the old cards ("with hearts A, 10, K, 7 you can make it")
    over a new hand; a judgement of a deal thrown in is kept for the report, not shown."""
    from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass

    variant = KLABBERJASS_PRESETS["klabberjass"]
    seed = next(s for s in range(50) if new_klabberjass(variant, s).dealer == 0)
    app = make_app("--game", "klabberjass", "--seed", str(seed))
    app.settings.coach = "every"
    table = table_of(app)
    run_until(app, lambda: table.director.idle)
    table.session.coach.seconds = None
    state = new_klabberjass(variant, seed)
    for move in ("pass", "pass", "schmeiss"):  # the opponent, first to bid, schmeisses
        state, _ = state.apply(move)
    table.load(state)
    run_until(app, lambda: table.prompt.visible and "accept" in table.prompt.actions)
    click_button(app, table, "accept")
    accepted = state.n_actions + 1  # the accept's number in the match: the deal's last
    assert table.session.state.actions[accepted - 1] == Action("accept")
    run_until(app, lambda: not table.session.coach.busy(), seconds=120)
    for _ in range(30):
        app.step(DT)
    note = table.coach.note
    assert note is None or note.judgement.seq > accepted, note
