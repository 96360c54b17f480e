"""The coach's judgements as the history keeps them (teach/coach.py writes them through
History.record_decision): a match's decisions, its costliest ones, the progress chart's
points and a drill's positions. Match ids here are stored ids (History maps stand-ins)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class Decision:
    """One judged decision of a person, as the coach stored it (teach/coach.py)."""

    match_id: int
    seq: int  # the action's number in the match, as in `actions` (1-based)
    seat: int
    kind: str  # the situation: lead, follow, trump, bid, roem
    mistake: str  # the kind of mistake, "" when it cost nothing
    cost: float  # points of the deal given away against the best option
    chosen: str
    best: str


@dataclass(frozen=True)
class MatchCoaching:
    """A match's judged decisions in short: their number and average cost, overall and per
    situation (kind -> (decisions, average cost)); a point of the progress chart."""

    match_id: int
    started: str
    decisions: int
    average: float
    by_kind: dict[str, tuple[int, float]]


_DECISION = "SELECT match_id, seq, seat, kind, mistake, cost, chosen, best FROM decisions"


def decisions(db: sqlite3.Connection, match_id: int) -> list[Decision]:
    """The match's judged decisions in the order they were made."""
    rows = db.execute(_DECISION + " WHERE match_id = ? ORDER BY seq", (match_id,))
    return [Decision(*r) for r in rows]


def costliest(db: sqlite3.Connection, match_id: int, n: int) -> list[Decision]:
    """The match's `n` costliest decisions (that cost anything), costliest first."""
    rows = db.execute(
        _DECISION + " WHERE match_id = ? AND cost > 0 ORDER BY cost DESC, seq LIMIT ?",
        (match_id, n),
    )
    return [Decision(*r) for r in rows]


def coaching(db: sqlite3.Connection, last: int, game: str | None) -> list[MatchCoaching]:
    """The average cost per decision of each of the `last` finished or abandoned matches
    with judged decisions (of `game`, or any), overall and per situation, oldest first:
    the progress chart's points."""
    ids = [
        r[0]
        for r in db.execute(
            "SELECT id FROM matches WHERE status != 'running' AND (? IS NULL OR game = ?) "
            "AND EXISTS (SELECT 1 FROM decisions WHERE decisions.match_id = matches.id) "
            "ORDER BY started DESC, id DESC LIMIT ?",
            (game, game, last),
        )
    ]
    out = []
    for mid in reversed(ids):
        started = db.execute("SELECT started FROM matches WHERE id = ?", (mid,))
        by_kind = {
            kind: (n, round(avg, 2))
            for kind, n, avg in db.execute(
                "SELECT kind, COUNT(*), AVG(cost) FROM decisions WHERE match_id = ? "
                "GROUP BY kind ORDER BY kind",
                (mid,),
            )
        }
        n = sum(k[0] for k in by_kind.values())
        total = sum(k[0] * k[1] for k in by_kind.values())
        out.append(MatchCoaching(mid, started.fetchone()[0], n, round(total / n, 2), by_kind))
    return out


def drills(db: sqlite3.Connection, n: int, game: str | None, least: float) -> list[Decision]:
    """The costliest decisions of the whole history (costing more than `least`, of
    finished or abandoned matches): the positions a drill asks again, costliest first."""
    rows = db.execute(
        "SELECT d.match_id, d.seq, d.seat, d.kind, d.mistake, d.cost, d.chosen, d.best "
        "FROM decisions d JOIN matches m ON m.id = d.match_id "
        "WHERE m.status != 'running' AND (? IS NULL OR m.game = ?) AND d.cost > ? "
        "ORDER BY d.cost DESC, d.match_id DESC, d.seq LIMIT ?",
        (game, game, least, n),
    )
    return [Decision(*r) for r in rows]
