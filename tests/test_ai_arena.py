"""The arena: duplicate pairs over identical deals, the report, and its command line."""

import pytest

from klaverjas_gui.ai import arena
from klaverjas_gui.engine import PRESETS
from klaverjas_gui.engine.match import Redealt


def test_a_pair_is_one_deal_played_twice_with_the_teams_swapping_seats():
    pair = arena.play_pair((3, "easy", "random", PRESETS["amsterdam"], 9, None))
    first, second = pair.runs
    assert first.dealt == second.dealt and first.dealer == second.dealer
    assert first.a_seats == (0, 2) and second.a_seats == (1, 3)
    assert first.levels == ("easy", "random", "easy", "random")
    assert second.levels == ("random", "easy", "random", "easy")
    again = arena.one_deal(PRESETS["amsterdam"], arena.pair_seed(9, 3))
    assert (again.hands,) == first.dealt and again.dealer == first.dealer
    other = arena.one_deal(PRESETS["amsterdam"], arena.pair_seed(9, 4))
    assert other.hands != first.dealt[0]
    assert pair.margin == (first.margin + second.margin) / 2


def replayed_deals(variant, seed, actions):
    """The hands of every attempt in a game replayed from its actions."""
    state = arena.one_deal(variant, seed)
    dealt = [state.hands]
    for a in actions:
        state, events = state.apply(a)
        if any(isinstance(e, Redealt) for e in events):
            dealt.append(state.hands)
    return dealt


def test_a_deal_passed_out_in_one_game_only_scores_nothing_there():
    variant = PRESETS["two_rounds"]
    pair = arena.play_pair((4, "easy", "random", variant, 1, None))
    first, second = pair.runs
    assert first.voided and not second.voided  # found by search: random passed out twice
    assert first.margin == 0 and pair.margin == second.margin / 2
    assert first.dealt == second.dealt and len(first.dealt) == 1
    # the voided game stopped at the redeal: it never played cards the other did not see
    assert replayed_deals(variant, arena.pair_seed(1, 4), first.actions)[:1] == list(first.dealt)
    assert all(a.startswith("pass") for a in first.actions)
    table = arena.report([pair], "easy", "random", "two_rounds")
    assert "voided, not replayed" in table and "(0 of 0 contracts)" in table


def test_a_deal_passed_out_in_both_games_is_redealt_in_both_alike():
    variant = PRESETS["two_rounds"]
    pair = arena.play_pair((9, "easy", "easy", variant, 2, None))
    first, second = pair.runs
    assert len(first.dealt) == 2 and first.dealt == second.dealt
    assert not first.voided and not second.voided
    for run in pair.runs:
        assert replayed_deals(variant, arena.pair_seed(2, 9), run.actions) == list(run.dealt)
    assert first.dealt[0] != first.dealt[1]


def test_arena_runs_and_prints_its_table(capsys):
    assert arena.main(["--team-a", "normal", "--team-b", "easy", "--pairs", "3",
                       "--variant", "kraken", "--seed", "2"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "A minus B per deal" in out and "standard error" in out
    assert "nat rate A (normal)" in out and "nat rate B (easy)" in out
    assert "p50 ms" in out and "\nnormal " in out


def test_arena_with_two_jobs_gives_the_same_results_as_one():
    one = arena.run("easy", "random", 4, PRESETS["rotterdam"], 5, jobs=1)
    two = arena.run("easy", "random", 4, PRESETS["rotterdam"], 5, jobs=2)
    assert [p.margin for p in one] == [p.margin for p in two]


@pytest.mark.parametrize(
    "argv",
    [
        ["--team-a", "expert"],
        ["--variant", "moscow"],
        ["--pairs", "0"],
        ["--jobs", "x"],
        ["--bogus"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        arena.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("arena: ")


def test_arena_plays_against_the_reference_level(capsys):
    argv = ["--team-a", "normal", "--team-b", "hard-2026", "--pairs", "1", "--seed", "3"]
    assert arena.main([*argv, "--variant", "amsterdam", "--think-ms", "20"]) == 0
    out = capsys.readouterr().out
    assert "normal (A) vs hard-2026 (B)" in out and "\nhard-2026 " in out
