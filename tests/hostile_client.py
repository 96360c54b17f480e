"""A hostile client for the network tests, written the way a stranger would: its own few
lines of WebSocket (RFC 6455) over a plain socket and its own JSON messages, none of the
program's guest or protocol code. So it can send what no honest guest sends: nothing at
all, half a handshake, a frame too big, bytes that are not UTF-8, a wrong code a thousand
times.

Loopback only: it connects to 127.0.0.1 (or ::1) and nowhere else; `source` picks the
loopback address it comes from (127.0.0.2, 127.0.0.3, ...: many "addresses" on one
machine, as Linux routes all of 127/8 to itself). Every read has a timeout.

    c = Client(port, source="127.0.0.2").handshake()
    c.send(hello(room="ZZZZZZ", name="Mallory"))
    c.answer()  # {"type": "refused", "reason": {"key": "wrong_room", ...}, ...}
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import socket
import struct
import time
from typing import Any

LOOPBACK = ("127.0.0.1", "::1")
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's constant
TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA


def message(kind: str, **fields: Any) -> str:
    """One message of the program's protocol (version 1), as text."""
    return json.dumps({"v": 1, "type": kind, **fields})


def hello(room: str, name: str) -> str:
    return message("join", room=room, name=name)


def can_come_from(source: str) -> bool:
    """This machine lets a socket use `source` as its loopback address (Linux: all of
    127/8; macOS: only 127.0.0.1 unless aliases are added)."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in source else socket.AF_INET) as s:
            s.bind((source, 0))
        return True
    except OSError:
        return False


class Client:
    """One connection to the host at `host:port` (loopback) from `source`."""

    def __init__(self, port: int, *, source: str = "127.0.0.1", host: str = "127.0.0.1",
                 timeout: float = 5.0) -> None:  # fmt: skip
        if host not in LOOPBACK:
            raise ValueError(f"the hostile client connects to loopback only, not {host!r}")
        self.host, self.port, self.timeout = host, port, timeout
        self.sock = socket.create_connection((host, port), timeout=timeout,
                                             source_address=(source, 0))  # fmt: skip
        self.buffer = b""
        self.deadline = time.monotonic() + timeout  # of the read under way
        self.status: int | None = None  # the HTTP status of the handshake's answer
        self.body = b""

    # --- the opening handshake ---
    def handshake(self) -> Client:
        """Upgrade to WebSocket; `status` 101 on success (else the host's HTTP answer)."""
        key = base64.b64encode(os.urandom(16)).decode()
        self.deadline = time.monotonic() + self.timeout
        host = f"[{self.host}]" if ":" in self.host else self.host
        self.sock.sendall(
            f"GET / HTTP/1.1\r\nHost: {host}:{self.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = self._until(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1])
        headers = {
            k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])
        }
        if self.status == 101:
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            if headers.get("sec-websocket-accept") != accept:
                raise ConnectionError("the host's handshake answer does not match our key")
        else:
            self.body = self.buffer
        return self

    def _until(self, end: bytes) -> bytes:
        while end not in self.buffer:
            self._read()
        head, _, self.buffer = self.buffer.partition(end)
        return head

    def _read(self) -> None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the host said nothing in time")
        self.sock.settimeout(left)  # the whole answer's time, pings and all
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the host closed the connection")
        self.buffer += data

    def _exactly(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self._read()
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    # --- frames ---
    def frame(self, payload: bytes, opcode: int = TEXT, fin: bool = True,
              length: int | None = None) -> None:  # fmt: skip
        """Send one masked frame (a client's frames are masked); `length`: the length the
        header claims, whatever the payload is."""
        n = len(payload) if length is None else length
        head = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.settimeout(self.timeout)
        self.sock.sendall(head + mask + masked)

    def send(self, data: str | bytes) -> None:
        """A text frame (str) or a binary frame (bytes)."""
        if isinstance(data, str):
            self.frame(data.encode("utf-8", "surrogatepass"), TEXT)
        else:
            self.frame(data, BINARY)

    def receive(self) -> tuple[int, bytes]:
        """The next frame from the host: (opcode, payload); pings are answered."""
        while True:
            first, second = self._exactly(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._exactly(8))[0]
            payload = self._exactly(n)
            opcode = first & 0x0F
            if opcode == PING:
                self.frame(payload, PONG)
                continue
            return opcode, payload

    def answer(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the host as a dict; the end of the connection as
        {"type": "closed", "code": ..., "why": ...} (a close frame) or {"type": "eof"}."""
        self.deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        try:
            opcode, payload = self.receive()
        except (EOFError, ConnectionError):
            return {"type": "eof"}
        if opcode == CLOSE:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            with contextlib.suppress(OSError):
                self.frame(payload[:2], CLOSE)
            return {"type": "closed", "code": code, "why": payload[2:].decode("utf-8", "replace")}
        return json.loads(payload.decode("utf-8"))

    def answers(self, until: float) -> list[dict[str, Any]]:
        """Every message until the connection ends or `until` seconds pass."""
        out: list[dict[str, Any]] = []
        end = time.monotonic() + until
        while (left := end - time.monotonic()) > 0:
            try:
                m = self.answer(left)
            except TimeoutError:
                break
            out.append(m)
            if m["type"] in ("closed", "eof"):
                break
        return out

    def ended(self, within: float) -> bool:
        """The host ends this connection within `within` seconds (whatever it says first)."""
        return any(m["type"] in ("closed", "eof") for m in self.answers(within))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


def reason(m: dict[str, Any]) -> str:
    """A refusal's or goodbye's reason key ("" for any other message)."""
    return m.get("reason", {}).get("key", "") if m.get("type") in ("refused", "bye") else ""
