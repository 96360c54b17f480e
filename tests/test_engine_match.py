"""The match state machine: dealing, trump choice, kraak, claims, match end, JSON, replay."""

import dataclasses
import json
import random
import re

import pytest

from klaverjas_gui.engine import (
    PRESETS,
    IllegalActionError,
    MatchState,
    StateError,
    Variant,
    new_match,
    parse_action,
    replay,
)
from klaverjas_gui.engine.cards import SUIT_NAMES, cards_of
from klaverjas_gui.engine.deal import deal_hands, deal_rng
from klaverjas_gui.engine.match import (
    CLAIM_ROEM,
    KRAAK_CALL,
    PASS,
    TAKE,
    DealScored,
    KraakCalled,
    MatchOver,
    Redealt,
    RoemClaimed,
    RoemLeft,
    TrumpChosen,
    match_result,
    name,
)
from klaverjas_gui.engine.reasons import Reason, english
from klaverjas_gui.engine.roem import roem_of

AMS = PRESETS["amsterdam"]


def act(state, *actions):
    for a in actions:
        state, _ = state.apply(parse_action(a) if isinstance(a, str) else a)
    return state


def test_same_seed_same_deal_and_dealer_different_seed_different_deal():
    a, b, c = new_match(AMS, 7), new_match(AMS, 7), new_match(AMS, 8)
    assert a.hands == b.hands and a.dealer == b.dealer
    assert a.hands != c.hands
    assert sum(h.bit_count() for h in a.hands) == 32
    assert all(h.bit_count() == 8 for h in a.hands)


@pytest.mark.parametrize(("pattern", "packets"), [("3-2-3", (3, 2, 3)), ("4-4", (4, 4))])
def test_deal_patterns_give_packets_clockwise_from_first_hand(pattern, packets):
    order = list(range(32))
    deal_rng(1, 1).shuffle(order)
    hands = deal_hands(deal_rng(1, 1), pattern, first_hand=2)
    pos = 0
    for packet in packets:
        for k in range(4):
            seat = (2 + k) % 4
            for idx in order[pos : pos + packet]:
                assert hands[seat] >> idx & 1
            pos += packet


def test_free_choice_first_hand_names_or_passes_then_clockwise():
    s = new_match(AMS, 1)
    fh = s.first_hand
    assert s.phase == "bidding" and s.to_move == fh
    assert PASS in s.legal_actions() and len(s.legal_actions()) == 5
    s, events = s.apply(PASS)
    assert s.to_move == (fh + 1) % 4
    s, events = s.apply(name("S"))
    assert s.trump_suit == "S" and s.chooser == (fh + 1) % 4
    assert TrumpChosen((fh + 1) % 4, name("S").suit, "named") in events
    assert s.phase == "play" and s.to_move == fh  # first hand leads, whoever chose


def test_free_choice_all_pass_first_hand_must_name():
    s = act(new_match(AMS, 1), PASS, PASS, PASS, PASS)
    assert s.to_move == s.first_hand and PASS not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="must name"):
        s.apply(PASS)
    s, events = s.apply(name("C"))
    assert events[0].how == "forced" and s.chooser == s.first_hand


def test_forced_first_hand_may_not_pass():
    s = new_match(PRESETS["utrecht"], 1)
    assert PASS not in s.legal_actions() and len(s.legal_actions()) == 4


def test_dealer_forced_after_three_passes():
    s = act(new_match(PRESETS["french"], 1), PASS, PASS, PASS)
    assert s.to_move == s.dealer and PASS not in s.legal_actions()


def test_proposed_take_or_pass_then_first_hand_names_another_suit():
    s = new_match(PRESETS["proposed"], 3)
    proposed = s.proposed.suit
    assert set(s.legal_actions()) == {TAKE, PASS}
    taken = act(s, PASS, TAKE)
    assert taken.trump_suit == proposed and taken.chooser == (s.first_hand + 1) % 4
    s = act(s, PASS, PASS, PASS, PASS)
    assert s.to_move == s.first_hand
    assert {a.suit for a in s.legal_actions()} == {x for x in "CDHS" if x != proposed}
    assert PASS not in s.legal_actions()


def test_two_rounds_second_round_then_redeal_by_the_same_dealer():
    s = new_match(PRESETS["two_rounds"], 3)
    dealer, hands, proposed = s.dealer, s.hands, s.proposed.suit
    s = act(s, PASS, PASS, PASS, PASS)
    assert s.bid_round == 2 and PASS in s.legal_actions()
    assert name(proposed) not in s.legal_actions()
    chosen = act(s, PASS, name(next(x for x in "CDHS" if x != proposed)))
    assert chosen.chooser == (s.first_hand + 1) % 4
    assert chosen.to_move == chosen.chooser  # two_rounds: the chooser leads
    s, events = act(s, PASS, PASS, PASS).apply(PASS)
    assert any(isinstance(e, Redealt) for e in events)
    assert s.dealer == dealer and s.deal_no == 1 and s.hands != hands and s.bid_round == 1


def test_kraak_rekraak_superkraak():
    s = new_match(PRESETS["kraken"], 5)
    s = act(s, name("H"))
    chooser = s.chooser
    assert s.phase == "kraak" and s.to_move % 2 != chooser % 2
    order = [(s.first_hand + k) % 4 for k in range(4)]
    assert s.to_move == next(seat for seat in order if seat % 2 != chooser % 2)
    s, events = s.apply(KRAAK_CALL)
    assert events == [KraakCalled(events[0].seat, 1)] and s.to_move % 2 == chooser % 2
    s = act(s, PASS)  # first chooser passes, partner may still rekraak
    assert s.phase == "kraak" and s.to_move % 2 == chooser % 2
    s = act(s, KRAAK_CALL)
    assert s.kraak_level == 2 and s.to_move % 2 != chooser % 2
    s = act(s, KRAAK_CALL)
    assert s.kraak_level == 3 and s.phase == "play"


def test_kraak_both_defenders_pass():
    s = act(new_match(PRESETS["kraken"], 5), name("H"), PASS, PASS)
    assert s.phase == "play" and s.kraak_level == 0


def play_out(state, rng, stop=lambda s, events: False):
    while not state.is_over:
        actions = state.legal_actions()
        state, events = state.apply(rng.choice(actions))
        if stop(state, events):
            break
    return state


def test_must_claim_asks_after_every_trick_and_a_missed_claim_is_lost():
    v = dataclasses.replace(AMS, match_length="deals:8")
    rng = random.Random(2)
    s = new_match(v, 11)
    asked, claimed_roem, missed_roem = 0, 0, 0
    while not s.is_over:
        if s.phase == "claim":
            asked += 1
            assert set(s.legal_actions()) == {CLAIM_ROEM, PASS}
            roem = roem_of(v, s.trump, s.tricks[-1][1])
            claim = asked % 2 == 0
            s, events = s.apply(CLAIM_ROEM if claim else PASS)
            if claim:
                claimed_roem += roem
            else:
                missed_roem += roem
                left = [e.roem for e in events if isinstance(e, RoemLeft)]
                assert left == ([roem] if roem else [])
        else:
            s, events = s.apply(rng.choice(s.legal_actions()))
    assert asked == 8 * 8
    assert claimed_roem > 0 and missed_roem > 0
    assert sum(sum(line.score.roem) for line in s.sheet) == claimed_roem


def test_claimed_roem_is_credited_on_the_score_sheet():
    v = dataclasses.replace(AMS, match_length="deals:1")
    for seed in range(200):
        rng = random.Random(seed)
        s = new_match(v, seed)
        credited = 0
        while not s.is_over:
            action = CLAIM_ROEM if s.phase == "claim" else rng.choice(s.legal_actions())
            s, events = s.apply(action)
            credited += sum(e.roem for e in events if isinstance(e, RoemClaimed))
        if credited:
            assert sum(s.sheet[0].score.roem) == credited
            return
    pytest.fail("no roem in 200 deals")


def test_automatic_roem_needs_no_claim_and_keep_or_leave_asks_only_with_roem():
    auto = dataclasses.replace(AMS, roem_claim="automatic", match_length="deals:3")
    s = play_out(new_match(auto, 1), random.Random(1), lambda s, e: s.phase == "claim")
    assert s.is_over
    keep = dataclasses.replace(AMS, roem_claim="keep_or_leave", match_length="deals:5")
    rng = random.Random(4)
    s = new_match(keep, 4)
    asked = 0
    while not s.is_over:
        if s.phase == "claim":
            asked += 1
            assert s.tricks[-1] and s.legal_actions() == (CLAIM_ROEM, PASS)
            assert roem_of(keep, s.trump, s.tricks[-1][1]) > 0
        s, _ = s.apply(rng.choice(s.legal_actions()))
    assert asked > 0


def test_opening_lead_first_hand_or_chooser():
    s = act(new_match(AMS, 1), PASS, name("S"))
    assert s.leader == s.first_hand
    v = dataclasses.replace(AMS, opening_lead="chooser")
    s = act(new_match(v, 1), PASS, name("S"))
    assert s.leader == s.chooser == (s.first_hand + 1) % 4


def test_every_refusal_is_a_reason_of_facts_and_its_english_follows_from_it():
    """Bidding refusals come as a key and facts (a Suit, a phase), like a card's, so any
    language can word them; explain is the English of that one Reason."""
    s = new_match(PRESETS["proposed"], 3)
    p = s.proposed.suit
    assert s.refusal(TAKE) is None and s.refusal(PASS) is None
    assert s.refusal(name("C")) == Reason("take_or_pass", {"suit": p})
    assert s.refusal(KRAAK_CALL) == Reason("not_now", {"action": "kraak", "wanted": "bidding"})
    assert s.explain(KRAAK_CALL) == "'kraak' is not possible now: a trump decision is expected."
    s = act(s, PASS, PASS, PASS, PASS)
    assert s.refusal(name(p)) == Reason("refused", {"suit": p})
    assert s.explain(name(p)) == f"{SUIT_NAMES[p].capitalize()} was refused: name another suit."
    assert s.refusal(PASS) == Reason("must_name", {})
    s = act(new_match(AMS, 1), name("H"))
    s = act(s, s.legal_actions()[0])  # seed 1: the second player must follow suit
    refused = 0
    for card in cards_of(s.hands[s.to_move]):
        reason = s.refusal(f"play {card}")
        assert (reason is None) == (parse_action(f"play {card}") in s.legal_actions())
        if reason is not None:
            refused += 1
            assert reason.key == "follow" and reason.values["suit"] == s.trick[0].suit
            assert s.explain(f"play {card}") == english(reason)
            with pytest.raises(IllegalActionError, match=re.escape(english(reason))):
                s.apply(f"play {card}")
    assert refused


def test_illegal_action_raises_with_explanation_and_leaves_the_state_unchanged():
    s = act(new_match(AMS, 1), name("H"))
    s = act(s, s.legal_actions()[0])
    before = s.to_json()
    hand = cards_of(s.hands[s.to_move])
    illegal = [c for c in hand if parse_action(f"play {c}") not in s.legal_actions()]
    assert illegal, "seed 1 puts a follow-suit obligation on the second player"
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"play {illegal[0]}")
    assert isinstance(e.value, ValueError) and "follow" in e.value.explanation
    assert s.to_json() == before
    with pytest.raises(IllegalActionError, match="do not hold"):
        s.apply(f"play {cards_of(s.hands[(s.to_move + 1) % 4])[0]}")


def test_dealer_passes_left_and_match_of_16_deals_ends():
    s = play_out(new_match(AMS, 3), random.Random(3))
    assert len(s.sheet) == 16 and s.phase == "match_over"
    dealers = [line.dealer for line in s.sheet]
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:], strict=False))
    assert s.totals == tuple(sum(line.score.scores[k] for line in s.sheet) for k in (0, 1))
    assert s.legal_actions() == () and s.explain(PASS) == "The match is over."


def test_points_match_ends_when_a_team_reaches_the_target():
    v = dataclasses.replace(AMS, match_length="points:500")
    s, events = new_match(v, 9), []
    rng = random.Random(9)
    while not s.is_over:
        s, events = s.apply(rng.choice(s.legal_actions()))
    assert max(s.totals) >= 500
    before = [sum(line.score.scores[k] for line in s.sheet[:-1]) for k in (0, 1)]
    assert max(before) < 500
    over = [e for e in events if isinstance(e, MatchOver)]
    assert over and over[0].winner == (0 if s.totals[0] > s.totals[1] else 1)


@pytest.mark.parametrize(
    ("length", "tie", "played", "totals", "expected"),
    [
        ("deals:16", "share", 15, (900, 800), (None, False)),
        ("deals:16", "share", 16, (900, 800), (0, True)),
        ("deals:16", "share", 16, (800, 800), (None, True)),
        ("deals:16", "extra_deal", 16, (800, 800), (None, False)),
        ("deals:16", "extra_deal", 17, (800, 900), (1, True)),
        ("points:1500", "share", 9, (1400, 1499), (None, False)),
        ("points:1500", "share", 9, (1500, 1499), (0, True)),
        ("points:1500", "share", 9, (1510, 1600), (1, True)),
        ("points:1500", "share", 9, (1600, 1600), (None, True)),
        ("points:1500", "extra_deal", 9, (1600, 1600), (None, False)),
    ],
)
def test_match_end_and_tie_rules(length, tie, played, totals, expected):
    v = Variant(match_length=length, match_tie=tie)
    assert match_result(v, played, totals) == expected


def test_observation_shows_only_the_seats_own_hand():
    s = act(new_match(AMS, 4), name("D"))
    obs = s.observation(2)
    assert set(obs.hand) == set(cards_of(s.hands[2]))
    assert obs.hand_sizes == (8, 8, 8, 8)
    text = repr(dataclasses.asdict(obs))
    for seat in (0, 1, 3):
        for card in cards_of(s.hands[seat]):
            assert repr(card) not in text
    assert obs.legal == (s.legal_actions() if s.to_move == 2 else ())


def test_json_round_trip_and_replay():
    s = play_out(new_match(PRESETS["kraken"], 6), random.Random(6), lambda s, e: len(s.sheet) == 3)
    text = s.to_json()
    back = MatchState.from_json(text)
    assert back == s and back.to_json() == text
    assert replay(s.variant, s.seed, s.actions) == s


def test_tampered_json_is_rejected_with_a_clear_error():
    s = play_out(new_match(AMS, 6), random.Random(6), lambda s, e: len(s.sheet) == 1)
    data = json.loads(s.to_json())
    data["state"]["totals"][0] += 100
    with pytest.raises(StateError, match="altered.*totals"):
        MatchState.from_dict(data)
    data = json.loads(s.to_json())
    data["actions"][5] = "play 7X"
    with pytest.raises(StateError, match="move 6"):
        MatchState.from_dict(data)
    data = json.loads(s.to_json())
    data["variant"]["must_ruff"] = "sometimes"
    with pytest.raises(StateError, match="must_ruff"):
        MatchState.from_dict(data)
    for bad in ["", "{", "[]", '{"format": "klaverjas.match", "version": 99}']:
        with pytest.raises(StateError):
            MatchState.from_json(bad)


def test_deal_scored_event_carries_the_score_sheet_line():
    s = new_match(dataclasses.replace(AMS, match_length="deals:1"), 2)
    rng = random.Random(2)
    last = []
    while not s.is_over:
        s, last = s.apply(rng.choice(s.legal_actions()))
    scored = next(e for e in last if isinstance(e, DealScored))
    line = scored.line.to_dict()
    assert set(line) >= {"deal", "dealer", "chooser", "trump", "kraak_level", "card_points",
                         "roem", "outcome", "scores"}  # fmt: skip
    assert sum(line["card_points"]) == 162


def test_a_stacked_first_deal_is_dealt_as_given_and_survives_json():
    from klaverjas_gui.engine.match import Stacked

    hands = ("JH 9H AH TH KH QH 8H 7H", "AC TC KC QC JC 9C 8C 7C",
             "AD TD KD QD JD 9D 8D 7D", "AS TS KS QS JS 9S 8S 7S")  # fmt: skip
    stacked = Stacked(dealer=3, hands=hands)
    s = new_match(AMS, 5, stacked)
    assert s.dealer == 3 and s.to_move == 0
    assert [" ".join(str(c) for c in s.hand(k)) for k in range(4)][1] == hands[1]
    s = act(s, name("H"), "play JH")
    back = MatchState.from_json(s.to_json())
    assert back == s and back.stacked == stacked
    with pytest.raises(ValueError, match="32"):
        new_match(AMS, 5, Stacked(0, ("JH", "", "", "")))


def test_bad_seats_and_dealers_are_clear_value_errors():
    from klaverjas_gui.engine.klabberjass import new_klabberjass
    from klaverjas_gui.engine.match import Stacked

    s = new_match(AMS, 4)
    for seat in (-1, 4):
        with pytest.raises(ValueError, match="seat is 0 to 3"):
            s.observation(seat)
    hands = ("JH 9H AH TH KH QH 8H 7H", "AC TC KC QC JC 9C 8C 7C",
             "AD TD KD QD JD 9D 8D 7D", "AS TS KS QS JS 9S 8S 7S")  # fmt: skip
    for dealer in (9, -1):
        with pytest.raises(ValueError, match="dealer seat 0 to 3"):
            new_match(AMS, 5, Stacked(dealer=dealer, hands=hands))
    game = new_klabberjass()
    with pytest.raises(ValueError, match="0 or 1"):
        game.observation(2)
