"""Why a Kalabriasz decision is good, in one plain sentence (the hint, the coach's reasons).

The decision comes from the coach's evaluation (teach/kalabriasz_coach.py); this module
only reads the position and says one thing that is true of it. What differs from the
four-player sentences of `teach/hints.py`: the maker plays alone against two defenders
(the other defender is a partner for the play duties, not for the match), the questions
are naming a suit or passing and laying two cards away after taking the talon, and the
two cards laid away count for the maker. The sentences on a card played to a trick
already led are the shared ones (`hints.follow_reason`), except where the other defender
is winning it. Pure Python: no pygame.

Every sentence has a condition on the visible position, checked before it is said
(tests/test_kalabriasz_coach.py checks each over many seeded positions):
- bid_name: naming a suit (the rules say the rest: talon, alone, more than half).
- bid_pass_last: the seat is the last to speak and both others passed.
- bid_pass ("did worse than passing"): every suit named is valued below the pass;
  bid_pass_even ("no better"): the best suit named ties it, or no values are at hand.
- lead_other, lay_other ("it does best"): valued above every other card; on a tie or
  without values lead_other_even, lay_other_even ("none does better").
- lay_points: the card laid away is worth 10 or more (worth more than `instead`).
- lay_void: not a trump; once it is laid away no card of its suit is left in the hand
  (the talon's cards included) while a trump is; `instead` leaves a card of its own suit
  or is a trump.
- lead_trump: the maker leads a trump while a trump is unseen by him (neither in his
  hand, played, nor laid away); `instead` is no trump.
- lead_master, lead_low, follow sentences: as in teach/hints.py.
- defence_points, defence_low, defence_plain: a defender plays to a trick the other
  defender's card is winning, and the card played does not win it.
A coach's reason (`instead`) must also tell the two options apart: what it says of the
better one is false of the chosen one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, Card
from ..engine.cards import PLAIN_STRENGTH, POINTS, RANK_LETTERS, SUITS, sort_hand
from ..engine.kalabriasz import PASS, KalabriaszObservation
from ..engine.match import card_of, suit_of
from ..engine.play import winner_index
from ..i18n import tr
from ..words import card_name, run_name, suit_name
from .hints import even_best, follow_reason, friend_reason, wins

Reason = tuple[str, dict[str, Any]]
# the other defender is winning the trick: teach/hints.py's partner sentences, in his name
DEFENCE_KEYS = ("kala.defence_points", "kala.defence_low", "kala.defence_plain")


def explain(
    obs: KalabriaszObservation, action: Action, values: Mapping[Action, float] | None = None
) -> str:
    """One sentence on why `action` is a good decision for the seat of `obs`; `values`: the
    options' values the hint chose it by, if at hand (a pass then says how it compared)."""
    found = reason(obs, action, values=values)
    assert found is not None  # without `instead` there is always a sentence
    return tr(found[0], **found[1])


def reason(
    obs: KalabriaszObservation, action: Action, instead: Action | None = None,
    values: Mapping[Action, float] | None = None,
) -> Reason | None:  # fmt: skip
    """The sentence (key, arguments) on why `action` is good; with `instead` (the choice
    the coach sets it against) only a sentence false of `instead`, else None. `values`:
    the options' values the choice was made by, when at hand (a pass says how it compared)."""
    if instead is not None and instead.kind != action.kind and action.kind in ("play", "lay"):
        return None
    if action.kind == "play":
        other = instead.card if instead is not None else None
        found = _play(obs, card_of(action), other)
        return even_best(found, action, values, ("kala.lead_other", "kala.lead_other_even"))
    if action.kind == "lay":
        other = instead.card if instead is not None else None
        found = _lay(obs, card_of(action), other)
        return even_best(found, action, values, ("kala.lay_other", "kala.lay_other_even"))
    if action.kind == "name":
        if instead is not None and instead.kind == "name":
            return None  # both name a suit: the rules' sentence tells them not apart
        suit = suit_of(action)
        held = sort_hand([c for c in obs.hand if c.suit == suit], suit)
        cards = run_name(held, ", ") if held else suit_name(suit)
        return "kala.bid_name", {"suit": suit_name(suit), "cards": cards}
    if instead is not None and instead.kind == "pass":
        return None
    if last_to_speak(obs):
        return "kala.bid_pass_last", {}
    return _pass(obs, values)


def _pass(obs: KalabriaszObservation, values: Mapping[Action, float] | None) -> Reason | None:
    """A pass the hard player's values put first: naming a suit did worse than passing
    when every suit named is valued below the pass, no better when the best of them ties
    it; with a suit valued above it (a coach's second look) nothing is said of the pass.
    Without the values (the hint: the pass is the best option, ties going to the suits
    listed first) only "no better" is claimed."""
    if values is None:
        return "kala.bid_pass_even", {}
    top = max(v for a, v in values.items() if a.kind == "name")
    if values[PASS] > top:
        return "kala.bid_pass", {}
    return ("kala.bid_pass_even", {}) if values[PASS] == top else None


def last_to_speak(obs: KalabriaszObservation) -> bool:
    """The seat bids last (the dealer) and the other two have passed."""
    passes = [s for s, a in obs.deal_log if a.kind == "pass"]
    return obs.phase == "bidding" and obs.seat == obs.dealer and len(passes) == 2


# --- laying away ---
def _lay(obs: KalabriaszObservation, card: Card, instead: Card | None) -> Reason | None:
    t = obs.trump_index
    worth = POINTS[t][card.index]
    name = card_name(card)
    if worth >= 10 and (instead is None or POINTS[t][instead.index] < worth):
        return "kala.lay_points", {"card": name, "points": worth}
    if voids(obs, card) and (instead is None or not voids(obs, instead)):
        return "kala.lay_void", {"card": name, "suit": suit_name(card.suit)}
    return None if instead is not None else ("kala.lay_other", {"card": name})


def voids(obs: KalabriaszObservation, card: Card) -> bool:
    """Laying `card` away leaves its (plain) suit empty in the hand, a trump still held."""
    t = obs.trump_index
    if card.suit_index == t:
        return False
    rest = [c for c in obs.hand if c != card]
    return not any(c.suit_index == card.suit_index for c in rest) and any(
        c.suit_index == t for c in rest
    )


# --- cards ---
def _play(obs: KalabriaszObservation, card: Card, instead: Card | None) -> Reason | None:
    t = obs.trump_index
    trick = list(obs.trick)
    if not trick:
        return _lead(obs, card, t, instead)
    legal = [card_of(a) for a in obs.legal if a.kind == "play"]
    if defence_winning(obs) and not wins(t, trick, card):
        return friend_reason(DEFENCE_KEYS, t, legal, card, instead)
    return follow_reason(t, trick, legal, card, instead)


def defence_winning(obs: KalabriaszObservation) -> bool:
    """The seat is a defender and the card winning the trick so far is the other
    defender's."""
    if not obs.trick or obs.maker is None or obs.seat == obs.maker:
        return False
    winner = (obs.leader + winner_index(obs.trump_index, list(obs.trick))) % 3
    return winner != obs.maker


def _lead(obs: KalabriaszObservation, card: Card, t: int, instead: Card | None) -> Reason | None:
    name = card_name(card)
    if card.suit_index == t:
        other_trump = instead is not None and instead.suit_index == t
        if (
            obs.seat == obs.maker
            and not other_trump
            and any(c.suit_index == t for c in unseen(obs))
        ):
            return "kala.lead_trump", {"card": name}
    elif _master(obs, card) and (instead is None or not _master(obs, instead)):
        return "guide.lead_master", {"card": name, "suit": suit_name(card.suit)}
    low = card.suit_index != t and POINTS[t][card.index] == 0
    if low and (instead is None or POINTS[t][instead.index] > 0):
        return "kala.lead_low", {"card": name}
    return None if instead is not None else ("kala.lead_other", {"card": name})


def unseen(obs: KalabriaszObservation) -> set[Card]:
    """The cards this seat has not seen: in the other hands, or (for a defender) laid
    away by the maker."""
    seen = set(obs.hand) | set(obs.trick) | set(obs.laid_away)
    for _, cards in obs.tricks:
        seen.update(cards)
    return {Card(r, s) for s in SUITS for r in RANK_LETTERS} - seen


def _master(obs: KalabriaszObservation, card: Card) -> bool:
    """No higher card of its (plain) suit is unseen: none can still be played against it."""
    if card.suit_index == obs.trump_index:
        return False
    out = unseen(obs)
    strength = PLAIN_STRENGTH[card.rank_index]
    suit = SUITS[card.suit_index]
    higher = [Card(r, suit) for i, r in enumerate(RANK_LETTERS) if PLAIN_STRENGTH[i] > strength]
    return not any(c in out for c in higher)
