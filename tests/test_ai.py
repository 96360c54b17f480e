"""Computer players: legal play on every preset, no peeking, sound inferences and samples."""

import dataclasses
import random

import pytest
from sweep import size

from klaverjas_gui.ai import LEVELS, HardPlayer, HardPlayer2026, make_player
from klaverjas_gui.ai.heuristic import claim_decision
from klaverjas_gui.ai.knowledge import Knowledge
from klaverjas_gui.engine import PRESETS, Observation, new_match, parse_card
from klaverjas_gui.engine.match import MatchState
from klaverjas_gui.engine.play import obligation


def player(level, seed):
    """Players for tests: hard with a small fixed number of worlds (fast, reproducible)."""
    if level == "hard":
        return HardPlayer(seed, worlds=3)
    if level == "hard-2026":
        return HardPlayer2026(seed, worlds=3)
    return make_player(level, seed)


def play_match(variant, seed, levels, deals=1, check=None):
    state = new_match(dataclasses.replace(variant, match_length=f"deals:{deals}"), seed)
    players = [player(level, seed * 10 + s) for s, level in enumerate(levels)]
    while not state.is_over:
        obs = state.observation(state.to_move)
        action = players[state.to_move].choose(obs)
        assert action in obs.legal
        if check:
            check(state, obs, action)
        state, _ = state.apply(action)
    return state


def test_levels_and_unknown_level():
    assert LEVELS == ("random", "easy", "normal", "hard")
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("expert")


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_only_legal_actions_on_every_preset(level, preset):
    variant = PRESETS[preset]
    deals = 1 if level == "hard" else 3
    for seed in range(2):
        state = play_match(variant, seed, [level] * 4, deals=deals)
        assert len(state.sheet) >= deals or variant.match_kind == "points"


@pytest.mark.slow(12)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_level_plays_only_legal_actions_over_many_matches(preset):
    """Seeded one-deal matches per preset (60 in `make test`, tests/sweep.py), all three
    levels at every table, moving round the seats; `play_match` checks every action
    against the legal ones (hard with three sampled deals per decision, so its playout and
    exact paths both run quickly)."""
    levels = ["hard", "normal", "easy", "hard"]
    for seed in range(size(60)):
        k = seed % 4
        state = play_match(PRESETS[preset], 7000 + seed, levels[k:] + levels[:k], deals=1)
        assert state.is_over


@pytest.mark.parametrize("preset", ["kraken", "proposed", "two_rounds", "french"])
def test_mixed_table_plays_through(preset):
    state = play_match(PRESETS[preset], 5, ["hard", "easy", "normal", "random"], deals=2)
    assert state.is_over
    state = play_match(PRESETS[preset], 6, ["hard", "hard-2026", "normal", "hard-2026"], deals=2)
    assert state.is_over


def test_must_claim_always_claims_roem():
    claims = []

    def check(state, obs, action):
        if obs.phase == "claim":
            claims.append(action.kind)

    for level in ("easy", "normal", "hard"):
        play_match(PRESETS["amsterdam"], 3, [level] * 4, check=check)
    assert claims and set(claims) == {"claim"}


def test_keep_or_leave_leaves_only_when_the_burden_team_is_lost():
    left = []

    def check(state, obs, action):
        if obs.phase == "claim" and action.kind == "pass":
            left.append((state, obs))

    for seed in range(12):
        play_match(PRESETS["proposed"], seed, ["normal"] * 4, check=check)
    for state, obs in left:
        final = _finish(state)
        score = final.sheet[-1].score
        assert score.outcome == "nat" and score.burden_team == obs.seat % 2


def _finish(state: MatchState) -> MatchState:
    players = [make_player("easy", s) for s in range(4)]
    while not state.is_over:
        obs = state.observation(state.to_move)
        state, _ = state.apply(players[state.to_move].choose(obs))
    return state


def test_claim_decision_claims_under_must_claim():
    state = new_match(PRESETS["amsterdam"], 1)
    while state.phase != "claim":
        state, _ = state.apply(state.legal_actions()[0])
    assert claim_decision(state.observation(state.to_move)).kind == "claim"


def other_hidden_swapped(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The same position with the cards of the other three seats dealt differently."""
    others = [q for q in range(4) if q != seat]
    pool = [c for q in others for c in range(32) if state.hands[q] >> c & 1]
    rng.shuffle(pool)
    hands = list(state.hands)
    for q in others:
        n = state.hands[q].bit_count()
        hands[q] = sum(1 << c for c in pool[:n])
        pool = pool[n:]
    twin = state._copy()
    twin._set(hands=tuple(hands))
    return twin


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "hard-2026"])
def test_hidden_cards_cannot_change_a_decision(level):
    """Players get only an Observation; other hands dealt differently give the same one,
    and the same seeded player then makes the same decision."""
    rng = random.Random(8)
    state = new_match(PRESETS["rotterdam"], 21)
    steps = differed = 0
    while not state.is_over and steps < 40:
        seat = state.to_move
        twin = other_hidden_swapped(state, seat, rng)
        differed += twin.hands != state.hands
        obs, twin_obs = state.observation(seat), twin.observation(seat)
        assert obs == twin_obs
        assert player(level, 4).choose(obs) == player(level, 4).choose(twin_obs)
        state, _ = state.apply(player(level, 4).choose(obs))
        steps += 1
    assert differed > 30


def test_observation_holds_no_other_hand():
    obs = new_match(PRESETS["amsterdam"], 2).observation(0)
    assert isinstance(obs, Observation)
    assert "hands" not in {f.name for f in dataclasses.fields(Observation)}
    assert len(obs.hand) == 8


def _replay_is_legal(state: MatchState, hands) -> bool:
    """Would every card played this deal have been legal with these (current) hands?"""
    now = list(hands)
    plays = []
    for leader, cards in (*state.tricks, (state.leader, state.trick)):
        for k, c in enumerate(cards):
            plays.append(((leader + k) % 4, cards[:k], c))
    for q, before, c in reversed(plays):
        now[q] |= c.bit
        if not obligation(state.variant, state.trump, now[q], list(before))[0] & c.bit:
            return False
    return True


@pytest.mark.parametrize("preset", list(PRESETS))
def test_inferences_are_sound_and_samples_agree_with_them(preset):
    rng = random.Random(preset)
    for seed in range(4):
        state = new_match(dataclasses.replace(PRESETS[preset], match_length="deals:1"), seed)
        while not state.is_over:
            if state.phase == "play":
                for seat in range(4):
                    know = Knowledge.from_observation(state.observation(seat))
                    for q in range(4):
                        assert state.hands[q] & ~know.allowed[q] == 0  # the truth is allowed
                    for _ in range(2):
                        hands = know.sample(rng)
                        assert hands[seat] == state.hands[seat]
                        assert [h.bit_count() for h in hands] == [
                            h.bit_count() for h in state.hands
                        ]
                        assert hands[0] | hands[1] | hands[2] | hands[3] == (
                            state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
                        )
                        assert all(hands[q] & ~know.allowed[q] == 0 for q in range(4))
                        assert _replay_is_legal(state, hands)
            state, _ = state.apply(rng.choice(state.legal_actions()))


def test_inferences_find_voids_and_missing_trumps():
    """Amsterdam: off-suit means void; a discard while an opponent wins means no trump."""
    rng = random.Random(1)
    found_void = found_no_trump = 0
    for seed in range(30):
        state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), seed)
        while not state.is_over:
            if state.phase == "play" and state.trick:
                seat = state.to_move
                led = state.trick[0].suit_index
                t = state.trump
                trick = list(state.trick)
                mine = [a.card for a in state.legal_actions()]
                card = rng.choice(mine)
                state, _ = state.apply(f"play {card}")
                if state.phase == "play" and state.trick and card.suit_index != led:
                    know = Knowledge.from_observation(state.observation((seat + 1) % 4))
                    assert know.void(seat, led)
                    found_void += 1
                    if card.suit_index != t and led != t and len(trick) == 1:
                        assert know.void(seat, t)  # an opponent led and wins: had to trump
                        found_no_trump += 1
                continue
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert found_void and found_no_trump


def test_hint_is_a_legal_action_for_the_seat_to_move():
    from klaverjas_gui.ai import hint

    state = new_match(PRESETS["utrecht"], 4)
    for _ in range(12):
        obs = state.observation(state.to_move)
        action = hint(obs, think_ms=5)
        assert action in obs.legal
        state, _ = state.apply(action)


def _claim_obs(seat, tricks_by_winner):
    """A keep_or_leave claim question after the given tricks (hearts trump, seat 0 chose)."""
    from klaverjas_gui.engine import parse_cards, parse_suit
    from klaverjas_gui.engine.match import CLAIM_ROEM, PASS
    from klaverjas_gui.engine.play import winner_index

    tricks = []
    for winner, text in tricks_by_winner:
        cards = tuple(parse_cards(text))
        w = winner_index(parse_suit("H").index, cards)
        tricks.append(((winner - w) % 4, cards))
    obs = new_match(PRESETS["proposed"], 1).observation(0)
    return dataclasses.replace(
        obs, seat=seat, phase="claim", trump=parse_suit("H"), chooser=0, kraak_level=0,
        tricks=tuple(tricks), claimed=tuple(range(len(tricks) - 1)), legal=(CLAIM_ROEM, PASS),
    )  # fmt: skip


def test_keep_or_leave_leaves_roem_only_when_the_burden_team_is_lost():
    lost = [
        (1, "AS TS KS 7S"), (1, "AC TC KC 7C"), (1, "AD KD 7D QD"), (1, "JH 9H AH 7H"),
        (1, "TH KH 8S 8C"), (0, "8D 9D TD QC"),
    ]  # fmt: skip
    assert claim_decision(_claim_obs(0, lost)).kind == "pass"  # choosers: nat anyway
    assert claim_decision(_claim_obs(2, lost)).kind == "pass"
    early = [(0, "8D 9D TD QC")]
    assert claim_decision(_claim_obs(0, early)).kind == "claim"  # roem may still save it
    defence_wins = [(1, "8D 9D TD QC")]
    assert claim_decision(_claim_obs(1, defence_wins)).kind == "claim"  # roem always helps


def test_a_seat_that_passed_is_sampled_with_fewer_high_trumps():
    """Free bidding: first hand passes, second hand names; the passer's hand is the
    one least likely to hold the jack of trump (the bidding hint in `Knowledge`)."""
    for seed in range(40):
        state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), seed)
        fh = state.to_move
        state, _ = state.apply("pass")
        state, _ = state.apply("name H")
        watcher = (fh + 2) % 4
        jack = parse_card("JH").bit
        if not state.hands[watcher] & jack:
            break
    while state.phase != "play":
        state, _ = state.apply(state.legal_actions()[-1])
    know = Knowledge.from_observation(state.observation(watcher))
    assert know.passed[fh] and not know.passed[(fh + 1) % 4] and not know.passed[(fh + 3) % 4]
    rng = random.Random(3)
    holder = [0, 0, 0, 0]
    for _ in range(600):
        hands = know.sample(rng)
        holder[next(q for q in range(4) if hands[q] & jack)] += 1
    silent = (fh + 3) % 4  # had not spoken when trump was named
    assert holder[fh] < 0.6 * holder[silent]
    assert holder[fh] > 0  # less likely, never excluded


@pytest.mark.parametrize(
    ("partner_game", "expected"), [(45.0, "pass"), (35.0, "name"), (0.0, "name")]
)
def test_hard_bid_weighs_naming_against_what_passing_leads_to(monkeypatch, partner_game, expected):
    """Free naming: passing is worth the game of whoever names next (or of first hand,
    forced), less the 20 points of NAME_MARGIN. With our own game worth +20, we pass
    when partner's game is worth more than 40."""
    from klaverjas_gui.ai import hard

    state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), 4)
    me = state.to_move  # first hand: may pass
    partner = (me + 2) % 4

    def deal_value(self, obs, hands, chooser, trump, team=-1):
        return 20.0 if chooser == me else partner_game

    hands_of = {}  # the partner's hand in the world being sampled
    real_sample = Knowledge.sample

    def sample(self, rng, bias=True):
        hands = real_sample(self, rng, bias)
        hands_of[partner] = hands[partner]
        return hands

    monkeypatch.setattr(Knowledge, "sample", sample)
    monkeypatch.setattr(hard.HardPlayer, "_deal_value", deal_value)
    monkeypatch.setattr(  # only the partner would name (clubs)
        hard, "_would_name", lambda hand, threshold: 0 if hand == hands_of[partner] else None
    )
    action = HardPlayer(1, worlds=4).choose(state.observation(me))
    assert action.kind == expected
    old_style = HardPlayer(1, worlds=4)
    old_style.continuation = False  # a fixed pass margin (8) instead: +20 is worth naming
    assert old_style.choose(state.observation(me)).kind == "name"


def test_bidding_likelihood_favours_deals_that_explain_the_bidding():
    """Free naming: first hand passed and second hand named hearts. A deal is more likely
    when the passer's hand is weaker, and when the chooser's hearts are stronger."""
    from klaverjas_gui.ai import hard
    from klaverjas_gui.ai.heuristic import suit_values

    state = new_match(dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1"), 5)
    fh = state.to_move
    state, _ = state.apply("pass")
    state, _ = state.apply("name H")
    while state.phase != "play":
        state, _ = state.apply(state.legal_actions()[-1])
    obs = state.observation((fh + 2) % 4)
    know = Knowledge.from_observation(obs)
    likelihood = hard._bidding_likelihood(obs, know)
    chooser, silent = (fh + 1) % 4, (fh + 3) % 4
    hearts = parse_card("JH").suit_index
    rng = random.Random(2)
    checked = 0
    for _ in range(200):
        hands = list(know.sample(rng, bias=False))
        for q, value in (
            (fh, lambda h: max(suit_values(h))),
            (chooser, lambda h: -suit_values(h)[hearts]),
        ):
            swapped = list(hands)
            swapped[q], swapped[silent] = hands[silent], hands[q]
            if value(hands[q]) > value(swapped[q]):  # a stronger passer, a weaker chooser
                assert likelihood(tuple(hands)) < likelihood(tuple(swapped))
                checked += 1
    assert checked > 100


def test_suit_values_agree_with_suit_value():
    from klaverjas_gui.ai.heuristic import suit_value, suit_values
    from klaverjas_gui.engine.cards import cards_of

    rng = random.Random(4)
    for _ in range(3000):
        mask = sum(1 << c for c in rng.sample(range(32), rng.choice((3, 5, 8))))
        hand = tuple(cards_of(mask))
        assert suit_values(mask) == pytest.approx([suit_value(hand, s) for s in range(4)])


def test_nested_playout_searches_only_our_next_lead():
    """The nested playout equals the best, over every card of our side's next lead, of a
    rule-of-thumb playout after it; so it is never below the plain playout."""
    from klaverjas_gui.ai import fast, hard

    variant = PRESETS["amsterdam"]
    rng = random.Random(6)
    for _ in range(60):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[8 * q : 8 * q + 8]) for q in range(4)]
        trump, leader, team = rng.randrange(4), rng.randrange(4), rng.randrange(2)
        rules = fast.Rules(variant, trump)
        base = hard._Base(variant, rng.randrange(2), 0, (0, 0), (0, 0), (0, 0), 0)
        plain = base.start()
        fast.playout(rules, list(hands), leader, [], plain, base.chooser_team)
        nested = hard._best_next_lead(rules, base, list(hands), leader, [], base.start(), team)
        assert nested >= base.utility(plain, team)
        if leader % 2 == team:  # our side leads now: every card is tried
            best = -1e9
            for c in fast.bits(hands[leader]):
                hs = list(hands)
                hs[leader] ^= 1 << c
                acc = base.start()
                fast.playout(rules, hs, leader, [c], acc, base.chooser_team)
                best = max(best, base.utility(acc, team))
            assert nested == best


def test_searched_leads_try_every_card_of_each_lead():
    """With two cards a hand only the first lead has a choice: `_searched_leads` plays the
    card whose rule-of-thumb playout is best for the leader's side, then the rule of thumb."""
    from klaverjas_gui.ai import fast, hard

    variant = PRESETS["amsterdam"]
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(range(32), 8)
        hands = [1 << cards[2 * q] | 1 << cards[2 * q + 1] for q in range(4)]
        trump, leader, team = rng.randrange(4), rng.randrange(4), rng.randrange(2)
        rules = fast.Rules(variant, trump)
        base = hard._Base(variant, rng.randrange(2), 0, (0, 0), (0, 0), (0, 0), 0)
        outcomes = []
        for c in fast.bits(hands[leader]):
            hs = list(hands)
            hs[leader] ^= 1 << c
            acc = base.start()
            fast.playout(rules, hs, leader, [c], acc, base.chooser_team)
            outcomes.append((base.utility(acc, leader % 2), base.utility(acc, team)))
        first, second = outcomes  # a tie keeps the first (lower) card
        chosen = first if first[0] >= second[0] else second
        got = hard._searched_leads(rules, base, list(hands), leader, [], base.start(), team)
        assert got == chosen[1]


def test_the_reference_level_is_for_the_arena_only():
    """hard-2026 is a yardstick: the arena plays it, no player can pick it."""
    from klaverjas_gui.ai import REFERENCE_LEVELS
    from klaverjas_gui.games import GAMES

    assert REFERENCE_LEVELS == ("hard-2026",)
    assert "hard-2026" not in LEVELS
    assert all("hard-2026" not in game.levels() for game in GAMES.values())
    assert isinstance(make_player("hard-2026", 1), HardPlayer2026)
    assert make_player("hard-2026", 1, think_ms=50).think == pytest.approx(0.05)


def test_the_reference_level_is_frozen():
    """Seeded hard-2026 games (fixed worlds) replay move for move as recorded when it was
    frozen: a change to anything it uses (solver, knowledge, playouts) that changes its
    play shows here, so the shipped hard is always measured against the same player."""
    import json
    from pathlib import Path

    recorded = json.loads((Path(__file__).parent / "fixtures" / "hard_2026_games.json").read_text())
    for key, actions in recorded.items():
        preset, seed = key.split()
        seed = int(seed)
        state = new_match(dataclasses.replace(PRESETS[preset], match_length="deals:1"), seed)
        players = [HardPlayer2026(seed * 10 + s, worlds=4) for s in range(4)]
        while not state.is_over:
            obs = state.observation(state.to_move)
            action = players[state.to_move].choose(obs)
            assert action in obs.legal
            state, _ = state.apply(action)
        assert [str(a) for a in state.actions] == actions, key


def test_values_for_a_seat_not_to_move_are_refused_with_a_clear_error():
    """`hard.evaluate` for a seat that waits (no legal action) answered no values at all,
    or raised a KeyError or an empty max() deep in the search, depending on the position;
    it refuses with NotToMove, as the other games' evaluations do."""
    from klaverjas_gui.ai.base import NotToMove
    from klaverjas_gui.ai.hard import evaluate

    state = new_match(PRESETS["amsterdam"], 5)
    rng = random.Random(3)
    phases = set()
    while not state.sheet:
        waiting = state.observation((state.to_move + 1) % 4)
        assert waiting.legal == ()
        phases.add(state.phase)
        with pytest.raises(NotToMove):
            evaluate(waiting, 1, 3)
        state, _ = state.apply(rng.choice(state.legal_actions()))
    assert {"bidding", "play"} <= phases
