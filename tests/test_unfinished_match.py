"""Unfinished matches that Continue cannot bring back, and rows of games this version does not
know (issue 35, items 2 and 9). A running match that no longer replays (a bad move, missing
moves, a seed that is text, a wrong number of players) vanished without a word: no Continue,
no message, not in History, and the next new match marked it abandoned. A row of an unknown
game, or a second running row of one game, was left out of History."""

from __future__ import annotations

import functools
import json
import random
import sqlite3
import time
from pathlib import Path

import pytest
from uitest import DT, click, click_button

from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.games import KLAVERJAS
from klaverjas_gui.i18n import set_language, shown
from klaverjas_gui.play.session import Pace, new_session, resume_session
from klaverjas_gui.store.history import History
from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene, match_cells

AMSTERDAM = PRESETS["amsterdam"]
PLAYERS = ["You", "Henk", "Anna", "Joop"]


class Seats(Pace):
    """Settings with computers at random in every seat but South's."""

    def seat_plan(self, game):
        return [(name, "human" if s == 0 else "random") for s, name in enumerate(PLAYERS)]


def running_match(path: Path, seed: int, moves: int = 60) -> int:
    """A Klaverjas match of `moves` random legal moves, stored as the table stores them."""
    h = History(path)
    state = new_match(AMSTERDAM, seed)
    mid = h.start_match("klaverjas", "amsterdam", AMSTERDAM.to_dict(), seed, PLAYERS)
    rng = random.Random(seed)
    for _ in range(moves):
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        h.record(mid, state.n_actions, str(action), events)
    h.close()
    assert mid is not None
    return mid


def finished_match(path: Path, seed: int) -> int:
    h = History(path)
    state = new_match(AMSTERDAM, seed)
    mid = h.start_match("klaverjas", "amsterdam", AMSTERDAM.to_dict(), seed, PLAYERS)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        h.record(mid, state.n_actions, str(action), events)
    h.close()
    assert mid is not None
    return mid


# how each kind of damage is made with raw SQL, and what the player is told it is
DAMAGE = {
    "bad move": ("UPDATE actions SET action = 'XX' WHERE seq = 50", "move 50 ('XX')"),
    "text seed": ("UPDATE matches SET seed = 'twelve'", "damaged"),
    "deleted moves": ("DELETE FROM actions WHERE seq BETWEEN 20 AND 25", "move 20 is missing"),
    "two players": ("""UPDATE matches SET players = '["You", "Henk"]'""", "2 players"),
    "three players": ("""UPDATE matches SET players = '["A", "B", "C"]'""", "damaged"),
    "bad variant": ("""UPDATE matches SET variant = '{"match_length": 7}'""", "variant"),
    "huge move": ("UPDATE actions SET action = hex(randomblob(50000)) WHERE seq = 50", "move 50"),
}


def status(path: Path, mid: int) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT status FROM matches WHERE id = ?", (mid,)).fetchone()[0]
    finally:
        db.close()


def sql(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_running_match_that_no_longer_replays_is_told_listed_and_never_abandoned(tmp_path, kind):
    path = tmp_path / "history.sqlite"
    mid = running_match(path, 7)
    statement, reason = DAMAGE[kind]
    sql(path, statement)
    h = History(path)
    assert len(h.messages) == 1, h.messages  # told once, at the start
    said = shown(h.messages[0])
    assert said.startswith("The unfinished match of ") and reason in said, said
    assert "marked damaged" in said and len(said) < 400  # a 100,000-character move is cut
    assert h.running("klaverjas") is None and h.resume() is None  # no Continue for it
    assert resume_session(h, Pace()) is None
    assert len(h.messages) == 1  # pressing Continue does not repeat it
    listed = h.listed()
    assert [m.id for m in listed] == [mid] and listed[0].damaged and listed[0].stray == "damaged"
    # a new match leaves it as it was
    session = new_session(KLAVERJAS, AMSTERDAM, 3, Seats(), h)
    assert session.match_id is not None
    h.close()
    assert status(path, mid) == "running"
    h = History(path)
    assert [m.id for m in h.stray()] == [mid]  # still listed, as damaged
    assert h.running("klaverjas").id == session.match_id  # the new match is Continue's
    assert h.messages == []  # and no longer told at every start: Continue shows the new one
    h.close()


def test_the_player_sees_the_message_once_and_the_match_in_history_as_damaged(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite"
    mid = running_match(path, 7)
    sql(path, DAMAGE["bad move"][0])
    set_language("nl")
    app = make_app("--lang", "nl", first_frame=True)
    said = app.toasts.current_text or ""
    assert "De onafgemaakte partij van" in said and "move 50" in said, said
    assert not [k for k in app.top.buttons if k.startswith("continue")]
    for _ in range(3):
        app.step(DT)
    assert app.store.messages() == []  # once
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert [r.id for r in scene.records] == [mid]
    assert scene.listing.rows[0][-1] == "beschadigd"
    click(app, scene.listing.row_rect(0).center)
    opened = app.top
    assert isinstance(opened, MatchRecordScene) and "move 50" in (opened.error or "")
    app.step(DT)
    app.start_match(seed=3)  # a new match: the damaged one stays running, listed
    app.step(DT)
    assert status(path, mid) == "running"


def test_rows_of_an_unknown_game_and_a_second_running_match_are_listed_as_unreadable(
    make_app, tmp_path
):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite"
    finished = finished_match(path, 4)
    older = running_match(path, 5, moves=30)
    newer = running_match(path, 6, moves=40)
    cols = "started, ended, variant, seed, players, totals, winner, game, preset, status"
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE matches SET status = 'running' WHERE id = ?", (older,))  # a second
        poker = []
        for mid in (finished, newer):
            cur = db.execute(f"INSERT INTO matches ({cols}) SELECT {cols} FROM matches "
                             "WHERE id = ?", (mid,))  # fmt: skip
            db.execute("UPDATE matches SET game = 'poker' WHERE id = ?", (cur.lastrowid,))
            db.execute("INSERT INTO actions SELECT ?, seq, action FROM actions "
                       "WHERE match_id = ?", (cur.lastrowid, mid))  # fmt: skip
            poker.append(cur.lastrowid)
    db.close()
    h = History(path)
    assert h.messages == []  # nothing is damaged: nothing to be told at the start
    assert h.running("klaverjas").id == newer  # Continue's
    words = {m.id: (m.stray or m.status) for m in h.listed()}
    assert words == {finished: "finished", older: "unreadable", poker[0]: "finished",
                     poker[1]: "unreadable"}  # fmt: skip
    h.close()
    app = functools.partial(make_app, first_frame=True)()
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    shown_words = {r.id: row[-1] for r, row in zip(scene.records, scene.listing.rows, strict=True)}
    assert shown_words[older] == shown_words[poker[0]] == shown_words[poker[1]] == "unreadable"
    assert shown_words[finished] in ("won", "lost", "shared")
    for row, record in enumerate(scene.records):
        if record.id in (older, *poker):
            click(app, scene.listing.row_rect(row).center)
            opened = app.top
            assert isinstance(opened, MatchRecordScene) and opened.error, record
            if record.id == older:
                assert "only the newest can be continued" in opened.error
            app.step(DT)
            click_button(app, opened, "back")
    app.start_match(seed=3)  # ends the newer running match only
    app.step(DT)
    assert status(path, newer) == "abandoned" and status(path, older) == "running"


def test_texts_another_program_made_huge_are_cut_before_any_screen_shows_them(make_app, tmp_path):
    """Another program wrote a 200,000-character name, game and rules into the history:
    the History screen shortened each to its column one character at a time, measuring the
    whole text each time, every frame, and froze (not even SIGTERM ended it). The history
    now reads no name longer than a name may be, nor a game or rules text past 40."""
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite"
    finished = finished_match(path, 4)
    huge = "X" * 200_000
    db = sqlite3.connect(path)
    with db:
        cols = "started, ended, variant, seed, players, totals, winner, game, preset, status"
        cur = db.execute(f"INSERT INTO matches ({cols}) SELECT {cols} FROM matches "
                         "WHERE id = ?", (finished,))  # fmt: skip
        db.execute("UPDATE matches SET game = ?, preset = ? WHERE id = ?",
                   (huge, huge, cur.lastrowid))  # fmt: skip
        db.execute("UPDATE matches SET players = ? WHERE id = ?",
                   (json.dumps([huge, "Anna", "Joop", "Henk"]), finished))  # fmt: skip
    db.close()
    h = History(path)
    for record in h.listed():
        assert all(len(name) <= 24 for name in record.players), record.id
        assert len(record.game) <= 40 and len(record.preset) <= 40
    assert h.match(finished).players[1:] == ["Anna", "Joop", "Henk"]
    h.close()
    app = functools.partial(make_app, first_frame=True)()
    click_button(app, app.top, "history")
    assert isinstance(app.top, HistoryScene)
    start = time.monotonic()
    app.step(DT)  # the list drawn
    assert time.monotonic() - start < 5


# Names another program (or a hand) wrote into the history: a terminal's colour code and
# bell, a right-to-left override that shows "Anna" as "annA" and turns the rest of the line,
# an isolate never closed, a C1 control, a line separator; and names of other scripts.
HOSTILE = ["\x1b[31mWim\x07", "Anna\u202egninnaW", "\u2066Joop", "Bep\x85\u2028X"]
SAFE = ["[31mWim", "AnnagninnaW", "Joop", "BepX"]  # the escape code's letters are letters
SCRIPTS = ["Zoë", "Владимир", "محمد", "李雷", "Nguyễn", "José María", "Ørjan", "שרה"]
BIDI = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
UNSHOWN = set(map(chr, [*range(32), *range(0x7F, 0xA0), *BIDI, 0x2028, 0x2029]))


def test_a_name_is_made_safe_to_show_and_letters_of_any_script_are_kept():
    from klaverjas_gui.i18n import shown_name

    assert [shown_name(name) for name in HOSTILE] == SAFE
    assert [shown_name(name) for name in SCRIPTS] == SCRIPTS
    assert shown_name("Anna\ud800") == "Anna"  # a lone surrogate: no font draws it
    for c in UNSHOWN:
        assert shown_name(f"A{c}B") == "AB", hex(ord(c))


def test_stored_names_with_controls_and_bidi_overrides_are_shown_without_them(make_app, tmp_path):
    """Names in the history were cut to 24 characters and shown as stored: an escape code,
    a bell or a right-to-left override reached the History list, its sheet, the table of a
    continued match and its score sheet. Each is shown without them now; the history keeps
    what was stored (the CSV export writes it, `--host --continue` sets it aside)."""
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite"
    finished = finished_match(path, 4)
    running = running_match(path, 5)
    db = sqlite3.connect(path)
    with db:
        for mid in (finished, running):
            db.execute("UPDATE matches SET players = ? WHERE id = ?", (json.dumps(HOSTILE), mid))
    db.close()
    h = History(path)
    assert h.match(finished).players == HOSTILE and h.match(running).players == HOSTILE
    h.close()
    app = make_app()
    session = resume_session(app.history, app.settings)
    assert session is not None and [s.label for s in session.seats] == SAFE
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    rows = " ".join(" ".join(match_cells(r, None)) for r in scene.records)
    assert not UNSHOWN & set(rows) and "[31mWim & Joop" in rows
    record = MatchRecordScene(app, app.history.match(finished))
    assert record.names == SAFE and record.teams == ("[31mWim & Joop", "AnnagninnaW & BepX")
