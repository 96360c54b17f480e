"""A stored match as the program reads it, and the checks that keep a row edited by hand
into nonsense from crashing a screen: such a row comes back flagged `damaged` (listed,
never replayed) and a score line that is not one is left out of the export and the
statistics."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# The columns `from_row` reads, in its order.
SELECT = (
    "SELECT id, game, preset, variant, seed, players, started, ended, status, totals, winner,"
    " kinds FROM matches"
)


@dataclass(frozen=True)
class MatchRecord:
    id: int
    game: str
    preset: str
    variant: dict[str, Any]
    seed: int
    players: list[str]
    started: str
    ended: str | None
    status: str  # running | finished | abandoned
    totals: tuple[int, int] | None
    winner: int | None
    damaged: bool = False  # a hand-edited row that makes no sense: listed, never replayed
    kinds: list[str] | None = None  # per seat: human, remote (network) or a level; None: unknown
    # A running row Continue cannot bring back (History.stray): "damaged" (its moves do not
    # replay) or "unreadable" (a game this version does not know, or a second running match
    # of one game), and why, as restore says it.
    stray: str = ""
    why: str = ""


def from_row(row: tuple[Any, ...]) -> MatchRecord:
    """A MatchRecord from a row of SELECT; a row that was edited by hand into nonsense comes
    back flagged `damaged` (with empty players and rules) instead of raising."""
    (mid, game, preset, variant, seed, players, started, ended, status, totals, winner,
     kinds) = row  # fmt: skip
    variant, players, kinds = _json(variant), _json(players), _json(kinds) if kinds else None
    if not (
        isinstance(kinds, list)
        and isinstance(players, list)
        and len(kinds) == len(players)
        and all(isinstance(k, str) for k in kinds)
    ):
        kinds = None  # not known (an older match) or edited: no reason to refuse the match
    totals = _json(totals) if totals else None  # not ended yet
    good = (
        all(isinstance(x, str) for x in (game, preset, started, status))
        and isinstance(variant, dict)
        and _is_int(seed)
        and isinstance(players, list)
        and len(players) in (2, 4)
        and all(isinstance(name, str) for name in players)
        and (ended is None or isinstance(ended, str))
        and (totals is None or _ints(totals, 2))
        and (winner is None or winner in (0, 1))
    )
    if not good:
        return MatchRecord(
            id=mid, game=_text(game), preset=_text(preset), variant={}, seed=0, players=[],
            started=_text(started), ended=None, status=_text(status) or "finished",
            totals=None, winner=None, damaged=True,
        )  # fmt: skip
    return MatchRecord(
        id=mid,
        game=game,
        preset=preset,
        variant=variant,
        seed=seed,
        players=players,
        started=started,
        ended=ended,
        status=status,
        totals=(totals[0], totals[1]) if totals else None,
        winner=winner,
        kinds=kinds,
    )


def score_lines(texts: list[Any]) -> list[dict[str, Any]] | None:
    """Stored score lines (JSON texts) read; None if any of them is not a score line."""
    lines = [_json(text) for text in texts]
    return lines if all(_is_line(line) for line in lines) else None


def brief(text: str, most: int = 160) -> str:
    """A reason short enough for a message, its control characters escaped: a hand-edited
    move may be 100,000 characters long or hold a line break."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= most else text[: most - 1] + "…"


_BAD = object()  # what _json gives for a cell that is not JSON text


def _json(text: Any) -> Any:
    """Parsed JSON text, or _BAD for anything else (a hand-edited cell, a blob, NULL)."""
    if not isinstance(text, str):
        return _BAD
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _BAD


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _ints(x: Any, n: int) -> bool:
    """A list of n whole numbers (two teams' points)."""
    return isinstance(x, list) and len(x) == n and all(_is_int(v) for v in x)


def _text(x: Any) -> str:
    return x if isinstance(x, str) else ""


def _is_line(line: Any) -> bool:
    """Whether a stored score line has what the export and the statistics read."""
    return (
        isinstance(line, dict)
        and _is_int(line.get("chooser"))
        and isinstance(line.get("trump"), str)
        and isinstance(line.get("outcome"), str)
        and _ints(line.get("roem"), 2)
        and _ints(line.get("scores"), 2)
        and _ints(line.get("card_points", [0, 0]), 2)
        and _ints(line.get("tricks_won", [0, 0]), 2)
        and _is_int(line.get("burden_team", 0))
        and all(
            not isinstance(line.get(k), (dict, list)) for k in ("deal", "dealer", "kraak_level")
        )
    )
