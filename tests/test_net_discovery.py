"""Discovery with constructed service records only: the records a host announces and the
ones a zeroconf browser hands over. Nothing here sends a packet (no multicast)."""

from __future__ import annotations

import io
import socket
import threading
import time
import types

import pytest
from zeroconf import ServiceInfo, ServiceStateChange

from klaverjas_gui.play.net import discovery as D
from klaverjas_gui.play.net.protocol import VERSION


def record(name="Anna Klaverjas", port=47474, addresses=("127.0.0.1",), type_=None,
           **props) -> ServiceInfo:  # fmt: skip
    properties = {"v": str(VERSION), "game": "klaverjas", "host": "Anna", "seats": "3"}
    properties.update({k: v for k, v in props.items() if v is not None})
    for k in [k for k, v in props.items() if v is None]:
        properties.pop(k)
    type_ = type_ or D.SERVICE_TYPE
    packed = [socket.inet_pton(socket.AF_INET6 if ":" in a else socket.AF_INET, a)
              for a in addresses]  # fmt: skip
    return ServiceInfo(type_, f"{name}.{type_}", port=port, properties=properties,
                       addresses=packed, server="anna.local.")  # fmt: skip


def test_what_a_host_announces_is_read_back_as_its_match():
    info = D.service_info("klabberjass", 5000, "Anna", 1, ["127.0.0.1", "fe80::1"])
    assert info.type == D.SERVICE_TYPE and info.name.endswith(D.SERVICE_TYPE)
    found = D.found_from_info(info)
    assert found == D.Found(info.name, "klabberjass", "Anna", "127.0.0.1", 5000, 1)
    assert found.target == "127.0.0.1:5000"


def test_an_ipv6_only_host_is_joined_in_brackets():
    found = D.found_from_info(record(addresses=("fd00::5",)))
    assert found is not None and found.target == "[fd00::5]:47474"


@pytest.mark.parametrize(
    "info",
    [
        None,
        record(v="99"),  # another protocol version
        record(v=None),
        record(game="poker"),
        record(game=None),
        record(port=0),
        record(addresses=()),
        record(addresses=("0.0.0.0",)),
        record(host="x" * 200),  # accepted, but a too long value is not read
        record(type_="_http._tcp.local."),
    ],
)
def test_records_that_are_not_a_match_we_can_join_are_dropped(info):
    found = D.found_from_info(info)
    if info is not None and info.properties.get(b"host", b"").startswith(b"xxx"):
        assert found is not None and found.host == "?"
    else:
        assert found is None


def test_odd_seat_counts_and_names_do_not_break_the_list():
    assert D.found_from_info(record(seats="many")).seats == 0
    assert D.found_from_info(record(seats="-1")).seats == 0
    assert D.found_from_info(record(host="Zoë")).host == "Zoë"


class FakeZeroconf:
    """What the browser's handler asks: the record of a name (as zeroconf resolves it)."""

    def __init__(self, records):
        self.records = records

    def get_service_info(self, service_type, name, timeout=3000):
        return self.records.get(name)


def test_the_browser_lists_added_updated_and_removed_matches():
    anna, bert = record(), record(name="Bert Klaverjas", host="Bert", port=5001)
    zc = FakeZeroconf({anna.name: anna, bert.name: bert})
    changes = []
    browser = D.Browser(on_change=lambda: changes.append(1))
    browser.on_change(zc, D.SERVICE_TYPE, anna.name, ServiceStateChange.Added)
    browser.on_change(zc, D.SERVICE_TYPE, bert.name, ServiceStateChange.Added)
    assert [f.host for f in browser.matches()] == ["Anna", "Bert"]
    zc.records[anna.name] = record(seats="1")
    browser.on_change(zc, D.SERVICE_TYPE, anna.name, ServiceStateChange.Updated)
    assert browser.matches()[0].seats == 1
    zc.records[bert.name] = record(name="Bert Klaverjas", v="2")  # now another version
    browser.on_change(zc, D.SERVICE_TYPE, bert.name, ServiceStateChange.Updated)
    assert [f.host for f in browser.matches()] == ["Anna"]
    browser.on_change(zc, D.SERVICE_TYPE, anna.name, ServiceStateChange.Removed)
    browser.on_change(zc, D.SERVICE_TYPE, "gone.local.", ServiceStateChange.Added)  # no record
    assert browser.matches() == [] and len(changes) == 6


def test_instance_names_are_safe_labels():
    assert D.instance_name("Anna", "klaverjas") == f"Anna Klaverjas.{D.SERVICE_TYPE}"
    assert D.instance_name("<script>.", "klabberjass").startswith("script Klabberjass.")
    assert D.instance_name("...", "klaverjas").startswith("Klaverjas Klaverjas.")


class RecordingZeroconf:
    """Takes a host's record changes instead of sending them (no multicast)."""

    def __init__(self):
        self.updates: list[ServiceInfo] = []
        self.unregistered = self.closed = False

    def update_service(self, info):
        self.updates.append(info)

    def unregister_service(self, info):
        self.unregistered = True

    def close(self):
        self.closed = True


def wait_for(condition, seconds=5.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_the_announced_free_seats_follow_the_seats():
    zc = RecordingZeroconf()
    info = D.service_info("klaverjas", 5000, "Anna", 3, ["127.0.0.20", "fe80::1"])
    announcement = D.Announcement(zc, info)
    announcement.set_seats(3)  # no change: nothing sent
    announcement.set_seats(2)
    wait_for(lambda: zc.updates)
    found = D.found_from_info(zc.updates[-1])
    assert found is not None and found.seats == 2 and found.port == 5000 and found.host == "Anna"
    assert zc.updates[-1].name == info.name
    assert zc.updates[-1].parsed_addresses() == ["127.0.0.20", "fe80::1"]
    assert announcement.info is zc.updates[-1]  # what close() withdraws
    announcement.close()
    announcement.set_seats(0)  # withdrawn: no more changes
    time.sleep(0.1)
    assert len(zc.updates) == 1 and zc.unregistered and zc.closed


def test_a_hosted_match_tells_its_announcement_when_a_guest_takes_a_seat(tmp_path, monkeypatch):
    """`klaverjas --host`: the record starts at the free seats and follows them."""
    from klaverjas_gui.games import KLAVERJAS
    from klaverjas_gui.play.net import headless
    from klaverjas_gui.play.net.guest import NetGuest
    from klaverjas_gui.store.history import History

    seats: list[int] = []
    started: list[int] = []
    hosts = []

    class Announced:
        def set_seats(self, n):
            seats.append(n)

        def close(self):
            pass

    def announce(host, opt):
        started.append(host.free_seats())
        hosts.append(host)
        return Announced()

    monkeypatch.setattr(headless, "_announce", announce)
    history = History(tmp_path / "history.sqlite")
    store = types.SimpleNamespace(history=history, paths=types.SimpleNamespace(data_dir=tmp_path))
    variant = KLAVERJAS.presets[KLAVERJAS.default_preset]
    opt = headless.HostOptions(game=KLAVERJAS, variant=variant, port=0, bind="127.0.0.1",
                               guests=2, speed=0.0, frames=800)  # fmt: skip
    out = io.StringIO()
    runner = threading.Thread(target=headless.run_host, args=(store, opt, out), daemon=True)
    runner.start()
    wait_for(lambda: hosts and hosts[0].port)
    wait_for(lambda: seats == [2])
    guest = NetGuest("127.0.0.1", hosts[0].port, hosts[0].room, "Anna").start()
    try:
        assert guest.wait_joined(10)
        wait_for(lambda: seats == [2, 1])
    finally:
        guest.close()
        runner.join(30)
        history.close()
    assert started == [2] and not runner.is_alive()


@pytest.mark.parametrize(
    ("props", "host", "seats"),
    [
        ({"host": "\u202eknaH"}, "?", 3),  # a bidi override would show "Hank" reversed
        ({"host": "Anna\nHenk"}, "?", 3),  # a line break in the list
        ({"host": "Henk\u200b"}, "?", 3),  # zero-width: a second "Henk" to the eye
        ({"host": b"\xed\xa0\x80"}, "?", 3),  # a lone surrogate's bytes: not UTF-8
        ({"seats": "\u00b2"}, "Anna", 0),  # a digit to str.isdigit, not to int()
        ({"seats": "\u0663"}, "Anna", 0),  # an Arabic-Indic three
    ],
)
def test_a_hostile_record_shows_no_name_a_host_cannot_have(props, host, seats):
    """A record anyone on the network may send: its host name passes the check every
    host's own name passes, or is shown as "?"; its seats are ASCII digits or 0. A
    superscript "²" used to drop the whole record with a ValueError."""
    found = D.found_from_info(record(**props))
    assert found is not None and (found.host, found.seats) == (host, seats)
