"""The hard three-player player and its exact solver: the solver against a plain
minimax, the player against the solver when it knows the deal, legal cards only, and
decisions from the seat's own view (twin deals that differ only in hidden cards)."""

from __future__ import annotations

import random

import pytest

from klaverjas_gui.ai import kalabriasz_hard as hard
from klaverjas_gui.ai.kalabriasz_hard import KalabriaszHard, deal_margin, read, sample
from klaverjas_gui.ai.kalabriasz_players import make_kalabriasz_player
from klaverjas_gui.ai.kalabriasz_solver import INF, STOP_EVERY, Stopped, ThreeSolver
from klaverjas_gui.engine.cards import ALL_CARDS, POINTS, SUIT_MASKS, parse_card
from klaverjas_gui.engine.kalabriasz import KalabriaszStacked, new_kalabriasz
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS, LAST_TRICK
from klaverjas_gui.engine.play import obligation, winner_index
from klaverjas_gui.engine.roem import roem_of


def brute(variant, t, maker, hands, leader, trick, lost):
    """Plain minimax from the rules' own functions: no pruning, no table."""
    seat = (leader + len(trick)) % 3
    cards = [ALL_CARDS[c] for c in trick]
    partner = False
    if trick and seat != maker:
        partner = (leader + winner_index(t, cards)) % 3 != maker
    mask, _ = obligation(variant.play_rules, t, hands[seat], cards, partner)
    values = []
    for c in range(32):
        if not mask >> c & 1:
            continue
        h = list(hands)
        h[seat] ^= 1 << c
        played = (*trick, c)
        if len(played) < 3:
            values.append(brute(variant, t, maker, tuple(h), leader, played, lost))
            continue
        full = [ALL_CARDS[x] for x in played]
        winner = (leader + winner_index(t, full)) % 3
        tv = sum(POINTS[t][x] for x in played) + roem_of(variant.play_rules, t, full)
        last = not any(h)
        tv += LAST_TRICK if last else 0
        won = winner == maker
        if last and won and not lost:
            tv += variant.pit_bonus
        rest = 0 if last else brute(variant, t, maker, tuple(h), winner, (), lost or not won)
        values.append((tv if won else -tv) + rest)
    return max(values) if seat == maker else min(values)


def random_position(rng, n):
    cards = list(range(32))
    rng.shuffle(cards)
    leader = rng.randrange(3)
    on_table = rng.randrange(3)
    hands = [0, 0, 0]
    for k in range(3):  # the seats that already played to the trick hold one card less
        seat = (leader + k) % 3
        size = n - 1 if k < on_table else n
        hands[seat] = sum(1 << c for c in cards[:size])
        cards = cards[size:]
    trick = tuple(cards[:on_table])
    return tuple(hands), leader, trick


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_the_solver_agrees_with_plain_minimax(preset):
    variant = KALABRIASZ_PRESETS[preset]
    rng = random.Random(preset)
    checked = 0
    for _ in range(60):
        n = rng.choice((1, 2, 3))
        hands, leader, trick = random_position(rng, n)
        t, maker, lost = rng.randrange(4), rng.randrange(3), rng.random() < 0.5
        solver = ThreeSolver(variant, t, maker)
        want = brute(variant, t, maker, hands, leader, trick, lost)
        assert solver.value(hands, leader, trick, lost) == want
        checked += 1
        # narrow windows: a bound on the right side of the true value
        assert solver.value(hands, leader, trick, lost, want - 1, want + 1) == want
    assert checked == 60


def test_the_solvers_zero_window_tests_agree_with_one_full_window_search():
    """From 6 cards a hand a full-window value is found by MTD(f) (zero-window tests from a
    greedy playout's guess); it must equal one plain full-window search on a fresh solver,
    card by card (`best_cards`), mid-trick too, for every preset."""
    checked = 0
    for k, preset in enumerate(sorted(KALABRIASZ_PRESETS)):
        variant = KALABRIASZ_PRESETS[preset]
        rng = random.Random(100 + k)
        for _ in range(6):
            hands, leader, trick = random_position(rng, 6)
            t, maker, lost = rng.randrange(4), rng.randrange(3), rng.random() < 0.3
            mtd = ThreeSolver(variant, t, maker).best_cards(hands, leader, trick, lost)
            plain = ThreeSolver(variant, t, maker)
            seat = (leader + len(trick)) % 3
            for c, v in mtd.items():
                after = list(hands)
                after[seat] ^= 1 << c
                h = (after[0], after[1], after[2])
                played = (*trick, c)
                lost_ = lost or variant.pit_bonus == 0
                if len(played) == 3:
                    want = plain._close(h, leader, played, lost_, -INF, INF)
                else:
                    want = plain._card(h, leader, played, lost_, -INF, INF)
                assert v == want, (preset, hands, leader, trick, c)
                checked += 1
    assert checked > 40


def test_the_solver_counts_the_pit_bonus_only_when_the_maker_takes_every_trick():
    variant = KALABRIASZ_PRESETS["kalabriasz"]
    solver = ThreeSolver(variant, 2, 0)  # hearts; the maker holds the top trumps
    hands = (parse_card("JH").bit | parse_card("9H").bit, parse_card("7C").bit
             | parse_card("8C").bit, parse_card("7D").bit | parse_card("8D").bit)  # fmt: skip
    tricks = 20 + 14 + LAST_TRICK
    assert solver.value(hands, 0, (), lost=False) == tricks + variant.pit_bonus
    assert solver.value(hands, 0, (), lost=True) == tricks


# --- the player ---
TWIN_SEAT0 = "JH 9H AH TH KH QH AC TC AD 7S"
TWIN_TALON = "7D 8D"
TWIN_SEAT1 = "8C 9C JC QC 9D TD 8S 9S TS JS"
TWIN_SEAT2 = "7C KC JD QD KD QS KS AS 7H 8H"


def _swap(a: str, b: str, x: str, y: str) -> tuple[str, str]:
    """Hands a and b with card x (in a) and card y (in b) exchanged."""
    return a.replace(x, y), b.replace(y, x)


def _start(seat0: str, seat1: str, seat2: str, actions: tuple[str, ...]):
    s = new_kalabriasz(stacked=KalabriaszStacked(2, (seat0, seat1, seat2), TWIN_TALON))
    for a in actions:
        s, _ = s.apply(a)
    return s


def test_the_maker_decides_from_his_own_view_only():
    """Seat 0 (maker) keeps his hand and the talon; the defenders' hands differ."""
    one_1, one_2 = TWIN_SEAT1, TWIN_SEAT2
    two_1, two_2 = _swap(TWIN_SEAT1, TWIN_SEAT2, "9D", "JD")
    two_1, two_2 = _swap(two_1, two_2, "8S", "AS")
    opening = ("name H", "lay 7D", "lay 8D")
    states = [_start(TWIN_SEAT0, h1, h2, opening) for h1, h2 in ((one_1, one_2), (two_1, two_2))]
    assert states[0].hands[1] != states[1].hands[1]
    assert states[0].observation(0) == states[1].observation(0)
    # sampled from the first card on (as shipped, the first cards are normal's rules)
    picks = [KalabriaszHard(5, worlds=6, playout_cards=10).choose(s.observation(0)) for s in states]
    assert picks[0] == picks[1]


def test_a_defender_decides_from_his_own_view_only():
    """Seat 1 (a defender) keeps his hand; the maker's and the other defender's differ."""
    seat0, seat2 = _swap(TWIN_SEAT0, TWIN_SEAT2, "AC", "AS")
    opening = ("name H", "lay 7D", "lay 8D", "play AD")
    states = [_start(TWIN_SEAT0, TWIN_SEAT1, TWIN_SEAT2, opening),
              _start(seat0, TWIN_SEAT1, seat2, opening)]  # fmt: skip
    assert states[0].hands[0] != states[1].hands[0]
    obs = [s.observation(1) for s in states]
    assert obs[0] == obs[1] and len(obs[0].legal) == 2
    values = [KalabriaszHard(5, worlds=6, playout_cards=10).card_values(o) for o in obs]
    assert values[0] == values[1]


def test_sampled_deals_fit_what_the_seat_saw():
    """Every sampled deal keeps the seat's own hand, gives each seat as many cards as it
    holds, the maker's laid-away pair two cards, and no card of a suit a seat showed void."""
    rng = random.Random(3)
    for seed in range(12):
        s = new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], seed)
        players = [make_kalabriasz_player("normal", seed * 3 + k) for k in range(3)]
        while s.deal_no == 1 and not s.is_over:
            if s.phase == "play" and len(s.tricks) >= 3:
                break
            s, _ = s.apply(players[s.to_move].choose(s.observation(s.to_move)))
        if s.phase != "play":
            continue
        for seat in range(3):
            seen = read(s.observation(seat))
            for _ in range(20):
                world = sample(seen, rng)
                if world is None:
                    continue
                hands, away = world
                assert hands[seat] == s.hands[seat]
                assert [h.bit_count() for h in hands] == [x.bit_count() for x in s.hands]
                assert away.bit_count() == 2 and not away & (hands[0] | hands[1] | hands[2])
                if seat == s.maker:
                    assert away == sum(c.bit for c in s.laid_away)
                for k in range(3):
                    for suit in range(4):
                        if seen.void[k] >> suit & 1:
                            assert not hands[k] & SUIT_MASKS[suit]


def _ending(seed: int):
    """A deal played by the normal player until each hand holds three cards."""
    s = new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], seed)
    players = [make_kalabriasz_player("normal", seed * 3 + k) for k in range(3)]
    while not (s.phase == "play" and len(s.tricks) == 7) and s.deal_no == 1:
        s, _ = s.apply(players[s.to_move].choose(s.observation(s.to_move)))
    return s if s.deal_no == 1 else None


def test_knowing_the_deal_the_hard_player_plays_the_solvers_best_card(monkeypatch):
    """Given the true hidden cards as its only sample, hard's card has the best deal score
    the exact solver finds for any card (several cards may share it)."""
    compared = 0
    for seed in range(40):
        s = _ending(seed)
        if s is None:
            continue
        while s.phase == "play" and len(s.legal_actions()) < 2:
            s, _ = s.apply(s.legal_actions()[0])
        if s.phase != "play":
            continue
        seat = s.to_move
        truth = (s.hands, sum(c.bit for c in s.laid_away))
        monkeypatch.setattr(hard, "sample", lambda seen, rng, truth=truth: truth)
        player = KalabriaszHard(1, worlds=1)
        obs = s.observation(seat)
        values = player.card_values(obs)
        pick = player.choose(obs).card.index
        solver = ThreeSolver(s.variant, s.trump, s.maker)
        t = s.trump
        lost = any((lead + winner_index(t, cards)) % 3 != s.maker for lead, cards in s.tricks)
        trick = tuple(c.index for c in s.trick)
        exact = {}
        for c, diff in solver.best_cards(s.hands, s.leader, trick, lost).items():
            exact[c] = diff
        assert set(exact) == set(values)
        best = max(exact.values()) if seat == s.maker else min(exact.values())
        # the card hard chose scores as well as the solver's best card (cards on the same
        # side of the contract may share a margin)
        assert values[pick] == pytest.approx(_margin(s, seat, best))
        compared += 1
    assert compared >= 10


def _margin(s, seat, diff):
    t = s.trump
    pts = POINTS[t]
    seen = read(s.observation(seat))
    away = sum(pts[c.index] for c in s.laid_away)
    rest = sum(pts[c] for c in range(32) if (s.hands[0] | s.hands[1] | s.hands[2]) >> c & 1)
    rest += sum(pts[c.index] for c in s.trick) + LAST_TRICK
    total = seen.known[0] + seen.known[1] + away + rest
    m = deal_margin(seen.known[0] + away + (rest + diff) / 2, total)
    return m if seat == s.maker else -m


@pytest.mark.parametrize("preset", sorted(KALABRIASZ_PRESETS))
def test_hard_plays_only_legal_cards(preset):
    for seed in range(3):
        state = new_kalabriasz(KALABRIASZ_PRESETS[preset], seed)
        # every path: sampled bids, playouts from the first card, the exact endgame
        players = [KalabriaszHard(seed * 3 + k, worlds=2, playout_cards=10, sampled_bids=k == 0)
                   for k in range(3)]  # fmt: skip
        while state.deal_no <= 2 and not state.is_over:
            action = players[state.to_move].choose(state.observation(state.to_move))
            assert action in state.legal_actions(), (preset, seed, action)
            state, _ = state.apply(action)


def test_hard_is_a_level():
    assert make_kalabriasz_player("hard", 1).name == "hard"


# --- bidding and laying away judged by deals played out with normal's rules ---
ALL = " ".join(str(c) for c in ALL_CARDS)  # the pack in index order


def _deal(cards: str, talon: str, seat: int = 0):
    """A first deal with seat 0 as first hand (seat 2 deals) and `cards` in `seat`; the
    other cards go to the other two seats in the order of the pack."""
    rest = [c for c in ALL.split() if c not in f"{cards} {talon}".split()]
    hands = [" ".join(rest[:10]), " ".join(rest[10:])]
    hands.insert(seat, cards)
    return new_kalabriasz(stacked=KalabriaszStacked(2, (hands[0], hands[1], hands[2]), talon))


def test_hard_names_the_trump_of_a_hand_that_cannot_fail():
    state = _deal("JH 9H AH TH KH QH AC AD AS TS", "7C 8C")
    obs = state.observation(0)
    player = KalabriaszHard(3, worlds=30)
    values = {str(a): v for a, v in player.bid_values(obs).items()}
    assert values["name H"] > values["pass"] + 60
    assert values["name H"] == max(values.values())
    assert str(player.choose(obs)) == "name H"


def test_hard_passes_last_with_a_hand_that_cannot_make_it():
    """After two passes, passing scores nothing and naming with this hand fails."""
    state = _deal("7C 8C 9C 7D 8D 9D 7S 8S 7H 8H", "AC AD", seat=2)
    for action in ("pass", "pass"):
        state, _ = state.apply(action)
    obs = state.observation(2)
    assert obs.seat == 2 and "7C" in map(str, obs.hand)
    values = {str(a): v for a, v in KalabriaszHard(3, worlds=30).bid_values(obs).items()}
    assert values["pass"] == 0.0  # nobody named: the deal scores nothing
    assert len(values) == 5 and all(v < -30 for a, v in values.items() if a != "pass")
    assert str(KalabriaszHard(3, worlds=30).choose(obs)) == "pass"


def test_the_maker_lays_away_his_lone_ten_and_keeps_his_trumps():
    """Every card is a candidate: an ace laid away banks its 11 points, which this
    hand (it takes nearly every trick) may do as well as keeping it."""
    state = _deal("JH 9H AH KH QH AC TC KC AD TD", "KD TS")
    state, _ = state.apply("name H")
    player = KalabriaszHard(3, worlds=30)
    laid = []
    for _ in range(2):
        action = player.choose(state.observation(0))
        laid.append(str(action.card))
        state, _ = state.apply(action)
    assert "TS" in laid
    assert not {"JH", "9H", "AH", "KH", "QH"} & set(laid)
    assert state.phase == "play"


def test_the_early_cards_are_judged_from_the_seats_own_view_only():
    """A defender's first card: the maker's and the other defender's hands differ."""
    seat0, seat2 = _swap(TWIN_SEAT0, TWIN_SEAT2, "AC", "AS")
    opening = ("name H", "lay 7D", "lay 8D", "play AD")
    states = [_start(TWIN_SEAT0, TWIN_SEAT1, TWIN_SEAT2, opening),
              _start(seat0, TWIN_SEAT1, seat2, opening)]  # fmt: skip
    obs = [s.observation(1) for s in states]
    assert obs[0] == obs[1] and len(obs[0].hand) == 10
    values = [KalabriaszHard(5, worlds=6).rollout_values(o) for o in obs]
    assert values[0] == values[1]
    assert set(values[0]) == {a.card.index for a in obs[0].legal}


def test_a_rollout_values_the_cards_of_the_true_deal_when_the_deal_is_known(monkeypatch):
    """With the hidden cards known, each card's value is the deal played out by normal's
    rules after it: the maker's master trump first (normal's card) is not worth less."""
    state = _deal("JH 9H AH TH KH QH AC AD AS TS", "7C 8C")
    state, _ = state.apply("name H")
    for _ in range(2):
        state, _ = state.apply(KalabriaszHard(3, worlds=10).choose(state.observation(0)))
    obs = state.observation(0)
    truth = (state.hands, sum(c.bit for c in state.laid_away))
    player = KalabriaszHard(3, worlds=3)
    monkeypatch.setattr(player, "_world", lambda seen: truth)
    values = player.rollout_values(obs)
    normal = make_kalabriasz_player("normal", 1).choose(obs)
    assert values[normal.card.index] == max(values.values()) > 0


def test_a_fresh_player_lays_the_second_card_away():
    """A game loaded between the two cards laid away: the player has no plan, and the card
    laid first is known to it, not a hidden one."""
    state = _deal("JH 9H AH KH QH AC TC KC AD TD", "KD TS")
    for action in ("name H", "lay KD"):
        state, _ = state.apply(action)
    obs = state.observation(0)
    action = KalabriaszHard(3, worlds=5).choose(obs)
    assert action in obs.legal and action.kind == "lay"


# --- the deadline: no decision works past it (a machine where only work takes time) ---
class SlowMachine:
    """`time` for kalabriasz_hard on a machine where the clock moves only with work: each
    deal played out by normal's rules takes `playout_s` seconds, each node of the exact
    solver `node_s`. No wall clock: the same work gives the same times anywhere."""

    def __init__(self, monkeypatch, playout_s: float, node_s: float) -> None:
        self.playout_s, self.node_s = playout_s, node_s
        self.playouts = 0
        self.solvers: list[ThreeSolver] = []
        real_table, real_solver = hard.table, hard.ThreeSolver
        machine = self

        class Counted:
            def __init__(self, tab) -> None:
                self.tab = tab

            def playout(self, *args):
                machine.playouts += 1
                return self.tab.playout(*args)

        def solver(*args):
            self.solvers.append(real_solver(*args))
            return self.solvers[-1]

        monkeypatch.setattr(hard, "time", self)
        monkeypatch.setattr(hard, "table", lambda variant, t: Counted(real_table(variant, t)))
        monkeypatch.setattr(hard, "ThreeSolver", solver)

    def perf_counter(self) -> float:
        nodes = sum(s.nodes for s in self.solvers)
        return self.playouts * self.playout_s + nodes * self.node_s


def _slow_position(kind: str):
    """A bid, a card to lay away, a lead with ten cards (normal's playouts) and a card with
    five in hand (solved exactly) whose one sampled deal is a lot of work."""
    if kind == "exact":  # the largest first solve of 30 seeded deals played by normal
        s = new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], 17)
        players = [make_kalabriasz_player("normal", 17 * 3 + k) for k in range(3)]
        for _ in range(18):
            s, _ = s.apply(players[s.to_move].choose(s.observation(s.to_move)))
        return s.observation(s.to_move)
    state = _deal("JH 9H AH TH KH QH AC AD AS TS", "7C 8C")
    if kind != "bid":
        state, _ = state.apply("name H")
    if kind == "lead":
        normal = make_kalabriasz_player("normal", 1)
        for _ in range(2):
            state, _ = state.apply(normal.choose(state.observation(0)))
    return state.observation(state.to_move)


SLOW = {"bid": (0.25, 0.0), "lay": (0.1, 0.0), "lead": (0.1, 0.0), "exact": (0.0, 2.5e-4)}


def _unit(playout_s: float, node_s: float) -> float:
    """The most work between two looks at the clock: one playout, or the solver's
    `STOP_EVERY` nodes."""
    return max(playout_s, STOP_EVERY * node_s)


@pytest.mark.parametrize("kind", sorted(SLOW))
def test_a_decision_whose_first_deal_outlasts_the_deadline_stops_and_answers_as_normal(
    monkeypatch, kind
):
    """One sampled deal is more work than the deadline allows (checked first, with no
    deadline): the decision stops within one unit of work after it, no deal counted, and
    answers as normal would. Before, the first deal was always played to its end."""
    obs = _slow_position(kind)
    assert len(obs.legal) > 1, kind
    playout_s, node_s = SLOW[kind]
    unit = _unit(playout_s, node_s)
    free = SlowMachine(monkeypatch, playout_s, node_s)
    KalabriaszHard(1, worlds=1, cap_ms=float("inf")).choose(obs)
    assert free.perf_counter() > hard.CAP_MS / 1000 + unit  # the deal alone runs long
    machine = SlowMachine(monkeypatch, playout_s, node_s)
    player = KalabriaszHard(1)
    action = player.choose(obs)
    assert machine.perf_counter() <= hard.CAP_MS / 1000 + unit
    assert player.sampled == 0
    assert action == make_kalabriasz_player("normal", 1).choose(obs)


@pytest.mark.parametrize("kind", sorted(SLOW))
def test_a_long_thinker_stops_at_the_deadline_with_the_deals_done_so_far(monkeypatch, kind):
    """A player that would think 10 s, on a machine where a deal is a tenth or less of
    the deadline: it stops by the deadline (within one unit of work past it), and
    values every option on the deals it finished (a deal cut halfway counts for none)."""
    obs = _slow_position(kind)
    playout_s, node_s = SLOW[kind]
    playout_s, node_s = playout_s / 20, node_s / 20
    machine = SlowMachine(monkeypatch, playout_s, node_s)
    player = KalabriaszHard(1, think_ms=10_000, bid_think_ms=10_000)
    monkeypatch.setattr(hard, "LAY_THINK_MS", 10_000.0)
    monkeypatch.setattr(hard, "MAX_WORLDS", 10_000)
    monkeypatch.setattr(hard, "BID_WORLDS", 10_000)
    monkeypatch.setattr(hard, "LAY_WORLDS", 10_000)
    values = player.options(obs)
    spent = machine.perf_counter()
    assert spent <= hard.CAP_MS / 1000 + _unit(playout_s, node_s)
    assert values is not None and set(values) == set(obs.legal)
    assert player.sampled >= 3


def test_a_stopped_solve_leaves_the_solvers_table_right():
    """The solver asked to stop ends with `Stopped` within `STOP_EVERY` nodes of the ask;
    what it keeps gives the same values as a fresh solver."""
    obs = _slow_position("exact")
    seen = read(obs)
    world = sample(seen, random.Random(2))
    while world is None:
        world = sample(seen, random.Random(3))
    hands, _ = world
    trick = tuple(c.index for c in obs.trick)
    fresh = ThreeSolver(obs.variant, seen.trump, seen.maker)
    want = fresh.best_cards(hands, obs.leader, trick, seen.lost)
    assert fresh.nodes > 3 * STOP_EVERY
    solver = ThreeSolver(obs.variant, seen.trump, seen.maker)
    looks = []
    solver.stop = lambda: looks.append(solver.nodes) or len(looks) >= 3
    with pytest.raises(Stopped):
        solver.best_cards(hands, obs.leader, trick, seen.lost)
    assert solver.nodes == 3 * STOP_EVERY
    solver.stop = None
    assert solver.best_cards(hands, obs.leader, trick, seen.lost) == want


def test_values_for_a_seat_not_to_move_are_refused_not_searched_for_ever():
    """A seat that waits while the maker lays two cards away has no legal action; asked
    for its values, the hard player sampled deals for it without end (no deal fits). It
    refuses with NotToMove now, in every phase."""
    from klaverjas_gui.ai.base import NotToMove

    state = new_kalabriasz(seed=2)
    rng = random.Random(1)
    phases = set()
    while not state.sheet:
        for seat in {0, 1, 2} - {state.to_move}:
            with pytest.raises(NotToMove):
                hard.evaluate(state.observation(seat), 1, 4)
        phases.add(state.phase)
        state, _ = state.apply(rng.choice(state.legal_actions()))
    assert {"bidding", "talon", "play"} <= phases
