"""Kalabriasz on the network: a host and two guests (or one guest and a computer).

What a seat may not see in the three-player game: the others' hands, the talon before the
maker takes it (and then only he sees it), and the two cards he lays away (the other two
see "lay": only that a card was laid). The guest's mirror rebuilds its position from its
own observation alone; the host sends each guest that and the move as its seat sees it.
Everything runs over 127.0.0.1 (port 0) and stops by itself: every wait has a deadline."""

from __future__ import annotations

import dataclasses
import json
import random
import time

import pytest
from hostile_client import Client, hello, message
from netcheck import Replay, check_frames
from test_net_host import DEADLINE, Table, wait

from klaverjas_gui.engine.cards import ALL_CARDS
from klaverjas_gui.engine.kalabriasz import LAY_HIDDEN, new_kalabriasz
from klaverjas_gui.games import get_game
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.mirror import MirrorError, ThreeMirror, mirror_for

GAME = get_game("kalabriasz")


def deals(n: int, preset: str = "kalabriasz"):
    return dataclasses.replace(GAME.presets[preset], match_length=f"deals:{n}")


def random_move(state, rng: random.Random):
    """A random legal move; in the bidding a pass more often than not, so that deals where
    all three pass (void) come up too."""
    legal = state.legal_actions()
    if state.phase == "bidding" and rng.random() < 0.6:
        return next(a for a in legal if a.kind == "pass")
    return rng.choice(legal)


# --- the mirror ---
@pytest.mark.parametrize("preset", list(GAME.presets))
def test_every_seat_rebuilds_its_own_observation_at_every_position(preset):
    void = laid_hidden = 0
    for seed in range(3):
        variant = deals(4, preset) if preset != "to_1000" else GAME.presets[preset]
        state, rng = new_kalabriasz(variant, seed), random.Random(seed)
        mirrors = [mirror_for(GAME, s) for s in range(3)]
        while True:
            for s, mirror in enumerate(mirrors):
                obs = state.observation(s)
                built = mirror.state(obs, state.n_actions)
                assert built.observation(s) == obs and built.hand(s) == state.hand(s)
                assert built.phase == state.phase and built.n_actions == state.n_actions
                assert [len(built.hand(t)) for t in range(3)] == [
                    len(state.hand(t)) for t in range(3)
                ]
                seen = set(obs.hand) | set(obs.talon) | set(obs.laid_away)
                seen |= {c for _, cards in obs.tricks for c in cards} | set(obs.trick)
                guessed = {c for t in range(3) if t != s for c in built.hand(t)}
                if state.maker != s:  # the cards laid away, the talon nobody took: guessed
                    guessed |= set(built.laid_away)
                    guessed |= set(built.talon) if state.phase == "bidding" else set()
                assert not guessed & seen
                laid_hidden += LAY_HIDDEN in (a for _, a in obs.deal_log)
            if state.is_over:
                break
            state, events = state.apply(random_move(state, rng))
            void += any(type(e).__name__ == "AllPassed" for e in events)
        assert built.is_over and built.totals == state.totals and built.sheet == state.sheet
    assert void and laid_hidden  # all-passed deals and hidden lays were rebuilt


def test_the_rebuilt_position_follows_from_the_observation_alone():
    """Two deals that differ only in what seat 1 cannot see (the talon, seat 2's hand) give
    seat 1 the same observations, and its mirror the same positions, move for move."""
    from klaverjas_gui.engine.kalabriasz import KalabriaszStacked

    hands = ("JH 9H AH TH KH QH 8H 7H AS TS", "JC 9C AC TC KC QC 8C 7C AD TD",
             "JD 9D KD QD 8D 7D JS 9S KS QS")  # fmt: skip
    one = KalabriaszStacked(2, hands, "8S 7S")
    other = KalabriaszStacked(2, (hands[0], hands[1], "JD 9D KD QD 8D 7D JS 9S 8S 7S"), "KS QS")
    states = [new_kalabriasz(deals(1), 1, stacked) for stacked in (one, other)]
    # seat 0 (first hand) names hearts and lays away two of its own; then the play
    moves = ["name H", "lay AS", "lay TS"]
    for text in moves:
        states = [s.apply(text)[0] for s in states]
    mirrors = [ThreeMirror(GAME, 1), ThreeMirror(GAME, 1)]
    rng = random.Random(4)
    while states[0].phase == "play":
        obs = [s.observation(1) for s in states]
        assert obs[0] == obs[1]
        built = [m.state(o, s.n_actions) for m, o, s in zip(mirrors, obs, states, strict=True)]
        assert built[0].snapshot() == built[1].snapshot()
        legal = [a for a in states[0].legal_actions() if a in states[1].legal_actions()]
        if not legal:
            break
        action = rng.choice(legal)
        states = [s.apply(action)[0] for s in states]


def test_a_picture_that_moves_the_guess_as_the_mirror_does_never_needs_redrawing():
    """The rule a guest's table can follow so that its face-down cards are always the
    mirror's guess: a card played that the picture had elsewhere (in another hand or among
    the cards laid away) takes the player's last card in its place (`swap_guess`); a
    hidden lay moves the maker's last card (`sort_hand` order, trump first) to the laid
    cards; the maker takes the two face-down talon cards. Only when this seat itself takes
    the talon must the others' hands be taken from the mirror: its real cards may have
    been guessed in them."""
    from klaverjas_gui.engine.cards import sort_hand
    from klaverjas_gui.play.guesses import swap_guess

    redrawn = swaps = from_laid = 0
    for seed in range(8):
        state, rng = new_kalabriasz(deals(3), seed), random.Random(seed)
        mirror = ThreeMirror(GAME, 1)
        built = mirror.state(state.observation(1), 0)
        hands, laid = [list(built.hand(s)) for s in range(3)], []
        while not state.is_over:
            talon = list(built.talon)
            deal, seat = (state.deal_no, state.deal_start), state.to_move
            action = random_move(state, rng)
            state, _ = state.apply(action)
            built = mirror.state(state.observation(1), state.n_actions)
            trump = built.trump_suit
            if (state.deal_no, state.deal_start) != deal:
                hands, laid = [list(built.hand(s)) for s in range(3)], []  # dealt anew
                continue
            if action.kind == "name" and seat == 1:  # our talon: the mirror's new guess
                hands, redrawn = [list(built.hand(s)) for s in range(3)], redrawn + 1
            elif action.kind == "name":
                hands[seat] += talon
            elif action.kind == "lay":
                card = action.card if seat == 1 else sort_hand(hands[seat], trump)[-1]
                hands[seat].remove(card)
                laid.append(card)
            elif action.kind == "play" and action.card in hands[seat]:
                hands[seat].remove(action.card)
            elif action.kind == "play":
                from_laid += action.card in laid
                swap_guess([*hands, laid], seat, action.card, trump)
                swaps += 1
            assert [set(h) for h in hands] == [set(built.hand(s)) for s in range(3)], seed
            assert laid == list(built.laid_away), seed
    assert swaps > 10 and from_laid and redrawn


def test_an_observation_no_deal_explains_is_a_mirror_error():
    """A hostile host's positions: a seat beyond the three, a maker beyond them, three
    cards laid away, a card twice in the hand, a talon shown to a defender."""
    state, rng = new_kalabriasz(deals(2), 7), random.Random(7)
    while state.phase != "play" or len(state.tricks) < 2:
        state, _ = state.apply(random_move(state, rng))
    maker = state.maker
    defender = (maker + 1) % 3
    obs = state.observation(defender)
    bad = [
        dataclasses.replace(obs, dealer=3),
        dataclasses.replace(obs, maker=5),
        dataclasses.replace(obs, laid_away_count=3),
        dataclasses.replace(obs, hand=(*obs.hand[:-1], obs.hand[0])),
        dataclasses.replace(obs, talon=state.talon),
        dataclasses.replace(obs, hand_sizes=(-1, *obs.hand_sizes[1:])),
        dataclasses.replace(obs, deal_log=((4, obs.deal_log[0][1]), *obs.deal_log[1:])),
        dataclasses.replace(obs, deal_log=(*obs.deal_log, (maker, LAY_HIDDEN))),
        dataclasses.replace(
            obs, deal_log=(*obs.deal_log[:2], (maker, LAY_HIDDEN), *obs.deal_log[2:])
        ),  # fmt: skip
    ]
    for wrong in bad:
        with pytest.raises(MirrorError):
            ThreeMirror(GAME, defender).state(wrong, state.n_actions)
    assert ThreeMirror(GAME, defender).state(obs, state.n_actions).observation(defender) == obs


def test_real_positions_with_a_field_changed_at_random_break_nothing():
    """What a hostile host could send: real observations with one field replaced by another
    position's, or by nonsense. The mirror answers each with a position that shows exactly
    that observation, or a MirrorError; never another exception."""
    rng = random.Random(11)
    observations = []
    for seed in range(2):
        state = new_kalabriasz(deals(2), seed)
        while not state.is_over:
            observations.append((state.observation(state.n_actions % 3), state.n_actions))
            state, _ = state.apply(random_move(state, rng))
    names = [f.name for f in dataclasses.fields(observations[0][0])]
    nonsense = [None, -1, 99, (), ("x",), (ALL_CARDS[0],) * 3, (0, 0, 0), "play", 3.5]
    refused = 0
    for _ in range(1500):
        obs, n = rng.choice(observations)
        name = rng.choice(names)
        other = getattr(rng.choice(observations)[0], name)
        value = other if rng.random() < 0.7 else rng.choice(nonsense)
        bad = dataclasses.replace(obs, **{name: value})
        try:
            built = ThreeMirror(GAME, bad.seat if isinstance(bad.seat, int) else 0).state(bad, n)
        except MirrorError:
            refused += 1
            continue
        assert built.observation(bad.seat) == bad
    assert refused > 500


def test_a_hosts_damaged_positions_and_events_are_refused_by_the_guests_decoder():
    """What a hostile host could send a Kalabriasz guest: real observations and events with
    a field replaced. The decoder answers with the engine's value or an error the guest
    ignores (`NetGuest._receive`: ValueError, TypeError, KeyError); nothing else escapes."""
    rng = random.Random(5)
    samples = []
    state = new_kalabriasz(deals(1), 5)
    while not state.is_over:
        before = state
        state, events = state.apply(random_move(state, rng))
        seat = rng.randrange(3)
        samples.append(("obs", P.encode_observation(state.observation(seat))))
        seen = before.seen_by(seat, before.legal_actions()[0], events)[1]
        samples += [("event", P.encode(e)) for e in seen]
    junk = [None, -1, 3, 10**9, "", "lay", "lay ZZ", "JH", [], ["JH"] * 40, {}, {"a": 1}, 2.5,
            True, [[0, "lay"]], [[9, "play JH"]], "name X", ["x", 1]]  # fmt: skip
    decoded = 0
    for _ in range(3000):
        kind, data = rng.choice(samples)
        field = rng.choice(list(data))
        bad = {**data, field: rng.choice(junk)}
        try:
            if kind == "obs":
                P.decode_observation(bad, GAME)
            else:
                P.decode_event(bad, GAME)
            decoded += 1
        except (ValueError, TypeError, KeyError):
            pass
    assert decoded < 3000


def test_a_guest_reads_a_hidden_lay_and_the_host_takes_none():
    """ "lay" (a card laid away, unseen) is what a defender is shown; a guest that sends it
    as its own move is refused as no action at all."""
    assert GAME.state.parse_seen("lay") == LAY_HIDDEN
    assert P.decode(type(LAY_HIDDEN), "lay", GAME) == LAY_HIDDEN
    with pytest.raises(ValueError):
        GAME.parse_action("lay")


# --- over the network ---
@pytest.fixture
def tables(tmp_path):
    made: list[Table] = []

    def make(**options) -> Table:
        path = tmp_path / str(len(made))
        path.mkdir()
        made.append(Table(path, **options))
        return made[-1]

    yield make
    for t in made:
        t.close()


def check_match(t) -> Replay:
    """The host's match replays, by the engine, from its seed and moves to exactly the
    host's final state. (From the session, not the history: the store's part of the
    three-player game is another branch's.)"""
    wait(t.over, DEADLINE)
    state = t.session.state
    replay = Replay(GAME, t.session.variant, t.session.seed, [str(a) for a in state.actions])
    assert replay.states[-1].to_dict() == state.to_dict()
    return replay


def test_a_host_and_two_guests_play_a_whole_match_and_see_only_their_own_cards(tables):
    t = tables(game=GAME, variant=deals(4), seed=5)
    guests = [t.join(name) for name in ("Anna", "Bert")]
    assert all(g.wait_joined(10) for g in guests)
    assert sorted(g.seat for g in guests) == list(GAME.guests) == [1, 2]
    t.play_honest(guests, t.over, deadline=DEADLINE * 2)
    wait(lambda: all(g.over for g in guests))
    replay = check_match(t)
    wait(lambda: all(g.record for g in guests))
    assert guests[0].record["kinds"] == ["human", "remote", "remote"]
    assert {seat for seat, _ in t.moves} == {0, 1, 2}
    laid_by = {replay.states[n].maker for n, a in enumerate(t.session.state.actions)
               if a.kind == "lay"}  # fmt: skip
    assert laid_by & {1, 2} and laid_by - {1, 2}, laid_by  # a guest laid away, and the host
    for g in guests:
        assert g.latest.observation.totals == t.session.state.totals
        assert check_frames(replay, g.frames, g.seat) > 100
        assert not g.refused, g.refused
        # another's lay reached this guest as "lay", never with its card
        shown = [json.loads(f) for f in g.frames]
        lays = [m for m in shown if m["type"] == "state" and str(m.get("action")).startswith("lay")]
        assert {m["action"] for m in lays if m["by"] != g.seat} == {"lay"}
        assert all(m["action"] != "lay" for m in lays if m["by"] == g.seat)
        # and the guest's mirror rebuilt every position it was sent
        mirror = mirror_for(GAME, g.seat)
        for m in shown:
            if m["type"] == "state":
                obs = P.decode_observation(m["obs"], GAME)
                assert mirror.state(obs, m["n"]).observation(g.seat) == obs


def test_the_leak_check_sees_a_card_laid_away_or_a_talon_sent_to_a_defender():
    """The check itself (tests/netcheck.py): the maker's lays and the talon he took, sent
    as the host's engine made them, are leaks to the other two and not to the maker; as
    `seen_by` shows them to each seat, they are no leak to anyone."""
    from netcheck import Replay

    state = new_kalabriasz(deals(1), 3)
    actions, moves = [], []
    while state.phase != "play":
        legal = state.legal_actions()
        action = next(a for a in legal if a.kind == "name") if state.phase == "bidding" else (
            legal[0])  # fmt: skip
        before = state
        state, events = state.apply(action)
        actions.append(str(action))
        moves.append((len(actions), before, action, events))
    replay = Replay(GAME, deals(1), 3, actions)
    maker = state.maker

    def frame(seat: int, n: int, action, events) -> str:
        return P.dump("state", n=n, obs={"seat": seat}, action=str(action), by=maker,
                      events=P.encode(events))  # fmt: skip

    for seat in range(3):
        for n, before, action, events in moves:
            assert check_frames(replay, [frame(seat, n, *before.seen_by(seat, action, events))],
                                seat) == 1  # fmt: skip
            if seat == maker:
                assert check_frames(replay, [frame(seat, n, action, events)], seat) == 1
            else:  # the talon taken (its cards), each card laid away
                with pytest.raises(AssertionError, match="hidden cards"):
                    check_frames(replay, [frame(seat, n, action, events)], seat)


class Seat:
    """A guest of our own (tests/hostile_client.py: no program code) at one seat, reading
    the host's messages as they come and sending what it likes."""

    def __init__(self, port: int, room: str, name: str) -> None:
        self.c = Client(port).handshake()
        self.c.send(hello(room=room, name=name))
        self.frames: list[str] = []
        self.seat: int | None = None
        self.state: dict | None = None
        while self.state is None:
            self.next()

    def next(self, timeout: float = 5.0) -> dict:
        m = self.c.answer(timeout)
        assert m["type"] not in ("closed", "eof"), m
        self.frames.append(json.dumps(m))
        if m["type"] == "welcome":
            self.seat = m["seat"]
        elif m["type"] == "state":
            self.state = m
        return m

    def act(self, action: str, n: int | None = None) -> dict:
        """Send a move and return the host's answer to it: a refusal, or the state it led
        to (other messages only update what this seat knows)."""
        assert self.state is not None
        self.c.send(message("act", n=self.state["n"] if n is None else n, action=action))
        while True:
            m = self.next()
            if m["type"] == "refused" or (m["type"] == "state" and m["by"] == self.seat):
                return m


def test_a_guests_wrong_bids_lays_and_cards_are_refused_with_their_reason(tables):
    """One guest (seat 1; a computer plays seat 2) sends, at each kind of turn, moves the
    rules refuse: each answer names its reason, and the host's session, its history and
    what the other seats were sent do not move. Then the legal move is played."""
    t = tables(game=GAME, variant=deals(3), seed=8, guests=1)
    from klaverjas_gui.i18n import set_language
    from klaverjas_gui.play.net.guest import received_reason
    from klaverjas_gui.play.net.headless import reason_text

    me = Seat(t.host.port, t.host.room, "Mallory")
    assert me.seat == 1 and t.session.seats[2].kind == "computer"
    tried: dict[str, set[str]] = {}
    end = time.monotonic() + DEADLINE * 2

    def mine() -> list:
        return [move for move in t.moves if move[0] == me.seat]

    said: list[str] = []

    def refused(action: str, n: int | None = None) -> str:
        """At our turn the table waits for us: nothing moves. (Out of turn the others
        play on meanwhile, but nothing of ours is played.) The reason in words, in each
        language, as a guest's screen says it."""
        ours = me.state["obs"]["to_move"] == me.seat
        wait(lambda: len(t.moves) >= me.state["n"])  # the test's listener saw what we saw
        before, moves = t.session.state.n_actions, mine()
        answer = me.act(action, n)
        assert answer["type"] == "refused", (action, answer)
        assert mine() == moves and (not ours or t.session.state.n_actions == before)
        for lang in ("en", "nl", "fr"):
            set_language(lang)
            words = reason_text(received_reason(answer["reason"]))
            assert words and "%{" not in words and "reason" not in words, (lang, words)
            said.append(words)
        set_language("en")
        return answer["reason"]["key"]

    while not t.over():
        assert time.monotonic() < end and not t.errors, t.errors
        s = me.state
        obs = s["obs"]
        if obs["to_move"] != me.seat or not obs["legal"] or obs["phase"] == "game_over":
            if obs["phase"] != "game_over" and "turn" not in tried:
                tried["turn"] = {refused("pass")}  # (the position may have moved on since)
            else:
                me.next(10)
            continue
        hand = obs["hand"]
        unheld = next(str(c) for c in ALL_CARDS if str(c) not in hand)
        phase = obs["phase"]
        if phase not in tried:
            keys = {
                refused(f"lay {hand[0]}" if phase != "talon" else "pass"),
                refused(f"play {hand[0]}" if phase != "play" else f"play {unheld}"),
                refused("lay"),
                refused("name Z"),
                refused(obs["legal"][0], n=s["n"] + 1),  # not the position now
            }
            if phase == "talon":
                keys.add(refused(f"lay {unheld}"))
            if phase == "play":
                wrong = [c for c in hand if f"play {c}" not in obs["legal"]]
                if wrong:
                    keys.add(refused(f"play {wrong[0]}"))
            tried[phase] = keys
        # the legal move: in the bidding we name (so we lay away too)
        move = next((a for a in obs["legal"] if a.startswith("name")), obs["legal"][0])
        answer = me.act(move)
        assert answer["type"] == "state" and answer["action"] == move, answer
    assert tried["turn"] <= {P.NOT_YOUR_TURN, P.STALE}  # (stale: it became ours meanwhile)
    assert tried["bidding"] == {"not_now", P.BAD_MESSAGE, P.STALE}
    assert tried["talon"] == {"not_now", "not_held", P.BAD_MESSAGE, P.STALE}
    assert {"not_held", "not_now", P.BAD_MESSAGE, P.STALE} <= tried["play"]
    assert any(w.endswith("is not possible now: a trump decision is expected.") for w in said)
    assert any(w.startswith("You do not hold ") for w in said)
    replay = check_match(t)
    rest = [json.dumps(m) for m in me.c.answers(1.0) if m["type"] not in ("closed", "eof")]
    me.c.close()
    # (a refusal names the card we sent ourselves: no news to us, whoever holds it)
    sent = [f for f in me.frames + rest if json.loads(f)["type"] != "refused"]
    assert check_frames(replay, sent, me.seat) > 50


def test_a_dropped_guest_keeps_its_seat_for_its_token_and_takes_it_back_mid_deal(tables):
    """Anna's laptop drops in the middle of a deal: her seat is held (a newcomer finds the
    table full, her name without her token is refused), a computer plays it after the
    grace, and her laptop's token takes it back; she sees only her own cards again."""
    t = tables(game=GAME, variant=deals(3), seed=9, grace=0.3)
    anna, bert = t.join("Anna"), t.join("Bert")
    assert anna.wait_joined(10) and bert.wait_joined(10)
    t.play_honest([anna, bert], lambda: t.session.state.phase == "play"
                  and len(t.session.state.tricks) >= 2)  # fmt: skip
    deal = t.session.state.deal_no
    anna.close()
    wait(lambda: not t.session.seats[anna.seat].present)
    at_drop = len(t.moves)
    late = t.join("Dirk")  # the seat is Anna's: no free seat for a newcomer
    wait(lambda: late.finished.is_set())
    assert late.error.key == P.TABLE_FULL
    for token in (None, "B" * 32):  # her name alone, or a wrong token: a headless host keeps it
        taker = t.join("Anna", token=token)
        wait(lambda taker=taker: taker.finished.is_set())
        assert taker.error.key == P.SEAT_KEPT and taker.seat is None
    t.play_honest([bert], lambda: any(s == anna.seat for s, _ in t.moves[at_drop:]))
    assert t.host.seat_status()[anna.seat]["computer"]
    back = t.join("Anna", token=anna.token)
    assert back.wait_joined(10) and back.seat == anna.seat
    first = back.updates.get(timeout=5)
    assert first.action is None and first.n >= at_drop and first.observation.deal_no >= deal
    t.play_honest([back, bert], t.over, deadline=DEADLINE * 2)
    replay = check_match(t)
    assert check_frames(replay, back.frames, back.seat) > 0
    assert check_frames(replay, anna.frames, anna.seat) > 0
    assert check_frames(replay, bert.frames, bert.seat) > 100
    assert not back.refused  # her laptop played her seat again, not a computer
    assert t.host.seat_status()[anna.seat]["name"] == "Anna"


@pytest.mark.slow(30)
def test_a_guest_window_follows_a_kalabriasz_match_and_shows_only_its_own_hand(tables, make_app):
    """A guest's window (`--join --window`, its autopilot playing) at a host with one guest
    seat: the game's own table opens, only the guest's hand is ever face up, and the
    mirror rebuilds every position the host sent. (The face-down picture may still be
    drawn anew where the table's director does not move the guess as the mirror does: a
    played card the picture had laid away, the talon this laptop's maker took.)"""
    from uitest import face_up, run_until

    from klaverjas_gui.play.net.session import GuestSession
    from klaverjas_gui.ui.match_end import MatchEndScene

    t = tables(game=GAME, variant=deals(3), seed=12, guests=1)
    app = make_app("--no-discovery", "--join", f"127.0.0.1:{t.host.port}", "--room", t.host.room,
                   "--name", "Anna", "--window", autopilot=True)  # fmt: skip
    run_until(app, lambda: isinstance(getattr(app.top, "session", None), GuestSession), seconds=20)
    table = app.top
    session = table.session
    assert session.me == 1 and type(table).__name__ == "KalabriaszTableScene"
    faces: set[int] = set()

    def done() -> bool:
        if app.top is table:
            faces.update(face_up(table))
        return session.state.is_over and isinstance(app.top, MatchEndScene)

    run_until(app, done, seconds=120)
    assert t.over() and session.state.totals == t.session.state.totals
    replay = check_match(t)
    laid_by = {replay.states[n].maker for n, a in enumerate(t.session.state.actions)
               if a.kind == "lay"}  # fmt: skip
    assert laid_by - {1}  # another seat laid away: the guest drew it face down
    assert faces <= {1}, faces  # only the guest's own hand was face up
    assert session.problems == []


def test_the_host_screen_offers_the_registrys_three_seats_and_opens_its_table(make_app, tmp_path):
    """The host's screen, its game set to Kalabriasz: a choice for each of the two seats
    the registry gives guests (left, right), none for a fourth; one seat a computer's, the
    lobby lists both and the game's own table opens when the guest joins."""
    from test_net_screens import LOCAL, open_network
    from uitest import DT, click_button, run_until

    from klaverjas_gui.i18n import tr
    from klaverjas_gui.play.net.guest import NetGuest

    app = make_app(*LOCAL, first_frame=True)
    screen = open_network(app, "host")
    click_button(app, screen, "game=kalabriasz")
    assert screen.game is GAME and sorted(screen.kinds) == [1, 2]
    assert {"seat1=guest", "seat2=computer"} <= set(screen.buttons)
    assert not [b for b in screen.buttons if b.startswith("seat3")]
    click_button(app, screen, "seat2=computer")
    click_button(app, screen, "open")
    host = screen.host
    assert host is not None and host.game is GAME and host.remote == [1]
    assert [seat.kind for seat in host.session.seats] == ["human", "remote", "computer"]
    app.step(DT)
    lines = screen.seat_lines()
    assert len(lines) == 2 and [joined for _, joined in lines] == [False, True]
    assert tr(GAME.seat_places[1]) in lines[0][0] and tr(GAME.seat_places[2]) in lines[1][0]
    guest = NetGuest("127.0.0.1", host.port, host.room, "Anna", rejoin_for=0.0).start()
    try:
        run_until(app, lambda: type(app.top).__name__ == "KalabriaszTableScene", seconds=20)
        assert guest.wait_joined(5) and guest.seat == 1 and guest.game is GAME
        assert app.top.session is host.session and host.started
    finally:
        guest.close()


def test_a_maker_who_drops_before_laying_away_has_a_computer_lay_and_sees_it_on_return(tables):
    """Anna names trump and her laptop drops before she lays away: the host's computer for
    her seat lays two cards away after the grace and plays on; her laptop's token takes the
    seat back, and its first position shows her, the maker, the talon and what was laid."""
    t = tables(game=GAME, variant=deals(3), seed=21, guests=1, grace=0.3)
    anna = t.join("Anna")
    assert anna.wait_joined(10) and anna.seat == 1
    end = time.monotonic() + DEADLINE
    named, decided = None, -1
    while named is None:  # she plays on until she may name trump
        assert time.monotonic() < end and not t.over() and not t.errors, t.errors
        u = anna.latest
        if anna.to_move() and u is not None and u.n != decided:
            decided, legal = u.n, u.observation.legal
            if u.observation.phase == "bidding":
                named = next(a for a in legal if a.kind == "name")
            anna.act(named or t.rng.choice(legal), u.n)
        time.sleep(0.005)
    wait(lambda: t.session.state.phase == "talon" and t.session.state.maker == 1)
    deal = t.session.state.deal_no
    t.session.settings.speed = 2.0  # the computers at a person's pace: she is back mid-deal
    anna.close()
    wait(lambda: not t.session.seats[1].present)
    wait(lambda: t.session.state.phase != "talon" or t.session.state.deal_no != deal)
    host = t.session.state
    assert host.deal_no == deal and len(host.laid_away) == 2  # laid by her seat's computer
    back = t.join("Anna", token=anna.token)
    assert back.wait_joined(10) and back.seat == 1
    first = back.updates.get(timeout=5)
    t.session.settings.speed = 0.0
    assert first.observation.deal_no == deal and first.observation.maker == 1
    assert first.observation.laid_away == host.laid_away and first.observation.talon == host.talon
    t.play_honest([back], t.over, deadline=DEADLINE * 2)
    replay = check_match(t)
    assert check_frames(replay, back.frames, 1) > 0 and check_frames(replay, anna.frames, 1) > 0


def test_what_a_computer_did_for_a_maker_counts_his_cards_played_not_his_hand():
    """The rejoin's "a computer played N of your cards" (host.played_for): a maker's hand
    grows by the talon and shrinks by the cards laid away, and neither is a card played."""
    from klaverjas_gui.play.net.host import played_for

    state = new_kalabriasz(deals(2), 2)
    maker = state.to_move
    bidding = state
    state, _ = state.apply("name H")
    talon = state
    assert played_for(bidding, talon, maker) == 0  # (his hand has 12 cards now)
    for _ in range(2):
        state, _ = state.apply(state.legal_actions()[0])
    assert played_for(talon, state, maker) == 0  # two laid away, none played
    while len(state.tricks) < 2:
        state, _ = state.apply(state.legal_actions()[0])
    assert played_for(talon, state, maker) == 2 and played_for(bidding, state, maker) == 2


@pytest.mark.slow
def test_a_host_process_and_two_headless_guests_play_a_whole_match(tmp_path):
    """`klaverjas --host --game kalabriasz` and two `--join` processes without a window
    (play/net/headless.py) play a whole match: both guests end with the host's score, and
    every message each received (`--net-log`) holds no card its seat could not see, checked
    against the match the record at its end replays to."""
    from test_net_processes import Proc, frames, free_port, guest_args, host_args

    port = free_port()
    started = [Proc(*host_args(tmp_path, port, "--game", "kalabriasz", "--rule",
                               "match_length=deals:3", "--speed", "instant"))]  # fmt: skip
    try:
        started[0].expect(r"hosting Kalabriasz")
        names = ["Anna", "Bert"]
        started += [Proc(*guest_args(tmp_path, port, n, "--speed", "instant")) for n in names]
        for p in started[1:]:
            assert p.wait() == 0, p.lines
        assert started[0].wait() == 0, started[0].lines
    finally:
        for p in started:
            p.kill()
    for name in names:
        texts = frames(tmp_path / f"{name}.jsonl")
        welcome = next(json.loads(t) for t in texts if json.loads(t)["type"] == "welcome")
        record = next(json.loads(t) for t in texts if json.loads(t)["type"] == "record")
        assert welcome["game"] == "kalabriasz" and welcome["seat"] in (1, 2)
        assert record["kinds"] == ["human", "remote", "remote"]
        variant = GAME.variant_from_dict(welcome["variant"])
        replay = Replay(GAME, variant, record["seed"], record["actions"])
        assert replay.states[-1].is_over
        assert check_frames(replay, texts, welcome["seat"]) > 100
        last = [json.loads(t) for t in texts if json.loads(t)["type"] == "state"][-1]
        assert last["obs"]["totals"] == list(replay.states[-1].totals)


def three_trouble(rng: random.Random, hostile) -> str | bytes:
    """The four-player test's trouble, and moves of the three-player game: lays of any
    card, the hidden "lay", bids out of turn, a move for a seat of three or of four."""
    from test_net_host import trouble

    n, seat = hostile.n, hostile.seat or 0
    card = str(rng.choice(ALL_CARDS))
    mine = [
        lambda: P.dump("act", n=n, action=f"lay {card}"),
        lambda: P.dump("act", n=n, action="lay"),
        lambda: P.dump("act", n=n, action=f"name {rng.choice('CDHS')}"),
        lambda: P.dump("act", n=n, action=f"play {card}", seat=(seat + rng.randrange(1, 4)) % 4),
        lambda: P.dump("act", n=n + rng.randrange(1, 3), action=f"lay {card}"),
    ]
    return rng.choice(mine)() if rng.random() < 0.5 else trouble(rng, hostile)


@pytest.mark.slow
def test_a_thousand_bad_messages_neither_crash_the_host_nor_move_the_game(tables):
    """A hostile guest of our own at one of the two guest seats sends a thousand bad
    messages while Anna plays honestly at the other: each gets its typed refusal (or the
    strike limit's goodbye), the match plays on to its end, and Anna is sent no card her
    seat may not see."""
    from test_net_host import Hostile

    from klaverjas_gui.engine.reasons import REASONS

    t = tables(game=GAME, variant=deals(2), seed=31, grace=0.2)
    anna = t.join("Anna")
    assert anna.wait_joined(10)
    hostile = Hostile(t.host.port, t.host.room, "Mallory")
    hostile.connect()
    wait(lambda: t.host.started)
    rng = random.Random(1000)
    decided = -1
    end = time.monotonic() + DEADLINE * 3
    for _ in range(1000):
        assert time.monotonic() < end and not t.errors, t.errors
        before = t.session.state.n_actions
        outcome = hostile.send(three_trouble(rng, hostile))
        if outcome.startswith("refused"):
            assert t.session.state.n_actions >= before
        u = anna.latest
        if anna.to_move() and u is not None and decided != u.n:
            decided = u.n
            anna.act(rng.choice(u.observation.legal), u.n)
    keys = {o.split(":", 1)[1] for o in hostile.outcomes if ":" in o}
    assert keys <= set(P.NET_REASONS) | set(REASONS), keys
    assert {P.BAD_JSON, P.BAD_MESSAGE, P.NOT_YOUR_SEAT, P.ALREADY_JOINED} <= keys, keys
    assert sum(hostile.outcomes.values()) == 1000
    hostile.ws.close()
    t.play_honest([anna], t.over, deadline=DEADLINE * 2)
    replay = check_match(t)
    assert check_frames(replay, anna.frames, anna.seat) > 50
    assert not anna.error and not anna.refused


def test_a_guest_who_leaves_the_lobby_holds_no_seat(tables):
    """Before the first card nothing is played that a seat could be kept for: a client that
    joined and left the lobby took its seat with it, and a host without a screen (nobody
    to press "Start") waited for that laptop for ever while Anna and Bert, who came to
    play, found the table full. Its seat is free again; its token takes it no more."""
    t = tables(game=GAME, variant=deals(1), seed=4)
    mallory = Seat(t.host.port, t.host.room, "Mallory")
    token = next(json.loads(f)["token"] for f in mallory.frames if '"welcome"' in f)
    mallory.c.close()
    wait(lambda: not t.session.seats[mallory.seat].present)
    assert not t.host.started and t.host.free_seats() == 2
    assert "Mallory" not in [seat["name"] for seat in t.host.seat_status()]
    anna, bert = t.join("Anna"), t.join("Bert")
    assert anna.wait_joined(10) and bert.wait_joined(10), (anna.error, bert.error)
    wait(lambda: t.host.started)
    back = t.join("Mallory", token=token)
    wait(lambda: back.finished.is_set())
    assert back.error.key == P.TABLE_FULL and back.seat is None
    t.play_honest([anna, bert], t.over, deadline=DEADLINE * 2)
    check_match(t)


def test_an_outsiders_names_json_and_a_third_laptop_at_a_kalabriasz_table(tables):
    """The door and the parser are the same in every game; checked again at a host with
    two guest seats. Hostile names and JSON are refused before the session sees them;
    right-to-left letters, an emoji and markup are names like any (markup is plain text
    on every screen); a third laptop with the right code finds the table full and, still
    connected, is sent no position and no card while the two guests play the match out."""
    from test_net_identity import HOSTILE

    t = tables(game=GAME, variant=deals(2), seed=6)
    room = t.host.room

    def join(name_json: str) -> str:  # the name as raw JSON text
        return '{"v":1,"type":"join","room":"' + room + '","name":' + name_json + "}"

    for raw, key, _ in HOSTILE:  # a connection each: the strike limit is not the point
        c = Client(t.host.port).handshake()
        c.send(join(raw))
        assert c.answer()["reason"]["key"] == key, raw
        c.close()
    c = Client(t.host.port).handshake()
    for frame, key in (
        (join("[" * 400 + "]" * 400), P.BAD_MESSAGE),
        ("[" * 1000, P.BAD_JSON),  # deeper than the JSON reader goes
        ("[" * 2000, P.TOO_BIG),
        ('{"v":1,"type":"ping","t":NaN}', P.BAD_JSON),
        ('{"v":1,"type":"act","n":0,"action":"lay"}', P.NOT_JOINED),
    ):  # fmt: skip
        c.send(frame)
        assert c.answer()["reason"]["key"] == key, frame
    c.send("x" * 5000)  # over the frame limit: closed
    assert c.ended(5)
    anna, bert = t.join("<b>Bo</b>"), t.join("אנה 😀")
    assert anna.wait_joined(10) and bert.wait_joined(10), (anna.error, bert.error)
    third = Client(t.host.port).handshake()
    third.send(hello(room=room, name="Dirk"))
    assert third.answer()["reason"]["key"] == P.TABLE_FULL
    t.play_honest([anna, bert], t.over, deadline=DEADLINE * 2)
    seen = third.answers(0.5)
    assert all(m["type"] not in ("state", "record", "welcome") for m in seen), seen
    third.close()
    replay = check_match(t)
    for g in (anna, bert):
        assert check_frames(replay, g.frames, g.seat) > 0
    names = {s["name"] for s in t.host.seat_status()[1:]}  # (who sits first is a race)
    assert names == {"<b>Bo</b>", "אנה 😀"}


def test_a_maker_who_never_lays_away_is_waited_for_the_turn_limit_only(tables):
    """A client that names trump and then never lays away: a host without a screen waits
    the turn limit, then the seat's computer lays both cards for it (the seat stays the
    client's: its `back` takes it again), and the match plays on to its end."""
    t = tables(game=GAME, variant=deals(3), seed=8, guests=1, turn_limit=0.5)
    me = Seat(t.host.port, t.host.room, "Mallory")
    end = time.monotonic() + DEADLINE
    while me.state["obs"]["phase"] != "talon" or me.state["obs"]["maker"] != me.seat:
        assert time.monotonic() < end and not t.errors, t.errors
        obs = me.state["obs"]
        if obs["to_move"] == me.seat and obs["legal"]:
            me.act(next((a for a in obs["legal"] if a.startswith("name")), obs["legal"][0]))
        else:
            me.next(10)
    silent = time.monotonic()
    lays = []
    while len(lays) < 2:  # we say nothing: the computer lays for us after the limit
        m = me.next(10)
        if m["type"] == "state" and m["by"] == me.seat:
            lays.append((m["action"], time.monotonic() - silent))
    assert all(action.startswith("lay ") for action, _ in lays), lays  # ours: with the card
    assert 0.5 <= lays[0][1] < 10, lays
    assert t.host.seat_status()[me.seat]["computer"]  # benched, still ours
    me.c.send(message("back"))
    wait(lambda: not t.host.seat_status()[me.seat]["computer"])
    end = time.monotonic() + DEADLINE
    while not t.over():
        assert time.monotonic() < end and not t.errors, t.errors
        obs = me.state["obs"]
        if obs["to_move"] == me.seat and obs["legal"]:
            me.act(obs["legal"][0])
        else:
            me.next(10)
    check_match(t)


def test_a_storm_of_rejoins_with_a_seats_token_neither_splits_nor_leaks_the_seat(tables):
    """An outsider's client holding its seat's token reconnects thirty times as fast as it
    can, each time closing the last connection half-way (or not at all), while Bert plays:
    the seat stays one seat (its latest connection), the match plays on, and no connection
    was sent a card of another's."""
    t = tables(game=GAME, variant=deals(2), seed=12, grace=0.2)
    first = Seat(t.host.port, t.host.room, "Mallory")
    token = next(json.loads(f)["token"] for f in first.frames if '"welcome"' in f)
    bert = t.join("Bert")
    assert bert.wait_joined(10)
    frames, last = list(first.frames), first.c
    rng = random.Random(3)
    for _ in range(30):
        c = Client(t.host.port).handshake()
        c.send(json.dumps({"v": 1, "type": "join", "room": t.host.room, "name": "Mallory",
                           "token": token}))  # fmt: skip
        m = c.answer()
        assert m["type"] == "welcome" and m["seat"] == first.seat and "token" not in m, m
        frames.append(json.dumps(m))
        if last is not None:  # the one before, still open: told its seat went, and closed
            told = last.answers(2)
            assert [m["reason"]["key"] for m in told if m["type"] == "bye"] == [P.NAME_IN_USE]
            frames.extend(json.dumps(m) for m in told)
            last.close()
        last = None
        if rng.random() < 0.5:
            c.close()  # gone at once
        else:
            last = c  # left open: the next one takes the seat from it
    if last is not None:
        frames.extend(json.dumps(m) for m in last.answers(0.2))
        last.close()
    assert sum(conn.seat == first.seat for conn in t.host.connections) <= 1
    t.play_honest([bert], t.over, deadline=DEADLINE * 2)  # the seat's computer plays for us
    replay = check_match(t)
    mine = [f for f in frames if json.loads(f).get("type") not in ("closed", "eof")]
    check_frames(replay, mine, first.seat)
    assert check_frames(replay, bert.frames, bert.seat) > 0 and not bert.error
