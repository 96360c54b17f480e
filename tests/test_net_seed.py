"""The deal's secret (issue 34 item 1): every card of a match follows from its seed, so the
seed must be one a seat cannot search for, and no guest may receive it, or anything made
from it, before the match ends. Network traffic only on 127.0.0.1; every wait has a
deadline. Also the command-line guest's copy of the match (issue 34 item 6)."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_net_host import DEADLINE, Table, short, wait

from klaverjas_gui.games import KLABBERJASS, KLAVERJAS, Game
from klaverjas_gui.i18n import tr
from klaverjas_gui.play.net import protocol as P
from klaverjas_gui.play.net.headless import GuestOptions, HostOptions, host_match, run_guest
from klaverjas_gui.play.net.host import NetHost
from klaverjas_gui.play.session import SEED_LIMIT, demo_session, new_session
from klaverjas_gui.store.history import History
from klaverjas_gui.store.prefs import Settings

OLD_SEARCH = 1_000_000  # the seeds the client tried, all of them, in 23 s
OTHERS = 1000


def drawn_seeds(game: Game, n: int) -> list[int]:
    """The seeds of `n` new matches of each kind this program starts without --seed: a
    local match, the club demo and a hosted network match."""
    variant = short(game)
    store = SimpleNamespace(history=History(None), paths=SimpleNamespace(data_dir="."))
    opt = HostOptions(game=game, variant=variant, port=0, bind="127.0.0.1", announce=False)
    seeds = []
    for _ in range(n):
        seeds.append(new_session(game, variant, None, Settings()).seed)
        seeds.append(demo_session(game, variant, None, Settings()).seed)
        made = host_match(store, opt)
        assert made is not None
        seeds.append(made[0].session.seed)
    store.history.close()
    return seeds


@pytest.mark.parametrize("game", [KLAVERJAS, KLABBERJASS])
def test_every_new_match_is_dealt_from_a_secret_no_search_reaches(game):
    """The old draw, `random.randrange(1_000_000)`, put every match in a list a client ran
    through in 23 s, comparing each seed's first deal with his own 8 cards. Now a seed is
    drawn by `secrets` from all 2**63 (what the history stores and --seed takes): none falls
    in the old list, the draws are not confined to any small part of the range (each needs
    more than 32 bits, the largest more than 60), and no two are alike."""
    seeds = drawn_seeds(game, 40)
    assert all(OLD_SEARCH <= s < SEED_LIMIT for s in seeds), min(seeds)
    assert min(seeds) >= 2**32 and max(seeds) >= 2**60
    assert len(set(seeds)) == len(seeds)


def numbers_in(value: Any) -> set[int]:
    """Every whole number in a JSON value, at any depth: its numbers, and in its texts
    (keys too) each run of decimal digits and each run of 8 or more hex digits."""
    found: set[int] = set()
    if isinstance(value, bool):
        return found
    if isinstance(value, int):
        found.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= numbers_in(k) | numbers_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= numbers_in(v)
    elif isinstance(value, str):
        found |= {int(d) for d in re.findall(r"\d+", value)}
        found |= {int(h, 16) for h in re.findall(r"[0-9a-fA-F]{8,}", value)}
    return found


def made_from(seed: int, game: Game, moves: int) -> set[int]:
    """The seed and the numbers this program makes from it: each computer's seed, and the
    table's hint seeds (`seed * 1000 + n`). The deals are made from it too (through
    SHA-512, `engine/deal.py`): those a seat may see, its own cards."""
    return {seed, *(game.player_seed(seed, s) for s in range(game.players)),
            *(seed * 1000 + n for n in range(moves + 1))}  # fmt: skip


@pytest.mark.parametrize("game", [KLAVERJAS, KLABBERJASS])
def test_a_guests_messages_cannot_tell_the_real_seed_from_a_thousand_others(tmp_path, game):
    """What this shows, and why so. Every card follows from the seed, so whoever holds a
    list of seeds that contains the real one can pick it out by dealing each and comparing
    with his own hand; no message format can prevent that. A guest must therefore (1) get
    nothing before the match ends that depends on the seed except through the game he
    legitimately sees (his cards, the dealer, the cards played), and (2) be unable to make
    such a list: the seed is drawn from 2**63 (the test above; the old search ran through
    all 1,000,000 possible seeds).

    (1) is checked over a whole match with the real host over loopback, with the seed the
    program draws: every message each guest received before the host's end-of-match record
    is searched for any number in it (also digits in texts, hex) equal to the real seed or
    to a number made from it, and the same for 1,000 random seeds: the real seed is found
    no more often than the others, that is never. The record after the end does carry the
    real seed (so the guest's copy can replay the match): there the search finds it, and
    none of the others, which shows it would have found it earlier."""
    guests = game.players - 1
    t = Table(tmp_path, game=game, guests=guests, seed=None)
    try:
        joined = [t.join(name) for name in ("Anna", "Bert", "Cor")[:guests]]
        assert all(g.wait_joined(10) for g in joined)
        t.play_honest(joined, t.over)
        wait(lambda: all(g.record is not None for g in joined), DEADLINE)
        seed, moves = t.session.seed, t.session.state.n_actions
    finally:
        t.close()
    assert seed >= OLD_SEARCH
    rng = random.Random(seed)
    others = [rng.randrange(SEED_LIMIT) for _ in range(OTHERS)]
    candidates = {c: made_from(c, game, moves) for c in [seed, *others]}
    for g in joined:
        messages = [json.loads(text) for text in g.frames]
        end = next(i for i, m in enumerate(messages) if m["type"] == "record")
        before = set().union(*(numbers_in(m) for m in messages[:end]))
        after = numbers_in(messages[end])
        assert len(messages[:end]) > 20 and before  # a whole match, numbers in it
        hits = {c: bool(derived & before) for c, derived in candidates.items()}
        assert hits[seed] is False and not any(hits.values()), "the seed reached a guest early"
        assert candidates[seed] & after and not any(candidates[c] & after for c in others)
        assert messages[end]["seed"] == seed


def test_the_record_carries_any_seed_the_history_can_hold():
    """A guest reads the record of a match with any stored seed (it was bounded to the
    old draw's million), and no larger number."""
    record = {"preset": "amsterdam", "actions": [], "players": [], "kinds": []}
    message = P.parse(P.dump("record", seed=SEED_LIMIT - 1, **record), P.HOST_SCHEMAS)
    assert message["seed"] == SEED_LIMIT - 1
    with pytest.raises(P.ProtocolError):
        P.parse(P.dump("record", seed=SEED_LIMIT, **record), P.HOST_SCHEMAS)


def test_the_history_keeps_the_largest_seed_and_replays_from_it(tmp_path):
    """A drawn seed is stored as it is (an SQLite INTEGER holds every one) and comes back
    the same, so the match replays and continues after a restart."""
    path = tmp_path / "history.sqlite"
    history = History(path)
    state = KLAVERJAS.new_state(short(KLAVERJAS), SEED_LIMIT - 1)
    mid = history.start_match("klaverjas", "custom", state.variant.to_dict(), state.seed,
                              ["A", "B", "C", "D"])  # fmt: skip
    for n in range(1, 4):
        action = state.legal_actions()[0]
        state = state.apply(action)[0]
        history.record(mid, n, str(action), [])
    history.close()
    again = History(path)
    try:
        record, resumed = again.resume()
        assert record.seed == SEED_LIMIT - 1 and resumed == state
    finally:
        again.close()


def play_headless_guest(t: Table, tmp: Path) -> tuple[int | None, list[Any], str]:
    """One `run_guest` (the autopilot at seat "Anna") through a whole match at `t`, with a
    history of its own: its exit status, the matches in that history and what it said."""
    result: list[int] = []
    copies: list[Any] = []

    def guest() -> None:  # the guest's history lives on the guest's thread, as in the app
        history = History(tmp / "guest.sqlite")
        try:
            opt = GuestOptions(address=f"127.0.0.1:{t.host.port}", room=t.host.room,
                               name="Anna", level="random", speed=0.0)  # fmt: skip
            with open(tmp / "out.txt", "w", encoding="utf-8") as out:
                result.append(run_guest(opt, out, history=history))
            copies.extend((m, history.actions(m.id)) for m in history.matches())
        finally:
            history.close()

    thread = threading.Thread(target=guest, daemon=True)
    thread.start()
    thread.join(DEADLINE)
    assert not thread.is_alive()
    return (result or [None])[0], copies, (tmp / "out.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", [KLAVERJAS, KLABBERJASS])
def test_a_command_line_guest_keeps_a_copy_of_the_match(tmp_path, game):
    """`klaverjas --join` (headless) keeps the finished match in its history as a windowed
    guest does (the same `keep_copy`): the host's seed and moves, its own seat "human"."""
    t = Table(tmp_path, game=game, guests=1, seed=None)
    try:
        status, copies, said = play_headless_guest(t, tmp_path)
        assert status == 0, said
        host = t.history
        try:
            (original,) = host.matches()
            ((copy, moves),) = copies
            assert (copy.seed, copy.totals, copy.winner, copy.game) == (
                original.seed, original.totals, original.winner, game.name)  # fmt: skip
            assert moves == host.actions(original.id) and original.seed >= OLD_SEARCH
            assert copy.kinds[copy.players.index("Anna")] == "human"
        finally:
            host.close()
    finally:
        t.close()


def test_a_record_that_does_not_fit_is_not_kept_and_the_guest_says_so(tmp_path, monkeypatch):
    """A host whose record does not replay to what the guest saw (another seed) leaves
    the guest's history as it was, and the guest says in one line that no copy is kept."""
    honest = NetHost._record_message

    def forged(self: NetHost) -> str:
        record = json.loads(honest(self))
        record["seed"] = (record["seed"] + 1) % SEED_LIMIT
        return json.dumps(record)

    monkeypatch.setattr(NetHost, "_record_message", forged)
    t = Table(tmp_path, game=KLABBERJASS, guests=1, seed=None)
    try:
        status, copies, said = play_headless_guest(t, tmp_path)
    finally:
        t.close()
    assert status == 0 and copies == []
    assert said.splitlines()[-1] == f"klaverjas: {tr('net.no_copy')}", said


class _Thinker:
    """A computer that answers a move with one legal action at once and thinks 0.1 to
    0.6 s over a choice, as the hard players do (their search skips a forced move)."""

    kind, is_human, level, name, label = "computer", False, "hard", "Think", "Think"

    def __init__(self, clock: list[float], rng: random.Random) -> None:
        self.clock, self.rng = clock, rng

    def think(self, obs) -> float:
        return 0.0 if len(obs.legal) == 1 else self.rng.uniform(0.1, 0.6)

    def choose(self, obs, n_actions=None):
        """As the autopilot was asked: at once, the frame waiting while it thinks."""
        self.clock[0] += self.think(obs)
        return obs.legal[0]

    def ask(self, obs, jobs, key=None):
        think = self.think(obs)
        return SimpleNamespace(key=key, error=None, cancel=lambda: None,
                               done=lambda at=self.clock[0] + think: self.clock[0] >= at,
                               result=lambda: obs.legal[0])  # fmt: skip


def _timed_play(monkeypatch, speed: float, thinkers: tuple[int, ...], autopilot: bool):
    """A match with a remote seat, `thinkers` (and with `autopilot` the host's own seat)
    played by `_Thinker`s on a simulated clock; (forced, chosen): how long each of their
    cards took, sorted, a busy machine changing nothing."""
    from klaverjas_gui.play import session as match_session
    from klaverjas_gui.play.net.host import host_seating
    from klaverjas_gui.play.seats import Jobs
    from klaverjas_gui.play.session import MatchSession, Pace

    monkeypatch.setattr(match_session, "_HOLD", random.Random(8), raising=False)  # alike each run
    clock, rng = [0.0], random.Random(3)
    seating = host_seating(KLAVERJAS, 5, "Host", 1, "random", grace=0.0)
    for seat in thinkers:
        seating.seats[seat] = _Thinker(clock, rng)
    if autopilot:
        seating.autopilot = _Thinker(clock, rng)
    session = MatchSession(KLAVERJAS, KLAVERJAS.presets["amsterdam"], 5, seating,
                           settings=Pace(speed=speed), jobs=Jobs(synchronous=True))  # fmt: skip
    timed = (0, *thinkers) if autopilot else thinkers
    took: dict[bool, list[float]] = {True: [], False: []}  # forced: the times it took
    asked = [0.0]

    def moved(before, action, events) -> None:
        if before.to_move in timed and before.phase == "play":
            took[len(before.legal_actions()) == 1].append(clock[0] - asked[0])
        asked[0] = clock[0]

    session.listen(moved)
    while not session.state.is_over and clock[0] < 3600:
        session.step(0.01)
        clock[0] += 0.01
    assert session.state.is_over
    return sorted(took[True]), sorted(took[False])


def _alike(forced: list[float], chosen: list[float]) -> None:
    median = {k: v[len(v) // 2] for k, v in (("forced", forced), ("chosen", chosen))}
    assert abs(median["forced"] - median["chosen"]) < 0.2 * median["chosen"], median


@pytest.mark.parametrize("speed", [1.0, 0.0], ids=["normal", "instant"])
def test_a_computers_answer_time_does_not_tell_a_forced_card(monkeypatch, speed):
    """A guest times the computers' moves: a card played at the pace's minimum was a
    forced one ("its last heart"). With remote seats a forced move now waits like a
    chosen one: the two kinds of moves take alike long. Also at the animation speed
    "instant" (0, the host's setting or `--speed instant`), where the computers used to
    answer a forced card at once again (over loopback with hard computers: a median of
    10 ms for a forced card, 190 ms for a chosen one)."""
    forced, chosen = _timed_play(monkeypatch, speed, (1, 3), autopilot=False)
    assert len(forced) > 30 and len(chosen) > 60
    _alike(forced, chosen)


def test_a_headless_hosts_own_seat_does_not_tell_a_forced_card_by_its_time(monkeypatch):
    """A headless host's seat is played by its autopilot, which waited a fixed pause and
    then chose at once: over loopback, its forced cards came at 0.450-0.455 s and 43 of
    44 chosen ones later than every forced one (Klabberjass: the guest's only opponent).
    With people at other laptops it is now asked and held as the computers are."""
    forced, chosen = _timed_play(monkeypatch, 1.0, (), autopilot=True)
    assert len(forced) > 15 and len(chosen) > 30
    _alike(forced, chosen)
