"""Kalabriasz in the history: stored move by move, finished, resumed, counted, exported
like the other games (issue 39, point 3). Each of these failed before the store asked the
registry: a three-player game never reached "finished" and its rows were marked damaged."""

import csv
import dataclasses
import random

from klaverjas_gui.engine import KALABRIASZ_PRESETS, KalabriaszState
from klaverjas_gui.games import KALABRIASZ
from klaverjas_gui.store.history import CSV_HEADER, History

SHORT = dataclasses.replace(KALABRIASZ_PRESETS["kalabriasz"], match_length="deals:3")
NAMES = ["Anna", "Bram", "Cor"]


def play_kalabriasz_recorded(
    history: History, seed: int, names: list[str] | None = None, stop: int | None = None
) -> tuple[int, KalabriaszState]:
    """A three-player game of random legal moves, stored as the table stores it; `stop`:
    leave it running after that many actions."""
    mid = history.start_match("kalabriasz", "custom", SHORT.to_dict(), seed, names or NAMES,
                              ["human", "normal", "normal"])  # fmt: skip
    assert mid is not None
    rng = random.Random(seed)
    state = KALABRIASZ.new_state(SHORT, seed)
    while not state.is_over and state.n_actions != stop:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        history.record(mid, state.n_actions, str(action), events)
    return mid, state


def test_a_kalabriasz_game_is_finished_with_its_three_totals_and_winner(tmp_path):
    h = History(tmp_path / "h.sqlite")
    mid, state = play_kalabriasz_recorded(h, 5)
    record = h.match(mid)
    assert record is not None and not record.damaged
    assert record.status == "finished" and record.ended
    assert record.totals == state.totals and len(state.totals) == 3
    assert record.winner == state.winner  # one seat, or None for a shared win
    assert h.matches(game="kalabriasz") == [record]
    lines = h.deal_lines(mid)
    assert lines is not None and len(lines) == len(state.sheet) == 3
    assert [line["maker"] for line in lines] == [line.maker for line in state.sheet]


def test_a_stored_kalabriasz_row_is_not_damaged_and_its_game_resumes(tmp_path):
    path = tmp_path / "h.sqlite"
    h = History(path)
    mid, state = play_kalabriasz_recorded(h, 6, stop=25)
    h.close()
    again = History(path)
    assert again.messages == [] and again.stray() == []
    resumed = again.resume("kalabriasz")
    assert resumed is not None
    record, back = resumed
    assert record.id == mid and not record.damaged and back == state
    assert again.resume("klaverjas") is None  # each game's own Continue


def test_kalabriasz_statistics_count_games_and_wins_per_player(tmp_path):
    h = History(tmp_path / "h.sqlite")
    ended = [play_kalabriasz_recorded(h, seed)[1] for seed in (1, 2, 3, 4)]
    rows = {r["name"]: r for r in h.statistics("kalabriasz")}
    assert set(rows) == set(NAMES)
    assert all(r["matches"] == 4 and r["deals"] == 12 for r in rows.values())
    for seat, name in enumerate(NAMES):  # a shared win counts for none, as with two sides
        assert rows[name]["won"] == sum(s.winner == seat for s in ended)
        assert rows[name]["points"] == sum(s.totals[seat] for s in ended)
        assert rows[name]["chosen"] == sum(line.maker == seat for s in ended for line in s.sheet)
    assert h.statistics("klaverjas") == []


def test_kalabriasz_deals_are_exported_with_a_column_for_the_third_player(tmp_path):
    h = History(tmp_path / "h.sqlite")
    mid, state = play_kalabriasz_recorded(h, 7)
    rows, skipped = h.export_csv(tmp_path / "out.csv")
    assert (rows, skipped) == (3, 0)
    read = list(csv.DictReader((tmp_path / "out.csv").open()))
    assert list(read[0]) == CSV_HEADER
    for row, line in zip(read, state.sheet, strict=True):
        assert row["game"] == "kalabriasz" and row["players"] == "Anna / Bram / Cor"
        assert int(row["chooser"]) == line.maker
        scores = [int(row[f"score_team{k}"]) for k in range(3)]
        assert scores == list(line.score.scores)


def test_a_kalabriasz_game_under_a_held_lock_is_kept_in_the_journal_and_finished_later(
    tmp_path, monkeypatch
):
    """Nothing lost: moves the history cannot take (another program holds its lock) wait,
    are kept in the journal at quit and written in, finished, at the next start."""
    from test_history_write import Holder, stored_actions

    from klaverjas_gui.store import journal
    from klaverjas_gui.store.history import writing

    monkeypatch.setattr(writing, "CLOSE_BUSY_MS", 50)
    path = tmp_path / "history.sqlite"
    History(path).close()
    holder = Holder(path)
    try:
        first = History(path)
        mid, state = play_kalabriasz_recorded(first, 11)
        first.close()
        assert journal.path_for(path).exists()
    finally:
        holder.release()
    again = History(path)
    [record] = again.matches(game="kalabriasz")
    assert record.status == "finished" and record.totals == state.totals and not record.damaged
    assert len(stored_actions(path, record.id)) == state.n_actions
    assert len(again.deal_lines(record.id) or []) == 3
    assert not journal.path_for(path).exists()
