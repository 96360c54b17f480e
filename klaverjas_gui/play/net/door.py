"""The host's door: which connections it keeps open, and how often an address may try a
room code. Anyone on the wifi can open a connection without knowing the code; the door
keeps such strangers from locking the guests out or guessing the code.

- A connection must send the right room code within `join_seconds`, or it is closed.
- At most `per_address` connections from one address (an IPv6 address counts by its /64,
  which one laptop can fill with addresses of its own), and `total` in all. A newcomer is
  always let in while a place is held by anyone without a seat: the door closes, to make
  room, first a connection that has not sent the code, from the address holding the most
  such (the oldest of them), then the oldest that sent the code but has no seat. So
  strangers push out strangers; a guest with a seat is never pushed out.
- Each connection is read at most `rate` messages a second (a burst of `burst`); more
  wait in the network's buffers, so a flood slows down its sender only.
- Wrong room codes: `free_wrong` per address are free (typing errors); after that the
  address must wait 1, 2, 4 ... up to `max_wait` seconds before its next try, and a try
  while it waits is refused unread. An address is forgotten `forget` seconds after its
  last wrong code; at most `addresses` are remembered (the longest quiet go first).

Everything here runs on the host's server thread; nothing in it touches the network."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Limits:
    join_seconds: float = 5.0
    per_address: int = 8  # a laptop runs one guest; tests and the benchmark run three
    total: int = 64
    rate: float = 20.0  # a guest sends about one message a second at most
    burst: int = 40
    free_wrong: int = 3
    max_wait: float = 60.0
    forget: float = 600.0
    addresses: int = 1024
    # A message the guest's laptop has not taken within this is its last: the connection
    # is closed (a laptop that never reads would hold the host's messages without end).
    send_seconds: float = 30.0
    # What may wait in the host for one connection: a laptop that reads, but slower than
    # the host writes to it (a guest echoing big pings and taking a trickle) is closed
    # over this. A whole Klaverjas match's messages to one seat are some 2 MB, paced by
    # the table; 30 s of them, under 200 KB.
    queued_bytes: int = 1 << 20


class Doorway(Protocol):
    """What the door needs to know of a connection."""

    address: str  # `address_key` of the peer
    knows_room: bool  # it sent the right room code
    seat: int | None  # the seat it plays (set by the host once seated)


def address_key(peer: str) -> str:
    """The address the door counts by: an IPv4 address, or an IPv6 address's /64 (an
    IPv4-mapped IPv6 address is its IPv4 address)."""
    try:
        ip = ipaddress.ip_address(peer.split("%")[0])
    except ValueError:
        return peer[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Bucket:
    """A token bucket: `take()` is the seconds to wait before the next message may be read."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), now

    def take(self, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


@dataclass
class _Guesses:
    wrong: int = 0
    last: float = 0.0
    until: float = 0.0


class Door:
    """The open connections and the wrong codes per address, within `limits`."""

    def __init__(self, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.limits = limits or Limits()
        self.clock = clock
        self.open: list[Doorway] = []  # in the order they opened (the oldest first)
        self._guesses: OrderedDict[str, _Guesses] = OrderedDict()  # least recently wrong first

    # --- connections ---
    def count(self, address: str) -> int:
        return sum(c.address == address for c in self.open)

    def admit(self, conn: Doorway) -> tuple[bool, list[Doorway]]:
        """A connection opened: (within the per-address limit, the connections to close to
        make room; `conn` itself among them when no other can go)."""
        self.open.append(conn)
        within = self.count(conn.address) <= self.limits.per_address
        closing: list[Doorway] = []
        while len(self.open) > self.limits.total:
            victim = self._victim(conn)
            self.leave(victim)
            closing.append(victim)
            if victim is conn:
                break
        return within, closing

    def _victim(self, newcomer: Doorway) -> Doorway:
        """Who goes to make room for `newcomer`: a stranger from the address holding the
        most (its oldest), else the oldest that sent the code and holds no seat, else the
        newcomer itself (every other place is a seated guest's)."""
        strangers = [c for c in self.open if not c.knows_room and c is not newcomer]
        if strangers:
            held: dict[str, int] = {}
            for c in strangers:
                held[c.address] = held.get(c.address, 0) + 1
            most = max(held.values())
            return next(c for c in strangers if held[c.address] == most)
        unseated = (c for c in self.open if c.seat is None and c is not newcomer)
        return next(unseated, newcomer)

    def leave(self, conn: Doorway) -> None:
        """A connection closed (or is being closed): its place is free."""
        if conn in self.open:
            self.open.remove(conn)

    # --- room codes ---
    def wait(self, address: str) -> float:
        """Seconds before `address` may try a room code again (0: now)."""
        g = self._guesses.get(address)
        return 0.0 if g is None else max(0.0, g.until - self.clock())

    def wrong(self, address: str) -> float:
        """`address` sent a wrong room code: the seconds it must wait now."""
        now = self.clock()
        self._forget(now)
        g = self._guesses.pop(address, None) or _Guesses()
        self._guesses[address] = g  # the most recently wrong last
        g.wrong, g.last = g.wrong + 1, now
        over = g.wrong - self.limits.free_wrong
        if over > 0:
            g.until = now + min(2.0 ** min(over - 1, 30), self.limits.max_wait)
        while len(self._guesses) > self.limits.addresses:
            self._guesses.popitem(last=False)
        return self.wait(address)

    def right(self, address: str) -> None:
        """`address` knows the code: its wrong ones are forgotten."""
        self._guesses.pop(address, None)

    def _forget(self, now: float) -> None:
        while self._guesses:
            address, g = next(iter(self._guesses.items()))
            if now - g.last < self.limits.forget or g.until > now:
                break
            del self._guesses[address]

    @property
    def remembered(self) -> int:
        """Addresses with wrong codes on record (bounded by `limits.addresses`)."""
        return len(self._guesses)
