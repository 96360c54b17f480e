"""Signals in words (RULES.md 1.10): the hint's reason, and the demo's caption of a signal.

The hint names what the convention asks of its own seat (its hand is its own); the
caption names only what the convention says in public (a "no objection" throw reads
the same as a true signal). The readings are the engine's (`engine/signals.py`).
Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Card, Observation
from ..engine.signals import (
    CONVENTIONS,
    controls,
    deal_tricks,
    is_signal_discard,
    meaning,
    observed_signals,
    pending_signal,
    signals,
    trump_request_lead,
    trump_requested,
)
from ..i18n import tr
from ..words import card_name, suit_name


def signal_reason(obs: Observation, card: Card) -> tuple[str, dict[str, Any]] | None:
    """Why `card` is the convention's card for this seat now (a sentence's key and
    arguments, as `hints.reason` gives them), or None when it is not one: a signal thrown,
    a partner's signal answered, a trump request answered."""
    if obs.trump is None:
        return None
    tricks = deal_tricks(obs)
    convention = obs.variant.signals
    if not obs.trick:
        if obs.variant.trump_request:
            asked = trump_request_lead(obs.trump, obs.chooser, tricks, obs.seat, obs.hand)
            if asked is card:
                return ("guide.signal_trump_answer", {"card": card_name(card)})
        signal = pending_signal(convention, obs.trump, tricks, obs.seat)
        if signal is not None and signal.suit == card.suit:
            return ("guide.signal_answer", {"suit": suit_name(card.suit), "card": card_name(card)})
        return None
    first = not any(s.seat == obs.seat for s in observed_signals(obs))
    if convention not in CONVENTIONS or not first:
        return None
    if not is_signal_discard(obs.trump, obs.trick, card):
        return None
    suit = meaning(convention, card, obs.trump)
    if suit is None:
        return None
    played = [c for _, cs in tricks for c in cs]
    if controls([c for c in obs.hand if c is not card], suit, played):
        return ("guide.signal_send", {"card": card_name(card), "suit": suit_name(suit)})
    return ("guide.signal_no_objection", {"card": card_name(card), "suit": suit_name(suit)})


def signal_caption(before: Any, seat: int, card: Card, names: Sequence[str]) -> str | None:
    """The demo's line when a card played in a four-player match is a signal, or a trump
    request: what it asks of the partner, in public words."""
    variant = before.variant
    trump = before.trump_suit
    if trump is None or not hasattr(before, "tricks"):
        return None
    tricks = (*before.tricks, (before.leader, (*before.trick, card)))
    partner = names[(seat + 2) % 4]
    opening = len(tricks) == 1 and len(tricks[0][1]) == 1
    if variant.trump_request and opening and trump_requested(trump, before.chooser, tricks):
        return tr("demo.signal_trump_request", name=names[seat], partner=partner,
                      card=card_name(card))  # fmt: skip
    if variant.signals not in CONVENTIONS:
        return None
    found = signals(variant.signals, trump, tricks)
    last = found[-1] if found else None
    if last is None or last.seat != seat or last.card is not card:
        return None
    if last.suit is None:
        return tr("demo.signal_nothing", name=names[seat], card=card_name(card))
    return tr("demo.signal", name=names[seat], card=card_name(card), partner=partner,
              suit=suit_name(last.suit))  # fmt: skip
