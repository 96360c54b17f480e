"""The coach (teach/coach.py, play/coaching.py): judged from the observation only, the
hard player's own values, kinds from the engine's facts, notes in three languages, the
history's decisions (migration, queries, drills) and the session listener. No pygame."""

from __future__ import annotations

import dataclasses
import os
import random
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import pytest
from sweep import size
from test_ai import other_hidden_swapped
from test_store import FIXTURE, SHORT, play_recorded

from klaverjas_gui import i18n
from klaverjas_gui.ai import HardPlayer, make_player
from klaverjas_gui.ai.klabberjass_hard import HardKlabberjassPlayer
from klaverjas_gui.ai.solver import SearchTimeout
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS, new_klabberjass, new_match
from klaverjas_gui.engine.cards import POINTS
from klaverjas_gui.engine.klabberjass import KlabberjassStacked
from klaverjas_gui.engine.play import winner_index
from klaverjas_gui.games import KLABBERJASS, KLAVERJAS
from klaverjas_gui.play.coaching import Coach
from klaverjas_gui.play.seats import Jobs
from klaverjas_gui.play.session import Pace, new_session
from klaverjas_gui.store.history import SCHEMA_VERSION, History
from klaverjas_gui.teach import coach, hints

W = 4  # sampled deals per judgement in tests: fast, and fixed, so reproducible


# --- the judgement ---
@pytest.mark.slow(12)
def test_the_judgement_depends_on_the_observation_only():
    """Other hands dealt differently give the same observation, and the same judgement."""
    rng = random.Random(8)
    state = new_match(PRESETS["rotterdam"], 21)
    easy = make_player("easy", 3)
    judged = differed = 0
    while not state.is_over and judged < 30:
        seat = state.to_move
        obs = state.observation(seat)
        action = easy.choose(obs)
        twin = other_hidden_swapped(state, seat, rng)
        differed += twin.hands != state.hands
        twin_obs = twin.observation(seat)
        assert obs == twin_obs  # the judgement's only input is the same
        j = coach.judge(obs, action, seed=judged, worlds=W)
        assert j == coach.judge(twin_obs, action, seed=judged, worlds=W)
        judged += j is not None
        state, _ = state.apply(action)
    assert judged == 30 and differed > 20


def test_a_klabberjass_judgement_depends_on_the_observation_only():
    """Two first deals seat 0 cannot tell apart (opponent's hand and stock differ)."""
    mine, turned, my_stock, lead = "JH 9H AC TC 8D 7S", "QH", "KS QS 8C", "AS"
    used = f"{mine} {turned} {my_stock} {lead}".split()
    from klaverjas_gui.engine.cards import ALL_CARDS

    rest = [str(c) for c in ALL_CARDS if str(c) not in used]
    states = []
    for opp, theirs in ((rest[:5], rest[5:8]), (rest[-5:], rest[:3])):
        stock = " ".join(theirs) + " " + my_stock
        stacked = KlabberjassStacked(0, (mine, " ".join([lead, *opp])), turned, stock)
        states.append(new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 5, stacked))
    assert states[0].hand(1) != states[1].hand(1)
    seen = 0
    for action in ("pass", "take", "pass", "pass", "pass", "pass", "play AS"):
        obs = [s.observation(s.to_move) for s in states]
        if obs[0].seat == 0 and coach.is_decision(obs[0]):
            assert obs[0] == obs[1]
            mine_choice = obs[0].legal[-1]
            judged = [coach.judge(o, mine_choice, seed=2, worlds=W) for o in obs]
            assert judged[0] is not None and judged[0] == judged[1]
            seen += 1
        states = [s.apply(action)[0] for s in states]
    obs = [s.observation(0) for s in states]
    assert obs[0].phase == "play" and obs[0] == obs[1]
    card = obs[0].legal[0]
    assert coach.judge(obs[0], card, 4, W) == coach.judge(obs[1], card, 4, W)
    assert seen == 1  # the bid; the play position above is the second


def _decisions(variant: Any, seed: int, level: str = "easy", limit: int = 400):
    """(state, observation, action) of every decision of a match played at `level`."""
    state = new_match(dataclasses.replace(variant, match_length="deals:2"), seed)
    players = [make_player(level, seed * 4 + s) for s in range(4)]
    while not state.is_over and limit:
        obs = state.observation(state.to_move)
        action = players[state.to_move].choose(obs)
        yield state, obs, action
        state, _ = state.apply(action)
        limit -= 1


@pytest.mark.parametrize("preset", ["amsterdam", "rotterdam"])
def test_the_hard_players_own_choice_costs_nothing_under_its_seed(preset):
    """The coach values options as the hard player does: with the same seed and sampled
    deals, the hard player's choice is the best option, cost 0 (claims, chosen by rule,
    aside)."""
    checked = 0
    for n, (_, obs, _) in enumerate(_decisions(PRESETS[preset], 7, limit=90)):
        if not coach.is_decision(obs) or obs.phase == "claim":
            continue
        best = HardPlayer(n, worlds=W).choose(obs)
        j = coach.judge(obs, best, seed=n, worlds=W, confirm=False)
        assert j is not None and j.cost == 0 and j.best == best and j.mistake == ""
        worse = next((a for a, v in reversed(j.values) if v < j.values[0][1]), None)
        if worse is not None:
            k = coach.judge(obs, worse, seed=n, worlds=W, confirm=False)
            assert k.cost == pytest.approx(j.values[0][1] - dict(j.values)[worse], abs=0.02)
            assert k.cost > 0 and k.mistake and k.best != worse
        checked += 1
    assert checked > 40


def test_klabberjass_hard_choice_costs_nothing_under_its_seed():
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 3)
    easy = [make_player_kj(s) for s in (0, 1)]
    checked = 0
    while not state.is_over and checked < 25:
        obs = state.observation(state.to_move)
        if coach.is_decision(obs):
            best = HardKlabberjassPlayer(checked, worlds=W).choose(obs)
            j = coach.judge(obs, best, seed=checked, worlds=W, confirm=False)
            assert j is not None and j.cost == 0
            checked += 1
        state, _ = state.apply(easy[state.to_move].choose(obs))
    assert checked == 25


def make_player_kj(seed: int) -> Any:
    return KLABBERJASS.make_player("easy", seed)


def test_a_judgement_is_stopped_when_nobody_wants_it():
    _, obs, action = next(
        d for d in _decisions(PRESETS["amsterdam"], 1) if d[1].phase == "play"
    )  # fmt: skip
    with pytest.raises(SearchTimeout):
        coach.judge(obs, action, worlds=None, cancelled=lambda: True)


def test_forced_answers_and_claims_without_roem_are_no_decisions():
    seen = {"forced": 0, "no roem": 0, "roem": 0}
    for state, obs, action in _decisions(PRESETS["amsterdam"], 2):
        if len(obs.legal) == 1:
            seen["forced"] += 1
            assert coach.judge(obs, action) is None
        elif obs.phase == "claim":
            key = "roem" if state.pending_roem else "no roem"
            seen[key] += 1
            assert coach.is_decision(obs) == bool(state.pending_roem)
    assert seen["forced"] and seen["no roem"]


def test_the_hint_on_a_claim_without_roem_is_the_pass_its_sentence_says():
    """The hint rings the option its sentence names: on a trick without roem the sentence
    is "Pass: there is no roem in this trick", so the hinted action is the pass (the
    table's Continue); it rang Roem!, the hard player's claim by rule."""
    seen = 0
    for state, obs, _ in _decisions(PRESETS["amsterdam"], 2):
        if obs.phase == "claim" and not state.pending_roem and len(obs.legal) > 1:
            hinted = coach.hint(obs, 0)
            assert hints.reason(obs, hinted) == ("guide.claim_none", {})
            assert hinted.kind == "pass"
            seen += 1
    assert seen


# --- kinds from the engine's facts ---
@pytest.mark.slow(20)
def test_kinds_follow_the_engines_facts():
    """Every mistake's kind agrees with the obligation and trick facts of its position."""
    kinds: dict[str, int] = {}
    for seed in range(size(2)):  # tests/sweep.py
        for state, obs, action in _decisions(PRESETS["amsterdam"], seed):
            j = coach.judge(obs, action, seed=seed, worlds=W)
            if j is None:
                continue
            kinds[j.mistake or "-"] = kinds.get(j.mistake or "-", 0) + 1
            assert (j.cost == 0) == (j.mistake == "")
            if obs.phase != "play":
                assert j.kind == ("roem" if obs.phase == "claim" else "bid")
                if j.mistake == "bid_timid":
                    assert action.kind == "pass" and j.best.kind != "pass"
                if j.mistake == "bid_bold":
                    assert action.kind != "pass" and j.best.kind == "pass"
                continue
            t, trick = state.trump, list(state.trick)
            if not trick:
                assert j.kind == "lead"
                continue
            led = trick[0].suit_index
            holds = {c.suit_index for c in obs.hand}
            assert (j.kind == "trump") == (led != t and led not in holds and t in holds)
            if j.mistake == "points":
                n = len(trick)
                assert winner_index(t, [*trick, action.card]) != n
                assert winner_index(t, [*trick, j.best.card]) != n
                partner = n >= 2 and winner_index(t, trick) == n - 2
                mine, best = POINTS[t][action.card.index], POINTS[t][j.best.card.index]
                assert best > mine if partner else mine > best
    assert kinds["-"] > 50 and len(kinds) >= 4, kinds


def _flagged_of_three_kinds() -> list[tuple[Any, Any]]:
    """(observation, judgement) of the flagged decisions of Amsterdam matches, judged until
    three kinds of note are among them (the first seed has them by its 29th decision:
    judging the rest of its match took as long again)."""
    flagged: list[tuple[Any, Any]] = []
    for seed in range(4):
        for _, obs, action in _decisions(PRESETS["amsterdam"], seed, limit=120):
            j = coach.judge(obs, action, seed=seed, worlds=W)
            if j is not None and j.flagged:
                flagged.append((obs, j))
                if len({j.mistake for _, j in flagged}) >= 3:
                    return flagged
    return flagged


@pytest.mark.slow(6)
def test_a_costly_decision_gets_one_note_in_the_players_language():
    """Each flagged decision's note and options in English, Dutch and French. The decisions
    are judged once (a judgement holds no words: the language changes only the sentences),
    which was most of the time of a test per language."""
    flagged = _flagged_of_three_kinds()
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        i18n.missing.clear()
        try:
            notes = {}
            for obs, j in flagged:
                notes.setdefault(j.mistake, coach.note(obs, j))
                assert coach.option_lines(obs, j)[0][1] == i18n.tr("coach.options_best"), lang
            assert len(notes) >= 3 and not i18n.missing, (lang, notes, i18n.missing)
            for text in notes.values():
                assert "%{" not in text and len(text) > 30, (lang, text)
        finally:
            i18n.set_language("en")


def test_the_summary_counts_mistakes_and_names_the_three_costliest():
    j = [
        coach.Judgement(0, "lead", m, c, a, a, (), seq)
        for seq, (m, c, a) in enumerate(
            [
                ("", 0.0, None),
                ("lead", 12.0, None),
                ("points", 30.0, None),
                ("points", 11.0, None),
                ("follow", 4.0, None),
            ],
            start=1,
        )  # fmt: skip
    ]
    s = coach.summary(j)
    assert s["decisions"] == 5 and s["average"] == pytest.approx(57 / 5)
    assert [x.seq for x in s["costliest"]] == [3, 2, 4]
    assert s["mistakes"] == {"lead": 1, "points": 2}  # only those worth a note


# --- the history ---
def _v2_filled(path) -> list[tuple[int, list[str]]]:
    """A history as schema 2 wrote it, with matches in it: what each match replays from."""
    h = History(path)
    for seed in range(3):
        play_recorded(h, SHORT, seed, ["Anna", "Bram", "Cor", "Daan"])
    play_recorded(h, PRESETS["amsterdam"], 9, list("ABCD"), stop=40)  # still running
    kept = [(m.id, h.actions(m.id)) for m in [*h.matches(), h.running()]]
    h.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE decisions")  # what migrations 3 and 4 add
    db.execute("ALTER TABLE matches DROP COLUMN kinds")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    return kept


def test_migrating_a_filled_schema_2_history_keeps_every_match(tmp_path):
    path = tmp_path / "history.sqlite"
    kept = _v2_filled(path)
    h = History(path)
    assert h.persistent and h.messages == [] and SCHEMA_VERSION == 4
    assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [(m.id, h.actions(m.id)) for m in [*h.matches(), h.running()]] == kept
    assert all(len(h.deal_lines(m.id)) == 2 for m in h.matches())
    record, state = h.resume()
    assert record.id == kept[-1][0] and state.n_actions == 40
    assert h.decisions(record.id) == [] and h.integrity_ok()
    h.record_decision(record.id, 41, state.to_move, "lead", "", 0.0, "pass", "pass")
    assert len(h.decisions(record.id)) == 1


def test_migrating_a_first_release_history_keeps_every_match(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(FIXTURE.read_text())
    db.close()
    h = History(path)
    assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [m.id for m in h.matches()] == [2, 1] and h.running().id == 3
    assert h.coaching() == [] and h.drills() == [] and h.integrity_ok()


def _played_with_coach(tmp_path, seed: int = 11, worlds: int = W):
    """A two-deal match, a person (the autopilot) at seat 0 and the coach watching; every
    position before an action, by the action's number."""
    history = History(tmp_path / "history.sqlite")
    settings = Settings(coach="mistakes")
    session = new_session(KLAVERJAS, SHORT, seed, settings, history, autopilot=True,
                          jobs=Jobs(synchronous=True))  # fmt: skip
    assert isinstance(session.coach, Coach)
    session.coach.worlds = worlds
    # no time cap: on a busy machine an early exact second look cut short says nothing
    # (coach.MIN_SOLVED), and these tests are about what is stored, every decision of it
    session.coach.seconds = None
    session.coach.autopilot = True  # the autopilot's moves stand for a person's here
    before: dict[int, Any] = {}
    session.listen(lambda b, a, e: before.__setitem__(b.n_actions + 1, b))
    for _ in range(20_000):
        if session.state.is_over:
            break
        session.step(0.05)
    assert session.state.is_over and session.coach.wait(30)
    return history, session, before


@dataclass
class Settings(Pace):
    """Settings with a person at seat 0 and easy computers, and the coach setting."""

    speed: float = 0.0
    coach: str = "off"
    plan: list[tuple[str, str]] = field(
        default_factory=lambda: [("You", "human"), ("B", "easy"), ("C", "easy"), ("D", "easy")]
    )

    def seat_plan(self, game: Any) -> list[tuple[str, str]]:
        return self.plan[: game.players]


@pytest.mark.slow(15)
def test_the_coach_judges_and_stores_every_decision_of_the_person(tmp_path):
    history, session, before = _played_with_coach(tmp_path)
    mid = session.match_id
    stored = history.decisions(mid)
    judged = [j for _, j in session.coach.judged]
    person = [
        seq for seq, b in before.items()
        if b.to_move == 0 and coach.is_decision(b.observation(0))
    ]  # fmt: skip
    assert [d.seq for d in stored] == [j.seq for j in judged] == person
    assert {d.seat for d in stored} == {0} and len(stored) > 8
    actions = history.actions(mid)
    assert all(actions[d.seq - 1] == d.chosen for d in stored)
    assert [(d.cost, d.kind, d.mistake, d.best) for d in stored] == [
        (j.cost, j.kind, j.mistake, str(j.best)) for j in judged
    ]
    top = history.costliest(mid)
    assert len(top) <= 3 and [d.cost for d in top] == sorted((d.cost for d in top), reverse=True)
    assert top == sorted((d for d in stored if d.cost > 0), key=lambda d: (-d.cost, d.seq))[:3]
    history.close()


def test_a_drill_rebuilds_a_stored_position_exactly(tmp_path):
    history, session, before = _played_with_coach(tmp_path, seed=12)
    drills = history.drills(5)
    assert drills and drills == sorted(drills, key=lambda d: -d.cost)
    for d in history.decisions(session.match_id):
        state = history.position_before(d)
        assert state == before[d.seq] and state.to_json() == before[d.seq].to_json()
        again = coach.judge(state.observation(d.seat), KLAVERJAS.parse_action(d.chosen),
                            coach.judgement_seed(session.seed, d.seq), W, seq=d.seq)  # fmt: skip
        assert (again.cost, str(again.best), again.mistake) == (d.cost, d.best, d.mistake)
    history.close()


def test_a_drill_of_a_decision_that_does_not_fit_its_match_is_refused(tmp_path):
    from klaverjas_gui.engine import StateError

    history, session, _ = _played_with_coach(tmp_path, seed=13)
    d = history.decisions(session.match_id)[0]
    for wrong in (
        dataclasses.replace(d, chosen="kraak"),
        dataclasses.replace(d, seat=(d.seat + 1) % 4),
        dataclasses.replace(d, seq=10_000),
    ):
        with pytest.raises(StateError):
            history.position_before(wrong)
    history.close()


def test_progress_averages_the_last_matches_overall_and_per_kind(tmp_path):
    h = History(tmp_path / "history.sqlite")
    ids = []
    for seed in range(4):
        mid, _ = play_recorded(h, SHORT, seed, list("ABCD"))
        ids.append(mid)
        for seq, (kind, cost) in enumerate([("lead", 2.0 * seed), ("bid", 6.0), ("lead", 0.0)]):
            mistake = kind if cost else ""
            h.record_decision(mid, seq + 1, 0, kind, mistake, cost, "pass", "pass")
    running, _ = play_recorded(h, SHORT, 9, list("ABCD"), stop=5)
    h.record_decision(running, 1, 0, "lead", "lead", 99.0, "pass", "pass")  # not finished
    chart = h.coaching(last=3)
    assert [c.match_id for c in chart] == ids[1:]  # the last three, oldest first
    assert [c.average for c in chart] == [round((2.0 * s + 6.0) / 3, 2) for s in (1, 2, 3)]
    assert chart[-1].by_kind == {"bid": (1, 6.0), "lead": (2, 3.0)}
    assert [d.cost for d in h.drills(3)] == [6.0, 6.0, 6.0]  # the running match left out
    assert h.coaching(game="klabberjass") == []
    h.close()


def test_klabberjass_costly_decisions_get_a_note_too():
    i18n.set_language("nl")
    i18n.missing.clear()
    try:
        notes = []
        for seed in range(3):
            state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], seed)
            players = [make_player_kj(seed * 2 + s) for s in (0, 1)]
            while state.deal_no == 1 and not state.is_over:
                obs = state.observation(state.to_move)
                action = players[state.to_move].choose(obs)
                j = coach.judge(obs, action, seed=seed, worlds=W)
                if j is not None and j.flagged:
                    notes.append((j.kind, coach.note(obs, j)))
                state, _ = state.apply(action)
        assert len(notes) >= 2 and not i18n.missing
        assert all("%{" not in text and len(text) > 30 for _, text in notes)
    finally:
        i18n.set_language("en")


def _first_lead(state):
    """The first position where the player to move leads a trick with a choice of cards."""
    while True:
        obs = state.observation(state.to_move)
        if obs.phase == "play" and not obs.trick and len(obs.legal) > 1:
            return obs
        state, _ = state.apply(obs.legal[0])


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_coachs_sentences_count_one_point_and_say_you_in_klabberjass(lang):
    """ "1 point", never "1 points"; Klabberjass has no partner, so never "your team"."""
    # (`many` is what "1 point" must never read as)
    team = {"en": "your team", "nl": "jullie", "fr": "votre équipe"}[lang]
    one, many = {"en": ("1 point", "1 points"), "nl": ("1 punt", "1 punten"),
                 "fr": ("1 point", "1 points")}[lang]  # fmt: skip
    i18n.set_language(lang)
    i18n.missing.clear()
    try:
        for state in (new_match(PRESETS["amsterdam"], 2),
                      new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 2)):  # fmt: skip
            obs = _first_lead(state)
            best, chosen = obs.legal[0], obs.legal[1]
            j = coach.Judgement(obs.seat, "lead", "lead", 11.0, chosen, best,
                                ((best, 15.0), (chosen, 4.0)))  # fmt: skip
            text = coach.note(obs, j)
            assert coach.points(11) in text, text  # a 1-point note is "about as good"
            assert (team in text) == (not coach.solo(obs)), text
            assert " de le " not in text and " de les " not in text, text  # "du", "des"
        assert coach.points(1) == one and coach.points(12.4).startswith("12 ")
        assert not i18n.missing
    finally:
        i18n.set_language("en")


def test_the_coach_works_in_its_own_process_and_stores_on_the_frame_loops(tmp_path):
    """Judgements run in the coach's own process while play goes on (a thread would take
    the interpreter from the frame loop); the history (whose connection belongs to the
    frame loop's thread) is written by `poll` only; closing the session ends the judge."""
    import threading
    import time

    from klaverjas_gui.play.coaching import JudgeProcess

    history = History(tmp_path / "history.sqlite")
    one_deal = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    session = new_session(KLAVERJAS, one_deal, 3, Settings(coach="every"), history,
                          autopilot=True, jobs=Jobs())  # fmt: skip
    session.coach.worlds = W
    session.coach.autopilot = True
    threads: set[str] = set()
    session.coach.listen(lambda obs, j: threads.add(threading.current_thread().name))
    deadline = time.monotonic() + 120
    while not session.state.is_over and time.monotonic() < deadline:
        session.step(0.05)
        time.sleep(0.002)
    assert session.state.is_over and session.coach.wait(60)
    judge = session.coach.judge
    assert isinstance(judge, JudgeProcess) and not judge.broken
    process = judge._proc
    assert process is not None and process.is_alive() and process.pid != os.getpid()
    judged = [j.seq for _, j in session.coach.judged]
    assert judged and [d.seq for d in history.decisions(session.match_id)] == judged
    assert threads == {threading.main_thread().name}
    session.close()
    assert judge._proc is None and not process.is_alive()
    history.close()
