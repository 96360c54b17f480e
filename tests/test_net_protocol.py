"""The network messages without a network: schema checks, refusal reasons, the JSON form
of observations and events, addresses, the grace of a remote seat, seat kinds in the
history."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from klaverjas_gui.engine import Suit
from klaverjas_gui.engine.reasons import Reason
from klaverjas_gui.games import GAMES, KLABBERJASS, KLAVERJAS
from klaverjas_gui.i18n import catalog
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.guest import received_reason, split_address
from klaverjas_gui.play.net.host import host_seating, room_code
from klaverjas_gui.play.seats import REMOTE
from klaverjas_gui.store.history import History


def join(**fields):
    return json.dumps({"v": 1, "type": "join", "room": "ABCDEF", "name": "Anna", **fields})


def refusal(text, limit=P.MAX_GUEST_BYTES) -> str:
    with pytest.raises(P.ProtocolError) as caught:
        P.parse(text, P.GUEST_SCHEMAS, limit)
    return caught.value.reason.key


def test_good_messages_parse():
    assert P.parse(join(), P.GUEST_SCHEMAS)["name"] == "Anna"
    act = P.parse(P.dump("act", n=3, action="play JH"), P.GUEST_SCHEMAS)
    assert act["n"] == 3 and act["action"] == "play JH"
    assert P.parse(P.dump("act", n=3, action="pass", seat=2), P.GUEST_SCHEMAS)["seat"] == 2


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("not json", P.BAD_JSON),
        ("[1, 2]", P.BAD_JSON),
        ('"join"', P.BAD_JSON),
        ("[" * 5000 + "]" * 5000, P.TOO_BIG),
        (json.dumps({"type": "join", "room": "ABCDEF", "name": "A"}), P.BAD_VERSION),
        (json.dumps({"v": 2, "type": "join", "room": "ABCDEF", "name": "A"}), P.BAD_VERSION),
        (json.dumps({"v": True, "type": "join", "room": "ABCDEF", "name": "A"}), P.BAD_VERSION),
        (json.dumps({"v": 1, "type": "welcome"}), P.BAD_MESSAGE),  # a host's message
        (json.dumps({"v": 1, "type": "quit"}), P.BAD_MESSAGE),
        (json.dumps({"v": 1}), P.BAD_MESSAGE),
        (join(room="abc"), P.BAD_MESSAGE),  # too short, lower case
        (join(room="ABCDE0"), P.BAD_MESSAGE),  # 0 is not in the alphabet
        (join(name=""), "name_empty"),  # a name says why (names.py)
        (join(name="x" * 25), "name_too_long"),
        (join(name="a\nb"), "name_character"),
        (join(name="x" * 101), P.BAD_MESSAGE),  # past any name: the schema's own bound
        (join(token="short"), P.BAD_MESSAGE),
        (join(name=7), P.BAD_MESSAGE),
        (join(extra=1), P.BAD_MESSAGE),  # closed objects
        (json.dumps({"v": 1, "type": "act", "n": -1, "action": "pass"}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": True, "action": "pass"}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": 1.5, "action": "pass"}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": 1, "action": "x" * 21}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": 1}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": 1, "action": "pass", "seat": 9}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "act", "n": 1, "action": ["play", "JH"]}), P.BAD_MESSAGE),
        # a ping's "t" is echoed in the pong: a time, not 900 digits to be sent back
        (json.dumps({"v": 1, "type": "ping", "t": 10**900}), P.BAD_MESSAGE),
        (json.dumps({"v": 1, "type": "ping", "t": -(10**20)}), P.BAD_MESSAGE),
        # a field twice: JSON leaves it to the reader which one counts; none is read
        ('{"v":1,"type":"join","room":"ABCDEF","name":"A","room":"ZZZZZZ"}', P.BAD_MESSAGE),
        ('{"v":1,"type":"ping","type":"join","room":"ABCDEF","name":"A"}', P.BAD_MESSAGE),
        ('{"v":1,"type":"ping","t":{"a":1,"a":2}}', P.BAD_MESSAGE),
    ],
)
def test_bad_messages_are_refused_with_their_reason(text, key):
    assert refusal(text) == key


def test_the_size_limit_is_the_callers():
    text = join(name="A" * 20)
    assert refusal(text, limit=len(text) - 1) == P.TOO_BIG
    assert P.parse(text, P.GUEST_SCHEMAS, limit=len(text))["name"] == "A" * 20


def test_random_bytes_never_escape_as_anything_but_a_refusal():
    rng = random.Random(20)
    pieces = ['{"v":1', '"type":', '"act"', '"join"', '"n":', "1", ",", "}", "[", "]", '"',
              "\\u0000", "null", "true", "1e999", "-0", '"room":"ABCDEF"', ":"]  # fmt: skip
    for _ in range(2000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
        try:
            message = P.parse(text, P.GUEST_SCHEMAS)
        except P.ProtocolError as e:
            assert e.reason.key in P.NET_REASONS
        else:
            assert message["type"] in P.GUEST_SCHEMAS


def test_every_net_reason_has_words_in_every_language():
    for lang in ("en", "nl", "fr"):
        words = catalog(lang)
        for key in (*P.NET_REASONS, "unreachable"):
            assert f"net.reason_{key}" in words, (lang, key)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_observations_and_events_come_back_equal(game):
    """What a guest decodes is the engine's own Observation, equal field for field, for
    every seat at every position of random matches; and so is every event."""
    variant = next(iter(game.presets.values()))
    if game is KLAVERJAS:  # two deals are enough to reach every phase and the match's end
        variant = dataclasses.replace(variant, match_length="deals:2", kraken=True)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(variant, seed)
        while not state.is_over:
            for seat in range(game.players):
                obs = state.observation(seat)
                data = json.loads(json.dumps(P.encode_observation(obs)))
                assert P.decode_observation(data, game) == obs
            state, events = state.apply(rng.choice(state.legal_actions()))
            for event in events:
                assert P.decode_event(json.loads(json.dumps(P.encode(event))), game) == event


def test_a_damaged_observation_is_a_value_error():
    obs = KLAVERJAS.new_state(next(iter(KLAVERJAS.presets.values())), 1).observation(0)
    data = P.encode_observation(obs)
    for broken in ({**data, "hand": ["ZZ"]}, {**data, "seat": "0"}, {**data, "extra": 1},
                   {k: v for k, v in data.items() if k != "trick"}, [data]):  # fmt: skip
        with pytest.raises((ValueError, TypeError)):
            P.decode_observation(broken, KLAVERJAS)


def test_reasons_travel_with_their_facts():
    reason = Reason("refused", {"suit": Suit.H, "Suit": Suit.H})
    back = received_reason(json.loads(json.dumps(P.reason_json(reason))))
    assert back == reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1", ("127.0.0.1", 47474)),
        ("127.0.0.1:5000", ("127.0.0.1", 5000)),
        ("club-laptop.local", ("club-laptop.local", 47474)),
        ("[::1]:5000", ("::1", 5000)),
        ("[fe80::1]", ("fe80::1", 47474)),
    ],
)
def test_addresses(text, expected):
    assert split_address(text, 47474) == expected


@pytest.mark.parametrize("text", ["", ":80", "host:0", "host:70000", "host:x", "a b", "h/x"])
def test_bad_addresses(text):
    with pytest.raises(ValueError):
        split_address(text, 47474)


def test_room_codes_are_random_and_readable():
    codes = {room_code() for _ in range(50)}
    assert len(codes) == 50
    assert all(len(c) == P.ROOM_LENGTH and set(c) <= set(P.ROOM_ALPHABET) for c in codes)
    assert not set("01OIL") & set(P.ROOM_ALPHABET)


def test_a_remote_seat_waits_out_its_grace_then_a_computer_plays():
    now = [100.0]
    seating = host_seating(KLAVERJAS, 3, "Host", 1, "random", grace=30, clock=lambda: now[0])
    seat = seating.seats[2]  # the first guest sits opposite the host, as a partner
    assert seat.kind == REMOTE and seating.seats[1].kind == "computer"
    assert seat.waiting()  # an open seat waits for its guest from the start...
    now[0] += 31
    assert not seat.waiting()  # ...for the grace, then its stand-in plays
    seat.arrive("Anna")
    assert seat.waiting() and seat.name == "Anna" and seat.claimed
    seat.leave()
    now[0] += 29.9
    assert seat.waiting()
    now[0] += 0.2
    assert not seat.waiting()
    seat.arrive("Someone else")
    assert seat.name == "Anna"  # a claimed seat keeps its guest's name


def test_klabberjass_has_one_guest_seat():
    seating = host_seating(KLABBERJASS, 3, "Host", 1, "random")
    assert [s.kind for s in seating.seats] == ["human", REMOTE]


def test_the_history_marks_seat_kinds(tmp_path):
    h = History(tmp_path / "h.sqlite")
    variant = next(iter(KLAVERJAS.presets.values())).to_dict()
    marked = h.start_match("klaverjas", "amsterdam", variant, 1, list("NESW"),
                           kinds=["human", "remote", "remote", "easy"])  # fmt: skip
    assert h.match(marked).kinds == ["human", "remote", "remote", "easy"]
    plain = h.start_match("klaverjas", "amsterdam", variant, 2, list("NESW"))
    assert h.match(plain).kinds is None
    h.db.execute("UPDATE matches SET kinds = '[1, 2]' WHERE id = ?", (marked,))
    assert h.match(marked).kinds is None and not h.match(marked).damaged
    h.close()


@pytest.mark.parametrize("message", [
    {"type": "refused", "reason": {"key": "name_in_use", "values": {"name": "Evil\ud800"}}},
    {"type": "bye", "reason": {"key": "match_over", "values": {"\udc00": 1}}},
    {"type": "record", "seed": 4, "preset": "x\ud800", "actions": [], "players": [],
     "kinds": []},
    {"type": "record", "seed": 4, "preset": "custom", "actions": [], "players": [],
     "kinds": ["\ud800"]},
    {"type": "state", "n": 1, "obs": {"deep": [[{"x": "\udfff"}]]}, "events": []},
])  # fmt: skip
def test_a_hosts_text_with_a_lone_surrogate_is_refused_at_parse(message):
    """A hostile host's lone surrogate (JSON's "\\ud800") anywhere in a message: the guest
    would keep it in its history (a record's preset broke the history's next write) or
    show it; it never gets past parse."""
    text = json.dumps({"v": 1, **message})
    with pytest.raises(P.ProtocolError) as caught:
        P.parse(text, P.HOST_SCHEMAS)
    assert caught.value.reason.key == P.BAD_MESSAGE


def test_a_guests_text_with_a_lone_surrogate_is_refused_at_parse():
    assert refusal(P.dump("act", n=1, action="play\ud800")) == P.BAD_MESSAGE
    assert refusal(P.dump("act", n=1, action="play JH", **{"\ud800": 1})) == P.BAD_MESSAGE


def test_a_guest_takes_no_welcome_whose_seats_do_not_fit_the_game():
    """A hostile host's welcome with fewer seats than the game has, or a seat beyond them:
    the guest's table looked each seat up by number and broke. It is ignored, as damage."""
    from klaverjas_gui.play.net.guest import NetGuest

    variant = P.encode(KLAVERJAS.presets["amsterdam"])
    seat = {"name": "Anna", "kind": "remote", "present": True}
    guest = NetGuest("127.0.0.1", 1, "ABCDEF", "Anna")
    for game, s, seats in (("klaverjas", 1, [seat]), ("klaverjas", 1, []),
                           ("klabberjass", 3, [seat, seat])):  # fmt: skip
        v = variant if game == "klaverjas" else P.encode(KLABBERJASS.presets["klabberjass"])
        guest._receive(P.dump("welcome", seat=s, game=game, room="ABCDEF", variant=v,
                              seats=seats, started=True))  # fmt: skip
        assert not guest.joined.is_set() and guest.seat is None, (game, s, len(seats))
    guest._receive(P.dump("welcome", seat=1, game="klaverjas", room="ABCDEF", variant=variant,
                          seats=[seat] * 4, started=True))  # fmt: skip
    assert guest.joined.is_set() and guest.seat == 1 and len(guest.seats) == 4
    guest._receive(P.dump("seats", seats=[seat], started=True))
    assert len(guest.seats) == 4


def test_a_hosts_names_may_hold_letters_of_a_newer_unicode():
    """A host whose Python knows a newer Unicode may be named with a letter this laptop's
    does not know yet (U+0378 stands for it: unassigned here): its welcome is taken, where
    the guest used to refuse every welcome and never join. A guest's own join with it is
    still refused, and so is what no Unicode makes a letter (a bidi override)."""
    seats = [{"name": n, "kind": "remote", "present": True} for n in ("Anna\u0378", *"BCD")]
    welcome = P.dump("welcome", seat=1, game="klaverjas", room="ABCDEF", variant={},
                     seats=seats, started=True)  # fmt: skip
    assert P.parse(welcome, P.HOST_SCHEMAS)["seats"][0]["name"] == "Anna\u0378"
    assert refusal(join(name="Anna\u0378")) == "name_character"
    seats[0]["name"] = "Anna\u202e"
    with pytest.raises(P.ProtocolError):
        P.parse(P.dump("seats", seats=seats, started=True), P.HOST_SCHEMAS)


def test_a_hosts_words_for_a_refusal_neither_turn_nor_hide_text():
    """A hostile host's refusal naming "\\u202eroC": shown, a bidi override turns the rest of
    the line around. The guest drops such characters from the facts it shows."""
    reason = received_reason({"key": "name_in_use",
                              "values": {"name": "\u202eroC\u200b\n", "n": 3}})  # fmt: skip
    assert dict(reason.values) == {"name": "roC", "n": 3}
