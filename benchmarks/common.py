"""What every benchmark that opens the app shares: headless drivers, the repo on the path,
and a throwaway data folder, so a benchmark never touches the player's own files."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def app_args(*argv: str) -> list[str]:
    """Command-line arguments for App with a fresh temporary --data-dir in front."""
    return ["--data-dir", tempfile.mkdtemp(prefix="klaverjas-bench-"), *argv]


def trick_frame(app: Any, table: Any) -> float | None:
    """Step `app` one frame (1/60 s); its seconds if a trick was on the cloth or a card in
    flight on `table` at the top (the frames the table's animation benchmarks time), else
    None."""
    t = time.perf_counter()
    app.step(1 / 60)
    elapsed = time.perf_counter() - t
    m = table.model
    in_trick = m.trick or any(s.card is not None for s in m.sprites)
    return elapsed if in_trick and app.top is table else None


def percentile(values: list[float], q: float) -> float:
    """The `q`th percentile of `values`, the nearest one measured."""
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def kept_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The rows kept in JSON-lines files (an arena ladder's pairs or rotations)."""
    return [json.loads(line) for p in paths for line in p.read_text().splitlines() if line]


def play_kept(
    out: Path, indices: range, play: Callable[[int], dict[str, Any]], say: Callable[[dict], str]
) -> None:
    """Play each index not yet kept in `out` and append its row (with its "index") as soon
    as it is played, so a long run can be stopped and started again; `say(row)` is told
    on stderr."""
    done = {row["index"] for row in kept_rows([out])} if out.exists() else set()
    for i in indices:
        if i in done:
            continue
        row = play(i)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(say(row), file=sys.stderr, flush=True)


def ladder(
    doc: str | None,
    levels: Sequence[str],
    unit: str,
    report: Callable[[list[Path]], str],
    play: Callable[[argparse.Namespace, int], dict[str, Any]],
    say: Callable[[dict[str, Any]], str],
    own: Callable[[argparse.ArgumentParser], None] = lambda p: None,
) -> int:
    """The command line a ladder shares (kj_ladder.py, kalabriasz_ladder.py): level --a
    against --b over `--{unit}s` indices from --first, each kept in --out as soon as it is
    played (`play(args, index)`), then its table; or --report, the table of kept files.
    `own` adds the ladder's own options."""
    p = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    p.add_argument("--a", default="hard", choices=levels)
    p.add_argument("--b", default="normal", choices=levels)
    p.add_argument(f"--{unit}s", type=int, default=100, dest="count", metavar=unit.upper() + "S")
    p.add_argument("--first", type=int, default=0, help=f"first {unit} index")
    own(p)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, help=f"JSON-lines file the {unit}s are kept in")
    p.add_argument("--report", type=Path, nargs="+", help="print the table of these files")
    a = p.parse_args()
    if a.report:
        print(report(a.report))
        return 0
    if a.out is None:
        p.error("--out (or --report) is needed")
    play_kept(a.out, range(a.first, a.first + a.count), lambda i: play(a, i), say)
    print(report([a.out]))
    return 0
