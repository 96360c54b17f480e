"""Two-player Klabberjass (RULES.md 2): every worked rule as a table or a stacked deal."""

import dataclasses
import json
import random

import pytest

from klaverjas_gui.engine import (
    KLABBERJASS_PRESETS,
    IllegalActionError,
    KlabberjassStacked,
    KlabberjassState,
    KlabberjassVariant,
    StateError,
    VariantError,
    describe_klabberjass_deal,
    klabberjass_explain_illegal,
    klabberjass_legal_cards,
    klabberjass_preset_name,
    new_klabberjass,
    parse_card,
    parse_cards,
    parse_klabberjass_action,
    replay_klabberjass,
    score_klabberjass_deal,
)
from klaverjas_gui.engine.cards import ACE, ALL_CARDS, TEN, Suit, cards_of
from klaverjas_gui.engine.deal import deal_rng
from klaverjas_gui.engine.klabberjass import (
    ACCEPT,
    DECLARE_CALL,
    DIX_CALL,
    PASS,
    REFUSE,
    SCHMEISS_CALL,
    TAKE,
    BellaDeclared,
    DixMade,
    SchmeissAnswered,
    Schmeissed,
    SequenceDeclared,
    SequencesShown,
    StockDealt,
    name,
    play,
)
from klaverjas_gui.engine.klabberjass_rules import (
    best_sequence,
    game_result,
    sequence_value,
    sequence_winner,
    sequences_in,
    sequences_points,
    settle_klabberjass,
)
from klaverjas_gui.engine.match import (
    DealScored,
    DealStarted,
    MatchOver,
    Passed,
    Redealt,
    TrickWon,
    TrumpChosen,
)
from klaverjas_gui.engine.reasons import Reason

KJ = KLABBERJASS_PRESETS["klabberjass"]
CLOB = KLABBERJASS_PRESETS["clob"]


def act(state, *actions):
    events = []
    for a in actions:
        state, events = state.apply(a)
    return state, events


def cards(state, seat):
    return {str(c) for c in cards_of(state.hands[seat])}


def stacked(nd6, d6, turned, nd3, d3, dealer=0):
    """Dealer `dealer`; the non-dealer gets nd6 then nd3 from the stock, the dealer d6 then d3."""
    hands = (d6, nd6) if dealer == 0 else (nd6, d6)
    return KlabberjassStacked(dealer, hands, turned, f"{nd3} {d3}")


# Dealer 0; non-dealer 1 holds the 7 of hearts and 8-9-10-J of clubs; the dealer holds
# 10-J-Q-K-A of spades and the king and queen of hearts (bella). The ace of hearts is turned.
DEAL_A = stacked("7H 8C 9C TC QD KD", "KH QH 7S AS KS QS", "AH", "JC 8S 9S", "JS TS 7D")


# --- the variant ---
def test_variant_defaults_presets_and_validation():
    assert (KJ.target, KJ.clob) == (500, False)
    assert CLOB.clob and CLOB.target == 500
    assert KLABBERJASS_PRESETS["bela"].target == 100
    assert set(KLABBERJASS_PRESETS) == {"klabberjass", "clob", "bela"}
    for target in (500, 250, 1000, 100):
        assert KlabberjassVariant(target=target).target == target
    with pytest.raises(VariantError, match="target cannot be 300; allowed: 500, 250, 1000, 100"):
        KlabberjassVariant(target=300)
    with pytest.raises(VariantError, match="allowed: on, off"):
        KlabberjassVariant(clob="sometimes")
    with pytest.raises(VariantError, match="unknown Klabberjass option 'kraken'.*target, clob"):
        KlabberjassVariant(kraken=True)
    with pytest.raises(VariantError):
        KlabberjassVariant(target=True)
    assert KlabberjassVariant(clob="on") == CLOB
    v = dataclasses.replace(KJ, target=1000)
    assert v.target == 1000 and klabberjass_preset_name(v) == "custom"
    assert klabberjass_preset_name(KlabberjassVariant(target=100)) == "bela"
    assert KlabberjassVariant.from_dict(CLOB.to_dict()) == CLOB
    assert CLOB.to_dict() == {"target": 500, "clob": True, "declarations": "klabberjass"}
    # a variant stored before the option existed loads with Klabberjass declarations
    assert KlabberjassVariant.from_dict({"target": 500, "clob": True}) == CLOB
    assert KJ.declarations == "klabberjass"
    assert all(p.declarations == "klabberjass" for p in KLABBERJASS_PRESETS.values())
    belote = KlabberjassVariant(declarations="belote")
    assert klabberjass_preset_name(belote) == "custom"
    assert KlabberjassVariant.from_dict(belote.to_dict()) == belote
    with pytest.raises(VariantError, match="cannot be 'bridge'; allowed: klabberjass, belote"):
        KlabberjassVariant(declarations="bridge")


# --- dealing ---
def test_deal_six_each_in_packets_of_three_non_dealer_first_then_turned_card_and_stock():
    s = new_klabberjass(KJ, 5)
    order = list(ALL_CARDS)
    deal_rng(5, 1, 0).shuffle(order)
    nd, dl = s.non_dealer, s.dealer
    assert s.to_move == nd and s.phase == "bidding" and s.bid_round == 1
    assert cards_of(s.hands[nd]) == sorted(order[0:3] + order[6:9])
    assert cards_of(s.hands[dl]) == sorted(order[3:6] + order[9:12])
    assert s.turned is order[12] and s.proposed is order[12]
    assert s.stock == tuple(order[13:]) and len(s.stock) == 19
    assert new_klabberjass(KJ, 5).hands == s.hands
    assert new_klabberjass(KJ, 6).hands != s.hands


def test_first_dealer_is_random_from_the_seed_and_alternates_each_deal():
    dealers = {new_klabberjass(KJ, seed).dealer for seed in range(20)}
    assert dealers == {0, 1}
    s = new_klabberjass(KJ, 11)
    rng = random.Random(11)
    while len(s.sheet) < 4:
        s, _ = s.apply(rng.choice(s.legal_actions()))
    d = [line.dealer for line in s.sheet]
    assert d == [d[0], 1 - d[0], d[0], 1 - d[0]]


def test_after_trump_three_more_each_and_the_turned_card_stays_face_up():
    s, events = act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)
    assert cards(s, 1) == {"7H", "8C", "9C", "TC", "QD", "KD", "JC", "8S", "9S"}
    assert cards(s, 0) == {"KH", "QH", "7S", "AS", "KS", "QS", "JS", "TS", "7D"}
    assert str(s.turned) == "AH" and len(s.stock) == 13
    assert StockDealt(1, 3) in events
    assert s.observation(0).stock_size == 13 and s.observation(0).hand_sizes == (9, 9)


# --- bidding ---
def test_round_one_take_by_non_dealer():
    s = new_klabberjass(KJ, stacked=DEAL_A)
    assert s.legal_actions() == (TAKE, PASS, SCHMEISS_CALL) and s.to_move == 1
    s, events = act(s, TAKE)
    assert TrumpChosen(1, parse_card("AH").suit, "took") in events
    assert (s.maker, s.trump_suit, s.phase) == (1, "H", "dix")


def test_round_one_dealer_takes_after_a_pass():
    s, events = act(new_klabberjass(KJ, stacked=DEAL_A), PASS, TAKE)
    assert (s.maker, s.trump_suit, s.how) == (0, "H", "took")


def test_round_two_names_another_suit_only():
    s, _ = act(new_klabberjass(KJ, stacked=DEAL_A), PASS, PASS)
    assert s.bid_round == 2 and s.to_move == 1
    assert s.legal_actions() == (name("C"), name("D"), name("S"), PASS, SCHMEISS_CALL)
    assert "refused" in s.explain(name("H")) and "refused" in s.explain(TAKE)
    s2, events = act(s, name("C"))
    assert (s2.maker, s2.trump_suit, s2.how) == (1, "C", "named")
    s3, _ = act(s, PASS, name("D"))
    assert (s3.maker, s3.trump_suit) == (0, "D")
    first = new_klabberjass(KJ, stacked=DEAL_A)
    assert "second round" in first.explain(name("C"))
    facts = {"suit": Suit.H, "symbol": "♥"}  # a Reason holds facts; words come later
    assert first.refusal(name("C")) == Reason("kj_first_round", facts)
    assert s.refusal(TAKE) == Reason("kj_refused", facts)


def test_both_pass_twice_the_same_dealer_redeals():
    s = new_klabberjass(KJ, 3)
    dealer, hands = s.dealer, s.hands
    s, events = act(s, PASS, PASS, PASS, PASS)
    assert Redealt(1, dealer) in events and isinstance(events[-1], DealStarted)
    assert (s.deal_no, s.attempt, s.dealer, s.phase, s.bid_round) == (1, 1, dealer, "bidding", 1)
    assert s.hands != hands and s.sheet == () and s.totals == (0, 0)
    order = list(ALL_CARDS)
    deal_rng(3, 1, 1).shuffle(order)
    assert s.turned is order[12]


# --- schmeiss ---
@pytest.mark.parametrize("round_two", [False, True])
def test_schmeiss_refused_the_schmeisser_plays_the_proposed_suit(round_two):
    s = new_klabberjass(KJ, stacked=DEAL_A)
    if round_two:
        s, _ = act(s, PASS, PASS)
    s, events = act(s, SCHMEISS_CALL)
    assert events == [Schmeissed(1)] and s.phase == "schmeiss" and s.to_move == 0
    assert s.legal_actions() == (ACCEPT, REFUSE)
    assert "accept" in s.explain(PASS)
    assert s.observation(0).schmeisser == 1
    s, events = act(s, REFUSE)
    assert events[0] == SchmeissAnswered(0, False)
    assert TrumpChosen(1, parse_card("AH").suit, "schmeiss") in events
    assert (s.maker, s.trump_suit, s.how, s.phase) == (1, "H", "schmeiss", "dix")


def test_schmeiss_accepted_voids_the_deal_and_the_same_dealer_redeals():
    s, events = act(new_klabberjass(KJ, stacked=DEAL_A), PASS, SCHMEISS_CALL)
    assert events == [Schmeissed(0)] and s.to_move == 1  # the dealer's schmeiss
    s, events = act(s, ACCEPT)
    assert events[:2] == [SchmeissAnswered(1, True), Redealt(1, 0)]
    assert (s.deal_no, s.attempt, s.dealer, s.phase, s.to_move) == (1, 1, 0, "bidding", 1)
    assert s.sheet == () and s.totals == (0, 0)


def test_clob_a_schmeiss_is_always_accepted_without_asking():
    s, events = act(new_klabberjass(CLOB, stacked=DEAL_A), SCHMEISS_CALL)
    assert events[:2] == [Schmeissed(1), Redealt(1, 0)]
    assert (s.phase, s.attempt, s.dealer, s.to_move) == ("bidding", 1, 0, 1)


# --- dix ---
def test_dix_the_holder_of_the_seven_of_trump_exchanges_it_for_the_turned_card():
    s, _ = act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)
    assert s.phase == "dix" and s.to_move == 1  # non-dealer first
    assert s.legal_actions() == (DIX_CALL, PASS)
    s, events = act(s, DIX_CALL)
    assert events == [DixMade(1, parse_card("7H"), parse_card("AH"))]
    assert "AH" in cards(s, 1) and "7H" not in cards(s, 1) and str(s.turned) == "7H"
    assert s.observation(0).dix == 1 and str(s.observation(0).turned) == "7H"
    assert s.to_move == 0 and s.legal_actions() == (PASS,)  # asked all the same
    assert "7 of trump" in s.explain(DIX_CALL)
    s, events = act(s, PASS)
    assert events == [Passed(0, "dix")] and s.phase == "declare"


def test_dix_both_players_are_asked_even_without_the_seven():
    # the non-dealer holds no 7 of trump, the dealer the 7H: both are asked
    deal = stacked("7C 8C QC KC AD 9D", "7H 8H TH JH QD KD", "9H", "8D AC 9S", "TS JS QS")
    s, _ = act(new_klabberjass(KJ, stacked=deal), PASS, TAKE)
    assert s.to_move == 1 and s.legal_actions() == (PASS,)
    s, _ = act(s, PASS)
    assert s.to_move == 0 and s.legal_actions() == (DIX_CALL, PASS)
    s, events = act(s, DIX_CALL)
    assert events == [DixMade(0, parse_card("7H"), parse_card("9H"))]
    assert "9H" in cards(s, 0) and s.phase == "declare"


def test_no_dix_when_a_suit_named_in_round_two_leaves_the_turned_card_plain():
    """RULES.md 2: the dix exists only when trump is the turned card's suit. Diamonds
    named in round two: the dealer's 7D may not be exchanged for the turned 9H."""
    deal = stacked("7C 8C QC KC AD 9D", "7D 8H TH JH QH KH", "9H", "8D AC 9S", "TS JS QS")
    s, _ = act(new_klabberjass(KJ, stacked=deal), PASS, PASS, name("D"))
    assert s.phase == "dix" and s.legal_actions() == (PASS,)  # still asked: old games replay
    s, _ = act(s, PASS)
    assert s.to_move == 0 and "7D" in cards(s, 0) and s.legal_actions() == (PASS,)
    assert s.refusal(DIX_CALL) == Reason("kj_no_dix", {"card": "9♥", "trump": Suit.D})
    assert "no dix" in s.explain(DIX_CALL)
    with pytest.raises(IllegalActionError):
        s.apply(DIX_CALL)
    s, _ = act(s, PASS)
    assert s.phase == "declare" and str(s.turned) == "9H" and s.dix == -1


def test_dix_after_a_refused_schmeiss_in_round_two():
    """A refused schmeiss makes the turned card's suit trump, in either round: dix."""
    deal = stacked("7C 8C QC KC AD 9D", "7H 8H TH JH QD KD", "9H", "8D AC 9S", "TS JS QS")
    s, _ = act(new_klabberjass(KJ, stacked=deal), PASS, PASS, SCHMEISS_CALL, REFUSE)
    assert (s.trump_suit, s.how, s.phase) == ("H", "schmeiss", "dix")
    s, _ = act(s, PASS)
    assert s.legal_actions() == (DIX_CALL, PASS)


def test_dix_pass_keeps_the_seven():
    s, _ = act(new_klabberjass(KJ, stacked=DEAL_A), TAKE, PASS, PASS)
    assert "7H" in cards(s, 1) and str(s.turned) == "AH" and s.dix == -1


# --- declarations ---
@pytest.mark.parametrize(
    ("hand", "expected", "points"),
    [
        ("7C 8C 9C", ["7C 8C 9C"], 20),
        ("TD JD QD KD", ["TD JD QD KD"], 50),
        ("7S 8S 9S TS JS", ["7S 8S 9S TS JS"], 100),
        ("7H 8H 9H TH JH QH KH AH", ["7H 8H 9H TH JH QH KH AH"], 100),
        ("7C 8C 9C JC QC KC", ["7C 8C 9C", "JC QC KC"], 40),
        ("7C 8C TC JC", [], 0),  # gaps break a sequence
        ("QD KD AD 7H 8H 9H TH", ["QD KD AD", "7H 8H 9H TH"], 70),
        ("9C TC JC 9D TD JD 9H TH JH", ["9C TC JC", "9D TD JD", "9H TH JH"], 60),
    ],
)
def test_sequences_in_natural_order(hand, expected, points):
    found = [" ".join(map(str, seq)) for seq in sequences_in(parse_cards(hand))]
    assert found == expected
    assert sequences_points(parse_cards(hand)) == points


def test_sequence_values():
    assert [sequence_value(n) for n in range(2, 9)] == [0, 20, 50, 100, 100, 100, 100]


@pytest.mark.parametrize(
    ("non_dealer", "dealer", "winner"),
    [
        ("9C TC JC QC", "QD KD AD", "non_dealer"),  # longer wins
        ("QD KD AD", "9C TC JC QC", "dealer"),
        ("7S 8S 9S", "8H 9H TH", "dealer"),  # equal length: higher top card
        ("8H 9H TH", "7S 8S 9S", "non_dealer"),
        ("JC QC KC", "JD QD KD", "non_dealer"),  # still equal: the non-dealer
        ("7C 8C 9C TC JC", "8D 9D TD JD QD", "dealer"),  # both 100: the higher top
        ("", "7C 8C 9C", "dealer"),
        ("7C 8C 9C", "", "non_dealer"),
        ("", "", None),
    ],
)
def test_declaration_comparison(non_dealer, dealer, winner):
    nd = best_sequence(parse_cards(non_dealer))
    dl = best_sequence(parse_cards(dealer))
    assert sequence_winner(nd, dl) == winner


def test_best_sequence_is_the_longest_then_the_highest():
    best = best_sequence(parse_cards("7C 8C 9C TC JD QD KD AD QS KS AS"))
    assert " ".join(map(str, best)) == "JD QD KD AD"
    best = best_sequence(parse_cards("7C 8C 9C QS KS AS"))
    assert " ".join(map(str, best)) == "QS KS AS"
    assert best_sequence(parse_cards("7C 9C JC")) is None


def to_declare(state):
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    return state


def test_dealer_beats_the_declared_sequence_and_scores_all_his_sequences():
    s = to_declare(act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)[0])
    assert s.phase == "declare" and s.to_move == 1
    assert s.legal_actions() == (DECLARE_CALL, PASS)
    s, events = act(s, DECLARE_CALL)
    assert events == [SequenceDeclared(1, 4, parse_card("JC").rank)]  # length and top only
    obs = s.observation(0)
    assert obs.declared == ((1, 4, parse_card("JC").rank),)
    assert "8C" not in repr(obs) and "TC" not in repr(obs)  # the suit is not revealed
    assert s.legal_actions() == (DECLARE_CALL, PASS)  # 5 to the ace beats 4 to the jack
    s, events = act(s, DECLARE_CALL)
    assert events[0] == SequenceDeclared(0, 5, parse_card("AS").rank)
    shown = parse_cards("TS JS QS KS AS")
    assert events[1] == SequencesShown(0, (tuple(shown),), 100)
    assert s.declarations == (100, 0) and s.phase == "play" and s.to_move == 1
    assert s.observation(1).shown == ((0, (tuple(shown),)),)
    loser_view = repr(dataclasses.asdict(s.observation(0)))
    assert not any(repr(c) in loser_view for c in parse_cards("8C 9C TC JC"))  # never shown


def test_dealer_who_cannot_beat_must_pass_and_the_non_dealer_scores_all_his():
    deal = stacked("7C 8C 9C JD QD KD", "8S 9S TS 7H 8H AH", "AC", "AD 7S QS", "JH 9H KS")
    s = to_declare(act(new_klabberjass(KJ, stacked=deal), TAKE)[0])
    s, _ = act(s, DECLARE_CALL)  # non-dealer: 4 to the ace (JD QD KD AD), and 7C 8C 9C
    assert s.legal_actions() == (PASS,)  # dealer: 8S 9S TS and 7H 8H 9H, only 3 each
    assert "does not beat" in s.explain(DECLARE_CALL)
    assert s.refusal(DECLARE_CALL) == Reason("kj_beaten", {"mine": (3, TEN), "theirs": (4, ACE)})
    assert s.explain(DECLARE_CALL) == (  # the words an English player reads on the table
        "Your best sequence (a sequence of 3 to the 10) does not beat the one declared "
        "(a sequence of 4 to the ace); a tie goes to the non-dealer: pass."
    )
    s, events = act(s, PASS)
    assert events[0] == Passed(0, "declare")
    assert events[1] == SequencesShown(
        1, (tuple(parse_cards("7C 8C 9C")), tuple(parse_cards("JD QD KD AD"))), 70
    )
    assert s.declarations == (0, 70)


def test_a_complete_tie_goes_to_the_non_dealer():
    deal = stacked("JC QC KC 7D 9S AH", "JD QD KD 8C TS 8H", "7H", "7S 8S TH", "9D JS QS")
    s = to_declare(act(new_klabberjass(KJ, stacked=deal), TAKE)[0])
    s, events = act(s, DECLARE_CALL)
    assert events == [SequenceDeclared(1, 3, parse_card("KC").rank)]
    assert s.legal_actions() == (PASS,)  # JD QD KD only ties
    s, events = act(s, PASS)
    assert s.declarations == (0, 40)  # JC QC KC and 7S 8S 9S: he scores all his sequences


def test_non_dealer_may_stay_silent_and_the_dealer_then_declares_any_sequence():
    s = to_declare(act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)[0])
    s, events = act(s, PASS)
    assert events == [Passed(1, "declare")]
    assert s.legal_actions() == (DECLARE_CALL, PASS)
    s, _ = act(s, DECLARE_CALL)
    assert s.declarations == (100, 0)
    s2 = to_declare(act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)[0])
    s2, events = act(s2, PASS, PASS)
    assert s2.declarations == (0, 0) and s2.shown == () and s2.phase == "play"


def test_a_player_without_a_sequence_can_only_pass():
    deal = stacked("7C 9C JC 7D 9D JD", "8C TC QC 8D TD QD", "AH", "KC KD 7S", "AC AD 8S")
    s = to_declare(act(new_klabberjass(KJ, stacked=deal), TAKE)[0])
    assert s.legal_actions() == (PASS,)
    assert "no sequence" in s.explain(DECLARE_CALL)


# --- bella ---
def play_until(state, card):
    """Play legal cards (the first legal one) until `card` can be played, then play it."""
    c = parse_card(card)
    while True:
        legal = state.legal_actions()
        if play(c) in legal:
            return state.apply(play(c))
        state, _ = state.apply(legal[0])


def test_bella_announced_with_the_first_of_king_and_queen_of_trump():
    s = to_declare(act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)[0])
    s, _ = act(s, PASS, PASS)
    s, events = play_until(s, "QH")
    assert BellaDeclared(0, parse_card("QH"), 20) in events
    assert s.bella == (20, 0) and s.observation(1).bella == (20, 0)
    s, events = play_until(s, "KH")
    assert not any(isinstance(e, BellaDeclared) for e in events)
    while s.deal_no == 1:
        s, events = s.apply(s.legal_actions()[0])
    assert s.sheet[0].score.bella == (20, 0)


def test_no_bella_when_king_and_queen_of_trump_are_split():
    deal = stacked("KH 8C 9C TC QD KD", "QH 7H 7S AS KS QS", "AH", "JC 8S 9S", "JS TS 7D")
    s = to_declare(act(new_klabberjass(KJ, stacked=deal), TAKE)[0])
    s, _ = act(s, PASS, PASS)
    while s.deal_no == 1:
        s, events = s.apply(s.legal_actions()[-1])
        assert not any(isinstance(e, BellaDeclared) for e in events)
    assert s.sheet[0].score.bella == (0, 0)


def test_bella_through_the_dix():
    # hearts trump; the non-dealer holds 7H and QH, the turned card is KH
    deal = stacked("7H QH 9C TC QD KD", "8H AH 7S AS KS QS", "KH", "JC 8S 9S", "JS TS 7D")
    s, _ = act(new_klabberjass(KJ, stacked=deal), TAKE, DIX_CALL, PASS, PASS, PASS)
    bellas = []
    while s.deal_no == 1:
        s, events = s.apply(s.legal_actions()[0])
        bellas += [e for e in events if isinstance(e, BellaDeclared)]
    assert len(bellas) == 1 and bellas[0].seat == 1
    assert s.sheet[0].score.bella == (0, 20)


# --- play: follow, trump, overtrump ---
PLAY_CASES = [
    ("QH 7D AC", "", "QH 7D AC"),  # leading: anything
    ("7C QH 7D", "AC", "7C"),  # follow suit
    ("7C 8C QH", "AC", "7C 8C"),
    ("QH 7D", "AC", "QH"),  # cannot follow: trump
    ("QH 7H 7D", "AC", "QH 7H"),  # any trump when no trump is in the trick
    ("7D 8S", "AC", "7D 8S"),  # neither: anything
    ("JH 7H AC", "9H", "JH"),  # trump led: overtrump when you can
    ("AH 7H AC", "9H", "AH 7H"),  # cannot overtrump: any trump
    ("AC 7D", "JH", "AC 7D"),  # trump led, no trump: anything
    ("QH 7D", "AC 8H", "QH"),  # (longer trick) trump in the trick: overtrump
    ("QH 7H 7D", "AC 8H", "QH"),  # not with the lower 7H
    ("QH 7D", "AC JH", "QH"),  # cannot overtrump: still trump
    ("QH 7D 8C", "AC JH", "8C"),  # can follow: follow
]


@pytest.mark.parametrize(("hand", "trick", "expected"), PLAY_CASES)
def test_play_obligation(hand, trick, expected):
    got = klabberjass_legal_cards("H", parse_cards(hand), parse_cards(trick))
    assert {str(c) for c in got} == set(expected.split())


@pytest.mark.parametrize(
    ("hand", "trick", "card", "words"),
    [
        ("7C QH 7D", "AC", "QH", "Clubs ♣ were led: you must follow suit (you hold 7♣)."),
        (
            "QH 7D",
            "AC",
            "7D",
            "You cannot follow ♣ and your opponent is winning with A♣: you must trump "
            "(you hold Q♥).",
        ),
        (
            "JH 7H AC",
            "9H",
            "7H",
            "Trumps were led and 9♥ is the highest so far: you must play a higher trump "
            "(you hold J♥).",
        ),
        ("QH 7D", "AC", "QH", None),
        ("QH 7D", "AC", "AS", "You do not hold A♠."),
    ],
)
def test_play_explanations(hand, trick, card, words):
    h, t = parse_cards(hand), parse_cards(trick)
    assert klabberjass_explain_illegal("H", h, t, parse_card(card)) == words


def test_non_dealer_leads_the_first_trick():
    for dealer in (0, 1):
        deal = stacked("7H 8C 9C TC QD KD", "KH QH 7S AS KS QS", "AH", "JC 8S 9S", "JS TS 7D",
                       dealer=dealer)  # fmt: skip
        s = to_declare(act(new_klabberjass(KJ, stacked=deal), TAKE)[0])
        s, events = act(s, PASS, PASS)
        assert s.phase == "play" and s.leader == s.to_move == 1 - dealer


def test_illegal_card_raises_with_the_rule_and_leaves_the_state_unchanged():
    s = to_declare(act(new_klabberjass(KJ, stacked=DEAL_A), TAKE)[0])
    s, _ = act(s, PASS, PASS, play("8C"))
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply(play("7D"))
    assert "must trump" in e.value.explanation and isinstance(e.value, ValueError)
    assert s.to_json() == before
    with pytest.raises(IllegalActionError, match="do not hold"):
        s.apply(play("8S"))
    assert s.legal_actions() == (play("QH"), play("KH"))
    s, events = act(s, play("QH"))
    assert TrickWon(0, 0, tuple(parse_cards("8C QH")), 3, 0) in events
    assert s.leader == s.to_move == 0


@pytest.mark.parametrize(
    ("phase_actions", "bad"),
    [
        ((), name("C")),
        ((), DIX_CALL),
        ((PASS, PASS), TAKE),
        ((SCHMEISS_CALL,), PASS),
        ((TAKE,), TAKE),
        ((TAKE, PASS), DIX_CALL),
        ((TAKE, PASS, PASS), play("7H")),
    ],
)
def test_illegal_actions_in_every_phase_raise_and_change_nothing(phase_actions, bad):
    s, _ = act(new_klabberjass(KJ, stacked=DEAL_A), *phase_actions)
    before = s.to_json()
    assert s.explain(bad)
    with pytest.raises(IllegalActionError):
        s.apply(bad)
    assert s.to_json() == before


# --- the deal score and the maker's bet ---
@pytest.mark.parametrize(
    ("maker", "points", "decl", "bella", "scores", "outcome"),
    [
        (0, (90, 72), (0, 0), (0, 0), (90, 72), "made"),
        (0, (81, 81), (0, 0), (0, 0), (0, 162), "nat"),  # a tie is not enough
        (1, (81, 81), (0, 0), (0, 0), (162, 0), "nat"),
        (0, (60, 102), (40, 0), (0, 0), (0, 202), "nat"),
        (0, (60, 102), (40, 0), (20, 0), (120, 102), "made"),  # bonuses count for the bet
        (1, (100, 62), (0, 20), (0, 0), (182, 0), "nat"),
        (1, (50, 30), (0, 0), (0, 0), (80, 0), "nat"),  # only 18 cards are played
    ],
)
def test_makers_bet(maker, points, decl, bella, scores, outcome):
    s = settle_klabberjass(maker, points, decl, bella)
    assert s.scores == scores and s.outcome == outcome
    assert s.totals == tuple(points[k] + decl[k] + bella[k] for k in (0, 1))
    assert describe_klabberjass_deal(s).startswith("Maker")


def test_score_nine_tricks_last_trick_ten():
    tricks = [(0, parse_cards("AC 7C")), (0, parse_cards("TC 8C")), (0, parse_cards("KC 9C")),
              (0, parse_cards("QC JC")), (0, parse_cards("AD 7D")), (0, parse_cards("TD 8D")),
              (0, parse_cards("KD 9D")), (0, parse_cards("QD JD")),
              (0, parse_cards("7S JH"))]  # fmt: skip
    s = score_klabberjass_deal("H", 0, tricks)
    assert s.tricks_won == (8, 1) and s.card_points == (60, 30)
    assert s.outcome == "made" and s.scores == (60, 30)
    with pytest.raises(ValueError):
        score_klabberjass_deal("H", 0, tricks[:8])


# --- the end of the game ---
@pytest.mark.parametrize(
    ("target", "totals", "expected"),
    [
        (500, (499, 300), (None, False)),
        (500, (500, 300), (0, True)),
        (500, (300, 501), (1, True)),
        (500, (510, 520), (1, True)),  # both pass it: the higher total wins
        (500, (520, 520), (None, False)),  # a tie: another deal
        (100, (99, 99), (None, False)),
        (100, (130, 100), (0, True)),
    ],
)
def test_game_result(target, totals, expected):
    assert game_result(target, totals) == expected


def finish_deal(state, rng):
    n = len(state.sheet)
    events = []
    while len(state.sheet) == n:
        state, events = state.apply(rng.choice(state.legal_actions()))
    return state, events


def test_a_game_of_bela_ends_at_100_and_the_first_to_the_target_wins():
    s, rng = new_klabberjass(KLABBERJASS_PRESETS["bela"], 8), random.Random(8)
    while not s.is_over:
        s, events = finish_deal(s, rng)
    over = [e for e in events if isinstance(e, MatchOver)]
    assert over and over[0].winner == s.winner and s.phase == "game_over"
    assert s.totals[s.winner] >= 100 and s.totals[s.winner] > s.totals[1 - s.winner]
    before = [sum(line.score.scores[k] for line in s.sheet[:-1]) for k in (0, 1)]
    assert max(before) < 100 or before[0] == before[1]
    assert s.legal_actions() == () and s.explain(PASS) == "The game is over."


def test_a_tie_past_the_target_is_broken_by_another_deal():
    s, rng = new_klabberjass(KJ, 4), random.Random(4)
    while True:  # the last card of the first deal
        nxt, events = s.apply(s.legal_actions()[0])
        if any(isinstance(e, DealScored) for e in events):
            break
        s = nxt
    scored = next(e for e in events if isinstance(e, DealScored)).line.score.scores
    rigged = s._copy()
    rigged._set(totals=(600 - scored[0], 600 - scored[1]))
    after, events = rigged.apply(rigged.legal_actions()[0])
    assert after.totals == (600, 600) and not after.is_over
    assert not any(isinstance(e, MatchOver) for e in events)
    assert after.phase == "bidding" and after.deal_no == 2
    after, events = finish_deal(after, rng)
    assert after.is_over == (after.totals[0] != after.totals[1])


# --- observation, text forms, JSON ---
def test_observation_holds_only_what_the_seat_may_know():
    s, _ = act(new_klabberjass(KJ, 12), TAKE)
    for seat in (0, 1):
        obs = s.observation(seat)
        assert set(obs.hand) == set(cards_of(s.hands[seat]))
        text = repr(dataclasses.asdict(obs))
        hidden = set(cards_of(s.hands[1 - seat])) | set(s.stock)
        for card in hidden:
            assert repr(card) not in text
        assert obs.legal == (s.legal_actions() if s.to_move == seat else ())
        assert obs.stock_size == 13 and obs.turned is s.turned


def test_action_text_forms():
    for text in ("take", "pass", "schmeiss", "accept", "refuse", "dix", "declare", "name H",
                 "play JH"):  # fmt: skip
        assert str(parse_klabberjass_action(text)) == text
    for bad in ("kraak", "claim", "play", "name X", "bella"):
        with pytest.raises(ValueError):
            parse_klabberjass_action(bad)


def test_json_round_trip_and_replay():
    s, rng = new_klabberjass(KJ, 6), random.Random(6)
    for _ in range(2):
        s, _ = finish_deal(s, rng)
    for _ in range(7):
        s, _ = s.apply(rng.choice(s.legal_actions()))
    text = s.to_json()
    back = KlabberjassState.from_json(text)
    assert back == s and back.to_json() == text
    assert replay_klabberjass(s.variant, s.seed, s.actions) == s
    assert json.loads(text)["format"] == "klabberjass.game"


def test_stacked_deal_round_trip_then_random_deals():
    s, _ = act(new_klabberjass(KJ, 2, stacked=DEAL_A), TAKE, DIX_CALL)
    back = KlabberjassState.from_json(s.to_json())
    assert back == s and cards(back, 1) == cards(s, 1)
    s, _ = finish_deal(s, random.Random(1))
    order = list(ALL_CARDS)
    deal_rng(2, 2, 0).shuffle(order)
    assert s.turned is order[12] and s.dealer == 1


def test_bad_stacked_deals_are_refused():
    with pytest.raises(ValueError, match="twice"):
        new_klabberjass(KJ, stacked=stacked("7H 8C 9C TC QD KD", "7H QH 7S AS KS QS", "AH",
                                            "", ""))  # fmt: skip
    with pytest.raises(ValueError, match="6 cards"):
        new_klabberjass(KJ, stacked=KlabberjassStacked(0, ("7H", "8H"), "AH"))


def test_tampered_json_is_rejected_with_a_clear_error():
    s, _ = finish_deal(new_klabberjass(KJ, 6), random.Random(6))
    data = json.loads(s.to_json())
    data["state"]["totals"][0] += 100
    with pytest.raises(StateError, match="altered.*totals"):
        KlabberjassState.from_dict(data)
    data = json.loads(s.to_json())
    data["state"]["stock"].reverse()
    with pytest.raises(StateError, match="altered.*stock"):
        KlabberjassState.from_dict(data)
    data = json.loads(s.to_json())
    data["actions"][0] = "play 7X"
    with pytest.raises(StateError, match="move 1"):
        KlabberjassState.from_dict(data)
    data = json.loads(s.to_json())
    data["variant"]["target"] = 300
    with pytest.raises(StateError, match="target"):
        KlabberjassState.from_dict(data)
    data = json.loads(s.to_json())
    data["stacked"] = {"dealer": 0, "hands": ["7H"], "turned": "AH"}
    with pytest.raises(StateError, match="stacked"):
        KlabberjassState.from_dict(data)
    for bad in ["", "{", "[]", '{"format": "klabberjass.game", "version": 99}',
                '{"format": "klaverjas.match", "version": 1}',
                '{"format": "klabberjass.game", "version": 1, "seed": 1, "actions": [],'
                ' "variant": 5}']:  # fmt: skip
        with pytest.raises(StateError):
            KlabberjassState.from_json(bad)


def test_deal_scored_event_carries_the_score_sheet_line():
    s, events = finish_deal(new_klabberjass(KJ, 2), random.Random(2))
    line = next(e for e in events if isinstance(e, DealScored)).line
    d = line.to_dict()
    assert set(d) >= {"deal", "dealer", "maker", "trump", "card_points", "declarations",
                      "bella", "outcome", "scores"}  # fmt: skip
    assert d["maker"] == d["chooser"] and d["outcome"] in ("made", "nat")
    assert sum(d["tricks_won"]) == 9


def test_bela_to_100_says_one_deal_can_end_it_and_one_can():
    """The Bela preset's descriptions say one deal can end the game (issue 36 item 9),
    and it is true: a whole Bela game that ends with its first scored deal."""
    from klaverjas_gui.i18n import tr

    for key in ("ui.kj_note_bela", "ui.kj_preset_bela", "klabber.note_target"):
        assert "one deal can end it" in tr(key), key
    bela = KLABBERJASS_PRESETS["bela"]
    for seed in range(40):
        state = new_klabberjass(bela, seed)
        while not state.is_over and len(state.sheet) < 1:
            state, _ = state.apply(state.legal_actions()[0])
        if state.is_over:
            assert len(state.sheet) == 1 and max(state.totals) >= 100
            return
    pytest.fail("no Bela game of 40 ended with its first deal")
