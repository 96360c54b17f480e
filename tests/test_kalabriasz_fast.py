"""The bit-mask copy of the normal three-player player (`kalabriasz_fast`) against the
original: the same bid, the same cards laid away and the same card in every position
reached by play, for every preset."""

from __future__ import annotations

import random

import pytest

from klaverjas_gui.ai import kalabriasz_fast as fast
from klaverjas_gui.ai.kalabriasz_players import KalabriaszHeuristic, hand_value
from klaverjas_gui.engine.cards import FULL_MASK, mask_of
from klaverjas_gui.engine.kalabriasz import new_kalabriasz
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS


def fast_view(obs):
    """The playout's inputs for the seat to move: hand, legal, trick, out, voids."""
    hand = mask_of(obs.hand)
    played = mask_of(c for _, cards in obs.tricks for c in cards)
    trick = tuple(c.index for c in obs.trick)
    out = FULL_MASK & ~hand & ~played & ~mask_of(obs.trick) & ~mask_of(obs.laid_away)
    void = [0, 0, 0]
    for leader, cards in obs.tricks:
        for k, c in enumerate(cards[1:], 1):
            if c.suit_index != cards[0].suit_index:
                void[(leader + k) % 3] |= 1 << cards[0].suit_index
    return hand, trick, out, (void[0], void[1], void[2])


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_the_copy_decides_as_the_normal_player(preset):
    variant = KALABRIASZ_PRESETS[preset]
    normal = KalabriaszHeuristic(1, counting=True)
    rng = random.Random(preset)
    checked = {"bidding": 0, "talon": 0, "play": 0}
    for seed in range(60):
        state = new_kalabriasz(variant, seed)
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            want = normal.choose(obs)
            if obs.phase == "bidding":
                suit = fast.normal_bid(mask_of(obs.hand))
                assert (want.suit.index if want.kind == "name" else -1) == suit
            elif obs.phase == "talon":
                if len(obs.hand) == 12:
                    laid = fast.normal_lay(obs.trump_index, mask_of(obs.hand))
                    assert want.card.bit & laid
            else:
                t = fast.table(variant, obs.trump_index)
                hand, trick, out, void = fast_view(obs)
                legal = t.legal(hand, trick, obs.leader, obs.maker)
                assert legal == mask_of(a.card for a in obs.legal)
                got = t.card(obs.seat, hand, legal, trick, obs.leader, obs.maker, out, void)
                assert got == want.card.index
            checked[obs.phase] += 1
            # now and then another legal action, to reach positions normal would avoid
            action = rng.choice(obs.legal) if rng.random() < 0.2 else want
            state, _ = state.apply(action)
    assert min(checked.values()) > 50, checked


def test_the_mask_value_is_the_hand_value():
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(range(32), 10)
        hand = sum(1 << c for c in cards)
        from klaverjas_gui.engine.cards import cards_of

        for t in range(4):
            assert fast.mask_value(hand, t) == hand_value(cards_of(hand), t)


def test_a_playout_counts_every_point_once():
    variant = KALABRIASZ_PRESETS["kalabriasz"]
    rng = random.Random(5)
    for _ in range(200):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[10 * k : 10 * k + 10]) for k in range(3)]
        t, maker = rng.randrange(4), rng.randrange(3)
        laid = fast.normal_lay(t, hands[maker] | 1 << cards[30] | 1 << cards[31])
        hands[maker] = (hands[maker] | 1 << cards[30] | 1 << cards[31]) & ~laid
        points, won = fast.table(variant, t).playout(tuple(hands), rng.randrange(3), maker, laid)
        away = sum(fast.POINTS[t][c] for c in range(32) if laid >> c & 1)
        pit = variant.pit_bonus if won == 10 else 0
        assert sum(points) >= 162 - away + pit  # roem comes on top
        assert 0 <= won <= 10
