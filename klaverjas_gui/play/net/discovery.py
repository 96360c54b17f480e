"""Finding matches on the local network: mDNS service records through `zeroconf`.

A host announces `_klaverjas._tcp.local.` with its port and a few TXT properties (the
protocol version, the game, the host's name, the free seats); the join list browses
for that type and turns each record into a `Found` match, or drops it when it is not
one of ours, speaks another version, or makes no sense. The room code is never in a
record: joining still needs it from the host's screen.

Only `Announcement.start` and `Browser.start` touch the network; everything that reads
or makes a record is plain code, tested with constructed records.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from zeroconf import ServiceInfo, ServiceStateChange, Zeroconf

from ...games import GAMES
from .names import validate_name
from .protocol import VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_klaverjas._tcp.local."
MAX_PROPERTY = 64  # bytes of one TXT value we read; anything longer is not ours


@dataclass(frozen=True)
class Found:
    """A match announced on the network, as the join list shows it."""

    name: str  # the service's instance name (unique on the network)
    game: str
    host: str  # the host's name at the table
    address: str
    port: int
    seats: int  # free seats for guests

    @property
    def target(self) -> str:
        """What `--join` takes."""
        return f"[{self.address}]:{self.port}" if ":" in self.address else (
            f"{self.address}:{self.port}"
        )  # fmt: skip


def instance_name(host: str, game: str) -> str:
    """A readable instance name: "Anna's Klaverjas" style, safe for a DNS label."""
    clean = re.sub(r"[^\w \-']", "", host, flags=re.UNICODE).strip()[:30] or "Klaverjas"
    return f"{clean} {GAMES[game].label}.{SERVICE_TYPE}"


def service_info(game: str, port: int, host: str, seats: int, addresses: Iterable[str]
                 ) -> ServiceInfo:  # fmt: skip
    """The record a host announces."""
    packed = [ipaddress.ip_address(a).packed for a in addresses]
    return ServiceInfo(
        SERVICE_TYPE, instance_name(host, game), port=port, addresses=packed,
        properties={"v": str(VERSION), "game": game, "host": host[:24], "seats": str(seats)},
        server=f"{socket.gethostname().split('.')[0] or 'klaverjas'}.local.",
    )  # fmt: skip


def _prop(props: dict[Any, Any], key: str) -> str | None:
    value = props.get(key.encode(), props.get(key))
    if isinstance(value, bytes):
        if len(value) > MAX_PROPERTY:
            return None
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) and len(value) <= MAX_PROPERTY else None


def found_from_info(info: Any) -> Found | None:
    """The match a record describes, or None for a record that is not a match we can join
    (another program's, another version, a game we do not know, no address or port)."""
    try:
        if info is None or not str(info.type).endswith(SERVICE_TYPE):
            return None
        props = info.properties or {}
        if _prop(props, "v") != str(VERSION):
            return None
        game = _prop(props, "game")
        if game not in GAMES:
            return None
        port = int(info.port or 0)
        if not 0 < port < 65536:
            return None
        addresses = [a for a in info.parsed_addresses() if _usable(a)]
        if not addresses:
            return None
        address = sorted(addresses, key=lambda a: ":" in a)[0]  # IPv4 first: simpler to type
        seats_text = _prop(props, "seats") or "0"
        seats = int(seats_text) if re.fullmatch("[0-9]{1,2}", seats_text) else 0  # not "²"
        host = _prop(props, "host") or "?"
        if validate_name(host, newer=True) is not None:  # no host's name: a bidi override...
            host = "?"
        return Found(str(info.name), game, host, address, port, seats)
    except (AttributeError, TypeError, ValueError) as e:
        log.info("ignored a service record: %s", e)
        return None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_unspecified or ip.is_multicast)


class Browser:
    """Collects the matches announced on the network; `matches()` lists them. The zeroconf
    browser calls `on_change` on its own thread; the join screen reads `matches()`."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zeroconf: Zeroconf | None = None
        self._browser: Any = None
        self.changed = on_change

    def start(self) -> Browser:  # pragma: no cover - multicast is never sent by the tests
        from zeroconf import ServiceBrowser

        self._zeroconf = Zeroconf()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self.on_change])
        return self

    def on_change(self, zeroconf: Any, service_type: str, name: str,
                  state_change: ServiceStateChange) -> None:  # fmt: skip
        """The zeroconf browser's handler: a record appeared, changed or went away."""
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            found = found_from_info(info)
            with self._lock:
                if found is None:
                    self._found.pop(name, None)
                else:
                    self._found[name] = found
        if self.changed is not None:
            self.changed()

    def matches(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host.casefold(), f.name))

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zeroconf is not None:
            self._zeroconf.close()


class Announcement:
    """A host's record on the network, withdrawn by `close`; `set_seats` keeps its free
    seats true as guests take them."""

    def __init__(self, zeroconf: Any, info: ServiceInfo) -> None:
        self.zeroconf, self.info = zeroconf, info
        self.seats = _seats_of(info)
        self.closed = False
        self._lock = threading.Lock()  # one change on the network at a time, close last

    @classmethod
    def start(cls, game: str, port: int, host: str, seats: int) -> Announcement:
        """Register the record (multicast: never called by the tests)."""
        zc = Zeroconf()
        info = service_info(game, port, host, seats, lan_addresses())
        zc.register_service(info, allow_name_change=True)
        return cls(zc, info)

    def set_seats(self, seats: int) -> None:
        """The free seats changed: announce the new number. Zeroconf waits while it sends
        the change, so this returns at once and a thread of its own sends it."""
        if seats != self.seats and not self.closed:
            self.seats = seats
            threading.Thread(target=self._update, name="klaverjas-announce", daemon=True).start()

    def _update(self) -> None:
        with self._lock:
            seats, info = self.seats, self.info
            if self.closed or seats == _seats_of(info):
                return
            props = {k: v for k, v in (info.properties or {}).items() if k is not None}
            props[b"seats"] = str(seats).encode()
            new = ServiceInfo(info.type, info.name, port=info.port,
                              parsed_addresses=info.parsed_addresses(),
                              properties=props, server=info.server)  # fmt: skip
            try:
                self.zeroconf.update_service(new)
            except Exception as e:  # noqa: BLE001 - joining by address still works
                log.warning("the match's free seats are not announced: %s", e)
                return
            self.info = new

    def close(self) -> None:
        with self._lock:
            self.closed = True
            try:
                self.zeroconf.unregister_service(self.info)
            finally:
                self.zeroconf.close()


def _seats_of(info: Any) -> int:
    text = _prop(info.properties or {}, "seats") or ""
    return int(text) if text.isdigit() else -1


def lan_addresses() -> list[str]:  # pragma: no cover - reads this laptop's interfaces
    """This laptop's IPv4 addresses other laptops can reach (no loopback)."""
    from zeroconf import get_all_addresses

    return [a for a in get_all_addresses() if not ipaddress.ip_address(a).is_loopback]
