"""Verzaakt in network play (revoke = club): a guest's call is an action like any other,
sent out of turn and decided by the host; a guest's wrong card is accepted and the
host's computers call it. Over real WebSockets on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import dataclasses
import json
import time

import test_net_host as net
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
