"""The game registry (klaverjas_gui/games/): every registered game starts, plays to its end with
its own computer players, and comes back exactly from its stored actions."""

from __future__ import annotations

import pytest

from klaverjas_gui.engine import StateError, VariantError
from klaverjas_gui.games import (
    GAMES,
    KLABBERJASS,
    KLAVERJAS,
    Game,
    UnknownGameError,
    game_of,
    get_game,
    register_game,
)

EVERY_GAME = sorted(GAMES)


def test_both_games_are_registered_under_the_names_the_history_stores():
    assert GAMES["klaverjas"] is KLAVERJAS and GAMES["klabberjass"] is KLABBERJASS
    assert (KLAVERJAS.players, KLAVERJAS.tricks_per_deal) == (4, 8)
    assert (KLABBERJASS.players, KLABBERJASS.tricks_per_deal) == (2, 9)
    assert (KLAVERJAS.default_preset, KLABBERJASS.default_preset) == ("amsterdam", "klabberjass")


@pytest.mark.parametrize("name", EVERY_GAME)
def test_a_game_played_to_its_end_by_its_easy_players_replays_from_its_actions(name):
    game = get_game(name)
    variant = game.presets[game.default_preset]
    if game is KLAVERJAS:  # a short match keeps the test fast; the registry is what is tested
        variant = game.variant_from_dict({**variant.to_dict(), "match_length": "deals:2"})
    seed = 11
    state = game.new_state(variant, seed)
    players = [game.make_player("easy", game.player_seed(seed, s)) for s in range(game.players)]
    moves = 0
    while not state.is_over:
        action = players[state.to_move].choose(state.observation(state.to_move))
        state, _ = state.apply(action)
        moves += 1
        assert moves < 5000, "the game does not end"
    sides = range(len(state.totals))  # two teams, two players or three
    assert game_of(state) is game and state.winner in (*sides, None)
    actions = [str(a) for a in state.actions]
    assert [game.parse_action(a) for a in actions] == list(state.actions)
    again = game.replay(variant.to_dict(), seed, actions)
    assert again == state and again.totals == state.totals and again.sheet == state.sheet
    assert game.replay(variant.to_dict(), seed, actions[:-1]) != state


@pytest.mark.parametrize("name", EVERY_GAME)
def test_every_preset_round_trips_through_its_stored_options(name):
    game = get_game(name)
    assert len(game.presets) >= 2
    for preset, variant in game.presets.items():
        back = game.variant_from_dict(variant.to_dict())
        assert back == variant and game.preset_name(back) == preset


@pytest.mark.parametrize("name", EVERY_GAME)
def test_a_bad_stored_variant_is_a_variant_error(name):
    game = get_game(name)
    with pytest.raises(VariantError, match="no_such_option"):
        game.variant_from_dict({"no_such_option": 1})
    with pytest.raises(VariantError):
        game.variant_from_dict(["not", "a", "dict"])
    with pytest.raises(StateError):  # a move the game does not have
        game.replay(game.presets[game.default_preset].to_dict(), 1, ["fly away"])


def test_the_games_keep_their_own_players_levels_and_seats():
    assert "easy" in KLAVERJAS.levels() and "easy" in KLABBERJASS.levels()
    assert type(KLAVERJAS.make_player("easy", 1)) is not type(KLABBERJASS.make_player("easy", 1))
    with pytest.raises(ValueError, match="unknown computer level 'genius'"):
        KLABBERJASS.make_player("genius", 1)
    assert KLAVERJAS.player_seed(7, 3) == 31 and KLABBERJASS.player_seed(7, 1) == 15
    assert KLAVERJAS.human_seats(["human", "easy", "human", "hard"]) == (0, 2)  # hot-seat
    assert KLABBERJASS.human_seats(["easy", "human"]) == (1,)
    assert KLAVERJAS.reviewable and not KLABBERJASS.reviewable
    assert KLABBERJASS.card_rules(None).must_overtrump  # Klabberjass's card rules are fixed
    variant = KLAVERJAS.presets["utrecht"]
    assert KLAVERJAS.card_rules(variant) is variant


def test_each_entry_says_where_its_seats_sit_and_how_guests_fill_them():
    assert KLAVERJAS.guests == (2, 1, 3)  # the first guest is the host's partner
    assert KLABBERJASS.guests == (1,)
    for game in GAMES.values():
        assert len(game.seat_places) == game.players and game.seat_places[0] == ""
    bad = Game(**{**KLABBERJASS.__dict__, "name": "lopsided", "seat_places": ("",)})
    with pytest.raises(ValueError, match="a place and a guest order for each seat"):
        register_game(bad)
    assert "lopsided" not in GAMES


def test_one_game_is_the_default_and_the_others_name_their_own_words():
    assert [g.name for g in GAMES.values() if g.default] == ["klaverjas"]
    assert KLAVERJAS.preset_title("utrecht") == "rules.preset_utrecht"
    assert KLAVERJAS.preset_title("custom") == "rules.preset_long_custom"
    assert KLABBERJASS.preset_title("bela") == "klabber.preset_bela"
    assert KLABBERJASS.preset_title("custom") == "klabber.preset_custom"
    assert KLABBERJASS.scene("table") == "klabberjass table" and KLAVERJAS.scene("table") == "table"
    with pytest.raises(ValueError, match="a second default game"):
        register_game(Game(**{**KLABBERJASS.__dict__, "name": "second", "default": True}))


@pytest.mark.parametrize("name", EVERY_GAME)
def test_a_game_finds_its_coach_from_its_own_observations(name):
    """`game_of` knows a seat's observation too: the coach asks it for the game's Coaching."""
    from klaverjas_gui.teach import coach

    game = get_game(name)
    obs = game.new_state(game.presets[game.default_preset], 3).observation(0)
    assert game_of(obs) is game
    assert coach.coaching(obs) is game.coaching()
    assert coach.solo(obs) is not game.partners


def test_an_unknown_game_is_a_clear_key_error():
    with pytest.raises(KeyError) as caught:
        get_game("bridge")
    names = ", ".join(GAMES)  # klaverjas, klabberjass, kalabriasz
    assert str(caught.value) == f"unknown game 'bridge'; the games are: {names}"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, UnknownGameError)
    with pytest.raises(UnknownGameError):
        game_of(object())


def test_a_game_is_registered_once():
    with pytest.raises(ValueError, match="registered already"):
        register_game(KLAVERJAS)
    copy = Game(**{**KLAVERJAS.__dict__, "name": "empty", "presets": {}})
    with pytest.raises(ValueError, match="needs presets"):
        register_game(copy)
    assert "empty" not in GAMES
