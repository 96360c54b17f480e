"""The guest's rebuilt position (play/net/mirror.py): from each seat's own observation
only, at every position of random matches of every preset of both games; the face-down
guess the table draws stays the mirror's guess as cards are played (ui/table/director.py's
swap); and the guest's copy of a finished match (play/net/session.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from klaverjas_gui.engine.cards import sort_hand
from klaverjas_gui.engine.klabberjass import new_klabberjass
from klaverjas_gui.engine.match import new_match, verzaakt
from klaverjas_gui.games import KLABBERJASS, KLAVERJAS
from klaverjas_gui.play.guesses import swap_guess
from klaverjas_gui.play.net.mirror import Mirror, MirrorError, mirror_for


def short(variant):
    return dataclasses.replace(variant, match_length="deals:2")


@pytest.mark.parametrize("preset", list(KLAVERJAS.presets))
def test_every_seat_sees_its_own_observation_in_the_rebuilt_position(preset):
    for seed in range(2):
        state = new_match(short(KLAVERJAS.presets[preset]), seed)
        rng = random.Random(seed)
        mirrors = [Mirror(KLAVERJAS, s) for s in range(4)]
        while True:
            for s, mirror in enumerate(mirrors):
                obs = state.observation(s)
                built = mirror.state(obs, state.n_actions)
                assert built.observation(s) == obs
                assert built.hand(s) == state.hand(s)
                assert built.n_actions == state.n_actions and built.phase == state.phase
                assert built.legal_actions() == (
                    state.legal_actions() if state.to_move == s else built.legal_actions()
                )
                assert [len(built.hand(t)) for t in range(4)] == [
                    len(state.hand(t)) for t in range(4)
                ]
            if state.is_over:
                break
            state, _ = state.apply(rng.choice(state.legal_actions()))
        assert built.is_over and built.totals == state.totals and built.sheet == state.sheet


@pytest.mark.parametrize("preset", list(KLABBERJASS.presets))
def test_klabberjass_seats_see_their_own_observation_in_the_rebuilt_position(preset):
    """Two players: the guess must also make the engine declare, show and call bella as it
    did (a declared sequence is worked out from the declarer's hand)."""
    variant = dataclasses.replace(KLABBERJASS.presets[preset], target=250)
    declared = dixed = bella = 0
    for seed in range(4):
        state = new_klabberjass(variant, seed)
        rng = random.Random(seed)
        mirrors = [mirror_for(KLABBERJASS, s) for s in range(2)]
        while True:
            for s, mirror in enumerate(mirrors):
                obs = state.observation(s)
                built = mirror.state(obs, state.n_actions)
                assert built.observation(s) == obs and built.hand(s) == state.hand(s)
                assert len(built.stock) == len(state.stock)
                assert not set(built.hand(1 - s)) & set(obs.hand)
            if state.is_over:
                break
            declared += bool(state.declared) and state.phase == "play" and not state.trick
            dixed += state.dix >= 0
            bella += any(state.bella)
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert declared and dixed and bella  # the constrained guesses were exercised


def test_a_four_of_a_kind_declared_and_beaten_is_in_the_guess():
    """Belote declarations: four queens declared and beaten by four jacks are never shown,
    yet the guess must hold them, or the rebuilt engine would not say what it said."""
    from klaverjas_gui.engine.klabberjass import KlabberjassStacked
    from klaverjas_gui.engine.klabberjass_rules import KlabberjassVariant

    variant = KlabberjassVariant(declarations="belote")
    stacked = KlabberjassStacked(0, ("JC JD JH JS 7D 8S", "QC QD QH QS 7C 9D"), "AH",
                                 "KC 8D TS 7S 9C AC")  # fmt: skip
    state = new_klabberjass(variant, 1, stacked)
    rng = random.Random(1)
    mirrors = [mirror_for(KLABBERJASS, s) for s in range(2)]
    while state.deal_no == 1:
        for s, mirror in enumerate(mirrors):
            obs = state.observation(s)
            assert mirror.state(obs, state.n_actions).observation(s) == obs
        legal = state.legal_actions()
        state, _ = state.apply(legal[0] if state.phase in ("bidding", "declare") else
                               rng.choice(legal))  # fmt: skip
    assert state.sheet[0].score.declarations == (200, 0)


def test_the_guess_is_drawn_from_unseen_cards_only():
    state = new_match(short(KLAVERJAS.presets["amsterdam"]), 3)
    rng = random.Random(3)
    mirror = Mirror(KLAVERJAS, 2)
    for _ in range(20):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    built = mirror.state(state.observation(2), state.n_actions)
    seen = set(state.hand(2)) | {c for _, cards in state.tricks for c in cards} | set(state.trick)
    for s in (0, 1, 3):
        assert not set(built.hand(s)) & seen


def test_the_picture_keeps_the_guess_as_cards_are_played():
    """The table's face-down hands, moved by the director's rule (a card guessed elsewhere
    swaps with the player's last card), always hold what the mirror guessed: the table
    never has to re-synchronise a guest's picture."""
    for seed in range(6):
        state = new_match(short(KLAVERJAS.presets["rotterdam"]), seed)
        rng = random.Random(seed)
        mirror = Mirror(KLAVERJAS, 1)
        built = mirror.state(state.observation(1), 0)
        picture = [list(built.hand(s)) for s in range(4)]
        swaps = 0
        while not state.is_over:
            before_deal = state.deal_no, state.deal_start
            action = rng.choice(state.legal_actions())
            seat = state.to_move
            state, _ = state.apply(action)
            built = mirror.state(state.observation(1), state.n_actions)
            if (state.deal_no, state.deal_start) != before_deal:
                picture = [list(built.hand(s)) for s in range(4)]  # a new deal is dealt anew
                continue
            if action.kind == "play":
                if action.card in picture[seat]:
                    picture[seat].remove(action.card)
                else:
                    swap_guess(picture, seat, action.card, built.trump_suit)
                    swaps += 1
            for s in range(4):
                assert set(picture[s]) == set(built.hand(s)), (seed, s)
        assert swaps > 0  # the guesses were wrong often enough to test the swap


def test_an_observation_no_deal_explains_is_refused():
    state = new_match(KLAVERJAS.presets["amsterdam"], 5)
    obs = state.observation(0)
    other = sort_hand(state.hand(1), None)[0]
    bad = dataclasses.replace(obs, hand=(*obs.hand[:-1], other, other))
    with pytest.raises(MirrorError):
        Mirror(KLAVERJAS, 0).state(bad, 0)
    with pytest.raises(MirrorError):
        Mirror(KLAVERJAS, 1).state(obs, 0)  # another seat's observation
    wrong_log = dataclasses.replace(obs, deal_log=((1, state.legal_actions()[0]),))
    with pytest.raises(MirrorError):
        Mirror(KLAVERJAS, 0).state(wrong_log, 1)


def finished(seed: int):
    variant = short(KLAVERJAS.presets["amsterdam"])
    state = new_match(variant, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return variant, state


def test_a_guest_keeps_a_copy_only_of_a_record_that_replays_to_what_it_saw(tmp_path):
    from klaverjas_gui.play.net.protocol import Update
    from klaverjas_gui.play.net.session import CopyError, keep_copy
    from klaverjas_gui.store.history import History
    from klaverjas_gui.ui.history import result_word

    variant, state = finished(4)
    seen = Update(state.n_actions, state.observation(1), None, None, ())
    record = {"seed": 4, "preset": "amsterdam", "actions": [str(a) for a in state.actions],
              "players": ["Sanne", "Anna", "Henk", "Joop"],
              "kinds": ["human", "remote", "easy", "remote"]}  # fmt: skip
    history = History(tmp_path / "history.sqlite")
    try:
        running = history.start_match("klaverjas", "amsterdam", variant.to_dict(), 9, list("ABCD"))
        forgeries = (
            {**record, "seed": 5}, {**record, "actions": record["actions"][:-4]},
            {**record, "actions": ["XX"]}, {**record, "players": ["Sanne"]}, {},
        )  # fmt: skip
        for forged in forgeries:
            with pytest.raises(CopyError):
                keep_copy(history, KLAVERJAS, variant, forged, 1, seen)
        mid = keep_copy(history, KLAVERJAS, variant, record, 1, seen)
        copy = history.match(mid)
        assert copy.status == "finished" and copy.players == record["players"]
        assert copy.kinds == ["remote", "human", "easy", "remote"]  # marked from this laptop
        assert history.actions(mid) == record["actions"]
        assert history.restore(copy).observation(1) == seen.observation
        assert result_word(copy) == ("won" if state.winner == 1 else "lost")  # seat 1's side
        assert history.match(running).status == "running"  # the copy ended no match here
    finally:
        history.close()


@pytest.mark.parametrize("seed", range(6))
def test_a_club_match_with_wrong_cards_and_calls_rebuilds_for_every_seat(seed):
    """revoke = club: the guessed hands cannot tell a wrong card, so a call in the deal's
    log replays as the host judged it (a wrong one changes nothing; a right one ended the
    deal, also the match's last)."""
    variant = dataclasses.replace(short(KLAVERJAS.presets["amsterdam"]), revoke="club")
    state, rng = new_match(variant, seed), random.Random(seed)
    mirrors = [Mirror(KLAVERJAS, s) for s in range(4)]
    calls = 0
    while True:
        for s, mirror in enumerate(mirrors):
            obs = state.observation(s)
            built = mirror.state(obs, state.n_actions)
            assert built.observation(s) == obs and built.phase == state.phase
        if state.is_over:
            break
        if state.call_open() and rng.random() < 0.1:
            action, calls = verzaakt(rng.randrange(4)), calls + 1
        else:
            action = rng.choice(state.legal_actions())  # wrong cards too
        state, _ = state.apply(action)
    assert calls and built.sheet == state.sheet and built.totals == state.totals


def test_a_hosts_record_names_no_rules_or_seat_kinds_of_its_own(tmp_path):
    """A hostile host's record: its preset is not stored (the guest names the rules it
    played by), and a seat kind that is no person nor computer level keeps no copy."""
    from klaverjas_gui.play.net.protocol import Update
    from klaverjas_gui.play.net.session import CopyError, keep_copy
    from klaverjas_gui.store.history import History

    variant, state = finished(4)
    seen = Update(state.n_actions, state.observation(1), None, None, ())
    record = {"seed": 4, "preset": "FIFA rules", "actions": [str(a) for a in state.actions],
              "players": ["Sanne", "Anna", "Henk", "Joop"],
              "kinds": ["human", "remote", "easy", "remote"]}  # fmt: skip
    history = History(tmp_path / "history.sqlite")
    try:
        copy = history.match(keep_copy(history, KLAVERJAS, variant, record, 1, seen))
        assert copy.preset == KLAVERJAS.preset_name(variant)
        with pytest.raises(CopyError):
            keep_copy(history, KLAVERJAS, variant, {**record, "kinds": ["human", "remote",
                      "grandmaster", "remote"]}, 1, seen)  # fmt: skip
    finally:
        history.close()


@pytest.mark.parametrize("game", [KLAVERJAS, KLABBERJASS])
def test_an_observation_naming_a_seat_beyond_the_game_is_a_mirror_error(game):
    """A hostile host's position with a dealer or a move of seat 7: the guest's mirror
    looked the seat up in its own tables and a KeyError broke the guest's table."""
    variant = game.presets[next(iter(game.presets))]
    state = game.new_state(variant, 3)
    rng = random.Random(3)
    for _ in range(5):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(1)
    (seat, action), *rest = obs.deal_log
    for bad in (dataclasses.replace(obs, dealer=7), dataclasses.replace(obs, dealer=-6),
                dataclasses.replace(obs, deal_log=((7, action), *rest))):  # fmt: skip
        with pytest.raises(MirrorError):
            mirror_for(game, 1).state(bad, state.n_actions)
    assert mirror_for(game, 1).state(obs, state.n_actions).observation(1) == obs
