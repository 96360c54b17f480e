"""Trust in the coach: does it flag real mistakes, and leave good decisions alone?

    nice -n 10 .venv/bin/python benchmarks/coach.py --decisions 2000 1000 --jobs 2

Seeded arena deals (Amsterdam rules, one deal each) are played with all four
seats at one level; every decision with more than one option is judged by the
coach (`teach/coach.py`: the hard player's evaluation of the seat's observation
only, `coach.WORLDS` sampled deals, a seed per decision). Per level it prints:

- the share of decisions flagged (cost >= `coach.FLAG` points): the hard player's
  own decisions must be flagged rarely (<= 5 %), the easy player's clearly more;
- for card decisions, the true open-card regret: the exact solver (ai/solver.py) on
  the real deal values every legal card, and a card's regret is the best value minus
  its own, in the coach's units (points for the team: half the deal score
  difference). Flagged cards must average at least 3x the regret of unflagged ones;
- the coach's time per decision (p50, max) on this machine.

The hard player here samples a fixed 50 deals per decision (reproducible games, as in
card_regret.py). `--decisions` gives the number of decisions wanted for easy and
normal, then for hard: whole deals are played until that many are judged.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import arena, hard, make_player  # noqa: E402
from klaverjas_gui.ai.solver import Position, Solver  # noqa: E402
from klaverjas_gui.engine import PRESETS  # noqa: E402
from klaverjas_gui.teach import coach  # noqa: E402

VARIANT = PRESETS["amsterdam"]
LEVELS = ("easy", "normal", "hard")


def _player(level: str, seed: int) -> Any:
    return hard.HardPlayer(seed, worlds=50) if level == "hard" else make_player(level, seed)


Row = tuple[str, float, float | None, float]  # situation, cost, true regret (cards), seconds


def judge_deal(task: tuple[str, int, int]) -> list[Row]:
    """Every decision of one deal at `level`: the coach's cost, the open-card regret of a
    card, the coach's time."""
    level, index, seed = task
    game_seed = arena.pair_seed(seed, index)
    state = arena.one_deal(VARIANT, game_seed)
    players = [_player(level, game_seed * 4 + s) for s in range(4)]
    solver: Solver | None = None
    rows: list[Row] = []
    while not state.is_over:
        seat = state.to_move
        obs = state.observation(seat)
        action = players[seat].choose(obs)
        t0 = time.perf_counter()
        j = coach.judge(obs, action, seed=coach.judgement_seed(game_seed, state.n_actions + 1))
        took = time.perf_counter() - t0
        if j is not None:
            regret = None
            if obs.phase == "play":
                if solver is None:
                    solver = Solver(VARIANT, state.trump, state.chooser % 2, state.kraak_level)
                regret = _open_regret(solver, state, obs, action)
            rows.append((j.kind, j.cost, regret, took))
        state, _ = state.apply(action)
    return rows


def _open_regret(solver: Solver, state: Any, obs: Any, action: Any) -> float:
    """Best card's value minus this card's, with every hand open, in points for the team."""
    history = hard._history(obs)
    me = obs.seat % 2
    pos = Position(
        VARIANT, state.trump, tuple(state.hands), obs.leader,
        tuple(c.index for c in obs.trick), state.chooser % 2, obs.kraak_level,
        history.won, history.totals,
    )  # fmt: skip
    so_far = history.totals[me] - history.totals[1 - me]
    values = {
        c: history.utility_of_margin(so_far + x, me) for c, x in solver.move_values(pos).items()
    }
    return (max(values.values()) - values[action.card.index]) / 2


def run_level(level: str, wanted: int, seed: int, jobs: int) -> list[Row]:
    rows: list[Row] = []
    index = 0
    batch = max(2, jobs * 2)
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        while len(rows) < wanted:
            tasks = [(level, index + k, seed) for k in range(batch)]
            index += batch
            for deal in pool.imap(judge_deal, tasks):
                rows.extend(deal)
    return rows


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def report(level: str, rows: list[Row]) -> str:
    flagged = [r for r in rows if r[1] >= coach.FLAG]
    cards = [r for r in rows if r[2] is not None]
    f_regret = [r[2] for r in cards if r[1] >= coach.FLAG]
    u_regret = [r[2] for r in cards if r[1] < coach.FLAG]
    times = sorted(r[3] for r in rows)
    ratio = _mean(f_regret) / _mean(u_regret) if u_regret and _mean(u_regret) else float("inf")  # type: ignore[arg-type]
    return (
        f"| {level:<6} | {len(rows):>9} | {100 * len(flagged) / len(rows):>6.1f} % "
        f"| {_mean([r[1] for r in rows]):>9.2f} | {len(cards):>5} "
        f"| {len(f_regret):>7} | {_mean(f_regret):>15.2f} | {_mean(u_regret):>17.2f} "  # type: ignore[arg-type]
        f"| {ratio:>5.1f}x | {1000 * statistics.median(times):>7.0f} ms "
        f"| {1000 * times[-1]:>7.0f} ms |"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--decisions", type=int, nargs=2, default=[2000, 1000],
                   metavar=("EASY_NORMAL", "HARD"),
                   help="decisions to judge for easy and normal, and for hard")  # fmt: skip
    p.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    p.add_argument("--seed", type=int, default=555)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    a = p.parse_args()
    print(f"coach trust, amsterdam, one-deal arena deals from seed {a.seed}, "
          f"coach worlds {coach.WORLDS}, flag at {coach.FLAG:g} points")  # fmt: skip
    print(
        "| level  | decisions | flagged  | mean cost | cards | flagged | regret, flagged "
        "| regret, unflagged | ratio  | coach p50  | coach max  |"
    )
    print("|" + "|".join("-" * n for n in (8, 11, 10, 11, 7, 9, 17, 19, 8, 12, 12)) + "|")
    for level in a.levels:
        wanted = a.decisions[1] if level == "hard" else a.decisions[0]
        print(report(level, run_level(level, wanted, a.seed, a.jobs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
