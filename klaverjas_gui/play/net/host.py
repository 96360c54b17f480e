"""The host of a network match: a WebSocket server on its own thread around a MatchSession.

The server thread only reads frames, checks them against the protocol's schema and
queues them (`inbox`); everything that touches the match happens in `pump`, called
by the frame loop (or the headless loop) on its own thread, so the session has one
owner and the frame loop never waits for the network. Moves go through the one
`session.submit`: the host's engine is the only authority. After every move each
connected guest gets only its own seat's `observation` and the public events.

Seats: the host's person (or its autopilot), computers, and `RemoteSeat`s that guests
join with the room code and a name. A guest that drops keeps its seat for the grace
period; then the seat's stand-in computer plays until the guest rejoins. A seat is taken
back with the rejoin token its laptop got at the first welcome (tokens.py), never by the
name alone: another laptop under that name gets the seat only when the host's person says
so on the host's screen (`takeovers`, `grant`); a host without a screen refuses it. A
connection that keeps sending bad messages is closed. A connected guest that does not
move within `turn_limit` seconds would stall the match for everyone: the host's screen
asks its person whether a computer may play for that guest (`stalled`, `bench`); a host
without a screen lets it at once. The seat stays the guest's: its next move, or its
`back`, takes it back.

A new match at the same table ("new match, same people") has a room code of its own: the
last match's code, which a guest who left or anyone who read it once may know, takes no
seat of it. It brings back only a laptop that was seated at the last match's end, by that
seat's token (`tokens.Previous`, `handover`), one laptop at a time per seat; the welcome
tells it the new code. Anyone else is refused: the code has changed, ask the host.

Strangers (anyone on the network, without the room code) meet the `Door` on the server
thread and never reach the session: a connection must send the right code within a few
seconds, connections are counted per address and in all, messages are read at a bounded
rate, and an address that sends wrong codes must wait longer each time (door.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import queue
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ...engine.match import DEAL_END, VERZAAKT
from ...engine.reasons import Reason
from ...games import Game
from ..seats import COMPUTER, GRACE, HUMAN, REMOTE, SEAT_NAMES, RemoteSeat
from ..session import ASKED_PAUSE, MatchSession, Seating
from . import protocol as P
from .door import Bucket, Door, Limits, address_key
from .names import name_key
from .tokens import Previous as Previous  # for the screens, which import no tokens
from .tokens import digest, matches, new_token

log = logging.getLogger(__name__)

DEFAULT_PORT = 47474
STRIKES = 10  # bad messages in a row before the connection is closed
# Seconds a connected guest may think about one move before a computer may play for it:
# generous, so that a newcomer who reads the rules or asks a neighbour is never cut off
# (a hand of Klaverjas rarely needs more than half a minute), and short enough that the
# others are not left waiting for long for someone who walked away from the laptop.
TURN_LIMIT = 90.0
AWAY_EVERY = 1.0  # seconds: a guest's "away" as the others see it changes at most this often
# websockets itself closes a connection sending a bigger message (code 1009); what is under
# it but over MAX_GUEST_BYTES is refused as too big
FRAME_LIMIT = 4 * P.MAX_GUEST_BYTES


def room_code(length: int = P.ROOM_LENGTH, not_: str = "") -> str:
    """A fresh random room code, easy to read aloud (no 0/O, 1/I/L); never `not_` (the
    last match's, at a new match of the same table)."""
    while (code := "".join(secrets.choice(P.ROOM_ALPHABET) for _ in range(length))) == not_:
        pass
    return code


@dataclass(eq=False)
class Connection:
    """One guest's connection, as the host keeps it (from the moment the TCP connection
    opens: the door counts it before websockets has read a byte)."""

    ws: ServerConnection
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    seat: int | None = None
    strikes: int = 0
    open: bool = True
    asking: bool = False  # waits for the host's person to give it a seat (a Takeover)
    peer: str = "?"
    address: str = "?"  # what the door counts by (door.address_key)
    knows_room: bool = False  # it sent the right room code
    within: bool = True  # within the door's per-address limit
    bucket: Bucket | None = None
    serving: bool = False  # the handler runs (the WebSocket handshake is over)
    queued: int = 0  # characters of the messages waiting in `outbox` (door.Limits.queued_bytes)
    deadline: asyncio.TimerHandle | None = None


class _Socket(ServerConnection):
    """websockets' connection, telling the host when the TCP connection opens and closes."""

    host: NetHost
    conn: Connection  # set when the TCP connection opens (NetHost._opened)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.host._opened(self)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.host._lost(self)

    def data_received(self, data: bytes) -> None:
        """websockets answers each WebSocket ping frame with a pong written straight to the
        transport, whose buffer has no bound: a laptop sending pings as fast as it could
        and reading nothing grew the host's memory by what it sent (a gigabyte in 40 s from
        a guest in the lobby; no message of ours, so neither `queued_bytes` nor
        `send_seconds` saw it, and the keepalive ping waits in drain() behind them). Over
        `queued_bytes` waiting in the transport, the connection is closed."""
        super().data_received(data)
        transport = self.transport
        if transport.get_write_buffer_size() > self.host.door.limits.queued_bytes:
            conn = getattr(self, "conn", None)
            if conn is not None:
                conn.open = False
            log.warning("closed the connection from %s: it reads nothing of what it asks for",
                        conn.peer if conn is not None else "?")  # fmt: skip
            transport.abort()


@dataclass(eq=False)
class Takeover:
    """A laptop that joined under the name of a dropped guest without that guest's token:
    it gets the seat only if the host's person answers "Give Cor's seat to this laptop?"."""

    conn: Connection
    seat: int
    name: str  # the seat's name, as the question says it

    @property
    def peer(self) -> str:
        return self.conn.peer


MAX_TAKEOVERS = 8  # questions waiting at once; more laptops are refused as a headless host would


class NetHost:
    """Serve `session` to guests at `address:port` (port 0: any free one, see `port`).

    Call `start()`, then `pump()` (or `step(dt)`, which also plays the session) once a
    frame; `close()` at the end. Until every remote seat is taken the match waits in the
    lobby (`started` False); `begin()` starts it earlier (the free seats' computers play)."""

    def __init__(
        self,
        session: MatchSession,
        *,
        room: str | None = None,
        address: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        started: bool = False,
        on_begin: Callable[[NetHost], None] | None = None,
        limits: Limits | None = None,
        turn_limit: float = TURN_LIMIT,
        previous: Previous | None = None,
    ) -> None:
        self.session = session
        self.game: Game = session.game
        if room is not None and not P.is_room_code(room):
            raise ValueError(f"a room code is {P.ROOM_LENGTH} to 12 of {P.ROOM_ALPHABET}, "
                             f"not {room!r}")  # fmt: skip
        # `previous`: the match this one follows at the same table; its code is not ours
        self.previous = previous
        self.room = room or room_code(not_=previous.room if previous else "")
        if previous is not None and self.room == previous.room:
            raise ValueError("a new match at the table needs a room code of its own")
        self._brought: dict[int, int] = {}  # our seat -> the last match's seat it came from
        self.address = address
        self.port = port
        self.started = started
        # The host's own person left the table for another screen (the menu, the
        # settings): the guests are told, instead of waiting with no word.
        self.away = False
        self.guests_away: set[int] = set()  # remote seats whose person is at another screen
        self._away_wanted: dict[int, bool] = {}  # a guest's last word, not shown yet
        self._away_at: dict[int, float] = {}  # when each seat's shown word last changed
        self.on_begin = on_begin
        self.inbox: queue.SimpleQueue[tuple[Connection, dict[str, Any] | None]] = (
            queue.SimpleQueue()
        )
        self.connections: set[Connection] = set()
        self.door = Door(limits)  # used on the server thread only
        self.refusals = 0  # every refusal sent (tests, the benchmark)
        self.closed_for_strikes = 0
        self.closed_at_door = 0  # connections the door closed (no code in time, no room)
        # called on the frame loop's thread with the number of free seats when it changes
        # (the network announcement follows it)
        self.seat_listeners: list[Callable[[int], None]] = []
        self._free: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._error: BaseException | None = None
        self._status: list[Any] = []
        # The position at which each dropped guest left (seat -> state): on the rejoin the
        # welcome says how many of its cards a computer played meanwhile.
        self._left_at: dict[int, Any] = {}
        # Each claimed seat's rejoin-token digest (tokens.py); a claimed seat without one
        # (a continued match stored before tokens) is taken back by its name, once.
        self.keys: dict[int, str] = {}
        self.on_keys: Callable[[], None] | None = None  # called when `keys` change (kept)
        # A screen with a person who may answer a takeover (host_link sets it); without
        # one a laptop asking for another's seat is refused.
        self.asks = False
        self.takeovers: list[Takeover] = []  # waiting for the person's answer, oldest first
        self.notes: list[str] = []  # to tell the host's person once (a stored name set aside)
        self.turn_limit = turn_limit  # 0: a guest is waited for without a limit
        self._turn: tuple[int, int, float] | None = None  # (seat, position, since) waited for
        self._lying: tuple[int, float] | None = None  # (deal, seconds) a last trick lay still
        self._lobby: set[int] = set()  # seats taken before the match began (free if left)
        self._at_end: dict[int, str] | None = None  # the seated guests' keys at the last move
        session.listen(self._moved)

    # --- the seats ---
    @property
    def remote(self) -> list[int]:
        return [s for s, seat in enumerate(self.session.seats) if seat.kind == REMOTE]

    def free_seats(self) -> int:
        """Remote seats no guest has taken yet (a newcomer's)."""
        return sum(not self.session.seats[s].claimed for s in self.remote)

    def seat_status(self) -> list[dict[str, Any]]:
        """Who sits where, who is connected, which remote seats a computer plays now."""
        out = []
        for s, seat in enumerate(self.session.seats):
            remote = seat.kind == REMOTE
            out.append({
                "name": seat.name, "kind": seat.kind,
                "present": seat.present if remote else not (self.away and seat.kind == "human"),
                "computer": (not seat.waiting()) if remote else seat.kind != "human",
                **({"away": True} if remote and seat.present and s in self.guests_away else {}),
            })  # fmt: skip
        return out

    @property
    def running(self) -> bool:
        """The server thread is up (not closed, not stopped by an error)."""
        return self._thread is not None and self._thread.is_alive()

    # --- the server thread ---
    def start(self, timeout: float = 5.0) -> NetHost:
        """Open the server on its own thread; OSError if the port cannot be opened."""
        self._thread = threading.Thread(target=self._run, name="klaverjas-host", daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        if self._error is not None:
            raise self._error
        if not self._ready.is_set():
            raise OSError(f"the server did not start within {timeout} s")
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as e:  # noqa: BLE001 - reported to start() or logged
            self._error = e
            if not self._ready.is_set():
                self._ready.set()
            else:
                log.error("the network host stopped: %s", e)

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        limits = self.door.limits

        def socket(*args: Any, **kwargs: Any) -> _Socket:
            ws = _Socket(*args, **kwargs)
            ws.host = self
            return ws

        # No compression: the messages are small, and a deflated bomb cannot be sent.
        async with serve(
            self._connection, self.address, self.port, max_size=FRAME_LIMIT, max_queue=8,
            ping_interval=5, ping_timeout=10, close_timeout=1, compression=None,
            open_timeout=limits.join_seconds,
            create_connection=socket,  # type: ignore[arg-type]  # typed as the class it calls
        ) as server:  # fmt: skip
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()
            for conn in list(self.connections):
                self._put(conn, None)
            await asyncio.sleep(0.05)

    # --- the door (server thread) ---
    def _opened(self, ws: _Socket) -> None:
        """A TCP connection opened: count it, make room, give it `join_seconds` to join."""
        loop = asyncio.get_running_loop()
        try:
            peer = str(ws.transport.get_extra_info("peername")[0])
        except (TypeError, IndexError):
            peer = "?"
        limits = self.door.limits
        conn = Connection(ws, peer=peer, address=address_key(peer),
                          bucket=Bucket(limits.rate, limits.burst, loop.time()))  # fmt: skip
        ws.conn = conn
        conn.within, closing = self.door.admit(conn)
        for other in closing:
            self._shut(other)  # type: ignore[arg-type]
        if conn.open:
            conn.deadline = loop.call_later(limits.join_seconds, self._too_late, conn)

    def _lost(self, ws: _Socket) -> None:
        conn: Connection | None = getattr(ws, "conn", None)
        if conn is not None:
            self.door.leave(conn)
            if conn.deadline is not None:
                conn.deadline.cancel()

    def _shut(self, conn: Connection) -> None:
        """Close a stranger's connection at once to make room (no words: it holds no seat
        and, mostly, never sent the code)."""
        self.closed_at_door += 1
        conn.open = False
        log.info("closed a connection from %s to make room for a newcomer", conn.peer)
        conn.ws.transport.abort()  # at once: its place is the newcomer's

    def _too_late(self, conn: Connection) -> None:
        """`join_seconds` passed: a connection that has not sent the right code is closed."""
        if conn.knows_room or not conn.open:
            return
        self.closed_at_door += 1
        if conn.serving:
            seconds = f"{self.door.limits.join_seconds:g}"
            self._bye_now(conn, Reason(P.JOIN_TIMEOUT, {"seconds": seconds}))
        else:  # still in the WebSocket handshake
            conn.open = False
            conn.ws.transport.abort()

    def _bye_now(self, conn: Connection, reason: Reason) -> None:
        conn.open = False
        self._put(conn, P.dump("bye", reason=P.reason_json(reason)))
        self._put(conn, None)

    def _at_door(self, conn: Connection, message: dict[str, Any]) -> bool:
        """A connection that has not sent the right room code yet: only a join (or a ping)
        passes, and only with the right code from an address that need not wait."""
        kind = message["type"]
        if kind == "ping":
            return True
        if kind != "join":
            self._refuse_now(conn, Reason(P.NOT_JOINED, {}), kind)
            return False
        wait = self.door.wait(conn.address)
        if wait > 0:
            self._refuse_now(conn, Reason(P.LOCKED_OUT, {"seconds": math.ceil(wait)}), "join")
        elif message["room"] != self.room and self._brought_back(message) is None:
            # the last match's code without a token of its end counts as a wrong code
            wait = self.door.wrong(conn.address)
            self._refuse_now(conn, Reason(self._wrong_room(message), {}), "join")
            if wait > 0:
                log.warning("wrong room codes from %s: it waits %.0f s", conn.peer, wait)
        else:
            self.door.right(conn.address)
            conn.knows_room = True
            return True
        return False

    def _brought_back(self, message: dict[str, Any]) -> int | None:
        """The last match's seat a join with that match's code comes back to, by its token
        (None: another code, no token of a guest seated at its end, or the token of a seat
        already brought back: while that seat is taken, a copy of its token is a wrong code
        like any other, and cannot clear its address's count of wrong codes)."""
        previous = self.previous
        if previous is None or message["room"] != previous.room:
            return None
        p = previous.seat_of(message.get("token"))
        return None if p in self._brought.values() else p

    def _wrong_room(self, message: dict[str, Any]) -> str:
        """Why a join's code is refused: the last match's code says so (ask the host)."""
        previous = self.previous
        return P.ROOM_CHANGED if previous and message["room"] == previous.room else P.WRONG_ROOM

    async def _connection(self, ws: ServerConnection) -> None:
        conn: Connection | None = getattr(ws, "conn", None)
        if conn is None or not conn.open:  # closed by the door meanwhile
            return
        conn.serving = True
        if not conn.within:
            self.closed_at_door += 1
            limit = self.door.limits.per_address
            self._bye_now(conn, Reason(P.TOO_MANY_CONNECTIONS, {"limit": limit}))
        self.connections.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            async for frame in ws:
                if not conn.open:
                    break
                assert conn.bucket is not None
                wait = conn.bucket.take(asyncio.get_running_loop().time())
                if wait > 0:  # a flood: read it slower (the rest waits in the buffers)
                    await asyncio.sleep(wait)
                try:
                    if isinstance(frame, bytes):
                        raise P.ProtocolError(P.BAD_JSON, "a binary frame")
                    message = P.parse(frame, P.GUEST_SCHEMAS, P.MAX_GUEST_BYTES)
                except P.ProtocolError as e:
                    self._refuse_now(conn, e.reason, e.to)
                    continue
                if not conn.knows_room and not self._at_door(conn, message):
                    continue
                if message["type"] == "ping":
                    self._put(conn, P.dump("pong", t=message.get("t", 0)))
                    continue
                self.inbox.put((conn, message))
        except ConnectionClosed:
            pass
        finally:
            conn.open = False
            self.inbox.put((conn, None))
            self._put(conn, None)
            await writer
            self.connections.discard(conn)

    def _put(self, conn: Connection, text: str | None) -> None:
        """On the server thread: queue `text` for `conn` (None: close it after the rest). A
        laptop that reads, but slower than the host writes to it, is closed once more than
        `queued_bytes` wait for it: each message leaving within `send_seconds` kept it open,
        while a guest echoing kilobyte pings and reading a trickle grew what waited here by
        megabytes a minute."""
        if text is None:
            conn.outbox.put_nowait(None)
            return
        if conn.queued + len(text) > self.door.limits.queued_bytes:
            if conn.open:
                conn.open = False
                log.warning("closed the connection from %s: it reads too slowly", conn.peer)
                conn.ws.transport.abort()
                conn.outbox.put_nowait(None)
            return
        conn.queued += len(text)
        conn.outbox.put_nowait(text)

    async def _writer(self, conn: Connection) -> None:
        """Send this connection's messages in order; None closes it. A laptop that takes
        no message for `send_seconds` is cut off: its messages would pile up here without
        end (websockets' keepalive cannot see it, its ping waits behind them)."""
        while (text := await conn.outbox.get()) is not None:
            conn.queued -= len(text)
            try:
                async with asyncio.timeout(self.door.limits.send_seconds):
                    await conn.ws.send(text)
            except ConnectionClosed:
                break
            except TimeoutError:
                log.warning("closed the connection from %s: it reads nothing", conn.peer)
                conn.ws.transport.abort()
                break
        conn.open = False
        with contextlib.suppress(Exception):
            await conn.ws.close()

    def _refuse_now(self, conn: Connection, reason: Reason, to: str = "") -> None:
        """On the server thread: answer `refused`, and close after STRIKES in a row."""
        self.refusals += 1
        conn.strikes += 1
        self._put(conn, P.dump("refused", reason=P.reason_json(reason), to=to))
        if conn.strikes >= STRIKES and conn.open:
            conn.open = False
            self.closed_for_strikes += 1
            log.warning("closed the connection from %s: too many bad messages", conn.peer)
            self._put(conn, P.dump("bye", reason=P.reason_json(Reason(P.TOO_MANY_BAD, {}))))
            self._put(conn, None)

    def _call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run `fn(*args)` on the server thread (from the frame loop's thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(fn, *args)

    def send(self, conn: Connection, text: str) -> None:
        self._call(self._put, conn, text)

    def refuse(self, conn: Connection, reason: Reason, to: str = "") -> None:
        self._call(self._refuse_now, conn, reason, to)

    def notice(self, conn: Connection, reason: Reason, to: str = "") -> None:
        """A refusal that is no bad message (no strike): a person's own second try."""
        self.send(conn, P.dump("refused", reason=P.reason_json(reason), to=to))

    def close(self, reason: str = "match_over", timeout: float = 2.0) -> None:
        """Say goodbye to every guest and stop the server thread."""
        bye = P.dump("bye", reason=P.reason_json(Reason(reason, {})))
        for conn in list(self.connections):
            self.send(conn, bye)
        if self._stop is not None:
            self._call(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    # --- the frame loop's side ---
    def step(self, dt: float) -> None:
        """One frame of a host without a table screen: the network, then the session."""
        self.pump()
        if self.started and not self._last_trick_lies(dt):
            self.session.step(dt)

    def _last_trick_lies(self, dt: float) -> bool:
        """After a deal's last trick (revoke = club) the deal waits for calls on it. A
        screen's trick pause holds it for its person; without a screen the session ends
        it at once, so a host without one holds it as long, for its connected guests."""
        s, seats = self.session.state, self.session.seats
        if getattr(s, "phase", "") != DEAL_END or not any(seats[r].present for r in self.remote):
            self._lying = None
            return False
        since = self._lying[1] if self._lying is not None and self._lying[0] == s.deal_start else 0
        self._lying = (s.deal_start, since + dt)  # per deal: a call does not make it longer
        return since + dt < ASKED_PAUSE * self.session.settings.speed

    def pump(self) -> None:
        """Handle what the guests sent since the last frame; tell them who is connected."""
        while True:
            try:
                conn, message = self.inbox.get_nowait()
            except queue.Empty:
                break
            if message is None:
                self._gone(conn)
            elif message["type"] == "join":
                self._join(conn, message)
            elif message["type"] == "act":
                self._act(conn, message)
            elif message["type"] == "away" and conn.seat is not None:
                self._away_wanted[conn.seat] = message["away"]
            elif message["type"] == "back" and conn.seat is not None:
                self.unbench(conn.seat)
        self._show_away()
        self._watch_turn()
        stalled = self.stalled()
        if stalled is not None and not self.asks:  # nobody to ask: the table plays on
            self.bench(stalled)
        status = [*self.seat_status(), self.started]  # what the guests were last sent
        if status != self._status:
            self._status = status
            self._broadcast_seats()
        free = self.free_seats()
        if free != self._free:
            self._free = free
            for listener in list(self.seat_listeners):
                listener(free)

    def begin(self, play_on: bool = False) -> None:
        """Start the match (the lobby is over); free remote seats wait out their grace.
        `play_on` (a continued match whose guests are not all back): their computers play
        at once, until they return."""
        if self.started:
            return
        self.started = True
        self._lobby.clear()  # from the first card on, a seat is kept for its guest
        clock_now = None
        for s in self.remote:
            seat = self.session.seats[s]
            if not seat.present:
                clock_now = clock_now if clock_now is not None else seat.clock()
                seat.away_since = clock_now - seat.grace if play_on else clock_now
        if self.on_begin is not None:
            self.on_begin(self)

    def _show_away(self) -> None:
        """A guest's "left the table for a moment", as every seat is sent it and every
        screen shows it, changes at most once each AWAY_EVERY seconds (the last word
        stands): a client sending away and back twenty times a second made them flicker."""
        for s, away in list(self._away_wanted.items()):
            now = self.session.seats[s].clock()
            if now - self._away_at.get(s, -math.inf) < AWAY_EVERY:
                continue
            del self._away_wanted[s]
            if away != (s in self.guests_away):
                (self.guests_away.add if away else self.guests_away.discard)(s)
                self._away_at[s] = now

    # --- a guest that does not move ---
    def _watch_turn(self) -> None:
        """Note since when a guest has been to move at this position: the limit is per
        move, so taking the seat back (or rejoining) at the same position gives no new
        time (a client that did so just before its computer played would stall for ever)."""
        s = self.session.state
        seat = None if s.is_over or not self.started else s.to_move
        if seat not in self.remote:
            self._turn = None
            return
        at = s.n_actions - _calls(s)  # a call is no new position: it gives no new time
        if self._turn is None or self._turn[:2] != (seat, at):
            self._turn = (seat, at, self.session.seats[seat].clock())

    def stalled(self) -> int | None:
        """The remote seat whose connected guest has not moved for `turn_limit` seconds
        (None: no one, or no limit)."""
        if self._turn is None or self.turn_limit <= 0:
            return None
        seat, _, since = self._turn
        remote = self.session.seats[seat]
        if not remote.present or not remote.waiting():
            return None
        return seat if remote.clock() - since >= self.turn_limit else None

    def bench(self, s: int) -> None:
        """Let the seat's stand-in computer play for its guest (it stays the guest's). A
        move of the guest's still on its way is then refused as stale if the computer
        played first (the position moved on), and played if it arrives first."""
        seat = self.session.seats[s]
        if seat.kind == REMOTE and not seat.benched:
            seat.benched = True
            log.info("%s did not move for %.0f s: a computer plays for them", seat.name,
                     self.turn_limit)  # fmt: skip

    def unbench(self, s: int) -> None:
        """The guest (its move, its `back`) or the host's person takes the seat back: the
        session waits for the guest again. At the position it stalled at the limit has
        passed already: a host without a screen lets the computer play it at once."""
        seat = self.session.seats[s]
        if seat.kind == REMOTE and seat.benched:
            seat.benched = False
            log.info("%s plays again", seat.name)

    def wait_more(self, s: int) -> None:
        """The host's person keeps waiting for the guest: the limit counts afresh."""
        if self._turn is not None and self._turn[0] == s:
            self._turn = (*self._turn[:2], self.session.seats[s].clock())

    def _seat_of(self, conn: Connection) -> RemoteSeat | None:
        return None if conn.seat is None else self.session.seats[conn.seat]

    def _join(self, conn: Connection, message: dict[str, Any]) -> None:
        back = None if message["room"] == self.room else self._brought_back(message)
        if message["room"] != self.room and back is None:
            self.refuse(conn, Reason(self._wrong_room(message), {}), "join")
            return
        if conn.seat is not None or conn.asking:
            self.refuse(conn, Reason(P.ALREADY_JOINED, {}), "join")
            return
        name = message["name"].strip()  # a name names.py allows (protocol.parse checked it)
        if back is not None:
            self._bring(conn, back, name)
            return
        seats = self.session.seats
        token = message.get("token")
        owned = [s for s in self.remote if seats[s].claimed and matches(token, self.keys.get(s))]
        if owned:  # this laptop's own seat, whatever name it gives now
            self._seat(conn, owned[0], name, fresh=False)
            return
        key = name_key(name)
        mine = [s for s in self.remote if seats[s].claimed and name_key(seats[s].name) == key]
        taken = self._taken_names()
        expected = self._expected()  # a newcomer takes these last: their guests come back
        free = self._free_seats(last=lambda s: s in expected)
        if mine:
            s = mine[0]
            if seats[s].present:
                self.refuse(conn, Reason(P.NAME_IN_USE, {"name": name}), "join")
            elif s not in self.keys:  # claimed before tokens: the name is all there is
                self._seat(conn, s, name, fresh=True)
            else:
                self._ask(conn, s)
        elif free and key not in taken:
            self._seat(conn, free[0], name, fresh=True)
        else:
            reason = P.NAME_IN_USE if key in taken and free else P.TABLE_FULL
            self.refuse(conn, Reason(reason, {"name": name}), "join")

    def _taken_names(self) -> set[str]:
        """The name keys of the people seated (a computer gives its name up)."""
        return {name_key(seat.name) for seat in self.session.seats
                if seat.kind == HUMAN or (seat.kind == REMOTE and seat.claimed)}  # fmt: skip

    def _free_seats(self, last: Callable[[int], bool]) -> list[int]:
        """The guests' free seats in the game's order, those for which `last` holds last."""
        seats, order = self.session.seats, remote_order(self.game)
        return sorted((s for s in self.remote if not seats[s].claimed),
                      key=lambda s: (last(s), order.index(s)))  # fmt: skip

    def _expected(self) -> set[int]:
        """Our free seats the last match's seated guests are expected back at (each at the
        seat it had, when that seat is a guest's here too)."""
        if self.previous is None:
            return set()
        back = set(self._brought.values())
        return {p for p in self.previous.keys if p not in back and p in self.remote}

    def _bring(self, conn: Connection, p: int, name: str) -> None:
        """A laptop seated at the last match's end at seat `p` comes back with that match's
        code and its token: its old seat if free, else the first free one, with a new token
        (the welcome names the new code). The token brings one laptop at a time: while a
        seat it brought is taken, a copy of it (read off the wifi) brings nobody."""
        free = self._free_seats(last=lambda s: s != p)
        if not free:
            self.refuse(conn, Reason(P.TABLE_FULL, {"name": name}), "join")
        elif name_key(name) in self._taken_names():
            self.refuse(conn, Reason(P.NAME_IN_USE, {"name": name}), "join")
        else:
            self._brought[free[0]] = p
            log.info("%s comes back from the last match at this table", name)
            self._seat(conn, free[0], name, fresh=True)

    def handover(self) -> Previous:
        """What a new match at this table takes over (see `Previous`): our code, and the
        keys of the guests seated at our match's end (now, if it has not ended)."""
        keys = self._at_end if self._at_end is not None else self._seated_keys()
        seats = self.session.seats
        return Previous(self.room, dict(keys), tuple(seats[s].name for s in sorted(keys)))

    def _seated_keys(self) -> dict[int, str]:
        seats = self.session.seats
        return {s: self.keys[s] for s in self.remote
                if seats[s].claimed and seats[s].present and s in self.keys}  # fmt: skip

    def _seat(self, conn: Connection, s: int, name: str, fresh: bool) -> None:
        """Seat `conn` at `s`; `fresh`: with a new rejoin token (the seat's old one, if
        any, no longer works). A connection still holding the seat (a drop the host has
        not noticed yet) is closed: the token says this one is the seat's laptop."""
        seats = self.session.seats
        for other in list(self.connections):
            if other is not conn and other.seat == s:
                other.seat = None
                bye = Reason(P.NAME_IN_USE, {"name": seats[s].name})
                self.send(other, P.dump("bye", reason=P.reason_json(bye)))
                self._call(self._put, other, None)
        for t in [t for t in self.takeovers if t.seat == s and t.conn is not conn]:
            self._answer(t, Reason(P.NAME_IN_USE, {"name": seats[s].name}))
        conn.seat = s
        conn.strikes = 0
        conn.asking = False
        if not self.started and not seats[s].claimed:
            self._lobby.add(s)
        seats[s].arrive(name)
        token: dict[str, str] = {}
        if fresh:
            token["token"] = new_token()
            self.keys[s] = digest(token["token"])
            if self.on_keys is not None:
                self.on_keys()
        self.guests_away.discard(s)  # a new window opens at the table
        self._away_wanted.pop(s, None)
        self._rename_computers(seats[s].name)
        log.info("%s joined seat %d from %s", seats[s].name, s, conn.peer)
        away: dict[str, Any] = {}
        left_at = self._left_at.pop(s, None)
        if left_at is not None:
            played = played_for(left_at, self.session.state, s)
            if played is None or played > 0:  # None: a deal ended meanwhile
                away["played_for"] = played
        self.send(conn, P.dump(
            "welcome", seat=s, game=self.game.name, room=self.room,
            variant=P.encode(self.session.variant), seats=self.seat_status(), started=self.started,
            hears_away=True, **away, **token,
        ))  # fmt: skip
        self.send(conn, self._state_message(s, None, None, []))
        if not self.started and all(seats[r].present for r in self.remote):  # all (back)
            self.begin()

    # --- a seat for another laptop: the host's person decides ---
    def _ask(self, conn: Connection, s: int) -> None:
        """A laptop without the seat's token asks for dropped seat `s` by its name."""
        name = self.session.seats[s].name
        if not self.asks or len(self.takeovers) >= MAX_TAKEOVERS:
            self.refuse(conn, Reason(P.SEAT_KEPT, {"name": name}), "join")
            return
        conn.asking = True
        self.takeovers.append(Takeover(conn, s, name))
        log.info("a laptop at %s asks for %s's seat", conn.peer, name)
        self.notice(conn, Reason(P.ASK_HOST, {"name": name}), "join")  # not a bad message

    def grant(self, t: Takeover) -> bool:
        """The person gave the seat to this laptop: it gets it with a new token. False if
        the question no longer stands (the laptop left, the seat's own came back)."""
        if t not in self.takeovers:
            return False
        self.takeovers.remove(t)
        seat = self.session.seats[t.seat]
        if not t.conn.open or seat.present:
            self._answer(t, Reason(P.NAME_IN_USE, {"name": seat.name}), listed=False)
            return False
        self._seat(t.conn, t.seat, seat.name, fresh=True)
        return True

    def deny(self, t: Takeover) -> None:
        """The person kept the seat for the laptop that played it."""
        self._answer(t, Reason(P.TAKEOVER_REFUSED, {"name": t.name}))

    def _answer(self, t: Takeover, reason: Reason, listed: bool = True) -> None:
        if listed and t in self.takeovers:
            self.takeovers.remove(t)
        t.conn.asking = False
        if t.conn.open:
            self.refuse(t.conn, reason, "join")

    def _rename_computers(self, name: str) -> None:
        """A guest took a computer's name ("Anna"): the computer plays under another."""
        seats = self.session.seats
        used = {name_key(seat.name) for seat in seats}
        for seat in seats:
            if seat.kind == COMPUTER and name_key(seat.name) == name_key(name):
                seat.name = next(n for n in (*SEAT_NAMES[1:], *SPARE_NAMES, *(f"CPU {i}" for i in
                                 range(1, 9))) if name_key(n) not in used)  # fmt: skip
                used.add(name_key(seat.name))

    def _gone(self, conn: Connection) -> None:
        self.takeovers = [t for t in self.takeovers if t.conn is not conn]
        seat = self._seat_of(conn)
        if seat is not None and not any(
            c.seat == conn.seat and c.open for c in self.connections if c is not conn
        ):
            seat.leave()
            if conn.seat is not None and self.started:
                self._left_at.setdefault(conn.seat, self.session.state)
            elif conn.seat in self._lobby:
                self._release(conn.seat)
                return
            log.info("%s dropped; a computer plays after %.0f s", seat.name, seat.grace)

    def _release(self, s: int) -> None:
        """A guest that took seat `s` in the lobby left before the first card: nothing was
        played to keep the seat for, so it is free again (its token no longer takes it).
        Otherwise one laptop that joined and left kept a host without a screen (nobody to
        press "Start") waiting for ever, and the guests who came found the table full."""
        seat = self.session.seats[s]
        log.info("%s left the lobby; the seat is free again", seat.name)
        self._lobby.discard(s)
        self._brought.pop(s, None)  # its last match's token brings it back once more
        seat.claimed = False
        seat.name = seat.stand_in.name
        self.guests_away.discard(s)
        if self.keys.pop(s, None) is not None and self.on_keys is not None:
            self.on_keys()

    def _act(self, conn: Connection, message: dict[str, Any]) -> None:
        s = self.session.state
        if conn.seat is None:
            self.refuse(conn, Reason(P.NOT_JOINED, {}), "act")
            return
        if "seat" in message and message["seat"] != conn.seat:
            self.refuse(conn, Reason(P.NOT_YOUR_SEAT, {}), "act")
            return
        self.unbench(conn.seat)  # its own move, even a stale one: the guest is back
        call = _a_call(message)
        if not self.started or s.is_over or (s.to_move != conn.seat and not call):
            self.refuse(conn, Reason(P.NOT_YOUR_TURN, {}), "act")
        elif getattr(s, "phase", "") == DEAL_END and not call:  # ended after the trick's pause
            self.refuse(conn, Reason(P.HOST_ENDS_DEAL, {}), "act")
        elif not call and not _same_position(s, message["n"]):  # a call: judged as it is now
            self.refuse(conn, Reason(P.STALE, {}), "act")
        else:
            try:
                action = self.game.parse_action(message["action"])
            except ValueError:
                self.refuse(conn, Reason(P.BAD_MESSAGE, {"error": "not an action"}), "act")
                return
            if getattr(action, "seat", None) not in (None, conn.seat):  # a call names its seat
                self.refuse(conn, Reason(P.NOT_YOUR_SEAT, {}), "act")
                return
            reason = self.session.submit(action)  # a second call: the session says so
            if reason is not None and reason.key == P.CALLED_ALREADY:
                self.notice(conn, reason, "act")  # a key held down: no strike
            elif reason is not None:
                self.refuse(conn, reason, "act")
            else:
                conn.strikes = 0

    # --- telling the guests ---
    def _state_message(self, seat: int, before: Any, action: Any, events: Sequence[Any]) -> str:
        """`seat`'s own observation, and the move and its events as that seat may see them
        (`seen_by`: in Kalabriasz a card laid away is "lay" to the other two)."""
        state = self.session.state
        by, events = None, list(events)
        if before is not None:
            by = before.actor(action)
            action, events = before.seen_by(seat, action, events)
        return P.dump(
            "state", n=state.n_actions, obs=P.encode_observation(state.observation(seat)),
            action=None if action is None else str(action), by=by, events=P.encode(events),
        )  # fmt: skip

    def _moved(self, before: Any, action: Any, events: list[Any]) -> None:
        """The session's listener: each connected guest its own view of the move; after
        the match's last move (nothing is hidden any more) its whole record, so a guest
        may keep a copy in its own history."""
        over = self.session.state.is_over
        record = self._record_message() if over else None
        if over and self._at_end is None:  # who was seated to the end (`handover`)
            self._at_end = self._seated_keys()
        for conn in list(self.connections):
            if conn.seat is not None and conn.open:
                self.send(conn, self._state_message(conn.seat, before, action, events))
                if record is not None:
                    self.send(conn, record)

    def _record_message(self) -> str:
        session = self.session
        return P.dump(
            "record", seed=session.seed, preset=self.game.preset_name(session.variant),
            actions=[str(a) for a in session.state.actions],
            players=[seat.name for seat in session.seats],
            kinds=[seat.kind if seat.kind != "computer" else str(seat.level)
                   for seat in session.seats],
        )  # fmt: skip

    def _broadcast_seats(self) -> None:
        text = P.dump("seats", seats=self.seat_status(), started=self.started)
        for conn in list(self.connections):
            if conn.seat is not None:
                self.send(conn, text)


def _a_call(message: dict[str, Any]) -> bool:
    """ "Verzaakt!" (revoke = club) is called out of turn, by the seat it names."""
    return str(message["action"]).split()[:1] == ["verzaakt"]


def _calls(state: Any) -> int:
    """The "Verzaakt!" calls in the deal so far: a wrong one changes nothing but the log."""
    return sum(1 for _, action in state.deal_log if action.kind == VERZAAKT)


def _same_position(state: Any, n: int) -> bool:
    """A move chosen at position `n` fits the position now: nothing but calls came since
    (a wrong call changes nothing; a right one ends the deal)."""
    if n == state.n_actions:
        return True
    if not state.deal_start <= n < state.n_actions:
        return False
    return all(action.kind == VERZAAKT for _, action in state.deal_log[n - state.deal_start :])


def played_for(before: Any, after: Any, seat: int) -> int | None:
    """How many of `seat`'s cards were played between two positions of one match (a
    computer's, while the guest was away); None: a deal ended meanwhile, so it played
    at least the rest of that one."""
    if after.deal_no != before.deal_no:
        return None
    # its moves since (counted, not its cards: a maker's hand grows by the talon); a redeal
    # (the same deal's number) starts the log afresh
    moves = after.deal_log
    if after.deal_start == before.deal_start:
        moves = moves[len(before.deal_log) :]
    return sum(1 for s, action in moves if s == seat and action.kind == "play")


SPARE_NAMES = ("Kees", "Fenna")  # a computer's name when the host took one of SEAT_NAMES


def remote_order(game: Game) -> tuple[int, ...]:
    """The seats guests take, in order: in Klaverjas the first guest is the host's partner."""
    return game.guests


def host_seating(
    game: Game, seed: int, host_name: str, guests: int | Sequence[int], level: str, *,
    names: Sequence[str] | None = None, grace: float = GRACE,
    clock: Callable[[], float] = time.monotonic, claimed: bool = False,
) -> Seating:  # fmt: skip
    """Seat 0 the host's person (played by the autopilot when no screen is there), `guests`
    remote seats (a number, taken in `remote_order`, or the seats themselves), computers at
    `level` in the rest. `names`: every seat's name (a resumed match's); `claimed`: the
    remote seats are known guests' (they rejoin with their tokens, see NetHost.keys)."""
    from ..seats import HumanSeat, valid_level
    from ..session import computer_seat

    level = valid_level(level, game.levels())
    remote = set(remote_order(game)[:guests] if isinstance(guests, int) else guests)
    if not names:  # the computers' names, none the host's own ("Henk" hosting: no two Henks)
        spare = [n for n in (*SEAT_NAMES[1:], *SPARE_NAMES) if name_key(n) != name_key(host_name)]
        names = [host_name, *spare[:3]]
    names = list(names)
    seats: list[Any] = []
    for s in range(game.players):
        if s == 0:
            seats.append(HumanSeat(names[0]))
        elif s in remote:
            stand_in = computer_seat(game, seed, names[s], level, s)
            seats.append(RemoteSeat(names[s], stand_in, grace, clock, claimed=claimed))
        else:
            seats.append(computer_seat(game, seed, names[s], level, s))
    return Seating(seats, (0,), computer_seat(game, seed, names[0], level, 0))
