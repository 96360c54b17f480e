"""Speed of the three-player (Kalabriasz) exact solver, `ai/kalabriasz_solver.ThreeSolver`.

    .venv/bin/python benchmarks/kalabriasz_solver.py [--deals 30] [--cards 8]
    .venv/bin/python benchmarks/kalabriasz_solver.py --deals 30 --compare-with int4

Each deal is a seeded Kalabriasz match (the rules cycle through the presets) whose bidding,
laying away and cards are played by three normal players; the solver, fresh for each deal,
computes the exact value (`ThreeSolver.value`, full window, as the deal review asks) of the
first trick start at which the hands hold `--cards` cards (10: the whole deal, as the review's
first position; that can take a minute). CPU time of the process and the solver's nodes are
printed; `--review N` also times the deal review (`review_kalabriasz_deal`) of the first N
deals' last `--cards` cards.

`--compare-with REF` solves the same positions with another version in the same run, as
`benchmarks/solver.py` does (REF: a git ref or a folder holding `klaverjas_gui`; each
version in its own worker process, deal by deal in turn, which goes first alternating); the
values must agree position by position.

For an instruction count, feed a worker "solve SEED" lines under callgrind, and take off the
same run with "play SEED" lines (the deals played, nothing solved); PYTHONPATH picks the
version:

    seq 0 11 | sed 's/^/solve /' | PYTHONPATH=. valgrind --tool=callgrind \\
        --callgrind-out-file=/dev/null .venv/bin/python benchmarks/kalabriasz_solver.py \\
        --worker --cards 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__" and "--worker" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # a worker finds its version through PYTHONPATH
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver import ask, row, start_workers, stop_workers, version_folder  # noqa: E402

from klaverjas_gui.ai.kalabriasz_players import make_kalabriasz_player  # noqa: E402
from klaverjas_gui.ai.kalabriasz_solver import ThreeSolver  # noqa: E402
from klaverjas_gui.engine.cards import Card  # noqa: E402
from klaverjas_gui.engine.kalabriasz import KalabriaszState, new_kalabriasz  # noqa: E402
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS  # noqa: E402


def deal_states(seed: int) -> list[tuple[KalabriaszState, Card]]:
    """Every play-phase state of a seeded deal played by three normal players, with the card
    played there ([] when all passed)."""
    names = sorted(KALABRIASZ_PRESETS)
    state = new_kalabriasz(KALABRIASZ_PRESETS[names[seed % len(names)]], seed)
    players = [make_kalabriasz_player("normal", 3 * seed + k) for k in range(3)]
    while state.phase in ("bidding", "talon"):
        state, _ = state.apply(players[state.to_move].choose(state.observation(state.to_move)))
    plays = []
    while state.phase == "play":
        action = players[state.to_move].choose(state.observation(state.to_move))
        assert action.card is not None
        plays.append((state, action.card))
        state, _ = state.apply(action)
    return plays


def solve(seed: int, cards: int) -> list[Any] | None:
    """[seed, value, CPU seconds, nodes] of the deal's trick start with `cards` a hand."""
    from klaverjas_gui.teach.kalabriasz_review import position

    for state, _ in deal_states(seed):
        if not state.trick and state.hands[state.to_move].bit_count() == cards:
            pos = position(state)
            solver = ThreeSolver(state.variant, state.trump, state.maker)
            c0 = time.process_time()
            value = solver.value(pos.hands, pos.leader, pos.trick, pos.lost)
            return [seed, value, time.process_time() - c0, solver.nodes]
    return None


def card_values(seed: int, cards: int) -> list[Any]:
    """[seed, every legal card's value, CPU seconds] at each position of the deal with at
    most `cards` in the hand to move, one solver for the deal (as the hard player keeps
    one over a decision's sampled deals)."""
    from klaverjas_gui.teach.kalabriasz_review import position

    plays = deal_states(seed)
    if not plays:
        return [seed, [], 0.0]
    first = plays[0][0]
    solver = ThreeSolver(first.variant, first.trump, first.maker)
    out = []
    c0 = time.process_time()
    for state, _ in plays:
        if state.hands[state.to_move].bit_count() <= cards:
            pos = position(state)
            out.append(
                sorted(solver.best_cards(pos.hands, pos.leader, pos.trick, pos.lost).items())
            )
    return [seed, out, time.process_time() - c0]


def review(seed: int, cards: int) -> list[Any]:
    """[seed, the review's card losses, CPU seconds] of the deal's last `cards` cards a hand."""
    from klaverjas_gui.teach.kalabriasz_review import review_kalabriasz_deal

    plays = [(s, c) for s, c in deal_states(seed) if s.hands[s.to_move].bit_count() <= cards]
    c0 = time.process_time()
    out = review_kalabriasz_deal(plays)
    return [seed, [c.loss for c in out.cards], time.process_time() - c0]


def worker(cards: int) -> int:
    for line in sys.stdin:
        kind, seed = line.split()
        if kind == "play":  # the deal alone: the start-up an instruction count takes off
            out: Any = len(deal_states(int(seed)))
        else:
            out = {"solve": solve, "review": review, "cards": card_values}[kind](int(seed), cards)
        print(json.dumps(out), flush=True)
    return 0


def report(name: str, rows: list[list[Any]]) -> None:
    print(row(f"{name}, CPU time", [r[2] for r in rows]))
    print(f"{'  median nodes':<34}{statistics.median(r[3] for r in rows):>17,.0f}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--cards", type=int, default=8, help="cards a hand at the trick start")
    p.add_argument("--review", type=int, default=0, help="also review this many deals")
    p.add_argument("--compare-with", metavar="REF", help="git ref or folder (docstring)")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        return worker(args.cards)
    head = f"{f'{args.cards} cards a hand':<34}{'n':>6}"
    head += f"{'median ms':>11}{'p90 ms':>11}{'max ms':>11}"
    if not args.compare_with:
        rows = [r for r in (solve(seed, args.cards) for seed in range(args.deals)) if r]
        if rows:
            print(head)
            report("this version", rows)
            print(f"total CPU {sum(r[2] for r in rows):.2f} s, {sum(r[3] for r in rows):,} nodes")
        done = [review(seed, args.cards) for seed in range(args.review)]
        if done:
            print(row("deal review, CPU time", [r[2] for r in done]))
        return 0
    folders = {"this version": ROOT, args.compare_with: version_folder(args.compare_with)}
    argv = [str(Path(__file__).resolve()), "--worker", "--cards", str(args.cards)]
    workers = start_workers(folders, argv)
    names = list(workers)
    results: dict[str, list[list[Any]]] = {n: [] for n in names}
    reviews: dict[str, list[list[Any]]] = {n: [] for n in names}
    for kind, count, out in (("solve", args.deals, results), ("review", args.review, reviews)):
        for seed in range(count):
            order = names if seed % 2 == 0 else names[::-1]
            got = {n: ask(workers[n], f"{kind} {seed}") for n in order}
            if got[names[0]] is None:
                continue
            if got[names[0]][1] != got[names[1]][1]:
                sys.exit(f"kalabriasz_solver.py: {kind} {seed}: {got[names[0]][1]} here but "
                         f"{got[names[1]][1]} in {args.compare_with}")  # fmt: skip
            for n in names:
                out[n].append(got[n])
    stop_workers(workers)
    print(head)
    for n in names:
        if results[n]:
            report(n, results[n])
        if reviews[n]:
            print(row(f"{n}, deal review CPU", [r[2] for r in reviews[n]]))
    for label, res, i in (("solve", results, 2), ("deal review", reviews, 2)):
        a, b = res[names[0]], res[names[1]]
        if a:
            ratio = statistics.median(x[i] / y[i] for x, y in zip(a, b, strict=True) if y[i] > 0)
            print(f"{label}: this version / {args.compare_with}, median {ratio:.2f}x CPU time, "
                  f"total {sum(x[i] for x in a) / sum(y[i] for y in b):.2f}x; every value agreed "
                  f"({len(a)} positions)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
