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

Under attack: the same latency while a stranger (another process, tests/hostile_client.py)
holds 200 idle WebSocket connections from 50 loopback addresses (127.0.0.10 ... 59; each
one reopened as soon as the host closes it) and floods wrong room codes from 127.0.0.2,
reconnecting whenever the host closes that connection. Where this system routes only
127.0.0.1 to itself, every stranger comes from 127.0.0.1 (and the row says so).

Each figure is the median over the runs (a fresh host process each).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import multiprocessing
import os
import queue
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(ROOT / "tests"))
from hostile_client import Client, can_come_from, hello, reason  # noqa: E402

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


IDLE = 200
IDLE_SOURCES = [f"127.0.0.{a}" for a in range(10, 60)]  # 4 idle connections each
FLOOD_SOURCE = "127.0.0.2"


def _opened(port: int, source: str) -> Client | None:
    try:
        return Client(port, source=source, timeout=2.0).handshake()
    except (OSError, EOFError, ValueError):
        return None


def _gone(c: Client) -> bool:
    """The host closed this connection (a peek, never waiting)."""
    try:
        return c.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def attack(port: int, stop: threading.Event, counts: dict[str, int], many: bool) -> None:
    """Hold IDLE idle connections (reopening each one the host closes) and flood wrong room
    codes, until `stop`; `counts` gets what happened."""
    idle_from = IDLE_SOURCES if many else ["127.0.0.1"]
    flood_from = FLOOD_SOURCE if many else "127.0.0.1"

    def hold() -> None:
        held: list[Client | None] = [None] * IDLE
        while not stop.is_set():
            for i, c in enumerate(held):
                if c is not None and not _gone(c):
                    continue
                if c is not None:
                    c.close()
                    counts["idle closed by the host"] += 1
                held[i] = _opened(port, idle_from[i % len(idle_from)])
                counts["idle opened"] += 1
                if stop.is_set():
                    break
            time.sleep(0.05)
        for c in held:
            if c is not None:
                c.close()

    def flood() -> None:
        while not stop.is_set():
            c = _opened(port, flood_from)
            if c is None:
                continue
            try:
                while not stop.is_set():
                    c.send(hello("ZZZZZZ", "Mallory"))
                    counts["wrong codes sent"] += 1
                    m = c.answer(2)
                    counts[f"answer {reason(m) or m['type']}"] += 1
                    if m["type"] in ("bye", "closed", "eof"):
                        break
            except (OSError, TimeoutError, ValueError):
                pass
            finally:
                c.close()

    threads = [threading.Thread(target=f, daemon=True) for f in (hold, flood)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _attacker(port: int, stop: Any, out: multiprocessing.Queue, many: bool) -> None:
    """The stranger's own process (so its threads do not slow the guests' measurements),
    until `stop` is set (or 300 s pass)."""
    counts: collections.Counter[str] = collections.Counter()
    timer = threading.Timer(300.0, stop.set)
    timer.daemon = True
    timer.start()
    attack(port, stop, counts, many)
    out.put(dict(counts))


def latency_run(deals: int, seed: int, attacked: bool = False) -> tuple[list[float], dict]:
    """One match; the ms from each guest move to each other guest's decoded position (and,
    `attacked`, what the stranger did meanwhile)."""
    proc, port = start_host("--rule", f"match_length=deals:{deals}", "--seed", str(seed))
    received: dict[tuple[int, int], float] = {}  # (guest index, n) -> when decoded
    sent: list[tuple[int, int, float]] = []  # (guest index, n after the move, when sent)
    guests: list[NetGuest] = []
    report: multiprocessing.Queue = multiprocessing.get_context("fork").Queue()
    stop = multiprocessing.get_context("fork").Event()
    attacker = None
    many = False
    counts: dict = {}
    try:
        for i, name in enumerate(("Anna", "Bert", "Cor")):

            def on_update(update, i=i):  # noqa: ANN001 - the guest thread's callback
                received.setdefault((i, update.n), time.perf_counter())

            guests.append(NetGuest("127.0.0.1", port, ROOM, name, on_update=on_update).start())
        assert all(g.wait_joined(20) for g in guests)
        if attacked:  # the guests sit; now the stranger comes, and stays to the end
            many = can_come_from(FLOOD_SOURCE)
            attacker = multiprocessing.get_context("fork").Process(
                target=_attacker, args=(port, stop, report, many), daemon=True
            )
            attacker.start()
            time.sleep(3.0)  # the idle connections are open, the flood is on
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
        if attacker is not None:
            assert proc.poll() is None, "the host fell over during the attack"
            stop.set()
        proc.wait(30)
    finally:
        if attacker is not None:
            stop.set()
            with contextlib.suppress(queue.Empty):
                counts = report.get(timeout=20)
            attacker.join(5)
            if attacker.is_alive():
                attacker.kill()
            counts["from many addresses"] = many
        for g in guests:
            g.close()
        if proc.poll() is None:
            proc.kill()
    lat = [
        (received[(j, n)] - t) * 1000
        for i, n, t in sent
        for j in range(3)
        if j != i and (j, n) in received
    ]
    return lat, counts


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
    names = ("echo p50", "echo p99", "p50", "p99", "n", "idle", "a p50", "a p99", "a n")
    rows: dict[str, list[float]] = {k: [] for k in names}
    attacks: list[dict] = []
    for run in range(args.runs):
        echo = echo_baseline()
        lat, _ = latency_run(args.deals, seed=run + 1)
        under, counts = latency_run(args.deals, seed=run + 1, attacked=True)
        attacks.append(counts)
        rows["a p50"].append(pct(under, 0.5))
        rows["a p99"].append(pct(under, 0.99))
        rows["a n"].append(len(under))
        print(f"run {run + 1} under attack: p50 {pct(under, 0.5):.1f} ms, p99 "
              f"{pct(under, 0.99):.1f} ms ({len(under)} receipts); the stranger: "
              f"{dict(sorted(counts.items()))}", flush=True)  # fmt: skip
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
    where = "50 loopback addresses" if all(a.get("from many addresses") for a in attacks) else (
        "127.0.0.1 only")  # fmt: skip
    print(
        f"| under attack ({IDLE} idle connections from {where}, a wrong-code flood): move "
        f"-> other guests, p50 / p99 | {med['a p50']:.1f} / {med['a p99']:.1f} ms |"
    )
    print(f"| receipts per run under attack | {med['a n']:.0f} |")


if __name__ == "__main__":
    main()
