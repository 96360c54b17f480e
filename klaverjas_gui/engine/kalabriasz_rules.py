"""Three-player Klaverjas (Kalabriasz, RULES.md 3) without the state machine: the options,
the deal score with the fixed contract, and the end of a match.

Card values, trick strength and roem in the trick are those of the four-player game
(RULES.md 1.1 and 1.6: `cards.POINTS`, `play.winner_index`, `roem.roem_of`); the play
duties are `play.obligation` with the two defenders as partners.

Glossary: the `maker` names trump and plays alone; the other two are `defenders`. The
`talon` is the two cards dealt face down; the maker takes them and lays two cards away
(`laid_away`), whose points count for him. The maker must score strictly more than half
of all points of the deal (his total against the sum of both defenders'); if not, he is
`nat` ("failed"): he scores 0 and the defenders share his total.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import POINTS, Card, Suit, parse_suit
from .play import winner_index
from .roem import roem_of
from .variant import CHOICES, MATCH_LENGTH_RE, Variant, VariantError

PLAYERS = 3
TRICKS = 10
LAST_TRICK = 10
TOTAL_POINTS = 162  # all 32 cards are played or laid away: 152 + the last trick's 10


@dataclass(frozen=True, init=False)
class KalabriaszVariant:
    """The options of RULES.md 3. Build with keywords; dataclasses.replace changes one."""

    must_ruff: str = "opponent"
    must_overtrump: bool = True
    undertrump: str = "forbidden"
    roem_enabled: bool = True
    pit_bonus: int = 100
    match_length: str = "deals:12"

    def __init__(self, **options: Any) -> None:
        names = kalabriasz_option_names()
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise VariantError(
                f"unknown Kalabriasz option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(names)}"
            )
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _check(f.name, options.get(f.name, f.default)))

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in kalabriasz_option_names()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KalabriaszVariant:
        if not isinstance(data, dict):
            raise VariantError("Kalabriasz options must be a mapping of option names to values")
        return cls(**data)

    @property
    def match_kind(self) -> str:
        """ "deals" or "points"."""
        return self.match_length.split(":")[0]

    @property
    def match_target(self) -> int:
        return int(self.match_length.split(":")[1])

    @property
    def play_rules(self) -> Variant:
        """The four-player Variant with these play duties and roem, for `play.obligation`
        and `roem.roem_of` (which read only those options)."""
        return _play_rules(self.must_ruff, self.must_overtrump, self.undertrump, self.roem_enabled)


@cache
def _play_rules(must_ruff: str, must_overtrump: bool, undertrump: str, roem: bool) -> Variant:
    return Variant(must_ruff=must_ruff, must_overtrump=must_overtrump, undertrump=undertrump,
                   roem_enabled=roem, roem_claim="automatic")  # fmt: skip


def kalabriasz_option_names() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(KalabriaszVariant))


def _check(name: str, value: Any) -> Any:
    if name in ("must_ruff", "undertrump"):
        if value not in CHOICES[name]:
            raise VariantError(
                f"option {name} cannot be {value!r}; allowed: {', '.join(CHOICES[name])}"
            )
        return str(value)
    if name in ("must_overtrump", "roem_enabled"):
        if isinstance(value, bool):
            return value
        if value in ("on", "off"):
            return value == "on"
        raise VariantError(f"option {name} cannot be {value!r}; allowed: on, off (or True, False)")
    if name == "pit_bonus":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise VariantError(f"option pit_bonus cannot be {value!r}; allowed: 0 to 1000")
        return value
    if name == "match_length":
        if not isinstance(value, str) or not MATCH_LENGTH_RE.match(value):
            raise VariantError(
                f"option match_length cannot be {value!r}; allowed: 'deals:N' "
                f"(e.g. deals:12) or 'points:N' (e.g. points:1000)"
            )
        return value
    raise VariantError(f"unknown Kalabriasz option {name!r}")  # pragma: no cover


KALABRIASZ_PRESETS: dict[str, KalabriaszVariant] = {
    "kalabriasz": KalabriaszVariant(),
    # named apart from the four-player "rotterdam": --variant alone names its game
    "kalabriasz_rotterdam": KalabriaszVariant(must_ruff="always", undertrump="forced"),
    "to_1000": KalabriaszVariant(match_length="points:1000"),
}


def kalabriasz_preset_name(variant: KalabriaszVariant) -> str:
    """The preset this variant equals, or "custom"."""
    for name, preset in KALABRIASZ_PRESETS.items():
        if preset == variant:
            return name
    return "custom"


# --- the deal score ---
@dataclass(frozen=True)
class KalabriaszScore:
    """One deal's score (RULES.md 3). Triples are by seat (0, 1, 2)."""

    scores: tuple[int, int, int]  # what each player adds to his match total
    card_points: tuple[int, int, int]  # points of the tricks taken, last trick's 10 included
    laid_away: int  # card points of the two cards the maker laid away (his)
    roem: tuple[int, int, int]
    pit: tuple[int, int, int]
    totals: tuple[int, int, int]  # each player's own total, compared for the contract
    outcome: str  # made | pit | nat | void (all passed: nobody played)
    maker: int  # -1 for a void deal
    tricks_won: tuple[int, int, int]


def _three(values: Sequence[int]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])


def settle_kalabriasz(
    maker: int,
    card_points: Sequence[int],
    laid_away: int = 0,
    roem: Sequence[int] = (0, 0, 0),
    pit: Sequence[int] = (0, 0, 0),
    tricks_won: Sequence[int] = (0, 0, 0),
) -> KalabriaszScore:
    """The fixed contract: the maker's total must be strictly more than half of all points
    scored in the deal. Made: each scores his own. Nat (a tie included): the maker 0, each
    defender his own plus half the maker's, the odd point to the defender with more (equal:
    to the first after the maker, clockwise; RULES.md 3, our choice)."""
    totals = [card_points[k] + roem[k] + pit[k] + (laid_away if k == maker else 0)
              for k in range(PLAYERS)]  # fmt: skip
    if 2 * totals[maker] > sum(totals):
        outcome = "pit" if tricks_won[maker] == TRICKS else "made"
        scores = list(totals)
    else:
        outcome = "nat"
        first, second = (maker + 1) % PLAYERS, (maker + 2) % PLAYERS
        half, odd = divmod(totals[maker], 2)
        scores = [0, 0, 0]
        scores[first] = totals[first] + half
        scores[second] = totals[second] + half
        scores[second if totals[second] > totals[first] else first] += odd
    return KalabriaszScore(
        scores=_three(scores), card_points=_three(card_points), laid_away=laid_away,
        roem=_three(roem), pit=_three(pit), totals=_three(totals), outcome=outcome,
        maker=maker, tricks_won=_three(tricks_won),
    )  # fmt: skip


VOID_SCORE = KalabriaszScore((0, 0, 0), (0, 0, 0), 0, (0, 0, 0), (0, 0, 0), (0, 0, 0), "void",
                             -1, (0, 0, 0))  # fmt: skip


def score_kalabriasz_deal(
    variant: KalabriaszVariant,
    trump: Suit | str,
    maker: int,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    laid_away: Sequence[Card],
) -> KalabriaszScore:
    """Score ten tricks given as (leader seat, three cards in play order) and the two cards
    the maker laid away."""
    if len(tricks) != TRICKS or any(len(cards) != PLAYERS for _, cards in tricks):
        raise ValueError("score_kalabriasz_deal needs 10 tricks of 3 cards each")
    if len(laid_away) != 2:
        raise ValueError("score_kalabriasz_deal needs the 2 cards the maker laid away")
    t = parse_suit(trump).index
    rules = variant.play_rules
    points, roem, won = [0, 0, 0], [0, 0, 0], [0, 0, 0]
    for i, (leader, cards) in enumerate(tricks):
        seat = (leader + winner_index(t, cards)) % PLAYERS
        won[seat] += 1
        points[seat] += sum(POINTS[t][c.index] for c in cards) + (LAST_TRICK if i == 9 else 0)
        roem[seat] += roem_of(rules, t, cards)
    pit = [variant.pit_bonus if k == maker and won[k] == TRICKS else 0 for k in range(PLAYERS)]
    away = sum(POINTS[t][c.index] for c in laid_away)
    return settle_kalabriasz(maker, points, away, roem, pit, won)


@dataclass(frozen=True)
class KalabriaszScoreLine:
    """One line of the three-player score sheet."""

    deal_no: int  # 1-based; a void deal (all passed) is a line too: each deals four times
    dealer: int
    maker: int  # -1: all passed
    trump: str  # suit letter, "" when all passed
    score: KalabriaszScore

    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "maker": self.maker,
            "chooser": self.maker,  # the four-player name, so shared statistics code can read it
            "trump": self.trump,
            "card_points": list(s.card_points),
            "laid_away": s.laid_away,
            "roem": list(s.roem),
            "pit": list(s.pit),
            "totals": list(s.totals),
            "tricks_won": list(s.tricks_won),
            "outcome": s.outcome,
            "scores": list(s.scores),
        }


def describe_kalabriasz_deal(score: KalabriaszScore) -> str:
    """'Maker (seat 1) 93 + 10 laid away, defenders 35 and 24: made, 103 / 35 / 24.'"""
    if score.outcome == "void":
        return "All passed: nobody played this deal."
    m = score.maker
    head = f"Maker (seat {m}) {score.card_points[m] + score.roem[m] + score.pit[m]}"
    if score.laid_away:
        head += f" + {score.laid_away} laid away"
    others = [k for k in range(PLAYERS) if k != m]
    head += f", defenders {score.totals[others[0]]} and {score.totals[others[1]]}"
    result = " / ".join(str(x) for x in score.scores)
    if score.outcome == "nat":
        return f"{head}: the maker failed, {result}."
    return f"{head}: {'pit' if score.outcome == 'pit' else 'made'}, {result}."


def match_result(
    variant: KalabriaszVariant, deals: int, totals: Sequence[int]
) -> tuple[tuple[int, ...], bool]:
    """(winning seats, whether the match is over) after `deals` deals. A match of N deals
    ends after the Nth; a match to N points after the first deal that brings someone to N
    or past it. The highest total wins; equal leaders share the win."""
    if variant.match_kind == "deals":
        over = deals >= variant.match_target
    else:
        over = max(totals) >= variant.match_target
    if not over:
        return (), False
    top = max(totals)
    return tuple(k for k in range(PLAYERS) if totals[k] == top), True
