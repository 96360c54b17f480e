"""How much CPU going back to the menu costs, with and without `memory.settle`.

    .venv/bin/python benchmarks/back_to_menu.py [--runs 5] [--returns 30]

Every return to the menu runs a full garbage collection (`App.give_back_memory`: the old
screen's widgets hold reference cycles with big surfaces). The program settles what it
has loaded before its window opens (`cli`), so that collection walks only what came
since. Each run is a process of its own, plain and settled in turn: History opened and
left `--returns` times; the median CPU milliseconds of one return, then the median over
the runs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import common


def worker(settled: bool, returns: int) -> float:
    from klaverjas_gui import memory
    from klaverjas_gui.app import App, parse_args

    if settled:
        memory.settle()  # where the program does it: before its window opens (cli)
    app = App(parse_args(common.app_args("--size", "1280x720")), deterministic=True, audio=False)
    for _ in range(5):
        app.step(1 / 60)
    costs = []
    for _ in range(returns):
        app.push("history")
        app.step(1 / 60)
        t = time.process_time()
        app.show_menu()
        costs.append(1000 * (time.process_time() - t))
        app.step(1 / 60)
    app.close()
    return statistics.median(costs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--returns", type=int, default=30)
    parser.add_argument("--worker", choices=["plain", "settled"])
    args = parser.parse_args()
    if args.worker:
        print(worker(args.worker == "settled", args.returns))
        return
    found: dict[str, list[float]] = {"plain": [], "settled": []}
    for _ in range(args.runs):
        for kind in found:
            argv = [sys.executable, __file__, "--worker", kind, "--returns", str(args.returns)]
            out = subprocess.run(argv, capture_output=True, text=True, check=True)
            found[kind].append(float(out.stdout.split()[-1]))
    for kind, values in found.items():
        print(f"{kind:8} {statistics.median(values):5.1f} ms CPU a return to the menu "
              f"(runs: {', '.join(f'{v:.1f}' for v in values)})")  # fmt: skip


if __name__ == "__main__":
    main()
