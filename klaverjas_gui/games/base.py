"""The record of a game (`Game`) and the registry of games (`GAMES`, `register_game`).

Everything that differs between the games and is not a rule of play (those are the
engine's) is a field or a method of the game's `Game`: how many players and where they
sit, the presets and their words, the settings it keeps, its screens by their scene
names, the coach's evaluator, the network mirror. The store, play/, the network and the
screens ask the game's entry instead of asking which game it is
(tests/test_game_is_data.py), so a third game is one more entry plus its own modules.
(The pattern of OpenSpiel's `register_game`/`load_game` and PySolFC's `registerGame`.)

This package sits below store/ and play/: it imports the engine only. What a game
makes (its computer players, its coach) is imported when first asked for: the AI
package takes a while to load, and the menu must not wait for it. Its screens are
named, not imported: ui/scenes.py resolves a scene name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Action, VariantError
from ..engine.match import DealScored, MatchOver
from ..engine.state import GameState
from ..engine.variant import Variant

HUMAN = "human"  # the seat kind of a person; any other kind is a computer level


def _winner(event: MatchOver) -> int | None:
    return event.winner


class DealEvent(Protocol):
    """A scored deal's event, any game's (`Game.deal_event`)."""

    @property
    def line(self) -> Any: ...  # the game's own score line: ScoreLine, KalabriaszScoreLine, ...

    @property
    def totals(self) -> tuple[int, ...]: ...


class EndEvent(Protocol):
    """A match's end event, any game's (`Game.end_event`)."""

    @property
    def totals(self) -> tuple[int, ...]: ...


class UnknownGameError(KeyError, ValueError):
    """A game name that is not registered (a KeyError for lookups, a ValueError for input)."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


# Every column the Statistics can show, in order (ui/stats.py); a game names its own.
STATS_COLUMNS = ("matches", "won", "won_pct", "deals", "made_chose", "made_pct", "nat", "pit",
                 "tricks_pct", "roem", "points_deal", "trump", "verzaakt")  # fmt: skip
WITHOUT_VERZAAKT = tuple(c for c in STATS_COLUMNS if c != "verzaakt")


@dataclass(frozen=True)
class Game:
    """One game: what the program needs to start, store, replay and seat it."""

    name: str  # as the history stores it and --game takes it
    label: str  # the game's own name on screen, the same in every language
    players: int
    tricks_per_deal: int
    presets: Mapping[str, Any]  # name -> variant, the first is the default
    state: type[GameState]  # the engine's state class: start, replay, parse_action
    preset_name: Callable[[Any], str]  # the preset a variant equals, or "custom"
    make_player: Callable[[str, int | None], Any]  # (level, seed) -> a computer player
    levels: Callable[[], tuple[str, ...]]  # the levels make_player knows
    observation: type  # the engine's observation class (what one seat sees): `game_of`
    coaching: Callable[[], Any]  # () -> the coach's evaluator of it (teach/coach.py Coaching)
    play_rules: Variant | None = None  # the card rules when they are not the variant's own
    # the card rules that follow from the variant when it is not a Variant itself (Kalabriasz)
    play_rules_of: Callable[[Any], Variant] | None = None
    match_options: tuple[str, ...] = ()  # the match's own options, which picking a preset keeps
    # the deal review can judge its deals: its scene "review" (or the game's twin of it,
    # `scenes`) against its exact solver (teach/review.py, teach/kalabriasz_review.py)
    reviewable: bool = False
    default: bool = False  # the game the program opens with; the menu's Continue names the others
    partners: bool = False  # two sides of two partners facing each other; else each plays alone
    signals: bool = False  # its rules may agree signals (RULES 1.10), said before the match
    practice: bool = False  # it offers a practice match (open hands, take-backs, not recorded)
    # Each seat as seat 0 sees it, translation keys (the host's seat choices): seat 0 is "".
    seat_places: tuple[str, ...] = ()
    guest_order: tuple[int, ...] = ()  # the seats guests take on the network, in order
    # Each seat by the name of its place at this game's table, translation keys: a cover
    # names a seat still called "You" by it, in the sentences `cover_words` ("{}": title,
    # sub, button) word around it. Four players: the compass points.
    seat_words: tuple[str, ...] = ("ui.compass_0", "ui.compass_1", "ui.compass_2", "ui.compass_3")
    cover_words: str = "guide.cover_{}_you"
    # Its words, translation keys; "{}" is a preset's name. The shared ones are Klaverjas's.
    preset_words: str = "rules.preset_{}"  # a preset's name
    custom_words: str = "rules.preset_long_custom"  # rules of the player's own
    preset_notes: str = "ui.preset_note_{}"  # a preset's one line: what makes it different
    opponents_words: str = "ui.play_opponents"  # the Play screen's heading of the computers
    # (a preset's, rules of one's own) short name in History's list, before any " · ":
    # None: preset_words and custom_words
    list_words: tuple[str, str] | None = None
    sheet_columns: tuple[str, str] = ("ui.sheet_chooser", "ui.sheet_cards_roem")
    # Its Statistics columns after the player's name (ui/stats.py names each): "verzaakt"
    # only where a wrong card can be called
    stats_columns: tuple[str, ...] = STATS_COLUMNS
    settings_tab: str = "rules"  # its Settings tab (ui/settings.py builds it by this name)
    settings_tab_words: str = "ui.settings_tab_rules"
    # (preset, rules, seats): where its choices lie in settings.json; by default
    # "<name>_preset", "<name>", "<name>_seats"
    settings_keys: tuple[str, str, str] | None = None
    # Its own scenes, by the shared scene's name: "table" -> "klabberjass table" (names that
    # ui/scenes.py resolves; a shared scene the game has no twin of is used as it is).
    scenes: Mapping[str, str] = field(default_factory=dict)
    # The engine's events the history stores: a scored deal (`.line`, `.totals`) and the
    # match's end (`.totals`; its winning side by `end_winner`, None for a shared win).
    deal_event: type[DealEvent] = DealScored
    end_event: type[EndEvent] = MatchOver
    end_winner: Callable[[Any], int | None] = _winner
    demo_preset: str | None = None  # the club demo's rules; None: the settings' rules
    mirror: str = "four"  # how a network guest rebuilds its position (play/net/mirror.py)

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def scene(self, name: str) -> str:
        """The name of the game's own twin of scene `name` ("klabberjass replay"), else `name`."""
        return self.scenes.get(name, name)

    def preset_title(self, name: str) -> str:
        """The translation key of a preset's name, or of "custom" for rules of one's own."""
        return self.preset_words.format(name) if name in self.presets else self.custom_words

    def list_title(self, name: str) -> str:
        """The translation key of a preset's name in History's list (its part before " · ")."""
        preset, custom = self.list_words or (self.preset_words, self.custom_words)
        return preset.format(name) if name in self.presets else custom

    def preset_note(self, name: str) -> str:
        """The translation key of a preset's one line."""
        return self.preset_notes.format(name)

    def has_coach(self) -> bool:
        """Its coach's evaluator is there to be loaded (a new game's table may come before
        its coach: teach/<game>_coach.py); without one the game is played uncoached."""
        try:
            self.coaching()
        except ModuleNotFoundError:
            return False
        return True

    @property
    def sides(self) -> int:
        """How many sides score: two teams of partners, else each player for himself."""
        return self.players // 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side `seat` plays for (a team, or the player himself)."""
        return seat % self.sides if self.partners else seat

    @property
    def noun(self) -> str:
        """What one whole play is called: "match" (Klaverjas) or "game" (Klabberjass)."""
        return self.state.NOUN

    # --- variants ---
    def variant_from_dict(self, data: Any) -> Any:
        """The game's variant from stored options; VariantError says what is wrong."""
        if not isinstance(data, dict):
            raise VariantError(f"the {self.label} rules must be a dict of options, not {data!r}")
        try:
            return self.state.load_variant(data)
        except VariantError:
            raise
        except TypeError as e:  # an unknown keyword of the variant's constructor
            raise VariantError(str(e)) from None

    def card_rules(self, variant: Any) -> Variant:
        """The rules that say which card may be played (Klabberjass has fixed ones)."""
        if self.play_rules is not None:
            return self.play_rules
        return self.play_rules_of(variant) if self.play_rules_of is not None else variant

    # --- states ---
    def new_state(self, variant: Any, seed: int) -> Any:
        """A new match at its first deal."""
        return self.state.start(variant, seed, None)

    def replay(self, variant: dict[str, Any], seed: int, actions: Iterable[str]) -> Any:
        """The state after `actions` from a stored variant and seed. Raises VariantError
        for bad options and StateError for a move that is not possible."""
        return self.state.replay(self.variant_from_dict(variant), seed, actions)

    def parse_action(self, text: str) -> Action:
        return self.state.parse_action(text)

    # --- seats ---
    @property
    def guests(self) -> tuple[int, ...]:
        """The seats guests take, in order (`guest_order`, else from seat 1 on)."""
        return self.guest_order or tuple(range(1, self.players))

    def player_seed(self, match_seed: int, seat: int) -> int:
        """Each seat's computer its own seed, fixed by the match's: a seed replays alike."""
        return match_seed * self.players + seat

    def human_seats(self, kinds: Sequence[str]) -> tuple[int, ...]:
        """The seats played by people. Every seat may be one: several people share the
        laptop hot-seat. With none, a computer plays the bottom seat and you watch."""
        return tuple(s for s, kind in enumerate(kinds) if kind == HUMAN)


GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add a game under its name; a second game of the same name is a mistake."""
    if game.name in GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    if not game.presets or game.players < 2 or game.tricks_per_deal < 1:
        raise ValueError(f"the game {game.name!r} needs presets, players and tricks")
    if (len(game.seat_places) != game.players or len(game.seat_words) != game.players
            or sorted(game.guests) != list(range(1, game.players))):  # fmt: skip
        raise ValueError(f"the game {game.name!r} needs a place and a guest order for each seat")
    if game.default and any(g.default for g in GAMES.values()):
        raise ValueError(f"a second default game: {game.name!r}")
    GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The registered game of this name; UnknownGameError names the games there are."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {name!r}; the games are: {', '.join(GAMES)}"
        ) from None


def game_of(state: Any) -> Game:
    """The game a state, or a seat's observation, belongs to."""
    for game in GAMES.values():
        if isinstance(state, (game.state, game.observation)):
            return game
    raise UnknownGameError(f"no registered game plays a {type(state).__name__}")


def deal_scored(event: Any) -> Any | None:
    """The score line a scored deal's event carries (any game's), else None."""
    kinds = tuple(g.deal_event for g in GAMES.values())
    return event.line if isinstance(event, kinds) else None


def match_end(event: Any) -> tuple[list[int], int | None] | None:
    """(totals, winning side or None) of a match's end event (any game's), else None."""
    for game in GAMES.values():
        if isinstance(event, game.end_event):
            return list(event.totals), game.end_winner(event)
    return None


def default_game() -> Game:
    """The game the program opens with (--game's default)."""
    return next(g for g in GAMES.values() if g.default)
