"""The table's parts apart from a running table: the one seat-to-place mapping, and the
replay and the review drawing a deal without making a table (ui/table/still.py)."""

from __future__ import annotations

import pygame
import pytest
from uitest import DT

from klaverjas_gui.ui import catalogue, theme
from klaverjas_gui.ui.table import scene as table_scene
from klaverjas_gui.ui.table.layout import (
    EAST,
    MIN_TEXT,
    NORTH,
    SOUTH,
    WEST,
    TableLayout,
    place_of,
    seated,
)


def test_four_seats_turn_round_the_table_with_the_bottom_seat():
    assert [place_of(s, 4, 0) for s in range(4)] == [SOUTH, WEST, NORTH, EAST]
    assert [place_of(s, 4, 2) for s in range(4)] == [NORTH, EAST, SOUTH, WEST]
    assert [place_of(s, 4, 3) for s in range(4)] == [WEST, NORTH, EAST, SOUTH]


def test_two_seats_face_each_other():
    assert [place_of(s, 2, 0) for s in range(2)] == [SOUTH, NORTH]
    assert [place_of(s, 2, 1) for s in range(2)] == [NORTH, SOUTH]


def test_a_seated_layout_maps_every_seat_entry_point_once():
    base = TableLayout(1280, 720)
    turned = seated(base, 4, 1)  # West's person at the bottom
    assert turned.trick_pose(1) == base.trick_pose(SOUTH)
    assert turned.plate_rect(3, False) == base.plate_rect(NORTH, False)
    assert turned.hand_poses(0, 8, False) == base.hand_poses(EAST, 8, False)
    # inner calls of the base (deck -> hand centre -> hand poses) are not mapped twice
    assert turned.deck_pose(2) == base.deck_pose(WEST)
    assert turned.bubble_anchor(0, True) == base.bubble_anchor(EAST, True)
    assert turned.card == base.card and turned.w == 1280


@pytest.mark.parametrize("text", ["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_plates_keep_clear_of_the_panels_and_grow_with_the_text(size, text):
    """North's plate met the trump panel when the cards lie open (the review, a replay) at
    1024x600; the others grow with the text size so their second line is not cut."""
    theme.set_text_size(text)
    L = TableLayout(*size)
    for open_cards in (False, True):
        north = L.plate_rect(NORTH, open_cards)
        assert not north.colliderect(L.trump_panel) and not north.colliderect(L.score_panel)
        assert not north.colliderect(L.hand_bounds(NORTH, open_cards))
        for seat in (SOUTH, WEST, EAST):
            plate = L.plate_rect(seat, open_cards)
            assert plate.w >= round(max(L.px(176), 12 * MIN_TEXT + 16) * theme.text_scale())
            assert pygame.Rect(0, 0, *size).contains(plate)


@pytest.mark.parametrize("screen", ["history: replay", "history: klabberjass replay", "review"])
def test_a_replay_and_a_review_draw_without_a_table(make_app, monkeypatch, screen):
    made: list[object] = []
    real = table_scene.TableScene.__init__

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(table_scene.TableScene, "__init__", counting)
    app = make_app(deterministic=True)
    catalogue.SCREENS[screen](app)
    app.step(DT)
    top = app.top
    assert type(top).__name__ in ("ReplayScene", "KlabberjassReplayScene", "ReviewScene")
    assert made == []
    assert top.table.view.drawn_faces  # it drew the deal's hands, face up
    assert all(top.table.view.drawn_faces[s] == top.table.model.hands[s]
               for s in top.table.view.drawn_faces)  # fmt: skip
