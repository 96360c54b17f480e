"""The Klabberjass arena: two computer levels play duplicate deals, so the luck of the
cards cancels out.

A pair is one seeded deal played twice with the same cards and the same dealer,
A in seat 0 and then A in seat 1. A game ends only at its target, so each run
plays one game through the engine until its first `DealScored` (a voided deal is
redealt from the same seed, as in a real game). The report gives A's mean deal
score minus B's with its standard error over pairs, each level's nat rate (deals
it made trump and failed) and its time per decision (decisions with a choice).

    python -m klaverjas_gui.ai.klabberjass_arena --a hard --b easy --pairs 200 \\
        --variant klabberjass --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import KLABBERJASS_PRESETS, KlabberjassState, KlabberjassVariant, new_klabberjass
from ..engine.match import DealScored
from .klabberjass_players import KLABBERJASS_LEVELS, make_klabberjass_player


@dataclass(frozen=True)
class Run:
    """One deal of a pair, told from A's side."""

    a_seat: int
    margin: int  # A's deal score minus B's
    maker_is_a: bool
    nat: bool
    dealer: int
    hands: tuple[int, int]  # as first dealt
    turned: str
    actions: tuple[str, ...]


@dataclass
class Pair:
    index: int
    runs: tuple[Run, Run]
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def margin(self) -> float:
        return (self.runs[0].margin + self.runs[1].margin) / 2


def pair_seed(seed: int, index: int) -> int:
    """The game seed of pair `index`: it fixes the cards and the dealer of both runs."""
    return seed * 1_000_003 + index


def play_one_deal(
    start: KlabberjassState, levels: tuple[str, str], player_seed: int,
    times: dict[str, list[float]], think_ms: float | None = None,
) -> tuple[KlabberjassState, DealScored]:  # fmt: skip
    """Play from `start` until the first deal is scored; seat s plays `levels[s]`."""
    players = [make_klabberjass_player(levels[s], player_seed * 2 + s, think_ms) for s in (0, 1)]
    state = start
    while True:
        seat = state.to_move
        obs = state.observation(seat)
        t0 = time.perf_counter()
        action = players[seat].choose(obs)
        if len(obs.legal) > 1:
            times.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        state, events = state.apply(action)
        scored = next((e for e in events if isinstance(e, DealScored)), None)
        if scored is not None:
            return state, scored


def play_pair(task: tuple[int, str, str, KlabberjassVariant, int, float | None]) -> Pair:
    index, a, b, variant, seed, think_ms = task
    times: dict[str, list[float]] = {}
    runs = []
    for a_seat in (0, 1):
        levels = (a, b) if a_seat == 0 else (b, a)
        start = new_klabberjass(variant, pair_seed(seed, index))
        end, scored = play_one_deal(start, levels, pair_seed(seed, index) * 2 + a_seat, times,
                                    think_ms)  # fmt: skip
        s = scored.line.score
        runs.append(Run(
            a_seat=a_seat, margin=s.scores[a_seat] - s.scores[1 - a_seat],
            maker_is_a=s.maker == a_seat, nat=s.outcome == "nat", dealer=start.dealer,
            hands=(start.hands[0], start.hands[1]), turned=str(start.turned),
            actions=tuple(str(x) for x in end.actions),
        ))  # fmt: skip
    return Pair(index, (runs[0], runs[1]), times)


def run(
    a: str, b: str, pairs: int, variant: KlabberjassVariant, seed: int, jobs: int = 1,
    think_ms: float | None = None,
) -> list[Pair]:  # fmt: skip
    tasks = [(i, a, b, variant, seed, think_ms) for i in range(pairs)]
    if jobs <= 1:
        return [play_pair(t) for t in tasks]
    # spawn, not fork: forking a process that runs threads (a UI, a test runner) can deadlock
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return list(pool.imap(play_pair, tasks, chunksize=max(1, min(4, pairs // (jobs * 4)))))


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(pairs: list[Pair], a: str, b: str, variant: str) -> str:
    margins = [p.margin for p in pairs]
    mean = statistics.fmean(margins)
    se = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.nan
    out = [
        f"klabberjass arena: {a} (A) vs {b} (B), {variant}, {len(pairs)} pairs "
        f"= {2 * len(pairs)} deals",
        f"A minus B per deal      {mean:+8.1f}  (standard error {se:.1f})",
    ]
    runs = [r for p in pairs for r in p.runs]
    for side, level in (("A", a), ("B", b)):
        made = [r for r in runs if r.maker_is_a == (side == "A")]
        nat = sum(r.nat for r in made)
        share = 100 * nat / len(made) if made else 0.0
        out.append(f"nat rate {side} ({level}){'':<{max(0, 9 - len(level))}}{share:7.1f}%  "
                   f"({nat} of {len(made)} deals as maker)")  # fmt: skip
    out.append(f"{'level':<10}{'decisions':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    merged: dict[str, list[float]] = {}
    for p in pairs:
        for level, ts in p.times.items():
            merged.setdefault(level, []).extend(ts)
    for level, ts in sorted(merged.items()):
        out.append(f"{level:<10}{len(ts):>10}{_ms(ts, 0.5):>10.1f}{_ms(ts, 0.95):>10.1f}"
                   f"{1000 * max(ts):>10.1f}")  # fmt: skip
    return "\n".join(out)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line and exit status 2."""
        self.exit(2, f"klabberjass_arena: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m klaverjas_gui.ai.klabberjass_arena",
                description=(__doc__ or "").split("\n")[0])  # fmt: skip
    p.add_argument("--a", default="hard", choices=KLABBERJASS_LEVELS, help="level of player A")
    p.add_argument("--b", default="easy", choices=KLABBERJASS_LEVELS, help="level of player B")
    p.add_argument("--pairs", type=int, default=100)
    p.add_argument("--variant", default="klabberjass", choices=list(KLABBERJASS_PRESETS))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--think-ms", type=float, default=None, help="hard's time per decision")
    args = p.parse_args(argv)
    for name, low in (("pairs", 1), ("jobs", 1)):
        if getattr(args, name) < low:
            p.error(f"--{name} must be at least {low}")
    if args.think_ms is not None and args.think_ms <= 0:
        p.error("--think-ms must be positive")
    pairs = run(args.a, args.b, args.pairs, KLABBERJASS_PRESETS[args.variant], args.seed,
                args.jobs, args.think_ms)  # fmt: skip
    print(report(pairs, args.a, args.b, args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
