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

import contextlib
import csv
import dataclasses
import json
import logging
import os
import shutil
import sqlite3
import stat
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from ..engine import StateError, VariantError
from ..engine.match import DealScored, MatchOver
from ..games import GAMES, UnknownGameError, get_game
from ..i18n import Message, shown
from . import journal
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
_SET_VERSION = {
    1: "PRAGMA user_version = 1",
    2: "PRAGMA user_version = 2",
    3: "PRAGMA user_version = 3",
    4: "PRAGMA user_version = 4",
}
assert set(_SET_VERSION) == set(range(1, SCHEMA_VERSION + 1))
# Whether a table holds a row, per table the migrations make (table names are not parameters).
_ANY_ROW = {
    "matches": "SELECT 1 FROM matches LIMIT 1",
    "actions": "SELECT 1 FROM actions LIMIT 1",
    "deals": "SELECT 1 FROM deals LIMIT 1",
    "decisions": "SELECT 1 FROM decisions LIMIT 1",
}

# Opening waits at most this long in all for another program's lock (a second copy
# migrating, a backup tool) before this run plays from memory; a read waits 5 s (PRAGMA
# takes no parameters, so the statement is written out).
OPEN_WAIT = 10.0
_READ_BUSY = "PRAGMA busy_timeout = 5000"

# Another program (a backup tool, a database browser) may hold the write lock for seconds.
# A move waits this long for it, then is queued and written with the next move: a frame or
# two, never a freeze. At quit one last, longer wait.
WRITE_BUSY_MS = 30
CLOSE_BUSY_MS = 3000
RETRY_SECONDS = 2.0  # after a full disk or an I/O error, the queue is tried this seldom
# Writes that have waited this long are kept in the journal (journal.py), and again this
# often while they wait, so that a kill of the game loses at most this much of them.
KEEP_SECONDS = 5.0

log = logging.getLogger(__name__)


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
    ("busy", "busy"),
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


# Below this much free space an I/O error is the disk being full: SQLite says "disk I/O
# error" when the 32 KB index of a WAL database (-shm) does not fit (SQLITE_IOERR_SHMSIZE).
NEARLY_FULL = 1 << 20


def _disk_kind(e: sqlite3.Error, path: Path) -> str:
    """As _kind, but "full" for an I/O error on a disk without room to speak of."""
    kind = _kind(e)
    if kind != "cantopen" or "i/o" not in str(e).lower():
        return kind
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return kind
    return "full" if free < NEARLY_FULL else kind


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
            columns[table] = _columns(db, table)
    db.close()
    return columns, create


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def _missing(db: sqlite3.Connection) -> list[str]:
    """Tables and columns (`table.column`) the code uses that this database lacks."""
    out = []
    for table, wanted in _reference()[0].items():
        have = _columns(db, table)
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
    if any("." in m for m in missing) or any(db.execute(_ANY_ROW[t]).fetchone() for t in present):
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


def _special(path: Path) -> bool:
    """A FIFO, device or socket at `path` (through links): SQLite would wait for ever for a
    FIFO's writer, and none of them is a history. A folder is refused by SQLite itself."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


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
    damaged: bool = False  # a hand-edited row that makes no sense: listed, never replayed
    kinds: list[str] | None = None  # per seat: human, remote (network) or a level; None: unknown
    # A running row Continue cannot bring back (History.stray): "damaged" (its moves do not
    # replay) or "unreadable" (a game this version does not know, or a second running match
    # of one game), and why, as restore says it.
    stray: str = ""
    why: str = ""


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


def _brief(text: str, most: int = 160) -> str:
    """A reason short enough for a message, its control characters escaped: a hand-edited
    move may be 100,000 characters long or hold a line break."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= most else text[: most - 1] + "…"


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


class History:
    """The history database, or an in-memory stand-in when the disk will not do."""

    def __init__(self, path: Path | None, recover: bool = True) -> None:
        """`recover`: write what the journal of an earlier session keeps; only the copy
        that holds the data folder's lock (lock.py) may, never an export beside it."""
        self.path = path
        self.messages: list[str] = []  # for the player, shown once
        self.persistent = False  # new matches are stored on disk
        self.read_only = False  # an existing history opened read-only (a protected stick)
        self.db = self._open(path)
        self._stray: dict[int, MatchRecord] = {}  # running rows Continue cannot bring back
        if recover and path is not None:
            self._recover(path)
        self.check_unfinished()  # after the journal: its moves may be what makes a match replay

    # --- the journal of an earlier session ---
    def _recover(self, path: Path) -> None:
        """Write the moves an earlier session kept in the journal, before anything reads
        the history, and say so once. A journal that cannot be trusted, or that refers to
        a match this history does not hold, is set aside whole; one that cannot be written
        yet stays until a start that can."""
        where = journal.path_for(path)
        try:
            ops = journal.read(where)
        except journal.Damaged as e:
            self._set_journal_aside(where, e)
            return
        except OSError as e:
            self.messages.append(
                Message("store.journal_unreadable", name=where.name, error=e.strerror or e)
            )
            return
        if not ops:
            return
        if not self.persistent:
            self.messages.append(Message("store.journal_waiting", name=where.name))
            return
        pending = self._pending
        try:
            missing = self._adopt(ops)
        except sqlite3.Error as e:
            self.messages.append(Message("store.journal_waiting", name=where.name))
            log.warning("journal %s not read: %s", where, e)
            return
        if missing:
            self._set_journal_aside(where, Message("store.journal_foreign", match=missing))
            pending.ids.clear()
            pending.found.clear()
            return
        pending.queue[:0] = ops
        pending.kept = True
        moves = sum(op["op"] == "move" for op in ops)
        if self._flush(CLOSE_BUSY_MS):
            self.messages.append(Message("store.journal_applied", n=moves, name=where.name))
        else:
            self.messages.append(Message("store.journal_waiting", name=where.name))

    def _adopt(self, ops: list[Op]) -> int | None:
        """Prepare the journal's writes to follow this session's: its stand-ins stay apart
        from ours, and a match it starts that is stored already (a journal written twice)
        is not started again. Returns a stored match it refers to that is not here."""
        pending = self._pending
        starts = [op for op in ops if op["op"] == "start"]
        pending.last_stand_in = min([pending.last_stand_in, *(op["id"] for op in starts)])
        for op in starts:
            rows = self.db.execute(
                "SELECT id FROM matches WHERE started = ? AND game = ? AND seed = ? "
                "AND players = ? AND variant = ? ORDER BY id",
                [op[k] for k in ("started", "game", "seed", "players", "variant")],
            )
            taken = set(pending.found.values())
            stored = next((r[0] for r in rows if r[0] not in taken), None)
            if stored is not None:
                pending.found[op["id"]] = pending.ids[op["id"]] = stored
        for mid in sorted({op["match"] for op in ops if op.get("match", 0) > 0}):
            if not self.db.execute("SELECT 1 FROM matches WHERE id = ?", (mid,)).fetchone():
                return int(mid)
        return None

    def _set_journal_aside(self, where: Path, why: object) -> None:
        moved = set_aside(where)
        if moved is None:
            self.messages.append(Message("store.journal_unreadable", name=where.name, error=why))
        else:
            self.messages.append(Message("store.journal_damaged_kept", name=moved.name, error=why))

    def _keep(self) -> Path | None:
        """Keep every waiting write in the journal (all or nothing); where, or None when it
        cannot be written (`_pending.keep_error` says why)."""
        pending = self._pending
        if not self.persistent or self.path is None:
            return None
        where = journal.path_for(self.path)
        ops = [{**op, "match": self._id(op["match"])} if "match" in op else op
               for op in pending.queue]  # fmt: skip
        pending.kept_at = time.monotonic()
        try:
            journal.write(where, ops)
        except (OSError, ValueError) as e:
            if not pending.keep_error:
                log.warning("the waiting moves cannot be kept in %s: %s", where, e)
            pending.keep_error = getattr(e, "strerror", None) or str(e)
            return None
        pending.kept, pending.keep_error = True, ""
        return where

    def _kept_done(self) -> None:
        """Everything is stored: the journal is no longer needed (a copy left by a failed
        delete is harmless: writing it again changes nothing)."""
        pending = self._pending
        if pending.kept and self.path is not None:
            with contextlib.suppress(OSError):
                os.unlink(journal.path_for(self.path))
            pending.kept = False

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
            if judged is not None and _special(path):  # a FIFO would hang the open for ever
                moved = set_aside(path)
                if moved is None:
                    return self._memory(Message("store.history_not_regular", name=path.name))
                self.messages.append(
                    Message("store.history_not_regular_kept", name=path.name, kept=moved.name)
                )
                continue
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
            raise _Unusable(_disk_kind(e, path), e) from None
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
            db.execute(_READ_BUSY)
            for read in _ANY_ROW.values():  # the first read, here: its error is an open error
                db.execute(read).fetchall()
        except BaseException as e:
            db.close()
            if isinstance(e, sqlite3.Error):
                raise _Unusable(_disk_kind(e, path), e) from None
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
            db.execute(_SET_VERSION[SCHEMA_VERSION])
        except sqlite3.Error as e:
            if _kind(e) in ("busy", "readonly"):
                return _kind(e) == "busy"
            raise  # a disk with no room for the -shm: an open error, not a later crash
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
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
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
        """Write what still waits (one longer wait for another program's lock), then close.
        What still cannot be written is kept in the journal for the next start; the message
        and the log say how many moves, why and where, or that they are lost."""
        pending = self._pending
        if pending.queue and not self._flush(CLOSE_BUSY_MS):
            moves = sum(op["op"] == "move" for op in pending.queue)
            kept = self._keep()
            if kept is not None:
                message = Message(
                    "store.history_kept_at_close", n=moves, error=pending.error, path=kept
                )
            else:
                message = Message(
                    "store.history_lost_at_close", n=moves, error=pending.error,
                    reason=pending.keep_error or "-",
                )  # fmt: skip
            self.messages.append(message)
            log.warning(shown(message))
        self.db.close()

    # --- writing ---
    @cached_property
    def _pending(self) -> _Pending:
        """Made at first use, so that opening the history (__init__) need not know of it."""
        return _Pending()

    def _id(self, match_id: int) -> int:
        """The stored id of a match whose start had to wait (see start_match)."""
        return self._pending.ids.get(match_id, match_id)

    def _write(self, op: Op) -> bool:
        """Queue `op` behind every earlier write still waiting, then try to write them all in
        order; True once everything is stored. Never raises, and waits at most WRITE_BUSY_MS
        for another program's lock: the table never freezes and no move is ever skipped."""
        pending = self._pending
        pending.queue.append(op)
        if time.monotonic() >= pending.retry_at and self._flush(WRITE_BUSY_MS):
            return True
        now = time.monotonic()
        if pending.waiting_since == 0.0:
            pending.waiting_since = now
        elif now - max(pending.waiting_since, pending.kept_at) >= KEEP_SECONDS:
            self._keep()  # a kill while the lock lasts loses at most KEEP_SECONDS of moves
        return False

    def _flush(self, busy_ms: int) -> bool:
        """Every waiting write in one transaction, in order: all of them or none."""
        pending = self._pending
        if not pending.queue:
            return True
        ids = dict(pending.ids)
        try:
            self.db.execute("PRAGMA busy_timeout = 0")  # the wait is ours: _begin_write
            try:
                self._begin_write(busy_ms)
                for i, op in enumerate(pending.queue):
                    _run(self.db, op, pending.ids, self._spared(i) | set(self._stray))
                self.db.execute("COMMIT")
            finally:
                with contextlib.suppress(sqlite3.Error):
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    self.db.execute(_READ_BUSY)  # reads: as opened
        except sqlite3.Error as e:
            pending.ids = ids
            self._held_back(e)
            return False
        pending.queue.clear()
        pending.retry_at = pending.waiting_since = 0.0
        pending.told = False  # caught up: no message, but a later delay is told again
        self._kept_done()
        return True

    def _spared(self, i: int) -> set[int]:
        """The stored matches a journal written twice starts after its `i`-th write: that
        write, if it abandons a game's running match, must leave them as they are."""
        pending = self._pending
        if not pending.found:
            return set()
        return {pending.found[op["id"]] for op in pending.queue[i + 1 :]
                if op["op"] == "start" and op["id"] in pending.found}  # fmt: skip

    def _begin_write(self, wait_ms: int) -> None:
        """BEGIN IMMEDIATE, tried again for up to `wait_ms` while another connection holds
        the write lock (busy_timeout cannot take a parameter, so the waiting is done here)."""
        deadline = time.monotonic() + wait_ms / 1000
        while True:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as e:
                if _kind(e) != "busy" or time.monotonic() >= deadline:
                    raise
                time.sleep(0.002)

    def _held_back(self, error: sqlite3.Error) -> None:
        """A write failed: keep the queue where waiting can help, and tell the player once."""
        pending = self._pending
        pending.error = str(error)
        busy = _kind(error) == "busy"
        if not isinstance(error, sqlite3.OperationalError):  # a constraint, damage: no waiting
            pending.queue.clear()  # mends these, and they must not block every later move
        elif not busy:  # a full disk, an I/O error: try again now and then, not on every move
            pending.retry_at = time.monotonic() + RETRY_SECONDS
        if not pending.told:
            pending.told = True
            key = "store.history_busy" if busy else "store.history_not_saved"
            self.messages.append(Message(key, error=error))

    def start_match(
        self, game: str, preset: str, variant: dict[str, Any], seed: int, players: list[str],
        kinds: list[str] | None = None, abandon: bool = True,
    ) -> int | None:  # fmt: skip
        """Begin a match; any other running match of the same game is marked abandoned (a
        Klaverjas match and a Klabberjass game may both wait for Continue). While the database
        is busy the id returned is a negative stand-in, mapped to the stored id once written.
        `kinds`: who plays each seat (a network match marks its remote seats); `abandon`
        False: a finished match's copy (a network guest's), which ends no running match."""
        pending = self._pending
        pending.last_stand_in -= 1
        stand_in = pending.last_stand_in
        op = {
            "op": "start",
            "id": stand_in,
            "started": _now(),
            "variant": json.dumps(variant),
            "seed": seed,
            "players": json.dumps(players),
            "game": game,
            "preset": preset,
            "kinds": None if kinds is None else json.dumps(kinds),
            "abandon": abandon,
        }
        if self._write(op):
            return pending.ids.pop(stand_in)
        return stand_in if pending.queue else None  # None: dropped, waiting could not help

    def record(self, match_id: int | None, seq: int, action: str, events: list[Any]) -> None:
        """Store one action (seq counts from 1) and what it finished: a deal, the match."""
        if match_id is None:
            return
        deals = [[e.line.deal_no, json.dumps(e.line.to_dict())]
                 for e in events if isinstance(e, DealScored)]  # fmt: skip
        over = [[_now(), json.dumps(list(e.totals)), e.winner]
                for e in events if isinstance(e, MatchOver)]  # fmt: skip
        self._write({"op": "move", "match": self._id(match_id), "seq": seq, "action": action,
                     "deals": deals, "over": over})  # fmt: skip

    # --- reading ---
    def _record(self, row: tuple[Any, ...]) -> MatchRecord:
        """A MatchRecord; a row that was edited by hand into nonsense comes back flagged
        `damaged` (with empty players and rules) instead of raising."""
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
            totals=tuple(totals) if totals else None,
            winner=winner,
            kinds=kinds,
        )

    _SELECT = (
        "SELECT id, game, preset, variant, seed, players, started, ended, status, totals, winner,"
        " kinds FROM matches"
    )

    def matches(self, preset: str | None = None, game: str | None = None) -> list[MatchRecord]:
        """Finished and abandoned matches, newest first, optionally of one preset or game.
        Only what is stored: a match whose start still waits for the database is not here."""
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
        row = self.db.execute(self._SELECT + " WHERE id = ?", (self._id(match_id),)).fetchone()
        return self._record(row) if row else None

    def actions(self, match_id: int) -> list[str]:
        """The match's actions in order: the stored ones and those still waiting to be
        written, so a take-back or review of the running match sees every move."""
        by_seq = self._moves(match_id)
        return [by_seq[seq] for seq in sorted(by_seq)]

    def _moves(self, match_id: int) -> dict[int, str]:
        """The match's actions by their number (from 1), stored and still waiting."""
        mid = self._id(match_id)
        rows = self.db.execute("SELECT seq, action FROM actions WHERE match_id = ?", (mid,))
        by_seq = dict(rows.fetchall())
        for op in self._pending.queue:
            if op["op"] == "move" and self._id(op["match"]) == mid:
                by_seq[op["seq"]] = op["action"]
        return by_seq

    def deal_lines(self, match_id: int) -> list[dict[str, Any]] | None:
        """The stored score lines in order; None if any of them is not a score line."""
        rows = self.db.execute(
            "SELECT line FROM deals WHERE match_id = ? ORDER BY deal_no", (self._id(match_id),)
        )
        lines = [_json(r[0]) for r in rows]
        return lines if all(_is_line(line) for line in lines) else None

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
            self._SELECT + " WHERE status = 'running'" + where + " ORDER BY id DESC", args
        )
        return next((self._record(r) for r in rows if r[0] not in self._stray), None)

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
            rows = self.db.execute(
                self._SELECT + " WHERE status = 'running' ORDER BY id DESC"
            ).fetchall()
        except sqlite3.Error as e:  # a file that cannot be read now: the rest of it says so
            log.warning("the unfinished matches could not be read: %s", e)
            return
        for row in rows:
            record = self._record(row)
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
                word, why = ("unreadable" if unknown else "damaged"), _brief(str(e))
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

    def abandon_running(self, game: str) -> None:
        """Mark `game`'s running match abandoned: a practice match (never recorded) replaces
        it, so Continue must not bring the older one back after the practice ends."""
        self._write({"op": "abandon", "game": game})

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
            raise StateError(_brief(str(e))) from None
        except (VariantError, TypeError, AttributeError) as e:
            raise StateError(_brief(f"the stored match has a bad variant: {e}")) from None

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
    def record_decision(
        self, match_id: int | None, seq: int, seat: int, kind: str, mistake: str, cost: float,
        chosen: str, best: str,
    ) -> None:  # fmt: skip
        """Store the coach's judgement of the match's `seq`-th action (queued behind the
        moves, like them, when the database is busy)."""
        if match_id is None:
            return
        self._write({"op": "decision", "match": self._id(match_id), "seq": seq, "seat": seat,
                     "kind": kind, "mistake": mistake, "cost": float(cost), "chosen": chosen,
                     "best": best})  # fmt: skip

    _DECISION = "SELECT match_id, seq, seat, kind, mistake, cost, chosen, best FROM decisions"

    def decisions(self, match_id: int) -> list[Decision]:
        """The match's judged decisions in the order they were made."""
        rows = self.db.execute(
            self._DECISION + " WHERE match_id = ? ORDER BY seq", (self._id(match_id),)
        )
        return [Decision(*r) for r in rows]

    def costliest(self, match_id: int, n: int = 3) -> list[Decision]:
        """The match's `n` costliest decisions (that cost anything), costliest first."""
        rows = self.db.execute(
            self._DECISION + " WHERE match_id = ? AND cost > 0 ORDER BY cost DESC, seq LIMIT ?",
            (self._id(match_id), n),
        )
        return [Decision(*r) for r in rows]

    def coaching(self, last: int = 50, game: str | None = None) -> list[MatchCoaching]:
        """The average cost per decision of each of the `last` finished or abandoned matches
        with judged decisions (of `game`, or any), overall and per situation, oldest first:
        the progress chart's points."""
        ids = [
            r[0]
            for r in self.db.execute(
                "SELECT id FROM matches WHERE status != 'running' AND (? IS NULL OR game = ?) "
                "AND EXISTS (SELECT 1 FROM decisions WHERE decisions.match_id = matches.id) "
                "ORDER BY started DESC, id DESC LIMIT ?",
                (game, game, last),
            )
        ]
        out = []
        for mid in reversed(ids):
            started = self.db.execute("SELECT started FROM matches WHERE id = ?", (mid,))
            by_kind = {
                kind: (n, round(avg, 2))
                for kind, n, avg in self.db.execute(
                    "SELECT kind, COUNT(*), AVG(cost) FROM decisions WHERE match_id = ? "
                    "GROUP BY kind ORDER BY kind",
                    (mid,),
                )
            }
            n = sum(k[0] for k in by_kind.values())
            total = sum(k[0] * k[1] for k in by_kind.values())
            out.append(MatchCoaching(mid, started.fetchone()[0], n, round(total / n, 2), by_kind))
        return out

    def drills(self, n: int = 10, game: str | None = None, least: float = 0.0) -> list[Decision]:
        """The costliest decisions of the whole history (costing more than `least`, of
        finished or abandoned matches): the positions a drill asks again, costliest first."""
        rows = self.db.execute(
            "SELECT d.match_id, d.seq, d.seat, d.kind, d.mistake, d.cost, d.chosen, d.best "
            "FROM decisions d JOIN matches m ON m.id = d.match_id "
            "WHERE m.status != 'running' AND (? IS NULL OR m.game = ?) AND d.cost > ? "
            "ORDER BY d.cost DESC, d.match_id DESC, d.seq LIMIT ?",
            (game, game, least, n),
        )
        return [Decision(*r) for r in rows]

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
        """One row per deal of every finished or abandoned match, written all or nothing (a
        temporary file, then a rename): a kill midway leaves the previous file whole.
        Returns (rows written, damaged matches left out)."""
        matches, skipped = self.scored()
        rows = [
            [_cell(x) for x in (
                m.id, m.started, m.game, m.preset, " / ".join(m.players), line.get("deal"),
                line.get("dealer"), line["chooser"], line["trump"], line.get("kraak_level", 0),
                *line.get("card_points", ["", ""]), *line["roem"], line["outcome"],
                *line["scores"],
            )]
            for m, lines in reversed(matches)  # oldest first
            for line in lines
        ]  # fmt: skip
        if path.is_file():  # a link to a file: the file is replaced, the link kept
            path = Path(os.path.realpath(path))
        elif path.exists() and not path.is_dir():  # /dev/stdout, a pipe: nothing to keep
            with open(path, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([CSV_HEADER, *rows])
            return len(rows), skipped
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([CSV_HEADER, *rows])
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_UMASK)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return len(rows), skipped

    def statistics(self, game: str = "klaverjas") -> list[dict[str, Any]]:
        """Per player name, from the stored score lines of finished matches (damaged ones are
        left out)."""
        matches, _ = self.scored(game)
        return compute_statistics(
            [(m, lines) for m, lines in matches if m.status == "finished"],
            get_game(game).tricks_per_deal,
        )


CSV_HEADER = [
    "match", "started", "game", "preset", "players", "deal", "dealer", "chooser", "trump",
    "kraak", "points_team0", "points_team1", "roem_team0", "roem_team1", "outcome",
    "score_team0", "score_team1",
]  # fmt: skip
_UMASK = os.umask(0o022)  # read once, at import (before any thread): the mode a new file gets
os.umask(_UMASK)


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
                 "nat": 0, "pit": 0, "verzaakt": 0, "tricks": 0, "roem": 0, "points": 0},
            )  # fmt: skip
            r["matches"] += 1
            r["won"] += m.winner == team
            for line in lines:
                r["deals"] += 1
                burden = line.get("burden_team", line["chooser"] % 2)
                if line["chooser"] == seat:  # outcome is the burden team's: after kraak, not ours
                    r["chosen"] += 1
                    ours = ("made", "pit") if burden == team else ("nat", "litige")
                    r["made"] += line["outcome"] in ours
                    trumps.setdefault(name, Counter())[line["trump"]] += 1
                if burden == team and line["outcome"] == "nat":
                    r["nat"] += 1
                if burden == team and line["outcome"] == "verzaakt":  # burden: the revokers
                    r["verzaakt"] += 1
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


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a text starting with = + - @, a tab or a
    carriage return gets a leading ' (OWASP's advice against formula injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# One write for the database, as plain data (JSON types only), so that a write the
# database cannot take yet can wait in memory, be read by `actions()` before it is stored,
# and be kept in a file when the program ends. "op" says which:
#   start     a match: "id" (the negative stand-in the caller holds until it is stored),
#             "started", "variant", "seed", "players", "game", "preset", "kinds" and
#             "abandon" (whether it ends the game's running match)
#   move      an action: "match", "seq", "action", the score lines it finished ("deals":
#             [deal_no, line]) and the end of the match ("over": [ended, totals, winner])
#   decision  the coach's judgement: "match", "seq", "seat", "kind", "mistake", "cost",
#             "chosen", "best"
#   abandon   the running match of "game", or the match "match"
# A match is its stored id, or a stand-in (negative) until its start is written.
Op = dict[str, Any]


def _run(db: sqlite3.Connection, op: Op, ids: dict[int, int], spared: set[int]) -> None:
    """Write `op` (inside the caller's transaction); `ids` maps stand-ins to stored ids and
    gains the id of a match this starts; an abandon leaves the matches in `spared` alone.
    Writing a journal twice changes nothing: a start whose stand-in is in `ids` is stored
    already, and a move or decision replaces itself."""
    kind = op["op"]
    if kind == "start":
        if op["id"] in ids:
            return  # stored already
        if op["abandon"]:
            _abandon_game(db, op["game"], spared)
        cur = db.execute(
            "INSERT INTO matches (started, variant, seed, players, game, preset, kinds, "
            "status) VALUES (?, ?, ?, ?, ?, ?, ?, 'running')",
            [op[k] for k in ("started", "variant", "seed", "players", "game", "preset", "kinds")],
        )
        ids[op["id"]] = int(cur.lastrowid)  # type: ignore[arg-type]
        return
    if kind == "abandon" and "game" in op:
        _abandon_game(db, op["game"], spared)
        return
    mid = ids.get(op["match"], op["match"])
    if kind == "abandon":
        db.execute("UPDATE matches SET status = 'abandoned' WHERE id = ?", (mid,))
    elif kind == "move":
        db.execute(
            "INSERT OR REPLACE INTO actions (match_id, seq, action) VALUES (?, ?, ?)",
            (mid, op["seq"], op["action"]),
        )
        db.executemany(
            "INSERT OR REPLACE INTO deals (match_id, deal_no, line) VALUES (?, ?, ?)",
            [(mid, deal_no, line) for deal_no, line in op["deals"]],
        )
        db.executemany(
            "UPDATE matches SET ended = ?, totals = ?, winner = ?, status = 'finished' "
            "WHERE id = ?",
            [(*end, mid) for end in op["over"]],
        )
    elif kind == "decision":
        db.execute(
            "INSERT OR REPLACE INTO decisions "
            "(match_id, seq, seat, kind, mistake, cost, chosen, best) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (mid, *(op[k] for k in ("seq", "seat", "kind", "mistake", "cost", "chosen", "best"))),
        )


def _abandon_game(db: sqlite3.Connection, game: str, spared: set[int]) -> None:
    """Mark `game`'s running matches abandoned, except those in `spared`."""
    running = db.execute("SELECT id FROM matches WHERE status = 'running' AND game = ?", (game,))
    db.executemany(
        "UPDATE matches SET status = 'abandoned' WHERE id = ?",
        [(mid,) for (mid,) in running.fetchall() if mid not in spared],
    )


@dataclass
class _Pending:
    """Writes the database could not take yet, oldest first, and what the player was told."""

    queue: list[Op] = field(default_factory=list)
    ids: dict[int, int] = field(default_factory=dict)  # stand-in match id -> stored id
    last_stand_in: int = 0
    retry_at: float = 0.0  # after an error that is not a lock: no retry before this
    told: bool = False
    error: str = ""
    waiting_since: float = 0.0  # when the oldest waiting write was first refused (monotonic)
    kept: bool = False  # the journal holds writes of ours (written, or read at start)
    kept_at: float = 0.0  # when the journal was last written
    keep_error: str = ""  # why it could not be written, if it could not
    found: dict[int, int] = field(default_factory=dict)  # a journal's stand-in -> stored id
