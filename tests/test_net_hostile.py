"""A stranger on the club's wifi attacks the host (tests/hostile_client.py: its own
WebSocket and JSON code, over loopback only): idle connections, floods of connections,
messages too big or not text, a thousand wrong room codes. Each attempt gets its refusal,
the host stays up, and an honest guest still joins and plays the match to its end.

The strangers come from other loopback addresses (127.0.0.2 and up) than the honest guest
(127.0.0.1), as they would from other laptops; the door counts by address."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import select
import socket
import string
import threading
import time
from types import SimpleNamespace

import pytest
from hostile_client import Client, can_come_from, hello, message, reason
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_net_host import Table, check_history, wait

from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.door import Bucket, Door, Limits, address_key
from klaverjas_gui.play.net.headless import remember_room, remembered_room
from klaverjas_gui.play.net.host import NetHost, room_code

LIMITS = Limits()  # the host's own: every test here meets the door as it ships

needs_many_addresses = pytest.mark.skipif(
    not can_come_from("127.0.0.2"), reason="this system routes only 127.0.0.1 to itself"
)


@pytest.fixture
def table(tmp_path):
    made: list[Table] = []

    def make(**options) -> Table:
        made.append(Table(tmp_path, **options))
        return made[-1]

    yield make
    for t in made:
        t.close()


def plays_to_the_end(t: Table, name: str = "Anna") -> None:
    """An honest guest (the program's own, from 127.0.0.1) joins and, with the host's
    computers, plays the match to its end; the history replays to the host's state."""
    guest = t.join(name)
    assert guest.wait_joined(10), guest.error
    t.play_honest([guest], t.over)
    wait(lambda: guest.over)
    check_history(t)
    assert guest.error is None and not guest.refused, (guest.error, guest.refused)
    assert not t.errors and t.host._thread.is_alive()


def opened(port: int, source: str, handshake: bool = True) -> Client | None:
    """A stranger's connection, or None when the host closed it before it was open."""
    try:
        c = Client(port, source=source)
        return c.handshake() if handshake else c
    except (OSError, EOFError):
        return None


@needs_many_addresses
def test_connections_that_never_join_are_closed_after_a_few_seconds(table):
    t = table(guests=1)
    port = t.host.port
    silent = [opened(port, "127.0.0.2", handshake=False) for _ in range(4)]  # not even HTTP
    idle = [opened(port, "127.0.0.2") for _ in range(4)]  # WebSocket open, no hello
    half = opened(port, "127.0.0.3")  # starts a message and never ends it
    assert all(silent) and all(idle) and half is not None
    half.frame(b'{"v":1,"type":"jo', fin=False)
    begun = time.monotonic()
    plays_to_the_end(t)  # meanwhile
    for c in idle:
        said = c.answers(LIMITS.join_seconds + 3 - (time.monotonic() - begun))
        assert [reason(m) for m in said if reason(m)] == [P.JOIN_TIMEOUT], said
        assert said[0]["reason"]["values"] == {"seconds": f"{LIMITS.join_seconds:g}"}
        assert said[-1]["type"] in ("closed", "eof")
    for c in [*silent, half]:
        assert c.ended(LIMITS.join_seconds + 3 - (time.monotonic() - begun))
    assert time.monotonic() - begun >= LIMITS.join_seconds - 0.5  # the timeout, not sooner
    for c in [*silent, *idle, half]:
        c.close()


@needs_many_addresses
def test_a_flood_of_connections_from_many_addresses_keeps_no_guest_out(table):
    t = table(guests=1)
    port = t.host.port
    # one address: the connections past its limit are told why and closed
    mine = [opened(port, "127.0.0.9") for _ in range(LIMITS.per_address + 2)]
    assert all(mine)
    for c in mine[: LIMITS.per_address]:
        with pytest.raises(TimeoutError):
            c.answer(0.2)  # still open: within the limit
    for c in mine[LIMITS.per_address :]:
        said = c.answers(3)
        assert reason(said[0]) == P.TOO_MANY_CONNECTIONS, said
        assert said[0]["reason"]["values"] == {"limit": LIMITS.per_address}
    # 40 more addresses open 5 each: 200 sockets held open, more than the host keeps
    strangers = [opened(port, f"127.0.0.{a}") for a in range(10, 50) for _ in range(5)]
    wait(lambda: len(t.host.door.open) <= LIMITS.total)
    assert len(t.host.connections) <= LIMITS.total
    assert t.host.closed_at_door >= 200 + len(mine) - LIMITS.total
    plays_to_the_end(t)  # the guest joins while the strangers hold what the host keeps
    for c in [*mine, *strangers]:
        if c is not None:
            c.close()


@needs_many_addresses
def test_a_guest_joins_and_plays_while_strangers_keep_reopening_200_connections(table):
    """The strangers do not wait: each connection the host closes is opened again at once,
    200 of them from 50 addresses, for the whole match."""
    t = table(guests=1)
    port, stop = t.host.port, threading.Event()
    opened_count = [0]

    def churn() -> None:
        held: list[Client | None] = [None] * 200
        while not stop.is_set():
            for i, c in enumerate(held):
                if stop.is_set():
                    break
                if c is not None:
                    try:
                        if c.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b"":
                            continue  # still open
                    except BlockingIOError:
                        continue
                    except OSError:
                        pass
                    c.close()
                held[i] = opened(port, f"127.0.0.{10 + i % 50}")
                opened_count[0] += 1
        for c in held:
            if c is not None:
                c.close()

    stranger = threading.Thread(target=churn, daemon=True)
    stranger.start()
    try:
        wait(lambda: opened_count[0] >= 200, 30)
        plays_to_the_end(t)
        assert len(t.host.door.open) <= LIMITS.total
    finally:
        stop.set()
        stranger.join(30)
    assert opened_count[0] > 200  # the host closed some, and they came back


def test_the_door_pushes_out_strangers_first_and_never_a_seated_guest():
    door = Door(Limits(total=4, per_address=3))

    def conn(address, knows=False, seat=None):
        return SimpleNamespace(address=address, knows_room=knows, seat=seat)

    guest = conn("127.0.10.1", knows=True, seat=2)
    a1, a2, b1 = conn("127.0.10.9"), conn("127.0.10.9"), conn("127.0.10.8")
    for c in (guest, a1, a2, b1):
        assert door.admit(c) == (True, [])
    newcomer = conn("127.0.10.2")
    assert door.admit(newcomer) == (True, [a1])  # the oldest of the address holding most
    a3 = conn("127.0.10.9")
    assert door.admit(a3) == (True, [a2])  # 127.0.10.9 holds two again
    b2 = conn("127.0.10.3")
    assert door.admit(b2) == (True, [b1])  # all hold one: the oldest
    newcomer.knows_room = a3.knows_room = b2.knows_room = True  # they sent the code
    late = conn("127.0.10.4")
    assert door.admit(late) == (True, [newcomer])  # the oldest that sent it without a seat
    a3.seat = 1
    b2.seat = 3
    last = conn("127.0.10.5")
    assert door.admit(last) == (True, [late])  # a stranger before any that sent the code
    assert door.admit(conn("127.0.10.6"))[1] == [last]
    assert guest in door.open and a3 in door.open and b2 in door.open
    door.open[-1].knows_room, door.open[-1].seat = True, 0  # every place a seated guest's
    one_more = conn("127.0.10.7")
    assert door.admit(one_more) == (True, [one_more])  # then the newcomer goes
    roomy = Door(Limits(total=10, per_address=3))
    assert [roomy.admit(conn("127.0.10.8"))[0] for _ in range(4)] == [True, True, True, False]


def test_an_address_that_guesses_codes_waits_longer_each_time_and_is_forgotten():
    now = [0.0]
    door = Door(Limits(), clock=lambda: now[0])
    waits = [door.wrong("127.0.10.9") for _ in range(10)]
    assert waits[:3] == [0, 0, 0]  # typing errors
    assert waits[3:] == [1, 2, 4, 8, 16, 32, 60]
    assert door.wait("127.0.10.9") == 60 and door.wait("127.0.10.1") == 0
    now[0] = 61
    assert door.wait("127.0.10.9") == 0
    assert door.wrong("127.0.10.9") == 60  # still remembered: no free tries again
    door.right("127.0.10.9")
    assert door.wait("127.0.10.9") == 0
    door.wrong("127.0.10.5")
    now[0] += LIMITS.forget + 1
    door.wrong("127.0.10.6")
    assert door.remembered == 1  # 127.0.10.5 was forgotten
    for i in range(5000):  # a stranger with many addresses: the memory stays bounded
        door.wrong(f"10.1.{i // 250}.{i % 250}")
    assert door.remembered == LIMITS.addresses


def test_the_door_counts_an_ipv6_laptop_by_its_prefix():
    assert address_key("fd00::1:2:3:4") == address_key("fd00::9:9:9:9") == "fd00::/64"
    assert address_key("::ffff:127.0.20.5") == "127.0.20.5"
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("127.0.20.5") == "127.0.20.5"


def test_a_flood_of_messages_is_read_slower():
    bucket = Bucket(rate=20, burst=40, now=0.0)
    assert [bucket.take(0.0) for _ in range(40)] == [0.0] * 40
    assert bucket.take(0.0) == pytest.approx(1 / 20)
    assert bucket.take(10.0) == 0.0  # a quiet while refills it


@needs_many_addresses
def test_a_wrong_code_flood_is_locked_out_and_a_guest_still_joins(table):
    t = table(guests=1)
    port, room = t.host.port, t.host.room
    wrong = "ZZZZZZ" if room != "ZZZZZZ" else "YYYYYY"
    keys: dict[str, int] = {}
    sent = 0
    end = time.monotonic() + 3.0
    while time.monotonic() < end:  # as fast as the host answers, reconnecting when closed
        c = opened(port, "127.0.0.3")
        if c is None:
            continue
        while time.monotonic() < end:
            c.send(hello(wrong, "Mallory"))
            sent += 1
            try:
                m = c.answer(2)
            except TimeoutError:
                break
            keys[reason(m) or m["type"]] = keys.get(reason(m) or m["type"], 0) + 1
            if m["type"] in ("bye", "closed", "eof"):
                break
        c.close()
    # today's host checked every one; the door checks 4 at once, then 1 a second, 2, 4 ...
    assert keys.get(P.WRONG_ROOM, 0) <= LIMITS.free_wrong + 3, keys
    assert keys.get(P.LOCKED_OUT, 0) >= 20 and sent >= 20, keys
    assert "welcome" not in keys
    # while it waits, even the right code is refused unread from that address
    c = opened(port, "127.0.0.3")
    c.send(hello(wrong, "Mallory"))
    m = c.answer(5)
    if reason(m) == P.LOCKED_OUT:  # the flood's last wait may end any moment: outwait it,
        time.sleep(int(m["reason"]["values"]["seconds"]))  # so the next wrong code is
        c.send(hello(wrong, "Mallory"))  # counted and starts a wait of 2 s or more (a
        m = c.answer(5)  # right code sent as the last wait ended was let in, on a busy machine)
    assert reason(m) == P.WRONG_ROOM, m
    c.send(hello(room, "Mallory"))
    m = c.answer(5)
    assert reason(m) == P.LOCKED_OUT and int(m["reason"]["values"]["seconds"]) >= 1, m
    c.close()
    plays_to_the_end(t)  # the guest's own address was never locked


def test_a_stranger_is_refused_all_but_a_join(table):
    """Before the right code only a join (or a ping) is read: a move or an away is refused
    at the door."""
    t = table(guests=1)
    c = opened(t.host.port, "127.0.0.1")
    c.send(message("act", n=0, action="pass"))
    assert reason(c.answer()) == P.NOT_JOINED
    c.send(message("away", away=True))
    assert reason(c.answer()) == P.NOT_JOINED
    c.send(hello(t.host.room, "Anna"))
    assert c.answer()["type"] == "welcome"
    c.close()


ATTACKS = [
    (lambda c: c.send("A" * (P.MAX_GUEST_BYTES + 1)), P.TOO_BIG),
    (lambda c: c.send(b"\x00\xff{}"), P.BAD_JSON),  # a binary frame
    (lambda c: c.send('{"v":1,"type":"ping","t":NaN}'), P.BAD_JSON),  # JSON has no NaN
    (lambda c: c.send('{"v":1,"type":"ping","t":1e999}'), P.BAD_JSON),
    (lambda c: c.send("[" * 500 + "]" * 500), P.BAD_JSON),
    (lambda c: c.send(hello("ABCD", "Mallory")), P.BAD_MESSAGE),  # a code of 4
    (lambda c: c.send(json.dumps({"v": 1, "type": "join", "room": "ABCDEF"})), P.BAD_MESSAGE),
    (lambda c: c.send("x" * 5000), 1009),  # over websockets' own limit: closed
    (lambda c: c.frame(b"", length=1 << 40), 1009),  # a frame claiming a terabyte
    (lambda c: c.frame(b"\xff\xfe\xfd"), 1007),  # a text frame that is not UTF-8
]


def test_oversize_and_garbage_get_their_refusal(table):
    t = table(guests=1)
    for attack, answer in ATTACKS:
        c = opened(t.host.port, "127.0.0.1")
        attack(c)
        m = c.answer(5)
        if isinstance(answer, int):  # the connection is closed with this code
            assert m["type"] == "closed" and m["code"] == answer, m
        else:
            assert m["type"] == "refused" and reason(m) == answer, m
        c.close()
    plays_to_the_end(t)


def test_what_is_not_even_http_is_turned_away(table):
    t = table(guests=1)
    c = opened(t.host.port, "127.0.0.1", handshake=False)
    c.sock.sendall(b"HELLO HOST\r\n\r\n")
    assert c.ended(LIMITS.join_seconds + 2)
    c.close()
    plays_to_the_end(t)


def test_room_codes_are_at_least_six_from_an_unambiguous_alphabet(tmp_path):
    codes = {room_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) >= 6 and set(c) <= set(P.ROOM_ALPHABET) for c in codes)
    assert not set(P.ROOM_ALPHABET) & set("01OIL")
    for short in ("ABCD", "KRAAK", "abcdef", "ABCDE0"):
        with pytest.raises(ValueError):
            NetHost(SimpleNamespace(game=None, listen=lambda f: None), room=short)
    # a room file from before (a code of 4) is not kept for --continue: a new code is made
    store = SimpleNamespace(paths=SimpleNamespace(data_dir=tmp_path))
    remember_room(store, SimpleNamespace(room="ABCD", port=5000))
    assert remembered_room(store) == (None, 5000)
    remember_room(store, SimpleNamespace(room="ABCDEF", port=5000))
    assert remembered_room(store) == ("ABCDEF", 5000)


# --- the parser, fuzzed: whatever arrives, a typed refusal or a message fit to use ---
_TEXT = st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
_ODD = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -0.0, 2**63, -1])
_SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | _ODD | _TEXT
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)
_FIELDS = st.sampled_from(sorted({*P.GUEST_SCHEMAS["join"]["properties"], "n", "action", "seat",
                                   "t", "away", "obs", "events", "reason", "seats", "started",
                                   "game", "variant", "seed"}))  # fmt: skip
_KINDS = st.sampled_from([*P.GUEST_SCHEMAS, *P.HOST_SCHEMAS, "", "JOIN"])
_ROOMS = st.text(alphabet=string.ascii_uppercase + string.digits, min_size=0, max_size=14)


def _fitting(schema) -> st.SearchStrategy:
    """Values that fit a schema of protocol.py (and the odd numbers JSON has no room for)."""
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kinds = schema.get("type", "null")
    options = []
    for kind in [kinds] if isinstance(kinds, str) else kinds:
        if kind == "integer":
            options.append(
                st.integers(schema.get("minimum", -(2**40)), schema.get("maximum", 2**40))
            )
        elif kind == "number":
            options.append(st.floats() | _ODD)
        elif kind == "string" and "pattern" in schema:
            options.append(st.from_regex(schema["pattern"], fullmatch=True))
        elif kind == "string":
            options.append(st.text(max_size=schema.get("maxLength", 30)))
        elif kind == "boolean":
            options.append(st.booleans())
        elif kind == "array":
            items = _fitting(schema.get("items", {"type": "string"}))
            options.append(st.lists(items, max_size=min(3, schema.get("maxItems", 3))))
        elif kind == "object" and "properties" in schema:
            props, required = schema["properties"], schema.get("required", [])
            options.append(st.fixed_dictionaries(
                {k: _fitting(props[k]) for k in required},
                optional={k: _fitting(v) for k, v in props.items() if k not in required},
            ))  # fmt: skip
        elif kind == "object":
            options.append(st.dictionaries(_TEXT, _JSON, max_size=3))
        else:
            options.append(st.none())
    return st.one_of(options)


@st.composite
def _messages(draw) -> str | bytes:
    """Mostly near-messages (the right version, a known type, its own fields, fitting or
    not), so the fuzz reaches the schema checks and past them; also raw text and bytes."""
    shape = draw(st.integers(0, 6))
    if shape == 0:
        return draw(st.binary(max_size=200))
    if shape == 1:
        return draw(st.text(max_size=200))
    kind = draw(_KINDS)
    schema = {**P.GUEST_SCHEMAS, **P.HOST_SCHEMAS}.get(kind, {"properties": {}})
    props = {k: v for k, v in schema["properties"].items() if k not in ("v", "type")}
    if shape < 5 and props:  # its own fields: most fit, some are junk
        value = {k: _fitting(v) | _JSON if shape == 4 else _fitting(v) for k, v in props.items()}
        required = [k for k in schema.get("required", ()) if k in props]
        optional = {k: value[k] for k in props if k not in required}
        fields = draw(st.fixed_dictionaries({k: value[k] for k in required}, optional=optional))
    else:
        fields = draw(st.dictionaries(_FIELDS, _JSON | _ROOMS, max_size=6))
    fields["v"] = draw(st.sampled_from([1] * 6 + [0, 2, True, 1.0, "1"]))
    fields["type"] = kind
    text = json.dumps(fields, allow_nan=True)
    if shape == 6:  # cut anywhere, or with a NaN/Infinity written in
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", "NaN", "-Infinity", "1e999", "}"]))
    return text


@settings(max_examples=600, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(frame=_messages(), guest_side=st.booleans())
def test_the_parser_lets_no_exception_out_but_its_typed_refusal(frame, guest_side):
    schemas = P.GUEST_SCHEMAS if guest_side else P.HOST_SCHEMAS
    limit = P.MAX_GUEST_BYTES if guest_side else P.MAX_BYTES
    try:
        m = P.parse(frame, schemas, limit)
    except P.ProtocolError as e:
        assert e.reason.key in P.NET_REASONS
        return
    assert isinstance(m, dict) and m["v"] == P.VERSION and m["type"] in schemas
    if guest_side:  # closed objects: no field the schema does not name
        assert set(m) <= set(schemas[m["type"]]["properties"])
    json.dumps(m, allow_nan=False)  # what the host may echo (a pong's t) is JSON again


def test_the_fuzz_reaches_messages_that_pass():
    """The fuzz above is not all refusals: near-messages of its kind do pass the parser."""
    assert P.parse(message("join", room="ABCDEF", name="Anna"), P.GUEST_SCHEMAS)["type"] == "join"
    assert P.parse(message("ping", t=1.5), P.GUEST_SCHEMAS)["t"] == 1.5


@needs_many_addresses
def test_many_strangers_at_once_do_not_stop_the_host(table):
    """Four threads hammer the host with wrong codes, garbage and closes at the same time."""
    t = table(guests=1)
    port, stop = t.host.port, threading.Event()
    errors: list[BaseException] = []

    def hammer(i: int) -> None:
        while not stop.is_set():
            c = opened(port, f"127.0.0.{20 + i}")
            if c is None:
                continue
            try:
                c.send([hello("ZZZZZZ", "M"), "{", b"\x00", message("act", n=0, action="x")][i % 4])
                c.answer(1)
            except (OSError, TimeoutError, ValueError):
                pass
            except BaseException as e:  # noqa: BLE001 - reported below
                errors.append(e)
            finally:
                c.close()

    threads = [threading.Thread(target=hammer, args=(i,), daemon=True) for i in range(4)]
    for th in threads:
        th.start()
    try:
        time.sleep(1.0)
    finally:
        stop.set()
        for th in threads:
            th.join(10)
    assert not errors, errors
    plays_to_the_end(t)


def test_a_seated_guest_that_never_reads_is_cut_off_and_the_match_plays_on(table):
    """A guest's laptop that takes its seat and then reads nothing: once the network's
    buffers are full, every message for it waited in the host without end (websockets'
    keepalive ping waits behind them, so it never timed out). Now the host closes it when
    a message stays unsent for `send_seconds`; the seat's computer plays on."""
    t = table(guests=1, grace=0.3, seed=5)
    t.host.door.limits = Limits(send_seconds=1.0)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)  # a laptop that reads nothing
    sock.settimeout(5)
    sock.connect(("127.0.0.1", t.host.port))
    c = Client.__new__(Client)
    c.host, c.port, c.timeout, c.sock, c.buffer = "127.0.0.1", t.host.port, 5.0, sock, b""
    c.handshake()
    c.send(hello(t.host.room, "Slow"))
    wait(lambda: any(x.seat is not None for x in t.host.connections))
    conn = next(x for x in t.host.connections if x.seat is not None)
    # the host's side of this one connection buffers little, as on a slow network
    conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    end, played = time.monotonic() + 20, -1
    try:
        while conn in t.host.connections and time.monotonic() < end:
            s = t.session.state  # it moves (the test knows the position), and never reads
            if not s.is_over and s.to_move == conn.seat and s.n_actions != played:
                played = s.n_actions
                c.send(message("act", n=s.n_actions, action=str(s.legal_actions()[0])))
            c.send(message("ping", t=1))
            time.sleep(0.05)
        assert conn not in t.host.connections, f"{conn.outbox.qsize()} messages wait for it"
        wait(t.over)
        assert t.host.running and not t.errors
    finally:
        c.close()


def slow_client(port: int) -> Client:
    """A client whose laptop takes a few kilobytes at a time."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    c = Client.__new__(Client)
    c.host, c.port, c.timeout, c.sock, c.buffer = "127.0.0.1", port, 5.0, sock, b""
    return c.handshake()


def test_a_guest_that_reads_a_trickle_cannot_grow_the_hosts_memory(table):
    """Pings as big as a guest may send, as fast as the door reads them, while the laptop
    reads just enough that no single message waits `send_seconds`: what waits for it in
    the host stays bounded (the connection is closed once it is over the bound)."""
    t = table(guests=1, grace=30.0, seed=5)
    # the door reads faster here, so that the test is short; the bound is the shipped one
    t.host.door.limits = dataclasses.replace(LIMITS, rate=2000.0, burst=2000, send_seconds=2.0)
    c = slow_client(t.host.port)
    c.send(hello(t.host.room, "Trickle"))
    wait(lambda: any(x.seat is not None for x in t.host.connections))
    conn = next(x for x in t.host.connections if x.seat is not None)
    conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    big = message("ping", t=int("9" * 900))  # under the 1 KiB a guest may send
    assert len(big) < P.MAX_GUEST_BYTES
    most = 0
    end = time.monotonic() + 6
    try:
        while time.monotonic() < end and conn in t.host.connections:
            for _ in range(40):
                c.send(big)
            if select.select([c.sock], [], [], 0)[0]:  # a trickle: some 40 KB a second,
                c.sock.recv(4096)  # enough that no message waits 2 s
            most = max(most, conn.outbox.qsize() * len(big))
            time.sleep(0.1)
        bound = LIMITS.queued_bytes + P.MAX_BYTES  # the bound, and one message over it
        assert most <= bound, f"{most // 1024} KiB waited in the host for one slow laptop"
        assert t.host.running and not t.errors
    finally:
        c.close()


@pytest.mark.parametrize("joined", [True, False], ids=["seated", "stranger"])
def test_a_flood_of_websocket_pings_that_reads_no_pong_cannot_grow_the_hosts_memory(table, joined):
    """WebSocket's own ping frames (not the protocol's "ping" message: no message, so the
    door's rate and `queued_bytes` never see them), sent as fast as the socket takes them
    by a laptop that reads nothing: websockets answers each with a pong written to the
    connection's transport, whose buffer has no bound (the keepalive ping waits in drain()
    behind them). A guest seated in the lobby (no message for it, so no `send_seconds`)
    made the host hold a gigabyte in 40 seconds; a stranger without the code, some 800 MB
    until its bye timed out. Now a connection with more than `queued_bytes` waiting in its
    transport is closed."""
    t = table(guests=3, grace=30.0, seed=5)  # a lobby: nothing is sent to the seated guest
    c = Client(t.host.port, source="127.0.0.1").handshake()
    if joined:
        c.send(hello(t.host.room, "Pinger"))
        assert c.answer()["type"] == "welcome"
    wait(lambda: t.host.connections)
    conn = next(iter(t.host.connections))
    ping = bytes([0x80 | 0x9, 0x80 | 125]) + b"\0\0\0\0" + b"x" * 125  # masked with zeros
    most, sent = 0, 0
    end = time.monotonic() + 10
    c.sock.settimeout(0.2)
    try:
        while time.monotonic() < end and sent < 3 * LIMITS.queued_bytes + (8 << 20):
            try:
                c.sock.sendall(ping * 200)
            except TimeoutError:  # the host reads no more (or has closed it)
                pass
            except OSError:
                break
            sent += len(ping) * 200
            with contextlib.suppress(AttributeError, OSError):  # closed meanwhile
                most = max(most, conn.ws.transport.get_write_buffer_size())
        bound = LIMITS.queued_bytes + (1 << 16)  # the bound, and one read's pongs over it
        waited = f"{most // 1024} KiB of pongs waited in the host ({sent >> 20} MB sent)"
        assert most <= bound, waited
        assert t.host.running and not t.errors
    finally:
        c.close()
