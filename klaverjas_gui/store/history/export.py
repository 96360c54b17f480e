"""What the history gives out: a CSV file of every deal, and the leaderboard's rows. Both
are made of finished and abandoned matches with their score lines (History.scored), from
which the damaged ones are left out."""

from __future__ import annotations

import contextlib
import csv
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from .records import MatchRecord

CSV_HEADER = [
    "match", "started", "game", "preset", "players", "deal", "dealer", "chooser", "trump",
    "kraak", "points_team0", "points_team1", "roem_team0", "roem_team1", "outcome",
    "score_team0", "score_team1",
]  # fmt: skip
_UMASK = os.umask(0o022)  # read once, at import (before any thread): the mode a new file gets
os.umask(_UMASK)


def write_csv(path: Path, matches: list[tuple[MatchRecord, list[dict[str, Any]]]]) -> int:
    """One row per deal of `matches` (newest first, as History.scored gives them), written
    oldest first and all or nothing (a temporary file, then a rename): a kill midway
    leaves the previous file whole. Returns the rows written."""
    rows = [
        [_cell(x) for x in (
            m.id, m.started, m.game, m.preset, " / ".join(m.players), line.get("deal"),
            line.get("dealer"), line["chooser"], line["trump"], line.get("kraak_level", 0),
            *line.get("card_points", ["", ""]), *line["roem"], line["outcome"],
            *line["scores"],
        )]
        for m, lines in reversed(matches)  # oldest first
        for line in lines
    ]  # fmt: skip
    if path.is_file():  # a link to a file: the file is replaced, the link kept
        path = Path(os.path.realpath(path))
    elif path.exists() and not path.is_dir():  # /dev/stdout, a pipe: nothing to keep
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([CSV_HEADER, *rows])
        return len(rows)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([CSV_HEADER, *rows])
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return len(rows)


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a text starting with = + - @, a tab or a
    carriage return gets a leading ' (OWASP's advice against formula injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def compute_statistics(
    matches: list[tuple[MatchRecord, list[dict[str, Any]]]], tricks_per_deal: int = 8
) -> list[dict[str, Any]]:
    """Leaderboard rows from (match, score lines) pairs. A seat's side is seat % 2, which is
    the team with four players and the player himself with two."""
    rows: dict[str, dict[str, Any]] = {}
    trumps: dict[str, Counter[str]] = {}
    for m, lines in matches:
        for seat, name in enumerate(m.players):
            team = seat % 2
            r = rows.setdefault(
                name,
                {"name": name, "matches": 0, "won": 0, "deals": 0, "chosen": 0, "made": 0,
                 "nat": 0, "pit": 0, "verzaakt": 0, "tricks": 0, "roem": 0, "points": 0},
            )  # fmt: skip
            r["matches"] += 1
            r["won"] += m.winner == team
            for line in lines:
                r["deals"] += 1
                burden = line.get("burden_team", line["chooser"] % 2)
                if line["chooser"] == seat:  # outcome is the burden team's: after kraak, not ours
                    r["chosen"] += 1
                    ours = ("made", "pit") if burden == team else ("nat", "litige")
                    r["made"] += line["outcome"] in ours
                    trumps.setdefault(name, Counter())[line["trump"]] += 1
                if burden == team and line["outcome"] == "nat":
                    r["nat"] += 1
                if burden == team and line["outcome"] == "verzaakt":  # burden: the revokers
                    r["verzaakt"] += 1
                if line.get("pit_team") == team:
                    r["pit"] += 1
                r["tricks"] += line.get("tricks_won", [0, 0])[team]
                r["roem"] += line["roem"][team]
                r["points"] += line["scores"][team]
    out = []
    for name, r in rows.items():
        deals = r["deals"] or 1
        out.append(
            {
                **r,
                "won_pct": round(100 * r["won"] / r["matches"], 1) if r["matches"] else 0.0,
                "made_pct": round(100 * r["made"] / r["chosen"], 1) if r["chosen"] else 0.0,
                "tricks_pct": round(100 * r["tricks"] / (tricks_per_deal * deals), 1),
                "avg_points": round(r["points"] / deals, 1),
                "favourite_trump": trumps[name].most_common(1)[0][0] if name in trumps else "",
            }
        )
    out.sort(key=lambda r: (-r["won"], -r["matches"], r["name"]))
    return out
