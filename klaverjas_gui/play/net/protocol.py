"""The messages between a host and its guests: JSON objects with a version, checked
against a schema before anything reads them. No pygame, no pickle, no framing of our
own: each message is one WebSocket text frame.

A guest sends `join` (room code, name, and the rejoin token of a seat it had) and then
`act` (an action text and the position `n` it was chosen at). The host answers
`welcome` (your seat, the table; at a first join the token), `state` (your observation
after each move, the move and its public events), `seats` (who is connected, who is
played by a computer meanwhile), `refused` (a typed `Reason`: the engine's own for a
move against the rules, `NET_REASONS` for the rest) and `bye`. What may be in a `state`
is decided by the engine's `observation(seat)`: the host never encodes anything else of
its state, so no hidden card can leak. A name is checked by names.py where it is parsed
(the schema's "format": "name"), so a hostile one never gets past `parse`.

`encode`/`decode` turn observations and events into JSON and back by their type
hints, so a guest holds the same engine `Observation` a local table shows and a
computer player can choose from.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, NamedTuple, Union

from ...engine import (
    Action,
    Card,
    KalabriaszVariant,
    KlabberjassScoreLine,
    KlabberjassVariant,
    Rank,
    ScoreLine,
    Suit,
    Variant,
    parse_card,
)
from ...engine import kalabriasz as _kalabriasz
from ...engine import klabberjass as _klabberjass
from ...engine import match as _match
from ...engine.reasons import Reason
from ...games import GAMES, Game
from ..session import CALLED_ALREADY as _CALLED_ALREADY
from ..session import SEED_LIMIT
from .names import NAME_REASONS, validate_name

VERSION = 1
MAX_BYTES = 64 * 1024  # a guest's message is under 200 bytes; the host's state under 20 KB
MAX_GUEST_BYTES = 1024  # what the host accepts from a guest
ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a room
ROOM_LENGTH = 6  # 31**6: about 887 million codes (and an address that guesses must wait)
ROOM_PATTERN = f"^[{ROOM_ALPHABET}]{{{ROOM_LENGTH},12}}$"
TOKEN_PATTERN = "^[A-Za-z0-9_-]{16,64}$"  # a guest's rejoin token (tokens.new_token)


def is_room_code(text: str) -> bool:
    """Whether `text` is a room code as ROOM_PATTERN says, whole (no line end after it)."""
    return re.fullmatch(ROOM_PATTERN.strip("^$"), text) is not None


# Why the host refuses a message that is not a move against the rules (those carry the
# engine's Reason keys). Each has words in translations/net.*.json under the same key.
BAD_JSON = "bad_json"  # not JSON, or not a JSON object
TOO_BIG = "too_big"
BAD_VERSION = "bad_version"
BAD_MESSAGE = "bad_message"  # JSON, but not one of the messages (values["error"] says how)
WRONG_ROOM = "wrong_room"
TABLE_FULL = "table_full"  # every seat is taken by someone else
NAME_IN_USE = "name_in_use"  # the name is connected already
NOT_JOINED = "not_joined"
ALREADY_JOINED = "already_joined"
NOT_YOUR_TURN = "not_your_turn"
NOT_YOUR_SEAT = "not_your_seat"  # the move names another seat than the guest's own
STALE = "stale"  # the move was chosen at an older position
# "Verzaakt!" a second time before another trick is closed: the session's own refusal
# (play/session.py), the same for a guest, the host's person and hot-seat.
CALLED_ALREADY = _CALLED_ALREADY
# A guest's pass after a deal's last trick (revoke = club): the host ends the deal after the
# trick's pause, so that the last trick can still be called.
HOST_ENDS_DEAL = "host_ends_deal"
TOO_MANY_BAD = "too_many_bad"  # the reason the connection is closed
HOST_GONE = "host_gone"
# A claimed seat whose person dropped is taken back with the rejoin token its laptop got
# at its first welcome; another laptop under that name gets it only if the host's person
# says so: meanwhile ASK_HOST (not final), then the seat or TAKEOVER_REFUSED. A host
# without a screen has nobody to ask: SEAT_KEPT.
ASK_HOST = "ask_host"
SEAT_KEPT = "seat_kept"
TAKEOVER_REFUSED = "takeover_refused"
# The last match's room code at a new match of the same table (a new match gets a code of
# its own): it brings back only a laptop that was seated at that match's end, by its seat's
# token; anyone else asks the host for the new code.
ROOM_CHANGED = "room_changed"
LOCKED_OUT = "locked_out"  # too many wrong room codes from this address: wait `seconds`
JOIN_TIMEOUT = "join_timeout"  # no right room code within `seconds`: the connection is closed
TOO_MANY_CONNECTIONS = "too_many_connections"  # over `limit` connections from one address
NET_REASONS = (
    BAD_JSON, TOO_BIG, BAD_VERSION, BAD_MESSAGE, WRONG_ROOM, TABLE_FULL, NAME_IN_USE,
    NOT_JOINED, ALREADY_JOINED, NOT_YOUR_TURN, NOT_YOUR_SEAT, STALE, CALLED_ALREADY,
    HOST_ENDS_DEAL, TOO_MANY_BAD, HOST_GONE,
    ASK_HOST, SEAT_KEPT, TAKEOVER_REFUSED, ROOM_CHANGED, LOCKED_OUT, JOIN_TIMEOUT,
    TOO_MANY_CONNECTIONS,
    *NAME_REASONS,
)  # fmt: skip


class ProtocolError(ValueError):
    """A message that may not be used; `reason` says why, for the `refused` answer."""

    def __init__(self, key: str, error: str = "", values: dict[str, Any] | None = None) -> None:
        super().__init__(f"{key}: {error}" if error else key)
        self.reason = Reason(key, {"error": error} if error else values or {})
        self.to = ""  # the refused message's type, once known (a guest's "join" is final)


# --- the schema: a small JSON Schema subset, enough for flat messages ---
Schema = Mapping[str, Any]
_INT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_SEED = {"type": "integer", "minimum": 0, "maximum": SEED_LIMIT - 1}  # any match's seed
_REASON = {
    "type": "object", "required": ["key", "values"],
    "properties": {"key": {"type": "string", "maxLength": 40},
                   "values": {"type": "object"}},
}  # fmt: skip
_SEATS = {
    "type": "array", "maxItems": 4,
    "items": {
        "type": "object", "required": ["name", "kind", "present"],
        "properties": {"name": {"type": "string", "maxLength": 40, "format": "hosts_name"},
                       "kind": {"type": "string", "maxLength": 20},
                       "present": {"type": "boolean"},
                       "computer": {"type": "boolean"}},
    },
}  # fmt: skip


def _message(kind: str, required: dict[str, Schema], optional: dict[str, Schema] | None = None,
             closed: bool = True) -> Schema:  # fmt: skip
    props = {"v": {"type": "integer"}, "type": {"const": kind}, **required, **(optional or {})}
    return {"type": "object", "required": ["v", "type", *required], "properties": props,
            "additionalProperties": not closed}  # fmt: skip


# What a guest may send: closed objects, every string bounded.
GUEST_SCHEMAS: dict[str, Schema] = {
    "join": _message("join", {
        "room": {"type": "string", "pattern": ROOM_PATTERN},
        "name": {"type": "string", "maxLength": 100, "format": "name"},
    }, {"token": {"type": "string", "pattern": TOKEN_PATTERN}}),
    "act": _message("act", {"n": _INT, "action": {"type": "string", "maxLength": 20}},
                    {"seat": _SEAT}),
    # "t" comes back in the pong: a time (within 2**53), not hundreds of digits to echo
    "ping": _message("ping", {}, {"t": {"type": "number", "minimum": -(2**53),
                                        "maximum": 2**53}}),  # fmt: skip
    # the guest's person left the table for another screen (true) or is back (false); sent
    # only to a host whose welcome says it hears it (`hears_away`)
    "away": _message("away", {"away": {"type": "boolean"}}),
    # the guest's person takes the seat back from the computer the host let play for it
    # (it did not move within the host's turn limit); a move does the same
    "back": _message("back", {}),
}  # fmt: skip
# What a host sends (a guest checks the envelope; the observation is checked by decoding).
HOST_SCHEMAS: dict[str, Schema] = {
    "welcome": _message("welcome", {
        "seat": _SEAT, "game": {"enum": sorted(GAMES)}, "room": {"type": "string"},
        "variant": {"type": "object"}, "seats": _SEATS, "started": {"type": "boolean"},
    }, {"played_for": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000},
        "hears_away": {"type": "boolean"}, "token": {"type": "string", "pattern": TOKEN_PATTERN}},
        closed=False),  # played_for: a rejoin's cards a computer played (null: a deal or more);
    # token: at a first welcome to a seat, the secret its laptop takes it back with
    "state": _message("state", {"n": _INT, "obs": {"type": "object"}, "events": {"type": "array"}},
                      {"action": {"type": ["string", "null"]}, "by": {"type": ["integer", "null"]}},
                      closed=False),
    "seats": _message("seats", {"seats": _SEATS, "started": {"type": "boolean"}}, closed=False),
    "refused": _message("refused", {"reason": _REASON}, {"to": {"type": "string"}}, closed=False),
    "bye": _message("bye", {"reason": _REASON}, closed=False),
    "pong": _message("pong", {}, {"t": {"type": "number"}}, closed=False),
    # Sent once, after the match's last move: its seed and moves, for the guest's own copy.
    # The seed is the deal's secret: no other message carries it, or anything made from it.
    "record": _message("record", {
        "seed": _SEED, "preset": {"type": "string", "maxLength": 40},
        "actions": {"type": "array", "maxItems": 5000,
                    "items": {"type": "string", "maxLength": 20}},
        "players": {"type": "array", "maxItems": 4,
                    "items": {"type": "string", "maxLength": 40, "format": "hosts_name"}},
        "kinds": {"type": "array", "maxItems": 4, "items": {"type": "string", "maxLength": 20}},
    }, closed=False),
}  # fmt: skip

_TYPES: dict[str, type | tuple[type, ...]] = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
    "integer": int, "number": (int, float),
}  # fmt: skip


def validate(value: Any, schema: Schema, where: str = "message") -> None:
    """Raise ProtocolError(BAD_MESSAGE) naming the first place `value` breaks `schema`."""

    def fail(why: str) -> None:
        raise ProtocolError(BAD_MESSAGE, f"{where} {why}")

    if "const" in schema and value != schema["const"]:
        fail(f"must be {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        fail(f"must be one of {', '.join(map(str, schema['enum']))}")
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        bool_ok = "boolean" in kinds
        if not any(isinstance(value, _TYPES[k]) for k in kinds) or (
            isinstance(value, bool) and not bool_ok
        ):
            fail(f"must be {' or '.join(kinds)}")
    if isinstance(value, str):
        if len(value) > schema.get("maxLength", MAX_BYTES):
            fail("is too long")
        if "pattern" in schema and not re.fullmatch(schema["pattern"].strip("^$"), value):
            fail("has characters or a length that are not allowed")
        # a name the host checked may hold letters of a newer Unicode than this laptop's
        newer = schema.get("format") == "hosts_name"
        if (newer or schema.get("format") == "name") and (
            reason := validate_name(value, newer=newer)
        ) is not None:
            raise ProtocolError(reason.key, values=dict(reason.values))  # names.py says why
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            fail(f"must be at least {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            fail(f"must be at most {schema['maximum']}")
    if isinstance(value, list):
        if len(value) > schema.get("maxItems", MAX_BYTES):
            fail("has too many items")
        for i, item in enumerate(value):
            validate(item, schema.get("items", {}), f"{where}[{i}]")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                fail(f"lacks {name!r}")
        for name, item in value.items():
            if name in props:
                validate(item, props[name], f"{where}.{name}")
            elif schema.get("additionalProperties", True) is False:
                fail(f"has an unknown field {str(name)[:20]!r}")


def parse(
    text: str | bytes, schemas: Mapping[str, Schema], limit: int = MAX_BYTES
) -> dict[str, Any]:
    """One received frame as a checked message dict; ProtocolError says why not."""
    if len(text) > limit:
        raise ProtocolError(TOO_BIG, f"over {limit} bytes")
    try:
        message = json.loads(text, parse_constant=_not_json, parse_float=_finite,
                             object_pairs_hook=_once)  # fmt: skip
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError(BAD_JSON) from None
    if not isinstance(message, dict):
        raise ProtocolError(BAD_JSON, "not an object")
    if type(message.get("v")) is not int or message["v"] != VERSION:
        raise ProtocolError(BAD_VERSION, f"this program speaks version {VERSION}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        raise ProtocolError(BAD_MESSAGE, f"unknown type; expected one of {', '.join(schemas)}")
    try:
        validate(message, schemas[kind])
        _encodable(message)
    except ProtocolError as e:
        e.to = kind
        raise
    return message


_SURROGATE = re.compile("[\ud800-\udfff]")


def _encodable(message: dict[str, Any]) -> None:
    """Refuse a lone surrogate (JSON's "\\ud800") in any text or field name: no screen,
    file or history can hold one, so a message carrying one never gets further."""
    todo: list[Any] = [message]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            raise ProtocolError(BAD_MESSAGE, "a text holds a lone surrogate")


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose fields are each named once: JSON leaves it to the reader which of
    two "room"s (or "type"s) counts, so a message naming one twice is not read at all."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ProtocolError(BAD_MESSAGE, "a field is named twice")
    return out


def _not_json(word: str) -> float:
    """NaN and Infinity: Python reads them, JSON has no such numbers (nor do the answers)."""
    raise ValueError(f"{word} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise ValueError(f"{text[:20]} is too big a number")
    return value


def dump(kind: str, **fields: Any) -> str:
    """A message as the text of one frame."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, ensure_ascii=False,
                      separators=(",", ":"))  # fmt: skip


def reason_json(reason: Reason) -> dict[str, Any]:
    return {"key": reason.key, "values": encode(dict(reason.values))}


# --- observations and events as JSON, by their type hints ---
EVENTS: dict[str, type] = {
    name: cls
    for module in (_match, _klabberjass, _kalabriasz)
    for name, cls in vars(module).items()
    if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
    and cls.__module__ == module.__name__ and cls is not Action
}  # fmt: skip


def encode(value: Any) -> Any:
    """Plain JSON for an engine value: a card "JH", a suit "H", an action "play JH", a
    variant its options, an event {"event": name, ...fields}, tuples as lists."""
    if value is None or isinstance(value, (bool, int, float)) and not isinstance(value, Enum):
        return value
    if isinstance(value, (Card, Suit, Rank, Action)):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (Variant, KlabberjassVariant, KalabriaszVariant)):
        return value.to_dict()
    if dataclasses.is_dataclass(value):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):  # an event (a NamedTuple)
        return {"event": type(value).__name__, **{k: encode(v) for k, v in value._asdict().items()}}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    raise TypeError(f"cannot send a {type(value).__name__}")


def encode_observation(obs: Any) -> dict[str, Any]:
    return encode(obs)  # type: ignore[no-any-return]


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)  # resolved in the class's own module


def decode(hint: Any, data: Any, game: Game) -> Any:
    """The engine value of type `hint` from `encode`'s JSON; ValueError if it is not one."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode(option, data, game)
            except (ValueError, TypeError, KeyError) as e:
                errors.append(str(e))
        raise ValueError("; ".join(errors) or f"{data!r} fits no type")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(data, list):
            raise ValueError(f"expected a list, not {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item, game) for item in data)
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, not {len(data)}")
        return tuple(decode(a, item, game) for a, item in zip(args, data, strict=True))
    if hint is Any:
        return data
    if hint in (int, str, bool, float):
        if not isinstance(data, hint) or (hint is int and isinstance(data, bool)):
            raise ValueError(f"expected {hint.__name__}, not {data!r}"[:80])
        return data
    if hint is Card:
        return parse_card(_text(data))
    if hint in (Suit, Rank):
        return hint(_text(data))
    if hint is Action:  # as this seat may see it: a card laid away by another is "lay"
        return game.state.parse_seen(_text(data))
    if hint in (Variant, KlabberjassVariant, KalabriaszVariant):
        return game.variant_from_dict(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {hint.__name__}")
        names = [f.name for f in dataclasses.fields(hint)]
        if set(data) != set(names) and hint in _SHARED:  # a shared event of the other game
            hint = _SHARED[hint]
            names = [f.name for f in dataclasses.fields(hint)]
        if set(data) != set(names):
            raise ValueError(f"{hint.__name__} fields differ")
        hints = _hints(hint)
        return hint(**{n: decode(hints[n], data[n], game) for n in names})
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return decode_event(data, game)
    raise TypeError(f"no decoder for {hint!r}")


# DealScored is shared by both games, but its line is Klabberjass's own in Klabberjass.
_SHARED: dict[type, type] = {ScoreLine: KlabberjassScoreLine}


def _text(data: Any) -> str:
    if not isinstance(data, str) or len(data) > 20:
        raise ValueError(f"expected a short text, not {data!r}"[:80])
    return data


def observation_type(game: Game) -> type:
    """The game's Observation class (what its state's `observation` returns)."""
    # (mypy does not count a class that defines __hash__ as Hashable; every class is)
    return _observation_type(game.state)  # type: ignore[arg-type]


@functools.cache
def _observation_type(state: Any) -> type:
    hint: type = typing.get_type_hints(state.observation)["return"]
    return hint


def decode_observation(data: Any, game: Game) -> Any:
    return decode(observation_type(game), data, game)


def decode_event(data: Any, game: Game) -> Any:
    if not isinstance(data, dict) or data.get("event") not in EVENTS:
        raise ValueError("not an event")
    cls: Any = EVENTS[data["event"]]  # a NamedTuple class
    hints = _hints(cls)
    fields = {k: v for k, v in data.items() if k != "event"}
    if set(fields) != set(cls._fields):
        raise ValueError(f"{cls.__name__} fields differ")
    return cls(**{n: decode(hints[n], fields[n], game) for n in cls._fields})


class Update(NamedTuple):
    """One `state` message, decoded: the position number, what this seat sees, the move
    that led here (None on joining) and its public events."""

    n: int
    observation: Any
    action: Action | None
    by: int | None
    events: tuple[Any, ...]
