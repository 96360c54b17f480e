"""Plain-words captions for the club demo: why each card was played, who took the trick.

Pure functions of engine values (no pygame), so a test can build a trick and read
the caption. The reason a card was allowed comes from the engine's own play rule
(`play.obligation`), so the caption and the legality check cannot disagree. Cards,
suits and kraak are named by `klaverjas_gui.words`, as in every other sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import Card, Suit, Variant
from ..engine.cards import POINTS, mask_of
from ..engine.kalabriasz import AllPassed, CardLaidAway, KalabriaszDealScored, TalonTaken
from ..engine.klabberjass import (
    BellaDeclared,
    DixMade,
    SchmeissAnswered,
    Schmeissed,
    SequencesShown,
    StockDealt,
)
from ..engine.match import (
    CardPlayed,
    DealScored,
    KraakCalled,
    Passed,
    Redealt,
    RoemClaimed,
    TrickWon,
    TrumpChosen,
    VerzaaktCalled,
)
from ..engine.play import klabberjass_obligation, obligation, winner_index
from ..games import game_of
from ..i18n import tr
from ..teach.signal_words import signal_caption
from ..words import card_name, kraak_name, revoke_text, suit_name


def play_caption(
    name: str,
    card: Card,
    trump: Suit,
    hand: Iterable[Card],
    trick: Sequence[Card],
    variant: Variant | None = None,
    partner: bool | None = None,
) -> str:
    """Why `name` played `card` from `hand` onto `trick` (the cards before it, in play order).

    `variant` is the four-player rules; None means two-player Klabberjass. `partner`:
    whether the card winning the trick is the partner's (None: the card played two before,
    as four players sit; the state says it, `GameState.partner_winning`)."""
    t = Suit(trump).index
    mask = mask_of(hand)
    if variant is None:
        _, rule = klabberjass_obligation(t, mask, trick)
        partner_wins = False
    else:
        legal, rule = obligation(variant, t, mask, trick, partner)
        partner_wins = partner
        if partner is None:  # four players: the card played two before
            partner_wins = len(trick) >= 2 and winner_index(t, list(trick)) == len(trick) - 2
        if not legal & card.bit:  # revoke = club: a person's wrong card (shown afterwards)
            return tr("demo.plays_wrong", name=name, card=card_name(card))
    words = {"name": name, "card": card_name(card)}
    if not trick:
        return tr("demo.leads_trump" if card.suit_index == t else "demo.leads", **words)
    led = trick[0].suit_index
    takes_lead = winner_index(t, [*trick, card]) == len(trick)
    if card.suit_index == led == t:
        return tr("demo.follows_trump_high" if takes_lead else "demo.follows_trump", **words)
    if card.suit_index == led:
        return tr("demo.follows_high" if takes_lead else "demo.follows", **words)
    words["suit"] = suit_name(trick[0].suit)
    if led == t:
        return tr("demo.no_trump_discards", **words)
    if card.suit_index == t:
        if rule == "undertrump_forced":
            return tr("demo.undertrump_forced", **words)
        if partner_wins:  # Rotterdam: trumping is a must even over the partner
            key = "demo.trumps_must" if rule in ("ruff", "overtrump") else "demo.trumps_anyway"
            return tr(key, **words)
        if not any(c.suit_index == t for c in trick):
            return tr("demo.trumps", **words)
        if takes_lead:
            return tr("demo.overtrumps", **words)
        if rule == "undertrump_forbidden":
            return tr("demo.undertrump_only", **words)
        return tr("demo.undertrumps", **words)
    if partner_wins:
        return tr("demo.discards_partner", **words)
    if rule == "undertrump_forbidden":
        return tr("demo.discards_no_undertrump", **words)
    if not mask & (0xFF << (8 * t)):
        return tr("demo.discards_no_trump", **words)
    return tr("demo.discards", **words)


def trick_caption(name: str, won: TrickWon, trump: Suit, last: bool) -> str:
    """ "Anna wins the trick with the ace of hearts: 11 points + 20 roem." """
    best = won.cards[winner_index(Suit(trump).index, list(won.cards))]
    score = tr("demo.score_roem" if won.roem else "demo.score", n=won.points, roem=won.roem)
    key = "demo.wins_last" if last else "demo.wins"
    return tr(key, name=name, card=card_name(best), score=score)


def deal_caption(line: Any, names: Sequence[str]) -> str:
    """The deal's result in one line; `line` is a four-player or a Klabberjass score line.
    The sides are seats 0, 2, ... against 1, 3, ... (with two players, each a side)."""
    s = line.score
    sides = (" & ".join(names[0::2]), " & ".join(names[1::2]))
    side = s.burden_team
    maker, other = sides[side], sides[1 - side]
    a, b = s.scores[side], s.scores[1 - side]
    key = {
        "nat": "demo.deal_nat",
        "pit": "demo.deal_pit",
        "litige": "demo.deal_litige",
        "verzaakt": "demo.deal_verzaakt",
    }.get(  # fmt: skip
        s.outcome, "demo.deal_made"
    )
    return tr(key, deal=line.deal_no, maker=maker, other=other, a=a, b=b)


def action_captions(before: Any, events: Sequence[Any], names: Sequence[str]) -> list[str]:
    """Captions for what one action did, given the engine state just before it (either game's)."""
    game = game_of(before)
    variant = game.card_rules(before.variant)
    out: list[str] = []
    for ev in events:
        if isinstance(ev, Redealt):
            text = _redeal_caption(ev, events, names)
        else:
            text = _caption(ev, before, names, variant, game.tricks_per_deal)
        if text:
            out.append(text)
        if isinstance(ev, CardPlayed) and game.signals:  # what the card signalled, if any
            signal = signal_caption(before, ev.seat, ev.card, names)
            if signal:
                out.append(signal)
    return out


def _redeal_caption(ev: Redealt, events: Sequence[Any], names: Sequence[str]) -> str:
    """Why the table is dealt afresh, so that the passes still on the cloth are not read
    as the new deal's (an accepted schmeiss already said so itself)."""
    if any(isinstance(e, SchmeissAnswered) for e in events):
        return ""
    if any(isinstance(e, Schmeissed) for e in events):  # clob: accepted without asking
        return tr("demo.redealt_clob", name=names[ev.dealer])
    return tr("demo.redealt_passed", name=names[ev.dealer])


def _caption(ev: Any, before: Any, names: Sequence[str], variant: Variant, tricks: int) -> str:
    if isinstance(ev, CardPlayed):
        return play_caption(names[ev.seat], ev.card, before.trump_suit, before.hand(ev.seat),
                            before.trick, variant, before.partner_winning())  # fmt: skip
    if isinstance(ev, TrickWon):
        last = ev.trick_no == tricks - 1
        return trick_caption(names[ev.seat], ev, before.trump_suit, last)
    if isinstance(ev, TrumpChosen):
        key = {"took": "demo.takes", "named": "demo.names", "forced": "demo.forced",
               "schmeiss": "demo.schmeiss_trump"}.get(ev.how, "demo.names")  # fmt: skip
        return tr(key, name=names[ev.seat], suit=suit_name(ev.suit))
    if isinstance(ev, Passed) and ev.phase == "bidding":
        return tr("demo.passes", name=names[ev.seat])
    if isinstance(ev, KraakCalled):
        return tr("demo.kraak", name=names[ev.seat], word=kraak_name(ev.level).lower())
    if isinstance(ev, RoemClaimed):
        return tr("demo.roem_claimed", name=names[ev.seat], roem=ev.roem)
    if isinstance(ev, DealScored):
        return deal_caption(ev.line, names)
    if isinstance(ev, VerzaaktCalled):
        if ev.revoke is None:
            return tr("demo.verzaakt_wrong", name=names[ev.seat])
        return (
            f"{tr('ui.table_verzaakt_right', name=names[ev.seat])} {revoke_text(ev.revoke, names)}"
        )
    if isinstance(ev, Schmeissed):
        return tr("demo.schmeiss", name=names[ev.seat])
    if isinstance(ev, SchmeissAnswered):
        key = "demo.schmeiss_accepted" if ev.accepted else "demo.schmeiss_refused"
        return tr(key, name=names[ev.seat])
    if isinstance(ev, DixMade):
        return tr("demo.dix", name=names[ev.seat], card=card_name(ev.taken))
    if isinstance(ev, StockDealt):
        return tr("demo.stock", n=ev.cards_each)
    if isinstance(ev, SequencesShown):  # with a four of a kind: the Belote declarations
        if len(ev.sequences) + len(ev.fours) == 1:  # one: "scores it", not "all"
            key = "demo.declaration" if ev.fours else "demo.sequence"
        else:
            key = "demo.declarations" if ev.fours else "demo.sequences"
        return tr(key, name=names[ev.seat], points=ev.points)
    if isinstance(ev, BellaDeclared):
        return tr("demo.bella", name=names[ev.seat], points=ev.points)
    return _three_caption(ev, before, names)


def _three_caption(ev: Any, before: Any, names: Sequence[str]) -> str:
    """Kalabriasz's own events: the talon taken, a card laid away, a deal thrown in, the
    deal's score for the maker against two."""
    if isinstance(ev, TalonTaken):
        return tr("demo.talon", name=names[ev.seat])
    if isinstance(ev, CardLaidAway) and ev.card is not None:
        points = POINTS[before.trump][ev.card.index]
        return tr("demo.lay_away", name=names[ev.seat], card=card_name(ev.card), n=points)
    if isinstance(ev, AllPassed):
        return tr("demo.thrown_in", name=names[(ev.dealer + 1) % len(names)])
    if isinstance(ev, KalabriaszDealScored) and ev.line.maker >= 0:
        return three_deal_caption(ev.line, names)
    return ""


def three_deal_caption(line: Any, names: Sequence[str]) -> str:
    """The Kalabriasz deal's result: the maker's total against the deal's, and each score."""
    s = line.score
    maker = s.maker
    first, second = (maker + 1) % 3, (maker + 2) % 3
    words = {"deal": line.deal_no, "maker": names[maker], "a": s.totals[maker],
             "total": sum(s.totals), "first": names[first], "b": s.scores[first],
             "second": names[second], "c": s.scores[second]}  # fmt: skip
    if s.outcome == "nat":
        return tr("demo.three_nat", **words)
    return tr("demo.three_pit" if s.outcome == "pit" else "demo.three_made", **words)
