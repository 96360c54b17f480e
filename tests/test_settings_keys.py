"""Settings from the keyboard, the text size and the window remembered (issue 18, items
10, 11 and 18): real key events posted, as a player's keyboard would send them."""

from __future__ import annotations

import json

import pygame
import pytest
from uitest import DT, click_button, click_in_form, press, run_until

from klaverjas_gui import app as app_module
from klaverjas_gui import window as window_module
from klaverjas_gui.store import prefs
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.settings import SettingsScene


def settings_at(app, tab: str) -> SettingsScene:
    click_button(app, app.top, "settings")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    if scene.tab != tab:
        click_button(app, scene, f"tab_{tab}")
    return app.top


@pytest.mark.parametrize("tab", ["rules", "klabberjass", "match", "table"])
def test_tab_reaches_every_control_and_shift_tab_goes_back(make_app, tab):
    app = make_app(first_frame=True)
    scene = settings_at(app, tab)
    keys = [c.key for c in scene.ring.controls]
    assert keys[:2] == ["back", "tabs"]
    rows = set(scene.form.choices) | set(scene.form.entries)
    assert rows <= set(keys)  # every choice and every name field is a stop
    assert not scene.ring.shown
    press(app, pygame.K_TAB)  # the first key shows the ring, on the first row
    assert scene.ring.shown and scene.ring.key == keys[2]
    seen = [scene.ring.key]
    for _ in range(len(keys) - 1):
        press(app, pygame.K_TAB)
        seen.append(scene.ring.key)
        rect = scene.ring.current.rect()
        assert rect is not None
        if seen[-1] not in ("back", "tabs"):  # scrolled into the form's box
            app.step(DT)
            box = scene.form.box.get_abs_rect()
            rect = scene.ring.current.rect()
            assert box.top <= rect.centery <= box.bottom, seen[-1]
    assert sorted(seen) == sorted(keys)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.ring.key == seen[-2]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_UP)
    assert scene.ring.key == seen[-2]


def test_enter_space_left_right_change_the_focused_control(make_app):
    app = make_app(first_frame=True)
    scene = settings_at(app, "table")
    press(app, pygame.K_DOWN)  # shows the ring on the first row: animation speed
    assert scene.ring.key == "animation_speed" and app.settings.animation_speed == "instant"
    press(app, pygame.K_LEFT)
    assert app.settings.animation_speed == "fast"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # from the last value round to the first
    assert app.settings.animation_speed == "slow"
    press(app, pygame.K_DOWN)
    assert scene.ring.key == "play_gesture"
    press(app, pygame.K_SPACE)
    assert app.settings.play_gesture == "double_click"
    press(app, pygame.K_RETURN)
    assert app.settings.play_gesture == "drag"
    stored = json.loads((app.store.paths.settings).read_text())
    assert stored["play_gesture"] == "drag"  # saved at once, as a click would
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert scene.ring.key == "tabs"
    press(app, pygame.K_RIGHT)  # the tab bar: Left/Right turn the page
    assert app.top.tab == "rules" and app.top.ring.key == "tabs"
    press(app, pygame.K_UP)
    assert app.top.ring.key == "back"
    press(app, pygame.K_RETURN)
    assert app.top is app.menu


def test_a_name_is_typed_after_enter_and_given_back_by_enter(make_app):
    app = make_app(first_frame=True)
    scene = settings_at(app, "match")
    press(app, pygame.K_TAB)
    assert scene.ring.key == "seat0"
    press(app, pygame.K_RETURN)
    assert scene.typing()
    for ch in "ke":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(DT)
    press(app, pygame.K_m)  # a key while typing is no shortcut (no mute; its text is TEXTINPUT)
    assert not app.settings.muted
    press(app, pygame.K_RETURN)
    assert not scene.typing() and app.top is scene
    assert app.settings.seat_plan()[0][0] == "Youke"
    press(app, pygame.K_TAB)
    assert scene.ring.key == "seat0_kind"


def test_the_ring_is_drawn(make_app):
    """Visible: the pixels round the focused row change when the ring arrives."""
    app = make_app(first_frame=True)
    scene = settings_at(app, "table")
    app.step(DT)
    rect = scene.form.controls[0].rect().inflate(12, 12)
    before = app.screen.subsurface(rect).copy()
    press(app, pygame.K_TAB)
    app.step(DT)
    after = app.screen.subsurface(rect)
    changed = sum(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(0, rect.w, 2) for y in (1, 2, 3, rect.h - 3, rect.h - 2)
    )  # fmt: skip
    assert changed > rect.w // 4


# --- text size ---
def test_the_text_size_changes_the_rendered_letters_and_is_stored(make_app, tmp_path):
    app = make_app(first_frame=True)
    normal_font = theme.font(20).get_height()
    scene = settings_at(app, "table")
    button = scene.buttons["back"]
    normal_button = button.font.size("Back")[1]
    while scene.ring.key != "text_size":
        press(app, pygame.K_TAB)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.settings.text_size == "larger"
    assert theme.font(20).get_height() > normal_font * 1.2  # our own text
    scene = app.top
    assert scene.buttons["back"].font.size("Back")[1] > normal_button * 1.2  # pygame-gui's
    assert scene.ring.key == "text_size"  # the rebuilt screen keeps the ring where it was
    app.close()
    stored = json.loads((tmp_path / "data" / "settings.json").read_text())
    assert stored["text_size"] == "larger"
    again = make_app(first_frame=True)
    assert again.settings.text_size == "larger"
    assert theme.font(20).get_height() > normal_font * 1.2


def test_a_bad_text_size_in_the_file_falls_back_to_normal():
    settings, notes = prefs.from_dict({"text_size": "huge", "window": {"size": "big"}})
    assert settings.text_size == "normal" and settings.window == {}
    assert len(notes) == 1 and "text_size, window" in notes[0]  # named to the player


def test_descriptions_are_readable_at_1024x600(make_app):
    app = make_app(first_frame=True)
    scene = settings_at(app, "table")
    assert scene.form.font_px(14) >= theme.MIN_READABLE  # the notes under each option
    manager_theme = theme.scaled_theme(theme.ui_scale(app.size))
    assert int(manager_theme["@form_note"]["font"]["size"]) >= theme.MIN_READABLE


# --- the window ---
def test_the_window_size_and_position_are_kept_for_the_next_start(make_app, tmp_path):
    app = make_app(first_frame=True)
    app.window.remember = True  # make_app gives --size, which is not remembered
    size = (1024, 700)  # within the dummy driver's 1024x768 desktop, not the default size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(DT)
    assert "size" not in app.settings.window  # not at every step of a dragged edge ...
    run_until(app, lambda: "size" in app.settings.window, seconds=5)  # real time: a timer
    assert app.settings.window["size"] == list(size)  # ... but once the burst is over
    app.close()
    stored = json.loads((tmp_path / "data" / "settings.json").read_text())
    assert stored["window"]["size"] == list(size)
    argv = ["--data-dir", str(tmp_path / "data"), "--speed", "instant"]
    again = app_module.App(app_module.parse_args(argv), audio=False)
    try:
        assert again.size == size
    finally:
        again.close()


def test_full_screen_is_never_stored_as_the_window_size(make_app):
    app = make_app(first_frame=True)
    app.window.remember = True
    app.toggle_fullscreen()
    try:
        assert app.settings.window["size"] == [1024, 600]  # the window's own size
    finally:
        app.toggle_fullscreen()
    assert app.size == (1024, 600) and not app.fullscreen


def test_a_remembered_window_is_brought_onto_the_current_screen():
    remembered = window_module.remembered_window
    window = {"size": [2560, 1440], "position": [3000, -50]}  # from a big second monitor
    assert remembered(window, (1366, 768)) == ((1366, 768), (0, 0))
    assert remembered({"size": [1200, 700], "position": [900, 500]}, (1920, 1080)) == (
        (1200, 700),
        (720, 380),
    )
    assert remembered({"size": [300, 200]}, (1920, 1080)) == ((1024, 600), None)
    assert remembered({}, (1920, 1080)) is None


def test_a_text_size_clicked_keeps_its_row_in_view_and_another_tab_opens_at_its_top(make_app):
    """Choosing a text size by mouse rebuilds the screen with the new letters: the row the
    player clicked stays where they were looking (it jumped back to the top of the form)."""
    app = make_app(first_frame=True)  # 1024x600: the Table tab's form scrolls
    scene = settings_at(app, "table")
    click_in_form(app, scene, "text_size=larger")
    assert app.settings.text_size == "larger"
    scene = app.top
    box = scene.form.box.get_abs_rect()
    bar = scene.form.box.vert_scroll_bar
    assert bar is not None and bar.start_percentage > 0  # not back at the top
    assert box.contains(scene.buttons["text_size=larger"].get_abs_rect())
    assert scene.buttons["text_size=larger"].is_selected
    assert not scene.ring.shown  # a mouse user still sees no keyboard ring
    click_button(app, scene, "tab_rules")
    assert app.top.form.box.vert_scroll_bar.start_percentage == 0
