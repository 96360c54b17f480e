"""The arena: two computer levels play duplicate deals, so luck of the cards cancels out.

Each pair is one seeded deal played twice with the same cards and dealer:
team A on seats 0 and 2, then team A on seats 1 and 3. The table reports team
A's mean deal score minus team B's, with the standard error over pairs, each
team's nat rate (deals it carried the burden and failed) and how long each
level took per decision (only decisions with a real choice are timed).

    python -m klaverjas_gui.ai.arena --team-a hard --team-b easy --pairs 500 \\
        --variant amsterdam --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import PRESETS, MatchState, new_match
from ..engine.variant import Variant
from . import LEVELS, make_player


@dataclass
class DealResult:
    """One deal of a pair, from team A's point of view."""

    margin: int  # team A's deal score minus team B's
    burden_a: bool  # team A carried the burden
    nat: bool  # the burden team went nat
    a_seats: tuple[int, int]
    levels: tuple[str, str, str, str]  # level per seat
    dealer: int
    hands: tuple[int, int, int, int]  # as dealt
    actions: tuple[str, ...]


@dataclass
class PairResult:
    index: int
    deals: tuple[DealResult, DealResult]
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def margin(self) -> float:
        return (self.deals[0].margin + self.deals[1].margin) / 2


def deal_seed(seed: int, index: int) -> int:
    """The match seed of pair `index`: fixes the cards and the dealer of both deals."""
    return seed * 1_000_003 + index


def one_deal(variant: Variant, seed: int) -> MatchState:
    return new_match(dataclasses.replace(variant, match_length="deals:1"), seed)


def play_deal(
    state: MatchState,
    levels: dict[int, str],
    player_seed: int,
    times: dict[str, list[float]],
    hard_ms: float | None = None,
) -> MatchState:
    """Play a one-deal match to its end; seat -> level in `levels`."""
    players = {
        seat: make_player(level, player_seed * 4 + seat, think_ms=hard_ms)
        for seat, level in levels.items()
    }
    while not state.is_over:
        seat = state.to_move
        obs = state.observation(seat)
        if len(obs.legal) > 1 and obs.phase != "claim":
            t0 = time.perf_counter()
            action = players[seat].choose(obs)
            times.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        else:
            action = players[seat].choose(obs)
        state, _ = state.apply(action)
    return state


def play_pair(args: tuple[int, str, str, Variant, int, float | None]) -> PairResult:
    index, team_a, team_b, variant, seed, hard_ms = args
    times: dict[str, list[float]] = {}
    deals = []
    for a_seats in ((0, 2), (1, 3)):
        levels = {s: team_a if s in a_seats else team_b for s in range(4)}
        start = one_deal(variant, deal_seed(seed, index))
        end = play_deal(start, levels, deal_seed(seed, index) * 2 + a_seats[0], times, hard_ms)
        score = end.sheet[-1].score
        a = a_seats[0] % 2
        deals.append(
            DealResult(
                margin=score.scores[a] - score.scores[1 - a],
                burden_a=score.burden_team == a,
                nat=score.outcome == "nat",
                a_seats=a_seats,
                levels=(levels[0], levels[1], levels[2], levels[3]),
                dealer=start.dealer,
                hands=start.hands,
                actions=tuple(str(x) for x in end.actions),
            )
        )
    return PairResult(index, (deals[0], deals[1]), times)


def run(
    team_a: str,
    team_b: str,
    pairs: int,
    variant: Variant,
    seed: int,
    jobs: int = 1,
    hard_ms: float | None = None,
) -> list[PairResult]:
    tasks = [(i, team_a, team_b, variant, seed, hard_ms) for i in range(pairs)]
    if jobs <= 1:
        return [play_pair(t) for t in tasks]
    # spawn, not fork: forking a process that runs threads (a UI, a test runner) can deadlock
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return list(pool.imap(play_pair, tasks, chunksize=max(1, min(8, pairs // (jobs * 4)))))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: list[PairResult], team_a: str, team_b: str, variant_name: str) -> str:
    margins = [r.margin for r in results]
    mean = statistics.fmean(margins)
    se = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else float("nan")
    lines = [
        f"arena: {team_a} (A) vs {team_b} (B), {variant_name}, {len(results)} pairs "
        f"= {2 * len(results)} deals",
        f"{'A minus B per deal':<24}{mean:+8.1f}  (standard error {se:.1f})",
    ]
    for name, is_a in (("A", True), ("B", False)):
        contracts = [d for r in results for d in r.deals if d.burden_a == is_a]
        nat = sum(d.nat for d in contracts)
        rate = 100 * nat / len(contracts) if contracts else 0.0
        level = team_a if is_a else team_b
        lines.append(
            f"{'nat rate ' + name + ' (' + level + ')':<24}{rate:7.1f}%  "
            f"({nat} of {len(contracts)} contracts)"
        )
    lines.append(f"{'level':<10}{'decisions':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    merged: dict[str, list[float]] = {}
    for r in results:
        for level, ts in r.times.items():
            merged.setdefault(level, []).extend(ts)
    for level in sorted(merged):
        ts = merged[level]
        lines.append(
            f"{level:<10}{len(ts):>10}{1000 * percentile(ts, 0.5):>10.1f}"
            f"{1000 * percentile(ts, 0.95):>10.1f}{1000 * max(ts):>10.1f}"
        )
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        self.exit(2, f"arena: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m klaverjas_gui.ai.arena", description=__doc__.split("\n")[0])
    p.add_argument("--team-a", default="hard")
    p.add_argument("--team-b", default="easy")
    p.add_argument("--pairs", type=int, default=100)
    p.add_argument("--variant", default="amsterdam")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--think-ms", type=float, default=None, help="hard's think time per decision")
    args = p.parse_args(argv)
    for opt in ("team_a", "team_b"):
        if getattr(args, opt) not in LEVELS:
            p.error(f"unknown level {getattr(args, opt)!r} for --{opt.replace('_', '-')}; "
                    f"choose from {', '.join(LEVELS)}")  # fmt: skip
    if args.variant not in PRESETS:
        p.error(f"unknown variant {args.variant!r}; choose from {', '.join(PRESETS)}")
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.think_ms is not None and args.think_ms <= 0:
        p.error("--think-ms must be positive")
    results = run(
        args.team_a, args.team_b, args.pairs, PRESETS[args.variant], args.seed, args.jobs,
        args.think_ms,
    )  # fmt: skip
    print(report(results, args.team_a, args.team_b, args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
