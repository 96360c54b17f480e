"""Trust in the coach: does it flag real mistakes, and leave good decisions alone?

    nice -n 10 .venv/bin/python benchmarks/coach.py --decisions 300 250 --out trust.jsonl

Seeded arena deals (Amsterdam rules, one deal each) are played with all four seats at one
level; every decision with more than one option is judged by the coach (`teach/coach.py`:
the hard player's evaluation of the seat's observation only, `coach.WORLDS` sampled deals,
a seed per decision; a costly-looking choice confirmed on fresh deals). Per level it prints:

- the share of decisions flagged (cost >= `coach.FLAG` points): the hard player's own
  decisions must be flagged rarely (<= 5 %), the easy player's clearly more;
- for card decisions, the true regret, measured with the right yardstick: the exact
  solver (ai/solver.py) over deals drawn uniformly from all deals consistent with what the
  player saw (`consistent_deals`: the unseen cards dealt at random, deals that break a
  known void or trump fact thrown away), the best card's mean value minus the chosen one's,
  in the coach's units (points for the team). Flagged cards must average at least 3x the
  regret of unflagged ones. (The one real deal with all hands open is no yardstick: per
  position it can be far from what the player could know.) Flagged cards get
  `FLAG_DEALS` such deals, one unflagged card in `UNFLAGGED_EVERY` gets
  `UNFLAGGED_DEALS`; from the second trick on (`TRUE_CARDS`: the first card of a deal takes
  the exact solver seconds a deal);
- for the card flags, early (more cards in hand than the hard player solves exactly, so
  its values are playouts) and late, separately: the share that hold (the true cost of the
  chosen card against the coach's better card reaches `coach.FLAG` within two standard
  errors), the mean flagged cost against the mean true cost, and the flags where the chosen
  card was in truth better (the true cost below 0 by more than two standard errors: goal 0);
- the coach's time per decision (p50, max) on this machine, each look capped at
  `coach.SECONDS` of wall time as at the table (`--seconds`, 0: no cap);
- with `--frames N`: the table's frame time while the coach works. A real table at
  1920x1080 under the dummy video driver, a computer playing the person's cards at
  normal speed, the coach judging every one of those decisions in its own process
  (play/coaching.py) and the table showing every note; as benchmarks/frames.py, only
  frames while a trick is played or swept count. The same table without the coach is
  measured in the same run as the baseline; each run is a fresh process, and the
  figure is the median over `--runs` runs. p99 must stay <= 8 ms.

    nice -n 10 .venv/bin/python benchmarks/coach.py --frames 1500 --runs 3 --levels

The hard player here samples a fixed 50 deals per decision (reproducible games, as in
card_regret.py). `--decisions` gives the number of decisions wanted for easy and
normal, then for hard: whole deals are played until that many are judged.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import percentile, trick_frame  # noqa: E402  (the repo on the path too)

from klaverjas_gui.ai import arena, hard, make_player  # noqa: E402
from klaverjas_gui.ai.fast import bits  # noqa: E402
from klaverjas_gui.ai.knowledge import Knowledge  # noqa: E402
from klaverjas_gui.ai.solver import Position, Solver  # noqa: E402
from klaverjas_gui.engine import PRESETS  # noqa: E402
from klaverjas_gui.teach import coach  # noqa: E402

VARIANT = PRESETS["amsterdam"]
LEVELS = ("easy", "normal", "hard")


def _player(level: str, seed: int) -> Any:
    return hard.HardPlayer(seed, worlds=50) if level == "hard" else make_player(level, seed)


# The yardstick of a card decision: the exact solver over deals drawn uniformly from all
# deals consistent with what the player saw. A flagged card gets `FLAG_DEALS` of them; one
# unflagged card in `UNFLAGGED_EVERY` gets `UNFLAGGED_DEALS` (the first cards of a deal take
# seconds a deal to solve exactly).
FLAG_DEALS = 30
UNFLAGGED_DEALS = 12
UNFLAGGED_EVERY = 8
# The first card of a deal takes the exact solver seconds a deal (a minute and more a flag):
# true costs are measured from the second trick on, cards with at most this many in hand.
TRUE_CARDS = 7
# Row: situation ("silent": the coach said nothing, a look cut short by the cap), cost,
# true cost against the coach's best card (None: not measured), its standard error,
# seconds, flagged, early (more cards in hand than the hard player solves exactly: its
# values are playouts), true regret (the truly best card's mean value minus the chosen
# one's, over the same deals).
Row = tuple[str, float, float | None, float | None, float, bool, bool, float | None]


def judge_deal(task: tuple[str, int, int, float | None]) -> list[Row]:
    """Every decision of one deal at `level`: the coach's cost and time, and for a card the
    true expected cost of the choice against the coach's best card."""
    level, index, seed, seconds = task
    game_seed = arena.pair_seed(seed, index)
    state = arena.one_deal(VARIANT, game_seed)
    players = [_player(level, game_seed * 4 + s) for s in range(4)]
    rng = random.Random(game_seed)
    solver: Solver | None = None
    rows: list[Row] = []
    unflagged = 0
    while not state.is_over:
        seat = state.to_move
        obs = state.observation(seat)
        action = players[seat].choose(obs)
        t0 = time.perf_counter()
        seq = state.n_actions + 1
        j = coach.judge(obs, action, coach.judgement_seed(game_seed, seq), seconds=seconds)
        took = time.perf_counter() - t0
        early = obs.phase == "play" and len(obs.hand) > hard.EXACT_TRICKS
        if j is None and coach.is_decision(obs):  # the time cap cut a look short: silent
            rows.append(("silent", 0.0, None, None, took, False, early, None))
        if j is not None:
            true = se = regret = None
            if obs.phase == "play" and len(obs.hand) <= TRUE_CARDS:
                unflagged += not j.flagged
                deals = FLAG_DEALS if j.flagged else UNFLAGGED_DEALS
                if j.flagged or unflagged % UNFLAGGED_EVERY == 1:
                    if solver is None:
                        solver = Solver(VARIANT, state.trump, state.chooser % 2, state.kraak_level)
                    true, se, regret = true_cost(solver, obs, j.best, action, deals, rng)
            rows.append((j.kind, j.cost, true, se, took, j.flagged, early, regret))
        state, _ = state.apply(action)
    return rows


def consistent_deals(obs: Any, n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """`n` deals drawn uniformly from all deals consistent with what the seat saw: the
    unseen cards dealt at random to the other hands by their sizes, a deal that breaks a
    known fact (a void, no higher trump) thrown away."""
    know = Knowledge.from_observation(obs)
    others = [q for q in range(4) if q != obs.seat]
    cards = bits(know.hidden)
    out: list[tuple[int, ...]] = []
    for _ in range(2_000_000):
        rng.shuffle(cards)
        hands = [0, 0, 0, 0]
        hands[obs.seat] = know.hand
        i = 0
        for q in others:
            for c in cards[i : i + know.sizes[q]]:
                hands[q] |= 1 << c
            i += know.sizes[q]
            if hands[q] & ~know.allowed[q]:
                break
        else:
            out.append(tuple(hands))
            if len(out) == n:
                break
    return out


def true_cost(
    solver: Solver, obs: Any, best: Any, chosen: Any, n: int, rng: random.Random
) -> tuple[float, float, float]:
    """The mean over `n` consistent deals of the best card's exact value minus the chosen
    card's, in the coach's units (points for the team), its standard error, and the
    regret: the card with the best mean value over those deals against the chosen one."""
    history = hard._history(obs)
    me = obs.seat % 2
    so_far = history.totals[me] - history.totals[1 - me]
    diffs = []
    sums: dict[int, float] = {}
    for hands in consistent_deals(obs, n, rng):
        pos = Position(
            VARIANT, obs.trump.index, hands, obs.leader, tuple(c.index for c in obs.trick),
            obs.chooser % 2, obs.kraak_level, history.won, history.totals,
        )  # fmt: skip
        if len(solver.tt) > 200_000:
            solver.tt.clear()
        values = solver.move_values(pos)
        for card, v in values.items():
            sums[card] = sums.get(card, 0.0) + history.utility_of_margin(so_far + v, me) / 2
        b, c = (
            history.utility_of_margin(so_far + values[a.card.index], me) for a in (best, chosen)
        )
        diffs.append((b - c) / 2)
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    regret = (max(sums.values()) - sums[chosen.card.index]) / len(diffs)
    return mean, se, regret


def run_levels(wanted: dict[str, int], seed: int, jobs: int, seconds: float | None,
               out: str | None) -> dict[str, list[Row]]:  # fmt: skip
    """Deals of every level in turn until each level has its decisions, so that a run cut
    short still holds all levels alike; each deal's rows are appended to `out` (JSON lines)
    as they come, for `--table`."""
    rows: dict[str, list[Row]] = {level: [] for level in wanted}
    index = dict.fromkeys(wanted, 0)

    def tasks() -> Any:
        while True:
            short = [lv for lv in wanted if len(rows[lv]) < wanted[lv]]
            if not short:
                return
            for level in short:
                yield level, index[level], seed, seconds
                index[level] += 1

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        # imap pulls tasks ahead; the levels' counts are read as results come, so a level
        # may get a deal or two more than it needs
        for level_rows in pool.imap_unordered(_tagged, tasks()):
            level, deal = level_rows
            rows[level].extend(deal)
            if out:
                with open(out, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"level": level, "rows": deal}) + "\n")
            done = ", ".join(f"{lv} {len(rows[lv])}/{wanted[lv]}" for lv in wanted)
            print(f"  {done}", file=sys.stderr, flush=True)
            if all(len(rows[lv]) >= wanted[lv] for lv in wanted):
                pool.terminate()
                break
    return rows


def _tagged(task: tuple[str, int, int, float | None]) -> tuple[str, list[Row]]:
    return task[0], judge_deal(task)


def read_rows(path: str) -> dict[str, list[Row]]:
    """The rows a run appended to `--out`, by level."""
    rows: dict[str, list[Row]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            rows.setdefault(item["level"], []).extend(tuple(r) for r in item["rows"])
    return rows


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def report(level: str, rows: list[Row]) -> str:
    """The level's row: flags, and the true cost of flagged and unflagged cards; the
    decisions the coach was silent on (a look cut short by the cap) count apart."""
    silent = sum(r[0] == "silent" for r in rows)
    rows = [r for r in rows if r[0] != "silent"]
    flagged = [r for r in rows if r[5]]
    f_true = [r[7] for r in rows if r[7] is not None and r[5]]
    u_true = [r[7] for r in rows if r[7] is not None and not r[5]]
    times = sorted(r[4] for r in rows)
    ratio = _mean(f_true) / _mean(u_true) if u_true and _mean(u_true) > 0 else float("inf")  # type: ignore[arg-type]
    return (
        f"| {level:<6} | {len(rows):>9} | {100 * len(flagged) / len(rows):>6.1f} % "
        f"| {_mean([r[1] for r in rows]):>9.2f} | {len(f_true):>13} "
        f"| {_mean(f_true):>11.2f} | {len(u_true):>15} | {_mean(u_true):>11.2f} "  # type: ignore[arg-type]
        f"| {ratio:>5.1f}x | {1000 * statistics.median(times):>7.0f} ms "
        f"| {1000 * times[-1]:>7.0f} ms | {silent:>6} |"
    )


def flag_report(name: str, rows: list[Row]) -> str:
    """The card flags of some levels, early (playouts) or late (exact) in the deal: how
    many hold (the true cost reaches `coach.FLAG` within two standard errors), the mean
    flagged against the mean true cost, and how many chose the better card (the true cost
    below 0 by more than two standard errors)."""
    flags = [r for r in rows if r[5] and r[2] is not None]
    if not flags:
        return f"| {name:<22} | {0:>5} |          |         |         |        |"
    holds = sum(r[2] + 2 * r[3] >= coach.FLAG for r in flags)  # type: ignore[operator]
    wrong = sum(r[2] + 2 * r[3] < 0 for r in flags)  # type: ignore[operator]
    se = statistics.fmean(r[3] for r in flags)  # type: ignore[misc]
    return (
        f"| {name:<22} | {len(flags):>5} | {100 * holds / len(flags):>6.0f} % "
        f"| {_mean([r[1] for r in flags]):>7.1f} | {_mean([r[2] for r in flags]):>7.1f} "  # type: ignore[misc]
        f"| {se:>6.1f} | {wrong:>6} |"
    )


# --- frame time while the coach works ---
def child_frames(frames: int, coached: bool) -> None:
    """Runs inside a fresh process: time every frame of an animated table, the coach
    judging in its own process (or no coach: the baseline)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from klaverjas_gui.app import App, parse_args
    from klaverjas_gui.play.coaching import Coach, JudgeProcess
    from klaverjas_gui.ui.table.scene import TableScene

    data = tempfile.mkdtemp(prefix="klaverjas-bench-")
    with open(os.path.join(data, "settings.json"), "w", encoding="utf-8") as f:
        json.dump({"coach": "off", "coach_chosen": True}, f)  # no coach of the app's own
    args = parse_args(["--data-dir", data, "--size", "1920x1080", "--seed", "3",
                       "--speed", "normal"])  # fmt: skip
    app = App(args, deterministic=True, autopilot=True, audio=False)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    judge = None
    if coached:
        judge = JudgeProcess()
        table.session.coach = Coach(table.session, judge=judge)
        table.session.coach.autopilot = True  # the computer's moves stand for a person's
        app.settings.coach = "every"  # and the table shows every note
    times: list[float] = []
    busy: list[bool] = []
    for _ in range(frames):
        working = coached and table.session.coach.busy()
        start = time.perf_counter()
        timed = trick_frame(app, table)
        if timed is not None:
            times.append(timed)
            busy.append(working)
        # a real frame's pace: the judge gets its time
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    judged = len(table.session.coach.judged) if coached else 0
    app.close()
    print(json.dumps({"times": times[5:], "busy": busy[5:], "judged": judged,
                      "broken": bool(judge and judge.broken)}))  # fmt: skip


def frame_report(frames: int, runs: int) -> None:
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}  # fmt: skip
    rows: dict[str, list[float]] = {k: [] for k in ("b50", "b99", "c50", "c99", "w99", "share",
                                                    "judged", "n")}  # fmt: skip
    for _ in range(runs):
        out = {}
        for mode in ("off", "on"):
            cmd = [sys.executable, __file__, "--child-frames", str(frames), "--coach", mode]
            done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True,
                                  check=True)  # fmt: skip
            out[mode] = json.loads(done.stdout.strip().splitlines()[-1])
        base, on = out["off"]["times"], out["on"]["times"]
        working = [t for t, b in zip(on, out["on"]["busy"], strict=True) if b]
        assert not out["on"]["broken"], "the coach's judge stopped"
        rows["b50"].append(1000 * percentile(base, 50))
        rows["b99"].append(1000 * percentile(base, 99))
        rows["c50"].append(1000 * percentile(on, 50))
        rows["c99"].append(1000 * percentile(on, 99))
        rows["w99"].append(1000 * percentile(working, 99) if working else float("nan"))
        rows["share"].append(100 * len(working) / max(1, len(on)))
        rows["judged"].append(out["on"]["judged"])
        rows["n"].append(len(on))
    med = {k: statistics.median(v) for k, v in rows.items()}
    ok = "ok" if med["c99"] <= 8 and med["w99"] <= 8 else "MISSED"
    print(f"frame time, 1920x1080, median of {runs} runs ({med['n']:.0f} trick frames a run, "
          f"{med['share']:.0f} % of them while the coach was judging; "
          f"{med['judged']:.0f} decisions judged a run)")  # fmt: skip
    print("| table                         | p50 (ms) | p99 (ms) |")
    print("|-------------------------------|----------|----------|")
    print(f"| without the coach (baseline)  | {med['b50']:8.2f} | {med['b99']:8.2f} |")
    print(f"| coach judging every decision  | {med['c50']:8.2f} | {med['c99']:8.2f} |")
    print(f"| frames while a judgement runs |          | {med['w99']:8.2f} |")
    print(f"p99 <= 8 ms while the coach works: {ok}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--decisions", type=int, nargs=2, default=[2000, 1000],
                   metavar=("EASY_NORMAL", "HARD"),
                   help="decisions to judge for easy and normal, and for hard")  # fmt: skip
    p.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS)
    p.add_argument("--seed", type=int, default=555)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seconds", type=float, default=coach.SECONDS,
                   help="wall-time cap of a judgement, as at the table (0: none)")  # fmt: skip
    p.add_argument("--frames", type=int, default=0,
                   help="also measure the table's frame time over this many frames")  # fmt: skip
    p.add_argument("--runs", type=int, default=3, help="frame-time runs (median)")
    p.add_argument("--out", help="append each deal's rows to this file (JSON lines)")
    p.add_argument("--table", help="print the table of the rows in this --out file, no run")
    p.add_argument("--child-frames", type=int, help=argparse.SUPPRESS)
    p.add_argument("--coach", choices=("on", "off"), help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child_frames:
        child_frames(a.child_frames, a.coach == "on")
        return 0
    if a.frames:
        frame_report(a.frames, a.runs)
    if not a.levels and not a.table:
        return 0
    seconds = a.seconds or None
    print(f"coach trust, amsterdam, one-deal arena deals from seed {a.seed}, "
          f"coach worlds {coach.WORLDS} (+{coach.WORLDS * coach.CONFIRM} fresh to confirm, "
          f"solved exactly from {coach.EXACT_CONFIRM} cards in hand, at least "
          f"{coach.MIN_SOLVED}, early shortfalls {coach.SHRINK:g} standard error lower), "
          f"flag at {coach.FLAG:g} points, cap {seconds or 'none'} s a look; true cost: "
          f"exact solver over {FLAG_DEALS} consistent deals a flag, {UNFLAGGED_DEALS} for "
          f"one unflagged card in {UNFLAGGED_EVERY}, from the second trick on")  # fmt: skip
    if a.table:
        rows = read_rows(a.table)
    else:
        wanted = {lv: a.decisions[1] if lv == "hard" else a.decisions[0] for lv in a.levels}
        rows = run_levels(wanted, a.seed, a.jobs, seconds, a.out)
    print(
        "| level  | decisions | flagged  | mean cost | flagged cards | true regret "
        "| unflagged cards | true regret | ratio  | coach p50  | coach max  | silent |"
    )
    print("|" + "|".join("-" * n for n in (8, 11, 10, 11, 15, 13, 17, 13, 8, 12, 12, 8)) + "|")
    for level in LEVELS:
        if rows.get(level):
            print(report(level, rows[level]), flush=True)
    print()
    print("| card flags             | flags | hold     | flagged | true    | SE     | better |")
    print("|------------------------|-------|----------|---------|---------|--------|--------|")
    for levels in (("easy", "normal"), ("hard",)):
        for early, when in ((True, "early"), (False, "late")):
            picked = [r for lv in levels for r in rows.get(lv, []) if r[6] == early]
            print(flag_report(f"{'/'.join(levels)}, {when}", picked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
