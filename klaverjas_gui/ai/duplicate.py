"""Duplicate play, shared by the Klaverjas and the Klabberjass arenas.

A pair is one seeded deal played twice, team (or player) A taking the other
seats the second time, so the luck of the cards cancels out of the difference.
Both games of a pair must see the same cards. A deal that is voided (everyone
passed twice, an accepted schmeiss) is redealt by the engine from the game seed,
the deal number and the attempt number, so two games voided at the same attempt
get the same next deal and play on; when only one of the two is voided, that
game ends there scoring nothing (its opponent game scored the very cards it
passed), and neither plays a deal the other never saw.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ..engine.match import DealScored, Redealt


class Run(Protocol):
    """One game of a pair, told from A's side."""

    @property
    def margin(self) -> int: ...  # A's deal score minus B's (0 for a voided deal)

    @property
    def a_burden(self) -> bool: ...  # A carried the burden (chose or made trump)

    @property
    def nat(self) -> bool: ...  # the burden side went nat

    @property
    def voided(self) -> bool: ...  # the deal was voided and not replayed


R = TypeVar("R", bound=Run)


@dataclass
class Pair(Generic[R]):
    """Both games of one deal and each level's decision times (seconds)."""

    index: int
    runs: tuple[R, R]
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def margin(self) -> float:
        """A's mean deal score minus B's over the two games."""
        return (self.runs[0].margin + self.runs[1].margin) / 2


def play_deal(
    state: Any,
    players: Mapping[int, Any] | Sequence[Any],
    levels: Mapping[int, str] | Sequence[str],
    times: dict[str, list[float]],
) -> tuple[Any, DealScored | None]:
    """Play one game's deal until it is scored (returns its event) or voided (None: the
    engine has dealt the next attempt). Seat s is `players[s]`, timed under `levels[s]`
    for every real decision (more than one legal action, not a roem claim)."""
    while True:
        seat = state.to_move
        obs = state.observation(seat)
        t0 = time.perf_counter()
        action = players[seat].choose(obs)
        if len(obs.legal) > 1 and obs.phase != "claim":
            times.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        state, events = state.apply(action)
        for e in events:
            if isinstance(e, DealScored):
                return state, e
            if isinstance(e, Redealt):
                return state, None


Task = TypeVar("Task")
Played = TypeVar("Played")


def run_pairs(
    play_pair: Callable[[Task], Played], tasks: list[Task], jobs: int, chunk: int
) -> list[Played]:
    """Play the pairs here, or over `jobs` processes (at most `chunk` pairs per hand-out)."""
    if jobs <= 1:
        return [play_pair(t) for t in tasks]
    # spawn, not fork: forking a process that runs threads (a UI, a test runner) can deadlock
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        size = max(1, min(chunk, len(tasks) // (jobs * 4)))
        return list(pool.imap(play_pair, tasks, chunksize=size))


def pair_seed(seed: int, index: int) -> int:
    """The game seed of pair `index`: it fixes the cards and the dealer of both games."""
    return seed * 1_000_003 + index


S = TypeVar("S")


def play_both(
    starts: tuple[S, S], play: Callable[[int, S], tuple[S, bool]]
) -> tuple[tuple[S, S], tuple[bool, bool]]:
    """Play the two games of a pair over the same deals (module docstring).

    `play(game, state)` plays one game until its deal is scored or voided and
    returns the state reached and whether it was voided (the engine has then
    redealt). Returns the final states and which game ended voided."""
    states = list(starts)
    while True:
        out = [play(g, states[g]) for g in (0, 1)]
        states = [out[0][0], out[1][0]]
        voided = (out[0][1], out[1][1])
        if voided != (True, True):
            return (states[0], states[1]), voided


def mean_and_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (nan under two values)."""
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return mean, se


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(pairs: Sequence[Pair[R]], title: str, a: str, b: str, contracts: str) -> list[str]:
    """The statistics table: A minus B per deal with its standard error over pairs,
    each side's nat rate (of the deals it carried, called `contracts`), voided
    games, and the time per decision of each level (decisions with a choice)."""
    mean, se = mean_and_se([p.margin for p in pairs])
    lines = [
        f"{title}: {a} (A) vs {b} (B), {len(pairs)} pairs = {2 * len(pairs)} deals",
        f"{'A minus B per deal':<24}{mean:+8.1f}  (standard error {se:.1f})",
    ]
    runs = [r for p in pairs for r in p.runs]
    for side, level, is_a in (("A", a, True), ("B", b, False)):
        carried = [r for r in runs if not r.voided and r.a_burden == is_a]
        nat = sum(r.nat for r in carried)
        rate = 100 * nat / len(carried) if carried else 0.0
        lines.append(
            f"{'nat rate ' + side + ' (' + level + ')':<24}{rate:7.1f}%  "
            f"({nat} of {len(carried)} {contracts})"
        )
    voided = sum(r.voided for r in runs)
    if voided:
        lines.append(f"{'voided, not replayed':<24}{voided:>7}   (games scoring 0)")
    return lines + times_table([p.times for p in pairs])


def times_table(times: Sequence[Mapping[str, Sequence[float]]]) -> list[str]:
    """Each level's decisions (seconds, merged over the pairs or rotations): how many, and
    the p50, p95 and largest time, in ms."""
    lines = [f"{'level':<10}{'decisions':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}"]
    merged: dict[str, list[float]] = {}
    for by_level in times:
        for level, ts in by_level.items():
            merged.setdefault(level, []).extend(ts)
    for level in sorted(merged):
        ts = merged[level]
        lines.append(
            f"{level:<10}{len(ts):>10}{1000 * percentile(ts, 0.5):>10.1f}"
            f"{1000 * percentile(ts, 0.95):>10.1f}{1000 * max(ts):>10.1f}"
        )
    return lines
