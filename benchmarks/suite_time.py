"""Where `make test`'s time goes: the CPU of each test, its child processes included.

    python benchmarks/suite_time.py [--workers N] [--out /tmp/test-time] [--top 25] [-- -k ...]

Runs `make test`'s two pytest commands (ruff left out) with this file as a pytest plugin,
`-n N` workers (default `auto`: tests/conftest.py's count) and any pytest options after
`--`, and prints the wall time, the
CPU of the whole run, and the tests that used the most CPU. Each worker appends one JSON
line per test to OUT/tests-PID.jsonl: [test id, own CPU s, children's CPU s, wall s]. A
test's wall time above its CPU is time a worker waited (subprocesses, sleeps, network
peers); more workers than cores fill it. For a figure to compare, nothing else may run:
the two "cores" of the project's machine share their CPU time with any other process.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """The plugin: one line per test, in the folder $KLAVERJAS_TEST_TIME."""
    folder = os.environ.get("KLAVERJAS_TEST_TIME")
    a, start = _cpu(), time.monotonic()
    yield
    if folder:
        b = _cpu()
        line = [item.nodeid, b[0] - a[0], b[1] - a[1], time.monotonic() - start]
        with open(Path(folder) / f"tests-{os.getpid()}.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="auto")
    parser.add_argument("--out", default="/tmp/test-time")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("tests-*.jsonl"):
        old.unlink()
    env = {
        **os.environ,
        "KLAVERJAS_TEST_TIME": str(out),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "benchmarks"), str(ROOT)]),
    }
    pytest_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "suite_time", *args.pytest_args]
    start, before = time.monotonic(), os.times()
    for extra in (["-n", args.workers, "--dist", "worksteal", "-m", "not serial"],
                  ["-m", "serial"]):  # fmt: skip
        subprocess.run(pytest_cmd + extra, cwd=ROOT, env=env, check=False)
    wall, after = time.monotonic() - start, os.times()
    cpu = sum(after[2:4]) - sum(before[2:4])  # children's user + system: every pytest
    rows = []
    for name in glob.glob(str(out / "tests-*.jsonl")):
        with open(name, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f]
    rows.sort(key=lambda r: -(r[1] + r[2]))
    minutes, seconds = divmod(round(wall), 60)
    print(f"\nwall {minutes} min {seconds} s, CPU {cpu:.0f} s, {len(rows)} tests")
    print("CPU s  (children)  wall s  test")
    for test, own, children, took in rows[: args.top]:
        print(f"{own + children:6.1f}  ({children:5.1f})  {took:6.1f}  {test}")


if __name__ == "__main__":
    main()
