"""Match history in SQLite: every action as it happens, every deal's score line.

The running match is written after every action, so after a crash or a killed
process the exact position comes back by replaying the stored actions from the
match's seed. Schema changes go through `PRAGMA user_version` migrations, run
under an exclusive lock that re-reads the version, so two copies started at
once migrate once and never trip over each other. Only a file SQLite calls not
a database (or damaged) is set aside, with its `-wal` and `-shm`, and a fresh
one started; a lock held by another program is waited for, a history on
read-only storage is read into memory, and a full disk, an unreadable file or a
database from a newer program is left untouched. The game always goes on: when
the disk refuses, history lives in memory and the player is told once what
really happened.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import (
    KlabberjassVariant,
    StateError,
    Variant,
    VariantError,
    replay,
    replay_klabberjass,
)
from ..engine.match import DealScored, MatchOver
from ..i18n import Message
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

# Opening waits at most this long in all for another program's lock (a second copy
# migrating, a backup tool) before this run plays from memory; a write waits BUSY_TIMEOUT.
OPEN_WAIT = 10.0
BUSY_TIMEOUT = 5.0

# game name -> rebuild a state from (variant options, seed, actions)
Loader = Callable[[dict[str, Any], int, list[str]], Any]
LOADERS: dict[str, Loader] = {
    "klaverjas": lambda variant, seed, actions: replay(Variant.from_dict(variant), seed, actions),
    "klabberjass": lambda variant, seed, actions: replay_klabberjass(
        KlabberjassVariant.from_dict(variant), seed, actions
    ),
}


class HistoryError(Exception):
    """A history database this program must not touch (from a newer version)."""


class _Unusable(Exception):
    """Why a history file cannot be used as it is; `kind` (see `_kind`, or "incomplete")
    decides what `History._open` does about it."""

    def __init__(self, kind: str, detail: object) -> None:
        super().__init__(str(detail))
        self.kind = kind


# SQLite's primary result codes (the low byte of an extended code) by what they mean here.
_KINDS = {
    5: "busy",  # SQLITE_BUSY: another connection holds the lock
    6: "busy",  # SQLITE_LOCKED
    11: "corrupt",  # SQLITE_CORRUPT
    26: "corrupt",  # SQLITE_NOTADB
    13: "full",  # SQLITE_FULL
    8: "readonly",  # SQLITE_READONLY
    3: "cantopen",  # SQLITE_PERM
    14: "cantopen",  # SQLITE_CANTOPEN
    10: "cantopen",  # SQLITE_IOERR: the file cannot be read (a pulled stick, a folder)
}
# Python 3.10 has no error codes: the messages SQLite gives for the same codes.
_TEXTS = (
    ("locked", "busy"),
    ("not a database", "corrupt"),
    ("malformed", "corrupt"),
    ("disk is full", "full"),
    ("readonly", "readonly"),
    ("read-only", "readonly"),
    ("unable to open", "cantopen"),
    ("i/o error", "cantopen"),
)


def _kind(e: sqlite3.Error) -> str:
    """busy, corrupt, full, readonly, cantopen or other: only "corrupt" is ever damage."""
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _KINDS.get(code & 0xFF, "other")
    text = str(e).lower()
    return next((kind for words, kind in _TEXTS if words in text), "other")


@cache
def _reference() -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """The tables and columns the migrations make (what the code may use), and the
    statements that create each table and its indexes, read from a migrated memory copy."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    _upgrade(db, 0)
    columns: dict[str, set[str]] = {}
    create: dict[str, list[str]] = {}
    for kind, table, sql in db.execute(
        "SELECT type, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type DESC"
    ):  # "table" sorts before "index"
        if table.startswith("sqlite_"):
            continue
        create.setdefault(table, []).append(sql)
        if kind == "table":
            columns[table] = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
    db.close()
    return columns, create


def _missing(db: sqlite3.Connection) -> list[str]:
    """Tables and columns (`table.column`) the code uses that this database lacks."""
    out = []
    for table, wanted in _reference()[0].items():
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        out += [table] if not have else [f"{table}.{c}" for c in sorted(wanted - have)]
    return out


def _upgrade(db: sqlite3.Connection, version: int) -> None:
    """Run the migrations from `version` on (inside the caller's transaction)."""
    for v in range(version, SCHEMA_VERSION):
        for statement in MIGRATIONS[v].split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(_SET_VERSION[v + 1])


def _repair(db: sqlite3.Connection) -> None:
    """Re-create missing tables, empty, when no table holds a row (then nothing can refer to
    what is gone). Anything else missing raises _Unusable("incomplete"): the file is kept."""
    missing = _missing(db)
    if not missing:
        return
    create = _reference()[1]
    present = [t for t in create if t not in missing]
    if any("." in m for m in missing) or any(
        db.execute(f"SELECT 1 FROM {t}").fetchone() for t in present
    ):
        raise _Unusable("incomplete", ", ".join(missing))
    for table in missing:
        for sql in create[table]:
            db.execute(sql)


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` now (device, inode), to set aside only the file judged."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _until(deadline: float) -> float:
    """Seconds left until `deadline` (monotonic), as a busy timeout: never zero."""
    return max(deadline - time.monotonic(), 0.1)


def _uri(path: Path, query: str) -> str:
    """An SQLite URI for `path` with `query` ("mode=ro", "immutable=1")."""
    return f"{path.resolve().as_uri()}?{query}"


def _writable(path: Path) -> bool:
    """Whether this user may write the history file and its folder (for -wal and -shm).
    False on a write-protected stick, a read-only mount or a read-only file."""
    if not os.access(path.parent, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


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
        self.persistent = False  # new matches are stored on disk
        self.read_only = False  # an existing history opened read-only (a protected stick)
        self._warned_write = False
        self.db = self._open(path)

    # --- opening ---
    def _open(self, path: Path | None) -> sqlite3.Connection:
        """The history at `path`, or one in memory when it cannot be used. Each cause gets
        its own message; a lock is waited for (OPEN_WAIT in all) and only a file SQLite calls
        damaged, or one lacking what the code uses, is ever set aside."""
        if path is None:
            return self._memory()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return self._memory(
                Message("store.history_memory", folder=path.parent, error=e.strerror or e)
            )
        deadline = time.monotonic() + OPEN_WAIT
        moved: Path | None = None
        while True:
            judged = _identity(path)  # the file this attempt looks at
            try:
                if judged is None and not os.access(path.parent, os.W_OK):
                    return self._memory(
                        Message("store.history_folder_read_only", folder=path.parent)
                    )
                if judged is not None and not _writable(path):
                    return self._open_read_only(path)
                db = self._connect(path, deadline)
                self.persistent = True
                return db
            except HistoryError as e:
                return self._memory(e.args[0])
            except _Unusable as e:
                error = e
            waited = time.monotonic() >= deadline
            if error.kind == "busy" and not waited:
                time.sleep(0.05)  # another copy is migrating: it is done within milliseconds
            elif error.kind in ("corrupt", "incomplete") and moved is None and not waited:
                if _identity(path) != judged:
                    continue  # another copy set it aside and started a new one: use that
                moved = set_aside(path, ("-wal", "-shm"))
                if moved is None:
                    return self._memory(Message("store.history_damaged"))
                if error.kind == "corrupt":
                    self.messages.append(Message("store.history_damaged_kept", name=moved.name))
                else:
                    self.messages.append(
                        Message("store.history_incomplete_kept", name=moved.name, missing=error)
                    )
            elif error.kind in ("readonly", "cantopen") and judged is not None:
                return self._open_read_only(path)
            else:
                return self._memory(self._why(error, path))

    @staticmethod
    def _why(error: _Unusable, path: Path) -> Message:
        """What the player is told when the history file stays untouched."""
        if error.kind == "busy":
            return Message("store.history_in_use")
        if error.kind == "full":
            return Message("store.history_disk_full", folder=path.parent)
        return Message("store.history_memory", folder=path.parent, error=error)

    def _connect(self, path: Path, deadline: float) -> sqlite3.Connection:
        """Open, check and migrate the history at `path`, waiting until `deadline` (monotonic)
        for another connection's lock. Raises _Unusable saying why not, or HistoryError."""
        try:
            checked = path.exists() and self._probe(path, _until(deadline))
            db = sqlite3.connect(path, timeout=_until(deadline), isolation_level=None)
        except sqlite3.Error as e:
            raise _Unusable(_kind(e), e) from None
        try:
            if not checked:  # a new file (perhaps made by another copy just now), a hot journal
                self._check(db)
            self._migrate(db)  # first: if it cannot be done (a full disk), nothing changed
            # Only switch when needed: the switch takes an exclusive lock.
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a commit survives the program crashing or being killed
            # (what we promise); only a power cut may lose the last few actions, never the
            # file. FULL would fsync every card, ~6 ms, a visible hitch in the frame loop.
            db.execute("PRAGMA synchronous=NORMAL")
            if not self._can_write(db):
                raise _Unusable("readonly", "read-only storage")
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        except BaseException as e:
            db.close()
            if isinstance(e, sqlite3.Error):
                raise _Unusable(_kind(e), e) from None
            raise
        return db

    @staticmethod
    def _can_write(db: sqlite3.Connection) -> bool:
        """Whether SQLite lets this connection write: a read-only file opens read-write
        without a word when its -wal and -shm are there. A no-op write, rolled back, tells;
        it does not wait, as a lock held elsewhere means the file takes writes."""
        db.execute("PRAGMA busy_timeout = 0")
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as e:
            return _kind(e) != "readonly"
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
        return True

    def _probe(self, path: Path, wait: float) -> bool:
        """Judge the file through a read-only connection: a read-write one to a damaged file
        deletes its -wal and -shm on closing, and they are to be kept with it. False when
        only a writer can read it (a hot journal to roll back after a crash)."""
        try:
            probe = sqlite3.connect(_uri(path, "mode=ro"), uri=True, timeout=wait)
            try:
                self._check(probe)
            finally:
                probe.close()
        except sqlite3.Error as e:
            if _kind(e) == "readonly":
                return False
            raise
        return True

    def _open_read_only(self, path: Path) -> sqlite3.Connection:
        """A history on read-only storage (a write-protected stick), read through a read-only
        connection into memory: the history screens, statistics, replay and export work, and
        this run's matches are kept until it ends, never written (nor tried: no refused write
        to report). An older schema is migrated in the copy. A WAL database needs its -shm to
        be read: when `mode=ro` could not make one, no copy has the file open for writing (a
        writer keeps one), so `immutable=1` reads the file as it is. A file that cannot be
        read at all is left alone: this run plays from memory."""
        error: sqlite3.Error | _Unusable | None = None
        for query in ("mode=ro", "immutable=1"):
            if query == "immutable=1" and Path(f"{path}-shm").exists():
                break  # the index is there, so immutable would not read it any better
            copy = sqlite3.connect(":memory:", isolation_level=None)
            try:
                db = sqlite3.connect(_uri(path, query), uri=True, isolation_level=None)
                try:
                    self._check(db)
                    db.backup(copy)
                finally:
                    db.close()
                self._migrate(copy)
            except HistoryError as e:
                copy.close()
                return self._memory(e.args[0])
            except (sqlite3.Error, _Unusable) as e:
                copy.close()
                error = e
                continue
            self.read_only = True
            self.messages.append(Message("store.history_read_only"))
            return copy
        return self._memory(Message("store.history_unreadable", name=path.name, error=error))

    @staticmethod
    def _check(db: sqlite3.Connection) -> int:
        """The schema version of an undamaged file from this program or an older one."""
        ok = db.execute("PRAGMA quick_check").fetchone()
        if not ok or ok[0] != "ok":
            raise _Unusable("corrupt", ok[0] if ok else "quick_check failed")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryError(Message("store.history_newer", version=version))
        return version

    def _memory(self, message: str | None = None) -> sqlite3.Connection:
        """A fresh history in memory for this run; `message` tells the player why."""
        if message:
            self.messages.append(message)
        db = sqlite3.connect(":memory:", isolation_level=None)
        self._migrate(db)
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """Bring the schema to SCHEMA_VERSION with every table and column the code uses.
        The work runs under an exclusive lock that re-reads the version, so of two copies
        started at once the second finds it done. Raises _Unusable("incomplete") for a
        database that lacks what its version promises and cannot be safely repaired."""
        if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION and not _missing(db):
            return  # the usual start takes no lock, so another program's lock does not stop it
        db.execute("BEGIN EXCLUSIVE")
        try:
            _upgrade(db, db.execute("PRAGMA user_version").fetchone()[0])
            _repair(db)
            db.execute("COMMIT")
        except BaseException as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error) and _kind(e) == "other":
                raise _Unusable("incomplete", e) from None  # e.g. "no such table: matches"
            raise

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
        loader = LOADERS.get(record.game)
        if loader is None:
            raise StateError(f"unknown game {record.game!r} in the history")
        try:
            return loader(record.variant, record.seed, self.actions(record.id))
        except (VariantError, TypeError) as e:
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
            TRICKS_PER_DEAL.get(game, 8),
        )


TRICKS_PER_DEAL = {"klaverjas": 8, "klabberjass": 9}


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
