"""Network play on loopback: how soon the other guests see a guest's move, and what the
host costs while its guests sit idle.

    python benchmarks/lan.py [--runs 3] [--deals 4] [--idle-seconds 10]

Everything stays on 127.0.0.1. Each run starts a real host process (`klaverjas --host
--bind 127.0.0.1 --port 0`, headless, computers and the host's autopilot at once) and
three guests (NetGuest, in this process, each on its own thread) that play a random
legal move as soon as it is their turn.

Latency: from just before a guest sends its move to the moment each of the two other
guests holds the decoded new position (`on_update`): the host's check, its encoding of
every seat's observation, the WebSocket hops and the guest's decoding. Baseline in the
same run: a bare websockets echo on loopback (one small frame there and back, halved),
what the transport alone costs on this machine.

Idle CPU: the host with three connected guests that are to move and do nothing: its
process CPU time (/proc/PID/stat) over `--idle-seconds`, as a share of one core.

Each figure is the median over the runs (a fresh host process each).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from klaverjas_gui.play.net.guest import NetGuest  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
ROOM = "BENCH7"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def start_host(*extra: str) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    data = tempfile.mkdtemp(prefix="klaverjas-lan-")
    proc = subprocess.Popen(
        [sys.executable, "-m", "klaverjas_gui", "--host", "--bind", "127.0.0.1", "--port", "0",
         "--room", ROOM, "--data-dir", data, "--level", "random", "--speed", "instant", *extra],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r"on port (\d+)", line)
        if m:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep it drained
            return proc, int(m.group(1))
    raise RuntimeError(f"the host did not start (status {proc.wait()})")


def latency_run(deals: int, seed: int) -> list[float]:
    """One match; the ms from each guest move to each other guest's decoded position."""
    proc, port = start_host("--rule", f"match_length=deals:{deals}", "--seed", str(seed))
    received: dict[tuple[int, int], float] = {}  # (guest index, n) -> when decoded
    sent: list[tuple[int, int, float]] = []  # (guest index, n after the move, when sent)
    guests: list[NetGuest] = []
    try:
        for i, name in enumerate(("Anna", "Bert", "Cor")):

            def on_update(update, i=i):  # noqa: ANN001 - the guest thread's callback
                received.setdefault((i, update.n), time.perf_counter())

            guests.append(NetGuest("127.0.0.1", port, ROOM, name, on_update=on_update).start())
        assert all(g.wait_joined(20) for g in guests)
        rng = random.Random(seed)
        decided: dict[int, int] = {}
        end = time.monotonic() + 300
        while not all(g.over for g in guests) and time.monotonic() < end:
            for i, g in enumerate(guests):
                u = g.latest
                if g.to_move() and u is not None and decided.get(i) != u.n:
                    decided[i] = u.n
                    sent.append((i, u.n + 1, time.perf_counter()))
                    g.act(rng.choice(u.observation.legal), u.n)
            time.sleep(0.0005)
        proc.wait(30)
    finally:
        for g in guests:
            g.close()
        if proc.poll() is None:
            proc.kill()
    return [
        (received[(j, n)] - t) * 1000
        for i, n, t in sent
        for j in range(3)
        if j != i and (j, n) in received
    ]


def idle_run(seconds: float) -> float:
    """The host's CPU share of one core while three guests are to move and do nothing."""
    proc, port = start_host("--guests", "3")
    guests = [NetGuest("127.0.0.1", port, ROOM, n).start() for n in ("Anna", "Bert", "Cor")]
    try:
        assert all(g.wait_joined(20) for g in guests)
        time.sleep(3.0)  # the host's own seat and nothing else moves: then all wait for a guest
        before, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        return (cpu_seconds(proc.pid) - before) / (time.monotonic() - t0) * 100
    finally:
        for g in guests:
            g.close()
        proc.kill()
        proc.wait(10)


def echo_baseline(samples: int = 300) -> list[float]:
    """One-way ms of a small frame through a bare websockets echo on loopback (half the
    round trip): the transport alone."""
    from websockets.asyncio.client import connect
    from websockets.asyncio.server import serve

    async def echo(ws) -> None:  # noqa: ANN001
        async for message in ws:
            await ws.send(message)

    async def main() -> list[float]:
        async with serve(echo, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            async with connect(f"ws://127.0.0.1:{port}/") as ws:
                out = []
                for _ in range(samples):
                    t = time.perf_counter()
                    await ws.send('{"v":1,"type":"act","n":1,"action":"play JH"}')
                    await ws.recv()
                    out.append((time.perf_counter() - t) * 500)
                return out

    return asyncio.run(main())


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args()
    names = ("echo p50", "echo p99", "p50", "p99", "n", "idle")
    rows: dict[str, list[float]] = {k: [] for k in names}
    for run in range(args.runs):
        echo = echo_baseline()
        lat = latency_run(args.deals, seed=run + 1)
        idle = idle_run(args.idle_seconds)
        rows["echo p50"].append(pct(echo, 0.5))
        rows["echo p99"].append(pct(echo, 0.99))
        rows["p50"].append(pct(lat, 0.5))
        rows["p99"].append(pct(lat, 0.99))
        rows["n"].append(len(lat))
        rows["idle"].append(idle)
        print(f"run {run + 1}: move->other guests p50 {pct(lat, 0.5):.1f} ms, "
              f"p99 {pct(lat, 0.99):.1f} ms ({len(lat)} receipts); echo p50 "
              f"{pct(echo, 0.5):.2f} ms; idle host {idle:.2f}% of a core", flush=True)  # fmt: skip
    med = {k: statistics.median(v) for k, v in rows.items()}
    print()
    print(f"| figure (median of {args.runs} runs) | value |")
    print("|---|---|")
    print(f"| move -> other guests, p50 | {med['p50']:.1f} ms |")
    print(f"| move -> other guests, p99 (goal <= 50 ms) | {med['p99']:.1f} ms |")
    print(f"| receipts per run | {med['n']:.0f} |")
    print(f"| baseline: bare websockets echo, one way p50 / p99 | {med['echo p50']:.2f} / "
          f"{med['echo p99']:.2f} ms |")  # fmt: skip
    print(f"| host CPU, three idle guests | {med['idle']:.2f} % of one core |")


if __name__ == "__main__":
    main()
