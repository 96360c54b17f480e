"""CPU use while nothing moves, and input latency, before and after the calm loop.

    python benchmarks/idle.py [--seconds 20] [--runs 3] [--before a45c175]

A real window: the benchmark starts its own X server (Xvfb, Debian package `xvfb`) and
stops it at the end. For each scene (the main menu; the table with `--seed 1` once the
person is to play) and each version (the checkout; `--before`, a commit exported with
`git archive` into a temporary folder) it starts the real program as a process, waits
for its first frame and a settling time, then reads the process's CPU time
(/proc/PID/stat utime + stime) over `--seconds`. The X server's CPU over the same
window is shown too: every frame a program draws, the server copies. The idle demo is
off (`demo_idle_seconds` 0 in the settings file of a fresh data folder).

Latency: the app runs in a child process in the same window; once it has been calm for
1.5 s, another thread posts a key (Down on the menu) and the times from the post to the
frame that handles it and to the end of that frame's flip are taken, 20 times per run. Each figure
is the median over the runs (each run a fresh process).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")
SCENES = {"menu": [], "table": ["--seed", "1"]}  # extra arguments of each scene
SETTLE = {"menu": 3.0, "table": 12.0}  # seconds after the first frame: the person is to play
SIZE = "1280x720"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (fields 14 and 15 of /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def export(ref: str, into: Path) -> Path:
    """The tree of commit `ref` in `into` (git archive: no worktree, no checkout touched)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", ref, "klaverjas_gui", "assets"],
        check=True, capture_output=True,
    ).stdout  # fmt: skip
    path = into / "tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


class Xvfb:
    """An X server of our own on a free display, stopped on exit."""

    def __enter__(self) -> str:
        display = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
        self.proc = subprocess.Popen(
            ["Xvfb", f":{display}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        socket = Path(f"/tmp/.X11-unix/X{display}")
        for _ in range(100):
            if socket.exists():
                return f":{display}"
            time.sleep(0.05)
        self.proc.kill()
        raise SystemExit("idle.py: Xvfb did not start (apt-get install xvfb)")

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def environment(tree: Path, display: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(tree), KLAVERJAS_REPORT_FIRST_FRAME="1")  # fmt: skip
    return env


def data_dir() -> str:
    """A fresh data folder whose settings keep the idle demo off."""
    folder = tempfile.mkdtemp(prefix="klaverjas-idle-")
    Path(folder, "settings.json").write_text(json.dumps({"demo_idle_seconds": 0}))
    return folder


def wait_first_frame(proc: subprocess.Popen) -> None:
    line = proc.stdout.readline()  # type: ignore[union-attr]
    if "first-frame" not in line:
        proc.kill()
        raise SystemExit(f"idle.py: the program did not start: {line!r}")


def measure_cpu(tree: Path, display: str, xvfb: int, scene: str, seconds: float) -> tuple:
    """(program, X server) CPU in % of one core while `scene` waits for the person."""
    argv = [sys.executable, "-m", "klaverjas_gui", "--data-dir", data_dir(), "--size", SIZE]
    proc = subprocess.Popen(
        [*argv, *SCENES[scene]], cwd=tree, env=environment(tree, display),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        wait_first_frame(proc)
        time.sleep(SETTLE[scene])
        start, x_start, t = cpu_seconds(proc.pid), cpu_seconds(xvfb), time.monotonic()
        time.sleep(seconds)
        used, x_used = cpu_seconds(proc.pid) - start, cpu_seconds(xvfb) - x_start
        wall = time.monotonic() - t
        return 100 * used / wall, 100 * x_used / wall
    finally:
        proc.terminate()
        proc.wait(10)


LATENCY_CHILD = """
import sys, threading, time
import pygame
from klaverjas_gui.app import App, parse_args

app = App(parse_args(sys.argv[1:]), audio=False)
posted, handled, times = [0.0], [0.0], []
flip, dispatch = pygame.display.flip, App.dispatch

def timed_flip():
    flip()
    if handled[0]:
        times.append((handled[0] - posted[0], time.perf_counter() - posted[0]))
        handled[0] = 0.0

def timed_dispatch(self, event):
    if event.type == pygame.KEYDOWN:
        handled[0] = time.perf_counter()
    dispatch(self, event)

pygame.display.flip, App.dispatch = timed_flip, timed_dispatch

def press():
    time.sleep(3.0)
    for _ in range(20):
        time.sleep(1.5)  # long enough for the calm loop to be asleep
        posted[0] = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
    time.sleep(0.5)
    app.quit()

threading.Thread(target=press, daemon=True).start()
app.run()
print(" ".join(f"{a:.6f},{b:.6f}" for a, b in times), flush=True)
"""


def measure_latency(tree: Path, display: str) -> list[tuple[float, float]]:
    """Seconds from a key posted while the menu is calm to the frame handling it, and to
    the end of the flip that shows its answer."""
    env = environment(tree, display)
    env.pop("KLAVERJAS_REPORT_FIRST_FRAME")
    out = subprocess.run(
        [sys.executable, "-c", LATENCY_CHILD, "--data-dir", data_dir(), "--size", SIZE],
        cwd=tree, env=env, capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    return [(float(a), float(b)) for a, b in (pair.split(",") for pair in out.split())]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=20.0, help="measuring time per run")
    p.add_argument("--runs", type=int, default=3, help="runs per scene and version (median)")
    p.add_argument("--before", default="a45c175", help="the commit with the old loop")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="klaverjas-idle-") as scratch, Xvfb() as display:
        trees = {"before": export(args.before, Path(scratch)), "after": ROOT}
        xvfb = next(
            int(pid) for pid in os.listdir("/proc") if pid.isdigit()
            and Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:2] == [b"Xvfb",
                                                                               display.encode()]
        )  # fmt: skip
        rows = []
        for scene in SCENES:
            cells = []
            for version, tree in trees.items():
                runs = [measure_cpu(tree, display, xvfb, scene, args.seconds)
                        for _ in range(args.runs)]  # fmt: skip
                cells.append((statistics.median(r[0] for r in runs),
                              statistics.median(r[1] for r in runs)))  # fmt: skip
                print(f"{scene} {version}: " + ", ".join(f"{a:.1f}%/{b:.1f}%" for a, b in runs),
                      file=sys.stderr, flush=True)  # fmt: skip
            rows.append((scene, cells))
        latency = {}
        for version, tree in trees.items():
            runs = [measure_latency(tree, display) for _ in range(args.runs)]
            latency[version] = [
                (statistics.median(statistics.median(t[k] for t in r) for r in runs) * 1000,
                 max(max(t[k] for t in r) for r in runs) * 1000)
                for k in (0, 1)
            ]  # fmt: skip
    print(f"CPU of one core, median of {args.runs} runs of {args.seconds:g} s, {SIZE}, "
          f"before = {args.before}; program / X server")  # fmt: skip
    print("| scene | before | after |")
    print("|---|---|---|")
    for scene, ((b, bx), (a, ax)) in rows:
        print(f"| {scene} | {b:.1f} % / {bx:.1f} % | {a:.1f} % / {ax:.1f} % |")
    for k, what in enumerate(("key to its frame", "key to the flip")):
        (bm, bmax), (am, amax) = latency["before"][k], latency["after"][k]
        print(f"| {what}, menu (median / max) | {bm:.1f} / {bmax:.1f} ms "
              f"| {am:.1f} / {amax:.1f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
