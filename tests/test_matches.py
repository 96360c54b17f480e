"""The matches of one run (play/matches.py), without a screen: which session is at the
table, which practice match waits beside the other game, what Continue brings back and
what starting a new match would end."""

from __future__ import annotations

import pytest

from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS
from klaverjas_gui.games import KLABBERJASS, KLAVERJAS
from klaverjas_gui.play.matches import Matches
from klaverjas_gui.play.session import MatchSession
from klaverjas_gui.store.history import History
from klaverjas_gui.store.prefs import Settings

AMS = PRESETS["amsterdam"]
KLABBER = KLABBERJASS_PRESETS["klabberjass"]


@pytest.fixture
def run(tmp_path):
    """Matches over a fresh history; `closed` lists every session it let go of."""
    history = History(tmp_path / "history.sqlite")
    settings = Settings()
    settings.coach = "off"
    closed: list[MatchSession] = []

    def close(session: MatchSession) -> None:
        closed.append(session)
        session.close()

    matches = Matches(history, settings, deterministic=True, close=close)
    yield matches, closed
    for session in (matches.running, matches.parked):
        if session is not None:
            session.close()
    history.close()


def test_a_practice_match_waits_while_the_other_game_is_played(run):
    matches, closed = run
    practice = matches.start(KLAVERJAS, AMS, 1, practice=True)
    assert practice.practice and practice.match_id is None  # not recorded
    game = matches.start(KLABBERJASS, KLABBER, 2)
    assert matches.running is game and matches.parked is practice and closed == []
    assert [(m.game, m.practice) for m in matches.open_matches()] == [
        (KLABBERJASS, False),
        (KLAVERJAS, True),
    ]
    # a new Klabberjass game would end the one in memory only; a Klaverjas match, the practice
    assert [m.game for m in matches.ending(KLABBERJASS)] == [KLABBERJASS]
    assert [m.practice for m in matches.ending(KLAVERJAS)] == [True]
    back = matches.comeback(KLAVERJAS)  # the practice comes back as it was ...
    assert back.session is practice and not back.load and matches.parked is None
    assert closed == [game]  # ... the recorded game waits in the history, not in memory
    assert [m.game for m in matches.open_matches()] == [KLAVERJAS, KLABBERJASS]


def test_a_new_match_of_its_game_ends_the_waiting_practice(run):
    matches, closed = run
    practice = matches.start(KLAVERJAS, AMS, 1, practice=True)
    matches.start(KLABBERJASS, KLABBER, 2)
    fresh = matches.start(KLAVERJAS, AMS, 3)
    assert closed[0] is practice and matches.parked is None and matches.running is fresh
    again = matches.start(KLAVERJAS, AMS, 4, practice=True)
    matches.start(KLAVERJAS, AMS, 5, practice=True)  # at the table: ended, not set aside
    assert closed[-1] is again and matches.parked is None


def test_continue_brings_a_recorded_match_back_from_the_history(run):
    matches, closed = run
    first = matches.start(KLAVERJAS, AMS, 1)
    matches.start(KLABBERJASS, KLABBER, 2)  # the Klaverjas match is set aside, recorded
    assert closed == [first] and matches.parked is None
    back = matches.comeback(KLAVERJAS)
    assert back.load and back.session is matches.running  # shown at its stored position
    assert back.session is not first and back.session.match_id == first.match_id


def test_practice_abandons_the_stored_match_of_its_game(run):
    matches, _ = run
    matches.start(KLAVERJAS, AMS, 1)
    matches.start(KLABBERJASS, KLABBER, 2)
    assert matches.history.running(KLAVERJAS.name) is not None
    matches.start(KLAVERJAS, AMS, 3, practice=True)
    assert matches.history.running(KLAVERJAS.name) is None  # Continue will not bring it back
    assert matches.history.running(KLABBERJASS.name) is not None


def test_a_match_over_at_the_table_leaves_nothing_to_continue(run):
    matches, closed = run
    session = matches.start(KLAVERJAS, AMS, 1)
    matches.over()
    assert matches.running is None and closed == []  # its table still shows it
    session.close()


def _played(history: History, game, variant, seed: int, state=None, moves: int = 6):
    """`moves` random legal moves of `game` stored in `history` (a new match without
    `state`, else after (match id, state)); (match id, state) after them."""
    import random

    rng = random.Random(seed)
    if state is None:
        mid = history.start_match(game.name, "custom", variant.to_dict(), seed,
                                  ["You", "Anna", "Bram", "Joop"][: game.players])  # fmt: skip
        position = game.new_state(variant, seed)
    else:
        mid, position = state
    for _ in range(moves):
        position, events = position.apply(rng.choice(position.legal_actions()))
        history.record(mid, position.n_actions, str(position.actions[-1]), events)
    return mid, position


def test_after_a_restart_continue_brings_back_the_game_played_last(run):
    """A Klaverjas match started first and played last came second after a Klabberjass
    game started later: a newcomer back at the laptop was offered the other game."""
    matches, _ = run
    history = matches.history
    klaverjas = _played(history, KLAVERJAS, AMS, 3)
    _played(history, KLABBERJASS, KLABBER, 4)
    _played(history, KLAVERJAS, AMS, 3, state=klaverjas)  # then back to it, and quit
    assert [m.game for m in matches.open_matches()] == [KLAVERJAS, KLABBERJASS]
    back = matches.comeback()
    assert back.session is not None and back.session.game is KLAVERJAS and back.load
