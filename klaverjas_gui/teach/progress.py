"""Progress over matches: the coach's average cost per decision, overall and per kind of
decision, match by match, and one sentence saying what improved.

The points come from the history (`History.coaching`: per match the number of judged
decisions and their average cost, overall and per situation, oldest first). "What
improved" compares the earlier half of those matches with the later half, each kind
counted by its decisions, so a match with two leads weighs less than one with twenty.
A kind needs `MIN_DECISIONS` decisions in each half before anything is said of it:
a handful of decisions is chance, not progress. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import language, tr
from .coach import SITUATIONS

ALL = "all"  # every decision together, beside the situations of teach/coach.py
MIN_MATCHES = 4  # fewer matches with judged decisions: not enough to compare halves
MIN_DECISIONS = 8  # decisions of a kind in each half before it is compared
# An improvement worth a sentence: at least this many points per decision fewer, and the
# later half at most this share of the earlier one.
MIN_GAIN = 1.0
MAX_SHARE = 0.8


def series(points: Sequence[Any]) -> dict[str, list[float | None]]:
    """The chart's lines: per kind (and ALL) the average cost of each match, None where the
    match had no decision of that kind."""
    out: dict[str, list[float | None]] = {ALL: [p.average for p in points]}
    for kind in SITUATIONS:
        line = [p.by_kind[kind][1] if kind in p.by_kind else None for p in points]
        if any(v is not None for v in line):
            out[kind] = line
    return out


def _average(points: Sequence[Any], kind: str) -> tuple[int, float]:
    """(decisions, average cost per decision) of `kind` over `points`, by their decisions."""
    if kind == ALL:
        pairs = [(p.decisions, p.average) for p in points]
    else:
        pairs = [p.by_kind[kind] for p in points if kind in p.by_kind]
    n = sum(k for k, _ in pairs)
    return n, (sum(k * a for k, a in pairs) / n if n else 0.0)


@dataclass(frozen=True)
class Change:
    """One kind's average cost per decision in the earlier and the later half."""

    kind: str  # ALL or a situation
    before: float
    after: float

    @property
    def gain(self) -> float:
        return self.before - self.after

    @property
    def improved(self) -> bool:
        return self.gain >= MIN_GAIN and self.after <= MAX_SHARE * self.before


def changes(points: Sequence[Any]) -> list[Change]:
    """Every kind with enough decisions in both halves, the biggest gain first."""
    if len(points) < MIN_MATCHES:
        return []
    half = len(points) // 2
    early, late = points[:half], points[half:]
    out = []
    for kind in (ALL, *SITUATIONS):
        (n0, before), (n1, after) = _average(early, kind), _average(late, kind)
        if n0 >= MIN_DECISIONS and n1 >= MIN_DECISIONS:
            out.append(Change(kind, before, after))
    return sorted(out, key=lambda c: -c.gain)


def number(x: float) -> str:
    """Points per decision as said: whole from 10 on, else one decimal (a decimal comma in
    Dutch and French)."""
    text = f"{x:.0f}" if x >= 10 else f"{x:.1f}"
    return text.replace(".", ",") if language() in ("nl", "fr") else text


def sentence(points: Sequence[Any], noun: str = "matches") -> str:
    """What improved over `points` (a progress chart's matches, oldest first), or what
    did not, or that there is not enough yet. `noun`: "matches" or "games"."""
    n = len(points)
    if n < MIN_MATCHES:
        return tr(f"coach.progress_not_enough_{noun}", n=n, need=MIN_MATCHES)
    found = changes(points)
    better = [c for c in found if c.improved]
    if better:
        # a kind of decision says more than "your play", unless only the whole improved
        c = next((c for c in better if c.kind != ALL), better[0])
        return tr(f"coach.progress_improved_{noun}", what=tr(f"coach.progress_what_{c.kind}"),
                  before=number(c.before), after=number(c.after), n=n)  # fmt: skip
    _, average = _average(points[n // 2 :], ALL)
    kinds = [c for c in found if c.kind != ALL]
    if not kinds:
        return tr(f"coach.progress_steady_{noun}", n=n, average=number(average))
    worst = max(kinds, key=lambda c: c.after)
    what = tr(f"coach.kind_{worst.kind}")
    return tr(f"coach.progress_worst_{noun}", n=n, average=number(average),
              what=what[:1].lower() + what[1:], cost=number(worst.after))  # fmt: skip
