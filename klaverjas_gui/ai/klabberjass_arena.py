"""The Klabberjass arena: two computer levels play duplicate deals, so the luck of the
cards cancels out.

A pair is one seeded deal played twice with the same cards and the same dealer,
A in seat 0 and then A in seat 1. A game ends only at its target, so each run
plays one game through the engine until its first deal is scored; a deal voided
in both games is redealt in both from the same seed, one voided in only one game
scores 0 there (see `duplicate`). The report gives A's mean deal
score minus B's with its standard error over pairs, each level's nat rate (deals
it made trump and failed) and its time per decision (decisions with a choice).

    python -m klaverjas_gui.ai.klabberjass_arena --a hard --b easy --pairs 200 \\
        --variant klabberjass --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from ..engine import KLABBERJASS_PRESETS, KlabberjassState, KlabberjassVariant, new_klabberjass
from ..engine.klabberjass_rules import KlabberjassScoreLine
from ..engine.match import DealScored
from .duplicate import Pair, pair_seed, play_both, play_deal, run_pairs
from .duplicate import report as table
from .klabberjass_players import KLABBERJASS_LEVELS, make_klabberjass_player

# make_klabberjass_player: looked up here when a pair is played, so a benchmark may swap it
__all__ = ["Pair", "Run", "make_klabberjass_player", "pair_seed", "play_pair", "report", "run"]


@dataclass(frozen=True)
class Run:
    """One game of a pair, told from A's side."""

    a_seat: int
    margin: int  # A's deal score minus B's (0 when voided)
    a_burden: bool  # A made trump
    nat: bool
    voided: bool  # voided (both passed twice, schmeiss) while the other game was not
    dealer: int
    dealt: tuple[tuple[int, int], ...]  # the hands of every attempt played
    turned: str  # the first attempt's turned card
    actions: tuple[str, ...]


def play_pair(task: tuple[int, str, str, KlabberjassVariant, int, float | None]) -> Pair[Run]:
    """One deal played twice over the same cards: A in seat 0, then A in seat 1."""
    index, a, b, variant, seed, think_ms = task
    times: dict[str, list[float]] = {}
    game_seed = pair_seed(seed, index)
    levels = ((a, b), (b, a))
    players = [
        [make_klabberjass_player(levels[g][s], (game_seed * 2 + g) * 2 + s, think_ms)
         for s in (0, 1)]
        for g in (0, 1)
    ]  # fmt: skip
    dealt: list[list[tuple[int, int]]] = [[], []]
    scored: list[DealScored | None] = [None, None]

    def play(g: int, state: KlabberjassState) -> tuple[KlabberjassState, bool]:
        dealt[g].append((state.hands[0], state.hands[1]))
        state, scored[g] = play_deal(state, players[g], levels[g], times)
        return state, scored[g] is None

    start = new_klabberjass(variant, game_seed)
    ends, voided = play_both((start, start), play)
    runs = []
    for a_seat in (0, 1):
        event = scored[a_seat]
        void = Run(
            margin=0, a_burden=False, nat=False, voided=True, a_seat=a_seat, dealer=start.dealer,
            dealt=tuple(dealt[a_seat]), turned=str(start.turned),
            actions=tuple(str(x) for x in ends[a_seat].actions),
        )  # fmt: skip
        if event is None:
            runs.append(void)
            continue
        # DealScored names the four-player line; Klabberjass scores its own in it
        assert isinstance(event.line, KlabberjassScoreLine)
        s = event.line.score
        runs.append(dataclasses.replace(
            void, margin=s.scores[a_seat] - s.scores[1 - a_seat], a_burden=s.maker == a_seat,
            nat=s.outcome == "nat", voided=False,
        ))  # fmt: skip
    return Pair(index, (runs[0], runs[1]), times)


def run(
    a: str, b: str, pairs: int, variant: KlabberjassVariant, seed: int, jobs: int = 1,
    think_ms: float | None = None,
) -> list[Pair[Run]]:  # fmt: skip
    tasks = [(i, a, b, variant, seed, think_ms) for i in range(pairs)]
    return run_pairs(play_pair, tasks, jobs, chunk=4)


def report(pairs: Sequence[Pair[Run]], a: str, b: str, variant: str) -> str:
    return "\n".join(table(pairs, f"klabberjass arena, {variant}", a, b, "deals as maker"))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
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
    p.add_argument(
        "--think-ms",
        type=float,
        default=None,
        help="hard thinks by the clock this long a decision (default: its table)",
    )
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
