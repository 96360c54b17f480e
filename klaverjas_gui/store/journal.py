"""The history's journal: writes the database could not take, kept in a file until it can.

Another program may hold the history's write lock until the game quits (a backup tool, a
`sqlite3` shell), or the disk may be full. The writes waiting in memory (writing.Op in
history/) are then kept in `history.sqlite.journal` beside the history, and the next start
writes them into the history before anything else reads it. The file is written all or
nothing (files.write_atomic) as JSON lines: a header, one write a line, and a last line with
the number of writes and the SHA-256 of every byte before it. Writing a journal twice
changes nothing (writing.run), so a kill between storing its writes and deleting it loses
nothing and doubles nothing. A journal that is cut short, edited or not ours is refused whole.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .files import read_regular, write_atomic

SUFFIX = ".journal"
FORMAT = 1
MAX_BYTES = 64 << 20  # a whole evening of moves is under 1 MB; more is not a journal of ours
_MAGIC = "klaverjas history journal"


class Damaged(ValueError):
    """A journal that cannot be trusted; the message says why."""


def path_for(history: Path) -> Path:
    """The journal of the history at `history`: beside it, named after it."""
    return history.with_name(history.name + SUFFIX)


def dump(ops: list[dict[str, Any]]) -> bytes:
    """The journal's bytes for `ops` (ASCII: JSON's escapes keep any text exactly)."""
    header = {"journal": _MAGIC, "format": FORMAT, "written": time.strftime("%Y-%m-%d %H:%M:%S")}
    body = "".join(json.dumps(x, sort_keys=True) + "\n" for x in (header, *ops)).encode("ascii")
    end = {"end": len(ops), "sha256": hashlib.sha256(body).hexdigest()}
    return body + (json.dumps(end, sort_keys=True) + "\n").encode("ascii")


def write(path: Path, ops: list[dict[str, Any]]) -> None:
    """Keep `ops` in the journal at `path`, replacing what it held; raises OSError."""
    write_atomic(path, dump(ops))


def read(path: Path) -> list[dict[str, Any]] | None:
    """The writes kept at `path`, None when there is no journal. Raises Damaged for one that
    cannot be trusted, OSError for one that cannot be read."""
    try:
        raw = read_regular(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return parse(raw)


def parse(raw: bytes) -> list[dict[str, Any]]:
    """The writes of a journal's bytes, each checked; raises Damaged."""
    if len(raw) > MAX_BYTES:
        raise Damaged(f"{len(raw)} bytes, more than a journal holds")
    if not raw.endswith(b"\n"):
        raise Damaged("cut short")
    lines = raw[:-1].split(b"\n")
    if len(lines) < 2:
        raise Damaged("cut short")
    body = raw[: len(raw) - len(lines[-1]) - 1]
    end = _load(lines[-1])
    if not (isinstance(end, dict) and set(end) == {"end", "sha256"}):
        raise Damaged("cut short")
    if end["sha256"] != hashlib.sha256(body).hexdigest():
        raise Damaged("its checksum does not match")
    header, *ops = (_load(line) for line in lines[:-1])
    if not isinstance(header, dict) or header.get("journal") != _MAGIC:
        raise Damaged("not a journal of this game")
    if header.get("format") != FORMAT:
        raise Damaged(f"format {header.get('format')!r}, not {FORMAT}")
    if end["end"] != len(ops):
        raise Damaged("the number of writes does not match")
    started: set[int] = set()
    for n, op in enumerate(ops, 1):
        if not _valid(op, started):
            raise Damaged(f"write {n} makes no sense")
        if op["op"] == "start":
            started.add(op["id"])
    return ops


def _load(line: bytes) -> Any:
    try:
        return json.loads(line.decode("ascii"))
    except (ValueError, RecursionError):  # UnicodeDecodeError included
        raise Damaged("not JSON lines") from None


def _int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _str(x: Any) -> bool:
    return isinstance(x, str)


# Per kind of write: its fields and what each must be (see history/writing.py, Op).
_FIELDS = {
    "start": {
        "id": lambda x: _int(x) and x < 0, "started": _str, "variant": _str, "seed": _int,
        "players": _str, "game": _str, "preset": _str, "kinds": lambda x: x is None or _str(x),
        "abandon": lambda x: isinstance(x, bool),
    },
    "move": {
        "match": _int, "seq": lambda x: _int(x) and x > 0, "action": _str,
        "deals": lambda x: isinstance(x, list) and all(
            isinstance(d, list) and len(d) == 2 and _int(d[0]) and _str(d[1]) for d in x
        ),
        "over": lambda x: isinstance(x, list) and all(
            isinstance(o, list) and len(o) == 3 and _str(o[0]) and _str(o[1])
            and (o[2] is None or _int(o[2])) for o in x
        ),
    },
    "decision": {
        "match": _int, "seq": lambda x: _int(x) and x > 0, "seat": _int, "kind": _str,
        "mistake": _str, "cost": lambda x: isinstance(x, (int, float)) and not isinstance(x, bool),
        "chosen": _str, "best": _str,
    },
    "abandon_game": {"game": _str},
    "abandon": {"match": _int},
}  # fmt: skip


def _valid(op: Any, started: set[int]) -> bool:
    """Whether `op` is a write of a known kind with exactly its fields, each of its type,
    and refers to a match that is stored or started earlier in the journal."""
    if not isinstance(op, dict) or op.get("op") not in ("start", "move", "decision", "abandon"):
        return False
    kind = "abandon_game" if op["op"] == "abandon" and "game" in op else op["op"]
    fields: dict[str, Callable[[Any], bool]] = _FIELDS[kind]
    if set(op) != {"op", *fields} or not all(check(op[k]) for k, check in fields.items()):
        return False
    match = op.get("match")
    return match is None or match > 0 or match in started
