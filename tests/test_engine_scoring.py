"""Roem (RULES.md 1.6), pit (1.7), deal scores (1.8) and the kraken burden (1.4)."""

import dataclasses

import pytest

from klaverjas_gui.engine import PRESETS, describe_deal, parse_cards, score_deal, trick_roem
from klaverjas_gui.engine.roem import roem_items
from klaverjas_gui.engine.scoring import settle

AMS = PRESETS["amsterdam"]


@pytest.mark.parametrize(
    ("trick", "trump", "roem"),
    [
        ("7C 8C 9C AD", "H", 20),
        ("9C 7C AD 8C", "H", 20),  # order in the trick does not matter
        ("7C 8C 9C TC", "H", 50),
        ("JD QD KD AD", "H", 50),
        ("TH JH QH 7S", "S", 20),  # sequence in natural order: T J Q
        ("9C TC JC 7D", "H", 20),
        ("8C 9C JC QC", "H", 0),  # gap
        ("KH QH 7C 8D", "H", 20),  # stuk
        ("KH QH 7C 8D", "C", 0),  # K Q of a plain suit: nothing
        ("KH QH JH 7C", "H", 40),  # sequence of 3 with stuk
        ("KH QH JH AH", "H", 70),  # sequence of 4 with stuk
        ("TH JH QH KH", "H", 70),
        ("AC AD AH AS", "H", 100),
        ("JC JD JH JS", "H", 200),
        ("9C 9D 9H 9S", "H", 0),
        ("7C 7D 7H 7S", "H", 0),
        ("TC TD TH TS", "H", 100),
        ("AC KD QH JS", "H", 0),
    ],
)
def test_trick_roem_amsterdam(trick, trump, roem):
    assert trick_roem(AMS, trump, parse_cards(trick)) == roem


@pytest.mark.parametrize(
    ("carre_values", "expected"),
    [
        ("amsterdam", {"7": 0, "8": 0, "9": 0, "T": 100, "J": 200, "Q": 100, "K": 100, "A": 100}),
        ("all_100_jacks_200", {r: 200 if r == "J" else 100 for r in "789TJQKA"}),
        ("all_100", {r: 100 for r in "789TJQKA"}),
    ],
)
def test_four_of_a_kind_tables(carre_values, expected):
    v = dataclasses.replace(AMS, carre_values=carre_values)
    for rank, value in expected.items():
        assert trick_roem(v, "S", parse_cards(" ".join(rank + s for s in "CDHS"))) == value


def test_roem_disabled_counts_nothing():
    v = dataclasses.replace(AMS, roem_enabled=False)
    assert trick_roem(v, "H", parse_cards("KH QH JH AH")) == 0


def test_roem_items_name_what_was_found():
    t = parse_cards("KH QH JH 7C")
    assert roem_items(AMS, 2, t) == [("sequence of 3", 20), ("stuk", 20)]


# Hearts trump; a full deal of 32 distinct cards, points counted by hand.
DEAL = [
    (0, "JH 7C 8C 9C"),  # seat 0 wins: 20; roem 7-8-9 = 20 (team 0)
    (0, "9H TC KC QC"),  # seat 0: 14 + 10 + 4 + 3 = 31
    (0, "AH AC JC 7S"),  # seat 0: 11 + 11 + 2 = 24
    (0, "TH 8S 9S TS"),  # seat 0: 10 + 10 = 20; roem 8-9-10 = 20 (team 0)
    (1, "AS KS QS JS"),  # seat 1: 11 + 4 + 3 + 2 = 20; roem J-Q-K-A = 50 (team 1)
    (1, "AD TD KD QD"),  # seat 1: 11 + 10 + 4 + 3 = 28; roem Q-K-A = 20 (team 1)
    (1, "JD 9D 8D 7D"),  # seat 1: 2; roem 7-8-9 = 20 (team 1)
    (1, "KH QH 8H 7H"),  # seat 1: 4 + 3 + 10 last trick = 17; stuk 20 (team 1)
]
TRICKS = [(lead, parse_cards(cards)) for lead, cards in DEAL]


def test_score_deal_counts_card_points_roem_and_last_trick():
    assert len({c for _, cards in TRICKS for c in cards}) == 32
    s = score_deal(AMS, "H", 1, TRICKS)
    assert s.card_points == (95, 67) and sum(s.card_points) == 162
    assert s.roem == (40, 110) and s.tricks_won == (4, 4)
    assert (s.outcome, s.scores) == ("made", (135, 177))
    s = score_deal(AMS, "H", 0, TRICKS)
    assert (s.outcome, s.scores) == ("nat", (0, 162 + 150))


def test_only_claimed_roem_counts():
    s = score_deal(AMS, "H", 0, TRICKS, claimed={0, 4})
    assert s.roem == (20, 50)
    assert (s.outcome, s.scores) == ("nat", (0, 162 + 70))
    s = score_deal(AMS, "H", 0, TRICKS, claimed=set())
    assert (s.outcome, s.scores) == ("made", (95, 67))


def test_worked_example_nat_82_against_80_plus_20_roem():
    s = settle(AMS, 0, (82, 80), (0, 20), (5, 3))
    assert (s.outcome, s.scores) == ("nat", (0, 182))
    assert describe_deal(s) == "Choosers 82, defence 80 + 20 roem: nat, the defence scores 182."


@pytest.mark.parametrize(("roem", "bar"), [(0, 82), (40, 102), (60, 112), (100, 132)])
def test_roem_moves_the_bar(roem, bar):
    made = settle(AMS, 0, (bar, 162 - bar), (0, roem), (4, 4))
    assert made.outcome == "made" and made.scores == (bar, 162 - bar + roem)
    failed = settle(AMS, 0, (bar - 1, 163 - bar), (0, roem), (4, 4))
    assert failed.outcome == "nat" and failed.scores == (0, 162 + roem)


def test_nat_gives_the_defence_the_roem_of_both_teams():
    s = settle(AMS, 1, (92, 70), (20, 20), (5, 3))
    assert (s.outcome, s.scores) == ("nat", (202, 0))


def test_tie_is_nat_or_litige():
    assert settle(AMS, 0, (81, 81), (0, 0), (4, 4)).scores == (0, 162)
    litige = settle(dataclasses.replace(AMS, tie="litige"), 0, (81, 81), (0, 0), (4, 4))
    assert (litige.outcome, litige.scores) == ("litige", (0, 81))
    assert "litige" in describe_deal(litige)


def test_pit_bonus_and_defence_pit():
    s = settle(AMS, 0, (162, 0), (40, 0), (8, 0))
    assert (s.outcome, s.pit_team, s.scores) == ("pit", 0, (302, 0))
    assert settle(PRESETS["french"], 0, (162, 0), (0, 0), (8, 0)).scores == (250, 0)
    s = settle(AMS, 0, (0, 162), (0, 0), (0, 8))
    assert (s.outcome, s.pit_team, s.scores) == ("nat", 1, (0, 262))
    no_def = settle(dataclasses.replace(AMS, defence_pit=False), 0, (0, 162), (0, 0), (0, 8))
    assert no_def.scores == (0, 162)


KRAKEN = PRESETS["kraken"]


def test_kraak_puts_the_burden_on_the_defence_and_doubles_card_points():
    s = settle(KRAKEN, 0, (100, 62), (0, 0), (5, 3), kraak_level=1)
    assert (s.burden_team, s.multiplier, s.outcome, s.scores) == (1, 2, "nat", (324, 0))
    s = settle(KRAKEN, 0, (60, 102), (0, 0), (3, 5), kraak_level=1)
    assert (s.outcome, s.scores) == ("made", (120, 204))


def test_rekraak_and_superkraak():
    s = settle(KRAKEN, 0, (90, 72), (0, 0), (5, 3), kraak_level=2)
    assert (s.burden_team, s.outcome, s.scores) == (0, "made", (360, 288))
    s = settle(KRAKEN, 0, (80, 82), (0, 0), (4, 4), kraak_level=2)
    assert (s.outcome, s.scores) == ("nat", (0, 648))
    s = settle(KRAKEN, 0, (80, 82), (0, 0), (4, 4), kraak_level=3)
    assert (s.burden_team, s.multiplier, s.outcome, s.scores) == (1, 8, "made", (640, 656))


def test_kraken_roem_is_doubled_only_by_option():
    s = settle(KRAKEN, 0, (100, 62), (0, 100), (5, 3), kraak_level=1)
    assert s.scores == (200, 224)
    doubled = dataclasses.replace(KRAKEN, kraken_doubles_roem=True)
    assert settle(doubled, 0, (100, 62), (0, 100), (5, 3), kraak_level=1).scores == (200, 324)


def test_score_deal_rejects_an_incomplete_deal():
    with pytest.raises(ValueError):
        score_deal(AMS, "H", 0, TRICKS[:7])


def test_score_deal_rejects_bad_input_with_a_clear_value_error():
    same = [(0, TRICKS[0][1])] * 8  # the same four cards eight times
    with pytest.raises(ValueError, match="32 different cards"):
        score_deal(AMS, "H", 0, same)
    with pytest.raises(ValueError, match="leader"):
        score_deal(AMS, "H", 0, [(4, cards) for _, cards in TRICKS])
    for level in (-1, 4, 1.5, True):
        with pytest.raises(ValueError, match="kraak level"):
            score_deal(AMS, "H", 0, TRICKS, kraak_level=level)
    for team in (2, -1, None):
        with pytest.raises(ValueError, match="chooser team"):
            score_deal(AMS, "H", team, TRICKS)
    with pytest.raises(ValueError, match="chooser team"):
        settle(AMS, 2, (82, 80), (0, 0), (4, 4))


def test_litige_after_kraak_names_the_kraak_team_as_scoring_0():
    v = dataclasses.replace(KRAKEN, tie="litige")
    s = settle(v, 0, (81, 81), (0, 0), (4, 4), kraak_level=1)  # the defence (team 1) kraakt
    assert (s.outcome, s.burden_team, s.scores) == ("litige", 1, (162, 0))
    text = describe_deal(s)
    assert text.endswith(" own 162, the kraak team 0.")
    assert "choosers" not in text
