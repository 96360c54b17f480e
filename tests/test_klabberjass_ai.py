"""Klabberjass computer players: legal play at every level, fair play (hidden cards stay
hidden), the fast rules agree with the engine, and the duplicate arena."""

from __future__ import annotations

import random

import pytest

from klaverjas_gui.ai import klabberjass_arena as arena
from klaverjas_gui.ai.klabberjass_fast import TwoRules, TwoSolver, bits, playout
from klaverjas_gui.ai.klabberjass_hard import HardKlabberjassPlayer
from klaverjas_gui.ai.klabberjass_knowledge import KlabberjassKnowledge
from klaverjas_gui.ai.klabberjass_players import KLABBERJASS_LEVELS, make_klabberjass_player
from klaverjas_gui.engine import ALL_CARDS, KLABBERJASS_PRESETS, new_klabberjass
from klaverjas_gui.engine.cards import QUEEN
from klaverjas_gui.engine.klabberjass import DECLARE_CALL, PASS, TAKE, KlabberjassStacked
from klaverjas_gui.engine.klabberjass_rules import FOUR, KlabberjassVariant
from klaverjas_gui.engine.match import DealScored, Redealt
from klaverjas_gui.engine.play import klabberjass_obligation


def _fast(level: str, seed: int):
    """Players quick enough for many deals: hard with a fixed, small number of worlds."""
    if level == "hard":
        return HardKlabberjassPlayer(seed, worlds=4)
    return make_klabberjass_player(level, seed)


BELOTE = KlabberjassVariant(declarations="belote")
VARIANTS = {**KLABBERJASS_PRESETS, "belote": BELOTE}


@pytest.mark.parametrize("preset", sorted(VARIANTS))
@pytest.mark.parametrize("level", KLABBERJASS_LEVELS)
def test_every_level_plays_only_legal_actions(level, preset):
    deals = 8 if level == "hard" else 25
    for seed in range(deals):
        state = new_klabberjass(VARIANTS[preset], seed)
        players = [_fast(level, seed * 2), _fast(level, seed * 2 + 1)]
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            action = players[state.to_move].choose(obs)
            assert action in state.legal_actions(), (level, preset, seed, action)
            state, _ = state.apply(action)


def _twins() -> list[KlabberjassStacked]:
    """Two first deals that seat 0 (the dealer) cannot tell apart: the same hand, turned
    card and stock cards for seat 0; the opponent's hand and the rest of the stock differ
    (both opponents hold the AS, which they lead)."""
    mine, turned, my_stock, lead = "JH 9H AC TC 8D 7S", "QH", "KS QS 8C", "AS"
    used = f"{mine} {turned} {my_stock} {lead}".split()
    rest = [str(c) for c in ALL_CARDS if str(c) not in used]
    twins = []
    for opp, theirs in ((rest[:5], rest[5:8]), (rest[-5:], rest[:3])):
        stock = " ".join(theirs) + " " + my_stock
        twins.append(KlabberjassStacked(0, (mine, " ".join([lead, *opp])), turned, stock))
    return twins


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_do_not_depend_on_hidden_cards(level):
    variant = KLABBERJASS_PRESETS["klabberjass"]
    states = [new_klabberjass(variant, 5, t) for t in _twins()]
    assert states[0].hand(1) != states[1].hand(1)

    def both(action: str) -> None:
        for i, s in enumerate(states):
            states[i], _ = s.apply(action)

    def same_choice() -> None:
        obs = [s.observation(0) for s in states]
        assert obs[0] == obs[1]
        players = [_fast(level, 3), _fast(level, 3)]
        assert players[0].choose(obs[0]) == players[1].choose(obs[1])

    both("pass")  # the non-dealer (seat 1) passes: seat 0 bids
    same_choice()
    for action in ("take", "pass", "pass", "pass", "pass", "play AS"):
        both(action)
    assert states[0].phase == "play" and states[0].to_move == 0
    same_choice()


def test_knowledge_finds_voids_and_keeps_samples_consistent():
    variant = KLABBERJASS_PRESETS["klabberjass"]
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        state = new_klabberjass(variant, seed)
        while state.deal_no == 1 and not state.is_over:
            if state.phase == "play":
                seat = state.to_move
                know = KlabberjassKnowledge.from_observation(state.observation(seat))
                truth = state.hands[1 - seat]
                assert truth & ~know.allowed == 0  # the real hand is always possible
                assert know.known & ~truth == 0
                sample = know.sample(rng)
                assert sample.bit_count() == truth.bit_count() and sample & know.hand == 0
                checked += 1
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert checked > 500


def test_fast_rules_agree_with_the_engine():
    rng = random.Random(7)
    for _ in range(4000):
        cards = list(range(32))
        rng.shuffle(cards)
        t = rng.randrange(4)
        hand = sum(1 << c for c in cards[: rng.randint(1, 9)])
        led = cards[20]
        r = TwoRules(t)
        engine, _ = klabberjass_obligation(t, hand, (ALL_CARDS[led],))
        assert r.legal(hand, led) == engine
        assert r.legal(hand, -1) == hand
        second = cards[21]
        from klaverjas_gui.engine import trick_winner

        won = trick_winner("CDHS"[t], [ALL_CARDS[led], ALL_CARDS[second]]) == 1
        assert r.beats(led, second) == won


def test_solver_is_exact_on_small_endings():
    """The exact solver against a plain minimax on random three-card endings."""
    rng = random.Random(2)

    def minimax(r, h, leader, led):
        if led < 0:
            if not h[0]:
                return 0
            vals = []
            for c in bits(h[leader]):
                h2 = list(h)
                h2[leader] ^= 1 << c
                vals.append(minimax(r, h2, leader, c))
            return max(vals) if leader == 0 else min(vals)
        f = 1 - leader
        vals = []
        for c in bits(r.legal(h[f], led)):
            h2 = list(h)
            h2[f] ^= 1 << c
            won = f if r.beats(led, c) else leader
            v = r.points[led] + r.points[c] + (10 if not h2[0] and not h2[1] else 0)
            vals.append((v if won == 0 else -v) + minimax(r, h2, won, -1))
        return max(vals) if f == 0 else min(vals)

    for _ in range(150):
        cards = list(range(32))
        rng.shuffle(cards)
        t, n = rng.randrange(4), rng.randint(1, 4)
        h = [sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n : 2 * n])]
        leader = rng.randrange(2)
        r = TwoRules(t)
        assert TwoSolver(t).value(h[0], h[1], leader) == minimax(r, h, leader, -1)
        margin = playout(r, h, leader, -1, rng)
        total = sum(r.points[c] for c in bits(h[0] | h[1])) + 10
        assert abs(margin) <= total and (margin + total) % 2 == 0


def test_an_arena_pair_plays_the_same_deal_with_the_seats_swapped():
    variant = KLABBERJASS_PRESETS["klabberjass"]
    pair = arena.play_pair((3, "easy", "random", variant, 9, None))
    first, second = pair.runs
    assert (first.a_seat, second.a_seat) == (0, 1)
    assert first.dealt == second.dealt and first.dealer == second.dealer
    assert first.turned == second.turned
    again = new_klabberjass(variant, arena.pair_seed(9, 3))
    assert (again.hands[0], again.hands[1]) == first.dealt[0] and again.dealer == first.dealer
    other = new_klabberjass(variant, arena.pair_seed(9, 4))
    assert (other.hands[0], other.hands[1]) != first.dealt[0]
    # each run stopped at its first scored deal, or where the deal was voided (here the
    # second run: a schmeiss accepted on the second attempt, which the first run played;
    # under the old arena it went on to other cards)
    assert [run.voided for run in pair.runs] == [False, True]
    for run in pair.runs:
        state = new_klabberjass(variant, arena.pair_seed(9, 3))
        scored = 0
        for a in run.actions:
            state, events = state.apply(a)
            scored += sum(isinstance(e, DealScored) for e in events)
        assert scored == (0 if run.voided else 1) and len(state.sheet) == scored


def test_arena_pairs_see_the_same_cards_when_a_deal_is_voided():
    variant = KLABBERJASS_PRESETS["klabberjass"]
    one = arena.play_pair((0, "easy", "random", variant, 1, None))  # found by search
    voided = [run.voided for run in one.runs]
    assert sorted(voided) == [False, True]
    assert one.runs[0].dealt == one.runs[1].dealt and len(one.runs[0].dealt) == 1
    assert one.runs[voided.index(True)].margin == 0
    both = arena.play_pair((13, "easy", "random", variant, 1, None))  # voided in both games
    first, second = both.runs
    assert len(first.dealt) == 2 and first.dealt == second.dealt
    assert first.dealt[0] != first.dealt[1] and not first.voided and not second.voided
    for run in both.runs:  # the engine, replayed, dealt exactly those hands
        state = new_klabberjass(variant, arena.pair_seed(1, 13))
        dealt = [(state.hands[0], state.hands[1])]
        for a in run.actions:
            state, events = state.apply(a)
            if any(isinstance(e, Redealt) for e in events):
                dealt.append((state.hands[0], state.hands[1]))
        assert tuple(dealt) == run.dealt


def test_arena_runs_and_prints_its_table(capsys):
    assert arena.main(["--a", "normal", "--b", "easy", "--pairs", "3", "--variant", "clob",
                       "--seed", "2", "--jobs", "2"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "A minus B per deal" in out and "standard error" in out
    assert "nat rate A (normal)" in out and "nat rate B (easy)" in out
    assert "p50 ms" in out and "p95 ms" in out and "\nnormal " in out


@pytest.mark.parametrize(
    "argv",
    [["--a", "expert"], ["--variant", "belote"], ["--pairs", "0"], ["--jobs", "x"], ["--bogus"],
     ["--think-ms", "-5"]],
)  # fmt: skip
def test_arena_bad_arguments_give_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        arena.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("klabberjass_arena: ")


def test_easy_is_a_cautious_bidder_and_the_careful_rules_are_not():
    """Easy makes trump only with a clearly strong hand (a beginner's caution that widens
    the ladder); the careful rules, which normal bids by, take a good playable hand."""
    from klaverjas_gui.ai.klabberjass_heuristic import TAKE_AT, bid_choice, trump_value
    from klaverjas_gui.engine.cards import parse_cards
    from klaverjas_gui.engine.klabberjass import SCHMEISS_CALL
    from klaverjas_gui.engine.match import PASS, TAKE

    legal = (TAKE, PASS, SCHMEISS_CALL)
    turned = parse_cards("KH")[0]
    playable = parse_cards("JH 9H AS 8C 7D 8D")  # jack and nine of trump, a side ace
    strong = parse_cards("JH 9H AH AS TS 7D")
    assert TAKE_AT + 0.3 < trump_value(playable, turned.suit_index) < TAKE_AT + 1.5
    assert bid_choice(playable, turned, 1, legal, False, careful=True) == TAKE
    assert bid_choice(playable, turned, 1, legal, False, careful=False) == PASS
    assert bid_choice(strong, turned, 1, legal, False, careful=False) == TAKE


def test_easy_slips_like_a_beginner_but_only_with_cards_it_may_play(monkeypatch):
    """Easy makes about `EASY_SLIPS` of its card decisions by a beginner's rule (seeded, so
    a game repeats): some of those cards differ from what the table rules play, none of
    them is a card it may not play, and the careful players never slip."""
    from klaverjas_gui.ai import klabberjass_heuristic as rules

    slipped: list[int] = []
    real = rules.beginner_card

    def spy(r, legal, rng):
        slipped.append(card := real(r, legal, rng))
        assert legal >> card & 1  # one of the cards it may play
        return card

    monkeypatch.setattr(rules, "beginner_card", spy)
    variant = KLABBERJASS_PRESETS["klabberjass"]
    decisions = differ = 0
    for seed in range(60):
        state = new_klabberjass(variant, seed)
        easy = [make_klabberjass_player("easy", seed * 2 + s) for s in (0, 1)]
        twin = [make_klabberjass_player("easy", seed * 2 + s) for s in (0, 1)]
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            action = easy[state.to_move].choose(obs)
            assert action in state.legal_actions()
            assert twin[state.to_move].choose(obs) == action  # the same seed slips alike
            if obs.phase == "play" and len(obs.legal) > 1:
                decisions += 1
                differ += action != rules.KlabberjassHeuristic(0, counting=False).choose(obs)
            state, _ = state.apply(action)
    slips = len(slipped) // 2  # the twin slipped alike
    share = slips / decisions
    spread = 4 * (rules.EASY_SLIPS * (1 - rules.EASY_SLIPS) / decisions) ** 0.5
    assert decisions > 700 and abs(share - rules.EASY_SLIPS) < spread, (share, decisions)
    assert 0.3 * slips < differ <= slips  # a slip often plays the careful card anyway
    slipped.clear()
    for level in ("normal", "hard"):  # the careful rules behind the stronger levels
        state = new_klabberjass(variant, 3)
        players = [_fast(level, 3), _fast(level, 4)]
        while state.deal_no == 1 and not state.is_over:
            state, _ = state.apply(players[state.to_move].choose(state.observation(state.to_move)))
    assert not slipped


def test_normal_bids_by_the_careful_rules_and_searches_its_cards():
    """Normal's bidding is the careful rules'; its cards come from a fixed number of
    sampled deals, so a seeded normal player repeats its choices."""
    from klaverjas_gui.ai.klabberjass_heuristic import KlabberjassHeuristic
    from klaverjas_gui.ai.klabberjass_normal import NormalKlabberjassPlayer

    variant = KLABBERJASS_PRESETS["klabberjass"]
    bids = plays = 0
    for seed in range(6):
        state = new_klabberjass(variant, seed)
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            action = NormalKlabberjassPlayer(seed).choose(obs)
            assert action == NormalKlabberjassPlayer(seed).choose(obs)
            if obs.phase == "bidding":
                assert action == KlabberjassHeuristic(seed, counting=True).choose(obs)
                bids += 1
            plays += obs.phase == "play" and len(obs.legal) > 1
            state, _ = state.apply(action)
    assert bids and plays


def test_the_fast_solver_values_every_position_as_the_reference_solver():
    """FastTwoSolver (hard's exact search) against TwoSolver, the readable reference, on
    random positions up to seven cards a hand: trick starts and answers to a led card,
    one solver reused over many positions as hard reuses it over sampled deals (a table
    key that left out part of the position would fail here)."""
    from klaverjas_gui.ai.klabberjass_fast import INF
    from klaverjas_gui.ai.klabberjass_solver import FastTwoSolver

    rng = random.Random(5)
    fast = {t: FastTwoSolver(t) for t in range(4)}
    for _ in range(120):
        cards = list(range(32))
        rng.shuffle(cards)
        t, n = rng.randrange(4), rng.randint(1, 7)
        h = [sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n : 2 * n])]
        leader = rng.randrange(2)
        ref = TwoSolver(t)
        assert fast[t].value(h[0], h[1], leader) == ref.value(h[0], h[1], leader)
        led = rng.choice(bits(h[leader]))
        want = ref.reply(h[0], h[1], leader, led, -INF, INF)
        assert fast[t].reply(h[0], h[1], leader, led, -INF, INF) == want
        # a narrow window still answers on the right side of it
        lo = want - rng.randint(0, 20)
        got = FastTwoSolver(t).reply(h[0], h[1], leader, led, lo, lo + 1)
        assert (got > lo) == (want > lo)


def test_a_playout_solved_from_the_tail_is_exact_there_and_a_playout_before():
    """`playout_then_solve` is the exact value when the hands are already small enough,
    and the greedy playout with tail 0 (the same random choices)."""
    from klaverjas_gui.ai.klabberjass_solver import FastTwoSolver, playout_then_solve

    rng = random.Random(8)
    for _ in range(60):
        cards = list(range(32))
        rng.shuffle(cards)
        t, n = rng.randrange(4), rng.randint(1, 9)
        h = [sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n : 2 * n])]
        leader = rng.randrange(2)
        solver = FastTwoSolver(t)
        exact = playout_then_solve(solver, h, leader, -1, n, random.Random(1))
        assert exact == TwoSolver(t).value(h[0], h[1], leader)
        greedy = playout(TwoRules(t), h, leader, -1, random.Random(3))
        assert playout_then_solve(solver, h, leader, -1, 0, random.Random(3)) == greedy
        mixed = playout_then_solve(solver, h, leader, -1, max(1, n - 3), random.Random(4))
        total = sum(TwoRules(t).points[c] for c in bits(h[0] | h[1])) + 10
        assert abs(mixed) <= total and (mixed + total) % 2 == 0


def test_hard_reads_a_pass_as_a_weak_hand_when_it_samples_the_bidding():
    """After the opponent passed the turned suit, hard's sampled hands for him are hands
    the careful rules would have passed too; with no pass yet there is nothing to read."""
    from klaverjas_gui.ai.klabberjass_hard import bidding_fits
    from klaverjas_gui.ai.klabberjass_heuristic import TAKE_AT, trump_value

    variant = KLABBERJASS_PRESETS["klabberjass"]
    checked = 0
    for seed in range(40):
        state = new_klabberjass(variant, seed)
        first = state.observation(state.to_move)
        assert bidding_fits(first) is None
        state, _ = state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
        if state.phase != "bidding":
            continue
        obs = state.observation(state.to_move)  # the dealer, after the non-dealer passed
        fits = bidding_fits(obs)
        assert fits is not None
        know = KlabberjassKnowledge.from_observation(obs)
        suit, rng = obs.proposed.suit_index, random.Random(seed)
        values = []
        for _ in range(30):
            hand = know.sample(rng, fits)
            cards = [ALL_CARDS[i] for i in bits(hand)]
            values.append(trump_value(cards, suit, obs.proposed))
            assert hand & know.allowed == hand and hand.bit_count() == 6
        # the rejection sampler keeps a misfit only after 20 tries (without `fits`, 1 to 6
        # of these 30 would misfit in most of these deals)
        assert all(v < TAKE_AT + 0.3 for v in values)
        checked += 1
    assert checked >= 30


def test_hard_reads_the_passes_in_the_play_after_the_bidding():
    """The opponent passed both rounds (and I named spades): in the play, a hand for him
    strong in hearts or clubs does not fit (any six of its cards would have made trump),
    a weak one does. Normal does not read the bidding."""
    from klaverjas_gui.ai.klabberjass_hard import bidding_fits
    from klaverjas_gui.ai.klabberjass_normal import NormalKlabberjassPlayer
    from klaverjas_gui.engine.cards import parse_cards

    stacked = KlabberjassStacked(1, ("7C 8C 9C 7D 8D 9D", "JS 9S AS TS AC QD"), "KH",
                                 "QC KC TC KD JD 8S")  # fmt: skip
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 0, stacked)
    for _ in range(3):
        state, _ = state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
    name = next(a for a in state.legal_actions() if a.kind == "name" and a.suit.index == 3)
    state, _ = state.apply(name)
    while state.phase != "play":
        state, _ = state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
    obs = state.observation(1)
    fits = bidding_fits(obs, random.Random(1))
    assert fits is not None

    def mask(text: str) -> int:
        return sum(c.bit for c in parse_cards(text))

    strong = mask("JH 9H AH TH QH 8H 7H AD TD")
    weak = mask("7C 8C 7D 8D 7H 8H QC 9D KC")
    assert not any(fits(strong) for _ in range(50))
    assert all(fits(weak) for _ in range(50))
    assert not NormalKlabberjassPlayer(1).search.infer


def test_hard_reads_a_ten_given_away_as_no_cheap_card_to_play():
    """The opponent answered my ace of hearts with his ten: he held no cheaper heart (a
    player throws his cheapest card on a lost trick), so hard's sampled hands for him
    hold no low heart; before the gift nothing is ruled out."""
    from klaverjas_gui.ai.klabberjass_hard import gifts_ruled_out
    from klaverjas_gui.engine.cards import parse_cards

    def mask(text: str) -> int:
        return sum(c.bit for c in parse_cards(text))

    stacked = KlabberjassStacked(1, ("AH 7C 8C 7D 8D 9D", "TH JS 9S AS AC QD"), "KS",
                                 "QC KC TC KD JD 8S")  # fmt: skip
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 0, stacked)
    state, _ = state.apply(next(a for a in state.legal_actions() if a.kind == "take"))
    while state.phase != "play":
        state, _ = state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
    assert gifts_ruled_out(state.observation(0)) == 0
    for card in ("AH", "TH"):
        state, _ = state.apply(next(a for a in state.legal_actions() if str(a.card) == card))
    obs = state.observation(0)
    low_hearts = mask("7H 8H 9H JH QH KH")
    assert gifts_ruled_out(obs) == low_hearts  # trumps would not have been legal: no gift
    seen: list[int] = []
    real = KlabberjassKnowledge.sample

    def spy(self, rng, fits=None):  # type: ignore[no-untyped-def]
        hand = real(self, rng, fits)
        seen.append(hand)
        return hand

    KlabberjassKnowledge.sample = spy  # type: ignore[method-assign]
    try:
        HardKlabberjassPlayer(1, worlds=30, read_play=True).card_values(obs, 0.0)
        assert len(seen) == 30 and not any(h & low_hearts for h in seen)
        seen.clear()
        HardKlabberjassPlayer(1, worlds=30, read_play=False).card_values(obs, 0.0)
        assert any(h & low_hearts for h in seen)  # without the reading most hands hold one
    finally:
        KlabberjassKnowledge.sample = real  # type: ignore[method-assign]


def _card_decision(cards: int):
    """A real card decision with `cards` in hand and a choice, from a seeded easy game."""
    for seed in range(50):
        state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], seed)
        players = [make_klabberjass_player("easy", seed), make_klabberjass_player("easy", 1)]
        while state.deal_no == 1 and not state.is_over:
            obs = state.observation(state.to_move)
            if obs.phase == "play" and len(obs.hand) == cards and len(obs.legal) > 1:
                return obs
            state, _ = state.apply(players[state.to_move].choose(obs))
    raise AssertionError("no such decision")


def test_hard_samples_its_table_of_deals_however_slow_the_clock(monkeypatch):
    """A busy machine makes the shipped hard player slower, not weaker: it samples the
    table's number of deals (the same values as that fixed number) where thinking by the
    clock would stop early, and only its wall-clock cap cuts a decision short."""
    from klaverjas_gui.ai import klabberjass_hard as hard

    obs = _card_decision(4)
    want = hard.CARD_WORLDS.get(4, hard.LATE_WORLDS)
    expected = HardKlabberjassPlayer(3, worlds=want).card_values(obs, 0.0)
    step = [0.002]  # seconds that pass at every look at the clock: a slow machine
    now = [0.0]

    def clock() -> float:
        now[0] += step[0]
        return now[0]

    monkeypatch.setattr(hard.time, "perf_counter", clock)
    table = HardKlabberjassPlayer(3)
    table.choose(obs)
    assert table.sampled == want
    assert HardKlabberjassPlayer(3).card_values(obs, clock() + table.think) == expected
    by_clock = HardKlabberjassPlayer(3, think_ms=hard.THINK_MS)
    by_clock.choose(obs)
    assert hard.MIN_WORLDS < by_clock.sampled < want
    step[0] = 0.2  # so loaded that the whole table would take a minute: the cap stops it
    table.choose(obs)
    assert hard.MIN_WORLDS <= table.sampled < want // 10
    uncapped = HardKlabberjassPlayer(3, cap_ms=None)
    uncapped.choose(obs)
    assert uncapped.sampled == want


def test_hard_splits_its_bid_playouts_over_the_bids_it_could_make(monkeypatch):
    """A bid samples `bid_playouts` simulated deals split over its bids (each world plays
    every bid once), however slow the clock: the shipped number, or another one."""
    from klaverjas_gui.ai import klabberjass_hard as hard

    now = [0.0]

    def clock() -> float:
        now[0] += 0.002  # a slow machine: thinking by the clock would stop early
        return now[0]

    monkeypatch.setattr(hard.time, "perf_counter", clock)
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 4)
    obs = state.observation(state.to_move)
    n = len(obs.legal)
    assert obs.phase == "bidding" and n > 1
    shipped = HardKlabberjassPlayer(3)
    shipped.choose(obs)
    assert shipped.sampled == hard.BID_PLAYOUTS // n
    fewer = HardKlabberjassPlayer(3, bid_playouts=12 * n)
    fewer.choose(obs)
    assert fewer.sampled == 12


def test_hard_bid_playouts_make_no_dix_when_the_turned_card_is_no_trump(monkeypatch):
    """RULES.md 2: with diamonds named in round two the turned ace of hearts stays out of
    the hands the bid's playout imagines (it used to give it for the 7 of diamonds)."""
    from klaverjas_gui.ai import klabberjass_hard
    from klaverjas_gui.engine import parse_card
    from klaverjas_gui.engine.klabberjass import PASS, name

    seen = []
    monkeypatch.setattr(klabberjass_hard, "playout",
                        lambda rules, hands, *rest: seen.append(list(hands)) or 0)  # fmt: skip
    stacked = KlabberjassStacked(0, ("7D 8H TH JH QH KH", "7C 8C QC KC AD 9D"), "AH",
                                 "8D AC 9S TS JS QS")  # fmt: skip
    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 1, stacked)
    for action in (PASS, PASS, PASS):
        state, _ = state.apply(action)
    klabberjass_hard.simulate(state, name("D"), 0, random.Random(1))
    seven, ace = parse_card("7D").bit, parse_card("AH").bit
    assert seen and seen[0][0] & seven and not (seen[0][0] | seen[0][1]) & ace


# --- Belote declarations (RULES.md 2, option declarations = belote) ---
# Dealer 0; the non-dealer (seat 1) holds the four nines, the dealer 10-J-Q-K-A of spades
# and the king and queen of hearts; 8H is turned (the example of RULES.md 2).
BELOTE_DEAL = KlabberjassStacked(0, ("AS KS QS JS TS KH", "9C 9D 9H 9S 7C 8D"), "8H",
                                 "AC 7S JD QH 8C 7H")  # fmt: skip


@pytest.mark.parametrize("level", KLABBERJASS_LEVELS)
def test_every_level_declares_a_four_of_a_kind_and_passes_when_beaten(level):
    state = new_klabberjass(BELOTE, 0, BELOTE_DEAL).apply(TAKE)[0]
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    players = [_fast(level, 0), _fast(level, 1)]
    assert players[1].choose(state.observation(1)) == DECLARE_CALL  # four nines
    state, _ = state.apply(DECLARE_CALL)
    assert players[0].choose(state.observation(0)) == PASS  # his quinte does not beat them


def test_hard_knows_a_four_of_a_kind_scores_when_it_values_its_bids():
    """The same first decision valued over the same sampled deals: with Belote
    declarations the four jacks add about their 200 points to taking trump."""
    from klaverjas_gui.ai.klabberjass_hard import evaluate

    stacked = KlabberjassStacked(0, ("7C 8C AD KD 7H TS", "JC JD JH JS 7D 8S"), "9H",
                                 "QC 9D 9S KS QS 8H")  # fmt: skip
    values = {}
    for name, variant in (("klabberjass", KLABBERJASS_PRESETS["klabberjass"]), ("belote", BELOTE)):
        state = new_klabberjass(variant, 0, stacked)
        values[name] = evaluate(state.observation(1), seed=3, worlds=40, think_ms=60_000)
    assert values["belote"][TAKE] - values["klabberjass"][TAKE] > 150


def test_knowledge_holds_a_declared_four_of_a_kind_that_was_never_shown():
    """Four queens declared, beaten by four jacks: every hand sampled for the declarer
    holds the four queens (and nothing better)."""
    stacked = KlabberjassStacked(0, ("JC JD JH JS 7D 8S", "QC QD QH QS 7C 9D"), "AH",
                                 "KC 8D TS 7S 9C AC")  # fmt: skip
    state = new_klabberjass(BELOTE, 0, stacked).apply(TAKE)[0]
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    state, _ = state.apply(DECLARE_CALL)
    state, _ = state.apply(DECLARE_CALL)
    assert state.declarations == (200, 0) and state.phase == "play"
    know = KlabberjassKnowledge.from_observation(state.observation(0))
    assert know.declared == (FOUR, QUEEN)
    queens = sum(c.bit for c in ALL_CARDS if c.rank_index == QUEEN)
    rng = random.Random(2)
    assert all(know.sample(rng) & queens == queens for _ in range(20))


def test_values_for_a_seat_not_to_move_are_refused_with_a_clear_error():
    """`klabberjass_hard.evaluate` for the seat that waits (no legal action) divided by the
    number of its options, 0: a ZeroDivisionError while bidding, an IndexError or an empty
    max() in the coach's hint. It refuses with NotToMove now, the coach's hint and values
    too, and the coach's judgement (the live coach, the drills) judges nothing there."""
    from klaverjas_gui.ai.base import NotToMove
    from klaverjas_gui.ai.klabberjass_hard import evaluate
    from klaverjas_gui.teach import coach

    state = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], seed=3)
    rng = random.Random(2)
    phases = set()
    while not state.sheet:
        waiting = state.observation(1 - state.to_move)
        assert waiting.legal == ()
        phases.add(state.phase)
        with pytest.raises(NotToMove):
            evaluate(waiting, 1, 4)
        with pytest.raises(NotToMove):
            coach.evaluate(waiting, 1, 4)
        with pytest.raises(NotToMove):
            coach.hint_values(waiting, 1, 4)
        mover = state.observation(state.to_move)
        assert coach.judge(waiting, mover.legal[0], 1, 4) is None
        state, _ = state.apply(rng.choice(state.legal_actions()))
    assert {"bidding", "dix", "declare", "play"} <= phases
