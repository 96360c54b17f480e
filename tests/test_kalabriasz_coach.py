"""The Kalabriasz hint and coach (teach/kalabriasz_coach.py, teach/kalabriasz_hints.py):
one evaluation for both, so a followed hint is never a mistake; every sentence true of
the position it is said about; worded in every language; a defender's points are the
defenders'."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from klaverjas_gui import i18n
from klaverjas_gui.engine import Action
from klaverjas_gui.engine.cards import POINTS, RANK_LETTERS, SUITS, Card
from klaverjas_gui.engine.kalabriasz import KalabriaszStacked, new_kalabriasz
from klaverjas_gui.engine.play import winner_index
from klaverjas_gui.games import game_of
from klaverjas_gui.teach import coach, kalabriasz_hints
from klaverjas_gui.teach.kalabriasz_coach import KALABRIASZ_COACHING
from klaverjas_gui.teach.kalabriasz_hints import explain


def test_the_registry_entry_gives_this_coach():
    obs = new_kalabriasz(seed=1).observation(0)
    assert game_of(obs).coaching() is KALABRIASZ_COACHING


def _positions(matches: int, rng: random.Random, seed0: int = 0):
    """Every position of the first deal of `matches` seeded matches, random moves; each
    bidding goes on until somebody names (a deal thrown in teaches nothing here)."""
    for match in range(matches):
        state = new_kalabriasz(seed=seed0 + match)
        while not state.is_over and state.deal_no == 1:
            obs = state.observation(state.to_move)
            yield match, state, obs
            legal = state.legal_actions()
            if obs.phase == "bidding" and rng.random() < 0.5:
                legal = tuple(a for a in legal if a.kind == "name")
            state, _ = state.apply(rng.choice(legal))


# --- the hint and the coach: one evaluation ---
def test_the_hinted_choice_is_never_flagged_in_bids_laying_away_and_cards():
    """Every bid and card laid away of 24 seeded deals, and one card in six played."""
    kinds: Counter[str] = Counter()
    rng = random.Random(39)
    for match, state, obs in _positions(24, rng):
        if not coach.is_decision(obs) or (obs.phase == "play" and rng.random() > 1 / 6):
            continue
        seed = coach.judgement_seed(match, state.n_actions + 1)
        hinted = coach.hint(obs, seed, 4)
        j = coach.judge(obs, hinted, seed, 4)
        assert j is not None and j.cost == 0.0 and not j.flagged, (obs, hinted, j)
        assert j.kind == {"bidding": "bid", "talon": "talon"}.get(obs.phase, j.kind)
        kinds[obs.phase] += 1
        kinds[hinted.kind] += 1
    for kind in ("bidding", "talon", "play", "name", "pass", "lay"):
        assert kinds[kind] >= 3, kinds


def test_every_option_of_every_question_is_valued():
    rng = random.Random(2)
    seen = set()
    for _, _, obs in _positions(3, rng):
        if len(obs.legal) < 2:
            continue
        values = coach.evaluate(obs, 7, 3)
        assert set(values) == set(obs.legal), obs.phase
        seen.add(obs.phase)
    assert seen == {"bidding", "talon", "play"}


def test_the_last_to_speak_loses_nothing_by_passing_into_a_thrown_in_deal():
    """All pass: the deal scores nothing, so passing is worth exactly 0 to the dealer."""
    state = new_kalabriasz(seed=4)
    while state.to_move != state.dealer:
        state, _ = state.apply("pass")
    obs = state.observation(state.to_move)
    assert kalabriasz_hints.last_to_speak(obs)
    values = coach.evaluate(obs, 3, 4)
    assert values[Action("pass")] == 0.0
    assert explain(obs, Action("pass")) == (
        "Pass: if all three pass, the cards are thrown in and nobody scores this deal."
    )


# --- every sentence is true of its position ---
def _unseen(obs) -> set[Card]:
    seen = set(obs.hand) | set(obs.trick) | set(obs.laid_away)
    for _, cards in obs.tricks:
        seen.update(cards)
    return {Card(r, s) for s in SUITS for r in RANK_LETTERS} - seen


def _wins(t: int, trick, card: Card) -> bool:
    return winner_index(t, [*trick, card]) == len(trick)


def _defence_winning(obs) -> bool:
    if not obs.trick or obs.seat == obs.maker:
        return False
    return (obs.leader + winner_index(obs.trump.index, list(obs.trick))) % 3 != obs.maker


def _condition(key: str, obs, action: Action, instead: Action | None) -> bool:
    """Each sentence's condition, stated here apart from the code that says it."""
    if obs.phase == "bidding":
        other = instead.kind if instead is not None else None
        if key == "kala.bid_name":
            return action.kind == "name" and other != "name"
        passes = sum(1 for _, a in obs.deal_log if a.kind == "pass")
        last = obs.seat == obs.dealer and passes == 2
        if key == "kala.bid_pass_last":
            return action.kind == "pass" and last and other != "pass"
        # without values (the hint's pass, the best option) only "no better" is claimed
        return (key == "kala.bid_pass_even" and action.kind == "pass" and not last
                and other != "pass")  # fmt: skip
    t = obs.trump.index
    card = action.card
    other = instead.card if instead is not None else None
    worth = POINTS[t][card.index]
    if obs.phase == "talon":
        if key == "kala.lay_points":  # "its points count for you"
            return worth >= 10 and (other is None or POINTS[t][other.index] < worth)
        if key == "kala.lay_void":  # "then you hold no <suit> and can trump it"

            def void(c: Card) -> bool:
                rest = [x for x in obs.hand if x != c]
                return (c.suit_index != t and all(x.suit != c.suit for x in rest)
                        and any(x.suit_index == t for x in rest))  # fmt: skip

            return void(card) and (other is None or not void(other))
        # without values (this sweep) "none does better": the hint's card is the best
        return key == "kala.lay_other_even" and other is None
    trick = list(obs.trick)
    legal = [a.card for a in obs.legal]
    kept = [c for c in legal if c != card] if other is None else [other]
    if key.startswith("kala.defence_"):  # "the other defender is winning this trick"
        if not (_defence_winning(obs) and not _wins(t, trick, card)):
            return False
        if key == "kala.defence_points":
            return worth >= 10 and (other is None or POINTS[t][other.index] < worth)
        if key == "kala.defence_low":
            return any(POINTS[t][c.index] > worth for c in kept)
        return key == "kala.defence_plain" and other is None
    if key in ("guide.follow_win", "guide.ruff_win"):
        return _wins(t, trick, card) and (other is None or not _wins(t, trick, other))
    if key in ("guide.follow_lose", "guide.discard"):  # "cannot win this trick"
        return not any(_wins(t, trick, c) for c in legal) and other is None
    if key == "guide.follow_duck":  # "keep your higher card": one that wins stays in hand
        return not _wins(t, trick, card) and any(
            c.suit == card.suit == trick[0].suit and winner_index(t, [card, c]) == 1 for c in kept
        )
    if key == "guide.lead_master":  # "nothing higher in the suit is still out"
        higher = [
            c for c in _unseen(obs) if c.suit == card.suit and winner_index(t, [card, c]) == 1
        ]
        return not trick and card.suit_index != t and not higher
    if key == "kala.lead_trump":  # "draw the defenders' trumps": the maker, trumps unseen
        return (not trick and obs.seat == obs.maker and card.suit_index == t
                and any(c.suit_index == t for c in _unseen(obs))
                and (other is None or other.suit_index != t))  # fmt: skip
    if key == "kala.lead_low":  # "a low card gives nothing away"
        return not trick and worth == 0 and (other is None or POINTS[t][other.index] > 0)
    if key == "kala.lead_other_even":  # without values: "none does better"
        return not trick and other is None
    return key in ("guide.follow_plain", "guide.discard_spare") and other is None


def test_every_sentence_is_true_of_the_position_it_is_said_about():
    """A seeded sweep of bids, cards laid away and cards played (Amsterdam and Rotterdam
    duties): every hint sentence, and every coach reason for one option against another,
    meets its condition."""
    from klaverjas_gui.engine import KALABRIASZ_PRESETS

    rng = random.Random(5)
    said: Counter[str] = Counter()
    for match in range(80):
        variant = KALABRIASZ_PRESETS["kalabriasz_rotterdam" if match % 2 else "kalabriasz"]
        state = new_kalabriasz(variant, seed=match)
        while not state.is_over and state.deal_no == 1:
            obs = state.observation(state.to_move)
            for action in obs.legal:
                for instead in [None, *obs.legal]:
                    if instead == action:
                        continue
                    found = kalabriasz_hints.reason(obs, action, instead)
                    if found is None:
                        assert instead is not None
                        continue
                    assert _condition(found[0], obs, action, instead), (found, action, instead)
                    said[found[0]] += 1
            legal = state.legal_actions()
            if obs.phase == "bidding" and rng.random() < 0.3:
                legal = tuple(a for a in legal if a.kind == "name")
            state, _ = state.apply(rng.choice(legal))
    for key in ("kala.bid_name", "kala.bid_pass_even", "kala.bid_pass_last", "kala.lay_points",
                "kala.lay_void", "kala.lay_other_even", "kala.lead_trump", "kala.lead_low",
                "guide.lead_master", "kala.defence_points", "kala.defence_low",
                "guide.follow_win", "guide.follow_lose", "guide.discard"):  # fmt: skip
        assert said[key] >= 5, (key, said)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_hint_and_note_is_worded_in_every_language(lang):
    i18n.set_language(lang)
    try:
        rng = random.Random(8)
        kinds = set()
        for _, _, obs in _positions(4, rng, seed0=40):
            if len(obs.legal) < 2:
                continue
            for action in obs.legal:
                text = explain(obs, action)
                assert text and "kala." not in text and "guide." not in text, text
                assert "%{" not in text, text
                kinds.add(action.kind)
            best, chosen = obs.legal[0], obs.legal[-1]
            kind = coach.situation(obs)
            j = coach.Judgement(
                obs.seat, kind, kind, 12.0, chosen, best, ((best, 12.0), (chosen, 0.0))
            )
            note = coach.note(obs, j)
            assert "coach." not in note and "kala." not in note and "%{" not in note, note
        assert kinds == {"name", "pass", "lay", "play"}
    finally:
        i18n.set_language("en")


# --- whose points ---
STACKED = KalabriaszStacked(
    dealer=2,
    hands=("JH 9H AH TH AC TC KC 7S AD 7D", "QH 8H 7H 8C 9C QC TS KS QS 8D",
           "KH JC AS JS 9S 8S TD KD QD JD"),
    talon="9D 7C",
)  # fmt: skip


def test_a_defenders_note_counts_the_defenders_points_and_laying_away_is_named():
    """Seat 0 names hearts and lays away; seat 1 (a defender) is told what cost "the
    defenders", seat 0 what cost "you"."""
    state = new_kalabriasz(seed=1, stacked=STACKED)
    state, _ = state.apply("name H")
    obs = state.observation(0)
    assert obs.phase == "talon" and coach.situation(obs) == "talon"
    lay_7c, lay_ac = Action("lay", card=Card("7", "C")), Action("lay", card=Card("A", "C"))
    j = coach.Judgement(0, "talon", "talon", 15.0, lay_7c, lay_ac, ((lay_ac, 15.0), (lay_7c, 0.0)))
    assert coach.note(obs, j) == (
        "Instead of laying away the 7 of clubs, about 15 points better for you: lay the ace "
        "of clubs away: its 11 points count for you, and the defenders cannot catch them."
    )
    assert coach.kind_label(coach._mistake(obs, "talon", lay_7c, lay_ac)) == "Laying away"
    for card in ("9D", "7C"):
        state, _ = state.apply(f"lay {card}")
    state, _ = state.apply("play AC")  # seat 0 leads the ace of clubs; seat 1 must follow
    obs = state.observation(1)
    assert coach.side(obs) == "_defence" and not coach.coaching(obs).partner_winning(obs)
    qc, c8 = Action("play", card=Card("Q", "C")), Action("play", card=Card("8", "C"))
    j = coach.Judgement(1, "follow", "points", 12.0, qc, c8, ((c8, 12.0), (qc, 0.0)))
    assert coach.note(obs, j) == (
        "The maker was winning this trick when you played: the queen of clubs put 3 points "
        "more into it than the 8 of clubs would have (about 12 points for the defenders)."
    )


def test_the_other_defender_winning_is_the_partners_trick_wherever_he_sits():
    """The maker (seat 0) leads the 7 of spades, seat 1 covers with the king: for seat 2,
    third to play, the other defender's card is winning, though it lies just before his."""
    state = new_kalabriasz(seed=1, stacked=STACKED)
    for move in ("name H", "lay 9D", "lay 7C", "play 7S", "play KS"):
        state, _ = state.apply(move)
    obs = state.observation(2)
    assert coach.coaching(obs).partner_winning(obs)
    assert kalabriasz_hints.defence_winning(obs)
    ace = Action("play", card=Card("A", "S"))
    assert explain(obs, ace) == (
        "You must follow spades; the ace of spades beats every card played to this trick so far."
    )
    nine = Action("play", card=Card("9", "S"))
    assert explain(obs, nine) == (
        "The other defender is winning this trick: keep your good cards and play the 9 of spades."
    )


# --- the live coach at the table for three ---
def test_the_live_coach_judges_bids_cards_laid_away_and_cards_at_the_three_player_table(
    make_app,
):
    """With the coach on every decision, each of the person's decisions in a Kalabriasz
    deal (a bid, the two cards laid away when he names, the cards) is judged by this coach
    and stored with the match."""
    from uitest import card_pos, click, click_button, human_turn, run_until, table_of

    app = make_app("--game", "kalabriasz", "--seed", "3")
    app.settings.coach = "every"
    table = table_of(app)
    session = table.session
    session.coach.worlds = 4
    session.coach.seconds = None  # no time cap: the machine's load must not drop a judgement
    rng = random.Random(3)
    named = False
    while session.state.deal_no == 1 or session.state.phase != "bidding":
        run_until(app, lambda: human_turn(app) or session.state.deal_no > 1)
        if session.state.deal_no > 1 or app.top is not table:
            break
        run_until(app, lambda: not session.coach.busy(), seconds=60)
        state = session.state
        if table.human_may_play():
            card = rng.choice([a.card for a in state.legal_actions()])
            click(app, card_pos(table, card))
        elif not named:
            named = True
            key = next(k for k, a in table.prompt.actions.items() if a.kind == "name")
            click_button(app, table, key)
        else:
            click_button(app, table, rng.choice(list(table.prompt.actions)))
    run_until(app, lambda: not session.coach.busy(), seconds=180)
    kinds = Counter(j.kind for _, j in session.coach.judged)
    assert kinds["bid"] >= 1 and kinds["talon"] == 2, kinds
    assert kinds["lead"] + kinds["follow"] + kinds["trump"] >= 5, kinds
    stored = session.history.decisions(session.match_id)
    assert len(stored) == sum(kinds.values()) and all(d.seat == 0 for d in stored)


def test_a_card_laid_away_is_asked_again_as_a_card_of_the_hand():
    """Practise your mistakes on a talon decision: asked which card to lay away (not "name
    or pass"), where in the match it was, and answered with a card of the twelve."""
    from klaverjas_gui.play.drills import Drill

    state = new_kalabriasz(seed=1, stacked=STACKED)
    state, _ = state.apply("name H")
    obs = state.observation(0)
    drill = Drill(None, None, state, obs)  # type: ignore[arg-type]
    assert drill.question == ("This hand is from one of your matches. Which card do you lay away?")
    assert coach.where(obs) == "Deal 1, laying away" and coach.card_question(obs)
    assert len(obs.hand) == 12 and {a.card for a in obs.legal} == set(obs.hand)
    bidding = new_kalabriasz(seed=1, stacked=STACKED).observation(0)
    assert coach.where(bidding) == "Deal 1, bidding" and not coach.card_question(bidding)


def test_the_hints_best_option_is_the_hard_players_choice():
    """One valuation: for every bid, card laid away and card played of 12 seeded deals
    (random moves), the hint's option is the choice of a fresh hard player with the
    same seed and the same number of sampled deals (no deadline, so a slow machine cannot
    make them differ)."""
    from klaverjas_gui.ai.kalabriasz_hard import KalabriaszHard

    kinds: Counter[str] = Counter()
    rng = random.Random(5)
    for match, state, obs in _positions(12, rng, seed0=100):
        if not coach.is_decision(obs) or (obs.phase == "play" and rng.random() > 1 / 3):
            continue
        seed = coach.judgement_seed(match, state.n_actions + 1)
        hinted = coach.hint(obs, seed, 4)
        hard = KalabriaszHard(seed, worlds=4, cap_ms=float("inf")).choose(obs)
        assert hinted == hard, (obs.phase, len(obs.hand), hinted, hard)
        kinds[obs.phase if obs.phase != "play" else f"cards {len(obs.hand) > 7}"] += 1
    for kind in ("bidding", "talon", "cards True", "cards False"):
        assert kinds[kind] >= 5, kinds


def test_a_pass_says_did_worse_only_when_every_suit_named_did_worse():
    """The coach's pass against a suit named: its sentence is chosen by the values it
    reports. "Naming a suit did worse than passing" was said whatever they were; where the
    best suit named ties the pass, "no better" is what they say, and where a suit named
    (not the one chosen) did better than the pass, nothing is said of the pass."""
    from klaverjas_gui.engine import KALABRIASZ_PRESETS
    from klaverjas_gui.engine.kalabriasz import PASS
    from klaverjas_gui.engine.match import name
    from klaverjas_gui.teach.coach import Judgement

    state = new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], seed=3)
    obs = state.observation(state.to_move)
    assert obs.phase == "bidding" and not kalabriasz_hints.last_to_speak(obs)
    chosen = name("H")

    def said(spades: float) -> str | None:
        values = ((PASS, 4.0), (name("S"), spades), (name("C"), -3.0), (name("D"), -8.0),
                  (chosen, -9.0))  # fmt: skip
        values = tuple(sorted(values, key=lambda av: -av[1]))
        j = Judgement(obs.seat, "bid", "bid_bold", 13.0, chosen, PASS, values)
        return KALABRIASZ_COACHING.reason(obs, j)

    assert said(4.0) == (
        "Pass: played out over likely deals, naming a suit here and playing alone against "
        "two did no better than passing."
    )
    assert said(1.0) == (
        "Pass: played out over likely deals, naming a suit here and playing alone against "
        "two did worse than passing."
    )
    assert said(6.0) is None
