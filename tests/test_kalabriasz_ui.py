"""The three-player Kalabriasz table, driven headless by real posted pygame events: the
bidding buttons, laying two cards away by drag, click and keyboard (as a card is played),
the hint, the deal summary, hot-seat, and the seat places at the smallest and largest
windows. Assertions are on the engine state and the layout, never on pixels."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

import pygame
import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    drag,
    drop_point,
    face_up,
    new_match_from_menu,
    press,
    run_until,
    table_of,
)

from klaverjas_gui.engine import KALABRIASZ_PRESETS
from klaverjas_gui.engine.deal import first_dealer
from klaverjas_gui.engine.match import PASS
from klaverjas_gui.games import KALABRIASZ
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.kalabriasz_scenes import (
    KalabriaszEndScene,
    KalabriaszSheetScene,
    KalabriaszSummaryScene,
)
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.table.cover import CoverScene
from klaverjas_gui.ui.table.layout import seated
from klaverjas_gui.ui.table.three.layout import KalabriaszLayout
from klaverjas_gui.ui.table.three.scene import KalabriaszTableScene

# A seed whose first deal is dealt by seat 2: you (seat 0) are first hand, first to bid.
SEED = next(s for s in range(100) if first_dealer(s, players=3) == 2)


def _start(make_app, level: str = "easy", people: int = 1):
    """A game from the settings' seats, dealt from SEED (you first to bid). `people`: how
    many of the three seats are people at this laptop (hot-seat)."""
    app = make_app(deterministic=True, first_frame=True)
    for seat in (1, 2):
        app.settings.set_seat(seat, kind="human" if seat < people else level, game=KALABRIASZ)
    app.start_match(seed=SEED, game=KALABRIASZ)
    table = app.top
    assert isinstance(table, KalabriaszTableScene) and app.match is table
    assert table.session.state.variant == app.settings.rules(KALABRIASZ)
    return app, table


def _to_you(app, table) -> None:
    """Frames until you are asked something (a button, a card) or a summary shows."""
    run_until(
        app,
        lambda: (
            isinstance(app.top, (KalabriaszSummaryScene, KalabriaszEndScene))
            or (app.top is table and (table.human_may_play() or table.prompt.visible))
        ),
    )


def _move_card(app, table, card, gesture: str) -> None:
    """Move `card` of the bottom hand as a player: dragged to the table, clicked, or picked
    with the arrow keys and Enter."""
    if gesture == "drag":
        drag(app, card_pos(table, card), drop_point(table))
    elif gesture == "click":
        click(app, card_pos(table, card))
    else:
        for _ in range(20):
            if table.hand.selected_card() is card:
                break
            press(app, pygame.K_RIGHT)
        assert table.hand.selected_card() is card
        press(app, pygame.K_RETURN)


@pytest.mark.parametrize("gesture", ["drag", "click", "keyboard"])
def test_a_whole_deal_with_the_talon_laid_away_by_each_gesture(make_app, gesture):
    app, table = _start(make_app)
    state = table.session.state
    assert state.to_move == 0 and state.phase == "bidding"
    _to_you(app, table)
    assert set(table.prompt.actions) == {"name_C", "name_D", "name_H", "name_S", "pass"}
    click_button(app, table, "name_H")  # you name hearts: the maker, the talon is yours
    state = table.session.state
    assert state.maker == 0 and state.phase == "talon" and len(state.hand(0)) == 12
    _to_you(app, table)
    assert table.prompt.visible and not table.prompt.actions  # a panel, no buttons
    assert table.hand.legal_cards() == set(state.hand(0))  # any card may be laid away
    chosen = []
    for _ in range(2):
        card = table.session.state.hand(0)[0]
        _move_card(app, table, card, gesture)
        chosen.append(card)
        assert table.session.state.laid_away == tuple(chosen)
        run_until(app, lambda: table.director.idle)
        assert table.model.laid == chosen  # shown at the top, where the talon lay
    state = table.session.state
    assert state.phase == "play" and len(state.hand(0)) == 10
    rng = random.Random(gesture)
    while not isinstance(app.top, KalabriaszSummaryScene):
        _to_you(app, table)
        if table.human_may_play():
            state = table.session.state
            before = state.n_actions
            card = rng.choice([a.card for a in state.legal_actions()])
            _move_card(app, table, card, gesture)
            assert table.session.state.actions[before].card is card
    summary = app.top
    line = table.session.state.sheet[0]
    assert summary.line is line and line.maker == 0 and line.score.laid_away >= 0
    assert summary.headline()[0]  # made, nat or pit, in words
    click_button(app, summary, "next")
    run_until(app, lambda: app.top is table)
    assert table.session.state.deal_no == 2


def test_bidding_by_keyboard(make_app):
    app, table = _start(make_app, level="random")
    _to_you(app, table)
    press(app, pygame.K_RETURN)  # the first Enter shows the focus
    press(app, pygame.K_LEFT)  # the last button: Pass
    focused = table.prompt.focused()
    assert focused == PASS
    press(app, pygame.K_RETURN)
    assert table.session.state.actions[0] == PASS


def test_the_hint_names_a_card_to_lay_away_and_rings_it(make_app):
    app, table = _start(make_app)
    _to_you(app, table)
    click_button(app, table, "name_S")
    _to_you(app, table)
    table.guide.worlds = 4
    press(app, pygame.K_h)
    job = table.guide.job
    assert job is not None
    job.wait(60)
    app.step(DT)
    hint = table.guide.hint()
    assert hint is not None and hint.action.kind == "lay"
    assert hint.action in table.session.state.legal_actions()
    assert table.guide.hint_card() is hint.action.card  # the view rings this card
    assert hint.text


def test_hot_seat_hides_every_hand_between_the_three_people(make_app):
    app, table = _start(make_app, people=3)
    rng = random.Random(3)
    covers, people_seen = 0, set()
    while table.session.state.deal_no == 1:
        run_until(
            app,
            lambda: (
                isinstance(app.top, (CoverScene, KalabriaszSummaryScene))
                or (app.top is table and (table.human_may_play() or table.prompt.actions))
            ),
        )
        top = app.top
        if isinstance(top, KalabriaszSummaryScene):
            click_button(app, top, "next")
            run_until(app, lambda top=top: app.top is not top)
            continue
        if isinstance(top, CoverScene):
            covers += 1
            app.step(DT)
            assert face_up(table_of(app)) == {}, "a hand showed while the laptop changes hands"
            click_button(app, top, "show")
            continue
        app.step(DT)  # drawn: what the person to act sees
        if not (table.human_may_play() or table.prompt.actions):
            continue
        seat = table.session.state.to_move
        assert table.session.holder == seat and table.layout.bottom == seat
        assert set(face_up(table)) == {seat}, "only the person to act sees a hand"
        people_seen.add(seat)
        if table.human_may_play():
            state = table.session.state
            card = rng.choice([a.card for a in state.legal_actions()])
            click(app, card_pos(table, card))
        else:
            keys = list(table.prompt.actions)
            click_button(app, table, rng.choice(keys))
    assert people_seen == {0, 1, 2} and covers >= 3


def test_the_score_sheet_and_the_end_have_a_column_for_each_player(make_app):
    from klaverjas_gui.ui.catalogue import kalabriasz_position

    app, table = _start(make_app)
    state = kalabriasz_position(SEED, lambda s: s.is_over, maker=None)
    table.load(state)
    press(app, pygame.K_TAB)
    sheet = app.top
    assert isinstance(sheet, KalabriaszSheetScene)
    app.step(DT)
    press(app, pygame.K_TAB)
    assert app.top is table
    assert state.winners and len(state.totals) == 3


LOOKS = list(itertools.product([(1024, 600), (1280, 720), (1366, 768), (1920, 1080)],
                               ["normal", "larger"], [0, 1, 2]))  # fmt: skip


@pytest.mark.parametrize("size, text_size, bottom", LOOKS)
def test_the_three_seats_do_not_overlap_at_any_window(size, text_size, bottom):
    """Each seat's hand (twelve cards: the maker's before laying away) and name plate, the
    talon, the panels and the bidding log keep clear of each other, inside the window."""
    pygame.font.init()  # the layout measures its words: not every earlier test leaves fonts up
    theme.set_text_size(text_size)
    try:
        L = seated(KalabriaszLayout(*size), 3, bottom)
        screen = pygame.Rect(0, 0, *size)
        seats = [(bottom + k) % 3 for k in range(3)]
        places = {L.place(s) for s in seats}
        assert places == {0, 1, 3}, "south, west and east"
        pieces = {"talon": L.talon_rect(), "trump": L.trump_panel, "score": L.score_panel,
                  "log": L.side_strip(False)}  # fmt: skip
        for s in seats:
            pieces[f"hand{s}"] = L.hand_bounds(s, False)
            pieces[f"plate{s}"] = L.plate_rect(s, False)
        buttons = L.side_buttons(4)  # last trick, score sheet, settings, menu
        pieces["buttons"] = buttons[0].unionall(buttons[1:])
        plate = L.plate_rect(bottom, False)  # the Hint button just above the bottom plate
        pieces["hint"] = pygame.Rect(plate.left, plate.top - L.px(48), plate.w, L.px(40))
        for name, rect in pieces.items():
            assert screen.contains(rect), (name, rect)
        for (a, ra), (b, rb) in itertools.combinations(pieces.items(), 2):
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
        trick = L.trick_area()
        for s in seats:
            card = pygame.Rect(0, 0, *L.card)
            pose = L.trick_pose(s)
            card.center = (round(pose.x), round(pose.y))
            assert trick.contains(card.inflate(-L.px(12), -L.px(12))), s
            assert not card.colliderect(pieces[f"plate{s}"])
    finally:
        theme.set_text_size("normal")


def test_a_kalabriasz_preset_that_does_not_exist_is_one_line_and_exit_2():
    run = subprocess.run(
        [sys.executable, "-m", "klaverjas_gui", "--game", "kalabriasz", "--variant", "nonsense"],
        capture_output=True, text=True, timeout=120,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1, run.stderr
    assert "'nonsense' is not a kalabriasz preset" in run.stderr
    for preset in KALABRIASZ_PRESETS:
        assert preset in run.stderr  # the ones there are, named


def test_the_play_screen_offers_kalabriasz_and_starts_it(make_app):
    app = make_app(first_frame=True)
    assert isinstance(app.top, MainMenuScene)
    table = new_match_from_menu(app, "kalabriasz", "kalabriasz_rotterdam")
    assert isinstance(table, KalabriaszTableScene)
    assert table.session.state.variant == KALABRIASZ_PRESETS["kalabriasz_rotterdam"]


def test_a_deal_all_three_passed_is_summed_up_as_such(make_app):
    """A void deal is a line of the sheet too: its summary says nobody played it."""
    from klaverjas_gui.i18n import tr

    app, table = _start(make_app)
    state = table.session.state
    for _ in range(3):
        state, _ = state.apply(PASS)
    line = state.sheet[0]
    assert line.maker == -1 and state.deal_no == 2
    table.load(state)
    summary = app.push("kalabriasz deal summary", session=table.session, table=table.port,
                       line=line, totals=state.totals)  # fmt: skip
    app.step(DT)  # drawn: no trump chip, no maker
    assert summary.headline()[0] == tr("kalabriasz.summary_void")
    assert summary.describe() == tr("kalabriasz.describe_void")
    press(app, pygame.K_RETURN)
    assert app.top is table


def test_the_kalabriasz_tab_sets_a_preset_and_an_option_and_relights_both(make_app):
    """Settings → Kalabriasz by clicks: a preset sets every option and lights its row; an
    option of one's own makes the rules "custom", and the preset row follows."""
    from uitest import click_in_form

    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    click_button(app, app.top, "settings")
    click_button(app, app.top, "tab_kalabriasz")
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.form is not None
    click_in_form(app, scene, "kb_preset=to_1000")
    assert app.settings.rules(KALABRIASZ) == KALABRIASZ_PRESETS["to_1000"]
    assert scene.form.current["kb_preset"] == "to_1000"
    assert scene.form.current["kb_match_length"] == "points:1000"  # relit with the preset
    click_in_form(app, scene, "kb_undertrump=forced")
    assert app.settings.rules(KALABRIASZ).undertrump == "forced"
    assert app.settings.rules_name(KALABRIASZ) == "custom"
    assert scene.form.current["kb_preset"] == "custom"
