"""Two settings of the hard player's card play, compared on the same decisions.

    .venv/bin/python benchmarks/card_regret.py --base '{}' --new '{"think_ms": 250, \\
        "exact_tricks": 6, "caps": [64, 1000]}' --pairs 120 --first 0

Hard plays easy (hard with a fixed 50 worlds, so the games are the same every
run). At every hard card decision with five to eight tricks left, the exact
solver values each legal card in the true deal, and both settings choose a card
from the seat's observation only, with their own clock. A setting's regret is
the true deal's value (deal score difference, nat counted in full) of the best
card minus that of its card. The true deal is one sample of what the seat cannot
see, so a single regret is noisy and includes the price of not seeing; the
difference of the two settings over the same decisions is what the table
reports, with its standard error. A setting is a JSON object of `HardPlayer`
attributes, plus `think_ms`; `{}` is the player as shipped.
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bid_compare import Setting, compare_parser, configured  # noqa: E402  (same settings)

from klaverjas_gui.ai import arena, hard, make_player  # noqa: E402
from klaverjas_gui.ai.duplicate import mean_and_se  # noqa: E402
from klaverjas_gui.ai.solver import Position, Solver  # noqa: E402
from klaverjas_gui.engine import PRESETS  # noqa: E402
from klaverjas_gui.engine.match import (  # noqa: E402
    DealScored,
    Redealt,
    card_of,  # noqa: E402
)

VARIANT = PRESETS["amsterdam"]


def player(seed: int, setting: Setting) -> hard.HardPlayer:
    setting = dict(setting)
    return configured(hard.HardPlayer(seed, think_ms=setting.pop("think_ms", 200.0)), setting)


def _reproducible(seed: int) -> hard.HardPlayer:
    """The hard player that makes the games: fixed worlds, exact from five tricks (fast)."""
    p = hard.HardPlayer(seed, worlds=50)
    p.exact_tricks = 5
    return p


def regrets(task: tuple[int, int, Setting, Setting]) -> list[tuple[int, float, float]]:
    """(tricks left, base regret, new regret) of every hard decision in pair `index`."""
    index, seed, base, new = task
    out = []
    for game in (0, 1):
        state = arena.one_deal(VARIANT, arena.pair_seed(seed, index))
        seats: dict[int, Any] = {
            s: _reproducible(index * 8 + game * 4 + s)
            if s % 2 == game
            else make_player("easy", index * 8 + game * 4 + s)
            for s in range(4)
        }
        while True:
            seat = state.to_move
            obs = state.observation(seat)
            mine = seat % 2 == game and obs.phase == "play" and len(obs.legal) > 1
            if mine and 5 <= len(obs.hand) <= 8:
                out.append((len(obs.hand), *_regret(state, obs, index, base, new)))
            state, events = state.apply(seats[seat].choose(obs))
            if any(isinstance(e, (DealScored, Redealt)) for e in events):
                break
    return out


def _regret(state: Any, obs: Any, index: int, base: Setting, new: Setting) -> tuple[float, float]:
    t = obs.trump.index
    history = hard._history(obs)
    me = obs.seat % 2
    chooser_team = obs.chooser % 2
    pos = Position(
        VARIANT, t, tuple(state.hands), obs.leader, tuple(c.index for c in obs.trick),
        chooser_team, obs.kraak_level, history.won, history.totals,
    )  # fmt: skip
    so_far = history.totals[me] - history.totals[1 - me]
    values = Solver(VARIANT, t, chooser_team, obs.kraak_level).move_values(pos)
    value = {c: history.utility_of_margin(so_far + x, me) for c, x in values.items()}
    best = max(value.values())
    seed = index * 100 + len(obs.tricks) * 4 + len(obs.trick)
    base_card, new_card = (card_of(player(seed, s).choose(obs)) for s in (base, new))
    return best - value[base_card.index], best - value[new_card.index]


def main() -> int:
    a = compare_parser(__doc__, pairs=120, seed=555).parse_args()
    player(0, a.base), player(0, a.new)  # an unknown setting stops here, not in a worker
    tasks = [(i, a.seed, a.base, a.new) for i in range(a.first, a.first + a.pairs)]
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        rows = [r for pair in pool.imap(regrets, tasks) for r in pair]
    print(f"card regret, hard vs easy, amsterdam, pairs {a.first}..{a.first + a.pairs - 1}, "
          f"seed {a.seed}\nbase {json.dumps(a.base)}\nnew  {json.dumps(a.new)}")  # fmt: skip
    print(f"{'tricks left':<12}{'decisions':>10}{'base':>8}{'new':>8}{'new - base (SE)':>20}")
    for left in (5, 6, 7, 8, None):
        sel = [r for r in rows if left is None or r[0] == left]
        diff = [n - b for _, b, n in sel]
        mean, se = mean_and_se(diff)
        print(
            f"{'all' if left is None else left:<12}{len(sel):>10}"
            f"{statistics.fmean(b for _, b, _ in sel):>8.2f}"
            f"{statistics.fmean(n for _, _, n in sel):>8.2f}"
            f"{mean:>+12.2f} ({se:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
