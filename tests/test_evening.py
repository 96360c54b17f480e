"""Issue #36's evening at the table, driven headless by posted events: the last trick's
Roem!/Continue by keyboard, names that fit the score panel, messages that keep off the
controls, the network banner off the menu's title."""

from __future__ import annotations

import random

import pygame
import pytest
from uitest import DT, press, run_until, table_of

from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.engine.match import CLAIM_ROEM, PASS

AMS = PRESETS["amsterdam"]


def last_trick_claim(roem: bool = True) -> object:
    """Amsterdam (roem must be claimed), deal 1: a computer is to play the last card, after
    which South has won the last trick with roem to claim (or, `roem` False, none)."""
    for seed in range(2000):
        state, rng = new_match(AMS, seed), random.Random(seed)
        while state.deal_no == 1 and not state.is_over:
            legal = [a for a in state.legal_actions() if a != CLAIM_ROEM] or state.legal_actions()
            if len(state.tricks) == 7 and len(state.trick) == 3 and state.to_move != 0:
                after, _ = state.apply(legal[0])
                if (
                    after.phase == "claim"
                    and after.to_move == 0
                    and bool(after.pending_roem) == roem
                ):
                    return state
                break
            state, _ = state.apply(rng.choice(legal))
    raise AssertionError("no position found")


@pytest.mark.parametrize("answer", ["roem", "pass"])
def test_the_last_tricks_roem_question_answers_to_the_keyboard(make_app, answer):
    """No card is left to play, so Left/Right move the ring over Roem! and Continue and
    Enter presses the one it is on (before, the hand kept those keys and said "not your
    turn")."""
    app = make_app(speed="fast")
    app.start_match(AMS, seed=1)
    table = table_of(app)
    table.session.autopilot = None
    table.load(last_trick_claim())
    run_until(app, lambda: table.session.state.phase == "claim" and table.prompt.visible
              and table.director.claim_window)  # fmt: skip
    before = table.session.state
    for _ in range(4):
        press(app, pygame.K_RIGHT)
        if table.prompt.focus == answer:
            break
    assert table.prompt.focus == answer
    assert not app.toasts.items  # not "it is not your turn"
    press(app, pygame.K_RETURN)
    taken = table.session.state.actions[len(before.actions)]
    assert taken == (CLAIM_ROEM if answer == "roem" else PASS)


# --- 4. names: whole in the score panel, and a full name field says so ---
@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
def test_the_default_names_fit_the_score_panel_beside_the_roem(make_app, monkeypatch, text_size):
    """At 1024x600, with this deal's points and roem shown, "Henk & Joop" and "You & Anna"
    are whole (they were "He… & Jo…" once roem showed)."""
    from klaverjas_gui.ui.catalogue import _played
    from klaverjas_gui.ui.table import view

    app = make_app(deterministic=True, first_frame=True)
    app.set_text_size(text_size)
    app.start_match(AMS, seed=1)
    table = table_of(app)
    table.load(_played("amsterdam", 3, lambda s: s.phase == "play" and len(s.tricks) >= 2
                       and all(s.deal_roem) is False and any(s.deal_roem)))  # fmt: skip
    shown = []
    fit_side = view.fit_side
    monkeypatch.setattr(view, "fit_side", lambda *a: shown.append(fit_side(*a)) or shown[-1])
    app.step(DT)
    assert any(table.model.deal_roem) and shown
    assert sorted(shown) == sorted(table.team_names())


def test_a_name_field_says_when_it_is_full(make_app):
    """pygame-gui refuses the 25th character without a word: the player is told."""
    from test_settings_history import type_text
    from uitest import click

    from klaverjas_gui.i18n import tr

    app = make_app(first_frame=True)
    app.push("settings", tab="match")
    scene = app.top
    click(app, scene.form.entries["seat1"].get_abs_rect().center)
    type_text(app, "Bartholomeus van der Linde")  # 26 characters after "Henk"
    assert len(app.settings.seat_plan()[1][0]) == 24
    assert tr("ui.name_limit", n=24) in [t.text for t in app.toasts.items]


# --- 6. messages keep off the controls ---
def test_the_persons_speech_bubble_keeps_off_the_hint_button(make_app, monkeypatch):
    """South names trump: "Harten" is said above the Hint button, not on it."""
    from test_table_rough_edges import naming_position

    from klaverjas_gui.engine.match import name
    from klaverjas_gui.ui import widgets
    from klaverjas_gui.ui.table import view

    app = make_app("--seed", "1", speed="normal")  # "instant" shows no bubbles
    table = table_of(app)
    table.load(naming_position())
    run_until(app, lambda: table.prompt.visible and table.session.state.to_move == 0)
    bubbles = []
    draw = widgets.draw_bubble

    def noted(surface, anchor, text, u, suit=None, alpha=1.0, four_colour=False):
        img = widgets._bubble(text, round(u * 100), suit, anchor[2], four_colour)
        rect = img.get_rect(midbottom=(round(anchor[0]), round(anchor[1])))
        bubbles.append((text, rect))
        draw(surface, anchor, text, u, suit, alpha, four_colour)

    monkeypatch.setattr(view.widgets, "draw_bubble", noted)
    table.decide(name("H"))
    run_until(app, lambda: 0 in table.model.bubbles)
    app.step(DT)
    hint = table.buttons["hint"]
    assert hint.visible
    said = [rect for text, rect in bubbles if "arten" in text or "earts" in text]
    assert said and not said[0].colliderect(hint.rect)


def test_wait_goes_when_the_turn_comes(make_app):
    """A key pressed while East plays says "wait, it is East's turn"; the message goes as
    soon as South is asked (it lay over Take/Pass for 2-3 s after the turn came)."""
    from klaverjas_gui.i18n import tr

    app = make_app(speed="normal")
    app.start_match(AMS, seed=1)
    table = table_of(app)
    state = new_match(AMS, 1)
    rng = random.Random(1)
    while not (state.phase == "play" and state.to_move == 3):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    table.load(state)
    run_until(app, lambda: table.director.idle)
    press(app, pygame.K_LEFT)
    wait = tr("ui.table_wait_turn", name=table.session.seats[3].label)
    assert wait in [t.text for t in app.toasts.items]
    run_until(app, lambda: table.session.asked() == 0)
    app.step(DT)
    assert wait not in [t.text for t in app.toasts.items]


def test_no_roem_in_the_last_trick_is_not_said_over_the_deal_summary(make_app):
    from klaverjas_gui.i18n import tr
    from klaverjas_gui.ui.summary import DealSummaryScene

    app = make_app(speed="fast")
    app.start_match(AMS, seed=1)
    table = table_of(app)
    table.session.autopilot = None
    table.load(last_trick_claim(roem=False))
    run_until(app, lambda: "roem" in table.prompt.actions and table.may_act())
    press(app, pygame.K_r)  # Roem! where there is none: "There is no roem in this trick."
    assert tr("ui.table_no_roem") in [t.text for t in app.toasts.items]
    run_until(app, lambda: isinstance(app.top, DealSummaryScene))
    assert tr("ui.table_no_roem") not in [t.text for t in app.toasts.items]


# --- 3. the lesson's words never shrink below the normal size's ---
def test_lesson_text_keeps_its_letters_at_larger_text(make_app, monkeypatch):
    """At 1024x600 the lesson panel shrank its words to fit: at Larger to about 10 px,
    smaller than at Normal. Now they stay at least MIN_READABLE as drawn, never smaller
    than at Normal, and every line shows (the panel grows upwards instead)."""
    import pygame

    from klaverjas_gui.teach.lessons import LESSON_BY_ID
    from klaverjas_gui.ui import theme, tutorial

    app = make_app(first_frame=True)
    app.push("lesson", lesson=LESSON_BY_ID["overtrump"])
    words = [(" ".join(["Noord komt uit met klaverenaas en Oost speelt een lage klaveren."] * 5),
              theme.TEXT)]  # fmt: skip
    shown = []
    monkeypatch.setattr(tutorial, "draw_panel_text", lambda s, panel, u, *a: shown.append(panel))
    drawn = {}
    for size in ("normal", "larger"):
        app.set_text_size(size)
        scene = app.top
        tutorial.draw_lesson_panel(pygame.Surface(app.size), scene.panel_rect(), scene.layout.u,
                                   "Les 3", words)  # fmt: skip
        panel = shown[-1]
        drawn[size] = round(panel.size * theme.text_scale())
        assert panel.fits and drawn[size] >= theme.MIN_READABLE, (size, drawn[size])
    assert drawn["larger"] >= drawn["normal"]


# --- 7. the network banner and the host's abandon question ---
class AwayLink:
    """A hosted match's link as the app asks it, Bram's laptop gone: a computer plays for
    him (nothing is sent anywhere)."""

    room = "ABC123"

    def seat_status(self):
        return [{"name": "You", "kind": "human", "present": True, "computer": False},
                {"name": "Henk", "kind": "easy", "present": True, "computer": True},
                {"name": "Bram", "kind": "remote", "present": False, "computer": True},
                {"name": "Joop", "kind": "easy", "present": True, "computer": True}]  # fmt: skip

    def started(self):
        return True

    def over(self):
        return False

    def problem(self):
        return ""

    def background(self, left=False):
        pass


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_away_banner_keeps_off_the_menus_title_and_buttons(make_app, monkeypatch, lang):
    """At 1024x600 in Larger text the banner lay over the menu's title and, wrapped, its
    buttons: now it sits in the free corner left of them, on nothing."""
    from textfit import problems, recording

    from klaverjas_gui.ui import netstatus

    banners = []
    draw_away = netstatus.draw_away
    monkeypatch.setattr(
        netstatus, "draw_away", lambda *a, **kw: banners.append(draw_away(*a, **kw)) or banners[-1]
    )
    with recording(monkeypatch) as made:
        app = make_app("--lang", lang, deterministic=True, first_frame=True)
        app.set_text_size("larger")
        app.start_match(AMS, seed=1)
        app.match.session.link = AwayLink()
        app.show_menu()
        app.step(DT)
        found = problems(app, made)
    assert banners and banners[-1] is not None  # the banner was drawn
    assert not found, "\n".join(found)


def test_abandoning_a_hosted_match_says_who_is_cut_off(make_app):
    """Play → Start over a match this laptop hosts: the question says Bram (connected
    from his laptop) will be disconnected; a match without guests does not say it."""
    from uitest import click_button

    from klaverjas_gui.i18n import tr
    from klaverjas_gui.play.net.session import HostLink
    from klaverjas_gui.ui.confirm import ConfirmScene

    class Hosting(AwayLink, HostLink):
        def __init__(self):  # no network: the seats as the host's link reports them
            pass

        def seat_status(self):
            seats = AwayLink.seat_status(self)
            seats[2] = {**seats[2], "present": True, "computer": False}  # Bram is in
            return seats

    said = tr("ui.confirm_guests", names="Bram")
    for hosted in (True, False):
        app = make_app(first_frame=True)
        app.start_match(AMS, seed=1)
        if hosted:
            app.match.session.link = Hosting()
        app.show_menu()
        app.step(DT)
        click_button(app, app.top, "play")
        click_button(app, app.top, "start")
        assert isinstance(app.top, ConfirmScene)
        assert (said in [text for text, *_ in app.top.lines()]) is hosted


def test_a_word_wider_than_a_line_is_cut_into_lines_that_fit(make_app):
    """About's log path (one long word) ran past its panel: a word too wide for a line
    goes on over the next lines, cut after a "/" where it can be, nothing added."""
    from klaverjas_gui.ui import theme

    make_app()  # fonts
    path = "/home/someone/.local/state/klaverjas/a-rather-long-folder-name/klaverjas.log"
    lines = theme.wrap(f"Log file: {path} (for a bug report)", 15, 180)
    assert all(theme.text_width(line, 15) <= 180 for line in lines)
    assert path in "".join(lines).replace("Log file:", "").replace("(for a bug report)", "")
    assert lines[0] == "Log file:" and lines[1].endswith("/")


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_deal_summarys_headline_stays_inside_its_dialog(make_app, monkeypatch, lang):
    """Long names at Larger text: the headline ("… hebben het gehaald") was wider than the
    dialog; it gets smaller letters, then two lines."""
    from textfit import problems, recording

    from klaverjas_gui.ui.catalogue import LONG_NAMES, _played

    with recording(monkeypatch) as made:
        app = make_app("--lang", lang, deterministic=True, first_frame=True)
        app.set_text_size("larger")
        table = app.push("table", variant=AMS, seed=1, seats=LONG_NAMES)
        state = _played("amsterdam", 2, lambda s: len(s.sheet) == 1)
        table.load(state)
        app.push("deal summary", session=table.session, table=table.port, line=state.sheet[-1],
                 totals=state.totals)  # fmt: skip
        app.step(DT)
        found = problems(app, made, tuple(n for n, _ in LONG_NAMES))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_decision_ring_keeps_off_the_question_above_it(make_app, monkeypatch, lang):
    """The keyboard's ring round a decision button (Superkraak!/Pass) crossed the line of
    the question above it at Larger text: the panel makes room for its words."""
    from textfit import Frame, Recording, recording

    from klaverjas_gui.ui.catalogue import SCREENS

    with recording(monkeypatch) as made:
        app = make_app("--lang", lang, deterministic=True, first_frame=True)
        app.set_text_size("larger")
        SCREENS["table: bidding log"](app)
        table = table_of(app)
        run_until(app, lambda: table.prompt.visible)
        press(app, pygame.K_RIGHT)
        frame = Frame()
        made["frame"] = frame
        app.draw(Recording(app.size, made, frame))
        made["frame"] = None
    L = table.layout
    ring = table.prompt.focus_rect().inflate(L.px(10), L.px(10))  # as the view draws it
    ring.inflate_ip(2 * max(2, L.px(3)), 2 * max(2, L.px(3)))
    panel = table.prompt.panel[0]
    words = [(w, ink) for w, _, ink in frame.texts if panel.contains(ink)]
    assert words and not [w for w, ink in words if ring.colliderect(ink)]
