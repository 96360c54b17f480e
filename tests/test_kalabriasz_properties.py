"""Random legal playouts of whole three-player matches (RULES.md 3) against a small
independent re-implementation of the rules written here from the rule book: the legal
cards (with the two defenders as partners), the trick winner, card points, roem of three
cards, pit and the fixed contract. It shares nothing with the engine but the Card objects.

The seeded sweep plays 600 deals per preset in `make test` (tests/sweep.py's knob).
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sweep import size

from klaverjas_gui.engine.kalabriasz import (
    CardLaidAway,
    KalabriaszDealScored,
    KalabriaszMatchOver,
    KalabriaszState,
    new_kalabriasz,
    replay,
)
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS, score_kalabriasz_deal
from klaverjas_gui.engine.match import PlayStarted, TrickWon

TRUMP_ORDER = "78QKTA9J"  # weakest to strongest
PLAIN_ORDER = "789JQKTA"
NATURAL = "789TJQKA"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def points(card, trump):
    r, s = str(card)
    return (TRUMP_POINTS if s == trump else PLAIN_POINTS).get(r, 0)


def strength(card, trump, led):
    """Higher wins: any trump beats any card of the suit led, which beats the rest."""
    r, s = str(card)
    if s == trump:
        return 100 + TRUMP_ORDER.index(r)
    if s == led:
        return 50 + PLAIN_ORDER.index(r)
    return 0


def winner_at(trick, trump):
    """Index in `trick` of the winning card."""
    led = str(trick[0])[1]
    scores = [strength(c, trump, led) for c in trick]
    return scores.index(max(scores))


def reference_legal(v, trump, hand, trick, partner_winning):
    """RULES.md 1.5 restated over sets of cards."""
    hand = set(hand)
    if not trick:
        return hand
    led = str(trick[0])[1]
    same = {c for c in hand if str(c)[1] == led}
    trumps = {c for c in hand if str(c)[1] == trump}
    in_trick = [TRUMP_ORDER.index(str(c)[0]) for c in trick if str(c)[1] == trump]
    top = max(in_trick) if in_trick else None
    higher = {c for c in trumps if top is None or TRUMP_ORDER.index(str(c)[0]) > top}
    if led == trump:
        if not same:
            return hand
        return (same & higher or same) if v.must_overtrump else same
    if same:
        return same
    if not trumps:
        return hand
    voluntary = v.must_ruff == "never" or (v.must_ruff == "opponent" and partner_winning)
    if voluntary:
        if top is not None and v.must_overtrump and (higher or v.undertrump == "forbidden"):
            return (hand - (trumps - higher)) or hand
        return hand
    if top is None or not v.must_overtrump:
        return trumps
    if higher:
        return higher
    if v.undertrump == "forced":
        return trumps
    return (hand - trumps) or trumps


def reference_roem(v, trick, trump):
    """Three cards: a run of three of one suit in natural order (20), stuk (20)."""
    if not v.roem_enabled:
        return 0
    roem = 0
    suits = {str(c)[1] for c in trick}
    if len(suits) == 1:
        ranks = sorted(NATURAL.index(str(c)[0]) for c in trick)
        if ranks[2] - ranks[0] == 2:
            roem += 20
    names = {str(c) for c in trick}
    if "K" + trump in names and "Q" + trump in names:
        roem += 20
    return roem


def reference_score(v, trump, maker, tricks, laid_away):
    """The deal score of RULES.md 3: (totals, scores, outcome)."""
    own = [0, 0, 0]
    won = [0, 0, 0]
    for i, (leader, cards) in enumerate(tricks):
        seat = (leader + winner_at(cards, trump)) % 3
        won[seat] += 1
        own[seat] += sum(points(c, trump) for c in cards) + (10 if i == 9 else 0)
        own[seat] += reference_roem(v, cards, trump)
    own[maker] += sum(points(c, trump) for c in laid_away)
    if won[maker] == 10:
        own[maker] += v.pit_bonus
    if own[maker] > sum(own) - own[maker]:
        return own, list(own), "pit" if won[maker] == 10 else "made"
    a, b = (maker + 1) % 3, (maker + 2) % 3
    scores = [0, 0, 0]
    scores[a] = own[a] + own[maker] // 2
    scores[b] = own[b] + own[maker] // 2
    scores[b if own[b] > own[a] else a] += own[maker] % 2
    return own, scores, "nat"


def play_and_check(variant, seed, max_deals=10**9, json_every=0):
    """Play a match with random legal actions, checking every step; returns deals scored."""
    rng = random.Random(seed)
    state = new_kalabriasz(variant, seed)
    deals = steps = 0
    tricks, laid, leader = [], [], -1
    while not state.is_over and deals < max_deals:
        actions = state.legal_actions()
        phase, seat = state.phase, state.to_move
        every = [c for k in range(3) for c in state.hand(k)]
        every += [c for _, cards in state.tricks for c in cards] + list(state.trick)
        every += list(state.laid_away) + (list(state.talon) if state.maker < 0 else [])
        assert len(every) == len(set(every)) == 32
        if phase == "bidding":
            assert [len(state.hand(k)) for k in range(3)] == [10, 10, 10]
            assert sorted(map(str, actions)) == ["name C", "name D", "name H", "name S", "pass"]
        elif phase == "talon":
            assert seat == state.maker and len(state.hand(seat)) == 12 - len(state.laid_away)
            assert {a.card for a in actions} == set(state.hand(seat))
        else:
            trick = list(state.trick)
            trump = str(state.trump_suit)
            partner = False
            if trick and seat != state.maker:
                partner = (state.leader + winner_at(trick, trump)) % 3 != state.maker
            ref = reference_legal(variant, trump, state.hand(seat), trick, partner)
            assert {a.card for a in actions} == ref
        for k in range(3):  # nobody sees more than he may
            seen = state.observation(k)
            assert set(seen.hand) == set(state.hand(k))
            if k != state.maker:
                assert seen.talon == () and seen.laid_away == ()
                assert all(a.card is None for _, a in seen.deal_log if a.kind == "lay")
        action = actions[int(rng.random() * len(actions))]
        before = state
        state, events = state.apply(action)
        steps += 1
        for e in events:
            if isinstance(e, CardLaidAway):
                laid.append(e.card)
            elif isinstance(e, PlayStarted):
                assert e.leader == (before.dealer + 1) % 3  # first hand leads
                leader = e.leader
            elif isinstance(e, TrickWon):
                assert len(e.cards) == 3
                tricks.append((leader, e.cards))
                leader = e.seat
            elif isinstance(e, KalabriaszDealScored):
                line = e.line
                if line.maker < 0:
                    assert line.score.outcome == "void" and not tricks
                else:
                    own, scores, outcome = reference_score(
                        variant, line.trump, line.maker, tricks, laid
                    )
                    s = line.score
                    assert (list(s.totals), list(s.scores), s.outcome) == (own, scores, outcome)
                    assert sum(s.card_points) + s.laid_away == 162
                    assert sum(s.scores) == sum(s.totals)
                    again = score_kalabriasz_deal(variant, line.trump, line.maker, tricks, laid)
                    assert again == s
                deals += 1
                tricks, laid = [], []
            elif isinstance(e, KalabriaszMatchOver):
                top = max(state.totals)
                assert e.winners == tuple(k for k in range(3) if state.totals[k] == top)
        if json_every and steps % json_every == 0:
            assert KalabriaszState.from_json(state.to_json()) == state
    totals = tuple(sum(line.score.scores[k] for line in state.sheet) for k in range(3))
    assert state.totals == totals
    if state.is_over and variant.match_kind == "deals":
        assert len(state.sheet) == variant.match_target
    if json_every:
        assert replay(variant, seed, state.actions).to_json() == state.to_json()
    return deals


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_a_sweep_of_seeded_deals_per_preset(preset):
    wanted = size(600)
    variant = KALABRIASZ_PRESETS[preset]
    deals, seed = 0, 0
    while deals < wanted:
        deals += play_and_check(variant, seed, max_deals=wanted - deals)
        seed += 1
    assert deals == wanted


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(KALABRIASZ_PRESETS)),
    seed=st.integers(0, 2**31),
    must_ruff=st.sampled_from(["opponent", "always", "never"]),
    must_overtrump=st.booleans(),
    undertrump=st.sampled_from(["forbidden", "forced"]),
    roem=st.booleans(),
)
def test_whole_matches_of_any_options(preset, seed, must_ruff, must_overtrump, undertrump, roem):
    variant = dataclasses.replace(
        KALABRIASZ_PRESETS[preset],
        must_ruff=must_ruff,
        must_overtrump=must_overtrump,
        undertrump=undertrump,
        roem_enabled=roem,
    )
    assert play_and_check(variant, seed, json_every=41) >= 1
