"""Why the hinted Klabberjass decision is good, in one plain sentence.

The same approach as `teach/hints.py` (cards and suits named by `words`): the
decision comes from the hard Klabberjass player, this module only reads the
situation. What differs from the four-player game gets its own sentence: there
is no partner, 13 cards stay hidden in the stock all deal long (so a card is the
master only when every higher one has been seen), and the two-player game has
its own questions: schmeiss and its answer, the dix, declarations, and bella.
Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import Action, Card
from ..engine.cards import (
    ACE,
    KING,
    PLAIN_STRENGTH,
    POINTS,
    QUEEN,
    RANK_LETTERS,
    SEVEN,
    SUITS,
    sort_hand,
)
from ..engine.klabberjass import DECLARE_CALL, DIX_CALL, KlabberjassObservation
from ..engine.klabberjass_rules import (
    BELLA,
    FOUR,
    best_declaration,
    declaration_points,
    sequences_in,
)
from ..engine.match import card_of, suit_of
from ..i18n import tr
from ..words import card_name, declaration_words, run_name, suit_name
from .hints import bid_reason, even_best, follow_sentence


def explain(
    obs: KlabberjassObservation, action: Action, instead: Action | None = None,
    values: Mapping[Action, float] | None = None,
) -> str:  # fmt: skip
    """One sentence on why `action` is a good decision for the seat of `obs`; `instead`:
    the choice the coach sets it against (a pass then speaks of that choice); `values`: the
    options' values the choice was made by, when at hand."""
    found = reason(obs, action, instead, values)
    assert found is not None  # a bid's sentence may fall away only in a coach's `reason`
    return found


def reason(
    obs: KlabberjassObservation, action: Action, instead: Action | None = None,
    values: Mapping[Action, float] | None = None,
) -> str | None:  # fmt: skip
    """`explain`'s sentence; None when the values do not bear one out against `instead`."""
    kind = action.kind
    if kind == "play":
        return _play(obs, action, values)
    if kind in ("take", "name"):
        suit = obs.proposed.suit if kind == "take" else suit_of(action)
        cards = _trumps(obs, suit.index)
        if kind == "take" and Card(RANK_LETTERS[SEVEN], suit) in obs.hand:
            return tr("klabber.hint_take_dix", suit=suit_name(suit), cards=cards,
                      card=card_name(obs.proposed))  # fmt: skip
        found = bid_reason(obs, action, instead, values, suit)
        return None if found is None else tr(found[0], **found[1])
    if kind in ("schmeiss", "accept", "refuse"):
        return _schmeiss(obs, action, instead, values)
    if obs.phase == "dix":
        assert obs.trump is not None  # the dix is asked once trump is fixed
        seven = card_name(Card(RANK_LETTERS[SEVEN], obs.trump))
        if obs.turned.suit != obs.trump:  # a suit named in round 2: no dix (RULES.md 2)
            return tr("klabber.hint_no_dix", card=card_name(obs.turned))
        if kind != "dix" and DIX_CALL not in obs.legal:
            return tr("klabber.hint_no_seven", seven=seven)
        key = "klabber.hint_dix" if kind == "dix" else "klabber.hint_keep"
        return tr(key, seven=seven, card=card_name(obs.turned))
    if obs.phase == "declare":
        return _declare(obs, kind == "declare")
    return _pass(obs, instead)


def _schmeiss(
    obs: KlabberjassObservation, action: Action, instead: Action | None,
    values: Mapping[Action, float] | None,
) -> str | None:  # fmt: skip
    """A schmeiss, or the answer to one. With the values the hint (or the coach) chose by:
    what they say of it against every other option (a schmeiss: valued above them all, "no
    worse" on a tie; an answer: against the other answer); without them, only what the
    rules make of it. With `instead`, None unless the values put `action` above it."""
    suit = suit_name(obs.proposed.suit)
    kind = action.kind
    if values is None:
        if instead is not None:
            return None
        key = "klabber.hint_schmeiss_clob_rule" if obs.variant.clob else f"klabber.hint_{kind}_rule"
        return tr(key, suit=suit)
    others = [v for a, v in values.items() if a != action]
    if instead is not None and values[instead] >= values[action]:
        return None
    if kind == "schmeiss":
        if any(v > values[action] for v in others):
            return None
        even = "_even" if any(v == values[action] for v in others) else ""
        clob = "_clob" if obs.variant.clob else ""
        return tr(f"klabber.hint_schmeiss{clob}{even}", suit=suit)
    if kind == "refuse" and any(v >= values[action] for v in others):
        return None
    if kind == "accept" and any(v > values[action] for v in others):
        return None
    return tr(f"klabber.hint_{kind}", suit=suit)


def _pass(obs: KlabberjassObservation, instead: Action | None) -> str:
    """A pass in the bidding. The hint's and the coach's pass is the hard player's values
    at work (`coach.hint`: the best option; the hard player passes unless a bid beats the
    pass): over the sampled deals, played out, the bid it is set against did no better.
    A hand too weak is not what that says: a first-round pass may wait for the second
    round, where the player can name another suit."""
    if instead is not None and instead.kind == "schmeiss":
        return tr("klabber.hint_pass_schmeiss")
    if instead is not None and instead.kind == "name":
        return tr("klabber.hint_pass_name", suit=suit_name(suit_of(instead)))
    if obs.bid_round == 1:  # the one bid of the first round: the turned suit
        return tr("klabber.hint_pass_take", suit=suit_name(obs.proposed.suit))
    return tr("klabber.hint_pass_any")


def _trumps(obs: KlabberjassObservation, suit: int) -> str:
    """ "J, 9, A of hearts": the hand's cards of a would-be trump suit (the suit if none)."""
    held = [c for c in obs.hand if c.suit_index == suit]
    return run_name(sort_hand(held, SUITS[suit]), ", ") if held else suit_name(SUITS[suit])


def _declare(obs: KlabberjassObservation, declare: bool) -> str:
    """Declaring, or saying nothing: nothing to declare (none of three or more, nor with
    Belote a four of a kind), a declaration that does not beat the one declared (the
    dealer's pass is then the only answer), or one kept silent, which then does not score
    (the engine scores only a declaration made)."""
    assert obs.trump is not None  # declarations come once trump is fixed
    t = obs.trump.index
    belote = obs.variant.declarations == "belote"
    best = best_declaration(obs.hand, t, belote)
    if best is None:
        return tr("klabber.hint_nothing_four" if belote else "klabber.hint_nothing")
    if best.length == FOUR:
        mine = declaration_words(FOUR, best.top)
    else:
        run = next(seq for seq in sequences_in(obs.hand)
                   if (len(seq), seq[-1].rank_index, seq[0].suit_index == t) == best)  # fmt: skip
        mine = run_name(run)
    if not declare:
        key = "klabber.hint_silent" if DECLARE_CALL in obs.legal else "klabber.hint_beaten"
        return tr(key, mine=mine)
    # the one who scores scores every declaration in his hand (`declaration_points`); the
    # dealer may declare only what beats the non-dealer's, so his declaration scores
    total = sum(declaration_points(obs.hand, belote))
    dealer = "_dealer" if obs.seat == obs.dealer else ""
    if best.length == FOUR:
        return tr(f"klabber.hint_declare_four{dealer}", four=mine, points=best.points, total=total)
    return tr(f"klabber.hint_declare{dealer}", run=mine, points=best.points, total=total)


def _play(
    obs: KlabberjassObservation, action: Action, values: Mapping[Action, float] | None
) -> str:
    card = card_of(action)
    t = obs.trump_index
    name = card_name(card)
    if _bella(obs, card, t):
        return tr("klabber.hint_bella", card=name, points=BELLA)
    if not obs.trick:
        found = even_best(_lead(obs, card, t), action, values,
                          ("klabber.hint_lead_other", "klabber.hint_lead_other_even"))  # fmt: skip
        assert found is not None
        return tr(found[0], **found[1])
    legal = [card_of(a) for a in obs.legal if a.kind == "play"]
    return follow_sentence(t, list(obs.trick), card, legal)


def _bella(obs: KlabberjassObservation, card: Card, t: int) -> bool:
    """The first of king and queen of trump, the other still in hand: the engine says bella."""
    if card.suit_index != t or card.rank_index not in (QUEEN, KING):
        return False
    other = KING if card.rank_index == QUEEN else QUEEN
    return any(c.suit_index == t and c.rank_index == other for c in obs.hand)


def _lead(obs: KlabberjassObservation, card: Card, t: int) -> tuple[str, dict[str, str]]:
    """The lead's sentence (key, arguments); "it does best" (hint_lead_other) is for
    `even_best` to keep or soften by the values. No partner: "here", not "for your team"."""
    name = card_name(card)
    suit = suit_name(card.suit)
    if card.suit_index == t:
        return "klabber.hint_lead_trump", {"card": name}
    if card.rank_index == ACE:
        return "klabber.hint_lead_ace", {"card": name, "suit": suit}
    if _master(obs, card):
        return "klabber.hint_lead_master", {"card": name, "suit": suit}
    if POINTS[t][card.index] == 0:
        return "klabber.hint_lead_low", {"card": name}
    return "klabber.hint_lead_other", {"card": name}


def _master(obs: KlabberjassObservation, card: Card) -> bool:
    """Every higher card of its (plain) suit is out of play: in hand, played, or face up
    beside the stock. An unseen card may lie in the stock, but it may as well be the
    opponent's; a shown sequence is the opponent's for certain."""
    seen = set(obs.hand) | set(obs.trick) | {obs.turned}
    for _, cards in obs.tricks:
        seen.update(cards)
    strength = PLAIN_STRENGTH[card.rank_index]
    suit = SUITS[card.suit_index]
    higher = [Card(r, suit) for i, r in enumerate(RANK_LETTERS) if PLAIN_STRENGTH[i] > strength]
    return all(c in seen for c in higher)
