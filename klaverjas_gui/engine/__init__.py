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
from .match import (
    Action,
    IllegalActionError,
    MatchState,
    Observation,
    StateError,
    new_match,
    parse_action,
    replay,
)
from .play import explain_illegal, legal_cards, trick_winner
from .roem import trick_roem
from .scoring import DealScore, ScoreLine, describe_deal, score_deal
from .variant import PRESETS, Variant, VariantError, preset_name

__all__ = [
    "ALL_CARDS",
    "PRESETS",
    "Action",
    "Card",
    "DealScore",
    "IllegalActionError",
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
    "explain_illegal",
    "legal_cards",
    "new_match",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "preset_name",
    "replay",
    "score_deal",
    "sort_hand",
    "trick_roem",
    "trick_winner",
]
