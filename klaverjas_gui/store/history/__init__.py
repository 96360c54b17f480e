"""Match history in SQLite: every action as it happens, every deal's score line.

The running match is written after every action, so after a crash or a killed
process the exact position comes back by replaying the stored actions from the
match's seed. The game always goes on: when the disk refuses, history lives in
memory and the player is told once what really happened.

`History` is what the rest of the program holds; its parts, each in its own module:
schema.py (the tables, their migrations, what an SQLite error means), opening.py (the
file, or memory, and why), writing.py (the queue of waiting writes and the journal),
records.py (a stored match as read, damaged rows flagged), coaching.py (the coach's
judgements) and export.py (the CSV file and the leaderboard).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from ...engine import StateError, VariantError
from ...games import GAMES, UnknownGameError, deal_scored, get_game, match_end
from ...i18n import Message, shown
from . import coaching as _coaching
from .coaching import Decision, MatchCoaching
from .export import CSV_HEADER, compute_statistics, write_csv
from .opening import open_history
from .records import SELECT, MatchRecord, brief, from_row, score_lines
from .schema import MIGRATIONS, SCHEMA_VERSION, HistoryError
from .writing import Op, Writer, now

__all__ = [
    "CSV_HEADER",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Decision",
    "History",
    "HistoryError",
    "MatchCoaching",
    "MatchRecord",
    "Op",
    "compute_statistics",
]

log = logging.getLogger(__name__)


class History:
    """The history database, or an in-memory stand-in when the disk will not do."""

    def __init__(self, path: Path | None, recover: bool = True) -> None:
        """`recover`: write what the journal of an earlier session keeps; only the copy
        that holds the data folder's lock (lock.py) may, never an export beside it."""
        self.path = path
        self.messages: list[str] = []  # for the player, shown once
        opened = open_history(path, self.messages)
        self.db = opened.db
        self.persistent = opened.persistent  # new matches are stored on disk
        self.read_only = opened.read_only  # an existing history opened read-only (a stick)
        self._stray: dict[int, MatchRecord] = {}  # running rows Continue cannot bring back
        self._writer = Writer(self.db, path, self.persistent, self.messages, self._stray)
        if recover:
            self._writer.recover()
        self.check_unfinished()  # after the journal: its moves may be what makes a match replay

    def close(self) -> None:
        """Write what still waits, keeping what cannot be written in the journal for the
        next start (Writer.close says so), then close."""
        self._writer.close()
        self.db.close()

    # --- writing ---
    def _id(self, match_id: int) -> int:
        """The stored id of a match whose start had to wait (see start_match)."""
        return self._writer.id(match_id)

    def start_match(
        self, game: str, preset: str, variant: dict[str, Any], seed: int, players: list[str],
        kinds: list[str] | None = None, abandon: bool = True,
    ) -> int | None:  # fmt: skip
        """Begin a match; any other running match of the same game is marked abandoned (a
        Klaverjas match and a Klabberjass game may both wait for Continue). While the database
        is busy the id returned is a negative stand-in, mapped to the stored id once written.
        `kinds`: who plays each seat (a network match marks its remote seats); `abandon`
        False: a finished match's copy (a network guest's), which ends no running match."""
        return self._writer.start(
            {
                "started": now(),
                "variant": json.dumps(variant),
                "seed": seed,
                "players": json.dumps(players),
                "game": game,
                "preset": preset,
                "kinds": None if kinds is None else json.dumps(kinds),
                "abandon": abandon,
            }
        )

    def record(self, match_id: int | None, seq: int, action: str, events: list[Any]) -> None:
        """Store one action (seq counts from 1) and what it finished: a deal, the match."""
        if match_id is None:
            return
        # the game's own events, as its registry entry names them (any number of sides)
        lines = [line for line in map(deal_scored, events) if line is not None]
        deals = [[line.deal_no, json.dumps(line.to_dict())] for line in lines]
        ends = [end for end in map(match_end, events) if end is not None]
        over = [[now(), json.dumps(totals), winner] for totals, winner in ends]
        self._writer.write({"op": "move", "match": self._id(match_id), "seq": seq,
                            "action": action, "deals": deals, "over": over})  # fmt: skip

    def abandon_running(self, game: str) -> None:
        """Mark `game`'s running match abandoned: a practice match (never recorded) replaces
        it, so Continue must not bring the older one back after the practice ends."""
        self._writer.write({"op": "abandon", "game": game})

    def record_decision(
        self, match_id: int | None, seq: int, seat: int, kind: str, mistake: str, cost: float,
        chosen: str, best: str,
    ) -> None:  # fmt: skip
        """Store the coach's judgement of the match's `seq`-th action (queued behind the
        moves, like them, when the database is busy)."""
        if match_id is None:
            return
        self._writer.write({"op": "decision", "match": self._id(match_id), "seq": seq,
                            "seat": seat, "kind": kind, "mistake": mistake, "cost": float(cost),
                            "chosen": chosen, "best": best})  # fmt: skip

    # --- reading ---
    def matches(self, preset: str | None = None, game: str | None = None) -> list[MatchRecord]:
        """Finished and abandoned matches, newest first, optionally of one preset or game.
        Only what is stored: a match whose start still waits for the database is not here."""
        sql = SELECT + " WHERE status != 'running'"
        args: list[Any] = []
        if preset:
            sql += " AND preset = ?"
            args.append(preset)
        if game:
            sql += " AND game = ?"
            args.append(game)
        sql += " ORDER BY started DESC, id DESC"
        return [from_row(r) for r in self.db.execute(sql, args)]

    def match(self, match_id: int) -> MatchRecord | None:
        row = self.db.execute(SELECT + " WHERE id = ?", (self._id(match_id),)).fetchone()
        return from_row(row) if row else None

    def actions(self, match_id: int) -> list[str]:
        """The match's actions in order: the stored ones and those still waiting to be
        written, so a take-back or review of the running match sees every move."""
        by_seq = self._moves(match_id)
        return [by_seq[seq] for seq in sorted(by_seq)]

    def _moves(self, match_id: int) -> dict[int, str]:
        """The match's actions by their number (from 1), stored and still waiting."""
        mid = self._id(match_id)
        rows = self.db.execute("SELECT seq, action FROM actions WHERE match_id = ?", (mid,))
        return {**dict(rows.fetchall()), **self._writer.waiting_moves(mid)}

    def deal_lines(self, match_id: int) -> list[dict[str, Any]] | None:
        """The stored score lines in order; None if any of them is not a score line."""
        mid = self._id(match_id)
        game = self.db.execute("SELECT game FROM matches WHERE id = ?", (mid,)).fetchone()
        rows = self.db.execute("SELECT line FROM deals WHERE match_id = ? ORDER BY deal_no", (mid,))
        return score_lines([r[0] for r in rows], game[0] if game else None)

    def scored(
        self, game: str | None = None
    ) -> tuple[list[tuple[MatchRecord, list[dict[str, Any]]]], int]:
        """Finished and abandoned matches (newest first) with their score lines, and how many
        damaged ones were left out: what the export and the statistics are made of."""
        out, skipped = [], 0
        for m in self.matches(game=game):
            lines = None if m.damaged else self.deal_lines(m.id)
            if lines is None:
                skipped += 1
            else:
                out.append((m, lines))
        return out, skipped

    def running(self, game: str | None = None) -> MatchRecord | None:
        """The newest running match (of `game`, if given) that Continue can bring back, or
        None; the stray ones (see `stray`) are never it."""
        where, args = (" AND game = ?", (game,)) if game is not None else ("", ())
        rows = self.db.execute(
            SELECT + " WHERE status = 'running'" + where + " ORDER BY id DESC", args
        )
        return next((from_row(r) for r in rows if r[0] not in self._stray), None)

    def last_played(self, match_id: int) -> int:
        """When the match was last played, as the place of its newest stored move among all
        moves stored (0: none yet): moves are added in the order they are played, so the
        larger is the match played more recently, whenever each was started."""
        row = self.db.execute("SELECT MAX(rowid) FROM actions WHERE match_id = ?", (match_id,))
        return row.fetchone()[0] or 0

    def check_unfinished(self) -> None:
        """Find the running rows Continue cannot bring back, and tell the player of the one
        Continue would have brought back (its game's newest) when it no longer replays: a
        bad move, missing moves, a seed or player count that makes no sense. They stay as
        they are: listed in History (`stray`), never continued, never marked abandoned by a
        new match. Per game the newest row that replays is Continue's; a row of a game this
        version does not know, or an older running row of a game, is listed as unreadable."""
        newest: set[str] = set()
        continued: set[str] = set()
        try:
            rows = self.db.execute(SELECT + " WHERE status = 'running' ORDER BY id DESC").fetchall()
        except sqlite3.Error as e:  # a file that cannot be read now: the rest of it says so
            log.warning("the unfinished matches could not be read: %s", e)
            return
        for row in rows:
            record = from_row(row)
            first = record.game not in newest
            newest.add(record.game)
            if record.id in self._stray:
                continue
            try:
                self.restore(record)
            except sqlite3.Error as e:
                log.warning("the unfinished match %d could not be read: %s", record.id, e)
                continue
            except StateError as e:
                unknown = not record.damaged and record.game not in GAMES
                word, why = ("unreadable" if unknown else "damaged"), brief(str(e))
            else:
                if record.game not in continued:
                    continued.add(record.game)
                    continue
                word, why = "unreadable", Message("store.history_second_running")
            self._stray[record.id] = dataclasses.replace(record, damaged=True, stray=word, why=why)
            if word == "damaged" and first:
                self.messages.append(
                    Message("store.history_not_restored", started=record.started[:16], error=why)
                )

    def stray(self, game: str | None = None) -> list[MatchRecord]:
        """The running rows Continue cannot bring back (of `game`), newest first, flagged
        `damaged` with their `stray` word and `why`: History lists them."""
        return [m for _, m in sorted(self._stray.items(), reverse=True)
                if game is None or m.game == game]  # fmt: skip

    def listed(self, preset: str | None = None, game: str | None = None) -> list[MatchRecord]:
        """What the History screen lists: finished and abandoned matches and the stray
        running ones, newest first."""
        stray = [m for m in self.stray(game) if preset is None or m.preset == preset]
        found = self.matches(preset, game) + stray
        return sorted(found, key=lambda m: (m.started, m.id), reverse=True)

    def restore(self, record: MatchRecord) -> Any:
        """Rebuild a match's state from its stored actions (raises StateError if impossible:
        a damaged row, an unknown game, a wrong number of players, a move missing or not
        possible)."""
        if record.why:
            raise StateError(shown(record.why))  # in the language of the moment
        if record.damaged:
            raise StateError("the stored match is damaged")
        try:
            game = get_game(record.game)
        except UnknownGameError:
            raise StateError(f"unknown game {record.game!r} in the history") from None
        if len(record.players) != game.players:
            raise StateError(
                f"{len(record.players)} players are stored for a game of {game.players}"
            )
        by_seq = self._moves(record.id)
        numbers = set(range(1, len(by_seq) + 1))
        if set(by_seq) != numbers:  # deleted, or numbered by hand
            raise StateError(f"move {min(numbers - set(by_seq))} is missing")
        try:
            return game.replay(record.variant, record.seed, [by_seq[n] for n in sorted(by_seq)])
        except StateError as e:  # a hand-edited move may be 100,000 characters long
            raise StateError(brief(str(e))) from None
        except (VariantError, TypeError, AttributeError) as e:
            raise StateError(brief(f"the stored match has a bad variant: {e}")) from None

    def resume(self, game: str | None = None) -> tuple[MatchRecord, Any] | None:
        """The running match (of `game`) and its exact position, if there is one that replays."""
        record = self.running(game)
        if record is None:
            return None
        try:
            return record, self.restore(record)
        except StateError:  # damaged since the start (check_unfinished says so): kept, listed
            self.check_unfinished()
            return None

    # --- the coach ---
    def decisions(self, match_id: int) -> list[Decision]:
        """The match's judged decisions in the order they were made."""
        return _coaching.decisions(self.db, self._id(match_id))

    def costliest(self, match_id: int, n: int = 3) -> list[Decision]:
        """The match's `n` costliest decisions (that cost anything), costliest first."""
        return _coaching.costliest(self.db, self._id(match_id), n)

    def coaching(self, last: int = 50, game: str | None = None) -> list[MatchCoaching]:
        """The progress chart's points: see coaching.coaching."""
        return _coaching.coaching(self.db, last, game)

    def drills(self, n: int = 10, game: str | None = None, least: float = 0.0) -> list[Decision]:
        """The positions a drill asks again: see coaching.drills."""
        return _coaching.drills(self.db, n, game, least)

    def position_before(self, decision: Decision) -> Any:
        """The exact position in which `decision` was made, rebuilt from the match's seed and
        its actions before it. Raises StateError when the stored match does not lead there
        (damaged, or edited: another seat to move, or the chosen action not allowed)."""
        record = self.match(decision.match_id)
        if record is None:
            raise StateError("the match of this decision is not in the history")
        actions = self.actions(record.id)
        if not 0 < decision.seq <= len(actions) or actions[decision.seq - 1] != decision.chosen:
            raise StateError("the stored decision does not match the stored moves")
        if record.damaged:
            raise StateError("the stored match is damaged")
        try:
            game = get_game(record.game)
            state = game.replay(record.variant, record.seed, actions[: decision.seq - 1])
        except UnknownGameError:
            raise StateError(f"unknown game {record.game!r} in the history") from None
        except (VariantError, TypeError, AttributeError) as e:
            raise StateError(f"the stored match has a bad variant: {e}") from None
        if state.to_move != decision.seat or state.refusal(decision.chosen) is not None:
            raise StateError("the stored decision does not fit its position")
        return state

    def integrity_ok(self) -> bool:
        return bool(self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    # --- export and statistics ---
    def export_csv(self, path: Path) -> tuple[int, int]:
        """One row per deal of every finished or abandoned match, written all or nothing.
        Returns (rows written, damaged matches left out)."""
        matches, skipped = self.scored()
        return write_csv(path, matches), skipped

    def statistics(self, game: str = "klaverjas") -> list[dict[str, Any]]:
        """Per player name, from the stored score lines of finished matches (damaged ones are
        left out)."""
        matches, _ = self.scored(game)
        return compute_statistics(
            [(m, lines) for m, lines in matches if m.status == "finished"],
            get_game(game).tricks_per_deal,
        )
