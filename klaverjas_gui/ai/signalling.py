"""How the normal and hard players send and read the public convention (RULES.md 1.10).

The sender throws the convention's card at his first signal discard; the reader
leads the signalled suit on his next lead (an exception only delays it: a chooser
who holds the master trump while an opponent may hold trump draws it, and a card
certain to win is cashed first; a strong signal is answered at once). A trump
request is answered with the highest trump on the partner's first lead. What an
opponent's signal says reaches the hard player's sampled deals (`Knowledge`).
"""

from __future__ import annotations

from ..engine.cards import PLAIN_STRENGTH, SUIT_MASKS, TRUMP_STRENGTH, Card
from ..engine.match import Observation
from ..engine.signals import (
    CONVENTIONS,
    deal_tricks,
    is_signal_discard,
    observed_signals,
    pending_signal,
    reader_lead,
    sender_card,
    trump_request_lead,
)
from .fast import bits
from .knowledge import Knowledge


def signal_card(obs: Observation) -> Card | None:
    """The card to throw now as this seat's signal discard, if this is its first one."""
    if obs.variant.signals not in CONVENTIONS or not obs.trick or obs.trump is None:
        return None
    led = obs.trick[0].suit
    if any(c.suit == led for c in obs.hand):
        return None
    if any(s.seat == obs.seat for s in observed_signals(obs)):
        return None
    played = [c for _, cs in deal_tricks(obs) for c in cs]
    card = sender_card(obs.variant.signals, obs.hand, obs.trump, led, played)
    legal = {a.card for a in obs.legal}
    if card is None or card not in legal or not is_signal_discard(obs.trump, obs.trick, card):
        return None
    return card


def answer_card(obs: Observation, know: Knowledge, choice: Card) -> Card | None:
    """The lead the convention asks of this seat instead of its own `choice` (a trump
    request, or the partner's signalled suit); None when nothing is asked or the choice
    is an exception the rule allows first."""
    if obs.trick or obs.trump is None:
        return None
    tricks = deal_tricks(obs)
    if obs.variant.trump_request:
        card = trump_request_lead(obs.trump, obs.chooser, tricks, obs.seat, obs.hand)
        if card is not None:
            return card
    signal = pending_signal(obs.variant.signals, obs.trump, tricks, obs.seat)
    if signal is None or signal.suit is None:
        return None
    card = reader_lead(obs.hand, signal.suit)
    if card is None or signal.strong:
        return card
    return None if _may_come_first(obs, know, choice) else card


def _may_come_first(obs: Observation, know: Knowledge, choice: Card) -> bool:
    """A chooser drawing trump while an opponent may hold trump, or a card certain to win
    (the master trump; a plain master no opponent can ruff), comes before the signalled
    suit (RULES.md 1.10)."""
    t = know.trump
    opps = ((obs.seat + 1) % 4, (obs.seat + 3) % 4)
    opp_trumps = any(know.allowed[q] & SUIT_MASKS[t] for q in opps)
    s = choice.suit_index
    out = bits(know.hidden & SUIT_MASKS[s])
    if s == t:
        choosers = obs.chooser is not None and obs.chooser % 2 == obs.seat % 2
        master = all(TRUMP_STRENGTH[x & 7] < TRUMP_STRENGTH[choice.rank_index] for x in out)
        return master or (choosers and opp_trumps)
    master = all(PLAIN_STRENGTH[x & 7] < PLAIN_STRENGTH[choice.rank_index] for x in out)
    return master and not opp_trumps


def opponents_asked(obs: Observation) -> set[int]:
    """Suit indices an opponent's signal says his side controls (leading them helps them)."""
    return {
        s.suit.index
        for s in observed_signals(obs)
        if s.suit is not None and s.seat % 2 != obs.seat % 2
    }
