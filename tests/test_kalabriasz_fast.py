"""The normal three-player rules on bit masks (`kalabriasz_fast`): legal cards as the
engine's, and a playout is the very deal three normal players play in the engine."""

from __future__ import annotations

import random

import pytest

from klaverjas_gui.ai import kalabriasz_fast as fast
from klaverjas_gui.ai.kalabriasz_players import KalabriaszHeuristic
from klaverjas_gui.engine.cards import mask_of
from klaverjas_gui.engine.kalabriasz import new_kalabriasz
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_the_legal_cards_are_the_engines(preset):
    variant = KALABRIASZ_PRESETS[preset]
    rng = random.Random(preset)
    checked = 0
    for seed in range(40):
        state = new_kalabriasz(variant, seed)
        while state.deal_no == 1 and not state.is_over:
            if state.phase == "play":
                trick = tuple(c.index for c in state.trick)
                hand = state.hands[state.to_move]
                legal = fast.table(variant, state.trump).legal(hand, trick, state.leader,
                                                               state.maker)  # fmt: skip
                assert legal == mask_of(a.card for a in state.legal_actions())
                checked += 1
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert checked > 500


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_a_playout_is_the_deal_three_normal_players_play(preset):
    variant = KALABRIASZ_PRESETS[preset]
    normal = KalabriaszHeuristic(1, counting=True)
    played = 0
    for seed in range(60):
        state = new_kalabriasz(variant, seed)
        while state.phase == "bidding" and state.deal_no == 1:
            obs = state.observation(state.to_move)
            suit = fast.normal_bid(mask_of(obs.hand))
            action = normal.choose(obs)
            assert (action.suit.index if action.kind == "name" else -1) == suit
            state, _ = state.apply(action)
        if state.deal_no != 1:
            continue  # all passed
        maker, t = state.maker, state.trump
        laid = fast.normal_lay(t, state.hands[maker])
        while state.phase == "talon":
            state, _ = state.apply(normal.choose(state.observation(maker)))
        assert mask_of(state.laid_away) == laid
        hands = state.hands
        points, won = fast.table(variant, t).playout(hands, state.first_hand, maker, laid)
        while state.deal_no == 1 and not state.is_over:
            state, _ = state.apply(normal.choose(state.observation(state.to_move)))
        score = state.sheet[0].score
        want = [score.card_points[k] + score.roem[k] + score.pit[k] for k in range(3)]
        assert (points, won) == (want, score.tricks_won[maker])
        played += 1
    assert played > 40
