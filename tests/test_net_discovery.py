"""Discovery with constructed service records only: the records a host announces and the
ones a zeroconf browser hands over. Nothing here sends a packet (no multicast)."""

from __future__ import annotations

import socket

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
