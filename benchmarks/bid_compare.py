"""Two settings of the hard player's bidding, compared on the same arena deals.

    .venv/bin/python benchmarks/bid_compare.py --base '{"continuation": false}' \\
        --new '{}' --pairs 300 --first 0 --opponent easy --variant amsterdam

A setting is a JSON object of `HardPlayer` attributes (`continuation`,
`name_threshold`, `partner_threshold`, `pass_margin`; `{}` is the player as shipped).
Only the bid decides whether two settings play a deal differently, so every pair
is first bid out under both settings with a fixed 200 worlds (the bid's usual cap,
which the clock rarely cuts), which is cheap; only the pairs whose bidding
differs are played to the end under both, and the others count as a difference
of 0. The paired difference over all pairs is far less noisy than two separate
arena runs. Card play is the hard player's own, with its clock.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import HardPlayer2026, arena, hard, make_player  # noqa: E402
from klaverjas_gui.ai.duplicate import mean_and_se, pair_seed  # noqa: E402
from klaverjas_gui.engine import PRESETS, Action  # noqa: E402

SEATS = ((0, 2), (1, 3))
Setting = dict[str, Any]


def configured(player: hard.HardPlayer, setting: Setting) -> hard.HardPlayer:
    for name, value in setting.items():
        if not hasattr(player, name):
            raise SystemExit(f"HardPlayer has no setting {name!r}")
        setattr(player, name, value)
    return player


def bids(
    index: int, seed: int, game: int, setting: Setting, opponent: str, variant: str
) -> list[Action]:
    """The bidding of one game of pair `index`, hard seats with fixed worlds."""
    gs = pair_seed(seed, index)
    state = arena.one_deal(PRESETS[variant], gs)
    players: dict[int, Any] = {}
    out = []
    while state.phase == "bidding":
        seat = state.to_move
        if seat not in players:  # the same seeds as the arena's players
            pseed = (gs * 2 + game) * 4 + seat
            players[seat] = (
                configured(hard.HardPlayer(pseed, worlds=200), setting)
                if seat in SEATS[game]
                else HardPlayer2026(pseed, worlds=200)  # the screen must be reproducible
                if opponent == "hard-2026"
                else make_player(opponent, pseed)
            )
        action = players[seat].choose(state.observation(seat))
        out.append(action)
        state, _ = state.apply(action)
    return out


def differs(task: tuple[int, int, Setting, Setting, str, str]) -> tuple[int, bool]:
    index, seed, base, new, opponent, variant = task

    def game(g: int, setting: Setting) -> list[Action]:
        return bids(index, seed, g, setting, opponent, variant)

    return index, any(game(g, base) != game(g, new) for g in (0, 1))


def play(task: tuple[int, int, int, Setting, str, str]) -> tuple[int, int, float]:
    index, seed, which, setting, opponent, variant = task
    init = hard.HardPlayer.__init__

    def configured_init(self: hard.HardPlayer, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        configured(self, setting)

    hard.HardPlayer.__init__ = configured_init  # type: ignore[method-assign]
    try:
        pair = arena.play_pair((index, "hard", opponent, PRESETS[variant], seed, None))
    finally:
        hard.HardPlayer.__init__ = init  # type: ignore[method-assign]
    return index, which, pair.margin


def compare_parser(doc: str, pairs: int, seed: int) -> argparse.ArgumentParser:
    """The command line of a settings comparison: two settings over a range of pairs."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--base", type=json.loads, default={}, help="JSON setting compared against")
    p.add_argument("--new", type=json.loads, required=True, help="JSON setting to try")
    p.add_argument("--pairs", type=int, default=pairs)
    p.add_argument("--first", type=int, default=0, help="first pair index")
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--jobs", type=int, default=2)
    return p


def main() -> int:
    p = compare_parser(__doc__, pairs=300, seed=1)
    p.add_argument("--opponent", default="easy", choices=("easy", "normal", "hard-2026"))
    p.add_argument("--variant", default="amsterdam", choices=list(PRESETS))
    a = p.parse_args()
    indices = range(a.first, a.first + a.pairs)
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        screen = [(i, a.seed, a.base, a.new, a.opponent, a.variant) for i in indices]
        screened = pool.map(differs, screen)
        differ = [i for i, d in screened if d]
        settings = ((0, a.base), (1, a.new))
        tasks = [(i, a.seed, w, s, a.opponent, a.variant) for i in differ for w, s in settings]
        played = pool.map(play, tasks, chunksize=1)
    margin = {(i, w): v for i, w, v in played}
    diffs = [margin[i, 1] - margin[i, 0] if i in differ else 0.0 for i in indices]
    mean, se = mean_and_se(diffs)
    print(
        f"hard vs {a.opponent}, {a.variant}, pairs {a.first}..{a.first + a.pairs - 1}, "
        f"seed {a.seed}: {json.dumps(a.new)} minus {json.dumps(a.base)} = {mean:+.2f} "
        f"per deal (standard error {se:.2f}); bidding differed in {len(differ)} pairs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
