"""Speed of the exact solver: full-deal solves, and the gain over plain alpha-beta.

    .venv/bin/python benchmarks/solver.py [--deals 100] [--subset 10] [--tricks-left 5]

Each deal is a seeded one-deal Amsterdam match; trump is chosen by the easy
player, then the solver computes the exact value of the position before the
first card (`Solver.value`); its CPU time is printed too, since on a shared machine the
wall clock also counts other processes' turns. The comparison runs, on the first `--subset`
deals, both the full solver and a plain full-window alpha-beta (same move
ordering; no transposition table, no equivalent-card grouping, no bounds) on
the position with `--tricks-left` tricks to play, since plain alpha-beta
cannot finish whole deals in reasonable time.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import make_player  # noqa: E402
from klaverjas_gui.ai.solver import INF, Position, Solver  # noqa: E402
from klaverjas_gui.engine import PRESETS, MatchState, new_match  # noqa: E402


def deal_position(seed: int, cards_played: int) -> MatchState:
    """Seeded deal, trump by the easy player, then `cards_played` cards by the solver's line."""
    state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), seed)
    bidder = make_player("easy", seed)
    while state.phase != "play":
        state, _ = state.apply(bidder.choose(state.observation(state.to_move)))
    played = 0
    while played < cards_played:
        if state.phase == "claim":
            state, _ = state.apply("claim")
            continue
        state, _ = state.apply(state.legal_actions()[0])
        played += 1
    return state


def row(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{name:<34}{len(times):>6}{1000 * statistics.median(times):>11.1f}"
        f"{1000 * p90:>11.1f}{1000 * max(times):>11.1f}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--subset", type=int, default=10)
    p.add_argument("--tricks-left", type=int, default=5)
    args = p.parse_args()

    full, full_cpu, nodes = [], [], []
    for seed in range(args.deals):
        pos = Position.from_state(deal_position(seed, 0))
        solver = Solver.for_position(pos)
        t0, c0 = time.perf_counter(), time.process_time()
        solver.value(pos)
        full.append(time.perf_counter() - t0)
        full_cpu.append(time.process_time() - c0)
        nodes.append(solver.nodes)

    fast_t, plain_t, fast_n, plain_n = [], [], [], []
    played = 4 * (8 - args.tricks_left)
    for seed in range(args.subset):
        pos = Position.from_state(deal_position(seed, played))
        fast = Solver.for_position(pos)
        t0 = time.perf_counter()
        v1 = fast.value(pos)
        fast_t.append(time.perf_counter() - t0)
        plain = Solver.for_position(pos, tt=False, grouping=False, bounds=False)
        t0 = time.perf_counter()
        v2 = plain._root(pos, -INF, INF)
        plain_t.append(time.perf_counter() - t0)
        assert v1 == v2, (seed, v1, v2)
        fast_n.append(fast.nodes)
        plain_n.append(plain.nodes)

    print(f"{'solve':<34}{'n':>6}{'median ms':>11}{'p90 ms':>11}{'max ms':>11}")
    print(row("full deal, 32 cards (Solver.value)", full))
    print(row("  the same, CPU time of this process", full_cpu))
    print(row(f"{args.tricks_left} tricks left: solver", fast_t))
    print(row(f"{args.tricks_left} tricks left: plain alpha-beta", plain_t))
    print(f"median nodes per full deal: {statistics.median(nodes):,.0f}")
    ratio_t = sum(plain_t) / sum(fast_t)
    ratio_n = sum(plain_n) / sum(fast_n)
    print(f"plain alpha-beta / solver on the subset: {ratio_t:.1f}x time, {ratio_n:.1f}x nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
