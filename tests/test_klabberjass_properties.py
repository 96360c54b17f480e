"""Random legal playouts of whole Klabberjass games for every preset and for Belote
declarations (RULES.md 2).

A small reference of the play rule over sets of cards cross-checks the engine at every
card; the deal score is recomputed from the tricks, the declarations from the hands by
a restatement of the rule over card names.
Only 18 of the 32 cards are played (13 stay in the stock, 1 is turned up), so the
tricks hold 152 + 10 points *together with* the cards never played.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sweep import size

from klaverjas_gui.engine import (
    KLABBERJASS_PRESETS,
    KlabberjassState,
    card_points,
    new_klabberjass,
    replay_klabberjass,
    score_klabberjass_deal,
)
from klaverjas_gui.engine.cards import FULL_MASK, KING, QUEEN, TRUMP_STRENGTH, cards_of, mask_of
from klaverjas_gui.engine.klabberjass import (
    DECLARE_CALL,
    BellaDeclared,
    FourDeclared,
    SequenceDeclared,
    SequencesShown,
)
from klaverjas_gui.engine.klabberjass_rules import KlabberjassVariant, game_result
from klaverjas_gui.engine.match import CardPlayed, DealScored, MatchOver, PlayStarted, TrickWon


def reference_legal(trump, hand, trick):
    """RULES.md 2 restated: follow; else trump; trump led or in the trick: overtrump."""
    hand = set(hand)
    if not trick:
        return hand
    led = trick[0].suit
    same = {c for c in hand if c.suit == led}
    trumps = {c for c in hand if c.suit == trump}
    tops = [TRUMP_STRENGTH[c.rank_index] for c in trick if c.suit == trump]
    higher = {c for c in trumps if not tops or TRUMP_STRENGTH[c.rank_index] > max(tops)}
    if same:
        return (same & higher or same) if led == trump else same
    if not trumps:
        return hand
    return higher or trumps


VARIANTS = {**KLABBERJASS_PRESETS, "belote": KlabberjassVariant(declarations="belote")}
ORDER = "789TJQKA"
FOURS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}  # 8s and 7s: nothing


def reference_declarations(hand, trump, belote):
    """RULES.md 2 restated: every declaration of a hand as (comparison key, points).
    Klabberjass: sequences, longer then higher top. Belote: fours of a kind too; higher
    value, then four of a kind, then higher rank or top card, then in trump."""
    names = {str(c) for c in cards_of(hand)}
    out = []
    for suit in "CDHS":
        run = 0
        for i, rank in enumerate(ORDER + "-"):
            if rank + suit in names:
                run += 1
                continue
            if run >= 3:
                value = {3: 20, 4: 50}.get(run, 100)
                key = (value, False, i - 1, suit == trump) if belote else (run, i - 1)
                out.append((key, value))
            run = 0
    if belote:
        for rank, value in FOURS.items():
            if all(rank + suit in names for suit in "CDHS"):
                out.append(((value, True, ORDER.index(rank), False), value))
    return out


def stated_key(length, top, belote):
    """The key of a declaration as the non-dealer stated it (length 0: a four of a kind);
    not in trump: the dealer's equal one in trump wins, as RULES.md 2 says."""
    if not belote:
        return (length, top)
    if length == 0:
        return (FOURS[ORDER[top]], True, top, False)
    return ({3: 20, 4: 50}.get(length, 100), False, top, False)


def check_bet(line):
    s = line.score
    m, o = s.maker, 1 - s.maker
    totals = [s.card_points[k] + s.declarations[k] + s.bella[k] for k in (0, 1)]
    assert list(s.totals) == totals
    if totals[m] > totals[o]:
        assert s.outcome == "made" and list(s.scores) == totals
    else:
        assert s.outcome == "nat" and s.scores[m] == 0 and s.scores[o] == sum(totals)


def play_and_check(variant, seed, max_deals=10**9, json_every=0):
    """Play a game with random legal actions, checking every invariant; returns deals played."""
    rng = random.Random(seed)
    belote = variant.declarations == "belote"
    state = new_klabberjass(variant, seed)
    deals = steps = 0
    tricks, leader, points, bella_seen = [], 0, 0, [0, 0]
    declare_hands = None
    bella_expected, fours_expected = (0, 0), [0, 0]
    while not state.is_over and deals < max_deals:
        actions = state.legal_actions()
        assert actions, "a legal action always exists"
        played = mask_of(c for _, cards in state.tricks for c in cards) | mask_of(state.trick)
        parts = [*state.hands, mask_of(state.stock), state.turned.bit, played]
        assert sum(p.bit_count() for p in parts) == 32
        assert parts[0] | parts[1] | parts[2] | parts[3] | parts[4] == FULL_MASK
        phase, seat = state.phase, state.to_move
        if phase in ("bidding", "schmeiss"):
            assert [h.bit_count() for h in state.hands] == [6, 6] and len(state.stock) == 19
        elif phase in ("dix", "declare"):
            assert [h.bit_count() for h in state.hands] == [9, 9] and len(state.stock) == 13
        if phase == "declare":
            if declare_hands is None:
                declare_hands = state.hands
            mine = reference_declarations(state.hands[seat], state.trump_suit.value, belote)
            best = max(key for key, _ in mine) if mine else None
            if seat == state.non_dealer:
                assert (DECLARE_CALL in actions) == (best is not None)
            else:
                said = [stated_key(n, top, belote)
                        for s, n, top in state.declared if s == state.non_dealer]  # fmt: skip
                beats = best is not None and (not said or best > said[0])
                assert (DECLARE_CALL in actions) == beats
        if phase == "play":
            hand = cards_of(state.hands[seat])
            ref = reference_legal(state.trump_suit, hand, list(state.trick))
            assert {a.card for a in actions} == ref
        action = actions[int(rng.random() * len(actions))]
        before = state
        state, events = state.apply(action)
        steps += 1
        for e in events:
            if isinstance(e, PlayStarted):
                assert e.leader == before.non_dealer
                leader = e.leader
                t = before.trump
                kq = (1 << (t * 8 + QUEEN)) | (1 << (t * 8 + KING))
                bella_expected = tuple(20 if h & kq == kq else 0 for h in state.hands)
                # declarations: only the best declaration's owner scores, and all of his
                said = {s for s, _, _ in state.declared}
                now = {x.seat for x in events if isinstance(x, (SequenceDeclared, FourDeclared))}
                assert said == {s for s, _, _ in before.declared} | now
                nd, dl = before.non_dealer, before.dealer
                winner = dl if dl in said else nd if nd in said else None
                expected, fours_expected = [0, 0], [0, 0]
                if winner is not None:
                    trump = before.trump_suit.value
                    mine = reference_declarations(declare_hands[winner], trump, belote)
                    expected[winner] = sum(points for _, points in mine)
                    fours_expected[winner] = sum(p for key, p in mine if belote and key[1])
                    shown = [x for x in events if isinstance(x, SequencesShown)]
                    assert shown and shown[0].seat == winner
                assert list(state.declarations) == expected
                declare_hands = None
            elif isinstance(e, BellaDeclared):
                bella_seen[e.seat] += e.points
            elif isinstance(e, CardPlayed):
                assert e.seat == before.to_move
            elif isinstance(e, TrickWon):
                assert len(e.cards) == 2
                tricks.append((leader, e.cards))
                leader = e.seat
                points += e.points
            elif isinstance(e, DealScored):
                line = e.line
                assert len(tricks) == 9 and sum(line.score.tricks_won) == 9
                unplayed = sum(card_points(c, line.trump) for c in (*before.stock, before.turned))
                assert points + unplayed == 162 and sum(line.score.card_points) == points
                assert line.score.bella == bella_expected == tuple(bella_seen)
                assert list(line.score.fours) == fours_expected
                s = line.score
                again = score_klabberjass_deal(
                    line.trump, line.maker, tricks, s.declarations, s.bella, s.fours
                )
                assert again == line.score
                check_bet(line)
                deals += 1
                tricks, points, bella_seen = [], 0, [0, 0]
            elif isinstance(e, MatchOver):
                assert e.winner == state.winner
                assert game_result(variant.target, state.totals) == (e.winner, True)
        if json_every and steps % json_every == 0:
            assert KlabberjassState.from_json(state.to_json()) == state
    assert state.totals == tuple(sum(line.score.scores[k] for line in state.sheet) for k in (0, 1))
    if state.is_over:
        for n in range(1, len(state.sheet)):  # the game did not end earlier
            earlier = tuple(sum(ln.score.scores[k] for ln in state.sheet[:n]) for k in (0, 1))
            assert not game_result(variant.target, earlier)[1]
    if json_every:
        assert replay_klabberjass(variant, seed, state.actions).to_json() == state.to_json()
    return deals


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(VARIANTS))
def test_random_deals_per_preset(preset):
    variant = VARIANTS[preset]
    deals, seed = 0, 0
    wanted = size(800)  # tests/sweep.py
    while deals < wanted:
        deals += play_and_check(variant, seed, max_deals=wanted - deals)
        seed += 1
    assert deals == wanted


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**31))
def test_whole_game_json_round_trip_and_replay(preset, seed):
    assert play_and_check(VARIANTS[preset], seed, json_every=29) >= 1
