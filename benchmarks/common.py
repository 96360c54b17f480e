"""What every benchmark that opens the app shares: headless drivers, the repo on the path,
and a throwaway data folder, so a benchmark never touches the player's own files."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
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
