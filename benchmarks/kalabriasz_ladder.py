"""A three-player (Kalabriasz) arena rung played in rotations that are kept, and the hard
player's decision times by kind.

    nice -n 10 .venv/bin/python benchmarks/kalabriasz_ladder.py --a hard --b normal \\
        --rotations 600 --out /tmp/kal/hard-normal.jsonl [--first 0]
    .venv/bin/python benchmarks/kalabriasz_ladder.py --report /tmp/kal/hard-normal.jsonl

Every rotation is the arena's (`kalabriasz_arena.play_rotation`, same seeds, same
players) and is appended to `--out` (JSON lines) as soon as it is played, so a run can be
stopped and started again (rotations already in the file are skipped) or split over
processes by `--first`/`--rotations`; `--report` prints the arena's table over all the
files given, then hard's decision times by kind (a bid, laying away, a card with n in
hand) with the deals it sampled, and the load average while the rotations were played.

Besides the arena's levels, two probes split hard's gain by phase: `hard-cards` is hard
with normal's bidding and laying away (hard's card play only), `hard-bids` is hard's
bidding and laying away with normal's cards.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import kept_rows, ladder  # noqa: E402

from klaverjas_gui.ai import kalabriasz_arena as arena  # noqa: E402
from klaverjas_gui.ai.duplicate import percentile  # noqa: E402
from klaverjas_gui.ai.kalabriasz_hard import KalabriaszHard  # noqa: E402
from klaverjas_gui.ai.kalabriasz_players import (  # noqa: E402
    KALABRIASZ_LEVELS,
    KalabriaszPlayer,
    make_kalabriasz_player,
)
from klaverjas_gui.engine.kalabriasz import KalabriaszObservation  # noqa: E402
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS  # noqa: E402
from klaverjas_gui.engine.match import Action  # noqa: E402


class Probe(TypedDict, total=False):
    """The KalabriaszHard settings a probe level changes."""

    sampled_bids: bool
    sampled_lay: bool
    exact_cards: int
    playout_cards: int
    rollout_cards: int


PROBES: dict[str, Probe] = {
    "hard-cards": {"sampled_bids": False, "sampled_lay": False},
    "hard-bids": {"exact_cards": 0, "playout_cards": 0, "rollout_cards": 0},
}
LEVELS = (*KALABRIASZ_LEVELS, *PROBES)


class TimedHard(KalabriaszHard):
    """A hard player noting each real decision's kind, time (ms), sampled deals and the
    process's CPU time (ms) in it: wall time far above CPU time is the machine's."""

    log: list[list[Any]]

    def choose(self, obs: KalabriaszObservation) -> Action:
        self.sampled = 0
        t0, c0 = time.perf_counter(), time.process_time()
        action = super().choose(obs)
        if len(obs.legal) > 1:
            kind = {"bidding": "bid", "talon": "lay away"}.get(obs.phase, f"cards {len(obs.hand)}")
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            self.log.append([kind, round(1000 * wall, 2), self.sampled, round(1000 * cpu, 2)])
        return action


def play(index: int, a: str, b: str, variant: str, seed: int) -> dict[str, Any]:
    """Rotation `index` as the arena plays it, with hard's decisions noted."""
    log: list[list[Any]] = []

    def make(level: str, pseed: int) -> KalabriaszPlayer:
        if level == "hard" or level in PROBES:
            player = TimedHard(pseed, **PROBES.get(level, Probe()))
            player.log = log
            return player
        return make_kalabriasz_player(level, pseed)

    rotation = arena.play_rotation((index, a, b, KALABRIASZ_PRESETS[variant], seed), make)
    games = [{"seating": g.seating, "scores": g.scores, "maker": g.maker, "nat": g.nat,
              "actions": g.actions} for g in rotation.games]  # fmt: skip
    return {"index": index, "a": a, "b": b, "variant": variant, "seed": seed, "games": games,
            "times": rotation.times, "hard": log, "load": os.getloadavg()[0]}  # fmt: skip


def report(paths: list[Path]) -> str:
    rows = kept_rows(paths)
    if not rows:
        return "no rotations"
    names = {(r["a"], r["b"], r["variant"], r["seed"]) for r in rows}
    if len(names) > 1:
        raise SystemExit(f"kalabriasz_ladder: the files mix runs: {sorted(names)}")
    a, b, variant, seed = next(iter(names))
    by_index = {r["index"]: r for r in rows}
    rotations = [
        arena.Rotation(i, tuple(arena.Game(tuple(g["seating"]), tuple(g["scores"]), g["maker"],
                                           g["nat"], (0, 0, 0), tuple(g["actions"]))
                                for g in r["games"]), r["times"])
        for i, r in sorted(by_index.items())
    ]  # fmt: skip
    lines = [f"seed {seed}, rotation indices {min(by_index)}..{max(by_index)}",
             arena.report(rotations, a, b, variant)]  # fmt: skip
    hard = [d for r in by_index.values() for d in r["hard"]]
    if hard:
        loads = sorted(r["load"] for r in by_index.values())
        load = f"median {statistics.median(loads):.1f}, range {loads[0]:.1f}-{loads[-1]:.1f}"
        lines.append(f"hard's decisions (load average while played: {load})")
        cpu = [d[3] for d in hard if len(d) > 3]
        lines.append(
            f"{'kind':<10}{'n':>7}{'p50 ms':>9}{'p90 ms':>9}{'max ms':>9}{'deals p50':>11}"
            + (f"{'max CPU ms':>12}" if cpu else "")
        )
        kinds: dict[str, list[list[Any]]] = {"all": hard}
        for d in sorted(hard, key=lambda d: (d[0][:5], -len(d[0]), d[0])):
            kinds.setdefault(d[0], []).append(d)
        for kind, ds in kinds.items():
            ms = [d[1] for d in ds]
            deals = [d[2] for d in ds if d[2]]
            cpus = [d[3] for d in ds if len(d) > 3]
            lines.append(
                f"{kind:<10}{len(ds):>7}{percentile(ms, 0.5):>9.0f}{percentile(ms, 0.9):>9.0f}"
                f"{max(ms):>9.0f}{(percentile(deals, 0.5) if deals else 0):>11}"
                + (f"{max(cpus):>12.0f}" if cpus else "")
            )
    return "\n".join(lines)


def main() -> int:
    def say(row: dict[str, Any]) -> str:
        margin = statistics.fmean(
            arena.Game(tuple(g["seating"]), tuple(g["scores"]), 0, False, (0, 0, 0), ()).margin
            for g in row["games"]
        )
        return f"rotation {row['index']}: {margin:+.1f}"

    def variant(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", default="kalabriasz", choices=list(KALABRIASZ_PRESETS))

    return ladder(__doc__, LEVELS, "rotation", report,
                  lambda a, i: play(i, a.a, a.b, a.variant, a.seed), say, variant)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
