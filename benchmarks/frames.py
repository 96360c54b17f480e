"""Frame time and start-up time of the table, each beside a bare pygame window.

    python benchmarks/frames.py [--runs 5] [--frames 1500]

Frame time: the table at 1920x1080 under the dummy video driver, a computer
playing the human's cards at normal animation speed; only frames while a
trick is being played or swept count. Start-up: from process start to the
first frame on screen. The reference is a bare window (pygame + pygame-gui,
1280x720, one button) measured in the same run. Each figure is the median
over several runs, each run a fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import app_args, percentile, trick_frame

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    # Start-up is measured as an installed program starts: with compiled bytecode. The
    # cache goes to a temporary folder, so the checkout stays clean.
    "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "klaverjas-bench-pycache"),
}
ENV.pop("PYTHONDONTWRITEBYTECODE", None)

BARE = """
import os, sys, time
import pygame, pygame_gui
pygame.init()
screen = pygame.display.set_mode((1280, 720))
ui = pygame_gui.UIManager((1280, 720))
pygame_gui.elements.UIButton(pygame.Rect(540, 335, 200, 50), "Hello", ui)
frames = int(sys.argv[1]) if len(sys.argv) > 1 else 1
times = []
for n in range(frames):
    t = time.perf_counter()
    for event in pygame.event.get():
        ui.process_events(event)
    ui.update(1 / 60)
    screen.fill((30, 90, 60))
    ui.draw_ui(screen)
    pygame.display.flip()
    times.append(time.perf_counter() - t)
    if n == 0 and os.environ.get("KLAVERJAS_REPORT_FIRST_FRAME"):
        print("first-frame", flush=True)
if frames > 1:
    import json
    print(json.dumps(times[10:]))
"""


def child_table(frames: int) -> None:
    """Runs inside a fresh process: time every frame of an animated table."""
    from klaverjas_gui.app import App, parse_args
    from klaverjas_gui.ui.table.scene import TableScene

    args = parse_args(app_args("--size", "1920x1080", "--seed", "3"))
    app = App(args, deterministic=True, autopilot=True, audio=False)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    times = [t for t in (trick_frame(app, table) for _ in range(frames)) if t is not None]
    app.close()
    print(json.dumps(times[5:]))


def first_frame(cmd: list[str]) -> float:
    """Seconds from starting the process to its 'first-frame' line."""
    env = {**ENV, "KLAVERJAS_REPORT_FIRST_FRAME": "1"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    for line in proc.stdout:  # type: ignore[union-attr]
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError(f"no first frame from {cmd}")
    proc.kill()
    proc.wait()
    return elapsed


def frame_times(cmd: list[str]) -> list[float]:
    out = subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--frames", type=int, default=1500)
    p.add_argument("--child", choices=["table"], help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child_table(args.frames)
        return
    py = sys.executable
    game = [py, "-m", "klaverjas_gui", "--size", "1280x720", "--frames", "2"]
    table = [py, "-m", "klaverjas_gui", "--size", "1280x720", "--seed", "1", "--frames", "2"]
    bare = [py, "-c", BARE]
    for cmd in (game, table, bare):  # warm-up: bytecode cache, disk cache
        first_frame(cmd)
    rows: dict[str, list[float]] = {k: [] for k in
        ("t50", "t99", "b50", "b99", "start_menu", "start_table", "start_bare", "n")}  # fmt: skip
    for _ in range(args.runs):
        t = frame_times([py, __file__, "--child", "table", "--frames", str(args.frames)])
        b = frame_times([py, "-c", BARE, str(args.frames)])
        rows["t50"].append(percentile(t, 50) * 1000)
        rows["t99"].append(percentile(t, 99) * 1000)
        rows["b50"].append(percentile(b, 50) * 1000)
        rows["b99"].append(percentile(b, 99) * 1000)
        rows["n"].append(len(t))
        rows["start_bare"].append(first_frame(bare))
        rows["start_menu"].append(first_frame(game))
        rows["start_table"].append(first_frame(table))
    med = {k: statistics.median(v) for k, v in rows.items()}
    print(
        f"median of {args.runs} runs; table frames measured during tricks: {med['n']:.0f} per run"
    )
    print(f"{'measure':34} {'klaverjas':>10} {'bare window':>12} {'ratio':>7}  target")
    print(
        f"{'frame time p50 (ms), 1920x1080':34} {med['t50']:10.2f} {med['b50']:12.2f} "
        f"{med['t50'] / med['b50']:7.1f}"
    )
    ok = "ok" if med["t99"] <= 8 else "MISSED"
    print(
        f"{'frame time p99 (ms), 1920x1080':34} {med['t99']:10.2f} {med['b99']:12.2f} "
        f"{med['t99'] / med['b99']:7.1f}  <= 8 ms: {ok}"
    )
    for key, label in (
        ("start_menu", "start-up to first frame, menu (s)"),
        ("start_table", "start-up to first frame, table (s)"),
    ):
        ratio = med[key] / med["start_bare"]
        ok = "ok" if ratio <= 2 else "MISSED"
        print(f"{label:34} {med[key]:10.3f} {med['start_bare']:12.3f} {ratio:7.2f}  <= 2x: {ok}")


if __name__ == "__main__":
    main()
