"""Writing the history: every write waits in order behind the ones the database could not
take yet, and what waits too long is kept in the journal (journal.py) for the next start.

Another program (a backup tool, a database browser) may hold the write lock for seconds; a
move never freezes the table and is never skipped. The journal an earlier session kept is
written first, before anything reads the history."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...i18n import Message, shown
from .. import journal
from ..files import set_aside
from .opening import READ_BUSY
from .schema import kind

# A move waits this long for another program's lock, then is queued and written with the
# next move: a frame or two, never a freeze. At quit one last, longer wait.
WRITE_BUSY_MS = 30
CLOSE_BUSY_MS = 3000
RETRY_SECONDS = 2.0  # after a full disk or an I/O error, the queue is tried this seldom
# Writes that have waited this long are kept in the journal (journal.py), and again this
# often while they wait, so that a kill of the game loses at most this much of them.
KEEP_SECONDS = 5.0

log = logging.getLogger(__name__)

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


def now() -> str:
    """The time a match starts or ends, as stored."""
    return time.strftime("%Y-%m-%d %H:%M:%S")


@dataclass
class Pending:
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


class Writer:
    """The writes of one history connection, queued while the database will not take them.
    `stray`: the running matches Continue cannot bring back (History.check_unfinished),
    which a new match's start never marks abandoned."""

    def __init__(
        self, db: sqlite3.Connection, path: Path | None, persistent: bool,
        messages: list[str], stray: Mapping[int, object],
    ) -> None:  # fmt: skip
        self.db = db
        self.path = path
        self.persistent = persistent
        self.messages = messages
        self.stray = stray
        self.pending = Pending()

    def id(self, match_id: int) -> int:
        """The stored id of a match whose start had to wait (see History.start_match)."""
        return self.pending.ids.get(match_id, match_id)

    def start(self, fields: Op) -> int | None:
        """Write a match's start (`fields`: as a "start" op, without "op" and "id"): its
        stored id, or while the database is busy a negative stand-in, mapped to the stored
        id once written (see `id`); None when it was dropped and waiting could not help."""
        pending = self.pending
        pending.last_stand_in -= 1
        stand_in = pending.last_stand_in
        if self.write({"op": "start", "id": stand_in, **fields}):
            return pending.ids.pop(stand_in)
        return stand_in if pending.queue else None

    def waiting_moves(self, match_id: int) -> dict[int, str]:
        """The stored match `match_id`'s actions still waiting to be written, by number."""
        return {op["seq"]: op["action"] for op in self.pending.queue
                if op["op"] == "move" and self.id(op["match"]) == match_id}  # fmt: skip

    def write(self, op: Op) -> bool:
        """Queue `op` behind every earlier write still waiting, then try to write them all in
        order; True once everything is stored. Never raises, and waits at most WRITE_BUSY_MS
        for another program's lock: the table never freezes and no move is ever skipped."""
        pending = self.pending
        pending.queue.append(op)
        if time.monotonic() >= pending.retry_at and self.flush(WRITE_BUSY_MS):
            return True
        moment = time.monotonic()
        if pending.waiting_since == 0.0:
            pending.waiting_since = moment
        elif moment - max(pending.waiting_since, pending.kept_at) >= KEEP_SECONDS:
            self.keep()  # a kill while the lock lasts loses at most KEEP_SECONDS of moves
        return False

    def flush(self, busy_ms: int) -> bool:
        """Every waiting write in one transaction, in order: all of them or none."""
        pending = self.pending
        if not pending.queue:
            return True
        ids = dict(pending.ids)
        try:
            self.db.execute("PRAGMA busy_timeout = 0")  # the wait is ours: _begin_write
            try:
                self._begin_write(busy_ms)
                for i, op in enumerate(pending.queue):
                    run(self.db, op, pending.ids, self._spared(i) | set(self.stray))
                self.db.execute("COMMIT")
            finally:
                with contextlib.suppress(sqlite3.Error):
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    self.db.execute(READ_BUSY)  # reads: as opened
        except sqlite3.Error as e:
            pending.ids = ids
            self._held_back(e)
            return False
        pending.queue.clear()
        pending.retry_at = pending.waiting_since = 0.0
        pending.told = False  # caught up: no message, but a later delay is told again
        self._kept_done()
        return True

    def close(self) -> None:
        """Write what still waits (one longer wait for another program's lock). What still
        cannot be written is kept in the journal for the next start; the message and the
        log say how many moves, why and where, or that they are lost."""
        pending = self.pending
        if not pending.queue or self.flush(CLOSE_BUSY_MS):
            return
        moves = sum(op["op"] == "move" for op in pending.queue)
        kept = self.keep()
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

    def _spared(self, i: int) -> set[int]:
        """The stored matches a journal written twice starts after its `i`-th write: that
        write, if it abandons a game's running match, must leave them as they are."""
        pending = self.pending
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
                if kind(e) != "busy" or time.monotonic() >= deadline:
                    raise
                time.sleep(0.002)

    def _held_back(self, error: sqlite3.Error) -> None:
        """A write failed: keep the queue where waiting can help, and tell the player once."""
        pending = self.pending
        pending.error = str(error)
        busy = kind(error) == "busy"
        if not isinstance(error, sqlite3.OperationalError):  # a constraint, damage: no waiting
            pending.queue.clear()  # mends these, and they must not block every later move
        elif not busy:  # a full disk, an I/O error: try again now and then, not on every move
            pending.retry_at = time.monotonic() + RETRY_SECONDS
        if not pending.told:
            pending.told = True
            key = "store.history_busy" if busy else "store.history_not_saved"
            self.messages.append(Message(key, error=error))

    # --- the journal ---
    def recover(self) -> None:
        """Write the moves an earlier session kept in the journal, before anything reads
        the history, and say so once. A journal that cannot be trusted, or that refers to
        a match this history does not hold, is set aside whole; one that cannot be written
        yet stays until a start that can."""
        if self.path is None:
            return
        where = journal.path_for(self.path)
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
        pending = self.pending
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
        if self.flush(CLOSE_BUSY_MS):
            self.messages.append(Message("store.journal_applied", n=moves, name=where.name))
        else:
            self.messages.append(Message("store.journal_waiting", name=where.name))

    def _adopt(self, ops: list[Op]) -> int | None:
        """Prepare the journal's writes to follow this session's: its stand-ins stay apart
        from ours, and a match it starts that is stored already (a journal written twice)
        is not started again. Returns a stored match it refers to that is not here."""
        pending = self.pending
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

    def keep(self) -> Path | None:
        """Keep every waiting write in the journal (all or nothing); where, or None when it
        cannot be written (`pending.keep_error` says why)."""
        pending = self.pending
        if not self.persistent or self.path is None:
            return None
        where = journal.path_for(self.path)
        ops = [{**op, "match": self.id(op["match"])} if "match" in op else op
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
        pending = self.pending
        if pending.kept and self.path is not None:
            with contextlib.suppress(OSError):
                os.unlink(journal.path_for(self.path))
            pending.kept = False


def run(db: sqlite3.Connection, op: Op, ids: dict[int, int], spared: set[int]) -> None:
    """Write `op` (inside the caller's transaction); `ids` maps stand-ins to stored ids and
    gains the id of a match this starts; an abandon leaves the matches in `spared` alone.
    Writing a journal twice changes nothing: a start whose stand-in is in `ids` is stored
    already, and a move or decision replaces itself."""
    what = op["op"]
    if what == "start":
        if op["id"] in ids:
            return  # stored already
        if op["abandon"]:
            _abandon_game(db, op["game"], spared)
        cur = db.execute(
            "INSERT INTO matches (started, variant, seed, players, game, preset, kinds, "
            "status) VALUES (?, ?, ?, ?, ?, ?, ?, 'running')",
            [op[k] for k in ("started", "variant", "seed", "players", "game", "preset", "kinds")],
        )
        assert cur.lastrowid is not None  # an INSERT always gives one
        ids[op["id"]] = cur.lastrowid
        return
    if what == "abandon" and "game" in op:
        _abandon_game(db, op["game"], spared)
        return
    mid = ids.get(op["match"], op["match"])
    if what == "abandon":
        db.execute("UPDATE matches SET status = 'abandoned' WHERE id = ?", (mid,))
    elif what == "move":
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
    elif what == "decision":
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
