"""benchmarks/arena_report.py: `--minus` compares two runs pair by pair (same seed, same cards)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run_file(path: Path, margins: dict[int, tuple[int, int]]) -> Path:
    with path.open("w") as f:
        for i, (m0, m1) in margins.items():
            runs = [
                {"margin": m, "a_burden": True, "nat": False, "voided": False, "a_seats": s}
                for m, s in ((m0, [0, 2]), (m1, [1, 3]))
            ]
            f.write(json.dumps({"index": i, "runs": runs, "times": {}}) + "\n")
    return path


def test_minus_is_the_mean_pair_by_pair_difference_over_the_pairs_both_played(tmp_path):
    # pair margins (mean of the two games): here 10, 20, 30; there 0, 16, -, 99 (pair 3 only there)
    here = _run_file(tmp_path / "here.jsonl", {0: (10, 10), 1: (30, 10), 2: (40, 20)})
    there = _run_file(tmp_path / "there.jsonl", {0: (0, 0), 1: (20, 12), 3: (99, 99)})
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "arena_report.py"), "--team-a", "x",
         "--team-b", "y", "--out", str(here), "--report-only", "--minus", str(there)],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    # differences 10 and 4 over pairs 0 and 1: mean 7, standard error stdev/sqrt(2) = 3
    said = "minus there.jsonl, over the 2 pairs both played: +7.0 per deal (standard error 3.0)"
    assert said in out
