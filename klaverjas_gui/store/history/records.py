"""A stored match as the program reads it, and the checks that keep a row edited by hand
into nonsense from crashing a screen: such a row comes back flagged `damaged` (listed,
never replayed) and a score line that is not one is left out of the export and the
statistics."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...games import GAMES

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
    totals: tuple[int, ...] | None  # one per side: two teams, or each player of 2 or 3
    winner: int | None  # the winning side (a team, or a seat when each plays alone)
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
    # Texts a screen shows, cut to what they may be: another program's 200,000-character
    # name froze the History screen, which shortens a text to its column a letter at a time.
    game, preset = _cut(game, TEXT_MOST), _cut(preset, TEXT_MOST)
    if isinstance(players, list):
        players = [_cut(name, NAME_MOST) for name in players]
    if not (
        isinstance(kinds, list)
        and isinstance(players, list)
        and len(kinds) == len(players)
        and all(isinstance(k, str) for k in kinds)
    ):
        kinds = None  # not known (an older match) or edited: no reason to refuse the match
    totals = _json(totals) if totals else None  # not ended yet
    sides = _sides(game)
    good = (
        all(isinstance(x, str) for x in (game, preset, started, status))
        and isinstance(variant, dict)
        and _is_int(seed)
        and isinstance(players, list)
        # any game's player count: restore says when it is not this game's
        and len(players) in {g.players for g in GAMES.values()}
        and all(isinstance(name, str) for name in players)
        and (ended is None or isinstance(ended, str))
        and (totals is None or any(_ints(totals, n) for n in sides))
        and (winner is None or (_is_int(winner) and 0 <= winner < max(sides)))
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
        totals=tuple(totals) if totals else None,
        winner=winner,
        kinds=kinds,
    )


NAME_MOST = 24  # a seat's name: the seat editor's bound, and play/net/names.py MAX_NAME
TEXT_MOST = 40  # a game's or rules' name as stored (the longest of ours is 12)


def _cut(text: Any, most: int) -> Any:
    """A text over `most` characters cut to `most`, its last an ellipsis; anything else as
    it is (from_row judges it)."""
    return text[: most - 1] + "…" if isinstance(text, str) and len(text) > most else text


def score_lines(texts: list[Any], game: str | None = None) -> list[dict[str, Any]] | None:
    """Stored score lines (JSON texts) of a match of `game` read; None if any of them is not
    a score line of that game (a number for each of its sides)."""
    lines = [_json(text) for text in texts]
    sides = _sides(game)
    return lines if all(any(_is_line(line, n) for n in sides) for line in lines) else None


def _sides(game: Any) -> set[int]:
    """How many sides a match of `game` may score for: its entry's, or any game's when the
    game is not one of ours (listed, never replayed)."""
    known = GAMES.get(game) if isinstance(game, str) else None
    return {known.sides} if known else {g.sides for g in GAMES.values()}


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
    """A list of n whole numbers (each side's points)."""
    return isinstance(x, list) and len(x) == n and all(_is_int(v) for v in x)


def _text(x: Any) -> str:
    return x if isinstance(x, str) else ""


def _is_line(line: Any, sides: int) -> bool:
    """Whether a stored score line of `sides` sides has what the export and the statistics
    read."""
    zeros = [0] * sides
    return (
        isinstance(line, dict)
        and _is_int(line.get("chooser"))
        and isinstance(line.get("trump"), str)
        and isinstance(line.get("outcome"), str)
        and _ints(line.get("roem"), sides)
        and _ints(line.get("scores"), sides)
        and _ints(line.get("card_points", zeros), sides)
        and _ints(line.get("tricks_won", zeros), sides)
        and _is_int(line.get("burden_team", 0))
        and all(
            not isinstance(line.get(k), (dict, list)) for k in ("deal", "dealer", "kraak_level")
        )
    )
