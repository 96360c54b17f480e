"""Texts shortened with "…" to fit a width (`theme.shorten`: the table's names and cells,
the listings' cells, a coach note's last line): the longest start that fits, found in a
few measurements whatever the text's length."""

from __future__ import annotations

import random

import pygame
import pytest

from klaverjas_gui.ui import theme


@pytest.fixture
def fonts():
    pygame.font.init()
    yield
    theme.clear_caches()


def test_a_shortened_text_is_the_longest_start_that_fits_with_its_ellipsis(fonts):
    rng = random.Random(4)
    letters = "abcdefghijklmnopqrstuvwxyz WMil.♥♠"
    for _ in range(200):
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(0, 60)))
        width = rng.randrange(0, 400)
        found = theme.shorten(text, 16, width)
        if theme.text_width(text, 16) <= width:
            assert found == text
            continue
        n = next(k for k in range(len(text), -1, -1)  # the slow way: one letter at a time
                 if theme.text_width(text[:k] + "…", 16) <= width or k == 0)  # fmt: skip
        assert found == text[:n].rstrip() + "…", (text, width)


class _Counting:
    """A font that counts how often a text is measured."""

    def __init__(self, font: pygame.font.Font, calls: list[int]) -> None:
        self.font, self.calls = font, calls

    def size(self, text: str) -> tuple[int, int]:
        self.calls.append(1)
        return self.font.size(text)

    def __getattr__(self, name: str):
        return getattr(self.font, name)


def test_a_text_of_thousands_of_letters_is_measured_a_few_times(fonts, monkeypatch):
    """One letter off at a time, a 3,000-letter text took 3,000 measurements to shorten."""
    calls: list[int] = []
    font = theme.font
    monkeypatch.setattr(theme, "font", lambda px, bold=False: _Counting(font(px, bold), calls))
    cut = theme.shorten("Henk" * 750, 16, 200)
    assert cut.endswith("…") and theme.text_width(cut, 16) <= 200
    assert len(calls) < 30, len(calls)
