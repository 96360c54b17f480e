"""Why an action is refused: one `Reason(key, values)` for every refusal, card or not.

The engine decides (a state's `refusal`, `play.illegal_reason` for a card) and
hands over a key and language-free facts; the words are filled in later, by
`english` here or by `klaverjas_gui.words` in the player's language, from the
same facts through a `Namer`. `REASONS` and `WANTED` are the one English
template table: the `rules.reason_*` and `rules.wanted_*` texts of the English
translation file are the same strings (a test holds them together), written
with the same `%{name}` placeholders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .cards import SUIT_NAMES, Suit

Value = str | Suit | tuple[int, int]


class Reason(NamedTuple):
    """A refusal as a template key and its facts, so that any language can word it.

    `values`: card texts such as "Q♥" or "7♣, 8♣" (and suit symbols); a `Suit`, shown
    as its name under its own key and capitalised under the key capitalised
    (`%{suit}` "hearts", `%{Suit}` "Hearts"); a sequence as (length, top rank index);
    under `wanted`, the phase whose expected answer is named."""

    key: str
    values: dict[str, Value]


# English templates, the same strings as the rules.reason_* keys of rules.en.json.
REASONS: dict[str, str] = {
    # a card (play.illegal_reason)
    "not_held": "You do not hold %{card}.",
    "follow": "%{Suit} %{led} were led: you must follow suit (you hold %{cards}).",
    "follow_overtrump": "Trumps were led and %{best} is the highest so far: "
    "you must play a higher trump (you hold %{cards}).",
    "partner_no_undertrump": "Your partner is winning, so you need not trump, but you may "
    "not undertrump %{best} with %{card}. Play another card.",
    "free_no_undertrump": "You need not trump, but a trump you play must beat %{best} when "
    "you can, and you may not undertrump it with %{card}. Play another card.",
    "ruff": "You cannot follow %{led} and an opponent is winning with %{winning}: "
    "you must trump (you hold %{cards}).",
    "ruff_partner": "You cannot follow %{led}: under these rules you must trump even though "
    "your partner is winning with %{winning} (you hold %{cards}).",
    "ruff_two": "You cannot follow %{led} and your opponent is winning with %{winning}: "
    "you must trump (you hold %{cards}).",
    "overtrump": "An opponent is winning with %{winning}: you must overtrump (you hold %{cards}).",
    "overtrump_partner": "Your partner is winning with %{winning}: you must overtrump, "
    "even over your partner (you hold %{cards}).",
    "overtrump_two": "Your opponent is winning with %{winning}: "
    "you must overtrump (you hold %{cards}).",
    "undertrump_forced": "You cannot beat %{best}, but under these rules you must still "
    "play a trump (you hold %{cards}).",
    "undertrump_forbidden": "You may not undertrump: %{card} is lower than %{best} already in "
    "the trick. Play a card of another suit (you hold %{cards}).",
    # Klaverjas (MatchState._refusal)
    "match_over": "The match is over.",
    "must_name": "You must name a trump suit now: passing is not allowed.",
    "take_or_pass": "Take %{suit} or pass.",
    "refused": "%{Suit} was refused: name another suit.",
    # two-player Klabberjass (KlabberjassState._refusal)
    "game_over": "The game is over.",
    "kj_first_round": "In the first round you may take %{suit} %{symbol} as trump, pass or "
    "schmeiss; naming another suit comes in the second round.",
    "kj_refused": "%{Suit} %{symbol} were refused in the first round: "
    "name another suit, pass or schmeiss.",
    "kj_schmeiss": "Your opponent said schmeiss: accept it (the deal is void and redealt) or "
    "refuse it (your opponent must play with %{suit} %{symbol} as trump).",
    "kj_dix": "Only the player holding the 7 of trump (%{card}) "
    "may exchange it for the turned card.",
    "kj_no_dix": "%{Trump} are trump, not the suit of the turned card (%{card}): "
    "there is no dix this deal.",
    "kj_no_sequence": "You have no sequence of three or more cards of one suit to declare.",
    "kj_beaten": "Your best sequence (%{mine}) does not beat the one declared (%{theirs}); "
    "a tie goes to the non-dealer: pass.",
    # verzaakt (RULES.md 1.11, MatchState._refusal)
    "no_revoke": "Under these rules a wrong card is refused, so there is nothing to call.",
    "verzaakt_not_now": "'Verzaakt!' may be called once a trick of this deal is closed, "
    "until the deal is scored.",
    # either game, any other action at the wrong moment
    "not_now": "'%{action}' is not possible now: %{wanted} is expected.",
}
# What each phase expects, for "not_now" (rules.wanted_* in rules.en.json).
WANTED: dict[str, str] = {
    "bidding": "a trump decision",
    "claim": "claim or pass on roem",
    "deal_end": "the end of the deal",
    "declare": "declare or pass",
    "dix": "dix or pass",
    "kraak": "kraak or pass",
    "play": "a card",
    "schmeiss": "accept or refuse the schmeiss",
    "talon": "a card to lay away",
}


class Namer(NamedTuple):
    """How one language names the facts of a Reason."""

    suit: Callable[[Suit], str]  # Suit.H -> "hearts"
    cards: Callable[[str], str]  # "Q♥, 10♠" -> the same with the local rank letters
    sequence: Callable[[int, int], str]  # (4, KING) -> "a sequence of 4 to the king"
    wanted: Callable[[str], str]  # "play" -> "a card"


def describe_sequence(length: int, top: int) -> str:
    """'a sequence of 4 to the king' from a length and the top card's rank index."""
    names = ("7", "8", "9", "10", "jack", "queen", "king", "ace")
    return f"a sequence of {length} to the {names[top]}"


ENGLISH = Namer(
    suit=lambda suit: SUIT_NAMES[suit.value],
    cards=lambda text: text,
    sequence=describe_sequence,
    wanted=WANTED.__getitem__,
)


def reason_values(reason: Reason, namer: Namer) -> dict[str, str]:
    """The placeholders of `reason`'s template, each fact named by `namer`."""
    out: dict[str, str] = {}
    for key, value in reason.values.items():
        if isinstance(value, Suit):
            out[key] = namer.suit(value)
            out[key.capitalize()] = out[key].capitalize()
        elif isinstance(value, tuple):
            out[key] = namer.sequence(*value)
        elif key == "wanted":
            out[key] = namer.wanted(value)
        else:
            out[key] = namer.cards(value)
    return out


def fill(template: str, values: dict[str, str]) -> str:
    """`template` with each `%{name}` replaced (the translation files' placeholder form)."""
    for name, value in values.items():
        template = template.replace("%{" + name + "}", value)
    return template


def english(reason: Reason) -> str:
    """The refusal in plain English words."""
    return fill(REASONS[reason.key], reason_values(reason, ENGLISH))
