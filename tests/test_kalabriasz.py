"""Three-player Klaverjas (Kalabriasz, RULES.md 3): the deal, the bidding, the talon, the
play duties with the defenders as partners, the fixed contract, the match, and what each
seat may see."""

import pytest

from klaverjas_gui.engine.cards import parse_card, parse_cards
from klaverjas_gui.engine.kalabriasz import (
    LAY_HIDDEN,
    AllPassed,
    CardLaidAway,
    KalabriaszDealScored,
    KalabriaszMatchOver,
    KalabriaszStacked,
    KalabriaszState,
    TalonTaken,
    lay,
    new_kalabriasz,
    parse_action,
    redact,
    replay,
)
from klaverjas_gui.engine.kalabriasz_rules import (
    KALABRIASZ_PRESETS,
    KalabriaszVariant,
    describe_kalabriasz_deal,
    kalabriasz_preset_name,
    match_result,
    settle_kalabriasz,
)
from klaverjas_gui.engine.match import PASS, name, play
from klaverjas_gui.engine.state import IllegalActionError, StateError
from klaverjas_gui.engine.variant import VariantError

# Dealer 2, so seat 0 is first hand. Hearts for trump; seat 2 has no clubs.
HANDS = (
    "AC KC QC JC 7H AD KD QD AS KS",
    "7C 8C 9C TC JH 9H AH TH KH 8H",
    "QH 7D 8D 9D TD JD QS JS TS 9S",
)
TALON = "8S 7S"


def stacked(hands=HANDS, talon=TALON, dealer=2):
    return KalabriaszStacked(dealer, hands, talon)


def run(state, *actions):
    for a in actions:
        state, _ = state.apply(a)
    return state


def cards(actions):
    return {a.card for a in actions}


# --- the contract (RULES.md 3) ---
def test_the_rule_books_example_is_made():
    # hearts trump, no roem: the maker 86 in tricks + 10 for the last trick + 7 laid away
    score = settle_kalabriasz(0, (86 + 10, 35, 24), laid_away=7)
    assert score.totals == (103, 35, 24) and sum(score.totals) == 162
    assert score.outcome == "made" and score.scores == (103, 35, 24)
    assert describe_kalabriasz_deal(score) == (
        "Maker (seat 0) 96 + 7 laid away, defenders 35 and 24: made, 103 / 35 / 24."
    )


def test_exactly_half_fails_and_the_defenders_share_the_makers_points():
    score = settle_kalabriasz(1, (50, 74, 31), laid_away=7)  # the maker 81 of 162
    assert score.totals == (50, 81, 31) and score.outcome == "nat"
    # half of 81 is 40 each, the odd point to the defender with more (seat 0)
    assert score.scores == (50 + 41, 0, 31 + 40)
    assert sum(score.scores) == 162


def test_the_odd_point_between_equal_defenders_goes_to_the_first_after_the_maker():
    score = settle_kalabriasz(2, (40, 40, 75), laid_away=0, roem=(0, 0, 0))
    assert score.outcome == "nat" and score.scores == (40 + 38, 40 + 37, 0)


def test_roem_counts_towards_the_contract():
    made = settle_kalabriasz(0, (90, 40, 32))
    assert made.outcome == "made"
    failed = settle_kalabriasz(0, (90, 40, 32), roem=(0, 20, 0))  # 90 of 182 is not more than half
    assert failed.outcome == "nat" and failed.scores == (0, 60 + 45, 32 + 45)


# --- dealing and bidding ---
def test_a_stacked_deal_is_dealt_four_talon_three_three():
    s = new_kalabriasz(stacked=stacked())
    assert s.first_hand == 0 and s.to_move == 0 and s.phase == "bidding"
    for seat in range(3):
        assert set(s.hand(seat)) == set(parse_cards(HANDS[seat]))
    assert set(s.talon) == set(parse_cards(TALON))
    assert stacked().order()[12:14] == parse_cards(TALON)
    assert stacked().order()[:4] == parse_cards(HANDS[0])[:4]


def test_a_random_deal_gives_ten_each_and_a_talon_of_two():
    s = new_kalabriasz(seed=5)
    assert [len(s.hand(k)) for k in range(3)] == [10, 10, 10] and len(s.talon) == 2
    every = [c for k in range(3) for c in s.hand(k)] + list(s.talon)
    assert len(set(every)) == 32
    assert new_kalabriasz(seed=5).to_json() == s.to_json()


def test_all_pass_voids_the_deal_and_the_next_seat_deals():
    s = new_kalabriasz(stacked=stacked())
    s = run(s, "pass", "pass")
    s, events = s.apply(PASS)
    assert AllPassed(1, 2) in events
    line = s.sheet[0]
    assert line.maker == -1 and line.score.outcome == "void" and line.score.scores == (0, 0, 0)
    assert s.deal_no == 2 and s.dealer == 0 and s.to_move == 1 and s.phase == "bidding"


def test_the_first_to_name_is_maker_and_takes_the_talon():
    s = run(new_kalabriasz(stacked=stacked()), "pass")
    s, events = s.apply(name("H"))
    assert s.maker == 1 and s.trump_suit == "H" and s.phase == "talon" and s.to_move == 1
    assert TalonTaken(1, tuple(parse_cards(TALON))) in events
    assert len(s.hand(1)) == 12
    assert cards(s.legal_actions()) == set(parse_cards(HANDS[1] + " " + TALON))


def test_laying_away_two_cards_starts_play_with_first_hand():
    s = run(new_kalabriasz(stacked=stacked()), "pass", "name H", "lay 8S")
    assert s.phase == "talon" and len(s.hand(1)) == 11
    s, events = s.apply(lay("7S"))
    assert s.phase == "play" and s.to_move == 0 and s.leader == 0
    assert s.laid_away == tuple(parse_cards("8S 7S")) and len(s.hand(1)) == 10
    assert CardLaidAway(1, parse_card("7S")) in events


def test_refusals_say_why():
    s = run(new_kalabriasz(stacked=stacked()), "pass", "name H")
    with pytest.raises(IllegalActionError, match="a card to lay away"):
        s.apply("play 7C")
    assert s.refusal("lay QH").key == "not_held"
    with pytest.raises(IllegalActionError, match="a trump decision"):
        new_kalabriasz(stacked=stacked()).apply("lay 7S")


# --- play duties: the two defenders are partners (RULES.md 1.5) ---
def _after_lead(variant, maker, lead="AC"):
    """Seat 0 leads `lead` after `maker` named hearts and laid the talon (8S 7S) away."""
    bids = ["pass"] * maker + ["name H"]
    return run(
        new_kalabriasz(variant, stacked=stacked()), *bids, "lay 8S", "lay 7S", f"play {lead}"
    )


def test_a_defender_whose_partner_is_winning_may_discard_under_amsterdam():
    s = _after_lead(KalabriaszVariant(), maker=1)
    s = run(s, "play 7C")  # the maker follows low; seat 2 has no clubs, seat 0 is winning
    assert s.to_move == 2 and parse_card("7D") in cards(s.legal_actions())
    rotterdam = run(_after_lead(KALABRIASZ_PRESETS["kalabriasz_rotterdam"], maker=1), "play 7C")
    assert cards(rotterdam.legal_actions()) == {parse_card("QH")}
    assert "even though your partner is winning" in rotterdam.explain("play 7D")


def test_a_defender_must_overtrump_the_maker():
    hands = (
        "AC KC QC JC TC 9C 8C 7C AD KD",
        "JH 9H AH TH KH 8H 7H AS KS QD",
        HANDS[2],
    )  # only seat 0 has clubs
    s = run(new_kalabriasz(stacked=stacked(hands)), "pass", "name H", "lay 8S", "lay 7S",
            "play AC")  # fmt: skip
    assert cards(s.legal_actions()) == set(parse_cards("JH 9H AH TH KH 8H 7H"))  # must trump
    s = run(s, "play 8H")
    assert cards(s.legal_actions()) == {parse_card("QH")}
    assert "An opponent is winning with 8♥" in s.explain("play 7D")


def test_second_hand_is_partner_of_the_leader_when_the_maker_sits_third():
    hands = (HANDS[0], HANDS[2], HANDS[1])  # seat 1 has no clubs, seat 2 will be the maker
    s = run(new_kalabriasz(stacked=stacked(hands)), "pass", "pass", "name H", "lay 8S",
            "lay 7S", "play AC")  # fmt: skip
    assert s.to_move == 1 and cards(s.legal_actions()) == set(parse_cards(HANDS[2]))
    rot = run(new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz_rotterdam"], stacked=stacked(hands)),
              "pass", "pass", "name H", "lay 8S", "lay 7S", "play AC")  # fmt: skip
    assert cards(rot.legal_actions()) == {parse_card("QH")}


def test_a_defender_must_trump_the_makers_lead():
    s = run(_after_lead(KalabriaszVariant(), maker=0), "play 7C")  # the maker's AC wins
    assert s.to_move == 2 and cards(s.legal_actions()) == {parse_card("QH")}


def test_the_maker_has_no_partner_and_must_trump():
    hands = (HANDS[0], HANDS[2], HANDS[1])  # seat 1, the maker now, has no clubs
    s = run(new_kalabriasz(stacked=stacked(hands)), "pass", "name H", "lay 8S", "lay 7S",
            "play AC")  # fmt: skip
    assert s.to_move == 1 and cards(s.legal_actions()) == {parse_card("QH")}
    assert "an opponent is winning with A♣" in s.explain("play 7D")


# --- a whole deal ---
def test_a_maker_who_takes_every_trick_scores_pit():
    hands = (
        "JH 9H AH TH KH QH 8H 7H AC AD",
        "7C 8C 9C TC JC QC KC 7D 8D 9D",
        "TD JD QD KD 7S 8S 9S TS JS QS",
    )
    s = run(new_kalabriasz(stacked=stacked(hands, talon="AS KS")), "name H", "lay AS", "lay KS")
    for lead in parse_cards("JH 9H AH TH KH QH 8H 7H AC AD"):
        s = run(s, play(lead))
        for _ in range(2):
            s = run(s, s.legal_actions()[0])
    score = s.sheet[0].score
    assert score.outcome == "pit" and score.tricks_won == (10, 0, 0) and score.pit == (100, 0, 0)
    assert score.laid_away == 15 and score.card_points[0] == 162 - 15
    assert score.scores == (162 + score.roem[0] + 100, 0, 0)
    assert s.deal_no == 2 and s.dealer == 0


def test_a_match_of_twelve_deals_ends_and_shares_a_tie_at_the_top():
    v = KalabriaszVariant()
    assert match_result(v, 11, (900, 10, 20)) == ((), False)
    assert match_result(v, 12, (500, 500, 300)) == ((0, 1), True)
    points = KalabriaszVariant(match_length="points:1000")
    assert match_result(points, 3, (999, 0, 0)) == ((), False)
    assert match_result(points, 3, (1001, 1020, 0)) == ((1,), True)


def test_twelve_void_deals_end_the_match_shared_by_all():
    s = new_kalabriasz(seed=1)
    for _ in range(12 * 3 - 1):
        s = run(s, "pass")
    s, events = s.apply(PASS)
    assert s.is_over and s.winners == (0, 1, 2) and s.winner is None and len(s.sheet) == 12
    assert KalabriaszMatchOver((0, 1, 2), (0, 0, 0)) in events
    assert [line.dealer for line in s.sheet] == [(s.sheet[0].dealer + k) % 3 for k in range(12)]
    assert s.refusal("pass").key == "game_over"


# --- what each seat may see ---
def test_the_talon_and_the_cards_laid_away_are_the_makers_alone():
    s = run(new_kalabriasz(stacked=stacked()), "pass", "name H")
    s, events = s.apply("lay 8S")
    for seat in (0, 2):
        seen = s.observation(seat)
        assert seen.talon == () and seen.laid_away == () and seen.laid_away_count == 1
        assert (1, LAY_HIDDEN) in seen.deal_log and str(LAY_HIDDEN) == "lay"
        assert redact(events[0], seat) == CardLaidAway(1, None)
        assert set(seen.hand) == set(parse_cards(HANDS[seat])) and seen.legal == ()
    mine = s.observation(1)
    assert mine.talon == tuple(parse_cards(TALON)) and mine.laid_away == (parse_card("8S"),)
    assert (1, lay("8S")) in mine.deal_log and len(mine.legal) == 11
    assert redact(TalonTaken(1, mine.talon), 0) == TalonTaken(1, ())
    assert redact(events[0], 1) == events[0]
    with pytest.raises(ValueError):
        s.observation(3)


# --- actions, options, saving ---
def test_actions_read_and_write_the_same():
    for text in ("pass", "name H", "lay 7C", "play JH"):
        assert str(parse_action(text)) == text
    with pytest.raises(ValueError):
        parse_action("take")


def test_options_and_presets():
    assert kalabriasz_preset_name(KalabriaszVariant()) == "kalabriasz"
    assert kalabriasz_preset_name(KalabriaszVariant(must_ruff="always")) == "custom"
    v = KalabriaszVariant(must_overtrump="off", pit_bonus=50)
    assert v.must_overtrump is False and KalabriaszVariant.from_dict(v.to_dict()) == v
    for bad in ({"kraken": True}, {"must_ruff": "sometimes"}, {"pit_bonus": -1},
                {"match_length": "deals:0"}):  # fmt: skip
        with pytest.raises(VariantError):
            KalabriaszVariant(**bad)


def test_a_saved_match_replays_and_an_altered_one_is_refused():
    s = run(new_kalabriasz(stacked=stacked()), "pass", "name H", "lay 8S", "lay 7S", "play AC")
    again = KalabriaszState.from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()
    assert replay(s.variant, s.seed, s.actions, s.stacked) == s
    data = s.to_dict()
    data["state"]["laid_away"] = ["AS", "7S"]
    with pytest.raises(StateError, match="laid_away"):
        KalabriaszState.from_dict(data)


def test_a_deal_scored_event_carries_the_line_and_totals():
    s = new_kalabriasz(seed=3)
    events = []
    while not s.sheet:
        s, events = s.apply(s.legal_actions()[0])  # first hand names clubs, then any card
    scored = [e for e in events if isinstance(e, KalabriaszDealScored)]
    assert scored and scored[0].line == s.sheet[0] and scored[0].totals == s.totals
    line = s.sheet[0].to_dict()
    assert line["outcome"] in ("made", "nat", "pit") and line["trump"] == "C"
    assert line["scores"] == list(s.totals) and sum(s.totals) == sum(line["totals"])
