"""The command line's languages, games and single rules; --version, the About screen, the
log file and the crash handler (issue 18, items 21 and 22)."""

from __future__ import annotations

import pytest

from klaverjas_gui.app import parse_args
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS
from klaverjas_gui.play.games import GAMES


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """parse_args refuses argv with status 2 and one line on stderr; that line."""
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


# --- item 21: --lang, --variant without --game, --rule ---
def test_an_unknown_language_is_refused_naming_the_three(capsys):
    err = _refused(capsys, "--lang", "xx")
    assert "'xx'" in err and "en, nl, fr" in err
    assert parse_args(["--lang", "nl_BE"]).lang == "nl_BE"  # a region of a language we speak


def test_preset_names_are_unique_across_the_games():
    names = [name for game in GAMES.values() for name in game.presets]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("preset", list(KLABBERJASS_PRESETS))
def test_a_klabberjass_preset_alone_picks_klabberjass(preset):
    assert parse_args(["--variant", preset]).game == "klabberjass"


def test_a_klaverjas_preset_alone_and_no_preset_pick_klaverjas():
    assert parse_args(["--variant", "rotterdam"]).game == "klaverjas"
    assert parse_args([]).game == "klaverjas"


def test_klabberjass_starts_from_its_preset_without_game(make_app):
    app = make_app("--variant", "bela", "--rule", "clob=on", "--seed", "4")
    record = app.history.match(app.match.match_id)
    assert record.game == "klabberjass" and record.variant == {"target": 100, "clob": True}


def test_single_rules_for_a_klaverjas_match(make_app):
    app = make_app("--variant", "utrecht", "--rule", "must_ruff=never", "--rule", "pit_bonus=0",
                   "--rule", "must_overtrump=off", "--seed", "5")  # fmt: skip
    variant = app.history.match(app.match.match_id).variant
    expected = {**PRESETS["utrecht"].to_dict(), "must_ruff": "never", "pit_bonus": 0}
    assert variant == {**expected, "must_overtrump": False}


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rule", "must_ruff=sometimes"], "option must_ruff cannot be 'sometimes'; allowed:"),
        (["--rule", "pit_bonus=lots"], "option pit_bonus cannot be 'lots'; allowed: 0 to 1000"),
        (["--rule", "pit_bonus=2000"], "option pit_bonus cannot be 2000"),
        (["--rule", "kraken=maybe"], "option kraken cannot be 'maybe'"),
        (["--rule", "bogus=1"], "unknown variant option 'bogus'; the options are:"),
        (["--variant", "clob", "--rule", "target=7"], "option target cannot be 7"),
        (["--game", "klabberjass", "--rule", "tie=nat"], "unknown Klabberjass option 'tie'"),
        (["--rule", "must_ruff"], "expected OPTION=VALUE"),
    ],
)
def test_a_bad_rule_is_refused_with_the_variants_own_words(capsys, argv, said):
    err = _refused(capsys, *argv)
    assert "argument --rule: " in err and said in err
