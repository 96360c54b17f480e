"""Three-player computer players: legal play at every level, decisions from the seat's
own view only, the maker's laying away, and the duplicate arena for three seats."""

from __future__ import annotations

import pytest

from klaverjas_gui.ai import kalabriasz_arena as arena
from klaverjas_gui.ai.kalabriasz_players import (
    KALABRIASZ_LEVELS,
    KalabriaszHeuristic,
    make_kalabriasz_player,
)
from klaverjas_gui.engine.cards import parse_card, parse_cards
from klaverjas_gui.engine.kalabriasz import KalabriaszStacked, lay, new_kalabriasz
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
@pytest.mark.parametrize("level", KALABRIASZ_LEVELS)
def test_every_level_plays_only_legal_actions(level, preset):
    for seed in range(15):
        state = new_kalabriasz(KALABRIASZ_PRESETS[preset], seed)
        players = [make_kalabriasz_player(level, seed * 3 + s) for s in range(3)]
        while state.deal_no <= 2 and not state.is_over:
            action = players[state.to_move].choose(state.observation(state.to_move))
            assert action in state.legal_actions(), (level, preset, seed, action)
            state, _ = state.apply(action)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="easy, normal"):
        make_kalabriasz_player("expert")


def _twins() -> list[KalabriaszStacked]:
    """Two deals that seat 0 (first hand) cannot tell apart: the same hand; the other two
    hands and the talon differ."""
    mine = "JH 9H AH TH KH QH AC TC AD 7S"
    rest = [c for c in parse_cards("7C 8C 9C JC QC KC 7D 8D 9D TD JD QD KD 8S 9S TS JS QS KS "
                                   "AS 7H 8H")]  # fmt: skip
    names = [str(c) for c in rest]
    one = KalabriaszStacked(2, (mine, " ".join(names[:10]), " ".join(names[10:20])),
                            " ".join(names[20:]))  # fmt: skip
    turned = names[::-1]
    two = KalabriaszStacked(2, (mine, " ".join(turned[:10]), " ".join(turned[10:20])),
                            " ".join(turned[20:]))  # fmt: skip
    return [one, two]


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_first_decisions_do_not_depend_on_hidden_cards(level):
    states = [new_kalabriasz(stacked=t) for t in _twins()]
    assert states[0].hand(1) != states[1].hand(1) and states[0].talon != states[1].talon
    first = [make_kalabriasz_player(level, 4).choose(s.observation(0)) for s in states]
    assert first[0] == first[1] and first[0].kind == "name"


def test_the_maker_lays_away_an_unguarded_ten_and_keeps_his_aces():
    hands = (
        "JH 9H AH KH QH AC 7C AD TS 8D",
        "8C 9C TC JC QC KC 7D 9D TD JD",
        "QD KD AS KS QS JS 9S 8S 7S 7H",
    )
    s = new_kalabriasz(stacked=KalabriaszStacked(2, hands, "TH 8H"))
    s, _ = s.apply("name H")
    player = KalabriaszHeuristic(1)
    first = player.choose(s.observation(0))
    assert first == lay("TS")  # ten points banked that the defenders' ace would catch
    s, _ = s.apply(first)
    second = player.choose(s.observation(0))
    assert second.card not in parse_cards("AC AD") and second.card.suit_index != 2


def test_a_defender_gives_points_to_a_partner_who_wins_the_trick():
    # dealer 2: seat 0 leads; seat 1 is maker (hearts); seat 2 plays last behind its partner
    hands = (
        "AC KC QC JC 7H AD KD QD AS KS",
        "7C 8C 9C TC JH 9H AH TH KH 8H",
        "QH 7D 8D 9D TD JD QS JS TS 9S",
    )
    s = new_kalabriasz(stacked=KalabriaszStacked(2, hands, "8S 7S"))
    for a in ("pass", "name H", "lay 8S", "lay 7S", "play AC", "play 7C"):
        s, _ = s.apply(a)
    card = KalabriaszHeuristic(1).choose(s.observation(2)).card
    assert card == parse_card("TD") or card == parse_card("TS")  # ten points to the partner


def test_a_rotation_plays_one_deal_in_every_seating():
    rotation = arena.play_rotation((2, "normal", "easy", KALABRIASZ_PRESETS["kalabriasz"], 5))
    assert len(rotation.games) == 6 == len(set(g.seating for g in rotation.games))
    assert len({g.hands for g in rotation.games}) == 1  # the same cards each time
    for seat in range(3):  # each seat holds A three times and B three times
        assert sum(g.seating[seat] for g in rotation.games) == 3
    start = new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], arena.pair_seed(5, 2))
    assert rotation.games[0].hands == start.hands
    for g in rotation.games:
        a = [s for s, is_a in zip(g.scores, g.seating, strict=True) if is_a]
        b = [s for s, is_a in zip(g.scores, g.seating, strict=True) if not is_a]
        assert g.margin == pytest.approx(sum(a) / len(a) - sum(b) / len(b))


def test_the_arena_runs_and_normal_beats_easy(capsys):
    assert arena.main(["--a", "normal", "--b", "easy", "--rotations", "30", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "30 rotations = 180 games" in out and "A minus B per deal" in out
    rotations = arena.run("normal", "easy", 30, KALABRIASZ_PRESETS["kalabriasz"], 3)
    mean = sum(r.margin for r in rotations) / len(rotations)
    assert mean > 5, mean


def test_the_arena_refuses_bad_arguments_in_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        arena.main(["--rotations", "0"])
    assert e.value.code == 2
    assert capsys.readouterr().err == "kalabriasz_arena: --rotations must be at least 1\n"
