"""Two-player Klabberjass without the state machine (RULES.md section 2): the options,
sequences in hand, the deal score with the maker's bet, and the end of a game.

Card values and trick strength are those of the four-player game (RULES.md 1.1,
`cards.POINTS` and `cards.POWER`); the play obligation is `play.klabberjass_obligation`.

Glossary: the `maker` is the player who fixed trump (took it, named it, or had
his schmeiss refused); the `non_dealer` ("main", elder hand) bids, declares and
leads first; `schmeiss` offers to abandon the deal; `dix` swaps the 7 of trump
for the turned card; `bella` is the king and queen of trump in one hand; a maker
who does not score strictly more than the opponent goes `nat` (called "bête" in
Klabberjass): he scores 0 and the opponent the sum of both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import CARD_BY_INDEX, POINTS, Card, Suit, parse_suit
from .play import winner_index
from .variant import VariantError

TARGETS = (500, 250, 1000, 100)  # the settings screen shows them in this order
TRICKS = 9
LAST_TRICK = 10
# All 32 cards hold 152 points (+10 last trick), but only 18 are played: the stock and the
# turned card keep the rest, so the tricks of a deal hold less than 162.
TOTAL_POINTS = 162
BELLA = 20
DECLARATIONS = ("klabberjass", "belote")  # option `declarations`: sequences only, or also fours


@dataclass(frozen=True, init=False)
class KlabberjassVariant:
    """The options of RULES.md 2. Build with keywords; dataclasses.replace changes one.
    A stored variant without an option gets its default (games saved before it existed)."""

    target: int = 500
    clob: bool = False
    declarations: str = "klabberjass"  # "belote" adds four of a kind (RULES.md 2)

    def __init__(self, **options: Any) -> None:
        names = klabberjass_option_names()
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise VariantError(
                f"unknown Klabberjass option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(names)}"
            )
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _check(f.name, options.get(f.name, f.default)))

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in klabberjass_option_names()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KlabberjassVariant:
        if not isinstance(data, dict):
            raise VariantError("Klabberjass options must be a mapping of option names to values")
        return cls(**data)


def klabberjass_option_names() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(KlabberjassVariant))


def _check(name: str, value: Any) -> Any:
    if name == "target":
        if isinstance(value, bool) or value not in TARGETS:
            raise VariantError(
                f"option target cannot be {value!r}; allowed: {', '.join(map(str, TARGETS))}"
            )
        return int(value)
    if name == "clob":
        if isinstance(value, bool):
            return value
        if value in ("on", "off"):
            return value == "on"
        raise VariantError(f"option clob cannot be {value!r}; allowed: on, off (or True, False)")
    if name == "declarations":
        if value not in DECLARATIONS:
            raise VariantError(
                f"option declarations cannot be {value!r}; allowed: {', '.join(DECLARATIONS)}"
            )
        return str(value)
    raise VariantError(f"unknown Klabberjass option {name!r}")  # pragma: no cover


KLABBERJASS_PRESETS: dict[str, KlabberjassVariant] = {
    "klabberjass": KlabberjassVariant(),
    "clob": KlabberjassVariant(clob=True),
    "bela": KlabberjassVariant(target=100),
}


def klabberjass_preset_name(variant: KlabberjassVariant) -> str:
    """The preset this variant equals, or "custom"."""
    for name, preset in KLABBERJASS_PRESETS.items():
        if preset == variant:
            return name
    return "custom"


# --- sequences in hand (declarations) ---
def _runs(byte: int) -> tuple[tuple[int, int], ...]:
    """(lowest rank index, length) of every maximal run of 3 or more set bits."""
    out, r = [], 0
    while r < 8:
        if byte >> r & 1:
            start = r
            while r < 8 and byte >> r & 1:
                r += 1
            if r - start >= 3:
                out.append((start, r - start))
        else:
            r += 1
    return tuple(out)


_RUNS = tuple(_runs(b) for b in range(256))


def sequence_value(length: int) -> int:
    """3 in sequence = 20, 4 = 50, 5 or more = 100 (RULES.md 2)."""
    return 0 if length < 3 else 20 if length == 3 else 50 if length == 4 else 100


def sequences_in(hand: int | Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every sequence of 3 or more cards of one suit in natural order 7 8 9 T J Q K A,
    lowest card first; a run of five is one sequence (worth 100), not three."""
    mask = hand if isinstance(hand, int) else sum(c.bit for c in set(hand))
    out = []
    for s in range(4):
        for start, length in _RUNS[mask >> (8 * s) & 0xFF]:
            out.append(tuple(CARD_BY_INDEX[s * 8 + r] for r in range(start, start + length)))
    return tuple(out)


def sequence_key(seq: Sequence[Card]) -> tuple[int, int]:
    """Compare sequences by this: longer wins, then the higher top card (natural order)."""
    return (len(seq), seq[-1].rank_index)


def best_sequence(hand: int | Iterable[Card]) -> tuple[Card, ...] | None:
    """The best sequence of a hand (the first suit in C D H S order among equals), or None."""
    best = None
    for seq in sequences_in(hand):
        if best is None or sequence_key(seq) > sequence_key(best):
            best = seq
    return best


def sequences_points(hand: int | Iterable[Card]) -> int:
    """The value of all sequences of a hand."""
    return sum(sequence_value(len(seq)) for seq in sequences_in(hand))


def beats(key: tuple[int, int], declared: tuple[int, int] | None) -> bool:
    """Does the dealer's best sequence (length, top rank index) beat the non-dealer's
    declared one? Strictly better only: a complete tie goes to the non-dealer."""
    return declared is None or key > declared


def sequence_winner(
    non_dealer_best: Sequence[Card] | None, dealer_best: Sequence[Card] | None
) -> str | None:
    """Who scores sequences when both declare their best: "non_dealer", "dealer" or None."""
    declared = sequence_key(non_dealer_best) if non_dealer_best else None
    if dealer_best is not None and beats(sequence_key(dealer_best), declared):
        return "dealer"
    return "non_dealer" if non_dealer_best is not None else None


# --- Belote declarations: sequences and four of a kind (option declarations = belote) ---
FOUR = 0  # the "length" a four of a kind is stated with: a sequence has 3 cards or more
# four of a kind by rank index 7 8 9 T J Q K A: jacks 200, nines 150, A T K Q 100, 8s and 7s 0
FOUR_POINTS = (0, 0, 150, 100, 200, 100, 100, 100)


class Declaration(NamedTuple):
    """One declaration as stated: a sequence (length, top rank index) or a four of a kind
    (FOUR, its rank index); `trump` marks a sequence in trump, Belote's last tie-break."""

    length: int
    top: int
    trump: bool = False

    @property
    def points(self) -> int:
        return FOUR_POINTS[self.top] if self.length == FOUR else sequence_value(self.length)

    def key(self, belote: bool) -> tuple[int, ...]:
        """Compare declarations by this. Klabberjass: the longer sequence, then the higher
        top card. Belote: the higher value; equal value: a four of a kind before a sequence,
        then the higher rank or top card, then a sequence in trump."""
        if not belote:
            return (self.length, self.top)
        return (self.points, self.length == FOUR, self.top, self.trump)


def fours_in(hand: int | Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every four of a kind of a hand that scores (not 8s and 7s), lowest rank first."""
    mask = hand if isinstance(hand, int) else sum(c.bit for c in set(hand))
    out = []
    for r, points in enumerate(FOUR_POINTS):
        cards = tuple(CARD_BY_INDEX[s * 8 + r] for s in range(4))
        if points and all(mask & c.bit for c in cards):
            out.append(cards)
    return tuple(out)


def declarations_in(
    hand: int | Iterable[Card], trump: int, belote: bool
) -> tuple[Declaration, ...]:
    """Every declaration of a hand; only sequences unless `belote`. `trump`: suit index."""
    out = [Declaration(len(seq), seq[-1].rank_index, seq[0].suit_index == trump)
           for seq in sequences_in(hand)]  # fmt: skip
    if belote:
        out += [Declaration(FOUR, four[0].rank_index) for four in fours_in(hand)]
    return tuple(out)


def best_declaration(hand: int | Iterable[Card], trump: int, belote: bool) -> Declaration | None:
    """The best single declaration of a hand, or None. Without Belote this is the first
    best sequence in C D H S order, as `best_sequence`."""
    best = None
    for d in declarations_in(hand, trump, belote):
        if best is None or d.key(belote) > best.key(belote):
            best = d
    return best


def declaration_beats(mine: Declaration, declared: tuple[int, int] | None, belote: bool) -> bool:
    """Does the dealer's best declaration beat the (length, top) the non-dealer stated?
    Strictly better only: a complete tie goes to the non-dealer. Two equal sequences are
    in different suits (each holds its own top card): when the dealer's is in trump, the
    non-dealer's is not, so it is compared as a plain one."""
    return declared is None or mine.key(belote) > Declaration(*declared).key(belote)


def declaration_points(hand: int | Iterable[Card], belote: bool) -> tuple[int, int]:
    """(sequence points, four of a kind points) of a hand: the winner scores all of his.
    A card may count in both a four of a kind and a sequence."""
    fours = sum(FOUR_POINTS[f[0].rank_index] for f in fours_in(hand)) if belote else 0
    return sequences_points(hand), fours


def declaration_winner(nd_hand: int, dealer_hand: int, trump: int, belote: bool) -> str | None:
    """Who scores declarations when both declare their best: "non_dealer", "dealer" or None."""
    nd = best_declaration(nd_hand, trump, belote)
    dl = best_declaration(dealer_hand, trump, belote)
    if dl is not None and declaration_beats(dl, nd[:2] if nd else None, belote):
        return "dealer"
    return "non_dealer" if nd is not None else None


# --- the deal score ---
@dataclass(frozen=True)
class KlabberjassScore:
    """One deal's score (RULES.md 2). Pairs are by seat (seat 0, seat 1)."""

    scores: tuple[int, int]  # what each player adds to his game total
    card_points: tuple[int, int]  # card points of the tricks taken, last trick's 10 included
    declarations: tuple[int, int]  # declaration points (only the best declaration's owner)
    bella: tuple[int, int]
    totals: tuple[int, int]  # each player's own total, compared for the maker's bet
    outcome: str  # made | nat
    maker: int
    tricks_won: tuple[int, int]
    fours: tuple[int, int] = (0, 0)  # the four of a kind part of `declarations` (Belote)

    @property
    def burden_team(self) -> int:
        """The side that had to make the deal, as Klaverjas's `DealScore` says it: the
        maker (each player is a side of his own)."""
        return self.maker


def settle_klabberjass(
    maker: int,
    card_points: tuple[int, int],
    declarations: tuple[int, int] = (0, 0),
    bella: tuple[int, int] = (0, 0),
    tricks_won: tuple[int, int] = (0, 0),
    fours: tuple[int, int] = (0, 0),
) -> KlabberjassScore:
    """The maker must score strictly more than the opponent, else the opponent scores both.
    `fours` is the four of a kind part of `declarations`, kept apart for the score sheet."""
    totals = tuple(card_points[k] + declarations[k] + bella[k] for k in (0, 1))
    other = 1 - maker
    if totals[maker] > totals[other]:
        outcome, scores = "made", totals
    else:
        outcome = "nat"
        scores = (0, totals[0] + totals[1]) if maker == 0 else (totals[0] + totals[1], 0)
    return KlabberjassScore(
        scores=(scores[0], scores[1]),
        card_points=(card_points[0], card_points[1]),
        declarations=(declarations[0], declarations[1]),
        bella=(bella[0], bella[1]),
        totals=(totals[0], totals[1]),
        outcome=outcome,
        maker=maker,
        tricks_won=(tricks_won[0], tricks_won[1]),
        fours=(fours[0], fours[1]),
    )


def score_klabberjass_deal(
    trump: Suit | str,
    maker: int,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    declarations: tuple[int, int] = (0, 0),
    bella: tuple[int, int] = (0, 0),
    fours: tuple[int, int] = (0, 0),
) -> KlabberjassScore:
    """Score nine tricks given as (leader_seat, two cards in play order)."""
    if len(tricks) != TRICKS or any(len(cards) != 2 for _, cards in tricks):
        raise ValueError("score_klabberjass_deal needs 9 tricks of 2 cards each")
    t = parse_suit(trump).index
    points, won = [0, 0], [0, 0]
    for i, (leader, cards) in enumerate(tricks):
        seat = (leader + winner_index(t, list(cards))) % 2
        won[seat] += 1
        points[seat] += sum(POINTS[t][c.index] for c in cards) + (LAST_TRICK if i == 8 else 0)
    return settle_klabberjass(maker, (points[0], points[1]), declarations, bella,
                              (won[0], won[1]), fours)  # fmt: skip


@dataclass(frozen=True)
class KlabberjassScoreLine:
    """One line of the Klabberjass score sheet."""

    deal_no: int  # 1-based; a voided deal is redealt under the same number
    dealer: int
    maker: int
    trump: str  # suit letter
    how: str  # took | named | schmeiss (a refused schmeiss)
    score: KlabberjassScore

    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "maker": self.maker,
            "chooser": self.maker,  # the four-player name, so shared statistics code can read it
            "burden_team": self.maker,
            "trump": self.trump,
            "how": self.how,
            "card_points": list(s.card_points),
            "declarations": list(s.declarations),
            "bella": list(s.bella),
            "roem": [s.declarations[k] + s.bella[k] for k in (0, 1)],  # bonuses, as in 4-player
            "totals": list(s.totals),
            "tricks_won": list(s.tricks_won),
            "outcome": s.outcome,
            "scores": list(s.scores),
            **({"fours": list(s.fours)} if any(s.fours) else {}),  # games saved before: none
        }


def describe_klabberjass_deal(score: KlabberjassScore) -> str:
    """'Maker 92 + 50 sequences, opponent 70 + 20 bella: made, 142 to 90.'"""
    m, o = score.maker, 1 - score.maker

    def part(seat: int, who: str) -> str:
        text = f"{who} {score.card_points[seat]}"
        if score.declarations[seat] - score.fours[seat]:
            text += f" + {score.declarations[seat] - score.fours[seat]} sequences"
        if score.fours[seat]:
            text += f" + {score.fours[seat]} four of a kind"
        if score.bella[seat]:
            text += f" + {score.bella[seat]} bella"
        return text

    head = f"{part(m, 'Maker')}, {part(o, 'opponent')}"
    if score.outcome == "nat":
        return f"{head}: the maker failed, the opponent scores {score.scores[o]}."
    return f"{head}: made, {score.scores[m]} to {score.scores[o]}."


def game_result(target: int, totals: tuple[int, int]) -> tuple[int | None, bool]:
    """(winning seat or None, whether the game is over) after a deal. The first to the
    target wins; if both pass it the higher total wins; a tie is broken by another deal."""
    a, b = totals
    if max(a, b) < target or a == b:
        return None, False
    return (0 if a > b else 1), True
