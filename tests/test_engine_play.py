"""Play obligations (RULES.md 1.5): every option value, with hearts as trump."""

import dataclasses

import pytest

from klaverjas_gui.engine import (
    PRESETS,
    explain_illegal,
    legal_cards,
    parse_card,
    parse_cards,
    trick_winner,
)

AMS = PRESETS["amsterdam"]
ROT = PRESETS["rotterdam"]
NEVER = dataclasses.replace(AMS, must_ruff="never")
NO_OVER = dataclasses.replace(AMS, must_overtrump=False)
AMS_FORCED = dataclasses.replace(AMS, undertrump="forced")
ALWAYS_FORBIDDEN = dataclasses.replace(AMS, must_ruff="always")
NEVER_FORCED = dataclasses.replace(NEVER, undertrump="forced")
NEVER_NO_OVER = dataclasses.replace(NEVER, must_overtrump=False)
NO_OVER_FORCED = dataclasses.replace(NO_OVER, undertrump="forced")


def legal(variant, hand, trick):
    return {str(c) for c in legal_cards(variant, "H", parse_cards(hand), parse_cards(trick))}


# (variant, hand, trick, expected legal cards); the player to move sits after the trick.
CASES = [
    # leading: anything
    (AMS, "QH 7D AC", "", "QH 7D AC"),
    # follow suit, even when the partner is winning
    (AMS, "7C QH 7D", "AC", "7C"),
    (ROT, "8C QH", "AC 7C", "8C"),
    (NEVER, "8C QH", "AC 7C", "8C"),
    # trump led: overtrump when you can, even over your partner
    (AMS, "JH 7H AC", "9H", "JH"),
    (AMS, "JH 7H AC", "9H 8H", "JH"),
    (NO_OVER, "JH 7H AC", "9H 8H", "JH 7H"),
    (AMS, "9H 7H AC", "JH", "9H 7H"),
    (AMS, "AC 7D", "JH", "AC 7D"),
    # RULES.md 1.5 worked example: A leads AC, B plays 7C, C holds QH and 7D
    (AMS, "QH 7D", "AC 7C", "QH 7D"),
    (AMS, "QH 7D", "AC 8H", "QH"),
    (ROT, "QH 7D", "AC 7C", "QH"),
    (ROT, "QH 7D", "AC 8H", "QH"),
    # cannot follow, an opponent is winning
    (AMS, "QH 7D", "AC", "QH"),
    (ROT, "QH 7D", "AC", "QH"),
    (NEVER, "QH 7D", "AC", "QH 7D"),
    (NEVER, "QH 7D", "AC 8H", "QH 7D"),
    (AMS, "QH 7H 7D", "AC 8H", "QH"),
    (NO_OVER, "QH 7H 7D", "AC 8H", "QH 7H"),
    # cannot beat the trump in the trick: undertrump forbidden / forced
    (AMS, "QH 7D", "AC JH", "7D"),
    (AMS_FORCED, "QH 7D", "AC JH", "QH"),
    (ROT, "QH 7D", "AC JH", "QH"),
    (AMS, "QH 7H", "AC JH", "QH 7H"),
    # partner winning with a trump (trick: opponent, partner, opponent)
    (AMS, "JH 8H 7D", "7C 9H 8C", "JH 7D"),
    (AMS_FORCED, "JH 8H 7D", "7C 9H 8C", "JH 7D"),  # 1.5: beat it when you can
    (AMS_FORCED, "8H 7D", "7C 9H 8C", "8H 7D"),  # cannot beat: forced allows the lower
    (ALWAYS_FORBIDDEN, "JH 8H 7D", "7C 9H 8C", "JH"),
    (ALWAYS_FORBIDDEN, "8H 7D", "7C 9H 8C", "7D"),
    (ROT, "8H 7D", "7C 9H 8C", "8H"),
    (AMS, "8H 7H", "7C 9H 8C", "8H 7H"),
    (NEVER, "JH 8H 7D", "7C 9H 8C", "JH 7D"),
    # RULES.md 1.5, must_ruff=never: a voluntary trump follows the partner-winning rule
    (NEVER, "QH 7H 7D", "AC 8H", "QH 7D"),
    (NEVER, "9H 7D", "AC JH", "7D"),
    (NEVER, "9H 7H", "AC JH", "9H 7H"),
    (NEVER, "QH 7H 7D", "AC", "QH 7H 7D"),
    (NEVER_FORCED, "QH 7H 7D", "AC 8H", "QH 7D"),
    (NEVER_FORCED, "9H 7D", "AC JH", "9H 7D"),
    (NEVER_NO_OVER, "QH 7H 7D", "AC 8H", "QH 7H 7D"),
    # RULES.md 1.5, must_overtrump=off: a lower trump is never banned
    (NO_OVER, "JH 8H 7D", "7C 9H 8C", "JH 8H 7D"),
    (NO_OVER, "8H 7D", "7C 9H 8C", "8H 7D"),
    (NO_OVER, "8H 7D", "AC 9H", "8H"),
    (NO_OVER_FORCED, "QH 7H 7D", "AC 8H", "QH 7H"),
    # no trump in hand: anything
    (AMS, "7D 8S", "AC", "7D 8S"),
    (ROT, "7D 8S", "AC JH", "7D 8S"),
]


@pytest.mark.parametrize(("variant", "hand", "trick", "expected"), CASES)
def test_legal_cards(variant, hand, trick, expected):
    assert legal(variant, hand, trick) == set(expected.split())


@pytest.mark.parametrize(("variant", "hand", "trick", "expected"), CASES)
def test_explanation_exactly_for_the_illegal_cards(variant, hand, trick, expected):
    allowed = set(expected.split())
    for card in parse_cards(hand):
        why = explain_illegal(variant, "H", parse_cards(hand), parse_cards(trick), card)
        if str(card) in allowed:
            assert why is None
        else:
            assert why and len(why) > 20


def explain(variant, hand, trick, card):
    return explain_illegal(variant, "H", parse_cards(hand), parse_cards(trick), parse_card(card))


def test_explanations_name_the_obligation_and_the_cards():
    assert explain(AMS, "QH 7D", "AC 8H", "7D") == (
        "An opponent is winning with 8♥: you must overtrump (you hold Q♥)."
    )
    assert "follow suit" in explain(AMS, "7C QH 7D", "AC", "QH")
    assert "7♣" in explain(AMS, "7C QH 7D", "AC", "QH")
    why = explain(ROT, "QH 7D", "AC 7C", "7D")
    assert "partner" in why and "must trump" in why and "Q♥" in why
    why = explain(AMS, "QH 7D", "AC", "7D")
    assert "opponent is winning with A♣" in why and "must trump" in why
    why = explain(AMS, "QH 7D", "AC JH", "QH")
    assert "undertrump" in why and "J♥" in why and "Q♥" in why
    why = explain(ROT, "QH 7D", "AC JH", "7D")
    assert "must still play a trump" in why
    why = explain(AMS, "JH 7H AC", "9H 8H", "7H")
    assert "higher trump" in why and "9♥" in why and "J♥" in why
    why = explain(AMS, "JH 8H 7D", "7C 9H 8C", "8H")
    assert "partner is winning" in why and "undertrump" in why
    why = explain(NEVER, "QH 7H 7D", "AC 8H", "7H")
    assert "need not trump" in why and "8♥" in why and "7♥" in why
    assert "partner" not in why
    assert explain(AMS, "QH", "", "AS") == "You do not hold A♠."


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("AC 7C TC KC", 0),
        ("7C AC TC KC", 1),
        ("AC 7H TC KC", 1),
        ("AC 7H 9H JH", 3),
        ("7C AD AS AH", 3),
        ("7C AD AS 8C", 3),
        ("9H JH AH TH", 1),
    ],
)
def test_trick_winner(trick, winner):
    assert trick_winner("H", parse_cards(trick)) == winner
