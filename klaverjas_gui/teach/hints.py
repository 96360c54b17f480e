"""Guidance in words: why the hinted decision is good, and which roem was missed.

The decision itself always comes from the hard player's values, through the coach
(`coach.hint`); the table asks for this module's sentence through Klaverjas's coaching
(teach/klaverjas_coach.py). It only reads the situation (who is winning the trick,
whether the card follows suit, whether it wins) and says it in one plain sentence. Which cards
win and which roem a trick holds are the engine's answers (`winner_index`,
`roem_items`); nothing here decides a rule. Cards, suits and roem are named by
`klaverjas_gui.words`, as everywhere else. Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine import Action, Card, Observation, Suit, Variant
from ..engine.cards import PLAIN_STRENGTH, POINTS, RANK_LETTERS, SUITS, sort_hand
from ..engine.match import card_of, suit_of
from ..engine.play import winner_index
from ..engine.roem import roem_items
from ..i18n import tr
from ..words import card_name, describe_roem, run_name, suit_name
from .signal_words import signal_reason

# --- why the hinted decision ---
# Every reason sentence has a condition on the visible position, checked before it is said
# (tests/test_coach_sentences.py runs each over many positions):
# - "… beats every card played to this trick so far" (follow_win, ruff_win): the card
#   wins the trick as it lies (later cards may beat it: the sentence promises no more).
# - "cannot win this trick" (follow_lose, discard): no legal card wins it as it lies.
# - "keep your higher cards" (follow_duck): a stronger card of the led suit stays in hand.
# - "keep your good cards" (partner_low): a card worth more points stays in hand.
# - "add points to it" (partner_points): the card is worth 10 or more.
# - "nothing higher … is still out" (lead_master): no higher card of a plain suit is unseen.
# - "draw the opponents' trumps" (lead_trump): a trump lead while a trump is still unseen.
# - "a low card gives nothing away" (lead_low): the card is worth 0 points.
# - a signal's sentences (teach/signal_words.py): the agreed convention asks this card.
# - "… did no better than passing" (bid_pass_take, bid_pass_name, bid_pass_any): said of a pass
#   the hard player's values put first, of the take or the suit it is set against.
# - "naming (taking) it did better than passing" (bid_name, bid_take), "no worse" (…_even): the
#   values of the option and of the pass; "no other suit did better" (bid_name_forced): the
#   rules leave no pass and no suit named is valued above it; without values only the cards
#   held (…_held).
# - "it does best" (lead_other): valued above every other card; on a tie or without values
#   "none does better" (lead_other_even).
# - "did not gain your team enough to be worth the risk" (kraak_pass): the kraak is valued
#   below the pass (0), as the hint's pass always is (a tie goes to the kraak, listed first).
# - "doubling the stakes gained your team enough to be worth the risk" (kraak_call): the hard
#   player's kraak value is its mean gain over played-out deals less the risk's margin
#   (`ai.hard.KRAAK_MARGIN`), and a hinted kraak is valued at least as the pass (0). Said to
#   either team: the choosers' own kraak (the second call) beats no choosers.
# A coach's reason (`instead`: the choice it is set against) must also tell the two apart:
# what it says of the better card is false of the chosen one.
Reason = tuple[str, dict[str, Any]]


Values = Mapping[Action, float]


def explain(obs: Observation, action: Action, values: Values | None = None) -> str:
    """One sentence on why `action` is a good decision for the seat of `obs`; `values`: the
    options' values the hint chose it by (`coach.hint_values`), if at hand."""
    found = reason(obs, action, values=values)
    assert found is not None  # without `instead` there is always a sentence
    return tr(found[0], **found[1])


def reason(
    obs: Observation, action: Action, instead: Action | None = None, values: Values | None = None
) -> Reason | None:
    """The sentence (key, arguments) on why `action` is good; with `instead` (the choice
    the coach sets it against) only a sentence false of `instead`, else None. `values`: the
    options' values the choice was made by, when at hand (a bid says how it compared)."""
    if action.kind == "play":
        other = instead.card if instead is not None and instead.kind == "play" else None
        if instead is not None and other is None:
            return None
        found = _play(obs, card_of(action), other)
        return even_best(found, action, values, ("guide.lead_other", "guide.lead_other_even"))
    if instead is not None and instead.kind == action.kind and action.kind != "name":
        return None
    if action.kind in ("name", "take"):
        if action.kind == "name":
            suit = suit_of(action)
        else:
            assert obs.proposed is not None  # "take" is offered on the proposed card only
            suit = obs.proposed.suit
        return bid_reason(obs, action, instead, values, suit)
    if obs.phase == "kraak":
        if action.kind == "kraak":
            return "guide.kraak_call", {}
        call = next((a for a in obs.legal if a.kind == "kraak"), None)
        if values is not None and call is not None and values[call] >= values[action]:
            return None  # the kraak did not fall short: "not enough" is not what they say
        return "guide.kraak_pass", {}
    if obs.phase == "claim":
        roem = trick_roem_of(obs)
        if action.kind == "claim":
            return ("guide.claim_roem", {"roem": roem}) if roem else ("guide.claim_none", {})
        return ("guide.leave_roem", {"roem": roem}) if roem else ("guide.claim_none", {})
    return _pass(obs, instead)


def even_best(
    found: Reason | None, action: Action, values: Values | None, keys: tuple[str, str]
) -> Reason | None:
    """A "does best" sentence (`keys`: it and its "none does better" twin) said of the
    hint's option: "does best" only when the values put it above every other option; on a
    tie (the hint takes the option listed first) or without values, "none does better"."""
    if found is None or found[0] != keys[0]:
        return found
    if values is not None and all(v < values[action] for a, v in values.items() if a != action):
        return found
    return keys[1], found[1]


def held_words(hand: Iterable[Card], suit: Suit) -> str:
    """ "you hold J, 9 of hearts", or "you hold no hearts": a would-be trump suit in hand."""
    held = [c for c in hand if c.suit == suit]
    if not held:
        return tr("guide.you_hold_none", suit=suit_name(suit))
    return tr("guide.you_hold", cards=run_name(sort_hand(held, suit), ", "))


def bid_reason(
    obs: Any, action: Action, instead: Action | None, values: Values | None, suit: Suit
) -> Reason | None:
    """Taking or naming a suit (`action`), said by what the values say of it against the
    pass: "did better than passing", "no worse" on a tie; where the rules make the seat
    name a suit (no pass), that no other suit did better. Without the values, only the
    cards held. With `instead`, only a sentence false of that option; None when the values
    do not bear a sentence out (a coach's second look)."""
    args = {"suit": suit_name(suit), "held": held_words(obs.hand, suit)}
    take = action.kind == "take"
    if values is None:
        if instead is not None:
            return None
        return ("guide.bid_take_held" if take else "guide.bid_name_held"), args
    passing = next((a for a in obs.legal if a.kind == "pass"), None)
    if passing is None:  # the rules make the seat name a suit: the suits compared
        rivals = [a for a in values if a.kind == action.kind and a != action]
        if any(values[a] > values[action] for a in rivals):
            return None
        if instead is not None and values[instead] >= values[action]:
            return None
        return "guide.bid_name_forced", args
    gap = values[action] - values[passing]
    if gap < 0 or (gap == 0 and instead == passing):
        return None
    if instead is not None and instead != passing and values[instead] >= values[passing]:
        return None  # said of the chosen suit too
    if take:
        return ("guide.bid_take" if gap > 0 else "guide.bid_take_even"), args
    return ("guide.bid_name" if gap > 0 else "guide.bid_name_even"), args


def _pass(obs: Observation, instead: Action | None) -> Reason:
    """A pass in the bidding. The hint's and the coach's pass is the hard player's values at
    work (`coach.hint`: the best option, a tie going to the option listed first, never the
    pass): over the sampled deals, played out, the bid it is set against did no better. A
    hand too weak to play is not what that says: a first-round pass may wait for the second
    round, where the seat can name a suit it holds strong."""
    if instead is not None and instead.kind == "name":
        return "guide.bid_pass_name", {"suit": suit_name(suit_of(instead))}
    if (instead is not None and instead.kind == "take") or (
        instead is None and any(a.kind == "take" for a in obs.legal)
    ):
        assert obs.proposed is not None  # "take" is offered on the proposed card only
        return "guide.bid_pass_take", {"suit": suit_name(obs.proposed.suit)}
    return "guide.bid_pass_any", {}


def trick_roem_of(obs: Observation) -> int:
    """The roem of the trick just taken (the one a claim decision is about)."""
    if not obs.tricks or obs.trump is None:
        return 0
    return sum(v for _, v in roem_items(obs.variant, obs.trump.index, obs.tricks[-1][1]))


def _play(obs: Observation, card: Card, instead: Card | None) -> Reason | None:
    signal = signal_reason(obs, card)  # the agreed convention asks for this card
    if signal is not None and (instead is None or signal_reason(obs, instead) is None):
        return signal
    t = obs.trump_index
    trick = list(obs.trick)
    if not trick:
        return _lead(obs, card, t, instead)
    n = len(trick)
    partner_winning = n >= 2 and winner_index(t, trick) == n - 2
    if partner_winning and winner_index(t, [*trick, card]) != n:
        return _partner(obs, t, card, instead)
    legal = [card_of(a) for a in obs.legal if a.kind == "play"]
    return follow_reason(t, trick, legal, card, instead)


def _partner(obs: Observation, t: int, card: Card, instead: Card | None) -> Reason | None:
    legal = [card_of(a) for a in obs.legal if a.kind == "play"]
    return friend_reason(PARTNER_KEYS, t, legal, card, instead)


PARTNER_KEYS = ("guide.partner_points", "guide.partner_low", "guide.partner_plain")


def friend_reason(
    keys: tuple[str, str, str], t: int, legal: list[Card], card: Card, instead: Card | None = None
) -> Reason | None:
    """A card that does not win a trick a friend's card is winning: points given, a better
    card kept, or just the card (`keys`: those three sentences, `PARTNER_KEYS` or
    Kalabriasz's for the other defender); with `instead`, only what is false of that card."""
    points, low, plain = keys
    name, worth = card_name(card), POINTS[t][card.index]
    if instead is not None:
        other = POINTS[t][instead.index]
        if worth >= 10 and worth > other:
            return points, {"card": name}
        if worth < other:
            return low, {"card": name}
        return None
    if worth >= 10:
        return points, {"card": name}
    if any(POINTS[t][c.index] > worth for c in legal if c != card):
        return low, {"card": name}
    return plain, {"card": name}


def wins(t: int, trick: list[Card], card: Card) -> bool:
    """Whether `card` would be winning the trick as it lies (later cards may still beat it)."""
    return winner_index(t, [*trick, card]) == len(trick)


def follow_reason(
    t: int, trick: list[Card], legal: list[Card], card: Card, instead: Card | None = None
) -> Reason | None:
    """A card on a trick already led: it wins, follows and loses, or is discarded; with
    `instead`, only what is false of that card."""
    name, led = card_name(card), trick[0].suit
    follows = card.suit == led
    args = {"suit": suit_name(led), "card": name}
    if wins(t, trick, card):
        if instead is not None and wins(t, trick, instead):
            return None  # both win: winning is no reason
        return ("guide.follow_win" if follows else "guide.ruff_win"), args
    can_win = any(wins(t, trick, c) for c in legal)
    if instead is not None:
        if wins(t, trick, instead) and follows and instead.suit == card.suit:
            return "guide.follow_duck", args  # the stronger card kept instead of played
        return None  # neither wins: what they give away is the coach's points sentence
    if not can_win:
        return ("guide.follow_lose" if follows else "guide.discard"), args
    if follows and any(c.suit == card.suit and wins(t, [card], c) for c in legal if c != card):
        return "guide.follow_duck", args
    if follows:
        return "guide.follow_plain", args
    return "guide.discard_spare", args


def follow_sentence(t: int, trick: list[Card], card: Card, legal: list[Card] | None = None) -> str:
    """The hint's sentence for a card on a trick already led (`legal`: the cards the player
    could play; only `card` if not given)."""
    found = follow_reason(t, trick, legal if legal is not None else [card], card)
    assert found is not None
    return tr(found[0], **found[1])


def _lead(obs: Observation, card: Card, t: int, instead: Card | None) -> Reason | None:
    name = card_name(card)
    if card.suit_index == t:
        if instead is not None and instead.suit_index == t:
            return None  # both trump leads: drawing trumps tells them not apart
        if _trumps_out(obs, t):
            return "guide.lead_trump", {"card": name}
    elif _master(obs, card) and (instead is None or not _master(obs, instead)):
        return "guide.lead_master", {"card": name, "suit": suit_name(card.suit)}
    low = card.suit_index != t and POINTS[t][card.index] == 0
    if low and (instead is None or POINTS[t][instead.index] > 0):
        return "guide.lead_low", {"card": name}
    return None if instead is not None else ("guide.lead_other", {"card": name})


def unseen(obs: Observation) -> set[Card]:
    """The cards this seat has not seen: in the other hands."""
    seen = set(obs.hand) | set(obs.trick)
    for _, cards in obs.tricks:
        seen.update(cards)
    return {Card(r, s) for s in SUITS for r in RANK_LETTERS} - seen


def _trumps_out(obs: Observation, t: int) -> bool:
    """A trump is still in another hand (as far as this seat can see)."""
    return any(c.suit_index == t for c in unseen(obs))


def _master(obs: Observation, card: Card) -> bool:
    """No higher card of its (plain) suit is still in another hand."""
    if card.suit_index == obs.trump_index:
        return False
    out = unseen(obs)
    strength = PLAIN_STRENGTH[card.rank_index]
    suit = SUITS[card.suit_index]
    higher = [Card(r, suit) for i, r in enumerate(RANK_LETTERS) if PLAIN_STRENGTH[i] > strength]
    return not any(c in out for c in higher)


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
