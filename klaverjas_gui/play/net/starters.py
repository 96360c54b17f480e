"""What the network screens (ui/lan/) ask for: a table opened for guests, or a table joined.
The servers and threads are started here, not by a screen; a screen asks a starter and
shows what it reports, frame by frame, and never waits for the network.

`HostStarter` opens the host's table: the server on its own thread (host.py), the room
code kept for Continue after a crash, the announcement for the join lists on another
(zeroconf probes for a second or two). `GuestStarter` looks for matches on this network
(zeroconf's browser, on its own thread), joins one on the guest's thread (guest.py), and
makes the guest's session once the match begins."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ...engine.reasons import Reason
from . import protocol as P
from .guest import UNREACHABLE, NetGuest
from .headless import HostOptions, forget_room, host_match, remember_room
from .host import DEFAULT_PORT, NetHost
from .mirror import MirrorError
from .session import GuestSession, HostLink, host_link
from .tokens import GuestTokens

log = logging.getLogger(__name__)

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def discovery_allowed(args: Any) -> bool:
    """Announcing and browsing (mDNS multicast) unless this run (`args`, the command line)
    says not to, or listens only on this laptop."""
    bind = getattr(args, "bind", None) or ""
    return not getattr(args, "no_discovery", False) and not bind.startswith("127.") and (
        bind not in LOOPBACK
    )  # fmt: skip


class NothingToContinue(Exception):
    """The history holds no hosted match to continue."""


class CannotHost(OSError):
    """The server could not listen: `port` and the system's words (`why`)."""

    def __init__(self, port: int, why: str) -> None:
        super().__init__(why)
        self.port = port
        self.why = why


class HostStarter:
    """The host's table from its opening until the match begins (then the table's session
    owns the server), or until the host closes it. `host` is None until it is open."""

    def __init__(self) -> None:
        self.host: NetHost | None = None
        self.link: HostLink | None = None
        self.announcer: Any = None

    def open(
        self, store: Any, opt: HostOptions, *, settings: Any, jobs: Any, screen: bool,
        ask: Callable[[NetHost], None], announce: bool,
    ) -> NetHost:  # fmt: skip
        """Start the server with `opt` (around the history's running hosted match when
        `opt.resume`); `ask` puts the host's questions to its person, `announce` lists the
        match on this network. Raises NothingToContinue or CannotHost."""
        made = host_match(store, opt, settings=settings, jobs=jobs, screen=screen, lobby=True)
        if made is None:
            raise NothingToContinue
        host = made[0]
        try:
            host.start()
        except OSError as e:
            host.session.close()
            raise CannotHost(host.port, e.strerror or str(e)) from None
        self.host = host
        self.link = host_link(host, ask=lambda: ask(host))
        remember_room(store, host)  # a crash: `--host --continue` keeps the code
        host.session.on_close(lambda: forget_room(store, host.session))
        if announce:  # as the lobby names the host (a continued match: its stored name)
            name = host.session.seats[0].name
            threading.Thread(target=self._announce, args=(host, name), daemon=True).start()
        return host

    def _announce(self, host: NetHost, name: str) -> None:
        """Register the match for the join lists; a table closed or begun meanwhile is not
        listed."""
        try:
            from .discovery import Announcement

            announcer = Announcement.start(host.game.name, host.port, name, host.free_seats())
        except Exception as e:  # noqa: BLE001 - joining by address still works
            log.warning("the match is not announced: %s", e)
            return
        if self.host is host:
            self.announcer = announcer
            host.seat_listeners.append(announcer.set_seats)  # the record follows the seats
            announcer.set_seats(host.free_seats())  # a guest joined while it was registered
        else:
            announcer.close()

    def pump(self) -> NetHost | None:
        """Each frame of the lobby: the guests' joins land. The host once the match has
        begun (every guest seat taken, or `begin`): from then on the table's session owns
        it, and the announcement ends with that session."""
        host, link = self.host, self.link
        if host is None or link is None:
            return None
        link.pump()
        if not host.started:
            return None
        self.host = self.link = None
        announcer, self.announcer = self.announcer, None
        if announcer is not None:
            host.session.on_close(announcer.close)
        return host

    def addresses(self) -> list[str]:
        """Where the guests reach this laptop: the bound address, or every LAN address."""
        assert self.host is not None
        bind = self.host.address
        if bind not in ("0.0.0.0", "::", ""):
            found = [bind]
        else:
            try:
                from .discovery import lan_addresses

                found = lan_addresses() or ["127.0.0.1"]
            except Exception:  # noqa: BLE001 - reading the interfaces failed
                found = ["127.0.0.1"]
        port = self.host.port
        out = []
        for a in found:
            shown = f"[{a}]" if ":" in a else a
            out.append(shown if port == DEFAULT_PORT else f"{shown}:{port}")
        return out

    def close(self) -> None:
        """Close the table: the guests are told (the session closes the server too)."""
        host, self.host, self.link = self.host, None, None
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
            self.announcer = None
        if host is not None:
            host.session.close()


class Browsing(Protocol):
    """What the join list reads: discovery.Browser, or matches given (Listed)."""

    def matches(self) -> list[Any]: ...

    def close(self) -> None: ...


class Listed:
    """Matches given, not browsed for: the join list's stand-in (no multicast)."""

    def __init__(self, found: list[Any]) -> None:
        self.found = found

    def matches(self) -> list[Any]:
        return list(self.found)

    def close(self) -> None:
        """Nothing to stop."""


@dataclass(frozen=True)
class Joining:
    """What a join has come to this frame. `state`: "" (nothing asked), "failed" (`reason`
    says why; the guest is closed), "waiting" (joined, the match not begun), "asking" (the
    host's person decides, `reason` says so), "begun" (`GuestStarter.session` makes the
    table's session), "connecting"."""

    state: str
    reason: Reason | None = None
    address: str = ""

    @property
    def unreachable(self) -> bool:
        """Nobody answers at the address (the system's words are English and long)."""
        return self.reason is not None and self.reason.key == UNREACHABLE


class GuestStarter:
    """The join screen's network: the matches found on it, and the one guest joining."""

    def __init__(self) -> None:
        self.browser: Browsing | None = None
        self.guest: NetGuest | None = None

    def browse(self, factory: Callable[[], Any] | None, allowed: bool) -> None:
        """Look for matches, with zeroconf's browser (started on its own thread) unless
        not `allowed`, or with what `factory` makes (tests hand in constructed records)."""
        if factory is None:
            if not allowed:
                return

            def factory() -> Any:
                from .discovery import Browser

                return Browser()

        self.browser = factory()
        starter = getattr(self.browser, "start", None)
        if starter is not None:
            threading.Thread(target=self._start_browser, args=(starter,), daemon=True).start()

    @staticmethod
    def _start_browser(starter: Callable[[], Any]) -> None:
        try:
            starter()
        except Exception as e:  # noqa: BLE001 - joining by address still works
            log.warning("cannot look for matches on this network: %s", e)

    def show_given(self, found: list[Any]) -> None:
        """List `found` instead of browsing (the catalogue's screenshot)."""
        self.browser = Listed(found)

    def matches(self) -> list[Any]:
        return list(self.browser.matches()) if self.browser is not None else []

    def join(self, host: str, port: int, room: str, name: str, data_dir: Path) -> None:
        """Connect on the guest's own thread; the token this laptop keeps for `room` claims
        its seat back after a drop (or, at a new match of the table, brings it along with
        the last match's code: a new token is kept for the code the welcome names)."""
        tokens = GuestTokens(data_dir)
        guest = NetGuest(host, port, room, name, rejoin_for=60.0, token=tokens.get(room))
        guest.on_token = lambda t: tokens.put(guest.room, t)
        self.guest = guest.start()

    def report(self) -> Joining:
        """Where the join stands this frame; a failed one is closed, and can be tried again."""
        guest = self.guest
        if guest is None:
            return Joining("")
        if guest.error is not None:
            address = f"{guest.host}:{guest.port}"
            if guest.error.key == UNREACHABLE:
                log.info("nobody answers at %s: %s", address, guest.error.values.get("error"))
            guest.close(0.5)
            self.guest = None
            return Joining("failed", guest.error, address)
        if guest.joined.is_set() and not (guest.started and guest.latest is not None):
            return Joining("waiting")
        if not guest.joined.is_set() and guest.refused and guest.refused[-1].key == P.ASK_HOST:
            return Joining("asking", guest.refused[-1])
        if guest.started and guest.latest is not None:
            return Joining("begun")
        return Joining("connecting")

    def session(self, settings: Any, jobs: Any, autopilot: bool, history: Any) -> GuestSession:
        """The begun match's session for the table, which owns the guest from now on.
        Raises MirrorError (the guest closed) when this version cannot show its game."""
        guest = self.guest
        assert guest is not None
        self.guest = None
        try:
            return GuestSession(guest, settings, jobs, autopilot=autopilot, history=history)
        except MirrorError:
            guest.close(0.5)
            raise

    def close(self) -> None:
        """Leave: the guest closes, and the browser stops on its own thread (zeroconf's
        goodbye takes a moment)."""
        if self.guest is not None:
            self.guest.close(0.5)
            self.guest = None
        if self.browser is not None:
            browser, self.browser = self.browser, None
            threading.Thread(target=browser.close, daemon=True).start()
