"""A guest at a network match: a WebSocket client on its own thread.

The client thread connects, joins with the room code and a name, and turns every
message from the host into a checked, decoded `Update` (the seat's own observation,
the move and its public events) kept as `latest` for a table screen and queued in
`updates`. `act(action)` sends a move from any thread; the host's answer to a move
it refuses comes back as `refused`. When the connection drops before the match is
over the client rejoins by itself (same name, code and rejoin token) for `rejoin_for`
seconds, so a restarted host (`--continue`) finds its guests back. The token comes with
the first welcome to a seat; `on_token` keeps it (in the data folder, tokens.py), so a
restarted laptop takes its seat back too. A laptop seated at a match's end comes to the
next match at that table with the old code and its token; the welcome then names the new
code, which `room` follows.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ...engine import Action, Suit
from ...engine.match import DEAL_END
from ...engine.reasons import Reason
from ...games import GAMES, Game
from . import protocol as P
from .names import NAME_REASONS

log = logging.getLogger(__name__)

UNREACHABLE = "unreachable"  # a Reason key of the guest's own: no host answers there
FATAL = {P.WRONG_ROOM, P.TABLE_FULL, P.NAME_IN_USE, P.BAD_VERSION, P.TOO_MANY_BAD, P.SEAT_KEPT,
         P.TAKEOVER_REFUSED, P.ROOM_CHANGED, P.LOCKED_OUT, *NAME_REASONS}  # fmt: skip


def split_address(text: str, default_port: int) -> tuple[str, int]:
    """ "192.168.1.20", "host:47474", "[::1]:47474" -> (host, port); ValueError if bad."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:
        host, port = text, ""
    if not host or any(c.isspace() or c in "/@?#" for c in host):
        raise ValueError(f"{text!r} is not an address")
    if not port:
        return host, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port (1 to 65535)")
    return host, int(port)


def uri(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"


_UNSHOWN = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}  # control, format (bidi), private, separators


def received_reason(data: dict[str, Any]) -> Reason:
    """A refusal as the host sent it, its facts back in the engine's types (a suit letter
    a Suit, a sequence a tuple), so the words of any language can be filled in."""
    values: dict[str, Any] = {}
    for key, value in data["values"].items():
        if isinstance(value, str):  # words for a screen: nothing that turns or hides text
            value = "".join(c for c in value if unicodedata.category(c) not in _UNSHOWN)
        if isinstance(value, str) and len(value) == 1 and value in "CDHS":
            value = Suit(value)
        elif isinstance(value, list):
            value = tuple(value)
        values[str(key)] = value
    return Reason(str(data["key"]), values)


def _fits(game: Game, m: dict[str, Any]) -> None:
    """A welcome or seats message names each of the game's seats, and ours among them
    (the table shows a name for every seat: a short list broke it)."""
    if len(m["seats"]) != game.players or not 0 <= m.get("seat", 0) < game.players:
        raise ValueError(f"the host's seats do not fit {game.name}")


class NetGuest:
    """Join the match at `host:port` with `room` and `name`. `start()`, then read `latest`
    or `updates`; `act()` to move; `close()` at the end. `frames` keeps every text frame
    received when `keep_frames` (the tests check each for hidden cards). `token`: the
    rejoin token this laptop kept for `room`; `on_token(token)` keeps a new one (for
    `room` as it is then: a welcome to a new match at the same table names its new code)."""

    def __init__(
        self, host: str, port: int, room: str, name: str, *, rejoin_for: float = 60.0,
        keep_frames: bool = False, on_update: Callable[[P.Update], None] | None = None,
        on_frame: Callable[[str], None] | None = None, token: str | None = None,
        on_token: Callable[[str], None] | None = None,
    ) -> None:  # fmt: skip
        self.host, self.port, self.room, self.name = host, port, room, name
        self.token = token
        self.on_token = on_token
        self.rejoin_for = rejoin_for
        self.keep_frames = keep_frames
        self.on_update = on_update
        self.on_frame = on_frame
        self.frames: list[str] = []
        self.seat: int | None = None
        self.game: Game | None = None
        self.variant: Any = None
        self.seats: list[dict[str, Any]] = []
        self.started = False  # the lobby is over: the match is being played
        self.latest: P.Update | None = None
        self.updates: queue.SimpleQueue[P.Update] = queue.SimpleQueue()
        self.refused: list[Reason] = []
        self.error: Reason | None = None  # why the guest stopped for good
        self.over = False  # the match ended (its last state is in `latest`)
        self.record: dict[str, Any] | None = None  # the host's record of the match, at its end
        self.joins = 0  # how many times the host welcomed us (1 + rejoins)
        # At the last welcome: how many of our cards a computer played since this name
        # dropped out (None: at least the rest of a deal; 0: none, or a first join).
        self.played_for: int | None = 0
        self.hears_away = False  # the host is told when our person leaves the table
        self.away = False  # what the host was last told
        self.joined = threading.Event()
        self.finished = threading.Event()
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closing = False

    # --- the caller's side ---
    def start(self) -> NetGuest:
        self._thread = threading.Thread(target=self._run, name="klaverjas-guest", daemon=True)
        self._thread.start()
        return self

    def wait_joined(self, timeout: float) -> bool:
        """True once welcomed; False if the guest stopped (see `error`) or time ran out."""
        deadline = time.monotonic() + timeout
        while not self.joined.wait(0.05):
            if self.finished.is_set() or time.monotonic() > deadline:
                return False
        return True

    def act(self, action: Action | str, n: int | None = None) -> None:
        """Send a move for our seat, chosen at position `n` (default: the latest)."""
        if n is None:
            n = self.latest.n if self.latest is not None else 0
        self.send(P.dump("act", n=n, action=str(action)))

    def set_away(self, away: bool) -> None:
        """Our person left the table for another screen (True) or is back: the host hears
        it once per change, when it can (an older host would refuse the message)."""
        if away != self.away and self.hears_away and self.joined.is_set():
            self.away = away
            self.send(P.dump("away", away=away))

    def back(self) -> None:
        """Our person takes the seat back from the computer the host let play for it
        (sent only when the host's seats say it does: an older host never benches)."""
        if self.joined.is_set():
            self.send(P.dump("back"))

    def send(self, text: str) -> None:
        """Send one raw frame (tests use it to misbehave)."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None:
            return
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._send(ws, text), loop)

    @staticmethod
    async def _send(ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    def to_move(self) -> bool:
        """The host waits for our move in the latest position. (Not after a deal's last
        trick, "deal_end": the host ends the deal itself after the trick's pause.)"""
        u = self.latest
        return (self.started and u is not None and u.observation.to_move == self.seat
                and bool(u.observation.legal) and u.observation.phase != DEAL_END)  # fmt: skip

    def close(self, timeout: float = 2.0) -> None:
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(ws.close(), loop)
        if self._thread is not None:
            self._thread.join(timeout)

    # --- the client thread ---
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # noqa: BLE001 - a broken guest must not take the caller down
            log.error("the network guest stopped: %s", e)
            self.error = self.error or Reason(UNREACHABLE, {"error": str(e)})
        finally:
            self.finished.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        lost_at: float | None = None
        while (
            not self._closing and self.error is None and not (self.over and self.record is not None)
        ):
            try:
                async with connect(uri(self.host, self.port), open_timeout=3, max_size=P.MAX_BYTES,
                                   ping_interval=5, ping_timeout=10) as ws:  # fmt: skip
                    self._ws = ws
                    lost_at = None
                    # only once a host gave one: an older host refuses a field it does not know
                    token = {"token": self.token} if self.token else {}
                    await ws.send(P.dump("join", room=self.room, name=self.name, **token))
                    async for frame in ws:
                        self._receive(frame)
                        if self.error is not None or (self.over and self.record is not None):
                            break
            except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError) as e:
                if isinstance(e, InvalidURI) or (self.joins == 0 and not self._closing):
                    self.error = Reason(UNREACHABLE, {"error": str(e) or type(e).__name__})
                    return
            finally:
                self._ws = None
            if self._closing or self.over or self.error is not None:
                return  # (a match over without its record: no copy, nothing to rejoin)
            lost_at = lost_at if lost_at is not None else time.monotonic()
            if time.monotonic() - lost_at > self.rejoin_for:
                self.error = Reason(P.HOST_GONE, {})
                return
            await asyncio.sleep(0.3)  # the host restarts: knock again

    def _receive(self, frame: str | bytes) -> None:
        text = frame if isinstance(frame, str) else repr(frame)
        if self.keep_frames:
            self.frames.append(text)
        if self.on_frame is not None:
            self.on_frame(text)
        try:
            m = P.parse(frame, P.HOST_SCHEMAS)
            kind = m["type"]
            if kind == "welcome":
                _fits(GAMES[m["game"]], m)
                self.seat, self.game = m["seat"], GAMES[m["game"]]
                self.variant = self.game.variant_from_dict(m["variant"])
                self.seats, self.started = m["seats"], m["started"]
                self.played_for = m.get("played_for", 0)
                self.hears_away, self.away = m.get("hears_away", False), False
                if m["room"] != self.room and P.is_room_code(m["room"]):
                    # brought to a new match with the last one's code: the table's code now,
                    # for a rejoin and for the token kept (on_token reads `room`)
                    self.room = m["room"]
                if m.get("token") and m["token"] != self.token:
                    self.token = m["token"]
                    if self.on_token is not None:
                        self.on_token(self.token)
                self.joins += 1
                self.joined.set()
            elif kind == "state":
                self._state(m)
            elif kind == "seats":
                if self.game is not None:
                    _fits(self.game, m)
                self.seats, self.started = m["seats"], m["started"]
            elif kind == "refused":
                reason = received_reason(m["reason"])
                self.refused.append(reason)
                if m.get("to") == "join" and reason.key in FATAL:
                    self.error = reason
            elif kind == "record":
                self.record = m
            elif kind == "bye":
                key = m["reason"]["key"]
                if key == P.HOST_GONE and not self.over:
                    pass  # the host closed mid-match and may continue it: knock again
                elif key != "match_over" or not self.over:
                    self.error = received_reason(m["reason"])
                elif self.record is None:
                    self.record = {}  # the match is over and no record comes: stop reading
        except (P.ProtocolError, ValueError, TypeError, KeyError) as e:
            log.warning("ignored a message the host sent: %s", e)  # a newer host, or damage

    def _state(self, m: dict[str, Any]) -> None:
        game = self.game
        if game is None:
            raise ValueError("a state before the welcome")
        update = P.Update(
            n=m["n"],
            observation=P.decode_observation(m["obs"], game),
            action=None if m.get("action") is None else game.state.parse_seen(m["action"]),
            by=m.get("by"),
            events=tuple(P.decode_event(e, game) for e in m["events"]),
        )
        self.latest = update
        self.updates.put(update)
        if any(type(e).__name__ == "MatchOver" for e in update.events) or (
            update.observation.phase in ("match_over", "game_over")
        ):
            self.over = True
        if self.on_update is not None:
            self.on_update(update)
