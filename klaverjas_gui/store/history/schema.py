"""The history's tables: the migrations that make them, the check and repair of a file, and
what an SQLite error means here (only "corrupt" is ever damage).

Schema changes go through `PRAGMA user_version` migrations, run under an exclusive lock
that re-reads the version, so two copies started at once migrate once and never trip over
each other."""

from __future__ import annotations

import shutil
import sqlite3
from functools import cache
from pathlib import Path

from ...i18n import Message

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
    # 2 -> 3: the coach's judgement of each decision of a person (teach/coach.py): the
    # action's number (as actions.seq), the seat, the situation and the kind of mistake
    # ('' when it cost nothing), its cost in points of the deal, what was chosen and best.
    """
    CREATE TABLE decisions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        mistake TEXT NOT NULL DEFAULT '',
        cost REAL NOT NULL,
        chosen TEXT NOT NULL,
        best TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE INDEX decisions_cost ON decisions(cost);
    """,
    # 3 -> 4: who played each seat (human, remote, or a computer level); NULL: not known
    """
    ALTER TABLE matches ADD COLUMN kinds TEXT;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
# PRAGMA takes no parameters, so each version's statement is written out here.
SET_VERSION = {
    1: "PRAGMA user_version = 1",
    2: "PRAGMA user_version = 2",
    3: "PRAGMA user_version = 3",
    4: "PRAGMA user_version = 4",
}
assert set(SET_VERSION) == set(range(1, SCHEMA_VERSION + 1))
# Whether a table holds a row, per table the migrations make (table names are not parameters).
ANY_ROW = {
    "matches": "SELECT 1 FROM matches LIMIT 1",
    "actions": "SELECT 1 FROM actions LIMIT 1",
    "deals": "SELECT 1 FROM deals LIMIT 1",
    "decisions": "SELECT 1 FROM decisions LIMIT 1",
}


class HistoryError(Exception):
    """A history database this program must not touch (from a newer version)."""


class Unusable(Exception):
    """Why a history file cannot be used as it is; `kind` (see `kind`, or "incomplete")
    decides what opening.open_history does about it."""

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
    ("busy", "busy"),
    ("not a database", "corrupt"),
    ("malformed", "corrupt"),
    ("disk is full", "full"),
    ("readonly", "readonly"),
    ("read-only", "readonly"),
    ("unable to open", "cantopen"),
    ("i/o error", "cantopen"),
)


def kind(e: sqlite3.Error) -> str:
    """busy, corrupt, full, readonly, cantopen or other: only "corrupt" is ever damage."""
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _KINDS.get(code & 0xFF, "other")
    text = str(e).lower()
    return next((said for words, said in _TEXTS if words in text), "other")


# Below this much free space an I/O error is the disk being full: SQLite says "disk I/O
# error" when the 32 KB index of a WAL database (-shm) does not fit (SQLITE_IOERR_SHMSIZE).
NEARLY_FULL = 1 << 20


def disk_kind(e: sqlite3.Error, path: Path) -> str:
    """As `kind`, but "full" for an I/O error on a disk without room to speak of."""
    found = kind(e)
    if found != "cantopen" or "i/o" not in str(e).lower():
        return found
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return found
    return "full" if free < NEARLY_FULL else found


@cache
def reference() -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """The tables and columns the migrations make (what the code may use), and the
    statements that create each table and its indexes, read from a migrated memory copy."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    upgrade(db, 0)
    columns: dict[str, set[str]] = {}
    create: dict[str, list[str]] = {}
    for type_, table, sql in db.execute(
        "SELECT type, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type DESC"
    ):  # "table" sorts before "index"
        if table.startswith("sqlite_"):
            continue
        create.setdefault(table, []).append(sql)
        if type_ == "table":
            columns[table] = _columns(db, table)
    db.close()
    return columns, create


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def missing(db: sqlite3.Connection) -> list[str]:
    """Tables and columns (`table.column`) the code uses that this database lacks."""
    out = []
    for table, wanted in reference()[0].items():
        have = _columns(db, table)
        out += [table] if not have else [f"{table}.{c}" for c in sorted(wanted - have)]
    return out


def upgrade(db: sqlite3.Connection, version: int) -> None:
    """Run the migrations from `version` on (inside the caller's transaction)."""
    for v in range(version, SCHEMA_VERSION):
        for statement in MIGRATIONS[v].split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(SET_VERSION[v + 1])


def repair(db: sqlite3.Connection) -> None:
    """Re-create missing tables, empty, when no table holds a row (then nothing can refer to
    what is gone). Anything else missing raises Unusable("incomplete"): the file is kept."""
    lacking = missing(db)
    if not lacking:
        return
    create = reference()[1]
    present = [t for t in create if t not in lacking]
    if any("." in m for m in lacking) or any(db.execute(ANY_ROW[t]).fetchone() for t in present):
        raise Unusable("incomplete", ", ".join(lacking))
    for table in lacking:
        for sql in create[table]:
            db.execute(sql)


def check(db: sqlite3.Connection) -> int:
    """The schema version of an undamaged file from this program or an older one."""
    ok = db.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise Unusable("corrupt", ok[0] if ok else "quick_check failed")
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise HistoryError(Message("store.history_newer", version=version))
    return version


def migrate(db: sqlite3.Connection) -> None:
    """Bring the schema to SCHEMA_VERSION with every table and column the code uses.
    The work runs under an exclusive lock that re-reads the version, so of two copies
    started at once the second finds it done. Raises Unusable("incomplete") for a
    database that lacks what its version promises and cannot be safely repaired."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION and not missing(db):
        return  # the usual start takes no lock, so another program's lock does not stop it
    db.execute("BEGIN EXCLUSIVE")
    try:
        upgrade(db, db.execute("PRAGMA user_version").fetchone()[0])
        repair(db)
        db.execute("COMMIT")
    except BaseException as e:
        if db.in_transaction:
            db.execute("ROLLBACK")
        if isinstance(e, sqlite3.Error) and kind(e) == "other":
            raise Unusable("incomplete", e) from None  # e.g. "no such table: matches"
        raise
