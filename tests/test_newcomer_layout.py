"""What a newcomer saw overlap at 1024x600 in Dutch (a real window under Xvfb, the
largest letters): each checked here headless through the real App, on the rectangles
the screens put things in."""

from __future__ import annotations

import pygame
import pytest

from klaverjas_gui.ui import theme


@pytest.mark.parametrize("trump_request", [False, True])
@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_signal_lines_of_the_play_screen_stay_above_its_foot(make_app, text, trump_request):
    """Play, own rules with signals = kleur: the second line of "Seinen (kleur): ..." lay
    under "Alle regelopties..." and "Op het netwerk...". Every note shows all its lines,
    and none runs into a button."""
    from klaverjas_gui.games import KLAVERJAS

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size(text)
    app.settings.set_rule("signals", "kleur", KLAVERJAS)
    app.settings.set_rule("trump_request", trump_request, KLAVERJAS)
    scene = app.push("play")
    app.step(1 / 60)
    size = theme.readable(scene._px(16))
    line_h = theme.font(size).get_linesize()
    buttons = [b.get_abs_rect() for b in scene.buttons.values() if b.visible]
    assert any(note.startswith("Seinen") for note, _ in scene.notes)
    for note, rect in scene.notes:
        lines = theme.wrap(note, size, rect.w)
        drawn = pygame.Rect(rect.left, rect.centery - line_h * len(lines) // 2, rect.w,
                            line_h * len(lines))  # fmt: skip
        assert len(lines) * line_h <= rect.h + 1, (note, lines, rect)
        for button in buttons:
            assert not drawn.colliderect(button), (note, drawn, button)
        assert drawn.bottom <= app.size[1]
