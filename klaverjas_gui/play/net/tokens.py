"""Rejoin tokens: how a dropped guest's laptop proves a seat is its own.

At the first welcome to a seat the host gives the guest a secret token; the guest keeps
it in its data folder per room code (`GuestTokens`), so even a restarted laptop sends it
when it knocks again, and the host takes it as the only proof besides its own person's
word (host.py). The host keeps only each seat's SHA-256 digest, in memory and in its
data folder with the match's id (`HostKeys`), so `--host --continue` after a crash still
knows whose seat is whose. Both files are small JSON, written atomically; a damaged one
is set aside and starts empty. `Previous` carries the digests of the guests seated at a
match's end to the next match at that table, which they join with the old code and
their token.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...store.files import set_aside, write_atomic
from .protocol import TOKEN_PATTERN

log = logging.getLogger(__name__)

GUEST_FILE = "network-tokens.json"  # a guest's tokens, per room code
HOST_FILE = "network-keys.json"  # a host's seat digests of its running match
KEEP_ROOMS = 16  # a guest forgets the tables it joined longest ago


def new_token() -> str:
    """A fresh secret (192 bits) in the letters the protocol allows."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def matches(token: str | None, key: str | None) -> bool:
    """`token` is the one whose digest is `key` (a constant-time comparison)."""
    if not token or not key:
        return False
    return hmac.compare_digest(digest(token), key)


def _read(path: Path) -> dict[str, Any]:
    """The file's object; {} if there is none, and a damaged one set aside."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        log.warning("set aside a damaged %s", path.name)
        set_aside(path)
        return {}
    if not isinstance(data, dict):
        set_aside(path)
        return {}
    return data


@dataclass(frozen=True)
class Previous:
    """What a new match at the same table takes over from the match before it: that
    match's room code, and the rejoin-token digest of each seat whose guest was still
    seated (connected) at its end. With the old code and such a token a laptop comes to
    the new match without typing its new code; the old code brings nobody else, whatever
    name is given. (A guest who left before the end, or a seat taken by its name alone,
    is not among them: that laptop asks the host for the new code like anyone.)"""

    room: str
    keys: Mapping[int, str]  # seat -> digest (tokens.digest); never changed
    names: tuple[str, ...] = ()  # those guests' names, for the host's lobby

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token `token` is (compared in constant time), or None."""
        return next((s for s, key in self.keys.items() if matches(token, key)), None)


class GuestTokens:
    """This laptop's rejoin token for each room code it joined (newest last)."""

    def __init__(self, data_dir: Path | str | None) -> None:
        self.path = None if data_dir is None else Path(data_dir) / GUEST_FILE

    def get(self, room: str) -> str | None:
        if self.path is None:
            return None
        entry = _read(self.path).get(room)
        token = entry.get("token") if isinstance(entry, dict) else None
        good = isinstance(token, str) and re.fullmatch(TOKEN_PATTERN[1:-1], token)
        return token if good else None

    def put(self, room: str, token: str) -> None:
        """Keep `token` for `room`; a disk that refuses is logged (the token still serves
        this run, which holds it)."""
        if self.path is None:
            return
        rooms = {k: v for k, v in _read(self.path).items() if k != room}
        rooms[room] = {"token": token}
        kept = dict(list(rooms.items())[-KEEP_ROOMS:])
        try:
            write_atomic(self.path, json.dumps(kept, indent=1))
        except OSError as e:
            log.warning("the rejoin token for room %s is not kept: %s", room, e)


class HostKeys:
    """The host's seat digests of one match (`match`: its history id, None in the lobby)."""

    def __init__(self, data_dir: Path | str) -> None:
        self.path = Path(data_dir) / HOST_FILE

    def load(self, match: int) -> dict[int, str]:
        """The digests kept for match `match`, {} for another match's or none."""
        data = _read(self.path)
        if data.get("match") != match or not isinstance(data.get("keys"), dict):
            return {}
        out = {}
        for seat, key in data["keys"].items():
            # a seat number in ASCII: "³".isdigit() too, and int() refuses it
            if (
                re.fullmatch("[0-9]", seat)
                and isinstance(key, str)
                and re.fullmatch("[0-9a-f]{64}", key)
            ):
                out[int(seat)] = key
        return out

    def save(self, match: int | None, keys: dict[int, str]) -> None:
        """Write all of them; a disk that refuses is logged, and the next join writes all
        again (meanwhile the seats are known in memory)."""
        try:
            write_atomic(self.path, json.dumps({"match": match, "keys": keys}))
        except OSError as e:
            log.warning("the seats' rejoin keys are not kept: %s", e)

    def forget(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()
