"""The games this program plays, each described once: `GAMES`, filled by `register_game`.

Everything that differs between four-player Klaverjas and two-player Klabberjass and
that is not a rule of play (those are the engine's) lives in one `Game` record: how
many players, how many tricks a deal has, the presets, how a stored variant, action
or match is read back, who makes the computer players. The history, the command line
and the screens look a game up here by the name the history stores, instead of asking
`players == 2` or comparing names, so a third game is one more `register_game` call.
(The pattern of OpenSpiel's `register_game`/`load_game` and PySolFC's `registerGame`.)

No pygame here, and the computer players are imported only when one is made: the AI
package takes a while to load, and the menu must not wait for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import (
    KLABBERJASS_PRESETS,
    PRESETS,
    Action,
    KlabberjassState,
    MatchState,
    VariantError,
    klabberjass_preset_name,
    preset_name,
)
from ..engine.klabberjass_rules import TRICKS as KLABBERJASS_TRICKS
from ..engine.play import KLABBERJASS_PLAY
from ..engine.state import GameState
from ..engine.variant import MATCH_OPTIONS, Variant

HUMAN = "human"  # the seat kind of a person; any other kind is a computer level


class UnknownGameError(KeyError, ValueError):
    """A game name that is not registered (a KeyError for lookups, a ValueError for input)."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


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
    play_rules: Variant | None = None  # the card rules when they are not the variant's own
    match_options: tuple[str, ...] = ()  # the match's own options, which picking a preset keeps
    reviewable: bool = False  # the deal review (teach/review.py) can judge its deals

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

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
        return self.play_rules if self.play_rules is not None else variant

    # --- states ---
    def new_state(self, variant: Any, seed: int) -> Any:
        """A new match at its first deal."""
        return self.state.start(variant, seed, None)

    def replay(self, variant: dict[str, Any], seed: int, actions: Iterable[str]) -> Any:
        """The state after `actions` from a stored variant and seed. Raises VariantError
        for bad options and StateError for a move that is not possible."""
        return self.state.replay(self.variant_from_dict(variant), seed, actions)

    def parse_action(self, text: str) -> Action:
        return self.state.parse_action(text)  # type: ignore[no-any-return]

    # --- seats ---
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
    """The game a state belongs to."""
    for game in GAMES.values():
        if isinstance(state, game.state):
            return game
    raise UnknownGameError(f"no registered game plays a {type(state).__name__}")


# The computer players are imported when first asked for (in a function, so that a frozen
# bundle still sees the import). An unknown level is a ValueError naming the levels.
def _klaverjas_player(level: str, seed: int | None) -> Any:
    from ..ai import make_player

    return make_player(level, seed)


def _klaverjas_levels() -> tuple[str, ...]:
    from ..ai import LEVELS

    return tuple(LEVELS)


def _klabberjass_player(level: str, seed: int | None) -> Any:
    from ..ai.klabberjass_players import make_klabberjass_player

    return make_klabberjass_player(level, seed)


def _klabberjass_levels() -> tuple[str, ...]:
    from ..ai.klabberjass_players import KLABBERJASS_LEVELS

    return tuple(KLABBERJASS_LEVELS)


KLAVERJAS = register_game(
    Game(
        name="klaverjas", label="Klaverjas", players=4, tricks_per_deal=8,
        presets=PRESETS, state=MatchState, preset_name=preset_name,
        make_player=_klaverjas_player, levels=_klaverjas_levels, reviewable=True,
        match_options=MATCH_OPTIONS,
    )
)  # fmt: skip
KLABBERJASS = register_game(
    Game(
        name="klabberjass", label="Klabberjass", players=2, tricks_per_deal=KLABBERJASS_TRICKS,
        presets=KLABBERJASS_PRESETS, state=KlabberjassState, preset_name=klabberjass_preset_name,
        make_player=_klabberjass_player, levels=_klabberjass_levels, play_rules=KLABBERJASS_PLAY,
    )
)  # fmt: skip
DEFAULT_GAME = KLAVERJAS  # what the program opens with (--game's default)
