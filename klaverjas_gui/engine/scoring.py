"""Scoring a deal (RULES.md 1.7, 1.8 and the kraken burden of 1.4).

The team that carries the burden (the choosers, or after kraak the team that
made the last call) must score strictly more than the other team, card points
times the kraak multiplier plus its roem (and pit). Otherwise it goes nat: it
scores 0 and the other team scores 162 x multiplier + the roem of both teams
(+ its pit). With `tie = litige` an exact tie gives the burden team 0 and the
other team only its own total.

`outcome` is told from the burden team's side: "made", "pit" (made with all
eight tricks), "nat", or "litige". A defence that takes every trick makes the
choosers "nat"; `pit_team` says who took all eight.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import POINTS, Card, Suit, parse_suit
from .play import Revoke, winner_index
from .roem import roem_of
from .variant import Variant

LAST_TRICK = 10
TOTAL_POINTS = 162


@dataclass(frozen=True)
class DealScore:
    scores: tuple[int, int]
    card_points: tuple[int, int]  # raw card points incl. the last trick's 10, before kraak
    roem: tuple[int, int]  # counted (claimed) roem
    outcome: str  # made | pit | nat | litige
    pit_team: int | None
    chooser_team: int
    burden_team: int
    kraak_level: int
    multiplier: int
    totals: tuple[int, int]  # each team's own total, as compared for the contract
    tricks_won: tuple[int, int]
    revoke: Revoke | None = None  # a called revoke (outcome "verzaakt"): the card proven


def burden_team(chooser_team: int, kraak_level: int) -> int:
    """Kraak and superkraak put the burden on the defence; rekraak back on the choosers."""
    return chooser_team if kraak_level % 2 == 0 else 1 - chooser_team


def score_deal(
    variant: Variant,
    trump: Suit | str,
    chooser_team: int,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    claimed: Iterable[int] | None = None,
    kraak_level: int = 0,
) -> DealScore:
    """Score eight tricks given as (leader_seat, four cards in play order)."""
    if len(tricks) != 8 or any(len(cards) != 4 for _, cards in tricks):
        raise ValueError("score_deal needs 8 tricks of 4 cards each")
    if len({c.index for _, cards in tricks for c in cards}) != 32:
        raise ValueError("score_deal needs the 32 different cards of the pack, each played once")
    if any(leader not in range(4) for leader, _ in tricks):
        raise ValueError("score_deal needs each trick's leader as a seat 0 to 3")
    t = parse_suit(trump).index
    card_value = POINTS[t]
    claimed_set = set(range(8)) if claimed is None else set(claimed)
    points = [0, 0]
    roem = [0, 0]
    won = [0, 0]
    for i, (leader, cards) in enumerate(tricks):
        cards = list(cards)
        team = (leader + winner_index(t, cards)) % 2
        won[team] += 1
        points[team] += sum(card_value[c.index] for c in cards)
        if i == 7:
            points[team] += LAST_TRICK
        if i in claimed_set:
            roem[team] += roem_of(variant, t, cards)
    return settle(variant, chooser_team, (points[0], points[1]), (roem[0], roem[1]),
                  (won[0], won[1]), kraak_level)  # fmt: skip


def settle(
    variant: Variant,
    chooser_team: int,
    card_points: tuple[int, int],
    roem: tuple[int, int],
    tricks_won: tuple[int, int],
    kraak_level: int = 0,
) -> DealScore:
    """The deal score from each team's card points (incl. last trick), roem and tricks."""
    if chooser_team not in (0, 1) or isinstance(chooser_team, bool):
        raise ValueError(f"the chooser team must be 0 or 1, not {chooser_team!r}")
    if kraak_level not in range(4) or isinstance(kraak_level, bool):
        raise ValueError(f"the kraak level must be 0 to 3 (none to superkraak), not {kraak_level}")
    points, won = card_points, tricks_won
    multiplier = 2**kraak_level
    roem_factor = multiplier if variant.kraken_doubles_roem else 1
    pit_team = 0 if won[0] == 8 else 1 if won[1] == 8 else None
    pit = [0, 0]
    if pit_team is not None and (pit_team == chooser_team or variant.defence_pit):
        pit[pit_team] = variant.pit_bonus
    totals = tuple(points[k] * multiplier + roem[k] * roem_factor + pit[k] for k in (0, 1))
    burden = burden_team(chooser_team, kraak_level)
    other = 1 - burden
    scores = [0, 0]
    if totals[burden] > totals[other]:
        outcome = "pit" if pit_team == burden else "made"
        scores = list(totals)
    elif totals[burden] == totals[other] and variant.tie == "litige":
        outcome = "litige"
        scores[other] = totals[other]
    else:
        outcome = "nat"
        scores[other] = TOTAL_POINTS * multiplier + (roem[0] + roem[1]) * roem_factor + pit[other]
    return DealScore(
        scores=(scores[0], scores[1]),
        card_points=(points[0], points[1]),
        roem=(roem[0], roem[1]),
        outcome=outcome,
        pit_team=pit_team,
        chooser_team=chooser_team,
        burden_team=burden,
        kraak_level=kraak_level,
        multiplier=multiplier,
        totals=(totals[0], totals[1]),
        tricks_won=(won[0], won[1]),
    )


def settle_revoke(
    variant: Variant,
    chooser_team: int,
    card_points: tuple[int, int],
    roem: tuple[int, int],
    tricks_won: tuple[int, int],
    kraak_level: int,
    revoke: Revoke,
) -> DealScore:
    """A deal ended by a correct "Verzaakt!" call (RULES.md 1.11): a nat with the sides
    swapped. The revoking team scores 0, the other team 162 (times the kraak multiplier,
    as any nat) plus the roem of both teams credited so far; no pit, the deal was not
    played out. `card_points` and `tricks_won` are what was taken before the call."""
    multiplier = 2**kraak_level
    roem_factor = multiplier if variant.kraken_doubles_roem else 1
    revoker = revoke.team
    scores = [0, 0]
    scores[1 - revoker] = TOTAL_POINTS * multiplier + (roem[0] + roem[1]) * roem_factor
    totals = tuple(card_points[k] * multiplier + roem[k] * roem_factor for k in (0, 1))
    return DealScore(
        scores=(scores[0], scores[1]),
        card_points=card_points,
        roem=roem,
        outcome="verzaakt",
        pit_team=None,
        chooser_team=chooser_team,
        burden_team=revoker,
        kraak_level=kraak_level,
        multiplier=multiplier,
        totals=(totals[0], totals[1]),
        tricks_won=tricks_won,
        revoke=revoke,
    )


KRAAK_NAMES = ("", "kraak", "rekraak", "superkraak")


@dataclass(frozen=True)
class ScoreLine:
    """One line of the score sheet (RULES.md 1.8)."""

    deal_no: int  # 1-based
    dealer: int
    chooser: int
    trump: str
    kraak_level: int
    score: DealScore
    # the four of a kind part of each side's roem (Klabberjass's Belote declarations):
    # marked on the sheet, never stored (the game's own line keeps it)
    fours: tuple[int, int] = (0, 0)

    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "chooser": self.chooser,
            "trump": self.trump,
            "kraak_level": self.kraak_level,
            "card_points": list(s.card_points),
            "roem": list(s.roem),
            "outcome": s.outcome,
            "pit_team": s.pit_team,
            "burden_team": s.burden_team,
            "tricks_won": list(s.tricks_won),
            "scores": list(s.scores),
            **({"revoke": s.revoke.to_dict()} if s.revoke is not None else {}),
        }


def describe_deal(score: DealScore) -> str:
    """The result in words: 'Choosers 82, defence 80 + 20 roem: nat, the defence scores 182.'"""
    b = score.burden_team
    o = 1 - b
    if score.kraak_level:
        names = {b: f"The {KRAAK_NAMES[score.kraak_level]} team", o: "the others"}
    else:
        names = {b: "Choosers", o: "defence"}

    def part(team: int) -> str:
        pts = score.card_points[team] * score.multiplier
        text = f"{names[team]} {pts}"
        if score.roem[team]:
            text += f" + {score.roem[team]} roem"
        return text

    if score.outcome == "verzaakt":
        assert score.revoke is not None  # a verzaakt deal always carries its wrong card
        who = "the choosers" if b == score.chooser_team else "the defence"
        gets = "the defence" if b == score.chooser_team else "the choosers"
        return (
            f"Verzaakt by {who} (a wrong {score.revoke.card.pretty}): "
            f"{gets} score {score.scores[o]}, {who} 0."
        )
    head = f"{part(b)}, {part(o)}"
    other = "the others score" if score.kraak_level else "the defence scores"
    if score.outcome == "nat":
        also = " and pit" if score.pit_team == o else ""
        return f"{head}: nat{also}, {other} {score.scores[o]}."
    if score.outcome == "litige":  # the burden team scores 0: after kraak, not the choosers
        zero = f"the {KRAAK_NAMES[score.kraak_level]} team" if score.kraak_level else "the choosers"
        return f"{head}: a tie (litige), {other} its own {score.scores[o]}, {zero} 0."
    if score.outcome == "pit":
        return f"{head}: pit! All eight tricks, {score.scores[b]} points."
    return f"{head}: made, {score.scores[b]} to {score.scores[o]}."
