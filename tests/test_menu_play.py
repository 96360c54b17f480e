"""The first screen, the Play screen and the question before a match is abandoned (issue
18, items 2 and 9), by posted clicks and keys as a player would."""

from __future__ import annotations

import pygame
import pytest
from uitest import (
    DT,
    click_button,
    new_match_from_menu,
    open_play,
    press,
    run_until,
)

from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS
from klaverjas_gui.ui import catalogue
from klaverjas_gui.ui.confirm import ConfirmScene
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.play import PlayScene
from klaverjas_gui.ui.table.scene import TableScene
from klaverjas_gui.ui.table.two.scene import KlabberjassTableScene

SIZES = [(1024, 600), (1150, 650), (1280, 720), (1366, 768), (1536, 864), (1920, 1080)]


def resize(app, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(DT)
    assert app.size == size


def rows(menu: MainMenuScene) -> set[int]:
    """The rows of the menu's column (the small About button is not one)."""
    return {b.get_abs_rect().top for k, b in menu.buttons.items() if k != "about"}


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("screen", ["menu: two open matches", "menu: three open matches"])
def test_the_menu_has_seven_rows_at_most_and_every_label_fits(make_app, text_size, screen):
    app = make_app(deterministic=True, first_frame=True)
    app.set_text_size(text_size)
    catalogue.SCREENS[screen](app)
    menu = app.top
    second = "continue_2" if screen.startswith("menu: two") else "continue_more"
    assert isinstance(menu, MainMenuScene) and {"continue", second} <= set(menu.buttons)
    for size in SIZES:
        resize(app, size)
        menu = app.top
        assert len(rows(menu)) <= 7, size
        window = pygame.Rect((0, 0), size)
        rects = {k: b.get_abs_rect() for k, b in menu.buttons.items()}
        for key, button in menu.buttons.items():
            rect = rects[key]
            assert window.contains(rect), (size, key)
            width, height = button.font.size(button.text)
            assert width <= rect.w - 8 and height <= rect.h, (size, key, button.text)
            others = [r for k, r in rects.items() if k != key]
            assert rect.collidelist(others) == -1, (size, key)  # no two buttons overlap


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_a_waiting_practice_match_beside_a_klabberjass_game_fits_its_button(
    make_app, monkeypatch, lang
):
    """A practice match now waits beside a Klabberjass game (issue 36 item 8): its Continue
    button, with the longest figures a match reaches, fits at the larger text size."""
    from klaverjas_gui.games import KLABBERJASS, KLAVERJAS
    from klaverjas_gui.play.matches import Matches
    from klaverjas_gui.play.session import OpenMatch

    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    app.start_match(KLABBERJASS_PRESETS["klabberjass"], game=KLABBERJASS)
    waiting = OpenMatch(KLAVERJAS, "two_rounds", 16, (1999, 1888), None, practice=True)
    monkeypatch.setattr(Matches, "parked_match", lambda self: waiting)
    app.show_menu()
    for size in SIZES:
        resize(app, size)
        menu = app.top
        assert isinstance(menu, MainMenuScene) and "continue_2" in menu.buttons
        for key in ("continue", "continue_2"):
            button = menu.buttons[key]
            width, _ = button.font.size(button.text)
            assert width <= button.get_abs_rect().w - 8, (size, button.text)
        assert "Klabberjass" in menu.buttons["continue"].text
        assert "1999–1888" in menu.buttons["continue_2"].text


def fits(scene, size: tuple[int, int]) -> None:
    """Every button of `scene` lies in the window, holds its label and overlaps no other."""
    window = pygame.Rect((0, 0), size)
    rects = {k: b.get_abs_rect() for k, b in scene.buttons.items()}
    for key, button in scene.buttons.items():
        rect = rects[key]
        assert window.contains(rect), (key, rect)
        width, height = button.font.size(button.text)
        assert width <= rect.w - 8 and height <= rect.h, (key, button.text)
        assert rect.collidelist([r for k, r in rects.items() if k != key]) == -1, key


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_every_waiting_match_is_continued_from_the_menu(make_app, text_size):
    """A match of each game waits: the menu showed two Continue buttons and the third
    match was reached only through Play. Each is now continued by clicks from the menu
    (its own button, or "Other matches" and the list), at 1024x600 in Dutch."""
    from klaverjas_gui.games import GAMES
    from klaverjas_gui.ui.menu import WaitingScene

    app = make_app("--lang", "nl", size="1024x600", deterministic=True, first_frame=True)
    app.set_text_size(text_size)
    catalogue.SCREENS["menu: three open matches"](app)
    waiting = {m.game.name: m for m in app.open_matches()}
    assert set(waiting) == set(GAMES)
    for game in GAMES.values():
        menu = app.top
        assert isinstance(menu, MainMenuScene)
        fits(menu, app.size)
        assert len(rows(menu)) <= 7
        shown = [k for k, b in menu.buttons.items() if k.startswith("continue")
                 and b.text.partition(":")[0].endswith(game.label)]  # fmt: skip
        if shown:
            label = menu.buttons[shown[0]].text
            click_button(app, menu, shown[0])
        else:
            click_button(app, menu, "continue_more")
            listing = app.top
            assert isinstance(listing, WaitingScene)
            fits(listing, app.size)
            named = [k for k, b in listing.buttons.items() if game.label + ":" in b.text]
            assert len(named) == 1, [b.text for b in listing.buttons.values()]
            label = listing.buttons[named[0]].text
            click_button(app, listing, named[0])
        table = app.top
        assert table.session.game is game, game.name
        state = table.session.state
        assert state.deal_no == waiting[game.name].deal_no
        # every side's total, the player's first (a Kalabriasz label showed two of three)
        assert label.endswith(" " + "–".join(str(t) for t in state.totals)), label
        press(app, pygame.K_ESCAPE)


def test_continue_names_the_match_it_continues(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["menu: two open matches"](app)
    menu = app.top
    klabberjass, klaverjas = app.match.session.state, app.history.running("klaverjas")
    assert klabberjass.deal_no == 3 and klaverjas is not None
    us, them = klabberjass.totals
    assert menu.buttons["continue"].text == (
        f"Continue Klabberjass: deal 3, {us}–{them}"
    )  # the one in memory first
    stored = app.history.restore(klaverjas)
    us, them = stored.totals
    assert menu.buttons["continue_2"].text == (
        f"Continue Klaverjas: Amsterdam, deal 5, {us}–{them}"
    )
    click_button(app, menu, "continue_2")  # the stored Klaverjas match, at its position
    table = app.top
    assert isinstance(table, TableScene) and table.session.state.to_json() == stored.to_json()
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MainMenuScene)  # and the Klabberjass game is still offered
    assert menu.buttons["continue_2"].text.startswith("Continue Klabberjass: deal 3")
    click_button(app, menu, "continue_2")
    assert isinstance(app.top, KlabberjassTableScene) and app.top.session.state.deal_no == 3


def test_one_open_match_is_continued_by_its_rules_deal_and_score(make_app):
    app = make_app(first_frame=True)
    table = new_match_from_menu(app, preset="rotterdam")
    assert isinstance(table, TableScene)
    press(app, pygame.K_ESCAPE)
    assert app.top.buttons["continue"].text == "Continue: Rotterdam, deal 1, 0–0"
    assert "continue_2" not in app.top.buttons


def test_starting_a_new_match_asks_first_naming_the_match_it_abandons(make_app):
    app = make_app(first_frame=True)
    first = new_match_from_menu(app)
    old = first.session.match_id
    press(app, pygame.K_ESCAPE)
    play = open_play(app)
    click_button(app, play, "start")
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    words = [text for text, _, _ in ask.lines()]
    assert words[0] == "This abandons your Klaverjas match in progress:"
    assert words[1] == "Amsterdam, deal 1, 0–0"
    click_button(app, ask, "no")  # Keep playing: nothing changed
    assert app.top is play and app.match is first
    assert app.history.running("klaverjas").id == old
    click_button(app, play, "start")
    press(app, pygame.K_ESCAPE)  # Esc is "keep playing" too
    assert app.top is play and app.match is first
    click_button(app, play, "start")
    press(app, pygame.K_TAB)  # the keyboard: from "Keep playing" to "Abandon it and start"
    press(app, pygame.K_RETURN)
    new = app.top
    assert isinstance(new, TableScene) and new is not first and app.match is new
    assert app.history.match(old).status == "abandoned"
    assert app.history.running("klaverjas").id == new.session.match_id


def test_a_klabberjass_game_leaves_the_klaverjas_match_to_continue(make_app):
    """Nothing is abandoned by starting the other game, so nothing is asked; both wait."""
    app = make_app(first_frame=True)
    klaverjas = new_match_from_menu(app).session.match_id
    press(app, pygame.K_ESCAPE)
    play = open_play(app, "klabberjass")
    click_button(app, play, "start")
    table = app.top
    assert isinstance(table, KlabberjassTableScene)  # no question on the way
    assert app.history.running("klaverjas").id == klaverjas
    press(app, pygame.K_ESCAPE)
    assert [m.game.name for m in app.open_matches()] == ["klabberjass", "klaverjas"]
    assert "continue_2" in app.top.buttons
    play = open_play(app, "klabberjass")  # a second Klabberjass game would end the first
    click_button(app, play, "start")
    assert isinstance(app.top, ConfirmScene)
    assert app.top.ending[0].game.name == "klabberjass"


def test_quitting_a_practice_match_never_brings_back_an_older_one(make_app):
    app = make_app(first_frame=True)
    older = new_match_from_menu(app).session.match_id
    press(app, pygame.K_ESCAPE)
    play = open_play(app)
    click_button(app, play, "practice")
    assert app.settings.practice
    click_button(app, play, "start")
    ask = app.top
    assert isinstance(ask, ConfirmScene)  # the recorded match would end
    click_button(app, ask, "yes")
    practice = app.top
    assert isinstance(practice, TableScene) and practice.practice
    assert app.history.match(older).status == "abandoned"
    press(app, pygame.K_ESCAPE)
    assert app.top.buttons["continue"].text.endswith("(practice, not recorded)")
    app.close()
    again = make_app(first_frame=True)  # the practice is gone with the program
    menu = again.top
    assert isinstance(menu, MainMenuScene) and "continue" not in menu.buttons
    assert again.history.running() is None


def test_a_practice_match_waits_while_the_other_game_is_played(make_app):
    """README: a Klabberjass game leaves the Klaverjas match waiting. A practice match is
    not recorded, so it waits in memory: nothing is asked, Continue brings it back at its
    exact position (issue 36 item 8); a new Klaverjas match still asks, naming it."""
    app = make_app(first_frame=True)
    app.settings.practice = True
    practice = new_match_from_menu(app)
    assert isinstance(practice, TableScene) and practice.practice
    run_until(app, lambda: practice.session.state.to_move == 0)  # waiting for the player
    position = practice.session.state.to_json()
    press(app, pygame.K_ESCAPE)
    play = open_play(app, "klabberjass")
    click_button(app, play, "start")
    assert isinstance(app.top, KlabberjassTableScene)  # no question on the way
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert [(m.game.name, m.practice) for m in app.open_matches()] == [
        ("klabberjass", False),
        ("klaverjas", True),
    ]
    assert "Amsterdam, deal 1, 0–0 (practice" in menu.buttons["continue_2"].text
    click_button(app, menu, "continue_2")
    assert app.top is practice and practice.session.state.to_json() == position
    press(app, pygame.K_ESCAPE)
    assert [m.game.name for m in app.open_matches()] == ["klaverjas", "klabberjass"]
    play = open_play(app)  # a new Klaverjas match ends the practice: that is asked
    click_button(app, play, "start")
    ask = app.top
    assert isinstance(ask, ConfirmScene) and [m.practice for m in ask.ending] == [True]
    assert "A practice match is not recorded" in " ".join(t for t, _, _ in ask.lines())
    click_button(app, ask, "no")
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "continue_2")  # the Klabberjass game: the practice waits
    assert isinstance(app.top, KlabberjassTableScene) and app.matches.parked is practice.session
    press(app, pygame.K_ESCAPE)
    play = open_play(app)
    click_button(app, play, "start")
    assert [m.practice for m in app.top.ending] == [True]  # the waiting practice, named
    click_button(app, app.top, "yes")
    assert isinstance(app.top, TableScene) and app.top is not practice
    assert app.matches.parked is None


def test_the_play_screen_starts_what_is_chosen(make_app):
    app = make_app(first_frame=True)
    play = open_play(app)
    click_button(app, play, "preset_kraken")
    click_button(app, play, "level_hard")
    assert app.settings.rules_name() == "kraken"
    assert {kind for _, kind in app.settings.seat_plan()[1:]} == {"hard"}
    notes = dict((text, rect) for text, rect in app.top.notes)
    assert "Utrecht with kraak: the other team may challenge the trump." in notes
    click_button(app, app.top, "start")
    table = app.top
    assert isinstance(table, TableScene) and table.session.variant == PRESETS["kraken"]
    assert [seat.level for seat in table.session.seats[1:]] == ["hard"] * 3
    press(app, pygame.K_ESCAPE)
    play = open_play(app, "klabberjass")
    click_button(app, play, "preset_bela")
    click_button(app, play, "level_easy")
    assert app.settings.seat_plan("klabberjass")[1][1] == "easy"
    click_button(app, play, "start")
    click_button(app, app.top, "yes") if isinstance(app.top, ConfirmScene) else None
    table = app.top
    assert isinstance(table, KlabberjassTableScene)
    assert table.session.state.variant == KLABBERJASS_PRESETS["bela"]


def test_every_preset_shows_its_one_line_and_none_cycles(make_app):
    app = make_app(first_frame=True)
    play = open_play(app)
    for game, presets in (("klaverjas", PRESETS), ("klabberjass", KLABBERJASS_PRESETS)):
        if play.game.name != game:
            click_button(app, play, f"game_{game}")
            play = app.top
        for name in presets:
            assert f"preset_{name}" in play.buttons
        assert len(play.notes) == len(presets)
        assert len({text for text, _ in play.notes}) == len(presets)  # each its own line
        click_button(app, play, f"preset_{list(presets)[1]}")
        play = app.top  # a click picks that preset, not the next one
        name = list(presets)[1]
        picked = app.settings.rules_name(game)
        assert picked == name


def test_play_and_start_from_the_keyboard(make_app):
    app = make_app(first_frame=True)
    menu = app.top
    assert menu.ring.key == "play"
    press(app, pygame.K_RETURN)
    play = app.top
    assert isinstance(play, PlayScene)
    press(app, pygame.K_TAB)  # the first key shows the ring, on Start
    assert play.ring.shown and play.ring.key == "start"
    press(app, pygame.K_TAB)  # round to Back, then the game
    press(app, pygame.K_TAB)
    assert play.ring.key == "game"
    press(app, pygame.K_RIGHT)
    play = app.top
    assert play.game.name == "klabberjass" and play.ring.key == "game"
    press(app, pygame.K_DOWN)
    assert play.ring.key == "preset_klabberjass"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_SPACE)
    assert app.settings.rules_name("klabberjass") == "clob"
    for _ in range(4):
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab: back round to Start
    assert app.top.ring.key == "start"
    press(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.top, KlabberjassTableScene), frames=50)
    assert app.top.session.state.variant == KLABBERJASS_PRESETS["clob"]


def test_a_match_played_on_is_named_afresh_once_it_waits_in_the_history(make_app):
    app = make_app(deterministic=True, autopilot=True, first_frame=True)
    catalogue.SCREENS["menu: two open matches"](app)
    assert "deal 5" in app.top.buttons["continue_2"].text
    click_button(app, app.top, "continue_2")  # Klaverjas, from the history
    table = app.top
    run_until(app, lambda: table.session.state.deal_no == 6, frames=20_000)
    press(app, pygame.K_ESCAPE)
    click_button(app, app.top, "continue_2")  # Klabberjass: the Klaverjas table is closed
    assert isinstance(app.top, KlabberjassTableScene)
    press(app, pygame.K_ESCAPE)
    us, them = table.session.state.totals
    assert app.top.buttons["continue_2"].text == (
        f"Continue Klaverjas: Amsterdam, deal 6, {us}–{them}"
    )


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_tables_buttons_hold_their_labels_in_the_larger_text_at_1024x600(make_app, lang):
    """Text size "larger" widens the table's side buttons ("Score sheet (Tab)" spilled)."""
    app = make_app("--seed", "1", size="1024x600", deterministic=True, first_frame=True)
    app.set_language(lang)
    app.set_text_size("larger")
    table = app.match
    assert table is not None
    for key in ("last_trick", "score_sheet", "settings", "menu"):
        button = app.top.buttons[key]
        width, height = button.font.size(button.text)
        rect = button.get_abs_rect()
        assert width <= rect.w - 8 and height <= rect.h, (key, button.text)


def test_the_play_screen_opens_on_the_game_last_played(make_app, tmp_path):
    """It opened on Klaverjas every time: a newcomer trying Klabberjass picked the game again
    before each match, and once forgot. The newest match's game is picked, whether it is
    in memory or, after a restart, only in the history."""
    data = ["--data-dir", str(tmp_path / "data")]
    app = make_app(*data, first_frame=True)
    assert open_play(app).game.name == "klaverjas"  # nothing played yet
    press(app, pygame.K_ESCAPE)
    new_match_from_menu(app, "klabberjass")
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: isinstance(app.top, MainMenuScene))
    click_button(app, app.top, "play")
    assert isinstance(app.top, PlayScene) and app.top.game.name == "klabberjass"
    app.close()
    again = make_app(*data, first_frame=True)
    click_button(again, again.top, "play")
    assert isinstance(again.top, PlayScene) and again.top.game.name == "klabberjass"
    press(again, pygame.K_ESCAPE)
    new_match_from_menu(again, "klaverjas", confirm=True)
    press(again, pygame.K_ESCAPE)
    run_until(again, lambda: isinstance(again.top, MainMenuScene))
    click_button(again, again.top, "play")
    assert again.top.game.name == "klaverjas"


@pytest.mark.parametrize("screen", ["klabberjass: game end", "kalabriasz: game end"])
@pytest.mark.parametrize("shared", [False, True], ids=["own", "shared"])
def test_new_match_at_the_end_starts_the_game_just_played(make_app, screen, shared):
    """New match at the end of a Klabberjass or Kalabriasz game starts that game again.
    The shared end scene (a game without one of its own falls back on it) started the
    default game, Klaverjas, whatever had ended."""
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS[screen](app)
    end = app.top
    ended = end.session
    if shared:
        end = app.push("match end", session=ended, table=end.table, ev=end.ev)
        assert type(end) is MatchEndScene
    click_button(app, end, "new_match")
    table = app.top
    assert table.session is not ended and table.session.state.n_actions == 0
    assert table.session.game is ended.game, table.session.game.name
    rules = ended.variant if end.same_rules else app.settings.rules(ended.game)
    assert table.session.variant == rules
