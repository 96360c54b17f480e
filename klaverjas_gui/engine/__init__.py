"""The rules of Klaverjas: pure Python, never imports pygame.

Glossary (identifiers are English, the game's own words are kept):
- trump: the suit chosen for the deal; `chooser`: the player who chose it;
  the choosers ("spelers") are the chooser's team, the other team is the `defence`.
- first_hand: the seat left of (clockwise after) the dealer.
- roem: bonus points for a sequence, four of a kind or stuk in one trick.
- stuk: the king and queen of trump in the same trick (20 roem).
- pit: one team takes all eight tricks (a bonus, counted like roem).
- nat: the team carrying the burden fails; it scores 0 and the other team takes all.
- litige: an optional tie rule, each team keeps its own points, the choosers 0.
- kraak / rekraak / superkraak: doubling calls before the first card (option `kraken`).
- seats 0..3 clockwise; teams are seats {0, 2} (team 0) and {1, 3} (team 1).

Two-player Klabberjass (RULES.md 2, `klabberjass.py`, `klabberjass_rules.py`):
- maker: the player who fixed trump; non_dealer: bids, declares and leads first.
- schmeiss: an offer to abandon the deal; the opponent accepts (redeal) or refuses.
- dix: exchanging the 7 of trump for the turned card; bella: K and Q of trump (20).
- seats 0 and 1; a maker who does not score strictly more than the opponent is nat.

Three-player Klaverjas, Kalabriasz (RULES.md 3, `kalabriasz.py`, `kalabriasz_rules.py`):
- maker: names trump and plays alone; the two defenders are partners for the deal.
- talon: the two cards dealt face down; the maker takes them and lays two cards away.
- seats 0, 1, 2; the maker must score more than half of the deal's points, else nat.
"""

from .cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    card_points,
    deck,
    parse_card,
    parse_cards,
    parse_suit,
    sort_hand,
)
from .kalabriasz import (
    KalabriaszObservation,
    KalabriaszStacked,
    KalabriaszState,
    new_kalabriasz,
)
from .kalabriasz import replay as replay_kalabriasz
from .kalabriasz_rules import (
    KALABRIASZ_PRESETS,
    KalabriaszScore,
    KalabriaszScoreLine,
    KalabriaszVariant,
    describe_kalabriasz_deal,
    kalabriasz_preset_name,
    score_kalabriasz_deal,
)
from .klabberjass import (
    KlabberjassObservation,
    KlabberjassStacked,
    KlabberjassState,
    new_klabberjass,
)
from .klabberjass import parse_action as parse_klabberjass_action
from .klabberjass import replay as replay_klabberjass
from .klabberjass_rules import (
    KLABBERJASS_PRESETS,
    KlabberjassScore,
    KlabberjassScoreLine,
    KlabberjassVariant,
    describe_klabberjass_deal,
    klabberjass_preset_name,
    score_klabberjass_deal,
)
from .match import (
    Action,
    MatchState,
    Observation,
    new_match,
    parse_action,
    replay,
)
from .play import (
    explain_illegal,
    klabberjass_explain_illegal,
    klabberjass_legal_cards,
    legal_cards,
    trick_winner,
)
from .roem import trick_roem
from .scoring import DealScore, ScoreLine, describe_deal, score_deal
from .state import IllegalActionError, StateError
from .variant import PRESETS, Variant, VariantError, preset_name

__all__ = [
    "KALABRIASZ_PRESETS",
    "KalabriaszObservation",
    "KalabriaszScore",
    "KalabriaszScoreLine",
    "KalabriaszStacked",
    "KalabriaszState",
    "KalabriaszVariant",
    "describe_kalabriasz_deal",
    "kalabriasz_preset_name",
    "new_kalabriasz",
    "replay_kalabriasz",
    "score_kalabriasz_deal",
    "ALL_CARDS",
    "KLABBERJASS_PRESETS",
    "PRESETS",
    "Action",
    "Card",
    "DealScore",
    "IllegalActionError",
    "KlabberjassObservation",
    "KlabberjassScore",
    "KlabberjassScoreLine",
    "KlabberjassStacked",
    "KlabberjassState",
    "KlabberjassVariant",
    "MatchState",
    "Observation",
    "Rank",
    "ScoreLine",
    "StateError",
    "Suit",
    "Variant",
    "VariantError",
    "card_points",
    "deck",
    "describe_deal",
    "describe_klabberjass_deal",
    "explain_illegal",
    "klabberjass_explain_illegal",
    "klabberjass_legal_cards",
    "klabberjass_preset_name",
    "legal_cards",
    "new_klabberjass",
    "new_match",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_klabberjass_action",
    "parse_suit",
    "preset_name",
    "replay",
    "replay_klabberjass",
    "score_deal",
    "score_klabberjass_deal",
    "sort_hand",
    "trick_roem",
    "trick_winner",
]
