"""A host and its guests in one process, over real WebSockets on 127.0.0.1 (port 0: a free
one). Each test stops by itself: every wait has a deadline."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import queue
import random
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from netcheck import Replay, check_frames
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from klaverjas_gui.engine.reasons import REASONS
from klaverjas_gui.games import KLABBERJASS, KLAVERJAS, Game
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.guest import NetGuest
from klaverjas_gui.play.net.headless import HostOptions, host_match
from klaverjas_gui.play.net.host import NetHost
from klaverjas_gui.play.net.session import GuestSession, away_notes, host_link
from klaverjas_gui.store.history import History

DEADLINE = 60.0


def short(game: Game):
    variant = next(iter(game.presets.values()))
    if game is KLABBERJASS:
        return dataclasses.replace(variant, target=100)
    return dataclasses.replace(variant, match_length="deals:1")  # Klaverjas, Kalabriasz


class Table:
    """A host (on a thread of its own that plays like a frame loop) and honest guests that
    play a random legal move when it is their turn."""

    def __init__(self, tmp: Path, game: Game = KLAVERJAS, guests: int | None = None,
                 grace: float = 30.0, seed: int = 11, turn_limit: float = 90.0,
                 screen: bool = False, variant: Any = None,
                 previous: Any = None) -> None:  # fmt: skip
        """`screen`: the host has a screen whose person is asked (`asked` lists what);
        `variant`: the rules (default: the game's first preset, one deal or game short);
        `previous`: the match this one follows at the same table (`NetHost.handover`)."""
        self.path = tmp / "history.sqlite"
        variant = short(game) if variant is None else variant
        self.opt = HostOptions(game=game, variant=variant, seed=seed, port=0,
                               bind="127.0.0.1", guests=guests, grace=grace, level="random",
                               speed=0.0, announce=False, turn_limit=turn_limit,
                               previous=previous)  # fmt: skip
        self.screen = screen
        self.asked: list[int | None] = []  # the stalled seat at each question to the person
        self.calls: queue.SimpleQueue = queue.SimpleQueue()  # run on the host's thread
        self.tmp = tmp
        self.guests: list[NetGuest] = []
        self.rng = random.Random(seed)
        self.moves: list[tuple[int, str]] = []  # (seat, action) as the session played them
        self._stop = threading.Event()
        self._ready = threading.Event()
        self.errors: list[BaseException] = []
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        assert self._ready.wait(10) and not self.errors, self.errors

    def _loop(self) -> None:
        """The host's frame loop: it owns the session and the history (SQLite connections
        stay on the thread that opened them), as the app's main loop does."""
        history = History(self.path)
        try:
            store = SimpleNamespace(history=history, paths=SimpleNamespace(data_dir=self.tmp))
            made = host_match(store, self.opt)
            assert made is not None
            self.host: NetHost = made[0].start()
            self.session = self.host.session
            self.session.listen(lambda before, action, events: self.moves.append(
                (before.to_move, str(action))))  # fmt: skip
            if self.screen:
                host_link(self.host, ask=lambda: self.asked.append(self.host.stalled()))
            self._ready.set()
            while not self._stop.is_set():
                while not self.calls.empty():
                    self.calls.get_nowait()()
                self.host.step(0.01)
                time.sleep(0.002)
        except BaseException as e:  # noqa: BLE001 - the test reports it
            self.errors.append(e)
            self._ready.set()
        finally:
            history.close()

    @property
    def history(self) -> History:
        """The host's history, read through a connection of the test's own."""
        return History(self.path)

    def join(self, name: str, room: str | None = None, token: str | None = None) -> NetGuest:
        guest = NetGuest("127.0.0.1", self.host.port, room or self.host.room, name,
                         keep_frames=True, rejoin_for=5.0,
                         **({"token": token} if token else {}))  # fmt: skip
        self.guests.append(guest.start())
        return guest

    def play_honest(self, guests: list[NetGuest], until, deadline: float = DEADLINE) -> None:
        """Let `guests` play random legal moves until `until()` holds."""
        decided: dict[int, int] = {}
        end = time.monotonic() + deadline
        while not until():
            assert time.monotonic() < end, "the match did not get there in time"
            assert not self.errors, self.errors
            for g in guests:
                u = g.latest
                if g.to_move() and u is not None and decided.get(id(g)) != u.n:
                    decided[id(g)] = u.n
                    g.act(self.rng.choice(u.observation.legal), u.n)
            time.sleep(0.002)

    def over(self) -> bool:
        return self.session.state.is_over

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for g in self.guests:
            g.close()
        self.host.close()
        self.session.close()


@pytest.fixture
def tables(tmp_path):
    made: list[Table] = []

    def make(**options) -> Table:
        made.append(Table(tmp_path / str(len(made)), **options))
        return made[-1]

    (tmp_path / "0").mkdir()
    for i in range(1, 4):
        (tmp_path / str(i)).mkdir()
    yield make
    for t in made:
        t.close()


def wait(condition, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def check_history(table: Table) -> Replay:
    """The host's history replays, by the engine, to exactly the host's final state."""
    wait(lambda: table.history.match(table.session.match_id).status == "finished")
    replay, record = Replay.of(table.history, table.session.match_id)
    assert replay.states[-1].to_dict() == table.session.state.to_dict()
    assert record.totals == table.session.state.totals
    return replay


def test_three_guests_play_a_whole_match_and_see_only_their_own_cards(tables):
    t = tables()
    guests = [t.join(name) for name in ("Anna", "Bert", "Cor")]
    assert all(g.wait_joined(10) for g in guests)
    assert sorted(g.seat for g in guests) == [1, 2, 3]
    t.play_honest(guests, t.over)
    wait(lambda: all(g.over for g in guests))
    replay = check_history(t)
    record = t.history.matches()[0]
    assert record.kinds == ["human", "remote", "remote", "remote"]
    names = ["Host", "", "", ""]
    for g in guests:
        names[g.seat] = g.name
    assert record.players == names
    for g in guests:
        assert g.latest.observation.totals == t.session.state.totals
        assert check_frames(replay, g.frames, g.seat) > 40
        assert not g.refused, g.refused
    seats_played = {seat for seat, _ in t.moves}
    assert seats_played == {0, 1, 2, 3}


def test_klabberjass_host_and_one_guest(tables):
    t = tables(game=KLABBERJASS)
    guest = t.join("Anna")
    assert guest.wait_joined(10) and guest.seat == 1
    t.play_honest([guest], t.over)
    wait(lambda: guest.over)
    replay = check_history(t)
    assert t.history.matches()[0].kinds == ["human", "remote"]
    assert check_frames(replay, guest.frames, 1) > 20
    assert guest.latest.observation.totals == t.session.state.totals


def test_wrong_code_full_table_and_name_in_use_are_refused(tables):
    t = tables(guests=1)
    wrong = t.join("Anna", room="ZZZZZZ" if t.host.room != "ZZZZZZ" else "YYYYYY")
    wait(lambda: wrong.finished.is_set())
    assert wrong.error.key == P.WRONG_ROOM and wrong.seat is None
    anna = t.join("Anna")
    assert anna.wait_joined(10)
    twin = t.join("anna")  # the same name, while Anna is connected
    wait(lambda: twin.finished.is_set())
    assert twin.error.key == P.NAME_IN_USE
    late = t.join("Dirk")
    wait(lambda: late.finished.is_set())
    assert late.error.key == P.TABLE_FULL
    assert wrong.seat is None and twin.seat is None and late.seat is None
    assert [d["name"] for d in t.host.seat_status()][2] == "Anna"  # Anna's seat stays hers
    assert sum(d["present"] for d in t.host.seat_status() if d["kind"] == "remote") == 1


def test_a_dropped_guest_is_played_by_a_computer_and_takes_the_seat_back(tables):
    t = tables(grace=0.3)
    guests = [t.join(name) for name in ("Anna", "Bert", "Cor")]
    assert all(g.wait_joined(10) for g in guests)
    anna = guests[0]
    t.play_honest(guests, lambda: t.session.state.n_actions >= 8)
    anna.close()  # the lid closes mid-deal
    wait(lambda: not t.session.seats[anna.seat].present)
    at_drop = t.session.state.n_actions
    # past the grace the computer plays Anna's seat: the deal goes on without her
    t.play_honest(guests[1:], lambda: any(s == anna.seat and i >= at_drop
                                           for i, (s, _) in enumerate(t.moves)))  # fmt: skip
    status = t.host.seat_status()[anna.seat]
    assert status["computer"] and not status["present"]
    back = t.join("Anna", token=anna.token)  # the same laptop, restarted: its token
    assert back.wait_joined(10) and back.seat == anna.seat
    first = back.updates.get(timeout=5)
    assert first.action is None and first.n >= at_drop  # the position the table is at
    t.play_honest([back, *guests[1:]], t.over)
    replay = check_history(t)
    assert check_frames(replay, back.frames, back.seat) > 0
    assert not t.host.seat_status()[anna.seat]["computer"]


def test_a_guest_that_never_moves_no_longer_stalls_a_host_without_a_screen(tables):
    """A connected guest that never moves: past the turn limit the headless host lets the
    seat's computer play for it (the seat stays the guest's), and the match ends."""
    t = tables(guests=1, turn_limit=0.3)
    cor = t.join("Cor")
    assert cor.wait_joined(10)
    wait(t.over, 30)
    check_history(t)
    seat = t.session.seats[cor.seat]
    assert seat.benched and seat.claimed and seat.name == "Cor"  # still Cor's seat
    assert sum(s == cor.seat for s, _ in t.moves) >= 8  # every card of Cor's deal
    assert t.host.seat_status()[cor.seat]["computer"]  # every screen says a computer plays
    wait(lambda: cor.seats[cor.seat]["computer"])  # the guest's own too


def test_a_benched_guest_takes_its_seat_back_by_asking_or_by_moving(tables):
    t = tables(guests=1, turn_limit=0.3)
    cor = t.join("Cor")
    assert cor.wait_joined(10)
    seat = t.session.seats[cor.seat]
    wait(lambda: any(s == cor.seat for s, _ in t.moves), 10)  # its computer played for it
    assert seat.benched and seat.present
    mine = GuestSession(cor)  # the guest's table: a note and a button say it
    try:
        wait(lambda: mine.seat_button() is not None)
        label, press = mine.seat_button()
        assert label == "I'll play again"
        assert away_notes(mine.seat_status()) == [
            "A computer is playing for you: play a card or press “I'll play again” to take "
            "your seat back"
        ]  # fmt: skip
        press()
        wait(lambda: not seat.benched)
    finally:
        mine.jobs.close()
    wait(lambda: seat.benched, 10)  # it still does not move: its computer again
    moves = len(t.moves)
    t.play_honest([cor], t.over)  # its first move takes the seat back
    assert not seat.benched and len(t.moves) > moves
    check_history(t)


def test_the_turn_limit_counts_per_move_not_per_taking_back(tmp_path):
    """Taking the seat back at the move it stalled at gives no new time (else a client
    sending `back` just before its computer played would stall for ever); the host's
    person keeping waiting does. The seat's clock is the test's: no sleeping."""
    history = History(tmp_path / "history.sqlite")
    store = SimpleNamespace(history=history, paths=SimpleNamespace(data_dir=tmp_path))
    opt = HostOptions(game=KLAVERJAS, variant=short(KLAVERJAS), seed=11, port=0,
                      bind="127.0.0.1", guests=1, level="random", speed=0.0, announce=False,
                      turn_limit=90.0)  # fmt: skip
    host = host_match(store, opt)[0]
    session, now = host.session, [0.0]
    cor = session.seats[2]
    cor.clock = lambda: now[0]
    cor.arrive("Cor")
    try:
        host.begin()
        end = time.monotonic() + DEADLINE
        while session.state.to_move != 2:  # the computers play up to Cor's first move
            assert time.monotonic() < end
            host.step(0.01)
            time.sleep(0.001)
        host.pump()
        now[0] += 89.5
        host.pump()
        assert not cor.benched and host.stalled() is None
        now[0] += 0.5
        host.pump()  # no screen: the computer may play for Cor now
        assert cor.benched and cor.present
        host.pump()  # frames pass before Cor's `back` arrives
        host.unbench(2)  # Cor's `back`, before his computer played
        host.pump()
        assert cor.benched  # the same move: no new time
        host.unbench(2)
        host.wait_more(2)  # the host's person waits for Cor again: the limit counts afresh
        host.pump()
        assert not cor.benched
        now[0] += 90
        host.pump()
        assert cor.benched
    finally:
        session.close()
        history.close()


def test_a_client_taking_its_seat_back_again_and_again_cannot_stall_the_match(tables):
    """A client of its own (tests/hostile_client.py) that never moves and answers every
    message with `back`: the match still ends, over the wire. (That `back` gives no new
    time at the same move is checked without a race in the test above.)"""
    from hostile_client import Client, hello, message

    t = tables(guests=1, turn_limit=0.3)
    mallory = Client(t.host.port).handshake()
    try:
        mallory.send(hello(t.host.room, "Mallory"))
        backs = 0
        end = time.monotonic() + 30
        while not t.over():
            assert time.monotonic() < end, "the match stalled"
            assert not t.errors, t.errors
            with contextlib.suppress(TimeoutError):
                m = mallory.answer(0.5)
                assert m["type"] not in ("closed", "eof"), m
                mallory.send(message("back"))
                backs += 1
        assert backs > 20  # it tried all along
        check_history(t)
    finally:
        mallory.close()


def test_a_host_with_a_screen_asks_its_person_before_a_computer_plays(tables):
    """The host's person is asked ("Let a computer play for Cor"); until they answer the
    table waits, as a table waits for a person; their answer lets the match end."""
    t = tables(guests=1, turn_limit=0.3, screen=True)
    cor = t.join("Cor")
    assert cor.wait_joined(10)
    wait(lambda: t.asked, 10)
    assert t.asked[-1] == cor.seat
    n = t.session.state.n_actions
    time.sleep(0.5)
    seat = t.session.seats[cor.seat]
    assert t.session.state.n_actions == n and not seat.benched  # nothing without the person
    t.calls.put(lambda: t.host.wait_more(cor.seat))  # "keep waiting": the limit counts afresh
    wait(lambda: t.host.stalled() is None)
    t.calls.put(lambda: t.host.bench(cor.seat))  # "Let a computer play for Cor"
    wait(t.over, 30)
    assert seat.claimed and seat.name == "Cor"
    check_history(t)


class Hostile:
    """A client that joins a seat and then sends nothing but trouble (sync websockets),
    waiting after each message for what the host made of it."""

    def __init__(self, port: int, room: str, name: str) -> None:
        self.port, self.room, self.name = port, room, name
        self.ws = None
        self.seat: int | None = None
        self.token: dict[str, str] = {}  # the seat's rejoin token, once welcomed
        self.n = 0
        self.outcomes: dict[str, int] = {}

    def connect(self) -> None:
        opened = connect(f"ws://127.0.0.1:{self.port}/", open_timeout=5, close_timeout=0.5,
                         max_size=2**20)  # fmt: skip
        self.ws = opened.__enter__()  # closed by send() or the test, not by a with block
        for _ in range(100):  # the host may not have seen our old connection drop yet
            self.ws.send(P.dump("join", room=self.room, name=self.name, **self.token))
            if self._answer(5) == "welcome":
                return
            time.sleep(0.02)
        raise AssertionError("the host did not take the hostile client back")

    def _answer(self, seconds: float) -> str:
        """The next answer that says what became of a message: a refusal, a move of ours
        played, our welcome; states of other seats' moves only update the position."""
        end = time.monotonic() + seconds
        while True:
            m = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if m["type"] == "state":
                self.n = m["n"]
                if m["by"] == self.seat and m["action"] is not None:
                    return "played"
            elif m["type"] == "welcome":
                self.seat = m["seat"]
                self.token = {"token": m["token"]} if "token" in m else self.token
                return "welcome"
            elif m["type"] in ("refused", "bye"):
                return f"{m['type']}:{m['reason']['key']}"

    def send(self, text: str | bytes) -> str:
        try:
            self.ws.send(text)
            outcome = self._answer(5)
        except ConnectionClosed:
            outcome = "closed"
        if outcome.startswith("bye"):  # the strike limit: the host closes this connection
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                self.ws.recv(timeout=2)
        if outcome == "closed" or outcome.startswith("bye"):
            self.ws.close()
            self.connect()
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        return outcome


def trouble(rng: random.Random, hostile: Hostile) -> str | bytes:
    n = hostile.n
    other = (hostile.seat or 0) + 1
    cards = ["JH", "7C", "AS", "TD", "QH", "9S"]
    choices = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50))),
        lambda: "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 60))),
        lambda: "{" * rng.randrange(1, 300),
        lambda: json.dumps({"v": 1, "type": "act", "n": n, "action": "x" * 5000}),  # too big
        lambda: "A" * (P.MAX_GUEST_BYTES + 1),
        lambda: json.dumps({"v": 99, "type": "act", "n": n, "action": "pass"}),
        lambda: json.dumps({"v": 1, "type": rng.choice(["welcome", "state", "bye", ""])}),
        lambda: P.dump("act", n=n, action=f"play {rng.choice(cards)}"),  # out of turn / illegal
        lambda: P.dump("act", n=n, action=rng.choice(["pass", "take", "kraak", "claim"])),
        lambda: P.dump("act", n=max(0, n - rng.randrange(1, 5)), action="pass"),  # stale
        lambda: P.dump("act", n=n, action="pass", seat=other % 4),  # for another seat
        lambda: P.dump("act", n=n, action="play ZZ"),
        lambda: P.dump("join", room=hostile.room, name="Someone"),  # joined already
        lambda: P.dump("join", room="ZZZZZZ", name="X"),
        lambda: json.dumps([P.dump("act", n=n, action="pass")]),
        lambda: json.dumps({"v": 1, "type": "act", "n": n, "action": "pass", "extra": [1] * 9}),
    ]
    return rng.choice(choices)()


@pytest.mark.slow
def test_two_thousand_bad_messages_neither_crash_the_host_nor_move_the_game(tables):
    t = tables(grace=0.2)
    honest = [t.join("Anna"), t.join("Bert")]
    assert all(g.wait_joined(10) for g in honest)
    hostile = Hostile(t.host.port, t.host.room, "Mallory")
    hostile.connect()
    wait(lambda: t.host.started)
    rng = random.Random(2000)
    decided: dict[int, int] = {}
    end = time.monotonic() + DEADLINE * 3
    for _ in range(2000):
        assert time.monotonic() < end and not t.errors, t.errors
        before = t.session.state
        outcome = hostile.send(trouble(rng, hostile))
        if outcome.startswith("refused"):  # a refused message changed nothing
            assert t.session.state.n_actions >= before.n_actions
        for g in honest:  # the honest seats play on meanwhile
            u = g.latest
            if g.to_move() and u is not None and decided.get(id(g)) != u.n:
                decided[id(g)] = u.n
                g.act(rng.choice(u.observation.legal), u.n)
    # Every message got its answer: a typed refusal, or (the strike limit, a frame too big
    # for websockets itself) the connection closed; a legal move at its turn was played.
    outcomes = hostile.outcomes
    keys = {o.split(":", 1)[1] for o in outcomes if ":" in o}
    assert keys <= set(P.NET_REASONS) | set(REASONS), keys
    assert sum(outcomes.values()) == 2000
    assert outcomes.get(f"bye:{P.TOO_MANY_BAD}", 0) >= 10, outcomes
    assert sum(n for o, n in outcomes.items() if o.startswith("refused")) >= 1500, outcomes
    assert {P.BAD_JSON, P.TOO_BIG, P.BAD_VERSION, P.BAD_MESSAGE, P.STALE, P.NOT_YOUR_SEAT,
            P.ALREADY_JOINED} <= keys, keys  # fmt: skip
    hostile.ws.close()
    t.play_honest(honest, t.over)
    check_history(t)
    assert not any(g.error for g in honest) and all(not g.refused for g in honest)
    assert t.host.closed_for_strikes >= 10
