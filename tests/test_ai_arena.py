"""The arena: duplicate pairs over identical deals, the report, and its command line."""

import pytest

from klaverjas_gui.ai import arena
from klaverjas_gui.engine import PRESETS


def test_a_pair_is_one_deal_played_twice_with_the_teams_swapping_seats():
    pair = arena.play_pair((3, "easy", "random", PRESETS["amsterdam"], 9, None))
    first, second = pair.deals
    assert first.hands == second.hands and first.dealer == second.dealer
    assert first.a_seats == (0, 2) and second.a_seats == (1, 3)
    assert first.levels == ("easy", "random", "easy", "random")
    assert second.levels == ("random", "easy", "random", "easy")
    again = arena.one_deal(PRESETS["amsterdam"], arena.deal_seed(9, 3))
    assert again.hands == first.hands and again.dealer == first.dealer
    other = arena.one_deal(PRESETS["amsterdam"], arena.deal_seed(9, 4))
    assert other.hands != first.hands


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
