"""Who sits where on the network: a hostile client of its own (raw JSON over its own
WebSocket, not the guest's code) on 127.0.0.1 tries names that would break the table
and tries to take a dropped guest's seat by typing that guest's name. The host stays up,
the real guests keep their seats, each attempt gets its refusal. Every wait has a
deadline; every host listens on 127.0.0.1 only."""

from __future__ import annotations

import dataclasses
import json
import random
import time
import unicodedata
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_net_host import Table, check_history, wait
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from klaverjas_gui.engine.match import PASS
from klaverjas_gui.games import KLAVERJAS
from klaverjas_gui.play.net.headless import HostOptions, host_match
from klaverjas_gui.play.net.names import name_key, validate_name
from klaverjas_gui.store.history import History

# name (as the raw JSON text of its string), the refusal's key and values
HOSTILE = [
    (r'"Evil\ud800"', "name_character", {"char": "U+D800"}),  # a lone surrogate
    (r'"\udfffEvil"', "name_character", {"char": "U+DFFF"}),
    (r'"Cor\u202e"', "name_character", {"char": "U+202E"}),  # bidi override
    (r'"\u2066Anna"', "name_character", {"char": "U+2066"}),  # bidi isolate
    (r'"Hanna\u200b"', "name_character", {"char": "U+200B"}),  # zero-width space
    (r'"An\u00adna"', "name_character", {"char": "U+00AD"}),  # soft hyphen (format)
    (r'"Bell\u0007"', "name_character", {"char": "U+0007"}),  # control
    (r'"a\u2028b"', "name_character", {"char": "U+2028"}),  # line separator
    (r'"\ue000\ue001"', "name_character", {"char": "U+E000"}),  # private use
    (r'"X\u0378"', "name_character", {"char": "U+0378"}),  # unassigned
    (r'"\u3164"', "name_character", {"char": "U+3164"}),  # an invisible letter
    (r'"\u0301Anna"', "name_character", {"char": "U+0301"}),  # a mark on nothing
    ('"Z' + "\\u0336" * 4 + '"', "name_character", {"char": "U+0336"}),  # a tower of marks
    ('""', "name_empty", {}),
    ('"   "', "name_empty", {}),
    ('"' + "x" * 25 + '"', "name_too_long", {"max": 24}),
]


class Raw:
    """A client of the test's own: raw frames over its own WebSocket connection."""

    def __init__(self, port: int) -> None:
        opened = connect(f"ws://127.0.0.1:{port}/", open_timeout=5, close_timeout=0.5)
        self.ws = opened.__enter__()  # closed by close(), not by a with block

    def join(self, room: str, name_json: str, token: str | None = None) -> dict:
        """Send a join with `name_json` as the name's raw JSON text; the host's answer."""
        extra = f',"token":"{token}"' if token else ""
        self.ws.send(f'{{"v":1,"type":"join","room":"{room}","name":{name_json}{extra}}}')
        return self.answer()

    def answer(self, seconds: float = 5.0) -> dict:
        """The next welcome, refusal or goodbye (states and seats are skipped)."""
        end = time.monotonic() + seconds
        while True:
            m = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if m["type"] in ("welcome", "refused", "bye"):
                return m

    def close(self) -> None:
        self.ws.close()


def refusal(m: dict) -> tuple[str, dict]:
    assert m["type"] == "refused" and m["to"] == "join", m
    return m["reason"]["key"], m["reason"]["values"]


@pytest.fixture
def tables(tmp_path):
    made: list[Table] = []

    def make(**options) -> Table:
        folder = tmp_path / str(len(made))
        folder.mkdir()
        made.append(Table(folder, **options))
        return made[-1]

    yield make
    for t in made:
        t.close()


def assert_clean(names: list[str]) -> None:
    for name in names:
        assert validate_name(name) is None, ascii(name)


def test_names_compare_case_folded_and_normalised():
    assert name_key("Cor") == name_key("cor") == name_key(" COR ") == name_key("Ｃｏｒ")
    assert name_key("Hanna") == name_key("Hanna\u200b") == name_key("Han\u00adna")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Cor") != name_key("Cora")
    assert validate_name("Zoë") is None and validate_name("Ｃｏｒ") is None
    assert validate_name(" Anne-Marie ") is None and validate_name("李小龙") is None
    assert validate_name("x" * 24) is None
    assert validate_name("Nguyễn") is None and validate_name("Nguye\u0302\u0303n") is None


@pytest.mark.parametrize(("raw", "key", "values"), HOSTILE)
def test_the_name_check_refuses_what_the_wire_refuses(raw, key, values):
    reason = validate_name(json.loads(raw))
    assert reason is not None and (reason.key, dict(reason.values)) == (key, values)


def test_hostile_names_are_refused_and_the_table_plays_on(tables):
    t = tables()
    guests = [t.join("Anna"), t.join("Bert")]
    assert all(g.wait_joined(10) for g in guests)
    for name, key, values in HOSTILE:  # a connection each: the strike limit is not the point
        raw = Raw(t.host.port)
        try:
            answer = raw.join(t.host.room, name)
            assert refusal(answer) == (key, values), name
        finally:
            raw.close()
    # Nothing reached the session: the last seat is free, the real guests never dropped.
    assert t.host.running and not t.errors
    assert [s["present"] for s in t.host.seat_status()] == [True, True, True, False]
    assert all(g.joins == 1 and g.error is None for g in guests)
    assert_clean([seat.name for seat in t.session.seats])
    cor = t.join("Cor")
    assert cor.wait_joined(10) and cor.seat == 3
    t.play_honest([*guests, cor], t.over)
    check_history(t)
    assert_clean(t.history.matches()[0].players)
    assert all(g.error is None for g in (*guests, cor))


def test_a_dropped_seat_is_taken_back_with_its_token_and_never_by_its_name(tables):
    t = tables(grace=0.3)
    guests = [t.join(name) for name in ("Anna", "Bert", "Cor")]
    assert all(g.wait_joined(10) for g in guests)
    cor = guests[2]
    t.play_honest(guests, lambda: t.session.state.n_actions >= 6)
    raw = Raw(t.host.port)
    try:
        assert refusal(raw.join(t.host.room, '"cor"'))[0] == "name_in_use"  # Cor is here
        cor.close()  # Cor's laptop drops
        wait(lambda: not t.session.seats[cor.seat].present)
        hand = t.session.state.hands[cor.seat]
        wrong = "A" * 32
        for name, token in (('"cor"', None), ('"Cor"', None), ('"\\uff23\\uff4f\\uff52"', None),
                            ('" COR "', None), ('"Cor"', wrong)):  # fmt: skip
            key, values = refusal(raw.join(t.host.room, name, token))
            # a host without a screen has nobody to ask: the seat stays Cor's laptop's
            assert (key, values) == ("seat_kept", {"name": "Cor"}), name
            assert not t.session.seats[cor.seat].present
        assert refusal(raw.join(t.host.room, r'"Cor\u200b"'))[0] == "name_character"
    finally:
        raw.close()
    assert t.host.running and not t.errors
    assert cor.token and len(cor.token) >= 32  # given at the first welcome
    assert t.session.state.hands[cor.seat] == hand or t.host.seat_status()[cor.seat]["computer"]
    back = t.join("Cor", token=cor.token)  # the real Cor's laptop, restarted
    assert back.wait_joined(10) and back.seat == cor.seat
    assert "token" not in json.loads(next(f for f in back.frames if '"welcome"' in f))
    t.play_honest([back, *guests[:2]], t.over)
    check_history(t)
    assert t.history.matches()[0].players[cor.seat] == "Cor"


def test_a_token_is_kept_per_room_in_the_data_folder(tables, tmp_path):
    from klaverjas_gui.play.net.tokens import GuestTokens

    t = tables(guests=1)
    kept = GuestTokens(tmp_path / "anna")
    room = t.host.room
    anna = t.join("Anna")
    anna.on_token = lambda token: kept.put(room, token)
    assert anna.wait_joined(10)
    wait(lambda: kept.get(room) is not None)
    assert kept.get(room) == anna.token and GuestTokens(tmp_path / "anna").get("OTHER7") is None
    anna.close()
    wait(lambda: not t.session.seats[anna.seat].present)
    raw = Raw(t.host.port)  # another laptop, Anna's name: no
    try:
        assert refusal(raw.join(room, '"Anna"'))[0] == "seat_kept"
        assert raw.join(room, '"Anna"', GuestTokens(tmp_path / "anna").get(room))["seat"] == 2
    finally:
        raw.close()


def test_a_continued_match_knows_each_guests_laptop_again(tmp_path):
    """The host keeps the seats' token digests with the match: after a crash, `--host
    --continue` gives Anna's seat to Anna's laptop and to nobody else by her name."""
    history = History(tmp_path / "history.sqlite")
    store = SimpleNamespace(history=history, paths=SimpleNamespace(data_dir=tmp_path))
    variant = dataclasses.replace(KLAVERJAS.presets["amsterdam"], match_length="deals:1")
    opt = HostOptions(game=KLAVERJAS, variant=variant, seed=5, port=0, bind="127.0.0.1",
                      guests=1, grace=30.0, level="random", speed=0.0, announce=False)  # fmt: skip
    host, _ = host_match(store, opt)
    host.start()
    raw = Raw(host.port)
    try:
        welcome = pump_answer(host, raw, host.room, '"Anna"')
        assert host.started and host.session.match_id is not None
        token = welcome["token"]
    finally:
        raw.close()
    room = host.room
    host.close()  # the host's laptop crashes mid-match
    host.session.close()
    opt = dataclasses.replace(opt, resume=True, room=room)
    again, resumed = host_match(store, opt)
    assert resumed and again.session.seats[2].claimed and 2 in again.keys
    again.start()
    try:
        other, mine = Raw(again.port), Raw(again.port)
        assert refusal(pump_answer(again, other, room, '"anna"'))[0] == "seat_kept"
        assert pump_answer(again, mine, room, '"Anna"', token)["seat"] == 2
        other.close()
        mine.close()
    finally:
        again.close()
        again.session.close()
        history.close()


def pump_answer(host, raw: Raw, room: str, name: str, token: str | None = None) -> dict:
    """A join answered by a host whose frame loop is this test's."""
    extra = f',"token":"{token}"' if token else ""
    raw.ws.send(f'{{"v":1,"type":"join","room":"{room}","name":{name}{extra}}}')
    end = time.monotonic() + 10
    while time.monotonic() < end:
        host.pump()
        try:
            m = json.loads(raw.ws.recv(timeout=0.02))
        except TimeoutError:
            continue
        if m["type"] in ("welcome", "refused"):
            return m
    raise AssertionError("no answer")


def stored_hostile_match(folder: Path) -> None:
    """A running hosted match in `folder`'s history as the code before names.py stored
    it: a guest's name with a lone surrogate, and a few moves."""
    history = History(folder / "history.sqlite")
    variant = dataclasses.replace(KLAVERJAS.presets["amsterdam"], match_length="deals:1")
    players = ["Host", "Anna", "Bert", "Evil\ud800"]
    mid = history.start_match("klaverjas", "amsterdam", variant.to_dict(), 7, players,
                              kinds=["human", "remote", "remote", "remote"])  # fmt: skip
    state = KLAVERJAS.new_state(variant, 7)
    rng = random.Random(7)
    for _ in range(6):
        legal = state.legal_actions()
        action = PASS if PASS in legal and rng.random() < 0.5 else rng.choice(legal)
        state, events = state.apply(action)
        history.record(mid, state.n_actions, str(action), events)
    history.close()
    assert "\ud800" in History(folder / "history.sqlite").running("klaverjas").players[3]


@pytest.mark.slow(20)
def test_host_continue_starts_on_a_stored_hostile_name_and_sets_it_aside(tmp_path):
    """The old code stored "Evil\\ud800"; `--host --continue` crashed on it every time.
    Now it continues the match, says the name was set aside, and sends and prints only
    usable names; a guest joins and the match is played to its end."""
    from test_net_processes import Proc, free_port

    (tmp_path / "host").mkdir()
    stored_hostile_match(tmp_path / "host")
    port = free_port()
    host = Proc("--host", "--continue", "--bind", "127.0.0.1", "--port", str(port), "--room",
                "KRAAK7", "--data-dir", str(tmp_path / "host"), "--level", "random", "--grace",
                "0.2", "--speed", "fast", "--lang", "en")  # fmt: skip
    try:
        host.expect("continuing the match at move 6", 30)
        line = host.expect(r"the name stored for seat 3 cannot be used \((.*)\); that seat plays "
                           r"as Player 3", 10)  # fmt: skip
        assert "U+D800" in line.group(1)
        raw = Raw(port)
        try:
            welcome = raw.join("KRAAK7", '"Anna"')
            assert welcome["type"] == "welcome", welcome
            assert_clean([s["name"] for s in welcome["seats"]])
            seat = welcome["seat"]
            while True:  # every message reads as UTF-8 JSON until the host says goodbye
                try:
                    m = json.loads(raw.ws.recv(timeout=60))
                except ConnectionClosed:
                    break
                obs = m.get("obs", {})
                if m["type"] == "state" and obs["to_move"] == seat and obs["legal"]:
                    act = {"v": 1, "type": "act", "n": m["n"], "action": obs["legal"][0]}
                    raw.ws.send(json.dumps(act))  # Anna plays along
                if m["type"] == "seats":
                    assert_clean([s["name"] for s in m["seats"]])
                if m["type"] == "record":
                    assert m["players"][3] == "Player 3"
                if m["type"] == "bye":
                    break
        finally:
            raw.close()
        assert host.wait(60) == 0, host.lines
        host.expect("the match is over", 5)
    finally:
        host.kill()
    assert all(unicodedata.category(c) != "Cs" for line in host.lines for c in line)


def screen_answer(app, raw: Raw, seconds: float = 10.0) -> dict:
    """The next welcome or refusal to `raw`, the app's frames running meanwhile."""
    from uitest import DT

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(DT)
        try:
            m = json.loads(raw.ws.recv(timeout=0.005))
        except TimeoutError:
            continue
        if m["type"] in ("welcome", "refused"):
            return m
    raise AssertionError("no answer")


def test_the_hosts_person_keeps_a_seat_for_its_laptop_and_the_laptop_takes_it_back(make_app):
    """At a host with a screen, another laptop typing "anna" is asked about; Esc keeps the
    seat; a second asker's question goes away by itself when Anna's laptop comes back."""
    import pygame
    from test_net_screens import LOCAL, guest_at_table
    from uitest import press, run_until

    from klaverjas_gui.ui.lan import TakeoverScene

    app = make_app(*LOCAL, "--grace", "30", first_frame=True)
    host, anna, table = guest_at_table(app, "Anna")
    link = table.session.link
    anna.close()
    run_until(app, lambda: not link.seat_status()[2]["present"], seconds=10)
    other = Raw(host.port)
    try:
        other.ws.send(f'{{"v":1,"type":"join","room":"{host.room}","name":"anna"}}')
        assert refusal(screen_answer(app, other)) == ("ask_host", {"name": "Anna"})
        run_until(app, lambda: isinstance(app.top, TakeoverScene), seconds=5)
        assert app.top.title() == "Give Anna's seat to this laptop?"
        assert "127.0.0.1" in app.top.lines()[0][0]  # which laptop asks
        press(app, pygame.K_ESCAPE)  # keep it for Anna's laptop
        assert refusal(screen_answer(app, other)) == ("takeover_refused", {"name": "Anna"})
        assert not isinstance(app.top, TakeoverScene) and not link.seat_status()[2]["present"]
    finally:
        other.close()
    token = anna.token  # kept by her laptop since its first welcome
    again = Raw(host.port)
    mine = Raw(host.port)
    try:
        again.ws.send(f'{{"v":1,"type":"join","room":"{host.room}","name":"ANNA"}}')
        assert refusal(screen_answer(app, again))[0] == "ask_host"
        run_until(app, lambda: isinstance(app.top, TakeoverScene), seconds=5)
        mine.ws.send(f'{{"v":1,"type":"join","room":"{host.room}","name":"Anna",'
                     f'"token":"{token}"}}')  # fmt: skip
        assert screen_answer(app, mine)["seat"] == 2  # her own laptop: no question
        assert refusal(screen_answer(app, again))[0] == "name_in_use"
        run_until(app, lambda: not isinstance(app.top, TakeoverScene), seconds=5)
        assert link.seat_status()[2]["present"] and app.top is table
    finally:
        again.close()
        mine.close()


def test_the_token_takes_the_seat_from_a_connection_the_host_thinks_is_still_there(tables):
    """A laptop whose old connection the host has not seen drop yet (no answer to pings
    for up to 15 s) is not refused "name in use": its token says the seat is its own."""
    t = tables(guests=1)
    anna = t.join("Anna")
    assert anna.wait_joined(10)
    wait(lambda: anna.token is not None)
    again = t.join("Anna", token=anna.token)
    assert again.wait_joined(10) and again.seat == anna.seat
    wait(lambda: anna.finished.is_set())  # the old connection is told and closed
    assert anna.error is not None and anna.error.key == "name_in_use"
    assert t.host.seat_status()[again.seat]["present"]


def test_a_match_continued_from_before_tokens_gives_each_seat_by_its_name_once(tmp_path):
    """No keys were kept (a match hosted by a version before tokens): a claimed seat goes
    to the first laptop naming it, which gets a token; after that the name alone no longer
    takes it."""
    history = History(tmp_path / "history.sqlite")
    variant = dataclasses.replace(KLAVERJAS.presets["amsterdam"], match_length="deals:1")
    history.start_match("klaverjas", "amsterdam", variant.to_dict(), 3,
                        ["Host", "Joop", "Anna", "Henk"],
                        kinds=["human", "random", "remote", "random"])  # fmt: skip
    store = SimpleNamespace(history=history, paths=SimpleNamespace(data_dir=tmp_path))
    opt = HostOptions(game=KLAVERJAS, variant=variant, port=0, bind="127.0.0.1", room="KRAAK7",
                      resume=True, announce=False)  # fmt: skip
    host, resumed = host_match(store, opt)
    assert resumed and host.keys == {} and host.session.seats[2].claimed
    host.start()
    first, second = Raw(host.port), Raw(host.port)
    try:
        welcome = pump_answer(host, first, "KRAAK7", '"anna"')
        assert welcome["seat"] == 2 and welcome["token"] and 2 in host.keys
        first.close()
        wait(lambda: (host.pump(), not host.session.seats[2].present)[1])
        assert refusal(pump_answer(host, second, "KRAAK7", '"Anna"'))[0] == "seat_kept"
    finally:
        second.close()
        host.close()
        host.session.close()
        history.close()


def test_a_hostile_keys_file_starts_the_host_with_what_it_can_read(tmp_path):
    """`--host --continue` reads the seats' digests from the data folder: a seat written
    "³" (a digit to str.isdigit, not to int) crashed it; such seats are skipped."""
    from klaverjas_gui.play.net.tokens import HOST_FILE, HostKeys

    key = "a" * 64
    seats = {"³": key, "٣": key, "9" * 5000: key, "-1": key, "2": key, "1": "A" * 64, "3": 7}
    (tmp_path / HOST_FILE).write_text(json.dumps({"match": 5, "keys": seats}), encoding="utf-8")
    assert HostKeys(tmp_path).load(5) == {2: key}


LOOKALIKES = [  # each drawn as "Anna" or "Cor" on a screen
    '"\\u0421or"',  # a Cyrillic С
    '"\\u0410nn\\u0430"',  # Cyrillic А and а
    '"\\u0391nna"',  # a Greek Alpha
    '"Cor\\ufe00"',  # a variation selector
    '"Anna\\udb40\\udd00"',  # a variation selector of the supplement (U+E0100)
    '"C\\u17b4or"',  # a Khmer inherent vowel, drawn as nothing
    '"Co\\u180br"',  # a Mongolian variation selector
]


def test_a_name_drawn_like_a_seated_guests_is_that_guests_name(tables):
    """A Cyrillic "Сor" or a "Cor" with an invisible mark is drawn as Cor: it used to sit
    down at a free seat as a second Cor; now it is Cor's name, in use while Cor is here."""
    t = tables()
    guests = [t.join("Anna"), t.join("Cor")]
    assert all(g.wait_joined(10) for g in guests)
    for name in LOOKALIKES:
        raw = Raw(t.host.port)
        try:
            assert refusal(raw.join(t.host.room, name))[0] == "name_in_use", name
        finally:
            raw.close()
    assert [s["present"] for s in t.host.seat_status()] == [True, True, True, False]
    assert name_key("\u041d\u0435nk") == name_key("Henk") != name_key("\u0401\u043bka")
    assert validate_name("Anna \u2764\ufe0f") is None  # a heart with its selector is fine
