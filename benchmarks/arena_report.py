"""Long arena runs in resumable chunks: results go to a JSON-lines file, one pair a line.

    .venv/bin/python benchmarks/arena_report.py --team-a hard --team-b easy --pairs 1000 \\
        --variant amsterdam --seed 1 --jobs 2 --out arena_hard_easy.jsonl
    .venv/bin/python benchmarks/arena_report.py --game klabberjass --team-a hard \\
        --team-b normal --pairs 1000 --variant klabberjass --seed 1 --jobs 2 --out kj.jsonl

Pairs already in the file are skipped, so an interrupted run continues where it
stopped; the table (the arena's own report) is printed over every pair in the
file. `--report-only` prints it without playing. `--minus OTHER.jsonl` adds the
difference of the two runs' A − B per deal over the pairs both hold, pair by pair:
with the same seed and variant they played the same cards, so (for example) a
convention minus its sending half is what the reading is worth, with its standard
error.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import arena, klabberjass_arena  # noqa: E402
from klaverjas_gui.ai.duplicate import mean_and_se  # noqa: E402
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS  # noqa: E402


def load(path: Path) -> dict[int, arena.Pair]:
    done: dict[int, arena.Pair] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            d = json.loads(line)
            deals = tuple(
                arena.DealResult(
                    x["margin"],
                    x.get("a_burden", x.get("burden_a")),
                    x["nat"],
                    x.get("voided", False),
                    tuple(x.get("a_seats", (x.get("a_seat", 0),))),
                    ("",) * 4,
                    0,
                    (),
                    (),
                )  # fmt: skip
                for x in d.get("runs", d.get("deals"))
            )
            done[d["index"]] = arena.Pair(d["index"], deals, d["times"])  # type: ignore[arg-type]
    return done


def dump(r: arena.Pair) -> str:
    runs = [
        {"margin": x.margin, "a_burden": x.a_burden, "nat": x.nat, "voided": x.voided,
         "a_seats": list(x.a_seats) if hasattr(x, "a_seats") else [x.a_seat]}
        for x in r.runs
    ]  # fmt: skip
    return json.dumps({"index": r.index, "runs": runs, "times": r.times})


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="klaverjas", choices=("klaverjas", "klabberjass"))
    p.add_argument("--team-a", required=True)
    p.add_argument("--team-b", required=True)
    p.add_argument("--pairs", type=int, default=1000)
    p.add_argument("--variant", default="amsterdam")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--chunk", type=int, default=20)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--report-only", action="store_true")
    p.add_argument("--minus", type=Path, help="a run of the same seed and variant")
    a = p.parse_args()
    done = load(a.out)
    todo = [i for i in range(a.pairs) if i not in done]
    two = a.game == "klabberjass"
    variant = (KLABBERJASS_PRESETS if two else PRESETS)[a.variant]
    play_pair = klabberjass_arena.play_pair if two else arena.play_pair
    while todo and not a.report_only:
        chunk, todo = todo[: a.chunk], todo[a.chunk :]
        tasks = [(i, a.team_a, a.team_b, variant, a.seed, None) for i in chunk]
        if a.jobs > 1:
            with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
                results = pool.map(play_pair, tasks)
        else:
            results = [play_pair(t) for t in tasks]
        with a.out.open("a") as f:
            for r in results:
                f.write(dump(r) + "\n")
                done[r.index] = r
        print(f"{len(done)} pairs done", file=sys.stderr, flush=True)
    if not done:
        print("no results yet")
        return 1
    report = klabberjass_arena.report if two else arena.report
    print(report([done[i] for i in sorted(done)], a.team_a, a.team_b, a.variant))
    if a.minus:
        other = load(a.minus)
        both = sorted(set(done) & set(other))
        if len(both) < 2:
            print(f"minus {a.minus.name}: fewer than 2 pairs in both files")
            return 1
        mean, se = mean_and_se([done[i].margin - other[i].margin for i in both])
        print(f"minus {a.minus.name}, over the {len(both)} pairs both played: "
              f"{mean:+.1f} per deal (standard error {se:.1f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
