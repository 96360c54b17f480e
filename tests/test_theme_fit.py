"""Every button is tall enough for its theme's corner radius, so pygame-gui never has to
clamp it (and never prints "Clamping shape_corner_radius" on a player's console).

The main menu was the tight one (ten buttons with Continue; seven rows now, see
tests/test_menu_play.py); the window sizes between the theme's quarter steps are where
the layout unit is smallest against the theme's scale.
"""

from __future__ import annotations

import warnings

import pygame
import pytest
from uitest import DT, click_button

from klaverjas_gui import smoke

# The smallest is MIN_SIZE: a smaller window is clamped to it (tests/test_window_cli.py).
SIZES = [(1024, 600), (1120, 630), (1150, 650), (1280, 720), (1366, 768), (1400, 860),
         (1920, 1080), (2560, 1440)]  # fmt: skip


def clamped(record: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in record if "Clamping shape_corner_radius" in str(w.message)]


def resize(app, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(DT)
    assert app.size == size


@pytest.mark.slow(10)
@pytest.mark.parametrize("running", [False, True], ids=["menu", "menu_with_continue"])
def test_menu_buttons_fit_their_corner_radius_at_every_size(make_app, running):
    app = make_app(deterministic=True, first_frame=True)
    if running:
        app.start_match(seed=3)
        app.show_menu()
        assert "continue" in app.top.buttons
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        for size in SIZES:
            resize(app, size)
            app.step(DT)
    assert clamped(record) == []


@pytest.mark.slow(12)
@pytest.mark.parametrize("size", [(1024, 600), (1150, 650)])
def test_no_scene_has_a_button_too_low_for_its_corners(make_app, size):
    app = make_app(deterministic=True, first_frame=True)
    resize(app, size)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        for name, make in smoke.SCENES.items():
            make(app)
            app.step(DT)
            assert clamped(record) == [], name


def test_a_button_draws_its_hover_picture_when_first_hovered(make_app):
    """Only a button's plain picture is drawn when a screen opens (each state is a costly
    antialiased shape, and most buttons are never hovered); hovering draws that one then,
    in the same frame, and it differs from the plain one."""
    app = make_app()
    for _ in range(10):  # pygame-gui would draw one waiting state a frame
        app.step(DT)
    play = app.top.buttons["play"]
    states = play.drawable_shape.states
    assert states["normal"].generated
    assert not any(states[s].generated for s in ("hovered", "selected", "active"))
    pygame.mouse.set_pos(play.rect.center)  # pygame-gui asks the mouse, not the events
    try:
        app.step(DT)
    finally:
        pygame.mouse.set_pos((0, 0))  # where the next test's pygame-gui expects it
    assert play.drawable_shape.active_state is states["hovered"] and states["hovered"].generated
    normal, hovered = states["normal"].surface, states["hovered"].surface
    centre = (normal.get_width() // 2, 2 + play.drawable_shape.shadow_width)
    assert normal.get_at(centre) != hovered.get_at(centre)


def test_a_big_button_shape_is_drawn_once_for_every_screen_that_shows_it(make_app, monkeypatch):
    """pygame-gui keeps only shapes under 40,000 px²; ours are larger at 1920x1080 and are
    kept by theme.py, so a screen opened again draws none of its buttons anew, and the
    picture is the one drawn the first time (the label on it too)."""
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )

    from klaverjas_gui.ui import theme

    app = make_app("--size", "1920x1080")
    drawn = []
    draw = RoundedRectangleShape.clear_and_create_shape_surface

    def counted(self, *args, **kwargs):
        drawn.append(self)
        return draw(self, *args, **kwargs)

    monkeypatch.setattr(RoundedRectangleShape, "clear_and_create_shape_surface", counted)

    def learn_buttons():
        click_button(app, app.top, "learn")
        app.step(DT)
        buttons = [b for b in app.top.buttons.values() if b.rect.w * b.rect.h >= 40_000]
        pictures = [pygame.image.tobytes(b.image, "RGBA") for b in buttons]
        app.pop()
        app.step(DT)
        return buttons, pictures

    first, first_pictures = learn_buttons()
    assert first and drawn  # at 1920x1080 Learn's buttons are big, and drawn
    assert len(theme._big_shapes)
    drawn.clear()
    again, again_pictures = learn_buttons()
    assert again and not any(b.drawable_shape in drawn for b in again)
    assert again_pictures == first_pictures
    click_button(app, app.top, "learn")
    big = next(b for b in app.top.buttons.values() if b.rect.w * b.rect.h >= 40_000)
    big.drawable_shape.redraw_active_state_no_text()  # pygame-gui's text effects redraw so
    big.set_text("Klaverjas")
    app.step(DT)


def test_a_resized_button_keeps_no_stand_in_shape(make_app):
    """A button given a new size shows a plain square stand-in until pygame-gui redraws it
    rounded: that stand-in must never be kept as the rounded shape of its size."""
    from klaverjas_gui.ui import theme

    app = make_app("--size", "1920x1080")
    app.step(DT)
    button = app.top.buttons["play"]
    kept = len(theme._big_shapes)
    button.set_dimensions((button.rect.w + 37, button.rect.h + 5))
    assert len(theme._big_shapes) == kept


def test_wrapped_lines_follow_the_text_size_and_are_the_callers_own(make_app):
    """`wrap` remembers its lines (panels wrap the same words at every frame), yet a larger
    text size wraps anew, and a caller that edits its lines does not edit the next caller's."""
    from klaverjas_gui.ui import theme

    make_app()
    words = "Roem counts for the team that wins the trick it lies in. " * 3
    normal = theme.wrap(words, 18, 300)
    normal.append("edited")
    assert theme.wrap(words, 18, 300) == normal[:-1]
    theme.set_text_size("larger")
    larger = theme.wrap(words, 18, 300)
    assert larger != normal[:-1]  # other breaks: the words are wider
    assert all(theme.text_width(line, 18) <= 300 for line in larger)
    theme.set_text_size("normal")
    assert theme.wrap(words, 18, 300) == normal[:-1]
