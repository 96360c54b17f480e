"""Random legal playouts of whole matches for every preset (DESIGN.md testing habits).

A small reference implementation of RULES.md 1.5, written over sets of cards
rather than bit masks, cross-checks the engine's legality at every card. Every preset
is also played with `revoke = club` (RULES.md 1.11): the engine must accept every card
of the hand, offer exactly the reference's cards as the rules' own, and judge random
"Verzaakt!" calls and score a called deal as the reference says.
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sweep import size

from klaverjas_gui.engine import (
    PRESETS,
    MatchState,
    card_points,
    new_match,
    replay,
    score_deal,
)
from klaverjas_gui.engine.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, cards_of
from klaverjas_gui.engine.match import (
    CardPlayed,
    DealScored,
    DealStarted,
    PlayStarted,
    RoemClaimed,
    TrickWon,
    VerzaaktCalled,
    verzaakt,
)
from klaverjas_gui.engine.roem import roem_of


def stronger(a, b, trump, led):
    """Does card a beat card b in a trick where `led` was led?"""

    def power(c):
        if c.suit == trump:
            return (2, TRUMP_STRENGTH[c.rank_index])
        return (1, PLAIN_STRENGTH[c.rank_index]) if c.suit == led else (0, 0)

    return power(a) > power(b)


def reference_legal(v, trump, hand, trick):
    hand = set(hand)
    if not trick:
        return hand
    led = trick[0].suit
    same = {c for c in hand if c.suit == led}
    trumps = {c for c in hand if c.suit == trump}
    in_trick = [c for c in trick if c.suit == trump]
    top = None
    for c in in_trick:
        if top is None or stronger(c, top, trump, led):
            top = c
    higher = {c for c in trumps if top is None or stronger(c, top, trump, led)}
    if led == trump:
        return (higher or same) if same and v.must_overtrump else (same or hand)
    if same:
        return same
    if not trumps or v.must_ruff == "never":
        return hand
    winner = trick[0]
    for c in trick[1:]:
        if stronger(c, winner, trump, led):
            winner = c
    partner_winning = len(trick) >= 2 and trick.index(winner) == len(trick) - 2
    if v.must_ruff == "opponent" and partner_winning:
        if v.undertrump == "forbidden" and top is not None:
            return (hand - (trumps - higher)) or hand
        return hand
    if top is None or not v.must_overtrump:
        return trumps
    if higher:
        return higher
    if v.undertrump == "forced":
        return trumps
    return (hand - trumps) or trumps


def check_deal_score(v, line):
    """RULES.md 1.8 (and 1.11 for a called revoke) restated over one score-sheet line."""
    s = line.score
    if s.outcome == "verzaakt":  # the revoking team 0, the other 162 + all roem (as a nat)
        m = 2**s.kraak_level
        rf = m if v.kraken_doubles_roem else 1
        r = s.revoke.seat % 2
        assert s.burden_team == r and s.scores[r] == 0
        assert s.scores[1 - r] == 162 * m + sum(s.roem) * rf
        return
    assert sum(s.card_points) == 162
    b, o = s.burden_team, 1 - s.burden_team
    m = 2**s.kraak_level
    rf = m if v.kraken_doubles_roem else 1
    pit = [0, 0]
    if s.pit_team is not None and (s.pit_team == s.chooser_team or v.defence_pit):
        pit[s.pit_team] = v.pit_bonus
    totals = [s.card_points[k] * m + s.roem[k] * rf + pit[k] for k in (0, 1)]
    if totals[b] > totals[o]:
        assert s.outcome in ("made", "pit") and list(s.scores) == totals
    elif totals[b] == totals[o] and v.tie == "litige":
        assert s.outcome == "litige" and s.scores[b] == 0 and s.scores[o] == totals[o]
    else:
        assert s.outcome == "nat" and s.scores[b] == 0
        assert s.scores[o] == 162 * m + sum(s.roem) * rf + pit[o]


def play_and_check(variant, seed, max_deals=10**9, json_every=0):
    """Play a match with random legal actions, checking every invariant; returns deals played.
    Under `revoke = club` a wrong card is played now and then (the reference says which),
    and random seats call "Verzaakt!" at random moments of the call window."""
    rng = random.Random(seed)
    club = variant.revoke == "club"
    state = new_match(variant, seed)
    deals, steps = 0, 0
    played, trick_points, tricks, claimed, leader, trump = [], 0, [], set(), 0, None
    wrong = []  # (trick number, seat, card) of every card the reference does not allow
    assert sum(h.bit_count() for h in state.hands) == 32
    while not state.is_over and deals < max_deals:
        actions = state.legal_actions()
        assert actions, "a legal action always exists"
        ref = None
        if state.phase == "play":
            hand = cards_of(state.hands[state.to_move])
            ref = reference_legal(variant, state.trump_suit, hand, list(state.trick))
            assert {a.card for a in state.rule_actions()} == ref
            assert {a.card for a in actions} == (set(hand) if club else ref)
        else:
            assert state.rule_actions() == actions
        if club and state.call_open() and rng.random() < 0.04:
            action = verzaakt(rng.randrange(4))
        elif club and ref is not None and rng.random() < 0.9:
            rules = state.rule_actions()
            action = rules[int(rng.random() * len(rules))]
        else:
            action = actions[int(rng.random() * len(actions))]
        if ref is not None and action.kind == "play" and action.card not in ref:
            wrong.append((len(tricks), state.to_move, action.card))
        state, events = state.apply(action)
        steps += 1
        for e in events:
            if isinstance(e, VerzaaktCalled):
                proven = [w for w in wrong if w[1] % 2 != e.seat % 2 and w[0] < len(tricks)]
                got = e.revoke and (e.revoke.trick_no, e.revoke.seat, e.revoke.card)
                assert got == (proven[0] if proven else None)
            elif isinstance(e, CardPlayed):
                played.append(e.card)
            elif isinstance(e, PlayStarted):
                leader = e.leader
            elif isinstance(e, RoemClaimed):
                claimed.add(e.trick_no)
            elif isinstance(e, TrickWon):
                tricks.append((leader, e.cards))
                leader = e.seat
                assert len(e.cards) == 4
                trick_points += sum(card_points(c, trump) for c in e.cards)
                assert e.roem == roem_of(variant, trump.index, e.cards)
            elif isinstance(e, DealScored) and e.line.score.outcome == "verzaakt":
                check_deal_score(variant, e.line)
                assert e.line.score.roem == tuple(
                    sum(roem_of(variant, trump.index, c) for i, (ld, c) in enumerate(tricks)
                        if i in claimed and (ld + _winner(trump, c)) % 2 == k)
                    for k in (0, 1)
                )  # fmt: skip
                deals += 1
                played, trick_points, tricks, claimed, wrong = [], 0, [], set(), []
            elif isinstance(e, DealScored):
                assert len(played) == 32 and len(set(played)) == 32
                assert trick_points == 152
                assert len(e.line.score.tricks_won) == 2 and sum(e.line.score.tricks_won) == 8
                check_deal_score(variant, e.line)
                # the engine's running tally agrees with scoring the tricks afresh
                line = e.line
                again = score_deal(
                    variant, line.trump, line.chooser % 2, tricks, claimed, line.kraak_level
                )
                assert again == line.score
                deals += 1
                played, trick_points, tricks, claimed, wrong = [], 0, [], set(), []
            elif isinstance(e, DealStarted):
                assert sum(h.bit_count() for h in state.hands) == 32
                assert all(h.bit_count() == 8 for h in state.hands)
        if state.trump >= 0:
            trump = state.trump_suit
        if json_every and steps % json_every == 0:
            assert MatchState.from_json(state.to_json()) == state
    if json_every:
        assert replay(variant, seed, state.actions).to_json() == state.to_json()
    return deals


def _winner(trump, cards):
    best = cards[0]
    for c in cards[1:]:
        if stronger(c, best, trump, cards[0].suit):
            best = c
    return cards.index(best)


@pytest.mark.slow
@pytest.mark.parametrize("revoke", ["off", "club"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_deals_per_preset(preset, revoke):
    variant = dataclasses.replace(PRESETS[preset], match_length="deals:250", revoke=revoke)
    if preset == "french":
        variant = dataclasses.replace(PRESETS["french"], revoke=revoke)  # to 1500 points
    deals, seed = 0, 0
    wanted = size(800)  # tests/sweep.py
    while deals < wanted:
        deals += play_and_check(variant, seed, max_deals=wanted - deals)
        seed += 1
    assert deals == wanted


@settings(max_examples=15, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**31),
    revoke=st.sampled_from(["off", "club"]),
)
def test_whole_match_json_round_trip_and_replay(preset, seed, revoke):
    variant = dataclasses.replace(PRESETS[preset], revoke=revoke)
    assert play_and_check(variant, seed, json_every=37) >= 1


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_club_deals_with_wrong_cards_and_calls(preset):
    """A quicker run of the club oracle for every preset (the slow test: 800)."""
    variant = dataclasses.replace(PRESETS[preset], match_length="deals:40", revoke="club")
    if preset == "french":
        variant = dataclasses.replace(PRESETS["french"], revoke="club")
    deals = sum(play_and_check(variant, seed, max_deals=40) for seed in range(2))
    assert deals >= 20
