"""Speed of the exact solver: full-deal solves, and the gain over plain alpha-beta.

    .venv/bin/python benchmarks/solver.py [--deals 100] [--subset 10] [--tricks-left 5]
    .venv/bin/python benchmarks/solver.py --deals 100 --compare-with main


Each deal is a seeded one-deal Amsterdam match; trump is chosen by the easy
player, then the solver computes the exact value of the position before the
first card (`Solver.value`); its CPU time is printed too, since on a shared machine the
wall clock also counts other processes' turns. The comparison runs, on the first `--subset`
deals, both the full solver and a plain full-window alpha-beta (same move
ordering; no transposition table, no equivalent-card grouping, no bounds) on
the position with `--tricks-left` tricks to play, since plain alpha-beta
cannot finish whole deals in reasonable time.

`--compare-with REF` times the same full deals with the solver of another version, in
the same run: REF is a git ref (its `klaverjas_gui` is extracted to a temporary folder)
or a folder that holds a `klaverjas_gui` package. Each version solves in its own worker
process, deal by deal in turn (which one goes first alternates), so a busy machine slows
both alike; the values must agree deal by deal (speed never changes an answer).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__" and "--worker" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # a worker finds its version through PYTHONPATH

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


def machine_speed(runs: int = 5) -> float:
    """CPU ms of a fixed pure-Python workload (integer masks and a dict, like the solver's),
    median of `runs`: the same solver took 597 ms a full deal (median) in one session and
    862 to 947 ms in the next, so a result compares only with others at the same speed."""
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        seen: dict[int, int] = {}
        x = 0x9E3779B9
        for i in range(300_000):
            x = (x * 1103515245 + 12345) & 0xFFFFFFFF
            key = x >> 3 & 0x3FFFFFFF | i & 15
            seen[key] = seen.get(key, 0) + (x & 255)
        times.append(time.process_time() - t0)
    return 1000 * statistics.median(times)


def worker() -> int:
    """Solve the deals whose seeds arrive on stdin, one JSON line out per deal."""
    for line in sys.stdin:
        seed = int(line)
        pos = Position.from_state(deal_position(seed, 0))
        solver = Solver.for_position(pos)
        t0, c0 = time.perf_counter(), time.process_time()
        value = solver.value(pos)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(json.dumps([seed, value, wall, cpu, solver.nodes]), flush=True)
    return 0


def version_folder(ref: str) -> Path:
    """A folder holding the `klaverjas_gui` of `ref` (a folder as given, or a git ref; with
    its card art, for the benchmarks that draw)."""
    if (Path(ref) / "klaverjas_gui").is_dir():
        return Path(ref).resolve()
    try:
        data = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", ref, "klaverjas_gui", "assets"],
            check=True, capture_output=True,
        ).stdout  # fmt: skip
    except subprocess.CalledProcessError as e:
        sys.exit(f"solver.py: --compare-with {ref!r}: not a folder with klaverjas_gui nor a "
                 f"git ref ({e.stderr.decode().strip()})")  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="solver-compare-"))
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def start_workers(folders: dict[str, Path], argv: list[str]) -> dict[str, subprocess.Popen]:
    """One process per version (`argv`, run with that version's folder as PYTHONPATH),
    answering each line sent to it with one JSON line (`ask`); `stop_workers` ends them."""
    return {
        name: subprocess.Popen(
            [sys.executable, *argv],
            env=dict(os.environ, PYTHONPATH=str(folder)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for name, folder in folders.items()
    }


def ask(worker: subprocess.Popen, line: str) -> Any:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{line}\n")
    worker.stdin.flush()
    return json.loads(worker.stdout.readline())


def stop_workers(workers: dict[str, subprocess.Popen]) -> None:
    for w in workers.values():
        assert w.stdin is not None
        w.stdin.close()
        w.wait()


def compare(deals: int, ref: str) -> int:
    """Full-deal solves by this version and by `ref`, deal by deal in turn (docstring)."""
    folders = {"this version": ROOT, ref: version_folder(ref)}
    workers = start_workers(folders, [str(Path(__file__).resolve()), "--worker"])
    results: dict[str, list[list]] = {name: [] for name in workers}
    names = list(workers)
    for seed in range(deals):
        for name in names if seed % 2 == 0 else names[::-1]:
            results[name].append(ask(workers[name], str(seed)))
        a, b = (results[n][-1] for n in names)
        if a[1] != b[1]:
            sys.exit(f"solver.py: deal {seed}: value {a[1]} here but {b[1]} in {ref}")
    stop_workers(workers)
    print(f"{'full deal, 32 cards':<34}{'n':>6}{'median ms':>11}{'p90 ms':>11}{'max ms':>11}")
    for name in names:
        rows = results[name]
        print(row(f"{name}, wall clock", [r[2] for r in rows]))
        print(row(f"{name}, CPU time", [r[3] for r in rows]))
        print(f"{'  median nodes':<34}{statistics.median(r[4] for r in rows):>17,.0f}")
    here, there = (results[n] for n in names)
    cpu = statistics.median(a[3] / b[3] for a, b in zip(here, there, strict=True))
    print(f"this version / {ref}, per deal, median: {cpu:.2f}x CPU time; "
          f"every value agreed ({deals} deals)")  # fmt: skip
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--subset", type=int, default=10)
    p.add_argument("--tricks-left", type=int, default=5)
    p.add_argument("--compare-with", metavar="REF", help="git ref or folder (docstring)")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        return worker()
    if args.compare_with:
        return compare(args.deals, args.compare_with)

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
    if args.subset:
        print(row(f"{args.tricks_left} tricks left: solver", fast_t))
        print(row(f"{args.tricks_left} tricks left: plain alpha-beta", plain_t))
    print(f"median nodes per full deal: {statistics.median(nodes):,.0f}")
    if args.subset:
        ratio_t = sum(plain_t) / sum(fast_t)
        ratio_n = sum(plain_n) / sum(fast_n)
        print(f"plain alpha-beta / solver on the subset: {ratio_t:.1f}x time, {ratio_n:.1f}x nodes")
    print(f"machine speed: {machine_speed():.0f} ms CPU for the fixed workload (machine_speed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
