"""Cards, notation and values (RULES.md 1.1)."""

import subprocess
import sys

import pytest

from klaverjas_gui.engine import ALL_CARDS, Card, Suit, card_points, parse_card, parse_cards
from klaverjas_gui.engine.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    Rank,
    sort_hand,
)


def test_notation_round_trips_for_all_32_cards():
    assert len(ALL_CARDS) == 32 == len({str(c) for c in ALL_CARDS})
    for card in ALL_CARDS:
        assert parse_card(str(card)) is card


def test_ten_may_be_written_10_or_t_in_any_case():
    assert parse_card("10H") is parse_card("TH") is parse_card("th") is Card("T", "H")
    assert [str(c) for c in parse_cards("JH 9H, AC 10s")] == ["JH", "9H", "AC", "TS"]


@pytest.mark.parametrize("text", ["1X", "", "JX", "11H", "J", "HJ"])
def test_bad_card_text_raises_value_error_naming_the_text(text):
    with pytest.raises(ValueError, match=repr(text).replace("'", ".")):
        parse_card(text)


def test_rank_constants_are_the_rank_indices_of_the_cards():
    """The AI and the engine index and shift by these names: they must match the cards."""
    named = {
        SEVEN: "7",
        EIGHT: "8",
        NINE: "9",
        TEN: "T",
        JACK: "J",
        QUEEN: "Q",
        KING: "K",
        ACE: "A",
    }
    assert len(named) == 8
    for index, rank in named.items():
        assert Rank(rank).index == index == parse_card(rank + "S").rank_index


def test_card_points_total_152_whatever_the_trump():
    for trump in Suit:
        assert sum(card_points(c, trump) for c in ALL_CARDS) == 152
    assert card_points(parse_card("JH"), "H") == 20
    assert card_points(parse_card("9H"), Suit.H) == 14
    assert card_points(parse_card("JC"), "H") == 2
    assert card_points(parse_card("TC"), "H") == 10


def test_hand_sorted_with_trump_first_and_colours_alternating():
    hand = sort_hand(parse_cards("7H JH 9H AC TC 8S 7D AD"), "H")
    assert [str(c) for c in hand] == ["JH", "9H", "7H", "AC", "TC", "AD", "7D", "8S"]


def test_importing_the_engine_does_not_import_pygame():
    code = "import sys, klaverjas_gui.engine; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
