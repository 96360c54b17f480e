"""Opening the history file, or one in memory when it cannot be used, each cause with its own
message for the player.

Only a file SQLite calls not a database (or damaged), or one lacking what the code uses, is
set aside, with its `-wal` and `-shm`, and a fresh one started; a lock held by another
program is waited for, a history on read-only storage is read into memory, and a full disk,
an unreadable file or a database from a newer program is left untouched. The first read
happens here, so that its error is an open error and not a later crash."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from ...i18n import Message
from ..files import set_aside
from .schema import (
    ANY_ROW,
    SCHEMA_VERSION,
    SET_VERSION,
    HistoryError,
    Unusable,
    check,
    disk_kind,
    kind,
    migrate,
)

# Opening waits at most this long in all for another program's lock (a second copy
# migrating, a backup tool) before this run plays from memory; a read waits 5 s (PRAGMA
# takes no parameters, so the statement is written out).
OPEN_WAIT = 10.0
READ_BUSY = "PRAGMA busy_timeout = 5000"


@dataclass(frozen=True)
class Opened:
    """A connection and what it is: `persistent` (new matches are stored on disk) or not,
    `read_only` (an existing history read into memory from a protected stick)."""

    db: sqlite3.Connection
    persistent: bool = False
    read_only: bool = False


def open_history(path: Path | None, messages: list[str]) -> Opened:
    """The history at `path`, or one in memory when it cannot be used; what the player is to
    be told goes to `messages`. A lock is waited for (OPEN_WAIT in all) and only a file
    SQLite calls damaged, or one lacking what the code uses, is ever set aside."""
    if path is None:
        return memory(messages)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return memory(
            messages, Message("store.history_memory", folder=path.parent, error=e.strerror or e)
        )
    deadline = time.monotonic() + OPEN_WAIT
    moved: Path | None = None
    while True:
        judged = identity(path)  # the file this attempt looks at
        if judged is not None and special(path):  # a FIFO would hang the open for ever
            moved = set_aside(path)
            if moved is None:
                return memory(messages, Message("store.history_not_regular", name=path.name))
            messages.append(
                Message("store.history_not_regular_kept", name=path.name, kept=moved.name)
            )
            continue
        try:
            if judged is None and not os.access(path.parent, os.W_OK):
                return memory(
                    messages, Message("store.history_folder_read_only", folder=path.parent)
                )
            if judged is not None and not writable(path):
                return open_read_only(path, messages)
            return Opened(connect(path, deadline), persistent=True)
        except HistoryError as e:
            return memory(messages, e.args[0])
        except Unusable as e:
            error = e
        waited = time.monotonic() >= deadline
        if error.kind == "busy" and not waited:
            time.sleep(0.05)  # another copy is migrating: it is done within milliseconds
        elif error.kind in ("corrupt", "incomplete") and moved is None and not waited:
            if identity(path) != judged:
                continue  # another copy set it aside and started a new one: use that
            moved = set_aside(path, ("-wal", "-shm"))
            if moved is None:
                return memory(messages, Message("store.history_damaged"))
            if error.kind == "corrupt":
                messages.append(Message("store.history_damaged_kept", name=moved.name))
            else:
                messages.append(
                    Message("store.history_incomplete_kept", name=moved.name, missing=error)
                )
        elif error.kind in ("readonly", "cantopen") and judged is not None:
            return open_read_only(path, messages)
        else:
            return memory(messages, _why(error, path))


def _why(error: Unusable, path: Path) -> Message:
    """What the player is told when the history file stays untouched."""
    if error.kind == "busy":
        return Message("store.history_in_use")
    if error.kind == "full":
        return Message("store.history_disk_full", folder=path.parent)
    return Message("store.history_memory", folder=path.parent, error=error)


def connect(path: Path, deadline: float) -> sqlite3.Connection:
    """Open, check and migrate the history at `path`, waiting until `deadline` (monotonic)
    for another connection's lock. Raises Unusable saying why not, or HistoryError."""
    try:
        checked = path.exists() and _probe(path, until(deadline))
        db = sqlite3.connect(path, timeout=until(deadline), isolation_level=None)
    except sqlite3.Error as e:
        raise Unusable(disk_kind(e, path), e) from None
    try:
        if not checked:  # a new file (perhaps made by another copy just now), a hot journal
            check(db)
        migrate(db)  # first: if it cannot be done (a full disk), nothing changed
        # Only switch when needed: the switch takes an exclusive lock.
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit survives the program crashing or being killed
        # (what we promise); only a power cut may lose the last few actions, never the
        # file. FULL would fsync every card, ~6 ms, a visible hitch in the frame loop.
        db.execute("PRAGMA synchronous=NORMAL")
        if not _can_write(db):
            raise Unusable("readonly", "read-only storage")
        db.execute(READ_BUSY)
        for read in ANY_ROW.values():  # the first read, here: its error is an open error
            db.execute(read).fetchall()
    except BaseException as e:
        db.close()
        if isinstance(e, sqlite3.Error):
            raise Unusable(disk_kind(e, path), e) from None
        raise
    return db


def _can_write(db: sqlite3.Connection) -> bool:
    """Whether SQLite lets this connection write: a read-only file opens read-write
    without a word when its -wal and -shm are there. A no-op write, rolled back, tells;
    it does not wait, as a lock held elsewhere means the file takes writes."""
    db.execute("PRAGMA busy_timeout = 0")
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute(SET_VERSION[SCHEMA_VERSION])
    except sqlite3.Error as e:
        if kind(e) in ("busy", "readonly"):
            return kind(e) == "busy"
        raise  # a disk with no room for the -shm: an open error, not a later crash
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")
    return True


def _probe(path: Path, wait: float) -> bool:
    """Judge the file through a read-only connection: a read-write one to a damaged file
    deletes its -wal and -shm on closing, and they are to be kept with it. False when
    only a writer can read it (a hot journal to roll back after a crash)."""
    try:
        probe = sqlite3.connect(uri(path, "mode=ro"), uri=True, timeout=wait)
        try:
            check(probe)
        finally:
            probe.close()
    except sqlite3.Error as e:
        if kind(e) == "readonly":
            return False
        raise
    return True


def open_read_only(path: Path, messages: list[str]) -> Opened:
    """A history on read-only storage (a write-protected stick), read through a read-only
    connection into memory: the history screens, statistics, replay and export work, and
    this run's matches are kept until it ends, never written (nor tried: no refused write
    to report). An older schema is migrated in the copy. A WAL database needs its -shm to
    be read: when `mode=ro` could not make one, no copy has the file open for writing (a
    writer keeps one), so `immutable=1` reads the file as it is. A file that cannot be
    read at all is left alone: this run plays from memory."""
    error: sqlite3.Error | Unusable | None = None
    for query in ("mode=ro", "immutable=1"):
        if query == "immutable=1" and Path(f"{path}-shm").exists():
            break  # the index is there, so immutable would not read it any better
        copy = sqlite3.connect(":memory:", isolation_level=None)
        try:
            db = sqlite3.connect(uri(path, query), uri=True, isolation_level=None)
            try:
                check(db)
                db.backup(copy)
            finally:
                db.close()
            migrate(copy)
        except HistoryError as e:
            copy.close()
            return memory(messages, e.args[0])
        except (sqlite3.Error, Unusable) as e:
            copy.close()
            error = e
            continue
        messages.append(Message("store.history_read_only"))
        return Opened(copy, read_only=True)
    return memory(messages, Message("store.history_unreadable", name=path.name, error=error))


def memory(messages: list[str], message: str | None = None) -> Opened:
    """A fresh history in memory for this run; `message` tells the player why."""
    if message:
        messages.append(message)
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db)
    return Opened(db)


def identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` now (device, inode), to set aside only the file judged."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def special(path: Path) -> bool:
    """A FIFO, device or socket at `path` (through links): SQLite would wait for ever for a
    FIFO's writer, and none of them is a history. A folder is refused by SQLite itself."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def until(deadline: float) -> float:
    """Seconds left until `deadline` (monotonic), as a busy timeout: never zero."""
    return max(deadline - time.monotonic(), 0.1)


def uri(path: Path, query: str) -> str:
    """An SQLite URI for `path` with `query` ("mode=ro", "immutable=1")."""
    return f"{path.resolve().as_uri()}?{query}"


def writable(path: Path) -> bool:
    """Whether this user may write the history file and its folder (for -wal and -shm).
    False on a write-protected stick, a read-only mount or a read-only file."""
    if not os.access(path.parent, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)
