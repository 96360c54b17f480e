"""The game's words in the player's language: one module for every text made from game facts.

The engine speaks English only (its API and tests rely on that) and hands over
structured facts: cards, a `Reason` for a refused action, rule options, a
`DealScore`. Here they become text through `tr`, mostly in the `rules`
namespace, at the moment they are shown, so a language switch takes effect at
once, and the hint, the demo caption, the prompts, the score sheet and the
review name a card the same way ("the 10 of hearts", "de harten 10", "le 10 de
cœur"). Pure Python (engine and i18n only): the `teach` package uses it without
pygame.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .engine import DealScore, Variant
from .engine.cards import RANK_DISPLAY, RANK_LETTERS, SUITS, Card, Suit
from .engine.reasons import Namer, Reason, reason_values
from .engine.roem import roem_items
from .engine.state import GameState
from .engine.variant import CHOICES
from .i18n import tr

_CARD_TEXT = re.compile(r"\b(10|[789JQKA])([♣♦♥♠])")


def suit_name(suit: Suit | str) -> str:
    """ "hearts", "harten", "cœur" (the word used in "no hearts left", "Take hearts")."""
    return tr(f"rules.suit_{Suit(suit).value}")


def rank_letter(rank: str) -> str:
    """The index letter of a rank as players say it: Dutch B V H, French V D R for J Q K.

    `rank` is the engine's letter ("T") or its display ("10")."""
    rank = RANK_DISPLAY.get(rank, rank)
    return tr(f"rules.letter_{rank}") if rank in ("J", "Q", "K") else rank


def cards_text(text: str) -> str:
    """English card texts inside `text` ("Q♥, 10♠") with the local rank letters."""
    return _CARD_TEXT.sub(lambda m: rank_letter(m.group(1)) + m.group(2), text)


def card_text(card: Card) -> str:
    """ "Q♥" with the local letter ("V♥" in Dutch, "D♥" in French), for fonts with suit symbols."""
    return cards_text(card.pretty)


def rank_name(rank: str) -> str:
    """A rank as a card name says it: "the jack", "le valet", "la dame", "l'as"; Dutch
    puts its article before the suit ("de harten boer"), so there the bare "boer"."""
    return tr(f"rules.rank_{rank}")


def card_name(card: Card) -> str:
    """ "the 10 of hearts", "de harten 10", "le 10 de cœur": a card inside a sentence."""
    return tr("rules.card", rank=rank_name(card.rank.value), suit=suit_name(card.suit))


def run_name(cards: Sequence[Card], sep: str = "-") -> str:
    """Cards of one suit in short form: "7-8-9 of clubs", "klaveren 7-8-9", "7-8-9 de trèfle"."""
    ranks = sep.join(rank_letter(c.rank.value) for c in cards)
    return tr("rules.run", ranks=ranks, suit=suit_name(cards[0].suit))


def kraak_name(level: int) -> str:
    """ "Kraak", "Rekraak", "Superkraak"; French players say "Contre", "Surcontre"."""
    return tr(f"rules.kraak_{min(level, 3)}")


def sequence_words(length: int, top: int) -> str:
    """ "a sequence of 4 to the king" (reasons.describe_sequence, translated);
    `top` is the natural rank index 0..7 of its highest card."""
    return tr("rules.sequence", n=length, rank=rank_name(RANK_LETTERS[top]))


def declaration_words(length: int, top: int) -> str:
    """A Klabberjass declaration as stated: a sequence, or with length 0
    (klabberjass_rules.FOUR) a four of a kind: "four nines", "vier negens", "quatre neuf"."""
    if length == 0:
        return tr(f"rules.roem_carre_{RANK_LETTERS[top]}")
    return sequence_words(length, top)


def describe_roem(variant: Variant, trump: Suit, trick: Iterable[Card]) -> str:
    """Which cards made the roem of a trick: "7-8-9 of clubs", "four jacks", stuk.

    The engine says which roem there is (`roem_items`); this only names it."""
    cards = list(trick)
    parts = []
    for label, _ in roem_items(variant, Suit(trump).index, cards):
        if label.startswith("sequence of "):
            parts.append(_sequence(cards, int(label.rsplit(" ", 1)[1])))
        elif label == "stuk":
            parts.append(tr("rules.roem_stuk"))
        else:
            parts.append(tr(f"rules.roem_carre_{cards[0].rank.value}"))
    return tr("guide.and").join(p for p in parts if p)


def _sequence(cards: list[Card], length: int) -> str:
    """The run of `length` cards in natural order 7 8 9 10 J Q K A in one suit of the trick."""
    for suit in range(4):
        ranks = sorted(c.rank_index for c in cards if c.suit_index == suit)
        for start in range(len(ranks) - length + 1):
            window = ranks[start : start + length]
            if window[-1] - window[0] == length - 1:
                return run_name([Card(RANK_LETTERS[r], SUITS[suit]) for r in window])
    return ""


# --- why an action is refused ---
_NAMER = Namer(  # how the player's language names the facts of an engine Reason
    suit=suit_name,
    cards=cards_text,
    sequence=declaration_words,
    wanted=lambda phase: tr(f"rules.wanted_{phase}"),
)


def reason_text(reason: Reason) -> str:
    """Why an action is refused, from the engine's Reason key and facts."""
    return tr(f"rules.reason_{reason.key}", **reason_values(reason, _NAMER))


def revoke_text(revoke: Any, names: Sequence[str]) -> str:
    """A called revoke (engine.play.Revoke) in words: "Trick 3 (A♠ 7♦ 7♠ 7♥): Anna played
    7♦. The rule broken: Spades ♠ were led: you must follow suit (you hold 10♠, 9♠)." The
    rule is the engine's own Reason, as the table would have refused the card."""
    cards = " ".join(card_text(c) for c in revoke.trick) or card_text(revoke.card)
    detail = tr("ui.verzaakt_detail", n=revoke.trick_no + 1, cards=cards,
                name=names[revoke.seat], card=card_text(revoke.card))  # fmt: skip
    return f"{detail} {tr('ui.verzaakt_rule', rule=reason_text(revoke.reason))}"


def explain(state: GameState, action: Any) -> str | None:
    """Why `action` is refused now, translated; None if it is legal."""
    reason = state.refusal(action)
    return None if reason is None else reason_text(reason)


# --- rule options, as the settings screen shows them ---
def option_label(option: str) -> str:
    return tr(f"rules.option_{option}")


def option_description(option: str) -> str:
    return tr(f"rules.about_{option}")


def convention_text(v: Variant) -> str | None:
    """The one-line text of the signalling convention in force (RULES.md 1.10), None if none."""
    return tr(f"rules.convention_{v.signals}") if v.signals != "none" else None


def signal_lines(v: Variant) -> list[str]:
    """The public signalling agreements in force, one line each (none: no line)."""
    text = convention_text(v)
    lines = [tr("rules.describe_signals", name=value_label("signals", v.signals), text=text)]
    request = tr("rules.describe_trump_request", text=tr("rules.about_trump_request"))
    return (lines if text else []) + ([request] if v.trump_request else [])


def value_label(option: str, value: Any) -> str:
    """A rule option's value in words ("on", "first hand", "3-2-3")."""
    if isinstance(value, bool):
        return tr("rules.on") if value else tr("rules.off")
    if option in CHOICES and value in CHOICES[option] and not value[:1].isdigit():
        return tr(f"rules.value_{option}_{value}")
    return str(value)


def preset_label(name: str) -> str:
    """The name of a preset; "custom" gives "Custom rules"."""
    return tr(f"rules.preset_{name}")


def match_length_label(value: str) -> str:
    """ "deals:16" -> "16 deals"; the count as a number, so that one deal is "1 deal"."""
    kind, count = value.split(":")
    n: int | str = int(count) if count.isdigit() else count
    return tr("rules.length_deals", n=n) if kind == "deals" else tr("rules.length_points", n=n)


def describe_rules(v: Variant) -> list[str]:
    """The rules in force, one line per topic, in the player's language."""
    trump = value_label("trump_selection", v.trump_selection)
    lead = value_label("opening_lead", v.opening_lead)
    lines = [
        tr("rules.describe_trump", trump=trump, lead=lead),
        tr(
            "rules.describe_ruff",
            ruff=value_label("must_ruff", v.must_ruff),
            overtrump=tr("rules.required") if v.must_overtrump else tr("rules.free"),
            undertrump=value_label("undertrump", v.undertrump),
        ),
    ]
    if v.roem_enabled:
        lines.append(
            tr(
                "rules.describe_roem",
                claim=value_label("roem_claim", v.roem_claim),
                carre=tr(f"rules.carre_{v.carre_values}"),
            )
        )
    else:
        lines.append(tr("rules.describe_no_roem"))
    pit = "rules.describe_pit" if v.defence_pit else "rules.describe_pit_choosers"
    lines.append(tr(pit, bonus=v.pit_bonus, tie=tr(f"rules.tie_plain_{v.tie}")))
    if v.kraken:
        lines.append(tr("rules.describe_kraken"))
    if v.revoke == "club":
        lines.append(tr("rules.describe_revoke"))
    lines += signal_lines(v)
    key = "rules.describe_match_deals" if v.match_kind == "deals" else "rules.describe_match_points"
    lines.append(tr(key, n=v.match_target))
    return lines


def describe_deal(score: DealScore) -> str:
    """The result of a deal in words (scoring.describe_deal, translated)."""
    b, o = score.burden_team, 1 - score.burden_team
    if score.outcome == "verzaakt" and score.revoke is not None:  # b: the revoking team
        side = "choosers" if b == score.chooser_team else "defence"
        return tr(f"rules.deal_verzaakt_{side}", card=card_text(score.revoke.card),
                  score=score.scores[o])  # fmt: skip
    if score.kraak_level:
        names = {b: tr("rules.deal_kraak_team", kraak=kraak_name(score.kraak_level)),
                 o: tr("rules.deal_others")}  # fmt: skip
    else:
        names = {b: tr("rules.deal_choosers"), o: tr("rules.deal_defence")}

    def part(team: int) -> str:
        pts = score.card_points[team] * score.multiplier
        if score.roem[team]:
            return tr("rules.deal_part_roem", team=names[team], points=pts, roem=score.roem[team])
        return tr("rules.deal_part", team=names[team], points=pts)

    head = f"{part(b)}, {part(o)}"
    other = tr("rules.deal_others_score" if score.kraak_level else "rules.deal_defence_scores")
    if score.outcome == "nat":
        key = "rules.deal_nat_pit" if score.pit_team == o else "rules.deal_nat"
        return tr(key, head=head, other=other, score=score.scores[o])
    if score.outcome == "litige":  # the burden team scores 0: after kraak, not the choosers
        zero = (tr("rules.deal_litige_zero_kraak", kraak=kraak_name(score.kraak_level))
                if score.kraak_level else tr("rules.deal_litige_zero"))  # fmt: skip
        return tr("rules.deal_litige", head=head, other=other, score=score.scores[o], zero=zero)
    if score.outcome == "pit":
        return tr("rules.deal_pit", head=head, score=score.scores[b])
    return tr("rules.deal_made", head=head, score=score.scores[b], other_score=score.scores[o])


def describe_klabberjass_deal(score: Any) -> str:
    """A two-player deal's result in words (klabberjass_rules.describe_klabberjass_deal)."""
    m, o = score.maker, 1 - score.maker

    def part(seat: int, who: str) -> str:
        text = tr("rules.deal_part", team=who, points=score.card_points[seat])
        fours = score.fours[seat]
        if score.declarations[seat] - fours:
            text += tr("rules.kj_sequences", n=score.declarations[seat] - fours)
        if fours:
            text += tr("rules.kj_fours", n=fours)
        if score.bella[seat]:
            text += tr("rules.kj_bella", n=score.bella[seat])
        return text

    head = f"{part(m, tr('rules.kj_maker'))}, {part(o, tr('rules.kj_opponent'))}"
    if score.outcome == "nat":
        return tr("rules.kj_failed", head=head, score=score.scores[o])
    return tr("rules.deal_made", head=head, score=score.scores[m], other_score=score.scores[o])


def describe_kalabriasz_deal(score: Any, names: Sequence[str], you: int | None = None) -> str:
    """A three-player deal's result in words: what the maker scored of all points, and
    what the contract (more than half) made of it. `names`: the seats' names; `you`: the
    seat of the person at this screen, told as "you"."""
    if score.outcome == "void":
        return tr("kalabriasz.describe_void")
    m = score.maker
    own = "_you" if m == you else ""
    total, everyone = score.totals[m], sum(score.totals)
    text = tr(f"kalabriasz.describe_total{own}", name=names[m], total=total, all=everyone)
    if score.laid_away:
        text += " " + tr("kalabriasz.describe_laid_away", n=score.laid_away)
    if score.outcome == "nat":
        return f"{text} {tr(f'kalabriasz.describe_nat{own}', name=names[m], total=total)}"
    if score.outcome == "pit":
        pit = tr(f"kalabriasz.describe_pit{own}", name=names[m], bonus=score.pit[m])
        return f"{text} {pit}"
    return f"{text} {tr('kalabriasz.describe_made')}"
