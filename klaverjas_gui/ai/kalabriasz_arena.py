"""The three-player arena: two computer levels play duplicate deals, so the luck of the
cards cancels out.

A rotation is one seeded deal played six times over the same cards and the same dealer:
once for every way of seating the two levels with both at the table (A in one seat and
B in the other two, three ways; B in one seat and A in two, three ways). Each seat so
holds A three times and B three times. A game is scored from its first deal; a deal all
pass scores 0 for all. The margin of a game is A's mean deal score minus B's; the
report gives its mean over rotations with the standard error, each level's nat rate as
maker, and its time per decision (decisions with a choice).

    python -m klaverjas_gui.ai.kalabriasz_arena --a normal --b easy --rotations 600 \\
        --variant kalabriasz --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from ..engine.kalabriasz import KalabriaszDealScored, KalabriaszState, new_kalabriasz
from ..engine.kalabriasz_rules import KALABRIASZ_PRESETS, KalabriaszVariant
from .duplicate import mean_and_se, pair_seed, run_pairs, times_table
from .kalabriasz_players import KALABRIASZ_LEVELS, KalabriaszPlayer, make_kalabriasz_player

# Every seating of the two levels with both at the table: True is A.
SEATINGS: tuple[tuple[bool, bool, bool], ...] = tuple(
    (a, b, c) for a, b, c in itertools.product((True, False), repeat=3) if 0 < a + b + c < 3
)

__all__ = ["SEATINGS", "Game", "Rotation", "main", "play_rotation", "report", "run"]


@dataclass(frozen=True)
class Game:
    """One game of a rotation, told from A's side."""

    seating: tuple[bool, bool, bool]  # True where A sits
    scores: tuple[int, int, int]
    maker: int  # -1: all passed
    nat: bool
    hands: tuple[int, int, int]  # the cards dealt (the same in every game of a rotation)
    actions: tuple[str, ...]

    @property
    def margin(self) -> float:
        """A's mean deal score minus B's."""
        a = [s for s, is_a in zip(self.scores, self.seating, strict=True) if is_a]
        b = [s for s, is_a in zip(self.scores, self.seating, strict=True) if not is_a]
        return statistics.fmean(a) - statistics.fmean(b)


@dataclass
class Rotation:
    index: int
    games: tuple[Game, ...]
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def margin(self) -> float:
        return statistics.fmean(g.margin for g in self.games)


Make = Callable[[str, int], KalabriaszPlayer]


def play_game(
    state: KalabriaszState, levels: Sequence[str], seed: int, times: dict[str, list[float]],
    make: Make = make_kalabriasz_player,
) -> tuple[KalabriaszState, KalabriaszDealScored]:  # fmt: skip
    """Play the first deal of `state` with these levels by seat, timing each decision;
    `make(level, seed)` makes a seat's player (a benchmark may make other players)."""
    players = [make(level, seed * 3 + s) for s, level in enumerate(levels)]
    while True:
        seat = state.to_move
        obs = state.observation(seat)
        t0 = time.perf_counter()
        action = players[seat].choose(obs)
        if len(obs.legal) > 1:
            times.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        state, events = state.apply(action)
        for e in events:
            if isinstance(e, KalabriaszDealScored):
                return state, e


def play_rotation(
    task: tuple[int, str, str, KalabriaszVariant, int], make: Make = make_kalabriasz_player
) -> Rotation:
    """One deal played in every seating of A and B."""
    index, a, b, variant, seed = task
    game_seed = pair_seed(seed, index)
    start = new_kalabriasz(variant, game_seed)
    times: dict[str, list[float]] = {}
    games = []
    for g, seating in enumerate(SEATINGS):
        levels = [a if is_a else b for is_a in seating]
        end, scored = play_game(start, levels, game_seed * len(SEATINGS) + g, times, make)
        s = scored.line.score
        games.append(Game(seating, s.scores, s.maker, s.outcome == "nat", start.hands,
                          tuple(str(x) for x in end.actions)))  # fmt: skip
    return Rotation(index, tuple(games), times)


def run(
    a: str, b: str, rotations: int, variant: KalabriaszVariant, seed: int, jobs: int = 1
) -> list[Rotation]:
    tasks = [(i, a, b, variant, seed) for i in range(rotations)]
    return run_pairs(play_rotation, tasks, jobs, chunk=4)


def report(rotations: Sequence[Rotation], a: str, b: str, variant: str) -> str:
    mean, se = mean_and_se([r.margin for r in rotations])
    games = [g for r in rotations for g in r.games]
    lines = [
        f"kalabriasz arena, {variant}: {a} (A) vs {b} (B), {len(rotations)} rotations = "
        f"{len(games)} games",
        f"{'A minus B per deal':<24}{mean:+8.1f}  (standard error {se:.1f})",
    ]
    for side, level, is_a in (("A", a, True), ("B", b, False)):
        made = [g for g in games if g.maker >= 0 and g.seating[g.maker] == is_a]
        nat = sum(g.nat for g in made)
        rate = 100 * nat / len(made) if made else 0.0
        lines.append(
            f"{'nat rate ' + side + ' (' + level + ')':<24}{rate:7.1f}%  "
            f"({nat} of {len(made)} deals as maker)"
        )
    passed = sum(g.maker < 0 for g in games)
    lines.append(f"{'all passed':<24}{passed:>7}   (games scoring 0)")
    lines += times_table([r.times for r in rotations])
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line and exit status 2."""
        self.exit(2, f"kalabriasz_arena: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m klaverjas_gui.ai.kalabriasz_arena",
                description=(__doc__ or "").split("\n")[0])  # fmt: skip
    p.add_argument("--a", default="normal", choices=KALABRIASZ_LEVELS, help="level of player A")
    p.add_argument("--b", default="easy", choices=KALABRIASZ_LEVELS, help="level of player B")
    p.add_argument("--rotations", type=int, default=100)
    p.add_argument("--variant", default="kalabriasz", choices=list(KALABRIASZ_PRESETS))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    for name, low in (("rotations", 1), ("jobs", 1)):
        if getattr(args, name) < low:
            p.error(f"--{name} must be at least {low}")
    variant = KALABRIASZ_PRESETS[args.variant]
    rotations = run(args.a, args.b, args.rotations, variant, args.seed, args.jobs)
    print(report(rotations, args.a, args.b, args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
