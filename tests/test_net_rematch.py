"""A new match at the same table ("new match, same people"): what someone who knew the
last match's room code can do to the new one. The host draws a fresh code; the old code
brings back only the laptops that were seated at the last match's end, by their seat's
token (never by a name), and refuses everyone else with its reason. Hosts on 127.0.0.1
only; a hostile client of the test's own (tests/hostile_client.py); every wait has a
deadline."""

from __future__ import annotations

import secrets
import time

from hostile_client import Client, can_come_from, message, reason
from test_net_host import Table, wait

from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.guest import NetGuest

SOURCES = ("127.0.0.2", "127.0.0.3")  # the attacker's own loopback addresses, where allowed


def source(i: int) -> str:
    return SOURCES[i] if can_come_from(SOURCES[i]) else "127.0.0.1"


def try_join(port: int, room: str, name: str, token: str | None = None, src: str = "127.0.0.1"):
    """One connection of the attacker's: a join, and the host's answer to it."""
    c = Client(port, source=src).handshake()
    try:
        c.send(message("join", room=room, name=name, **({"token": token} if token else {})))
        end = time.monotonic() + 5
        while True:
            m = c.answer(max(0.01, end - time.monotonic()))
            if m["type"] in ("welcome", "refused", "bye", "closed", "eof"):
                return m
    finally:
        c.close()


def finished_match(tmp_path) -> tuple[Table, dict[str, NetGuest]]:
    """A Klaverjas match of one deal with three guests; Cor leaves in the middle (his
    computer plays on), Anna and Bert play it to its end."""
    (tmp_path / "old").mkdir()
    old = Table(tmp_path / "old", guests=3, grace=0.2)
    guests = {name: old.join(name) for name in ("Anna", "Bert", "Cor")}
    assert all(g.wait_joined(10) for g in guests.values())
    old.play_honest(list(guests.values()), lambda: old.session.state.n_actions >= 6)
    guests["Cor"].close()
    old.play_honest([guests["Anna"], guests["Bert"]], old.over)
    wait(lambda: all(g.record is not None for g in (guests["Anna"], guests["Bert"])))
    return old, guests


def test_a_new_match_has_a_new_code_and_the_old_one_brings_back_only_its_seated_guests(
    tmp_path,
):
    old, was = finished_match(tmp_path)
    try:
        seats = {name: g.seat for name, g in was.items()}
        handover = old.host.handover()
        assert handover.room == old.host.room
        assert set(handover.keys) == {seats["Anna"], seats["Bert"]}  # Cor left before the end
        (tmp_path / "new").mkdir()
        new = Table(tmp_path / "new", guests=3, grace=0.2, previous=handover)
    except BaseException:
        old.close()
        raise
    try:
        room, port = old.host.room, new.host.port
        assert new.host.room != room and len(new.host.room) >= P.ROOM_LENGTH
        # The old code alone, under a seated guest's name, or with a guest's token who left
        # before the end, or with a made-up token: refused, with the reason, no seat.
        attacker = source(0)
        for name, token in (("Anna", None), ("Mallory", was["Cor"].token),
                            ("Bert", secrets.token_urlsafe(24))):  # fmt: skip
            m = try_join(port, room, name, token, attacker)
            assert reason(m) == P.ROOM_CHANGED and m.get("to") == "join", m
        # The old code counts as a wrong code at the door: three are free, then it waits.
        assert reason(try_join(port, room, "Mallory", None, attacker)) == P.ROOM_CHANGED
        if attacker != "127.0.0.1":  # (not the guests' own address)
            assert reason(try_join(port, room, "Mallory", None, attacker)) == P.LOCKED_OUT
        assert new.host.free_seats() == 3
        # Anna comes back with the old code and her seat's token, without typing the new
        # code: her old seat, a new token, and the welcome tells her laptop the new code.
        anna = new.join("Anna", room=room, token=was["Anna"].token)
        assert anna.wait_joined(10), anna.error
        assert anna.seat == seats["Anna"] and anna.room == new.host.room
        assert anna.token and anna.token != was["Anna"].token
        # A copy of her old token (read off the wifi) brings nobody else while she sits, and
        # counts as a wrong code: it cannot clear its address's count of wrong codes
        # between guesses at the new one.
        copier = source(1)
        for _ in range(4):
            m = try_join(port, room, "Mallory", was["Anna"].token, copier)
            assert reason(m) == P.ROOM_CHANGED, m
        if copier != "127.0.0.1":  # (not the guests' own address)
            m = try_join(port, room, "Mallory", was["Anna"].token, copier)
            assert reason(m) == P.LOCKED_OUT, m
        assert new.host.free_seats() == 2
        # She leaves the lobby: her seat is free, and her old token brings her once more.
        anna.close()
        wait(lambda: new.host.free_seats() == 3)
        again = new.join("Anna", room=room, token=was["Anna"].token)
        assert again.wait_joined(10) and again.seat == seats["Anna"], again.error
        # Bert comes back to his seat; Cor, who left the last match, types the new code.
        bert = new.join("Bert", room=room, token=was["Bert"].token)
        assert bert.wait_joined(10) and bert.seat == seats["Bert"], bert.error
        cor = new.join("Cor", room=new.host.room)
        assert cor.wait_joined(10) and cor.seat == seats["Cor"], cor.error
        wait(lambda: new.host.started)
        assert new.host.room == again.room == bert.room  # their laptops rejoin with it
    finally:
        new.close()
        old.close()


def test_a_newcomer_with_the_new_code_leaves_the_returning_guests_seats_to_them(tmp_path):
    """Someone who reads the new code off the host's screen takes a seat nobody comes back
    to before one the last match's guests are expected at."""
    old, was = finished_match(tmp_path)
    handover = old.host.handover()
    (tmp_path / "new").mkdir()
    new = Table(tmp_path / "new", guests=3, grace=0.2, previous=handover)
    try:
        dora = new.join("Dora", room=new.host.room)
        assert dora.wait_joined(10), dora.error
        assert dora.seat == was["Cor"].seat  # Anna's and Bert's seats wait for them
    finally:
        new.close()
        old.close()
