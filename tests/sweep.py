"""The size knob of the big sweeps, as python-chess has for its perft runs.

`make test` runs each sweep (random inputs, whole matches, seeded deals, judged
decisions) at a size that keeps the whole run near five minutes on two cores: big
enough to reach every kind of position the sweep is about (each test asserts it did).
`KLAVERJAS_SWEEP=N make test` runs N times as many (a release, a change to the engine,
the players or the coach: docs/benchmarks.md, "Test time"); `KLAVERJAS_SWEEP=0.2` a quick look.
"""

from __future__ import annotations

import os

_NAME = "KLAVERJAS_SWEEP"


def _scale() -> float:
    said = os.environ.get(_NAME, "1")
    try:
        scale = float(said)
    except ValueError:
        scale = -1.0
    if not scale > 0:  # also refuses nan
        raise SystemExit(f"{_NAME} must be a positive number (times the sizes), not {said!r}")
    return scale


SCALE = _scale()


def size(n: int) -> int:
    """`n`, the size `make test` runs, times KLAVERJAS_SWEEP (at least 1)."""
    return max(1, round(n * SCALE))
