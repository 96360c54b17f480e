"""Variant options and presets (RULES.md 1.11)."""

import dataclasses

import pytest

from klaverjas_gui.engine import PRESETS, Variant, VariantError, preset_name
from klaverjas_gui.engine.variant import CHOICES


def test_seven_presets_with_the_table_of_rules_1_11():
    assert set(PRESETS) == {
        "amsterdam", "rotterdam", "utrecht", "kraken", "proposed", "two_rounds", "french"
    }  # fmt: skip
    rows = {
        "amsterdam": ("free", "opponent", "forbidden", "amsterdam", "must_claim"),
        "rotterdam": ("free", "always", "forced", "amsterdam", "must_claim"),
        "utrecht": ("forced_first", "opponent", "forbidden", "amsterdam", "must_claim"),
        "kraken": ("forced_first", "opponent", "forbidden", "amsterdam", "must_claim"),
        "proposed": ("proposed", "opponent", "forbidden", "all_100_jacks_200", "keep_or_leave"),
        "two_rounds": ("two_rounds", "opponent", "forbidden", "amsterdam", "automatic"),
        "french": ("dealer_forced", "opponent", "forbidden", "all_100", "automatic"),
    }
    for name, row in rows.items():
        v = PRESETS[name]
        assert (v.trump_selection, v.must_ruff, v.undertrump, v.carre_values, v.roem_claim) == row
    a = PRESETS["amsterdam"]
    assert (a.deal_pattern, a.opening_lead, a.pit_bonus, a.tie, a.match_length) == (
        "3-2-3", "first_hand", 100, "nat", "deals:16"
    )  # fmt: skip
    assert PRESETS["kraken"].kraken and not a.kraken
    assert PRESETS["two_rounds"].opening_lead == "chooser"
    f = PRESETS["french"]
    french = (f.deal_pattern, f.pit_bonus, f.tie, f.match_length)
    assert french == ("4-4", 88, "litige", "points:1500")


def test_replace_changes_one_option_and_the_preset_name_becomes_custom():
    v = dataclasses.replace(PRESETS["amsterdam"], must_ruff="always")
    assert v.must_ruff == "always" and v.undertrump == "forbidden"
    assert preset_name(v) == "custom" and preset_name(PRESETS["rotterdam"]) == "rotterdam"


def test_on_off_strings_are_accepted_for_switches():
    assert Variant(must_overtrump="off").must_overtrump is False
    assert Variant(kraken="on").kraken is True


def test_unknown_option_lists_the_allowed_names():
    with pytest.raises(VariantError, match="must_ruff") as e:
        Variant(must_rough="always")
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("must_ruff", "sometimes", "opponent, always, never"),
        ("undertrump", "maybe", "forbidden, forced"),
        ("kraken", "yes", "on, off"),
        ("match_length", "deals:0", "deals:N"),
        ("match_length", "16", "points:N"),
        ("pit_bonus", -5, "0 to 1000"),
    ],
)
def test_bad_option_value_lists_the_allowed_values(option, value, allowed):
    with pytest.raises(VariantError, match=allowed):
        Variant(**{option: value})


def test_every_choice_of_every_option_is_valid():
    """(Every option's description for the player is the catalog's `rules.about_*`,
    checked in tests/test_i18n.py.)"""
    for option, choices in CHOICES.items():
        for choice in choices:
            assert getattr(Variant(**{option: choice}), option) == choice


def test_variant_round_trips_through_a_dict():
    for v in PRESETS.values():
        assert Variant.from_dict(v.to_dict()) == v


def test_a_preset_played_to_another_match_length_keeps_its_name():
    assert preset_name(dataclasses.replace(PRESETS["french"], match_length="deals:16")) == "french"
    assert preset_name(dataclasses.replace(PRESETS["amsterdam"], match_tie="extra_deal")) == (
        "amsterdam"
    )
    assert preset_name(dataclasses.replace(PRESETS["french"], tie="nat")) == "custom"
