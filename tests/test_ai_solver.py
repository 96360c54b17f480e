"""The exact solver and its fast rule tables, checked against the engine."""

import dataclasses
import itertools
import random

import pytest

from klaverjas_gui.ai.fast import Rules, sure_trump_points
from klaverjas_gui.ai.solver import Position, Solver, solve, solve_state
from klaverjas_gui.engine import PRESETS, Variant, new_match
from klaverjas_gui.engine.cards import ALL_CARDS, SUITS, cards_of
from klaverjas_gui.engine.match import CLAIM_ROEM
from klaverjas_gui.engine.play import obligation, winner_index
from klaverjas_gui.engine.roem import roem_of
from klaverjas_gui.engine.scoring import score_deal

PLAY_OPTIONS = [
    Variant(must_ruff=r, must_overtrump=o, undertrump=u)
    for r, o, u in itertools.product(("opponent", "always", "never"), (True, False),
                                     ("forbidden", "forced"))
]  # fmt: skip


def play_to(variant, seed, cards_played, rng):
    """A one-deal match with random legal play (always claiming) until `cards_played`."""
    state = new_match(dataclasses.replace(variant, match_length="deals:1"), seed)
    played = 0
    while not (state.phase == "play" and played >= cards_played):
        legal = state.legal_actions()
        action = CLAIM_ROEM if state.phase == "claim" else rng.choice(legal)
        played += action.kind == "play"
        state, _ = state.apply(action)
    return state


def brute_force(state):
    """Plain minimax with the engine's own rules and scoring: final totals margin."""
    v, t = state.variant, state.trump
    me = state.to_move % 2

    def rec(hands, leader, trick, tricks):
        if len(tricks) == 8:
            s = score_deal(v, SUITS[t], state.chooser % 2, tricks, None, state.kraak_level)
            return s.totals[me] - s.totals[1 - me]
        p = (leader + len(trick)) % 4
        values = []
        for c in cards_of(obligation(v, t, hands[p], list(trick))[0]):
            hs = list(hands)
            hs[p] ^= c.bit
            new = (*trick, c)
            if len(new) == 4:
                w = (leader + winner_index(t, new)) % 4
                values.append(rec(hs, w, (), (*tricks, (leader, new))))
            else:
                values.append(rec(hs, leader, new, tricks))
        return max(values) if p % 2 == me else min(values)

    return rec(list(state.hands), state.leader, state.trick, state.tricks)


@pytest.mark.parametrize("variant", PLAY_OPTIONS, ids=lambda v: f"{v.must_ruff}-"
                         f"{v.must_overtrump}-{v.undertrump}")  # fmt: skip
def test_fast_legality_agrees_with_engine(variant):
    rng = random.Random(hash((variant.must_ruff, variant.must_overtrump, variant.undertrump)))
    tables = [Rules(variant, t) for t in range(4)]
    for _ in range(600):
        t = rng.randrange(4)
        rules = tables[t]
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        trick = deck[: rng.randrange(1, 4)]
        hand = 0
        for c in deck[4 : 4 + rng.randrange(1, 9)]:
            hand |= c.bit
        engine, _ = obligation(variant, t, hand, trick)
        w = winner_index(t, trick)
        partner = len(trick) >= 2 and w == len(trick) - 2
        assert rules.legal(hand, trick[0].suit_index, trick[w].index, partner) == engine


def test_roem_memo_and_bound_cover_the_engine():
    rng = random.Random(3)
    for name, variant in PRESETS.items():
        for t in range(4):
            rules = Rules(variant, t)
            for _ in range(200):
                trick = rng.sample(ALL_CARDS, 4)
                mask = sum(c.bit for c in trick)
                assert rules.roem(mask) == roem_of(variant, t, trick), name
                assert rules.bound(mask) >= rules.mask_points(mask) + 10 + rules.roem(mask)


def test_solver_agrees_with_brute_force_on_endings_of_up_to_three_tricks():
    rng = random.Random(5)
    presets = list(PRESETS.values())
    for i in range(120):
        variant = presets[i % len(presets)]
        if i % 3 == 0:
            variant = dataclasses.replace(variant, kraken=True)
        state = play_to(variant, rng.randrange(10**6), rng.randint(20, 31), rng)
        pos = Position.from_state(state)
        me = state.to_move % 2
        expected = brute_force(state) - (pos.points[me] - pos.points[1 - me])
        fast = Solver.for_position(pos).solve(pos)
        plain = Solver.for_position(pos, tt=False, grouping=False, bounds=False)
        assert fast.value == expected
        assert plain.value(pos) == expected
        assert fast.final_margin == brute_force(state)


@pytest.mark.parametrize("variant", PLAY_OPTIONS, ids=lambda v: f"{v.must_ruff}-"
                         f"{v.must_overtrump}-{v.undertrump}")  # fmt: skip
def test_solver_follows_every_play_option_like_the_engine(variant):
    """Brute force with the engine's own rules checks the solver (its bounds, pit and roem
    shortcuts, the inline last tricks) on endings of three tricks under every play option."""
    rng = random.Random(hash((variant.must_ruff, variant.must_overtrump, variant.undertrump)))
    for _ in range(40):
        state = play_to(variant, rng.randrange(10**6), rng.randint(20, 23), rng)
        pos = Position.from_state(state)
        me = state.to_move % 2
        expected = brute_force(state) - (pos.points[me] - pos.points[1 - me])
        assert Solver.for_position(pos).value(pos) == expected


def test_grouping_and_table_do_not_change_values_mid_deal():
    rng = random.Random(11)
    for i in range(10):
        state = play_to(PRESETS["amsterdam"], 100 + i, 15 + i % 3, rng)
        pos = Position.from_state(state)
        fast = Solver.for_position(pos).move_values(pos)
        plain = Solver.for_position(pos, tt=False, grouping=False, bounds=False).move_values(pos)
        assert fast == plain


def test_playing_the_solver_line_scores_what_it_promised():
    rng = random.Random(2)
    for i in range(4):
        state = play_to(PRESETS["rotterdam"], 50 + i, 16, rng)
        solution = solve_state(state)
        team = state.to_move % 2
        promised = solution.final_margin
        while state.phase != "match_over":
            if state.phase == "claim":
                state, _ = state.apply(CLAIM_ROEM)
                continue
            best = solve_state(state).best
            assert best, "the solver always names a card"
            state, _ = state.apply(f"play {best[0]}")
        totals = state.sheet[-1].score.totals
        assert totals[team] - totals[1 - team] == promised


def test_solution_lists_every_best_card_and_they_are_legal():
    rng = random.Random(4)
    state = play_to(PRESETS["amsterdam"], 9, 18, rng)
    sol = solve(Position.from_state(state))
    legal = {a.card for a in state.legal_actions()}
    assert set(sol.best) <= legal
    assert set(sol.values) == legal
    assert all(sol.values[c] == sol.value for c in sol.best)
    assert all(v < sol.value for c, v in sol.values.items() if c not in sol.best)


def test_sure_trump_points_follow_the_run_of_top_trumps():
    sure = sure_trump_points(1)
    jack, nine, ace, seven = 1 << 4, 1 << 2, 1 << 7, 1 << 0  # trump ranks J 9 A 7

    def split(left, team0):
        s = sure[left << 8 | team0]
        return s & 0xFFFF, s >> 16

    assert split(jack | nine, jack) == (20, 0)  # the jack is sure; the nine may fall under it
    assert split(jack | nine | ace, jack | nine) == (34, 0)  # a run of two, then the ace
    assert split(jack | nine | ace, nine) == (0, 20)
    assert split(jack | nine | ace | seven, jack | nine | ace | seven) == (45, 0)  # all trumps
    assert split(nine | seven, 0) == (0, 14)
    assert split(0, 0) == (0, 0)
    assert sure_trump_points(2)[(jack | nine) << 8 | jack] == 40  # kraak doubles


def test_the_mtd_driver_finds_the_value_from_any_first_guess():
    rng = random.Random(8)
    for i in range(6):
        state = play_to(PRESETS["amsterdam"], 300 + i, 12 + i, rng)
        pos = Position.from_state(state)
        exact = Solver.for_position(pos, tt=False, grouping=False, bounds=False)._root(
            pos, -(10**6), 10**6
        )
        for guess in (-300, -1, 0, exact, exact + 1, 250):
            assert Solver.for_position(pos).value(pos, guess) == exact


def test_one_solver_reused_over_many_positions_answers_as_fresh_ones():
    """The hard player keeps one solver (and its table) for a deal's rules over many
    sampled deals and decisions: the table key must tell every position apart (the four
    hands, the leader, the pit state), so a shared table never changes a value. Checked
    against a plain alpha-beta on four-trick endings of deals with the same trump."""
    rng = random.Random(21)
    variant = PRESETS["amsterdam"]
    shared: dict[tuple[int, int, int], Solver] = {}
    checked = 0
    for i in range(40):
        state = play_to(variant, 500 + i, 16 + i % 4, rng)
        pos = Position.from_state(state)
        key = (pos.trump, pos.chooser_team, pos.kraak_level)
        solver = shared.setdefault(key, Solver.for_position(pos))
        plain = Solver.for_position(pos, tt=False, grouping=False, bounds=False)
        done = sum(pos.tricks_won)
        # the same cards with other trick counts: only the pit (all tricks) tells them apart
        for won in ((done, 0), (0, done), (done - 1, 1), pos.tricks_won):
            twin = dataclasses.replace(pos, tricks_won=won)
            assert solver.move_values(twin) == plain.move_values(twin)
        checked += len(shared[key].tt) > 0
    assert len(shared) < 40 and checked == 40  # tables really were shared and used


def test_held_roem_bounds_the_roem_any_play_makes():
    """The bound on roem by who holds the cards (a trick's roem needs its cards from four
    hands) is never below the roem random legal play from a trick start makes, and never
    above the bound that ignores the holders."""
    rng = random.Random(34)
    presets = list(PRESETS.values())
    for i in range(300):
        variant = presets[i % len(presets)]
        state = play_to(variant, 900 + i, 4 * rng.randint(0, 7), rng)
        pos = Position.from_state(state)
        solver = Solver.for_position(pos)
        held = solver.held_roem(*pos.hands)
        rules = solver.rules
        rem = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        loose = rules.bound(rem) - rules.mask_points(rem) - rules.last
        assert held <= loose
        assert solver.bound_parts(rem) == rules.bound(rem) | loose << 16
        done = len(state.tricks)
        while not state.is_over:
            legal = state.legal_actions()
            state, _ = state.apply(CLAIM_ROEM if state.phase == "claim" else rng.choice(legal))
        assert sum(roem_of(variant, pos.trump, cards) for _, cards in state.tricks[done:]) <= held


def test_held_roem_needs_the_cards_in_different_hands():
    pos = Position.from_state(play_to(PRESETS["amsterdam"], 7, 0, random.Random(1)))
    solver = Solver.for_position(pos)
    side = (pos.trump + 1) % 4 * 8  # ranks 7 8 9 of a side suit: no points, no stuk
    seven, eight, nine = (1 << side + r for r in range(3))
    assert solver.held_roem(seven | eight | nine, 0, 0, 0) == 0
    assert solver.held_roem(seven | eight, nine, 0, 0) == 0
    assert solver.held_roem(seven, eight, nine, 0) == 20
    assert solver.held_roem(seven, eight, nine, 1 << side + 3) == 50  # and the ten: four


@pytest.mark.parametrize("variant", [PRESETS["amsterdam"], PRESETS["kraken"]])
def test_the_playout_plays_greedy_card_for_every_seat(variant):
    """`playout` inlines `greedy_card`: from whole deals and from tricks under way, and at
    a kraak's multiplier, it ends with the points, roem and tricks of greedy play card by card."""
    from klaverjas_gui.ai.fast import close_trick, greedy_card, playout

    rng = random.Random(11)
    for _ in range(300):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[8 * q : 8 * q + 8]) for q in range(4)]
        rules = Rules(variant, rng.randrange(4), rng.choice((1, 2, 4)))
        leader, choosers = rng.randrange(4), rng.randrange(2)
        trick: list[int] = []
        for _ in range(rng.randrange(12)):  # a few greedy cards first, a trick perhaps begun
            p = (leader + len(trick)) % 4
            c = greedy_card(rules, hands, p, trick, choosers)
            hands[p] ^= 1 << c
            trick.append(c)
            leader, trick = close_trick(rules, hands, leader, trick, [0] * 6)
        fast = [0] * 6
        playout(rules, list(hands), leader, list(trick), fast, choosers)
        acc = [0] * 6
        while any(hands):
            p = (leader + len(trick)) % 4
            c = greedy_card(rules, hands, p, trick, choosers)
            hands[p] ^= 1 << c
            trick.append(c)
            leader, trick = close_trick(rules, hands, leader, trick, acc)
        assert fast == acc
