"""Guidance in words: why the hinted decision is good, and which roem was missed.

The decision itself always comes from the hard computer player (`ai.hint`); this
module only reads the situation (who is winning the trick, whether the card
follows suit, whether it wins) and says it in one plain sentence. Which cards
win and which roem a trick holds are the engine's answers (`winner_index`,
`roem_items`); nothing here decides a rule. Cards, suits and roem are named by
`klaverjas_gui.words`, as everywhere else. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import Action, Card, Observation, Suit, Variant
from ..engine.cards import PLAIN_STRENGTH, POINTS, RANK_LETTERS, SUITS, sort_hand
from ..engine.play import winner_index
from ..engine.roem import roem_items
from ..i18n import tr
from ..words import card_name, describe_roem, run_name, suit_name
from .signal_words import signal_reason


# --- why the hinted decision ---
def explain(obs: Observation, action: Action) -> str:
    """One sentence on why `action` is a good decision for the seat of `obs`."""
    if action.kind == "play":
        return _play(obs, action.card)  # type: ignore[arg-type]
    if action.kind in ("name", "take"):
        suit = action.suit if action.kind == "name" else obs.proposed.suit  # type: ignore[union-attr]
        held = [c for c in obs.hand if c.suit == suit]
        cards = run_name(sort_hand(held, suit), ", ") if held else suit_name(suit)  # type: ignore[arg-type]
        key = "guide.bid_name" if action.kind == "name" else "guide.bid_take"
        return tr(key, suit=suit_name(suit), cards=cards)  # type: ignore[arg-type]
    if obs.phase == "kraak":
        return tr("guide.kraak_call" if action.kind == "kraak" else "guide.kraak_pass")
    if obs.phase == "claim":
        roem = trick_roem_of(obs)
        if action.kind == "claim":
            return tr("guide.claim_roem", roem=roem) if roem else tr("guide.claim_none")
        return tr("guide.leave_roem", roem=roem) if roem else tr("guide.claim_none")
    return tr("guide.bid_pass")


def trick_roem_of(obs: Observation) -> int:
    """The roem of the trick just taken (the one a claim decision is about)."""
    if not obs.tricks or obs.trump is None:
        return 0
    return sum(v for _, v in roem_items(obs.variant, obs.trump.index, obs.tricks[-1][1]))


def _play(obs: Observation, card: Card) -> str:
    signal = signal_reason(obs, card)  # the agreed convention asks for this card
    if signal is not None:
        return signal
    t = obs.trump.index  # type: ignore[union-attr]
    trick = list(obs.trick)
    if not trick:
        return _lead(obs, card, t)
    n = len(trick)
    partner_winning = n >= 2 and winner_index(t, trick) == n - 2
    if partner_winning and winner_index(t, [*trick, card]) != n:
        key = "guide.partner_points" if POINTS[t][card.index] >= 10 else "guide.partner_low"
        return tr(key, card=card_name(card))
    return follow_sentence(t, trick, card)


def follow_sentence(t: int, trick: list[Card], card: Card) -> str:
    """A card on a trick already led: it wins, follows and loses, or is discarded."""
    name, led = card_name(card), trick[0].suit
    follows = card.suit == led
    if winner_index(t, [*trick, card]) == len(trick):
        key = "guide.follow_win" if follows else "guide.ruff_win"
        return tr(key, suit=suit_name(led), card=name)
    if follows:
        return tr("guide.follow_lose", suit=suit_name(led), card=name)
    return tr("guide.discard", card=name)


def _lead(obs: Observation, card: Card, t: int) -> str:
    name = card_name(card)
    if card.suit_index == t:
        return tr("guide.lead_trump", card=name)
    if _master(obs, card):
        return tr("guide.lead_master", card=name, suit=suit_name(card.suit))
    if POINTS[t][card.index] == 0:
        return tr("guide.lead_low", card=name)
    return tr("guide.lead_other", card=name)


def _master(obs: Observation, card: Card) -> bool:
    """No higher card of its (plain) suit is still in another hand."""
    gone = set(obs.hand) | set(obs.trick)
    for _, cards in obs.tricks:
        gone.update(cards)
    strength = PLAIN_STRENGTH[card.rank_index]
    suit = SUITS[card.suit_index]
    higher = [Card(r, suit) for i, r in enumerate(RANK_LETTERS) if PLAIN_STRENGTH[i] > strength]
    return all(c in gone for c in higher)


# --- the missed-roem teaching note ---
def missed_roem_note(
    variant: Variant, trump: Suit, trick: Iterable[Card], roem: int, by_me: bool
) -> str:
    """The note after roem of the human's team went unclaimed."""
    what = describe_roem(variant, trump, trick)
    key = "guide.missed_roem" if by_me else "guide.missed_roem_team"
    return tr(key, roem=roem, what=what)


def points_needed(
    variant: Any, chooser_team: int, kraak_level: int, card_points: Sequence[int],
    roem: Sequence[int],
) -> tuple[int, int]:  # fmt: skip
    """(the team that must make the deal, the card points it still needs) so far, as a
    player keeps it on the paper sheet: more than the other side in points and roem,
    counting the roem claimed so far (roem to come changes it). 0: made already; more
    than the points left: it can no longer be made on cards alone."""
    from ..engine.scoring import TOTAL_POINTS, burden_team

    burden = burden_team(chooser_team, kraak_level)
    other = 1 - burden
    left = TOTAL_POINTS - card_points[0] - card_points[1]
    factor = 2**kraak_level
    roem_factor = factor if variant.kraken_doubles_roem else 1
    # burden + x beats other + (left - x):  2x*f > (other + left - burden)*f + roem gap
    gap = (card_points[other] + left - card_points[burden]) * factor + (
        roem[other] - roem[burden]
    ) * roem_factor
    need = gap // (2 * factor) + 1
    return burden, max(0, need)
