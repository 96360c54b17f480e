"""What a newcomer read at the table that was not true of it (1024x600, Dutch): each
checked headless through the real App on the position it was said about."""

from __future__ import annotations

import dataclasses

import pytest
from test_newcomer_stumbles import words_placed

from klaverjas_gui.engine import parse_card
from klaverjas_gui.i18n import tr
from klaverjas_gui.ui import catalogue


@pytest.mark.parametrize("screen", ["kalabriasz: bidding", "table: trump choice"])
def test_this_deal_heads_its_figures_only(make_app, monkeypatch, screen):
    """At a deal's start "dit spel" stood over an empty column, just above the match
    totals, as if they were this deal's; it heads the column once a figure is in it."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS[screen](app)
    table = app.match
    m = table.model
    assert not any(m.deal_points) and not any(m.deal_roem)
    p = table.picture()
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert tr("ui.table_this_deal") not in placed
    m.deal_points[1] = 12
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert tr("ui.table_this_deal") in placed and "+12" in placed


def test_the_makers_running_count_holds_the_cards_he_laid_away(make_app, monkeypatch):
    """RULES.md 3: the two cards laid away count for the maker. The running count showed
    his trick points only (+89 where the deal ended 102) under "dit spel". To the maker it
    adds them; where they lie face down the column says what it counts: "in slagen"."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS["kalabriasz: mid-trick"](app)  # you (seat 0) made diamonds
    table = app.match
    m = table.model
    assert m.chooser == 0 and len(m.laid) == 2
    m.laid = [parse_card("TC"), parse_card("AS")]  # 21 card points laid away
    m.deal_points, m.deal_roem = [21, 29, 21], [0, 0, 0]
    p = table.picture()
    assert 0 in p.faces
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert "+42" in placed and "+21" in placed  # the maker 21 + 21; Anna 21
    assert tr("ui.table_this_deal") in placed
    hidden = dataclasses.replace(p, faces=frozenset({1}))  # the maker's cards face down
    placed = words_placed(monkeypatch, lambda s: table.view._score_panel(s, hidden))
    assert "+42" not in placed and "+21" in placed
    assert tr("kalabriasz.in_tricks") in placed and tr("ui.table_this_deal") not in placed
