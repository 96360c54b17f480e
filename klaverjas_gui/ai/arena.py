"""The arena: two computer levels play duplicate deals, so luck of the cards cancels out.

Each pair is one seeded deal played twice with the same cards and dealer:
team A on seats 0 and 2, then team A on seats 1 and 3. The table reports team
A's mean deal score minus team B's, with the standard error over pairs, each
team's nat rate (deals it carried the burden and failed) and how long each
level took per decision (only decisions with a real choice are timed). A deal
passed out in one game of a pair only scores 0 there (see `duplicate`).

    python -m klaverjas_gui.ai.arena --team-a hard --team-b easy --pairs 500 \\
        --variant amsterdam --seed 1 --jobs 2

`--team-b hard-2026` plays against the reference level (`REFERENCE_LEVELS`).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn, Protocol, runtime_checkable

from ..engine import PRESETS, Action, MatchState, Observation, new_match
from ..engine.signals import CONVENTIONS
from ..engine.variant import Variant
from . import LEVELS, REFERENCE_LEVELS, make_player
from .base import Player
from .duplicate import Pair, pair_seed, percentile, play_both, play_deal, run_pairs
from .duplicate import report as table

__all__ = ["DealResult", "Pair", "pair_seed", "percentile", "play_pair", "report", "run"]


@dataclass
class DealResult:
    """One game of a pair, from team A's point of view."""

    margin: int  # team A's deal score minus team B's (0 when voided)
    a_burden: bool  # team A carried the burden
    nat: bool  # the burden team went nat
    voided: bool  # all passed twice and the other game of the pair did not
    a_seats: tuple[int, int]
    levels: tuple[str, str, str, str]  # level per seat
    dealer: int
    dealt: tuple[tuple[int, int, int, int], ...]  # the hands of every attempt played
    actions: tuple[str, ...]


HALVES = {"": (True, True), "send": (True, False), "read": (False, True)}


@runtime_checkable
class _Signaller(Protocol):
    """A player that sends and reads signals (normal and hard), by its switches."""

    send_signals: bool
    read_partner: bool
    read_opponents: bool


class Agreed:
    """A player whose team plays `signals` (RULES.md 1.10) at a table that plays none: the
    level "hard:kleur" measures what a convention is worth against a team without one.
    It sees the table's variant with its convention and reads its partner's signals, and
    its opponents' only when they send the same convention (`read_opponents`).
    "hard:kleur-send" only throws the signals (reads none), "hard:kleur-read" only reads
    (its own throw-aways are its own choice): what each half is worth."""

    def __init__(self, player: Player, spec: str, read_opponents: bool = False) -> None:
        signals, _, half = spec.partition("-")
        if half not in HALVES:
            raise ValueError(f"{spec!r}: a convention, or convention-send / convention-read")
        self.player = player
        self.signals = Variant(signals=signals).signals  # refuses an unknown convention
        self.name = f"{player.name}:{spec}"
        send, read = HALVES[half]
        if isinstance(player, _Signaller):  # normal and hard; easy neither sends nor reads
            player.send_signals, player.read_partner = send, read
            player.read_opponents = read and read_opponents

    def choose(self, obs: Observation) -> Action:
        agreed = dataclasses.replace(obs.variant, signals=self.signals)
        return self.player.choose(dataclasses.replace(obs, variant=agreed))


def sent(level: str) -> str:
    """The convention a level throws signals by ("" for none)."""
    base, _, spec = level.partition(":")
    signals, _, half = spec.partition("-")
    return signals if base in ("normal", "hard") and half in ("", "send") else ""


def arena_player(
    level: str, seed: int, think_ms: float | None, opponents: Sequence[str] = ()
) -> Player:
    """`make_player`, and "level:convention[-send|-read]" for a team that signals by that
    convention (`Agreed`; it reads the `opponents`' levels if both send it too)."""
    base, _, signals = level.partition(":")
    player = make_player(base, seed, think_ms=think_ms)
    if not signals:
        return player
    mine = signals.partition("-")[0]
    theirs = bool(opponents) and all(sent(o) == mine for o in opponents)
    return Agreed(player, signals, read_opponents=theirs)


def seat_level(team: str, seat: int) -> str:
    """A team's level at a seat: "hard:kleur/easy" puts hard:kleur on the team's first seat
    (0 or 1) and easy on its partner's."""
    levels = team.split("/")
    return levels[seat // 2 % len(levels)]


def one_deal(variant: Variant, seed: int) -> MatchState:
    return new_match(dataclasses.replace(variant, match_length="deals:1"), seed)


def play_pair(args: tuple[int, str, str, Variant, int, float | None]) -> Pair[DealResult]:
    """One deal played twice over the same cards: A on seats 0 and 2, then on 1 and 3."""
    index, team_a, team_b, variant, seed, hard_ms = args
    times: dict[str, list[float]] = {}
    game_seed = pair_seed(seed, index)
    seats = ((0, 2), (1, 3))
    levels = [{s: seat_level(team_a if s in a_seats else team_b, s) for s in range(4)}
              for a_seats in seats]  # fmt: skip
    players = [
        {
            s: arena_player(lv[s], (game_seed * 2 + g) * 4 + s, hard_ms, (lv[s ^ 1], lv[s ^ 3]))
            for s in range(4)
        }
        for g, lv in enumerate(levels)
    ]
    dealt: list[list[tuple[int, int, int, int]]] = [[], []]

    def play(g: int, state: MatchState) -> tuple[MatchState, bool]:
        dealt[g].append(state.hands)
        state, scored = play_deal(state, players[g], levels[g], times)
        return state, scored is None

    start = one_deal(variant, game_seed)
    ends, voided = play_both((start, start), play)
    deals = []
    for g, a_seats in enumerate(seats):
        a = a_seats[0]
        end = ends[g]
        lv = levels[g]
        void = DealResult(
            0, False, False, True, a_seats=a_seats, levels=(lv[0], lv[1], lv[2], lv[3]),
            dealer=start.dealer, dealt=tuple(dealt[g]), actions=tuple(str(x) for x in end.actions),
        )  # fmt: skip
        if voided[g]:
            deals.append(void)
            continue
        score = end.sheet[-1].score
        deals.append(dataclasses.replace(
            void, margin=score.scores[a] - score.scores[1 - a], a_burden=score.burden_team == a,
            nat=score.outcome == "nat", voided=False,
        ))  # fmt: skip
    return Pair(index, (deals[0], deals[1]), times)


def run(
    team_a: str,
    team_b: str,
    pairs: int,
    variant: Variant,
    seed: int,
    jobs: int = 1,
    hard_ms: float | None = None,
) -> list[Pair[DealResult]]:
    tasks = [(i, team_a, team_b, variant, seed, hard_ms) for i in range(pairs)]
    return run_pairs(play_pair, tasks, jobs, chunk=8)


def report(results: Sequence[Pair[DealResult]], team_a: str, team_b: str, variant_name: str) -> str:
    return "\n".join(table(results, f"arena, {variant_name}", team_a, team_b, "contracts"))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        self.exit(2, f"arena: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m klaverjas_gui.ai.arena", description=__doc__.split("\n")[0])
    p.add_argument("--team-a", default="hard")
    p.add_argument("--team-b", default="easy")
    p.add_argument("--pairs", type=int, default=100)
    p.add_argument("--variant", default="amsterdam")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--think-ms", type=float, default=None, help="hard's think time per decision")
    args = p.parse_args(argv)
    for opt in ("team_a", "team_b"):
        parts = [level.partition(":") for level in getattr(args, opt).split("/")]
        if len(parts) > 2 or any(
            base not in LEVELS + REFERENCE_LEVELS or colon and signals not in CONVENTIONS
            for base, colon, signals in parts
        ):
            p.error(f"unknown level {getattr(args, opt)!r} for --{opt.replace('_', '-')}; "
                    f"choose from {', '.join(LEVELS + REFERENCE_LEVELS)}, "
                    f"each maybe with :{' or :'.join(CONVENTIONS)}; "
                    f"or first/partner")  # fmt: skip
    if args.variant not in PRESETS:
        p.error(f"unknown variant {args.variant!r}; choose from {', '.join(PRESETS)}")
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.think_ms is not None and args.think_ms <= 0:
        p.error("--think-ms must be positive")
    results = run(
        args.team_a, args.team_b, args.pairs, PRESETS[args.variant], args.seed, args.jobs,
        args.think_ms,
    )  # fmt: skip
    print(report(results, args.team_a, args.team_b, args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
