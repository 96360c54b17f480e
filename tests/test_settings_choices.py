"""Each game's choices (preset, rules as its Variant, seats) in Settings, and the file format
they are kept in: tests/fixtures/settings_v2.json was written by prefs.save before the
choices were records (custom Klaverjas rules from Rotterdam, West renamed, a hot-seat East,
custom Klabberjass rules from Bela with a person in the second seat)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS, VariantError
from klaverjas_gui.engine.klabberjass_rules import KlabberjassVariant
from klaverjas_gui.games import GAMES, KLABBERJASS, KLAVERJAS
from klaverjas_gui.store import prefs
from klaverjas_gui.store.prefs import GameChoices, Settings, SettingsFile

FIXTURE = Path(__file__).parent / "fixtures" / "settings_v2.json"
OURS = dataclasses.replace(PRESETS["rotterdam"], pit_bonus=200, match_length="points:1500")
# Rule options added to the Variant since the fixtures were written: the settings hold them
# at their defaults (the file keeps its rules as written until they change).
NEW_RULES = {"revoke": "off", "signals": "none", "trump_request": False}
NEW_KLABBERJASS_RULES = {"declarations": "klabberjass"}


def new_games() -> dict:
    """The choices of the games registered since the fixtures were written (Kalabriasz),
    at their defaults, as a fresh settings file holds them."""
    fresh = Settings().to_dict()
    return {key: fresh[key] for game in GAMES.values() if game.name not in ("klaverjas",
            "klabberjass") for key in prefs.file_keys(game)}  # fmt: skip


def with_new_rules(data: dict) -> dict:
    return {**data, "variant": {**data["variant"], **NEW_RULES},
            "klabberjass": {**data["klabberjass"], **NEW_KLABBERJASS_RULES}}  # fmt: skip


def test_a_schema_2_file_loads_to_the_choices_it_was_written_with():
    settings, notes = prefs.load(FIXTURE)
    assert notes == []
    assert settings.choices(KLAVERJAS) == GameChoices(
        "rotterdam", OURS, (("You", "human"), ("Bram", "easy"), ("Anna", "hard"), ("Joop", "human"))
    )
    assert settings.choices(KLABBERJASS) == GameChoices(
        "bela", KlabberjassVariant(target=100, clob=True), (("You", "human"), ("Mies", "human"))
    )
    assert settings.rules() == OURS and settings.rules_name(KLAVERJAS) == "custom"
    assert settings.rules_name("klabberjass") == "custom"
    assert settings.seat_plan(KLABBERJASS) == [("You", "human"), ("Mies", "human")]
    assert (settings.animation_speed, settings.language, settings.tutorial_done) == (
        "fast", "nl", ["basics"]
    )  # fmt: skip


# rule options added after the fixtures were written: saved back at their defaults
def test_a_schema_2_file_saves_back_as_it_was(tmp_path):
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))
    settings, _ = prefs.load(FIXTURE)
    # the same keys and values, so the same file, plus the settings added since the fixture
    # was written (text size, the window, the coach not chosen, the network's grace, the
    # table last joined, when a forced card plays itself), at their defaults, marked as the
    # schema that holds them
    added = {"text_size": "normal", "window": {}, "coach": "mistakes", "coach_chosen": False,
             "net_grace": 30, "net_join": {}, "forced_card": "last_trick", "schema": 3,
             **new_games()}  # fmt: skip
    assert settings.to_dict() == with_new_rules({**stored, **added})
    fresh = tmp_path / "fresh.json"
    assert prefs.save(fresh, settings) is None
    assert json.loads(fresh.read_text(encoding="utf-8")) == with_new_rules({**stored, **added})
    copy = tmp_path / "settings.json"
    shutil.copyfile(FIXTURE, copy)
    file = SettingsFile(copy)
    loaded, _ = file.load()
    assert file.save(loaded) is None  # only the settings added since are written in
    as_written = json.loads(FIXTURE.read_text(encoding="utf-8"))  # its rules left as they were
    assert json.loads(copy.read_text(encoding="utf-8")) == {**as_written, **added}


def test_rules_stored_without_an_option_stay_as_written_until_changed(tmp_path):
    """An older file may leave an option out: the engine's default plays it, and saving an
    unrelated change does not rewrite the rules as the file holds them."""
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del stored["variant"]["match_tie"], stored["klabberjass"]["clob"]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    file = SettingsFile(path)
    settings, notes = file.load()
    assert notes == [] and settings.rules() == OURS  # "share" is the default match_tie
    assert settings.rules(KLABBERJASS) == KlabberjassVariant(target=100)
    settings.muted = True
    assert file.save(settings) is None
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["muted"] is True
    assert again["variant"] == stored["variant"] and again["klabberjass"] == {"target": 100}
    settings.set_rule("clob", True, KLABBERJASS)  # changed: now written whole
    assert file.save(settings) is None
    assert json.loads(path.read_text(encoding="utf-8"))["klabberjass"] == {
        "target": 100, "clob": True, **NEW_KLABBERJASS_RULES
    }  # fmt: skip


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_starts_with_its_first_preset_and_its_own_seats(name):
    game = GAMES[name]
    choices = Settings().choices(game)
    assert choices.preset == game.default_preset
    assert choices.rules == game.presets[game.default_preset]
    assert len(choices.seats) == game.players and choices.seats[0] == ("You", "human")


def test_picking_a_preset_keeps_the_match_length_and_the_seats():
    settings, _ = prefs.load(FIXTURE)
    seats = settings.seat_plan()
    settings.pick_preset("french")
    french = PRESETS["french"]
    assert settings.rules() == dataclasses.replace(french, match_length="points:1500")
    assert settings.rules_name() == "french" and settings.choices().preset == "french"
    settings.set_rule("match_length", "deals:4")
    settings.pick_preset("amsterdam", KLAVERJAS)
    assert settings.rules().match_length == "deals:4" and settings.rules_name() == "amsterdam"
    assert settings.seat_plan() == seats


def test_a_klabberjass_preset_is_its_rules_whole_and_keeps_the_seats():
    """Klabberjass has no match options apart from its rules: Bela *is* a target of 100."""
    settings, _ = prefs.load(FIXTURE)
    settings.pick_preset("klabberjass", KLABBERJASS)
    assert settings.rules(KLABBERJASS) == KLABBERJASS_PRESETS["klabberjass"]
    settings.pick_preset("bela", "klabberjass")
    assert settings.rules(KLABBERJASS) == KLABBERJASS_PRESETS["bela"]
    assert settings.seat_plan(KLABBERJASS) == [("You", "human"), ("Mies", "human")]
    assert settings.choices(KLAVERJAS).rules == OURS  # the other game untouched


def test_a_rule_change_touches_one_game_and_a_bad_value_nothing():
    settings = Settings()
    settings.set_rule("clob", True, KLABBERJASS)
    assert settings.rules_name(KLABBERJASS) == "clob"
    assert settings.rules() == PRESETS["amsterdam"]
    before = dataclasses.replace(settings)
    before.games = dict(settings.games)
    with pytest.raises(VariantError):
        settings.set_rule("target", 300, KLABBERJASS)
    with pytest.raises(VariantError):
        settings.set_rule("pit_bonus", -5)
    assert settings == before


def test_a_bad_value_in_one_game_resets_only_that_value():
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))
    stored["klabberjass"]["target"] = 300
    stored["preset"] = "nowhere"
    settings, notes = prefs.from_dict(stored)
    assert settings.rules(KLABBERJASS) == KLABBERJASS_PRESETS["klabberjass"]
    assert settings.choices(KLABBERJASS).preset == "bela"
    assert settings.choices(KLAVERJAS) == GameChoices("amsterdam", OURS, settings.choices().seats)
    assert len(notes) == 1 and "klabberjass" in notes[0] and "preset" in notes[0]


# --- the coach (schema 3) ---
FIXTURE_V3 = Path(__file__).parent / "fixtures" / "settings_v3.json"


def test_a_schema_2_file_upgrades_to_a_coach_the_player_did_not_choose(tmp_path):
    """A player from before the coach gets the newcomer's default, not marked as chosen, so
    the quiet-after-20-matches rule still applies to them; saved, the file is schema 3."""
    copy = tmp_path / "settings.json"
    shutil.copyfile(FIXTURE, copy)
    file = SettingsFile(copy)
    settings, notes = file.load()
    assert notes == [] and (settings.coach, settings.coach_chosen) == ("mistakes", False)
    assert file.save(settings) is None
    stored = json.loads(copy.read_text(encoding="utf-8"))
    assert (stored["schema"], stored["coach"], stored["coach_chosen"]) == (3, "mistakes", False)
    assert (copy.with_name("settings.json.bak")).read_bytes() == FIXTURE.read_bytes()


def test_a_schema_3_file_keeps_the_chosen_coach_and_everything_else():
    """settings_v3.json was written by prefs.save from the schema 2 fixture after choosing
    "every decision" and a large text size."""
    settings, notes = prefs.load(FIXTURE_V3)
    assert notes == [] and (settings.coach, settings.coach_chosen) == ("every", True)
    old, _ = prefs.load(FIXTURE)
    assert settings.games == old.games and settings.text_size == "large"
    # added after the fixture: absent, the default
    later = {"net_grace": 30, "net_join": {}, "forced_card": "last_trick", **new_games()}
    stored = json.loads(FIXTURE_V3.read_text(encoding="utf-8"))
    assert settings.to_dict() == with_new_rules({**stored, **later})


def test_a_bad_coach_value_is_reset_and_named():
    stored = json.loads(FIXTURE_V3.read_text(encoding="utf-8"))
    settings, notes = prefs.from_dict({**stored, "coach": "loud", "coach_chosen": "yes"})
    assert (settings.coach, settings.coach_chosen) == ("mistakes", False)
    assert len(notes) == 1 and "coach" in notes[0] and "coach_chosen" in notes[0]


def test_the_coach_goes_quiet_after_20_matches_unless_chosen():
    new = Settings()
    assert new.coach == "mistakes" and not new.settle_coach(prefs.QUIET_AFTER - 1)
    assert new.settle_coach(prefs.QUIET_AFTER) and new.coach == "off"
    assert not new.settle_coach(100)  # once off, nothing left to change
    chosen = Settings()
    chosen.choose_coach("mistakes")
    assert not chosen.settle_coach(500) and chosen.coach == "mistakes"
    quiet = Settings()
    quiet.choose_coach("off")
    assert quiet.coach_chosen and not quiet.settle_coach(0) and quiet.coach == "off"


@pytest.mark.parametrize("bad", [
    "127.0.0.1:1", {"address": "x" * 61}, {"room": 7}, {"name": "n" * 25}, {"host": "a"},
    {"name": "Anna\x1b[2J"}, {"address": "127.0.0.1\n"},
])  # fmt: skip
def test_a_bad_remembered_join_is_forgotten_and_named(bad):
    """The table last joined comes back into the join screen's fields: a hand-edited or
    damaged value is dropped (an empty screen), never typed into them."""
    stored = json.loads(FIXTURE_V3.read_text(encoding="utf-8"))
    settings, notes = prefs.from_dict({**stored, "net_join": bad})
    assert settings.net_join == {} and len(notes) == 1 and "net_join" in notes[0]
    good = {"address": "127.0.0.1:47474", "room": "KRAAK7", "name": "Marieke"}
    settings, notes = prefs.from_dict({**stored, "net_join": good})
    assert settings.net_join == good and notes == []
