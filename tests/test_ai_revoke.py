"""Computers under `revoke = club` (RULES.md 1.11): they never revoke, they call what the
cards played prove (never wrongly, and by the deal's end every wrong card of the other
team), and their reading of the hidden hands survives a person who revoked."""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_session import Club, Screen

from klaverjas_gui.ai import make_player
from klaverjas_gui.ai.knowledge import Knowledge, proven_revokes, seen_revoke
from klaverjas_gui.engine import PRESETS, new_match
from klaverjas_gui.engine.match import DEAL_END, PASS, VerzaaktCalled, verzaakt
from klaverjas_gui.games import KLAVERJAS
from klaverjas_gui.play.seats import Jobs
from klaverjas_gui.play.session import MatchSession, make_seats

CLUB = dataclasses.replace(PRESETS["amsterdam"], revoke="club")


def random_club_deal(seed: int, wrong: float = 0.3):
    """Positions of one deal where every seat plays a wrong card now and then."""
    rng = random.Random(seed)
    variant = dataclasses.replace(PRESETS[rng.choice(sorted(PRESETS))], revoke="club")
    state = new_match(variant, seed)
    seen = [state]
    while state.deal_no == 1 and state.phase != DEAL_END:
        rules, accepted = state.rule_actions(), state.legal_actions()
        pick = accepted if rng.random() < wrong else rules
        state, _ = state.apply(rng.choice(pick))
        seen.append(state)
    return seen


@pytest.mark.parametrize("seed", range(60))
def test_what_the_cards_prove_is_a_real_revoke_and_at_the_end_all_of_them(seed):
    positions = random_club_deal(seed)
    for state in positions:
        real = {(r.trick_no, r.seat, r.card) for r in state.revokes}
        for seat in range(4):
            proven = set(proven_revokes(state.observation(seat)))
            assert proven <= real  # never a wrong call
    last = positions[-1]
    assert last.phase == DEAL_END
    proven = set(proven_revokes(last.observation(0)))
    assert proven == {(r.trick_no, r.seat, r.card) for r in last.revokes}


def test_seen_revoke_is_the_other_teams_and_only_in_a_closed_trick():
    for seed in range(200):
        for state in random_club_deal(seed):
            for seat in range(4):
                seen = seen_revoke(state.observation(seat))
                proof = state.proven_revoke(seat)
                if seen is not None:
                    assert seen[1] % 2 != seat % 2 and seen[0] < len(state.tricks)
                    assert proof is not None  # the engine agrees: the call is correct
        if any(seen_revoke(s.observation(q)) for s in random_club_deal(seed) for q in (0, 1)):
            return
    raise AssertionError("no revoke seen in 200 deals")


@pytest.mark.parametrize("seed", range(40))
def test_knowledge_of_a_revoker_still_samples_deals(seed):
    rng = random.Random(seed)
    for state in random_club_deal(seed, wrong=0.5):
        if state.phase != "play":
            continue
        for seat in range(4):
            know = Knowledge.from_observation(state.observation(seat))
            hands = know.sample(rng)
            assert hands[seat] == state.hands[seat]
            assert sum(h.bit_count() for h in hands) == sum(h.bit_count() for h in state.hands)


def person_and_computers(level: str, seed: int) -> MatchSession:
    """Seat 0 a person who plays random cards, wrong ones too; three computers."""
    plan = [("You", "human"), ("Henk", level), ("Anna", level), ("Joop", level)]
    seating = make_seats(KLAVERJAS, seed, plan)
    return MatchSession(KLAVERJAS, CLUB, seed, seating, settings=Club(),
                        jobs=Jobs(synchronous=True))  # fmt: skip


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_computers_never_revoke_and_call_a_persons_wrong_card(level):
    calls, revokes = [], []
    for seed in range(3):
        session = person_and_computers(level, seed)
        rng = random.Random(seed)
        session.listen(lambda before, action, events: calls.extend(
            e for e in events if isinstance(e, VerzaaktCalled)))  # fmt: skip
        session.listen(lambda before, action, events: revokes.extend(
            r for r in before.revokes if r not in revokes))  # fmt: skip
        for _ in range(20_000):
            s = session.state
            if s.is_over or len(s.sheet) >= 4:
                break
            if s.to_move == 0 and s.phase not in (DEAL_END,):
                session.submit(rng.choice(s.legal_actions()))
            else:
                session.step(0.05)
        assert len(session.state.sheet) >= 4
    assert revokes and all(r.seat == 0 for r in revokes)  # only the person revoked
    assert calls and all(c.revoke is not None and c.seat in (1, 3) for c in calls)
    assert len(calls) <= 3 * 5  # a called deal ends there: one call a deal at most


def test_a_computers_answer_that_breaks_the_rules_is_replaced_by_a_rule_card():
    session = person_and_computers("random", 1)
    for _ in range(2000):
        s = session.state
        wrong = [a for a in s.legal_actions() if a not in s.rule_actions()]
        if s.phase == "play" and s.to_move != 0 and wrong:
            break
        if s.to_move == 0 and s.phase != DEAL_END:
            session.submit(s.rule_actions()[0])
        else:
            session.step(0.05)
    else:
        raise AssertionError("no computer with a wrong card to choose")
    seat = s.to_move

    class Rogue:
        def choose(self, obs):
            return wrong[0]

    session.seats[seat].player = Rogue()
    session.step(0.05)
    session.step(0.05)
    assert session.state.n_actions == s.n_actions + 1 and not session.state.revokes


def test_the_session_scores_the_deal_at_deal_end_only_after_the_pause():

    session = person_and_computers("random", 2)
    screen = Screen(session)
    rng = random.Random(2)
    while session.state.phase != DEAL_END:
        s = session.state
        if s.to_move == 0:
            session.submit(rng.choice(s.rule_actions()))
        else:
            session.step(0.05)
    screen.caught_up, screen.paused = False, True  # the last trick lies still
    for _ in range(50):
        session.step(0.05)
    assert session.state.phase == DEAL_END
    assert session.call_verzaakt() is None  # the person calls: nothing was revoked
    assert session.state.phase == DEAL_END
    screen.over = True
    session.step(0.05)
    assert session.state.phase != DEAL_END and len(session.state.sheet) == 1
    assert session.state.actions[-2:] == [verzaakt(0), PASS]


def test_hard_never_revokes_under_club():
    player = make_player("hard", 1, think_ms=5)
    for seed in range(3):
        for state in random_club_deal(seed, wrong=0.2):
            if state.phase == "play":
                obs = state.observation(state.to_move)
                assert player.choose(obs) in state.rule_actions()
