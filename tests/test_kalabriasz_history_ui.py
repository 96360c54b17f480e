"""Kalabriasz in History, through the real App and posted events: listed with its rules'
short name, three players and three totals; opened on its sheet of three (the maker in its
column); a deal replayed step by step, the talon and the two cards laid away included;
counted in the statistics; Continue brings a running game back (issue 39, point 3)."""

from __future__ import annotations

import functools

import pygame
import pytest
from test_kalabriasz_store import NAMES, play_kalabriasz_recorded
from uitest import DT, click, click_button, press

from klaverjas_gui.i18n import tr
from klaverjas_gui.store.history import History
from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene, match_cells
from klaverjas_gui.ui.kalabriasz_replay import KalabriaszRecordScene, KalabriaszReplayScene
from klaverjas_gui.ui.stats import StatisticsScene
from klaverjas_gui.ui.table.three.scene import KalabriaszTableScene


@pytest.fixture
def start(make_app):
    return functools.partial(make_app, first_frame=True)


def stored(tmp_path, seeds=(5,), stop=None) -> tuple[History, list]:
    data = tmp_path / "data"
    data.mkdir()
    history = History(data / "history.sqlite")
    return history, [play_kalabriasz_recorded(history, seed, stop=stop) for seed in seeds]


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_a_kalabriasz_game_is_listed_with_three_players_and_three_totals(start, tmp_path, lang):
    history, [(mid, state)] = stored(tmp_path)
    history.close()
    app = start("--lang", lang)
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene) and [r.id for r in scene.records] == [mid]
    row = scene.listing.rows[0]
    assert row[1] == "Kalabriasz" and row[2] == tr("kalabriasz.preset_custom")
    assert all(name in row[3] for name in NAMES) and tr("ui.history_team", n=1) not in row[3]
    assert row[4] == " – ".join(str(t) for t in state.totals)
    you_won = state.winner == 0  # seat 0 is marked human: "your result"
    word = "shared" if state.winner is None else "won" if you_won else "lost"
    assert row[5] == tr(f"ui.history_{word}")


def test_a_kalabriasz_game_opens_on_its_sheet_of_three_and_replays_a_deal(start, tmp_path):
    history, [(mid, state)] = stored(tmp_path)
    history.close()
    app = start("--lang", "nl")  # at 1024x600
    click_button(app, app.top, "history")
    click(app, app.top.listing.row_rect(0).center)
    opened = app.top
    assert isinstance(opened, KalabriaszRecordScene) and opened.error is None
    assert opened.lines == list(state.sheet) and opened.teams == tuple(NAMES)
    assert opened.deals == [line.deal_no for line in state.sheet]
    scores = zip(NAMES, state.totals, strict=True)
    assert " · ".join(f"{n} {t}" for n, t in scores) in opened.subtitle()
    app.step(DT)  # the sheet of three and the chart of three totals draw
    deal = next(line for line in state.sheet if line.maker >= 0)
    click_button(app, opened, f"replay_{deal.deal_no}")
    replay = app.top
    assert isinstance(replay, KalabriaszReplayScene)
    assert replay.cards == 2 + 30 and replay.deal.lays == 2  # two laid away, ten tricks of 3
    m = replay.table.model
    head, text = replay.caption()
    talon = replay.deal.start.talon
    assert len(m.hands[deal.maker]) == 12 and set(talon) <= set(m.hands[deal.maker])
    assert NAMES[deal.maker] in text and m.chooser == deal.maker and m.laid == []
    app.step(DT)
    press(app, pygame.K_RIGHT)
    first = replay.deal.plays[0][1].card
    assert m.laid == [first] and first not in m.hands[deal.maker]
    assert tr("kalabriasz_replay.lays", name=NAMES[deal.maker], card="")[:4] in replay.caption()[1]
    press(app, pygame.K_RIGHT)
    assert len(m.laid) == 2 and len(m.hands[deal.maker]) == 10
    # after the game everything may be shown: the maker's laid-away cards lie face up
    picture = replay.table.picture()
    assert deal.maker in picture.faces and all(len(h) == 10 for h in m.hands[:3])
    app.step(DT)
    press(app, pygame.K_DOWN)  # a trick of three
    assert replay.step == 5 and replay.won is not None and len(m.trick) == 3
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert replay.step == 0 and m.laid == []
    replay.show(replay.cards)  # the last card: the deal's result in words
    assert replay.caption()[1].endswith(replay.describe_end(deal))
    app.step(DT)
    press(app, pygame.K_ESCAPE)
    assert app.top is opened


def test_a_deal_all_passed_replays_as_said(start, tmp_path):
    history, games = stored(tmp_path, seeds=range(1, 9))
    found = [(mid, line) for mid, s in games for line in s.sheet if line.maker < 0]
    assert found, "no deal was passed by all three in these seeds"
    history.close()
    app = start()
    mid, line = found[0]
    record = app.history.match(mid)
    app.push("kalabriasz replay", record=record, deal_no=line.deal_no)
    replay = app.top
    assert replay.cards == 0
    assert replay.caption()[1].startswith(tr("kalabriasz_replay.all_passed"))
    app.step(DT)


def test_statistics_count_kalabriasz_games_per_player(start, tmp_path):
    history, games = stored(tmp_path, seeds=(1, 2, 3))
    expected = history.statistics("kalabriasz")
    history.close()
    app = start()
    click_button(app, app.top, "history")
    click_button(app, app.top, "statistics")
    stats = app.top
    assert isinstance(stats, StatisticsScene)
    click_button(app, stats, "game_kalabriasz")
    shown = {row[0]: row for row in stats.listing.rows}
    assert list(shown) == [r["name"] for r in expected] and set(shown) == set(NAMES)
    for r in expected:
        assert [int(shown[r["name"]][i]) for i in (1, 2, 4)] == [3, r["won"], 9]
    assert sum(r["won"] for r in expected) == sum(s.winner is not None for _, s in games)
    lines, _ = stats.legend()  # each plays for himself: the legend speaks of no team
    assert "team" not in " ".join(lines) and "chose trump and went nat" in " ".join(lines)


def test_continue_brings_a_running_kalabriasz_game_back(start, tmp_path):
    history, [(mid, state)] = stored(tmp_path, stop=40)
    history.close()
    app = start()
    assert "continue" in app.top.buttons and "Kalabriasz" in app.top.buttons["continue"].text
    click_button(app, app.top, "continue")
    table = app.top
    assert isinstance(table, KalabriaszTableScene)
    assert table.session.match_id == mid and table.session.state == state


def test_the_list_cells_of_a_kalabriasz_row_name_each_player():
    from klaverjas_gui.store.history.records import MatchRecord

    record = MatchRecord(1, "kalabriasz", "to_1000", {}, 1, ["You", "Bram", "Cor"],
                         "2026-12-04 00:00:00", None, "finished", (1001, 640, 532), 0,
                         kinds=["human", "normal", "normal"])  # fmt: skip
    cells = match_cells(record, record.totals)
    assert cells[4] == "1001 – 640 – 532" and cells[5] == tr("ui.history_won")
    assert isinstance(MatchRecordScene, type)


@pytest.mark.parametrize(("lang", "talon", "lay"), [
    ("en", "You name ", "You lay "),
    ("nl", "Jij noemt ", "Jij legt "),
    ("fr", "Vous nommez ", "Vous écartez "),
])  # fmt: skip
def test_the_replay_speaks_to_you_when_you_were_the_maker(start, lang, talon, lay):
    from klaverjas_gui.ui import catalogue

    app = start("--lang", lang)
    catalogue.SCREENS["history: kalabriasz replay"](app)  # stored as "You", Anna, Bram
    replay = app.top
    assert isinstance(replay, KalabriaszReplayScene) and replay.deal.start.maker == 0
    assert replay.step == 2 and replay.caption()[1].startswith(lay)
    replay.show(0)
    assert replay.caption()[1].startswith(talon)
    app.step(DT)
