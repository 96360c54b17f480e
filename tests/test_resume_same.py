"""A resumed match decides exactly as the uninterrupted one (issue 35, item 8). After a kill
at South's roem claim in Amsterdam (must_claim) the resumed table claimed where the
uninterrupted one passed: the loaded position had no trick pause, so the autopilot decided
instead of the pause's end. And every computer player's random numbers started again from
the seat's seed at the resumed position, so a random or slip-making player chose otherwise.

Each test stops a match at every kind of decision point (a bid, a kraak, a card, a roem
claim of a person and of a computer, a trick lying still, a deal's end), keeps in the
history exactly what a kill there leaves, resumes, and compares the moves that follow with
the uninterrupted run's: first without a screen (play/session.py), then at the table."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from uitest import run_until

from klaverjas_gui.games import KLABBERJASS, KLAVERJAS, Game
from klaverjas_gui.play.seats import Jobs
from klaverjas_gui.play.session import Pace, new_session, resume_session
from klaverjas_gui.store.history import History

FOLLOWING = 60  # moves compared after each resumed position


class Seats(Pace):
    """Settings without a screen: `plan`'s seats, no pacing."""

    def __init__(self, plan: list[tuple[str, str]]) -> None:
        super().__init__(speed=0.0)
        self.plan = plan

    def seat_plan(self, game: Game) -> list[tuple[str, str]]:
        return self.plan


def play(session: Any, until: int) -> list[tuple[str, str, list[str]]]:
    """Step the session until `until` actions are played (or the match ends): what each
    move was, in which phase, and what it made happen."""
    moves: list[tuple[str, str, list[str]]] = []
    session.listen(lambda before, action, events: moves.append(
        (before.phase, str(action), [type(e).__name__ for e in events])))  # fmt: skip
    for _ in range(100_000):
        if session.state.is_over or session.state.n_actions >= until:
            return moves
        session.step(0.0)
    raise AssertionError("the session does not move on")


def decision_points(game: Game, moves: list[tuple[str, str, list[str]]]) -> dict[str, int]:
    """The first position (a number of actions played) of each kind of decision point."""
    found: dict[str, int] = {}
    for n, (phase, action, events) in enumerate(moves):
        found.setdefault(f"{phase} ({action.split()[0]})", n)  # a bid, a kraak, a card, a claim
        if "TrickWon" in events:
            found.setdefault("trick lying still", n + 1)
        if "DealScored" in events:
            found.setdefault("deal end", n + 1)
    return found


def cut(src: Path, dst: Path, k: int) -> None:
    """What a kill after `k` actions leaves: the uninterrupted run's history up to there."""
    shutil.copy(src, dst)
    h = History(dst)
    mid = h.running().id if h.running() else h.matches()[0].id
    state = h.restore(h.match(mid))
    h.close()
    db = sqlite3.connect(dst)
    with db:
        db.execute("DELETE FROM actions WHERE match_id = ? AND seq > ?", (mid, k))
        db.execute("UPDATE matches SET status = 'running', ended = NULL, totals = NULL, "
                   "winner = NULL WHERE id = ?", (mid,))  # fmt: skip
        db.execute("DELETE FROM decisions")
    db.close()
    h = History(dst)
    kept = h.restore(h.running())
    h.close()
    assert kept.n_actions == k and state.n_actions >= k
    db = sqlite3.connect(dst)
    with db:
        db.execute("DELETE FROM deals WHERE match_id = ? AND deal_no > ?", (mid, len(kept.sheet)))
    db.close()


SESSION_CASES = [
    (KLAVERJAS, "amsterdam", "random"),
    (KLAVERJAS, "kraken", "random"),
    (KLAVERJAS, "proposed", "random"),  # roem kept or left: no claim pause
    (KLABBERJASS, "klabberjass", "easy"),  # easy Klabberjass makes random slips
    (KLABBERJASS, "klabberjass", "normal"),
]


@pytest.mark.parametrize(("game", "preset", "level"), SESSION_CASES)
def test_a_resumed_session_decides_as_the_uninterrupted_one_at_every_kind_of_point(
    tmp_path, game, preset, level
):
    variant = dataclasses.replace(game.presets[preset], match_length="deals:3") if (
        game is KLAVERJAS) else game.presets[preset]  # fmt: skip
    names = ["You", "Henk", "Anna", "Joop"][: game.players]
    settings = Seats([(name, level) for name in names])  # nobody: the autopilot plays South
    whole = tmp_path / "whole.sqlite"
    h = History(whole)
    session = new_session(game, variant, 17, settings, h, autopilot=True, jobs=Jobs(True))
    reference = play(session, 10_000)
    h.close()
    points = decision_points(game, reference)
    assert len(points) >= 5, points
    for kind, k in points.items():
        killed = tmp_path / f"{k}.sqlite"
        cut(whole, killed, k)
        h = History(killed)
        resumed = resume_session(h, settings, autopilot=True, jobs=Jobs(True))
        assert resumed is not None and resumed.state.n_actions == k
        after = play(resumed, k + FOLLOWING)
        h.close()
        assert after == reference[k : k + FOLLOWING], f"resumed at {kind} (move {k})"


# --- at the table ---
def app_moves(app: Any, until: int) -> list[str]:
    session = app.match.session
    run_until(app, lambda: session.state.is_over or session.state.n_actions >= until,
              frames=50_000)  # fmt: skip
    return app.history.actions(session.match_id)


@pytest.mark.slow(30)
@pytest.mark.parametrize(
    ("game", "preset", "seed"),
    [(KLAVERJAS, "amsterdam", 11), (KLAVERJAS, "kraken", 3), (KLABBERJASS, "klabberjass", 5)],
)
def test_a_resumed_table_decides_as_the_uninterrupted_one_at_every_kind_of_point(
    make_app, tmp_path, game, preset, seed
):
    """The table's picture takes part: the trick pause, the deal's summary, the autopilot
    (South's claim at the pause's end, as a person who does not spot roem)."""
    first = tmp_path / "first"
    app = make_app("--data-dir", str(first), "--game", game.name, "--seed", str(seed),
                   "--variant", preset, deterministic=True, autopilot=True,
                   first_frame=True)  # fmt: skip
    reference = app_moves(app, 120)
    app.close()
    variant = game.presets[preset]
    assert game.replay(variant.to_dict(), seed, reference).n_actions == 120
    points: dict[str, int] = {}
    replayed = game.new_state(variant, seed)
    for n, action in enumerate(reference[:90]):
        kind = f"{replayed.phase} ({action.split()[0]})"
        if replayed.phase == "claim":
            kind = (f"claim by {'South' if replayed.to_move == 0 else 'a computer'}"
                    f"{' with roem' if replayed.pending_roem else ''}")  # fmt: skip
        points.setdefault(kind, n)
        replayed, events = replayed.apply(game.parse_action(action))
        if any(type(e).__name__ == "TrickWon" for e in events):
            points.setdefault("trick lying still", n + 1)
        if any(type(e).__name__ == "DealScored" for e in events):
            points.setdefault("deal end", n + 1)
    assert game is KLABBERJASS or "claim by South with roem" in points, points
    assert len(points) >= 5, points
    at: dict[int, str] = {}
    for kind, k in points.items():  # one position may be of several kinds
        at[k] = f"{at[k]}, {kind}" if k in at else kind
    for k, kind in sorted(at.items()):
        data = tmp_path / f"at-{k}"
        data.mkdir()
        cut(first / "history.sqlite", data / "history.sqlite", k)
        again = make_app("--data-dir", str(data), "--continue", deterministic=True,
                         autopilot=True)  # fmt: skip
        assert again.match is not None and again.match.session.state.n_actions == k, kind
        resumed = app_moves(again, k + 30)
        again.close()
        assert resumed[: k + 30] == reference[: k + 30], f"resumed at {kind} (move {k})"
