"""The network screens, driven by posted events under the dummy video driver, on 127.0.0.1
only: the host's screen and its lobby, the join screen and its one-line messages, the
join list from constructed service records (no multicast: every app here runs with
--no-discovery, and the list's browser is a stand-in), a guest's window following a real
host process, and who is away after a drop."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import queue
import socket
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from hostile_client import Client, hello, reason
from test_net_discovery import record
from uitest import DT, click, click_button, face_up, open_play, post, press, run_until

from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.games import GAMES
from klaverjas_gui.play.net import discovery as D
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.guest import NetGuest
from klaverjas_gui.play.net.host import NetHost
from klaverjas_gui.play.net.session import GuestSession, away_notes
from klaverjas_gui.play.net.tokens import GuestTokens
from klaverjas_gui.play.seats import REMOTE, Jobs
from klaverjas_gui.store.history import History
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.history import result_word
from klaverjas_gui.ui.lan import HostScene, JoinScene, NetworkScene, TakeoverScene
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.netstatus import draw_away
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent
LOCAL = ("--no-discovery", "--bind", "127.0.0.1", "--port", "0")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def type_into(app, scene, key: str, text: str) -> None:
    """Click the field, clear it with Backspace, type `text` as text input events."""
    field = scene.fields[key] if hasattr(scene, "fields") else scene.form.entries[key]
    click(app, field.get_abs_rect().center)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    app.step(DT)
    for _ in range(len(field.get_text())):
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        app.step(DT)
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
        app.step(DT)
    assert field.get_text() == text


def open_network(app, choice: str):
    """Menu → Play → On the network… → Host or Join; the screen it opened."""
    play = open_play(app)
    click_button(app, play, "network")
    assert isinstance(app.top, NetworkScene)
    click_button(app, app.top, choice)
    return app.top


def open_table_for_partner(app, name: str | None = None) -> NetHost:
    """The host screen's table opened with only the partner's seat (2) for a guest, the
    others computers; `name`: the host's own, typed in. Its host."""
    screen = open_network(app, "host")
    click_button(app, screen, "seat1=computer")
    click_button(app, screen, "seat3=computer")
    if name is not None:
        type_into(app, screen, "you", name)
    click_button(app, screen, "open")
    return screen.host


def guest_at_table(app, name: str) -> tuple[NetHost, NetGuest, TableScene]:
    """The host's table opened for a partner, `name` joined from another (in-process)
    laptop that will not rejoin by itself, and the match on: the host, the guest, the
    host's table."""
    host = open_table_for_partner(app)
    guest = NetGuest("127.0.0.1", host.port, host.room, name, rejoin_for=0.0).start()
    try:
        run_until(app, lambda: isinstance(app.top, TableScene), seconds=15)
    except BaseException:
        guest.close()
        raise
    return host, guest, app.top


def test_host_screen_opens_a_table_guests_join_and_the_match_starts(make_app):
    app = make_app(*LOCAL, first_frame=True)
    host_screen = open_network(app, "host")
    assert isinstance(host_screen, HostScene) and host_screen.host is None
    click_button(app, host_screen, "seat1=computer")  # only the partner's seat is a guest's
    click_button(app, host_screen, "seat3=computer")
    type_into(app, host_screen, "you", "Henk")
    click_button(app, host_screen, "open")
    host = host_screen.host
    assert host is not None and host.address == "127.0.0.1" and len(host.room) == 6
    kept = (Path(app.args.data_dir) / "network-room.txt").read_text()
    assert kept == f"{host.room}\n{host.port}\n"  # for Continue after a crash
    assert host.remote == [2] and host.session.seats[0].name == "Henk"
    assert "Henk" not in [seat.name for seat in host.session.seats[1:]]  # no computer Henk
    assert host_screen.addresses() == [f"127.0.0.1:{host.port}"]
    assert not host.started and "start" in host_screen.buttons
    app.step(DT)  # the lobby draws: the code, the address, the free seat
    lines = host_screen.seat_lines()
    assert [joined for _, joined in lines] == [True, False, True]
    guest = NetGuest("127.0.0.1", host.port, host.room, "Anna", rejoin_for=2.0).start()
    try:
        run_until(app, lambda: isinstance(app.top, TableScene), seconds=20)
        table = app.top
        assert table.session is host.session and table.session.link is not None
        assert table.layout.bottom == 0
        assert guest.wait_joined(5) and guest.seat == 2
        names = [seat.name for seat in host.session.seats]
        assert names[2] == "Anna" and names.count("Anna") == 1  # the computer Anna took another
        run_until(app, lambda: guest.latest is not None and guest.started, seconds=10)
        status = table.session.link.seat_status()
        assert [(s["name"], s["kind"], s["present"]) for s in status[::2]] == [
            ("Henk", "human", True), ("Anna", REMOTE, True)
        ]  # fmt: skip
    finally:
        guest.close()


@pytest.mark.parametrize(
    "rule, said",
    [
        ("match_length=deals:1", "Match: 1 deal."),
        ("match_length=points:1500", "Match: to 1500 points."),
    ],
)
def test_the_lobby_says_how_long_the_match_lasts(make_app, rule, said):
    """A host who shortened the match in Settings sees it taken: the lobby names the rules'
    preset ("Amsterdam"), which does not say the length, so it says it beside."""
    app = make_app(*LOCAL, "--rule", rule, first_frame=True)
    open_table_for_partner(app)
    lobby = app.top
    app.step(DT)
    assert lobby.match_length() == said


def test_the_hosts_own_row_is_the_name_alone(make_app):
    """The host's own seat is a name field only: a lone "Host" chip beside it, lit and
    changing nothing, looked like a button that did not work."""
    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "host")
    assert [key for key in screen.buttons if key.startswith("you")] == []
    assert [c.key for c in screen.ring.controls if c.key.startswith("you")] == ["you"]
    type_into(app, screen, "you", "Wim")
    app.step(DT)  # pygame-gui tells the text changed on the next frame
    assert screen.host_name == "Wim"


def test_the_lobby_can_be_cancelled_and_started_without_guests(make_app):
    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "host")
    click_button(app, screen, "open")
    first = screen.host
    assert first is not None
    click_button(app, screen, "cancel")
    assert screen.host is None and "open" in screen.buttons
    with pytest.raises(OSError):  # the server is closed: nothing listens there any more
        socket.create_connection(("127.0.0.1", first.port), timeout=1).close()
    click_button(app, screen, "open")
    click_button(app, screen, "start")  # computers play the free seats until a guest comes
    run_until(app, lambda: isinstance(app.top, TableScene), seconds=10)
    assert app.top.session.link.started()


def join_screen(app, address="", room="", name="Anna") -> JoinScene:
    screen = open_network(app, "join")
    assert isinstance(screen, JoinScene)
    if address:
        type_into(app, screen, "address", address)
    if room:
        type_into(app, screen, "room", room)
    type_into(app, screen, "name", name)
    return screen


def test_join_screen_says_in_one_line_what_is_wrong(make_app):
    app = make_app(*LOCAL, first_frame=True)
    hosting = make_app(*LOCAL, first_frame=True)
    host = open_table_for_partner(hosting)
    screen = join_screen(app)
    click_button(app, screen, "join")
    assert screen.message == "Type the host's address, as its screen shows it."
    type_into(app, screen, "address", "127.0.0.1:99999")
    click_button(app, screen, "join")
    assert screen.message_bad and "port" in screen.message and screen.guest is None
    type_into(app, screen, "address", f"127.0.0.1:{host.port}")
    type_into(app, screen, "room", "ab")
    click_button(app, screen, "join")
    assert screen.message.startswith("Type the room code")
    nobody = free_port()
    type_into(app, screen, "address", f"127.0.0.1:{nobody}")
    type_into(app, screen, "room", "kraak7")  # typed in small letters: read as capitals
    click_button(app, screen, "join")
    run_until(app, lambda: screen.guest is None, seconds=10)
    assert screen.message.startswith(f"Nobody answers at 127.0.0.1:{nobody}. Is the address")
    type_into(app, screen, "address", f"127.0.0.1:{host.port}")
    wrong = "KRAAK7" if host.room != "KRAAK7" else "KRAAK8"
    type_into(app, screen, "room", wrong)
    click_button(app, screen, "join")

    def answered() -> bool:
        hosting.step(DT)  # the host's lobby pumps its guests' messages
        return screen.guest is None

    run_until(app, answered, seconds=10)
    assert "the room code is wrong" in screen.message and "\n" not in screen.message
    assert screen.message.startswith("Cannot join")  # a sentence on the screen
    type_into(app, screen, "room", host.room)
    click_button(app, screen, "join")
    run_until(app, lambda: (hosting.step(DT), isinstance(app.top, TableScene))[1], seconds=15)
    late = NetGuest("127.0.0.1", host.port, host.room, "Joop").start()
    try:
        deadline = time.monotonic() + 10
        while late.error is None and time.monotonic() < deadline:
            hosting.step(DT)
        assert late.error is not None and late.error.key == "table_full"
    finally:
        late.close()


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_nobody_answering_is_said_in_the_players_words_and_whole(make_app, lang):
    """No table at the address: the message is the player's language only (it carried the
    system's "[Errno 111] Connect call failed (...)") and every line of it shows (two were
    shown, the end cut off at 1024x600)."""
    app = make_app(*LOCAL, "--lang", lang, first_frame=True)
    nobody = free_port()
    screen = join_screen(app, f"127.0.0.1:{nobody}", "KRAAK7", "Truus")
    click_button(app, screen, "join")
    run_until(app, lambda: screen.guest is None, seconds=10)
    assert screen.message_bad and f"127.0.0.1:{nobody}" in screen.message
    assert "Errno" not in screen.message and "Connect call" not in screen.message
    size = theme.readable(screen.px(17))
    width = app.size[0] - screen.px(340)  # as draw_message wraps it
    assert 2 <= len(theme.wrap(screen.message, size, width, True)) <= 3
    app.step(DT)


def test_the_join_screen_remembers_the_table_last_joined(make_app):
    """A guest whose laptop restarted comes back to the join screen: the address, room code
    and her name are filled in (kept in the settings), and Enter takes her back."""
    app = make_app(*LOCAL, first_frame=True)
    hosting = make_app(*LOCAL, first_frame=True)
    host = open_table_for_partner(hosting)
    screen = join_screen(app, f"127.0.0.1:{host.port}", host.room.lower(), "Marieke")
    assert screen.text("address") == f"127.0.0.1:{host.port}"
    click_button(app, screen, "join")
    run_until(app, lambda: (hosting.step(DT), isinstance(app.top, TableScene))[1], seconds=15)
    joined = {"address": f"127.0.0.1:{host.port}", "room": host.room, "name": "Marieke"}
    saved = json.loads((Path(app.args.data_dir) / "settings.json").read_text(encoding="utf-8"))
    assert saved["net_join"] == joined
    app.show_menu()
    again = open_network(app, "join")
    assert {k: again.text(k) for k in ("address", "room", "name")} == joined
    assert again.ring.key == "join" and again.ring.shown  # the ring shows what Enter does
    press(app, pygame.K_RETURN)  # the first Enter joins (it only showed the ring before)
    assert again.guest is not None and again.message.startswith("Connecting to")


def test_the_room_code_may_be_typed_as_the_host_shows_it(make_app):
    """The host's lobby spells the code out, "K R A A K 7": typed so, with the spaces and in
    small letters, it is the code (before, the guest was told to type the room code)."""
    app = make_app(*LOCAL, first_frame=True)
    hosting = make_app(*LOCAL, first_frame=True)
    host = open_table_for_partner(hosting)
    spaced = " ".join(host.room.lower())
    screen = join_screen(app, f"127.0.0.1:{host.port}", spaced, "Truus")
    click_button(app, screen, "join")
    assert not screen.message_bad and screen.guest is not None
    run_until(app, lambda: (hosting.step(DT), isinstance(app.top, TableScene))[1], seconds=15)
    assert app.settings.net_join["room"] == host.room


class Records:
    """A stand-in for the zeroconf browser: it holds constructed records (nothing is sent)."""

    def __init__(self, infos) -> None:
        self.found = [f for f in (D.found_from_info(i) for i in infos) if f is not None]
        self.closed = False

    def matches(self):
        return list(self.found)

    def close(self) -> None:
        self.closed = True


def test_join_list_shows_the_matches_the_browser_found(make_app, monkeypatch):
    records = Records([record(name="Anna Klaverjas", host="Anna", seats="2"),
                       record(name="Piet Klabberjass", host="Piet", game="klabberjass",
                              seats="1", addresses=("127.0.0.2",), port=5000),
                       record(name="Other", v="99")])  # fmt: skip
    monkeypatch.setattr(JoinScene, "browser_factory", staticmethod(lambda: records))
    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "join")
    run_until(app, lambda: "found_1" in screen.buttons, seconds=5)
    assert "found_2" not in screen.buttons  # another version's record is not listed
    label = screen.buttons["found_1"].text
    assert "Piet" in label and "Klabberjass" in label and "127.0.0.2:5000" in label
    click_button(app, screen, "found_1")
    assert screen.fields["address"].get_text() == "127.0.0.2:5000"
    records.found = []  # the record went away
    run_until(app, lambda: "found_0" not in screen.buttons, seconds=5)
    app.show_menu()
    assert records.closed or screen.browser is None


def test_no_browser_without_discovery(make_app):
    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "join")
    assert screen.browser is None
    app.step(DT)


class HostProcess:
    """`klaverjas --host` without a window on 127.0.0.1: its own seat played by a computer."""

    def __init__(self, tmp: Path, port: int, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8"}  # fmt: skip
        self.p = subprocess.Popen(
            [sys.executable, "-m", "klaverjas_gui", "--host", "--bind", "127.0.0.1", "--port",
             str(port), "--room", "KRAAK7", "--data-dir", str(tmp / "host"), "--speed", "fast",
             "--level", "random", *args],
            env=env, cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def close(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.p.wait(10)
        if self.p.poll() is None:
            self.p.kill()
        out, _ = self.p.communicate(timeout=10)
        return out


def wait_listening(port: int, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise AssertionError("the host process does not listen")


def wait_closed(port: int, seconds: float = 30) -> None:
    """Until nothing listens on `port`: a closed window's server thread lets go of it a
    moment later (a real window's process ends, and the system frees it at once)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
        except ConnectionRefusedError:
            return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError("the closed host still listens")


GAMES_PLAYED = [  # the game's options, the guest's seat, the copy's seats
    (("--rule", "match_length=deals:1"), 2, ["remote", "random", "human", "random"],
     ["Host", "Henk", "Anna", "Joop"]),
    (("--game", "klabberjass", "--rule", "target=100"), 1, ["remote", "human"], ["Host", "Anna"]),
]  # fmt: skip


@pytest.mark.slow(30)
@pytest.mark.parametrize(
    "options, seat, kinds, players", GAMES_PLAYED, ids=["klaverjas", "klabberjass"]
)
def test_a_guest_window_follows_a_host_process_through_a_match(
    make_app, tmp_path, options, seat, kinds, players
):
    port = free_port()
    host = HostProcess(tmp_path, port, "--guests", "1", *options)
    try:
        wait_listening(port)
        app = make_app("--no-discovery", "--join", f"127.0.0.1:{port}", "--room", "KRAAK7",
                       "--name", "Anna", "--window", autopilot=True)  # fmt: skip
        run_until(app, lambda: isinstance(app.top, TableScene), seconds=20)
        table = app.top
        session = table.session
        assert isinstance(session, GuestSession) and session.me == seat
        assert table.layout.bottom == seat  # turned: the guest sits at the bottom
        shown_faces = set()
        moves = 0

        def done() -> bool:
            nonlocal moves
            if isinstance(app.top, DealSummaryScene):
                shown_faces.add("summary")
                assert not app.top.reviewable()  # a guest has no seed to deal the review from
            if app.top is table:
                shown_faces.update(face_up(table))
            moves = session.state.n_actions
            return session.state.is_over and isinstance(app.top, MatchEndScene)

        run_until(app, done, seconds=90)
        assert moves > 20 and "summary" in shown_faces  # a whole deal at least
        assert shown_faces - {"summary"} <= {seat}  # only the guest's own hand was face up
        assert session.problems == []
        if seat == 2:  # four players: the face-down guess never needs re-drawing
            assert table.resyncs == 0
        assert session.guest.seats[0]["name"] == "Host"
        run_until(app, lambda: session.copy_id is not None, seconds=10)
    finally:
        out = host.close()
    assert "the match is over" in out
    # the guest kept a copy: the host's match, its seats marked from the guest's laptop
    copy = app.history.match(session.copy_id)
    assert copy is not None and copy.status == "finished" and copy.game == session.game.name
    assert copy.kinds == kinds and copy.players == players
    hosted = History(tmp_path / "host" / "history.sqlite")
    try:
        (original,) = hosted.matches()
        assert app.history.actions(copy.id) == hosted.actions(original.id)
        assert (copy.seed, copy.totals, copy.winner) == (
            original.seed, original.totals, original.winner
        )  # fmt: skip
    finally:
        hosted.close()
    assert result_word(copy) == ("won" if copy.winner == seat % 2 else "lost")  # the guest's side


def test_a_drop_shows_who_a_computer_plays_for_and_the_rejoin_takes_it_back(make_app):
    app = make_app(*LOCAL, "--grace", "0.5", first_frame=True)
    host, anna, table = guest_at_table(app, "Anna")
    link = table.session.link
    assert away_notes(link.seat_status()) == []
    anna.close()
    run_until(app, lambda: not link.seat_status()[2]["present"], seconds=10)
    assert away_notes(link.seat_status()) == [
        "Anna dropped out: waiting 1 s more, then a computer plays for Anna"
    ]  # fmt: skip
    sent = host.seat_status()  # what the other guests are sent: no seconds to go stale
    assert away_notes(sent) == ["Anna dropped out: waiting for Anna to return"]
    run_until(app, lambda: link.seat_status()[2]["computer"], seconds=10)
    notes = away_notes(link.seat_status())
    assert notes == ["A computer is playing for Anna, waiting for Anna to return"]
    app.step(DT)
    trick = table.layout.trick_area()  # the note is clear of the trick's cards (1024x600)
    assert table.network.away_rect is not None and not table.network.away_rect.colliderect(trick)
    assert table.network.away_rect.right <= table.layout.w
    click_button(app, table, "score_sheet")  # another screen: the note shows there too
    assert app.top is not table
    app.step(DT)
    back = NetGuest("127.0.0.1", host.port, host.room, "anna").start()  # another laptop
    try:
        run_until(app, lambda: isinstance(app.top, TakeoverScene), seconds=10)
        assert app.top.title() == "Give Anna's seat to this laptop?"  # the person decides
        assert not link.seat_status()[2]["present"]
        click_button(app, app.top, "give")
        assert run_until(app, lambda: link.seat_status()[2]["present"], seconds=10) >= 0
        assert away_notes(link.seat_status()) == []
        assert host.session.seats[2].kind == REMOTE and host.session.seats[2].waiting()
    finally:
        back.close()


@pytest.mark.slow(5)
def test_no_one_is_waited_for_once_the_match_is_over(make_app):
    """A guest leaves when the match ends (or a computer finished it for her): the host's
    deal summary and table no longer say "a computer is playing for Anna, waiting for Anna
    to return" (they did, over the last deal's result)."""
    app = make_app(*LOCAL, "--rule", "match_length=deals:1", "--grace", "0.5",
                   first_frame=True, autopilot=True)  # fmt: skip
    _, anna, table = guest_at_table(app, "Anna")
    link = table.session.link
    anna.close()
    run_until(app, lambda: link.seat_status()[2]["computer"], seconds=10)
    assert draw_away(pygame.Surface(app.size), link, (0, 0), 1.0) is not None  # mid-deal
    run_until(app, lambda: table.session.state.is_over, seconds=60)
    for _ in range(3):
        app.step(DT)
    assert not link.seat_status()[2]["present"] and table.network.away_rect is None
    assert draw_away(pygame.Surface(app.size), link, (0, 0), 1.0) is None


@pytest.mark.slow(5)
def test_the_host_is_asked_to_let_a_computer_play_for_a_guest_that_does_not_move(make_app):
    """Cor is connected and never moves: past the turn limit the host's screen asks "Let a
    computer play for Cor" (the table waits meanwhile); yes plays the match to its end, Cor
    still in his seat, and the table offers "Wait for Cor again" until it is over."""
    from klaverjas_gui.ui.lan import StallScene

    app = make_app(*LOCAL, "--rule", "match_length=deals:1", "--turn-limit", "1",
                   first_frame=True, autopilot=True)  # fmt: skip
    host, cor, table = guest_at_table(app, "Cor")  # Cor's laptop never moves
    link = table.session.link
    run_until(app, lambda: isinstance(app.top, StallScene), seconds=30)
    question = app.top
    assert question.title() == "Cor has not played for 1 second"
    assert question.answers()[1] == "Let a computer play for Cor"
    n = host.session.state.n_actions
    for _ in range(20):
        app.step(DT)
    assert app.top is question and host.session.state.n_actions == n  # nothing by itself
    click_button(app, question, "give")
    run_until(app, lambda: link.seat_status()[2]["computer"], seconds=5)
    assert link.seat_status()[2]["present"] and link.seat_button()[0] == "Wait for Cor again"
    assert away_notes(link.seat_status()) == [
        "A computer is playing for Cor until Cor plays again"
    ]  # fmt: skip
    run_until(app, lambda: "net_seat" in table.buttons or table.session.state.is_over, 5)
    run_until(app, lambda: table.session.state.is_over, seconds=60)
    assert host.session.seats[2].name == "Cor" and host.session.seats[2].claimed
    cor.close()


def test_the_host_sees_how_long_a_dropped_guest_is_still_waited_for(make_app):
    """Truus drops out: the host's table counts down the grace ("waiting 18 s more, then a
    computer plays for Truus"); it said only "waiting for Truus to return", and half a
    minute later a computer played, unexplained."""
    app = make_app(*LOCAL, "--grace", "30", first_frame=True)
    host, truus, table = guest_at_table(app, "Truus")
    link = table.session.link
    now = [1000.0]
    host.session.seats[2].clock = lambda: now[0]  # the seat's clock, moved by the test
    truus.close()
    run_until(app, lambda: not link.seat_status()[2]["present"], seconds=10)
    said = "Truus dropped out: waiting {} s more, then a computer plays for Truus"
    assert away_notes(link.seat_status()) == [said.format(30)]
    now[0] += 11.5
    assert away_notes(link.seat_status()) == [said.format(19)]
    app.step(DT)
    assert table.network.away_rect is not None and table.network.away_rect.right <= table.layout.w
    now[0] += 19
    assert away_notes(link.seat_status()) == [
        "A computer is playing for Truus, waiting for Truus to return"
    ]  # fmt: skip


def test_a_host_gone_to_the_menu_is_shown_to_the_guest_and_back_at_the_table_not(make_app):
    """The host presses Esc and is in the menu: the guest's table says the host has left
    for a moment (before, the guest waited with no word); the score sheet over the table
    is still the table; Continue takes the host back and the note goes."""
    app = make_app(*LOCAL, first_frame=True)
    _, anna, table = guest_at_table(app, "Anna")
    try:
        run_until(app, lambda: anna.started and len(anna.seats) == 4, seconds=10)
        assert away_notes(anna.seats) == []
        click_button(app, table, "score_sheet")  # over the table: still at the table
        for _ in range(10):
            app.step(DT)
        assert away_notes(anna.seats) == []
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        app.step(DT)  # the score sheet closes
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        run_until(app, lambda: table not in app.scenes, seconds=5)  # the host left the table
        said = "The host has left the table for a moment: the game waits for them"
        run_until(app, lambda: away_notes(anna.seats) == [said], seconds=10)
        assert away_notes(table.session.link.seat_status()) == []  # not on the host's screen
        click_button(app, app.top, "continue")
        assert app.top is table
        run_until(app, lambda: away_notes(anna.seats) == [], seconds=10)
    finally:
        anna.close()


def test_a_guest_gone_to_her_menu_is_shown_to_the_host_and_back_at_the_table_not(make_app):
    """The mirror of the host's note: a guest who leaves her table for her menu is shown on
    the host's screen (and the other guests'), never on her own; back, the note goes."""
    app = make_app(*LOCAL, first_frame=True)
    _, anna, table = guest_at_table(app, "Anna")
    try:
        link = table.session.link
        run_until(app, lambda: anna.started and anna.hears_away, seconds=10)
        assert away_notes(link.seat_status()) == []
        anna.set_away(True)
        said = "Anna has left the table for a moment: the game waits for them"
        run_until(app, lambda: away_notes(link.seat_status()) == [said], seconds=10)
        run_until(app, lambda: away_notes(anna.seats) == [said], seconds=10)  # others see it
        anna.set_away(False)
        run_until(app, lambda: away_notes(link.seat_status()) == [], seconds=10)
    finally:
        anna.close()


class _Guest:
    """A joined NetGuest as its GuestSession sees it, fed by the test, not a host."""

    def __init__(self, state, seat: int) -> None:
        self.game, self.seat, self.variant = GAMES["klaverjas"], seat, state.variant
        self.name, self.room, self.started = "Anna", "ROOM12", True
        self.error = self.record = None
        self.over = False
        self.seats = [{"name": n, "kind": k, "present": True, "computer": k == "computer"}
                      for n, k in (("Host", "human"), ("Henk", "computer"),
                                   ("Anna", REMOTE), ("Joop", "computer"))]  # fmt: skip
        self.refused: list = []
        self.played_for = 0  # a first join: nothing was played for her
        self.told_away: list[bool] = []  # what the host was told, change by change
        self.updates: queue.Queue = queue.Queue()
        self.latest = self.update(state, None)

    def set_away(self, away: bool) -> None:
        if not self.told_away or self.told_away[-1] != away:
            self.told_away.append(away)

    def update(self, state, action) -> P.Update:
        """The host's `state` message for `state`, reached by `action` (None: joining)."""
        return P.Update(state.n_actions, state.observation(self.seat), action, None, ())

    def close(self, *_a) -> None:
        pass


def test_a_guest_back_at_the_table_is_told_what_a_computer_played_for_her(make_app):
    """A guest whose laptop dropped out rejoins further on: the table jumps to the host's
    position and says, once, how many of her cards a computer played meanwhile."""
    variant = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    state = new_match(variant, 5)
    while state.phase != "play":
        state, _ = state.apply(state.legal_actions()[0])
    app = make_app(*LOCAL, first_frame=True)
    guest = _Guest(state, 2)
    session = GuestSession(guest, app.settings, Jobs(True))  # type: ignore[arg-type]
    app.start_network(session)
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(5):
        app.step(DT)
    mine = bin(state.hands[2]).count("1")
    while bin(state.hands[2]).count("1") > mine - 2 or state.to_move == 2:  # two of hers
        action = state.legal_actions()[0]
        state, _ = state.apply(action)
    guest.updates.put(guest.update(state, action))  # many moves on: a jump, not a move
    run_until(app, lambda: table.session.state.n_actions == state.n_actions, seconds=10)
    said = "While you were away, a computer played 2 of your cards"
    assert app.toasts.current_text == said
    assert bin(table.session.state.hands[2]).count("1") == mine - 2
    for _ in range(5):
        app.step(DT)
    assert [t.text for t in app.toasts.items].count(said) == 1  # said once


def test_a_guest_who_closed_her_window_is_told_what_a_computer_played_for_her(make_app, tmp_path):
    """Truus closes her window mid-deal; a computer plays two of her cards; she starts the
    game again and Enter on the remembered join screen takes her back: the table says once
    what the computer played (before, only a rejoin with the window open said it)."""
    hosting = make_app(*LOCAL, "--data-dir", str(tmp_path / "host"), "--grace", "0.3",
                       first_frame=True, autopilot=True)  # fmt: skip
    host = open_table_for_partner(hosting)
    first = make_app(*LOCAL, first_frame=True, autopilot=True)  # her bid, without waiting
    screen = join_screen(first, f"127.0.0.1:{host.port}", host.room, "Truus")
    click_button(first, screen, "join")
    run_until(first, lambda: (hosting.step(DT), isinstance(first.top, TableScene))[1], seconds=15)
    run_until(first, lambda: (hosting.step(DT), host.session.state.phase == "play")[1],
              seconds=30)  # fmt: skip
    cards, deal = bin(host.session.state.hands[2]).count("1"), host.session.state.deal_no
    first.close()  # the window closed mid-deal
    make_app.__self__.apps.remove(first)

    def two_played() -> bool:
        state = host.session.state
        return bin(state.hands[2]).count("1") <= cards - 2 and state.to_move != 2

    run_until(hosting, two_played, seconds=30)
    state = host.session.state
    assert state.deal_no == deal and not host.session.seats[2].present  # the same deal
    again = make_app(*LOCAL, first_frame=True)
    rejoin = open_network(again, "join")
    assert rejoin.text("name") == "Truus" and rejoin.ring.key == "join"
    press(again, pygame.K_RETURN)
    # the host only hears its guests meanwhile (no move is played): the count is exact
    run_until(again, lambda: (host.pump(), isinstance(again.top, TableScene))[1], seconds=15)
    played = cards - bin(state.hands[2]).count("1")
    said = f"While you were away, a computer played {played} of your cards"
    assert again.top.session.state.n_actions == state.n_actions
    assert again.toasts.current_text == said
    for _ in range(5):
        again.step(DT)
    assert [t.text for t in again.toasts.items].count(said) == 1  # said once


@pytest.mark.slow(5)
def test_new_match_after_a_network_match_seats_the_same_people_again(make_app, tmp_path):
    """New match at the end of a network match: the host's table opens again with the
    same seats under a new room code, and the guest's join screen has the table filled in,
    so Enter seats them together again (before, each laptop started a match against
    computers). The old code brings back only her laptop, by its seat's token: someone
    who learnt it (over a shoulder, or a guest who left) is refused, where the reused code
    let the first to come take her seat."""
    hosting = make_app(*LOCAL, "--data-dir", str(tmp_path / "host"), "--rule",
                       "match_length=deals:1", first_frame=True, autopilot=True)  # fmt: skip
    host = open_table_for_partner(hosting, "Wim")
    guest = make_app(*LOCAL, first_frame=True, autopilot=True)
    screen = join_screen(guest, f"127.0.0.1:{host.port}", host.room, "Truus")
    click_button(guest, screen, "join")

    def both_over() -> bool:
        hosting.step(DT)
        return isinstance(guest.top, MatchEndScene) and isinstance(hosting.top, MatchEndScene)

    run_until(guest, both_over, seconds=90)
    room, port = host.room, host.port
    click_button(hosting, hosting.top, "new_match")
    lobby = hosting.top
    assert isinstance(lobby, HostScene) and lobby.host is not None
    assert lobby.host.port == port  # the address she remembers
    again = lobby.host
    assert again.room != room and len(again.room) == P.ROOM_LENGTH  # a fresh code
    assert again.remote == [2] and again.session.seats[0].name == "Wim"
    # Mallory knew the old code: it takes no seat of the new match, under any name
    for name in ("Mallory", "Truus"):
        with contextlib.closing(Client(port).handshake()) as mallory:
            mallory.send(hello(room, name))
            for _ in range(20):
                hosting.step(DT)
            answer = mallory.answer()
        assert answer["type"] == "refused" and reason(answer) == P.ROOM_CHANGED, answer
    assert again.free_seats() == 1 and not again.started
    click_button(guest, guest.top, "new_match")
    rejoin = guest.top
    assert isinstance(rejoin, JoinScene) and rejoin.text("room") == room
    press(guest, pygame.K_RETURN)
    run_until(guest, lambda: (hosting.step(DT), isinstance(guest.top, TableScene))[1], seconds=15)
    assert isinstance(hosting.top, TableScene) and hosting.top.session is again.session
    assert guest.top.session.state.n_actions < 8  # a new match, from its first deal
    # her laptop now knows the new code: a rejoin, or the next window, uses it
    assert guest.top.session.room == again.room
    assert guest.settings.net_join["room"] == again.room
    assert GuestTokens(guest.store.paths.data_dir).get(again.room) is not None


class GuestProcess:
    """`klaverjas --join` without a window: its seat played by a computer; it rejoins by
    itself (same name and code) for a minute after the host goes away."""

    def __init__(self, tmp: Path, port: int, room: str, name: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8"}  # fmt: skip
        self.p = subprocess.Popen(
            [sys.executable, "-m", "klaverjas_gui", "--join", f"127.0.0.1:{port}", "--room", room,
             "--name", name, "--data-dir", str(tmp / name), "--speed", "fast", "--level",
             "random", "--lang", "en"],
            env=env, cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def close(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.p.wait(20)
        if self.p.poll() is None:
            self.p.kill()
        out, _ = self.p.communicate(timeout=10)
        return out


@pytest.mark.slow(40)
def test_a_hosted_match_closed_mid_deal_continues_from_the_menu_and_the_guest_rejoins(
    make_app, tmp_path
):
    from netcheck import Replay

    from klaverjas_gui.ui.menu import MainMenuScene

    first = make_app(*LOCAL, "--rule", "match_length=deals:1", "--grace", "30",
                     first_frame=True, autopilot=True)  # fmt: skip
    host = open_table_for_partner(first, "Henk")
    room, port = host.room, host.port
    anna = GuestProcess(tmp_path, port, room, "Anna")
    try:
        run_until(first, lambda: isinstance(first.top, TableScene), seconds=30)
        session = first.top.session
        run_until(first, lambda: session.state.n_actions >= session.state.deal_start + 9,
                  seconds=60)  # fmt: skip
        stopped_at = session.state.to_dict()
        assert not session.state.is_over
        first.close()  # the host's window closed mid-deal: the guest is left waiting
        make_app.__self__.apps.remove(first)
        wait_closed(port)  # as when its process ends (on a busy machine, not within 2 s)

        again = make_app(*LOCAL[:3], "--grace", "30", first_frame=True, autopilot=True)
        menu = again.top
        assert isinstance(menu, MainMenuScene) and "continue" in menu.buttons
        click_button(again, menu, "continue")
        lobby = again.top
        assert isinstance(lobby, HostScene) and lobby.resumed and lobby.host is not None
        assert (lobby.host.room, lobby.host.port) == (room, port)  # what the guest has
        assert lobby.host.session.state.to_dict() == stopped_at  # the exact position
        resumed = lobby.host
        assert not resumed.started and "start" in lobby.buttons
        if not resumed.session.seats[2].present:  # Anna may be back already
            away = [line for line, back in lobby.seat_lines() if not back]
            assert away == ["Your partner, across: waiting for Anna to come back"]
        run_until(again, lambda: isinstance(again.top, TableScene), seconds=60)  # Anna is back
        table = again.top
        assert table.session is resumed.session and resumed.started
        assert table.session.seats[2].present and table.session.seats[0].name == "Henk"
        run_until(again, lambda: isinstance(again.top, MatchEndScene), seconds=120)
        session = table.session
        assert session.state.is_over and session.state.variant.match_length == "deals:1"
    finally:
        out = anna.close()
    assert "the match is over" in out, out
    (record,) = again.history.matches()
    assert record.status == "finished" and record.kinds[2] == REMOTE
    replay, _ = Replay.of(again.history, record.id)
    assert replay.states[-1].to_dict() == session.state.to_dict()  # nothing lost
    again.close()
    make_app.__self__.apps.remove(again)
    assert not (Path(again.args.data_dir) / "network-room.txt").exists()  # nothing to continue


def test_play_on_lets_computers_play_for_the_guests_not_back(make_app, tmp_path):
    """A continued hosted match (`--host --continue --window`): the lobby with the
    remembered code and port; Play on: the computer plays the missing guest's seat at once."""
    first = make_app(*LOCAL, "--grace", "30", first_frame=True, autopilot=True)
    host = open_table_for_partner(first)
    room, port = host.room, host.port
    anna = NetGuest("127.0.0.1", port, room, "Anna", rejoin_for=0.0).start()
    try:
        run_until(first, lambda: isinstance(first.top, TableScene), seconds=20)
        assert first.top.session.match_id is not None  # begun: recorded in the history
    finally:
        anna.close()
    first.close()
    make_app.__self__.apps.remove(first)
    wait_closed(port)

    again = make_app("--no-discovery", "--bind", "127.0.0.1", "--host", "--continue", "--window",
                     "--grace", "30", first_frame=True)  # fmt: skip
    lobby = again.top
    assert isinstance(lobby, HostScene) and lobby.resumed
    resumed = lobby.host
    assert (resumed.room, resumed.port) == (room, port) and not resumed.started
    assert not resumed.session.seats[2].present
    again.step(DT)
    assert lobby.buttons["start"].text == "Play on"
    click_button(again, lobby, "start")
    run_until(again, lambda: isinstance(again.top, TableScene), seconds=10)
    link = again.top.session.link
    assert link.started() and link.seat_status()[2]["computer"]  # at once, not after 30 s
    assert away_notes(link.seat_status()) == [
        "A computer is playing for Anna, waiting for Anna to return"
    ]  # fmt: skip
    back = NetGuest("127.0.0.1", port, room, "Anna", token=anna.token).start()  # her laptop
    try:
        run_until(again, lambda: link.seat_status()[2]["present"], seconds=10)
        assert resumed.session.seats[2].waiting()  # Anna plays her own cards again
    finally:
        back.close()


def test_the_host_chooses_how_long_a_dropped_player_is_waited_for(make_app):
    """The host's screen offers the grace period; the choice is kept in the settings (the
    next hosted match waits as long) and the seats of the match opened wait that long."""
    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "host")
    assert app.settings.net_grace == 30  # the default
    click_button(app, screen, "grace=60")
    click_button(app, screen, "open")
    host = screen.host
    assert host is not None and host.session.seats[2].grace == 60
    saved = json.loads((Path(app.args.data_dir) / "settings.json").read_text(encoding="utf-8"))
    assert saved["net_grace"] == 60
    click_button(app, screen, "cancel")


@pytest.mark.parametrize("choice", ["host", "join"])
def test_the_name_offered_on_the_network_is_the_players_own(make_app, choice):
    """The name given to one's own seat in Settings is what the host and join screens offer
    (the others see it in their lobby); the default "You" is not a name on another laptop."""
    app = make_app(*LOCAL, "--lang", "nl", first_frame=True)
    screen = open_network(app, choice)
    shown = screen.host_name if choice == "host" else screen.text("name")
    assert shown == ("Gastheer" if choice == "host" else "Gast")
    app.show_menu()
    app.settings.set_seat(0, name="Marieke")
    screen = open_network(app, choice)
    shown = screen.host_name if choice == "host" else screen.text("name")
    assert shown == "Marieke"


def test_a_guest_session_tells_the_host_when_she_leaves_the_table_and_comes_back():
    """Her menu over the table tells the host she left; a score sheet over it does not; her
    table's next frame says she is back. Her own screen never shows her away."""
    state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), 5)
    guest = _Guest(state, 2)
    session = GuestSession(guest)
    try:
        session.background(left=False)  # a score sheet over the table
        session.background(left=True)  # the menu
        assert guest.told_away == [False, True]
        guest.seats[2] = {**guest.seats[2], "away": True}  # as the host sends it back
        assert away_notes(session.seat_status()) == []
        session.step(DT)  # the table is shown again
        assert guest.told_away == [False, True, False]
    finally:
        session.close()


def test_a_laptop_that_keeps_typing_wrong_codes_is_told_to_wait(make_app):
    """The host's door: after 3 free wrong codes an address waits; the join screen says
    how long, in one line, and the code is not even read meanwhile."""
    app = make_app(*LOCAL, first_frame=True)
    hosting = make_app(*LOCAL, first_frame=True)
    host = open_table_for_partner(hosting)
    screen = join_screen(app, address=f"127.0.0.1:{host.port}")
    wrong = "KRAAK7" if host.room != "KRAAK7" else "KRAAK8"
    said = []
    for room in (wrong, wrong, wrong, wrong, host.room):
        type_into(app, screen, "room", room)
        click_button(app, screen, "join")
        run_until(app, lambda: screen.guest is None, seconds=10)
        said.append(screen.message)
    assert all("the room code is wrong" in m for m in said[:4]), said
    assert said[4].startswith("Cannot join") and "\n" not in said[4]
    assert "too many wrong room codes came from this address; try again in 1 s" in said[4]
    assert not host.session.seats[2].claimed  # the right code was not read
