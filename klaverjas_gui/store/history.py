"""Match history in SQLite: every action as it happens, every deal's score line.

The running match is written after every action, so after a crash or a killed
process the exact position comes back by replaying the stored actions from the
match's seed. Schema changes go through `PRAGMA user_version` migrations. A
file that is not a database is set aside and a fresh one started; a database
from a newer program is never written to. The game always goes on: when the
disk refuses, history lives in memory and the player is told once.
"""

from __future__ import annotations

import csv
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import StateError, VariantError
from ..engine.match import DealScored, MatchOver
from ..i18n import Message
from ..play.games import UnknownGameError, get_game
from .files import set_aside

# Each entry upgrades the schema from version i to i + 1.
MIGRATIONS: list[str] = [
    # 0 -> 1: the first release
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        started TEXT NOT NULL,
        ended TEXT,
        variant TEXT NOT NULL,
        seed INTEGER NOT NULL,
        players TEXT NOT NULL,
        totals TEXT,
        winner INTEGER
    );
    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE deals (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        deal_no INTEGER NOT NULL,
        line TEXT NOT NULL,
        PRIMARY KEY (match_id, deal_no)
    );
    """,
    # 1 -> 2: which game, which preset, and an explicit status (abandoned matches)
    """
    ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'klaverjas';
    ALTER TABLE matches ADD COLUMN preset TEXT NOT NULL DEFAULT 'custom';
    ALTER TABLE matches ADD COLUMN status TEXT NOT NULL DEFAULT 'finished';
    UPDATE matches SET status = 'running' WHERE ended IS NULL;
    CREATE INDEX matches_started ON matches(started);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
# PRAGMA takes no parameters, so each version's statement is written out here.
_SET_VERSION = {1: "PRAGMA user_version = 1", 2: "PRAGMA user_version = 2"}
assert set(_SET_VERSION) == set(range(1, SCHEMA_VERSION + 1))


class HistoryError(Exception):
    """A history database this program must not touch (from a newer version)."""


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


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


class History:
    """The history database, or an in-memory stand-in when the disk will not do."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.messages: list[str] = []  # for the player, shown once
        self.persistent = False
        self._warned_write = False
        self.db = self._open(path)

    # --- opening ---
    def _open(self, path: Path | None) -> sqlite3.Connection:
        if path is None:
            return self._memory()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connect(path)
        except HistoryError as e:
            self.messages.append(e.args[0] if e.args else str(e))
            return self._memory()
        except sqlite3.DatabaseError:
            moved = set_aside(path)
            if moved is None:
                self.messages.append(Message("store.history_damaged"))
                return self._memory()
            self.messages.append(Message("store.history_damaged_kept", name=moved.name))
            try:
                db = self._connect(path)
            except (sqlite3.Error, OSError, HistoryError):
                return self._memory()
        except OSError as e:
            self.messages.append(
                Message("store.history_memory", folder=path.parent, error=e.strerror or e)
            )
            return self._memory()
        self.persistent = True
        return db

    def _connect(self, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            ok = db.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise HistoryError(Message("store.history_newer", version=version))
            db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a commit survives the program crashing or being killed
            # (what we promise); only a power cut may lose the last few actions, never the
            # file. FULL would fsync every card, ~6 ms, a visible hitch in the frame loop.
            db.execute("PRAGMA synchronous=NORMAL")
            self._migrate(db, version)
        except sqlite3.OperationalError as e:
            db.close()
            if "readonly" in str(e) or "read-only" in str(e) or "unable to open" in str(e):
                raise OSError(str(e)) from None
            raise sqlite3.DatabaseError(str(e)) from None
        except BaseException:
            db.close()
            raise
        return db

    def _memory(self) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:", isolation_level=None)
        self._migrate(db, 0)
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection, version: int) -> None:
        for v in range(version, SCHEMA_VERSION):
            db.execute("BEGIN")
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(_SET_VERSION[v + 1])
            db.execute("COMMIT")

    def close(self) -> None:
        self.db.close()

    # --- writing ---
    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run `fn` in a transaction; a full or read-only disk warns once, never raises."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                result = fn(self.db)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return result
        except sqlite3.Error as e:
            if not self._warned_write:
                self._warned_write = True
                self.messages.append(Message("store.history_not_saved", error=e))
            return None

    def start_match(
        self, game: str, preset: str, variant: dict[str, Any], seed: int, players: list[str]
    ) -> int | None:
        """Begin a match; any other running match is marked abandoned."""

        def go(db: sqlite3.Connection) -> int:
            db.execute("UPDATE matches SET status = 'abandoned' WHERE status = 'running'")
            cur = db.execute(
                "INSERT INTO matches (started, variant, seed, players, game, preset, status) "
                "VALUES (?, ?, ?, ?, ?, ?, 'running')",
                (_now(), json.dumps(variant), seed, json.dumps(players), game, preset),
            )
            return int(cur.lastrowid)  # type: ignore[arg-type]

        return self._write(go)

    def record(self, match_id: int | None, seq: int, action: str, events: list[Any]) -> None:
        """Store one action (seq counts from 1) and what it finished: a deal, the match."""
        if match_id is None:
            return

        def go(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT OR REPLACE INTO actions (match_id, seq, action) VALUES (?, ?, ?)",
                (match_id, seq, action),
            )
            for e in events:
                if isinstance(e, DealScored):
                    db.execute(
                        "INSERT OR REPLACE INTO deals (match_id, deal_no, line) VALUES (?, ?, ?)",
                        (match_id, e.line.deal_no, json.dumps(e.line.to_dict())),
                    )
                elif isinstance(e, MatchOver):
                    db.execute(
                        "UPDATE matches SET ended = ?, totals = ?, winner = ?, "
                        "status = 'finished' WHERE id = ?",
                        (_now(), json.dumps(list(e.totals)), e.winner, match_id),
                    )

        self._write(go)

    def record_deal_line(self, match_id: int, deal_no: int, line: dict[str, Any]) -> None:
        """For games whose events differ (Klabberjass): store a score-sheet line as is."""
        self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO deals (match_id, deal_no, line) VALUES (?, ?, ?)",
                (match_id, deal_no, json.dumps(line)),
            )
        )

    def finish(self, match_id: int, totals: tuple[int, int], winner: int | None) -> None:
        self._write(
            lambda db: db.execute(
                "UPDATE matches SET ended = ?, totals = ?, winner = ?, status = 'finished' "
                "WHERE id = ?",
                (_now(), json.dumps(list(totals)), winner, match_id),
            )
        )

    # --- reading ---
    def _record(self, row: tuple) -> MatchRecord:
        (mid, game, preset, variant, seed, players, started, ended, status, totals, winner) = row
        return MatchRecord(
            id=mid,
            game=game,
            preset=preset,
            variant=json.loads(variant),
            seed=seed,
            players=json.loads(players),
            started=started,
            ended=ended,
            status=status,
            totals=tuple(json.loads(totals)) if totals else None,  # type: ignore[arg-type]
            winner=winner,
        )

    _SELECT = (
        "SELECT id, game, preset, variant, seed, players, started, ended, status, totals, winner"
        " FROM matches"
    )

    def matches(self, preset: str | None = None, game: str | None = None) -> list[MatchRecord]:
        """Finished and abandoned matches, newest first, optionally of one preset or game."""
        sql = self._SELECT + " WHERE status != 'running'"
        args: list[Any] = []
        if preset:
            sql += " AND preset = ?"
            args.append(preset)
        if game:
            sql += " AND game = ?"
            args.append(game)
        sql += " ORDER BY started DESC, id DESC"
        return [self._record(r) for r in self.db.execute(sql, args)]

    def match(self, match_id: int) -> MatchRecord | None:
        row = self.db.execute(self._SELECT + " WHERE id = ?", (match_id,)).fetchone()
        return self._record(row) if row else None

    def actions(self, match_id: int) -> list[str]:
        rows = self.db.execute(
            "SELECT action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        return [r[0] for r in rows]

    def deal_lines(self, match_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT line FROM deals WHERE match_id = ? ORDER BY deal_no", (match_id,)
        )
        return [json.loads(r[0]) for r in rows]

    def running(self) -> MatchRecord | None:
        row = self.db.execute(
            self._SELECT + " WHERE status = 'running' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return self._record(row) if row else None

    def restore(self, record: MatchRecord) -> Any:
        """Rebuild a match's state from its stored actions (raises StateError if impossible)."""
        try:
            game = get_game(record.game)
        except UnknownGameError:
            raise StateError(f"unknown game {record.game!r} in the history") from None
        try:
            return game.replay(record.variant, record.seed, self.actions(record.id))
        except VariantError as e:
            raise StateError(f"the stored match has a bad variant: {e}") from None

    def resume(self) -> tuple[MatchRecord, Any] | None:
        """The running match and its exact position, if there is one that replays."""
        record = self.running()
        if record is None:
            return None
        try:
            return record, self.restore(record)
        except StateError as e:
            self.messages.append(Message("store.history_not_restored", error=e))
            self._write(
                lambda db: db.execute(
                    "UPDATE matches SET status = 'abandoned' WHERE id = ?", (record.id,)
                )
            )
            return None

    def integrity_ok(self) -> bool:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    # --- export and statistics ---
    def export_csv(self, path: Path) -> int:
        """One row per deal of every finished match; returns the number of rows."""
        header = [
            "match", "started", "game", "preset", "players", "deal", "dealer", "chooser",
            "trump", "kraak", "points_team0", "points_team1", "roem_team0", "roem_team1",
            "outcome", "score_team0", "score_team1",
        ]  # fmt: skip
        n = 0
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(header)
            for m in reversed(self.matches()):
                for line in self.deal_lines(m.id):
                    w.writerow(
                        [
                            m.id,
                            m.started,
                            m.game,
                            m.preset,
                            " / ".join(m.players),
                            line.get("deal"),
                            line.get("dealer"),
                            line.get("chooser"),
                            line.get("trump"),
                            line.get("kraak_level", 0),
                            *line.get("card_points", ["", ""]),
                            *line.get("roem", ["", ""]),
                            line.get("outcome"),
                            *line.get("scores", ["", ""]),
                        ]  # fmt: skip
                    )
                    n += 1
        return n

    def statistics(self, game: str = "klaverjas") -> list[dict[str, Any]]:
        """Per player name, from the stored score lines of finished matches."""
        return compute_statistics(
            [(m, self.deal_lines(m.id)) for m in self.matches(game=game) if m.status == "finished"],
            get_game(game).tricks_per_deal,
        )


def compute_statistics(
    matches: list[tuple[MatchRecord, list[dict[str, Any]]]], tricks_per_deal: int = 8
) -> list[dict[str, Any]]:
    """Leaderboard rows from (match, score lines) pairs. A seat's side is seat % 2, which is
    the team with four players and the player himself with two."""
    rows: dict[str, dict[str, Any]] = {}
    trumps: dict[str, Counter[str]] = {}
    for m, lines in matches:
        for seat, name in enumerate(m.players):
            team = seat % 2
            r = rows.setdefault(
                name,
                {"name": name, "matches": 0, "won": 0, "deals": 0, "chosen": 0, "made": 0,
                 "nat": 0, "pit": 0, "tricks": 0, "roem": 0, "points": 0},
            )  # fmt: skip
            r["matches"] += 1
            r["won"] += m.winner == team
            for line in lines:
                r["deals"] += 1
                burden = line.get("burden_team", line["chooser"] % 2)
                if line["chooser"] == seat:
                    r["chosen"] += 1
                    r["made"] += line["outcome"] in ("made", "pit")
                    trumps.setdefault(name, Counter())[line["trump"]] += 1
                if burden == team and line["outcome"] == "nat":
                    r["nat"] += 1
                if line.get("pit_team") == team:
                    r["pit"] += 1
                r["tricks"] += line.get("tricks_won", [0, 0])[team]
                r["roem"] += line["roem"][team]
                r["points"] += line["scores"][team]
    out = []
    for name, r in rows.items():
        deals = r["deals"] or 1
        out.append(
            {
                **r,
                "won_pct": round(100 * r["won"] / r["matches"], 1) if r["matches"] else 0.0,
                "made_pct": round(100 * r["made"] / r["chosen"], 1) if r["chosen"] else 0.0,
                "tricks_pct": round(100 * r["tricks"] / (tricks_per_deal * deals), 1),
                "avg_points": round(r["points"] / deals, 1),
                "favourite_trump": trumps[name].most_common(1)[0][0] if name in trumps else "",
            }
        )
    out.sort(key=lambda r: (-r["won"], -r["matches"], r["name"]))
    return out
