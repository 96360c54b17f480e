"""The network screens ask play/net's starters and show what they report: no screen starts a
server or a thread itself (read from the syntax trees of ui/lan/), and the guest starter
reports each stage of a join from the guest's own state. Nothing here opens a socket."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from klaverjas_gui.engine.reasons import Reason
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.guest import UNREACHABLE
from klaverjas_gui.play.net.starters import GuestStarter, HostStarter, Listed

LAN = Path(__file__).resolve().parent.parent / "klaverjas_gui" / "ui" / "lan"
# What starts a server, a thread or a network look-up, imported or called: only
# play/net/starters.py may.
IMPORTS = {"threading", "discovery", "tokens", "host_match", "host_link", "remember_room",
           "GuestTokens", "Browser", "Announcement"}  # fmt: skip
CALLS = {"NetGuest", "NetHost", "GuestSession", "Thread", "host_match", "host_link", "start"}


def starts(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[-1] in IMPORTS]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or "", *(alias.name for alias in node.names)]
            found += [n for n in names if n.split(".")[-1] in IMPORTS]
        elif isinstance(node, ast.Call):
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            found += [f"{name}()"] if name in CALLS else []
    return found


def test_no_network_screen_starts_a_server_or_a_thread():
    screens = sorted(LAN.glob("*.py"))
    assert len(screens) >= 5, "the scan found too few screens: is it still looking?"
    found = {p.name: starts(ast.parse(p.read_text(encoding="utf-8"))) for p in screens}
    assert {name: what for name, what in found.items() if what} == {}


class FakeGuest:
    """A NetGuest as the starter reads it: its error, refusals and stage of the join."""

    def __init__(self) -> None:
        self.host, self.port, self.name = "127.0.0.1", 47474, "Anna"
        self.error: Reason | None = None
        self.refused: list[Reason] = []
        self.joined = threading.Event()
        self.started = False
        self.latest: object = None
        self.closed = False

    def close(self, wait: float = 0.0) -> None:
        self.closed = True


def joining(guest: FakeGuest) -> GuestStarter:
    starter = GuestStarter()
    starter.guest = guest  # stands in for a NetGuest
    return starter


def test_the_guest_starter_reports_each_stage_of_a_join():
    guest = FakeGuest()
    starter = joining(guest)
    assert starter.report().state == "connecting"
    guest.refused.append(Reason(P.ASK_HOST, {}))
    asking = starter.report()
    assert asking.state == "asking" and asking.reason == Reason(P.ASK_HOST, {})
    guest.joined.set()
    assert starter.report().state == "waiting"
    guest.started, guest.latest = True, object()
    assert starter.report().state == "begun"
    assert starter.guest is guest and not guest.closed  # the table's session takes it over


def test_a_failed_join_is_closed_and_forgotten_so_it_can_be_tried_again():
    guest = FakeGuest()
    starter = joining(guest)
    guest.error = Reason(UNREACHABLE, {"error": "Connection refused"})
    failed = starter.report()
    assert failed.state == "failed" and failed.unreachable
    assert failed.address == "127.0.0.1:47474"
    assert guest.closed and starter.guest is None
    assert starter.report().state == ""  # nothing asked any more


def test_matches_given_are_listed_without_browsing_and_nothing_is_left_open():
    starter = GuestStarter()
    starter.browse(None, allowed=False)  # no multicast: nothing looks
    assert starter.browser is None and starter.matches() == []
    starter.show_given(["a match"])
    assert isinstance(starter.browser, Listed) and starter.matches() == ["a match"]
    starter.close()
    assert starter.browser is None
    host = HostStarter()
    assert host.pump() is None  # no table open: nothing to pump, nothing begun
    host.close()
