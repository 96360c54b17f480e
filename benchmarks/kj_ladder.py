"""A Klabberjass arena rung played in slices that are kept, and the hard player's decision times.

    .venv/bin/python benchmarks/kj_ladder.py --a hard --b normal --pairs 1000 \\
        --out /tmp/kj/hard-normal.jsonl [--first 0] [--uncapped]
    .venv/bin/python benchmarks/kj_ladder.py --report /tmp/kj/hard-normal.jsonl

Every pair is the arena's (`klabberjass_arena.play_pair`, same seeds, same players) and
is appended to `--out` (JSON lines) as soon as it is played, so a run can be stopped
and started again (pairs already in the file are skipped) or split over processes by
`--first`/`--pairs`; `--report` prints the arena's table over all the files given.
The hard player samples a fixed number of worlds per decision, so a pair's result
does not depend on the machine's load, except through its wall-clock cap:
`--uncapped` lifts the cap (a ladder run at low priority on a shared machine), and the
report says how many decisions the cap cut short.

The report also gives hard's decision times (p50, p90, max) overall and by kind (a bid
or the answer to a schmeiss, a card with 9..1 in hand, the dix and declarations), with
the worlds it sampled, and the load average while the pairs were played: run it at
normal priority for the times a player sees.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import kept_rows, ladder  # noqa: E402

from klaverjas_gui.ai import klabberjass_arena  # noqa: E402
from klaverjas_gui.ai.duplicate import Pair, percentile  # noqa: E402
from klaverjas_gui.ai.duplicate import report as table  # noqa: E402
from klaverjas_gui.ai.klabberjass_hard import HardKlabberjassPlayer  # noqa: E402
from klaverjas_gui.ai.klabberjass_players import KLABBERJASS_LEVELS  # noqa: E402
from klaverjas_gui.engine import KLABBERJASS_PRESETS  # noqa: E402
from klaverjas_gui.engine.klabberjass import KlabberjassObservation  # noqa: E402
from klaverjas_gui.engine.match import Action  # noqa: E402

VARIANT = KLABBERJASS_PRESETS["klabberjass"]


class TimedHard(HardKlabberjassPlayer):
    """The shipped hard player, noting each real decision's kind, time and worlds."""

    log: list[list[Any]]

    def choose(self, obs: KlabberjassObservation) -> Action:
        self.sampled = 0
        t0 = time.perf_counter()
        action = super().choose(obs)
        ms = 1000 * (time.perf_counter() - t0)
        if len(obs.legal) > 1:
            want = 0
            if obs.phase in ("bidding", "schmeiss"):
                kind, want = "bid", self._want("bid", len(obs.legal))
            elif obs.phase == "play":
                kind, want = f"cards {len(obs.hand)}", self._want("playout", len(obs.hand))
            else:
                kind = "dix, declare"
            self.log.append([kind, round(ms, 2), self.sampled, want])
        return action


def play(index: int, a: str, b: str, seed: int, uncapped: bool) -> dict[str, Any]:
    """Pair `index` as the arena plays it, with hard's decisions noted."""
    make = klabberjass_arena.make_klabberjass_player
    log: list[list[Any]] = []

    def patched(level: str, seed: int | None = None, think_ms: float | None = None) -> Any:
        if level != "hard":
            return make(level, seed, think_ms)
        player = TimedHard(seed, cap_ms=None) if uncapped else TimedHard(seed)
        player.log = log
        return player

    klabberjass_arena.make_klabberjass_player = patched
    try:
        pair = klabberjass_arena.play_pair((index, a, b, VARIANT, seed, None))
    finally:
        klabberjass_arena.make_klabberjass_player = make
    # attempts > 1: the pair was voided in both games and redealt (other cards than the
    # first deal), which matters when games of two ladders are compared one by one
    runs = [{**{k: getattr(r, k) for k in ("a_seat", "margin", "a_burden", "nat", "voided")},
             "attempts": len(r.dealt)} for r in pair.runs]  # fmt: skip
    return {"index": index, "a": a, "b": b, "seed": seed, "uncapped": uncapped, "runs": runs,
            "times": pair.times, "hard": log, "load": os.getloadavg()[0]}  # fmt: skip


class _Run:
    """What the arena's report reads of a game, from a kept pair."""

    def __init__(self, d: dict[str, Any]) -> None:
        self.margin, self.a_burden = d["margin"], d["a_burden"]
        self.nat, self.voided = d["nat"], d["voided"]


def report(paths: list[Path]) -> str:
    rows = kept_rows(paths)
    if not rows:
        return "no pairs"
    names = {(r["a"], r["b"], r["seed"], r["uncapped"]) for r in rows}
    if len(names) > 1:
        raise SystemExit(f"kj_ladder: the files mix runs: {sorted(names)}")
    a, b, seed, uncapped = next(iter(names))
    by_index = {r["index"]: r for r in rows}
    pairs = [Pair(i, (_Run(r["runs"][0]), _Run(r["runs"][1])), r["times"])
             for i, r in sorted(by_index.items())]  # fmt: skip
    first, last = min(by_index), max(by_index)
    title = (f"klabberjass arena (kj_ladder), seed {seed}, pair indices {first}..{last}"
             f"{', hard uncapped' if uncapped else ''}")  # fmt: skip
    lines = table(pairs, title, a, b, "deals as maker")
    hard = [d for r in by_index.values() for d in r["hard"]]
    loads = sorted(r["load"] for r in by_index.values())
    if hard:
        load = f"median {percentile(loads, 0.5):.1f}, range {loads[0]:.1f}-{loads[-1]:.1f}"
        lines.append(f"hard's decisions (load average while played: {load})")
        lines.append(f"{'kind':<14}{'n':>7}{'p50 ms':>9}{'p90 ms':>9}{'max ms':>9}"
                     f"{'worlds p50':>12}{'cut':>6}")  # fmt: skip
        kinds: dict[str, list[list[Any]]] = {"all": hard}
        for d in sorted(hard, key=lambda d: (d[0] != "bid", d[0][:5], -len(d[0]), d[0])):
            kinds.setdefault(d[0], []).append(d)
        for kind, ds in kinds.items():
            ms = [d[1] for d in ds]
            worlds = [d[2] for d in ds if d[2]]
            wanted = [d for d in ds if d[0] != "dix, declare"]
            cut = sum(d[2] < d[3] for d in wanted)
            lines.append(
                f"{kind:<14}{len(ds):>7}{percentile(ms, 0.5):>9.0f}{percentile(ms, 0.9):>9.0f}"
                f"{max(ms):>9.0f}{(percentile(worlds, 0.5) if worlds else 0):>12}{cut:>6}"
            )
    return "\n".join(lines)


def main() -> int:
    def say(row: dict[str, Any]) -> str:
        margin = (row["runs"][0]["margin"] + row["runs"][1]["margin"]) / 2
        return f"pair {row['index']}: {margin:+.1f}"

    def uncapped(p: argparse.ArgumentParser) -> None:
        p.add_argument("--uncapped", action="store_true", help="hard without its wall-clock cap")

    return ladder(__doc__, KLABBERJASS_LEVELS, "pair", report,
                  lambda a, i: play(i, a.a, a.b, a.seed, a.uncapped), say, uncapped)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
