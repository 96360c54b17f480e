"""Klabberjass like any preset: its options in the settings, its games replayed from the
history, its score sheet in its own words. Driven by posted pygame events."""

from __future__ import annotations

import functools
import json

import pygame
import pytest
from uitest import (
    DT,
    click,
    click_button,
    click_in_form,
    new_match_from_menu,
    open_play,
    press,
    run_until,
)

from klaverjas_gui import i18n
from klaverjas_gui.engine import (
    KLABBERJASS_PRESETS,
    KlabberjassVariant,
    describe_klabberjass_deal,
    replay_klabberjass,
)
from klaverjas_gui.ui import sheet
from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene
from klaverjas_gui.ui.klabberjass_replay import KlabberjassReplayScene
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.settings import SettingsScene
from klaverjas_gui.ui.table.two.scene import KlabberjassTableScene


@pytest.fixture
def start(make_app):
    """start(*argv, autopilot=False) -> App with its first frame drawn; closed afterwards."""
    return functools.partial(make_app, deterministic=True, first_frame=True)


def deal_tricks(variant: KlabberjassVariant, seed: int, actions: list[str], deal_no: int):
    """The tricks of one finished deal, found by the engine alone (every stored prefix)."""
    best: tuple = ()
    for n in range(len(actions) + 1):
        state = replay_klabberjass(variant, seed, actions[:n])
        if state.deal_no == deal_no and len(state.tricks) > len(best):
            best = state.tricks
    return best


def test_a_klabberjass_game_is_stored_and_replayed_step_by_step(start):
    app = start("--game", "klabberjass", "--variant", "bela", "--seed", "5", autopilot=True)
    table = app.top
    assert isinstance(table, KlabberjassTableScene)
    run_until(app, lambda: len(table.session.state.sheet) >= 1, frames=20_000)
    record = app.history.running() or app.history.matches()[0]
    actions = app.history.actions(record.id)
    assert actions, "the table stores every action"
    first = table.session.state.sheet[0]
    app.show_menu()
    click_button(app, app.top, "history")
    listing = app.top
    assert isinstance(listing, HistoryScene)
    click(app, listing.listing.row_rect(0).center)
    opened = app.top
    assert isinstance(opened, MatchRecordScene) and opened.record.game == "klabberjass"
    assert opened.deals[0] == 1 and "replay_1" in opened.buttons
    click_button(app, opened, "replay_1")
    shown = app.top
    assert isinstance(shown, KlabberjassReplayScene) and shown.step == 0
    tricks = deal_tricks(KLABBERJASS_PRESETS["bela"], 5, actions, 1)
    assert len(tricks) == 9 and shown.cards == 18
    press(app, pygame.K_RIGHT)  # one card: the first card of the first trick
    leader, cards = tricks[0]
    assert shown.table.model.trick == [(leader, cards[0])] and shown.won is None
    press(app, pygame.K_RIGHT)  # the second card completes the trick; the engine names the winner
    assert [c for _, c in shown.table.model.trick] == list(cards) and shown.won is not None
    click_button(app, shown, "next_trick")  # a trick is two cards here
    assert shown.step == 4
    assert [c for _, c in shown.table.model.trick] == list(tricks[1][1])
    press(app, pygame.K_UP)
    assert shown.step == 2
    for _ in range(20):
        press(app, pygame.K_DOWN)
    assert shown.step == 18
    assert [c for _, c in shown.table.model.trick] == list(tricks[8][1])
    head, text = shown.caption()
    assert describe_klabberjass_deal(first.score) in text
    app.step(DT)  # the two-player table draws the replay
    press(app, pygame.K_ESCAPE)
    assert app.top is opened


def test_klabberjass_options_set_in_settings_apply_to_the_next_game(start, tmp_path):
    app = start()
    click_button(app, app.top, "settings")
    click_button(app, app.top, "tab_klabberjass")
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.tab == "klabberjass"
    click_in_form(app, scene, "kj_target=250")
    click_in_form(app, scene, "kj_clob=True")
    wanted = KlabberjassVariant(target=250, clob=True)
    assert app.settings.rules("klabberjass") == wanted
    stored = json.loads((tmp_path / "data" / "settings.json").read_text(encoding="utf-8"))
    assert stored["klabberjass"] == wanted.to_dict()
    click_in_form(app, scene, "kj_preset=bela")  # a preset sets every option at once
    assert app.settings.rules("klabberjass") == KLABBERJASS_PRESETS["bela"]
    click_in_form(app, scene, "kj_target=250")
    click_in_form(app, scene, "kj_clob=True")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenuScene)
    chooser = open_play(app, "klabberjass")
    assert "preset_custom" in chooser.buttons
    click_button(app, chooser, "preset_custom")
    click_button(app, chooser, "start")
    table = app.top
    assert isinstance(table, KlabberjassTableScene) and table.session.state.variant == wanted
    assert app.history.running().variant == wanted.to_dict()
    app.close()
    again = start("--game", "klabberjass")  # the command line without --variant: the settings'
    assert again.top.session.state.variant == wanted


def test_a_preset_picked_on_the_play_screen_becomes_the_setting(start):
    app = start()
    new_match_from_menu(app, "klabberjass", "clob")
    assert app.top.session.state.variant == KLABBERJASS_PRESETS["clob"]
    assert app.settings.rules_name("klabberjass") == "clob"


@pytest.mark.parametrize(
    ("lang", "points", "maker"),
    [("en", "cards+bonus", "Maker"), ("nl", "kaarten+bonus", "Maker"),
     ("fr", "cartes+bonus", "Preneur")],
)  # fmt: skip
def test_the_klabberjass_score_sheet_says_bonus_not_roem(start, monkeypatch, lang, points, maker):
    drawn: list[str] = []
    real = sheet.theme.text

    def spy(content: str, *args, **kwargs):
        drawn.append(content)
        return real(content, *args, **kwargs)

    monkeypatch.setattr(sheet.theme, "text", spy)
    app = start("--game", "klabberjass", "--lang", lang, "--seed", "5", autopilot=True)
    try:
        table = app.top
        run_until(app, lambda: len(table.model.sheet) >= 1, frames=20_000)  # on the picture too
        app.show_menu()
        app.continue_match()
        table.overlays.open_sheet()
        app.step(DT)
        assert points in drawn and maker in drawn
        assert i18n.tr("ui.sheet_cards_roem") not in drawn
    finally:
        i18n.set_language("en")
