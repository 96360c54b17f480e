"""Verzaakt in network play (revoke = club): a guest's call is an action like any other,
sent out of turn and decided by the host; a guest's wrong card is accepted and the
host's computers call it. Over real WebSockets on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import dataclasses
import json
import time

import test_net_host as net
from hostile_client import message
from test_net_host import DEADLINE, wait

from klaverjas_gui.engine.match import VerzaaktCalled, verzaakt
from klaverjas_gui.games import KLAVERJAS
from klaverjas_gui.play.net import protocol as P


def club_table(tmp_path, monkeypatch) -> net.Table:
    club = dataclasses.replace(KLAVERJAS.presets["amsterdam"], revoke="club",
                               match_length="deals:2")  # fmt: skip
    monkeypatch.setattr(net, "short", lambda game: club)
    (tmp_path / "t").mkdir()
    return net.Table(tmp_path / "t", guests=1)


def test_a_guest_calls_out_of_turn_and_the_host_decides(tmp_path, monkeypatch):
    t = club_table(tmp_path, monkeypatch)
    try:
        anna = t.join("Anna")
        assert anna.wait_joined(10)
        me = anna.seat
        heard: list = []
        t.session.listen(lambda before, action, events: heard.extend(events))
        # honest play until a trick is closed and someone else is to move
        t.play_honest(
            [anna],
            lambda: (
                bool(t.session.state.tricks)
                and t.session.state.to_move != me
                and t.session.state.phase == "play"
            ),
        )
        n = anna.latest.n
        anna.act(str(verzaakt((me + 1) % 4)), n)  # in another seat's name: refused
        wait(lambda: anna.refused)
        assert anna.refused[-1].key == P.NOT_YOUR_SEAT
        anna.act(str(verzaakt(me)), t.session.state.n_actions)  # her own: out of turn, heard
        wait(lambda: any(isinstance(e, VerzaaktCalled) for e in heard))
        call = next(e for e in heard if isinstance(e, VerzaaktCalled))
        assert call.seat == me and call.revoke is None  # computers never revoke
        assert len(anna.refused) == 1

        def the_call():  # the state message the guest got for her call
            for text in list(anna.frames):
                message = json.loads(text)
                if message.get("action") == f"verzaakt {me}":
                    return message
            return None

        wait(lambda: the_call() is not None)
        message = the_call()
        assert message["by"] == me
        assert [e["event"] for e in message["events"]] == ["VerzaaktCalled"]
    finally:
        t.close()


def test_a_guests_wrong_card_is_accepted_and_the_computers_call_it(tmp_path, monkeypatch):
    t = club_table(tmp_path, monkeypatch)
    try:
        anna = t.join("Anna")
        assert anna.wait_joined(10)
        scored: list = []
        t.session.listen(lambda before, action, events: scored.extend(
            e.line for e in events if type(e).__name__ == "DealScored"))  # fmt: skip
        end = time.monotonic() + DEADLINE
        sent = -1
        while not t.over():
            assert time.monotonic() < end and not t.errors
            u = anna.latest
            if anna.to_move() and u is not None and sent != u.n:
                sent = u.n
                s = t.session.state
                wrong = [a for a in s.legal_actions() if a not in s.rule_actions()]
                anna.act(str(wrong[0] if wrong else u.observation.legal[0]), u.n)
            time.sleep(0.002)
        assert not anna.refused, anna.refused
        revoked = [line for line in scored if line.score.outcome == "verzaakt"]
        assert revoked and all(line.score.revoke.seat == anna.seat for line in revoked)
        wait(lambda: anna.over)
        assert anna.latest.observation.totals == t.session.state.totals
        net.check_history(t)
    finally:
        t.close()


# --- an outsider's client calling "Verzaakt!" to stall or churn the table ---
# Each test below drives the host's own `_act` (the frame loop's side, where a guest's
# message lands after the door and the parser) on a host that opened no network: the
# position is chosen exactly, and what the host would answer is kept in `said`.
CLUB = dataclasses.replace(KLAVERJAS.presets["amsterdam"], revoke="club", match_length="deals:2")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def host_at(until, guests=(1, 2, 3), seed: int = 3, turn_limit: float = 90.0):
    """A host (not started: nothing opened) of a club match whose guest seats are
    `guests`, present, played by allowed cards from the start until `until(state)`."""
    import random

    from klaverjas_gui.play.net.host import Connection, NetHost, host_seating
    from klaverjas_gui.play.session import MatchSession

    clock = Clock()
    seating = host_seating(KLAVERJAS, seed, "Henk", list(guests), "random", clock=clock)
    state, rng = KLAVERJAS.new_state(CLUB, seed), random.Random(seed)
    while not until(state):
        assert not state.is_over, "the match ended before the position came"
        state = state.apply(rng.choice(state.rule_actions()))[0]
    session = MatchSession(KLAVERJAS, CLUB, seed, seating, state=state)
    host = NetHost(session, started=True, turn_limit=turn_limit)
    host.said = []
    host.refuse = host.notice = lambda conn, reason, to="": host.said.append(reason.key)
    conns = {}
    for s in guests:
        session.seats[s].arrive(f"Guest {s}")
        conns[s] = Connection(None, seat=s)  # type: ignore[arg-type]
    host.clock = clock
    return host, conns


def act(host, conn, action: str, n: int | None = None) -> None:
    n = host.session.state.n_actions if n is None else n
    host._act(conn, {"v": 1, "type": "act", "n": n, "action": action})


def in_play(state) -> bool:
    return state.phase == "play" and len(state.tricks) >= 1 and not state.trick


def test_a_seat_calls_once_until_another_trick_is_closed():
    """A wrong call changes nothing, so a client could call hundreds of times a trick: each
    one a move that every seat is sent and the history keeps (a match over 5,000 moves no
    guest can copy any more). What a call proves changes only when a trick closes: a seat's
    second call before that is refused, and after it counts again."""
    host, conns = host_at(in_play)
    s = host.session
    caller = next(q for q in conns if q != s.state.to_move)
    n = s.state.n_actions
    for _ in range(5):
        act(host, conns[caller], f"verzaakt {caller}")
    assert s.state.n_actions == n + 1  # one call was heard
    assert host.said == [P.CALLED_ALREADY] * 4
    other = next(q for q in conns if q != caller)
    act(host, conns[other], f"verzaakt {other}")  # another seat's own call is its own
    assert s.state.n_actions == n + 2 and len(host.said) == 4
    tricks = len(s.state.tricks)
    while len(s.state.tricks) == tricks:  # the table plays on to the next closed trick
        s.submit(s.state.rule_actions()[0])
    act(host, conns[caller], f"verzaakt {caller}")
    assert len(host.said) == 4 and s.state.deal_log[-1][1].kind == "verzaakt"


def test_a_call_does_not_make_another_seats_move_stale():
    """A call is a move of the log only: a card chosen at the position before it is still
    a card at this position, so it is played, not refused as stale (a client calling at
    every chance would otherwise have every other guest's card refused)."""
    host, conns = host_at(lambda st: in_play(st) and st.to_move in (1, 2))
    s = host.session
    mover = s.state.to_move
    caller = next(q for q in conns if q != mover)
    n = s.state.n_actions
    card = str(s.state.rule_actions()[0])
    act(host, conns[caller], f"verzaakt {caller}")
    act(host, conns[mover], card, n=n)  # chosen before the call
    assert host.said == [] and s.state.n_actions == n + 2
    assert str(s.state.deal_log[-1][1]) == card
    nxt = s.state.to_move  # the next guest's card, chosen before that card: stale as ever
    act(host, conns[nxt], str(s.state.rule_actions()[0]), n=n + 1)
    assert host.said == [P.STALE] and s.state.n_actions == n + 2


def test_a_guest_cannot_restart_its_turn_limit_by_calling():
    """The turn limit counts per position: a guest that called "Verzaakt!" while the table
    waited for its card got a new position, and so the whole limit again, each call."""
    host, conns = host_at(lambda st: in_play(st) and st.to_move in (1, 2, 3), turn_limit=1.0)
    staller = host.session.state.to_move
    host.pump()
    host.clock.now = 0.6
    act(host, conns[staller], f"verzaakt {staller}")
    host.pump()
    host.clock.now = 1.0
    assert host.stalled() == staller


def test_the_host_ends_a_deal_after_its_last_trick_not_a_guest():
    """After the last trick the deal waits ("deal_end") so that the last trick can still
    be called; the seat that took it is "to move" only for the host to close the deal
    after the trick's pause. A guest's own pass there cut that short: one who revoked in the
    seventh trick (which only the eighth shows) and took the last could end the deal
    before anyone called it."""
    host, conns = host_at(lambda st: st.phase == "deal_end" and st.to_move in (1, 2, 3))
    s = host.session
    before = s.state
    act(host, conns[before.to_move], "pass")
    assert host.said == [P.HOST_ENDS_DEAL] and s.state is before
    caller = next(q for q in conns if q != before.to_move)
    act(host, conns[caller], f"verzaakt {caller}")  # the last trick can still be called
    assert s.state.n_actions == before.n_actions + 1 and s.state.phase == "deal_end"


def test_an_honest_guest_leaves_the_end_of_a_deal_to_the_host():
    """A guest program's "to move" is never the host's end of a deal (its pass would be
    refused, and ten refusals close the connection)."""
    from klaverjas_gui.play.net.guest import NetGuest
    from klaverjas_gui.play.net.protocol import Update

    host, _ = host_at(lambda st: st.phase == "deal_end" and st.to_move in (1, 2, 3))
    state = host.session.state
    guest = NetGuest("127.0.0.1", 1, "ABCDEF", "Anna")  # never started: nothing opened
    guest.seat, guest.started = state.to_move, True
    guest.latest = Update(state.n_actions, state.observation(state.to_move), None, None, ())
    assert state.observation(state.to_move).legal and not guest.to_move()


def test_a_host_without_a_screen_gives_its_guests_time_to_call_the_last_trick():
    """A host with a screen lets the last trick lie still (the trick's pause) before it
    ends the deal; one without a screen ended it at its next frame, so a guest's call on
    the last trick (the only time a revoke in the seventh can be proven) never came in
    time. It waits as long as a screen's pause for a person who may call."""
    from klaverjas_gui.play.session import ASKED_PAUSE

    host, conns = host_at(lambda st: st.phase == "deal_end")
    s = host.session
    at = s.state
    for _ in range(5):
        host.step(0.1)
    assert s.state is at  # half a second on, the last trick still lies there
    caller = next(iter(conns))
    act(host, conns[caller], f"verzaakt {caller}")
    assert s.state.n_actions == at.n_actions + 1 and s.state.phase == "deal_end"
    for _ in range(int(ASKED_PAUSE * s.settings.speed / 0.1) + 2):
        host.step(0.1)
    assert s.state.deal_no == at.deal_no + 1  # then the host ends the deal


def test_an_outsiders_flood_of_calls_is_heard_once_per_trick(tmp_path, monkeypatch):
    """Over the wire, from a client of our own (no program code): at its turn, after a
    trick, it calls "Verzaakt!" twelve times at once. The table hears one call; the other
    eleven are refused with their reason before they reach the session, and the client
    still plays its card (not stale: only its own call came since). A second call is no
    bad message (a person's key held down): the connection stays open past the ten bad
    messages that close one."""
    from test_net_three import Seat

    t = club_table(tmp_path, monkeypatch)
    try:
        me = Seat(t.host.port, t.host.room, "Mallory")
        end = time.monotonic() + DEADLINE
        while not (me.state["obs"]["to_move"] == me.seat and me.state["obs"]["tricks"]
                   and me.state["obs"]["phase"] == "play"):  # fmt: skip
            assert time.monotonic() < end and not t.errors, t.errors
            if me.state["obs"]["to_move"] == me.seat and me.state["obs"]["legal"]:
                me.act(me.state["obs"]["legal"][0])
            else:
                me.next(10)
        n = me.state["n"]
        for _ in range(12):
            me.c.send(message("act", n=n, action=f"verzaakt {me.seat}"))
        answers = [me.next() for _ in range(12)]  # (the seats message may come too: read on)
        while sum(m["type"] in ("refused", "state") for m in answers) < 12:
            answers.append(me.next())
        keys = [m["reason"]["key"] for m in answers if m["type"] == "refused"]
        calls = [m for m in answers if m["type"] == "state"]
        assert keys == [P.CALLED_ALREADY] * 11 and len(calls) == 1, answers
        assert calls[0]["action"] == f"verzaakt {me.seat}" and calls[0]["n"] == n + 1
        card = me.act(me.state["obs"]["legal"][0], n=n)  # chosen before the call
        assert card["type"] == "state" and card["by"] == me.seat, card
        heard = [a for a in t.session.state.actions if a.kind == "verzaakt"]
        assert len(heard) == 1
    finally:
        t.close()


def test_a_guest_flickering_away_and_back_is_shown_once_a_second():
    """ "Left the table for a moment" is a guest's word about itself that every seat is
    sent and every screen shows: a client sending away and back at the door's twenty
    messages a second made each screen flicker. The others see it change at most once a
    second, and the last word stands."""
    host, conns = host_at(in_play)
    s = next(iter(conns))
    sent: list[list] = []
    host._broadcast_seats = lambda: sent.append(host.seat_status())
    host.pump()
    sent.clear()
    for i in range(20):
        host.inbox.put((conns[s], {"v": 1, "type": "away", "away": i % 2 == 0}))
        host.pump()
    assert len(sent) == 1 and sent[0][s]["away"]
    host.clock.now = 1.0
    host.pump()
    assert len(sent) == 2 and "away" not in sent[1][s]  # the last word: back at the table
