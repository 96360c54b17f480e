"""Klabberjass hint sentences whose claims the code did not check: each test sets up a
real two-player position where the old sentence was false (or chosen by the action
alone), and asks for the one said now, with the condition it states checked."""

from __future__ import annotations

import random

import pytest

from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass
from klaverjas_gui.engine.cards import TRUMP_STRENGTH
from klaverjas_gui.engine.klabberjass import (
    ACCEPT,
    DECLARE_CALL,
    DIX_CALL,
    PASS,
    REFUSE,
    SCHMEISS_CALL,
    TAKE,
    KlabberjassStacked,
)
from klaverjas_gui.i18n import tr
from klaverjas_gui.play.seats import CancelToken
from klaverjas_gui.teach import coach
from klaverjas_gui.teach.klabberjass_hints import explain
from klaverjas_gui.ui.table.guide import coached_hint

KJ = KLABBERJASS_PRESETS["klabberjass"]
WORLDS = 8


def _stacked(nd6: str, d6: str, turned: str, nd3: str, d3: str) -> KlabberjassStacked:
    """Dealer 0; the non-dealer (1) gets nd6 then nd3 from the stock, the dealer d6, d3."""
    return KlabberjassStacked(0, (d6, nd6), turned, f"{nd3} {d3}")


# the non-dealer holds the 7 of hearts, the ace of hearts is turned (test_klabberjass DEAL_A)
DEAL_A = _stacked("7H 8C 9C TC QD KD", "KH QH 7S AS KS QS", "AH", "JC 8S 9S", "JS TS 7D")


def _hint(obs):
    return coached_hint(CancelToken(), obs, 5, WORLDS)  # the table's hint job


def test_keeping_the_seven_does_not_say_the_turned_trump_is_no_stronger():
    """ "Keep the 7 of hearts: the ace of hearts would not make your hand stronger" was said
    of every pass at the dix, where the turned card is always a trump above the 7."""
    state, _ = new_klabberjass(KJ, stacked=DEAL_A).apply(TAKE)
    obs = state.observation(1)
    assert obs.phase == "dix" and DIX_CALL in obs.legal
    t = obs.trump.index
    assert TRUMP_STRENGTH[obs.turned.rank_index] > TRUMP_STRENGTH[0]  # index 0: the 7
    text = explain(obs, PASS)
    assert "stronger" not in text
    assert text == (
        "Keep the 7 of hearts: no dix, so the ace of hearts, a higher trump, stays beside "
        "the stock."
    )
    assert t == obs.turned.suit_index


def _declare(deal: KlabberjassStacked, *then):
    state, _ = new_klabberjass(KJ, stacked=deal).apply(TAKE)
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    for action in then:
        state, _ = state.apply(action)
    return state.observation(state.to_move)


def test_nothing_to_declare_is_not_called_staying_silent():
    """With no sequence the only answer is a pass, and the hint said "declaring would tell
    your opponent too much": there was nothing to declare."""
    deal = _stacked("7C 9C JC 7D 9D JD", "8C TC QC 8D TD QD", "AH", "KC KD 7S", "AC AD 8S")
    obs = _declare(deal)
    assert obs.legal == (PASS,)
    hint = _hint(obs)
    assert hint.text == "Pass: you have no sequence of three or more cards of one suit to declare."


def test_a_beaten_declaration_is_not_called_staying_silent():
    """The dealer's sequences of 3 cannot beat the non-dealer's declared 4: the pass is the
    rules' only answer, and "too much for little gain" was no reason of it."""
    deal = _stacked("7C 8C 9C JD QD KD", "8S 9S TS 7H 8H AH", "AC", "AD 7S QS", "JH 9H KS")
    obs = _declare(deal, DECLARE_CALL)
    assert obs.seat == 0 and obs.legal == (PASS,)
    assert _hint(obs).text == (
        "Pass: your declaration (8-9-10 of spades) does not beat the one already declared, "
        "so it cannot score."
    )


def test_a_silence_says_what_it_does():
    """A seat that could declare and stays silent: its sequence does not score (the engine
    scores only a declaration made) and is not shown."""
    obs = _declare(DEAL_A)
    assert obs.seat == 1 and DECLARE_CALL in obs.legal
    text = explain(obs, PASS)
    assert text == (
        "Stay silent: your declaration (8-9-10-J of clubs) will not score, and your opponent "
        "does not see it."
    )
    state, _ = new_klabberjass(KJ, stacked=DEAL_A).apply(TAKE)
    while state.phase != "play":
        state, _ = state.apply(PASS)
    assert state.declarations == (0, 0) and state.shown == ()


@pytest.mark.parametrize(
    "preset, seed, said",
    [
        # seed 5, the first bid: "Your hearts are good enough to play if your opponent
        # refuses" was said of any schmeiss
        pytest.param(
            "klabberjass", 5,
            "Schmeiss: played out over likely deals, with your opponent's likely answer, a "
            "schmeiss did better than passing or making trump.",
            id="klabberjass",
        ),
        # clob, seed 1: "this hand is too weak to play" was said of any schmeiss
        pytest.param(
            "clob", 1,
            "Schmeiss: with clob the deal is dealt again, and played out over likely deals "
            "that did better than passing or making trump.",
            id="clob",
        ),
    ],
)  # fmt: skip
def test_a_hinted_schmeiss_says_what_its_values_say(preset, seed, said):
    """The hint is a schmeiss, valued above the take and the pass: its sentence says so,
    and nothing about the hand it was not checked against."""
    state = new_klabberjass(KLABBERJASS_PRESETS[preset], seed)
    obs = state.observation(state.to_move)
    values = coach.evaluate(obs, 5, WORLDS)
    hint = _hint(obs)
    assert hint.action == SCHMEISS_CALL
    assert all(v < values[SCHMEISS_CALL] for a, v in values.items() if a != SCHMEISS_CALL)
    assert hint.text == said


def _answer(seed: int):
    state, _ = new_klabberjass(KJ, seed).apply(SCHMEISS_CALL)
    obs = state.observation(state.to_move)
    assert obs.phase == "schmeiss"
    return obs, coach.evaluate(obs, 5, WORLDS)


def test_a_hinted_refusal_says_what_its_values_say():
    """Seed 0, the non-dealer's schmeiss: refusing is valued above the new deal. "Your
    cards should make him go nat" was said of any refusal, and checked nothing."""
    obs, values = _answer(0)
    hint = _hint(obs)
    assert hint.action == REFUSE and values[REFUSE] > values[ACCEPT]
    assert hint.text == (
        "Refuse: played out over likely deals, making your opponent play with hearts as "
        "trump did better for you than a new deal."
    )


def test_a_hinted_acceptance_says_what_its_values_say():
    """Seed 39: the new deal is valued above the refusal. "Your opponent would probably
    make it" was said of any acceptance."""
    obs, values = _answer(39)
    hint = _hint(obs)
    assert hint.action == ACCEPT and values[ACCEPT] >= values[REFUSE]
    assert hint.text == (
        "Accept: played out over likely deals, making your opponent play with clubs as "
        "trump did no better for you than a new deal."
    )


def test_without_values_a_schmeiss_answer_says_only_the_rules():
    obs, _ = _answer(0)
    assert explain(obs, REFUSE) == "Refuse: your opponent must now play with hearts as trump."
    assert explain(obs, ACCEPT) == "Accept: the deal is void and dealt again."


def test_a_two_player_lead_speaks_of_no_team():
    """Seed 0 played at random (takes first) to the first lead: the king of diamonds, valued
    above every other card. "Of all your cards, it does best for your team here" was said
    in a game without partners."""
    rng = random.Random(0)
    state = new_klabberjass(KJ, 0)
    while True:
        obs = state.observation(state.to_move)
        if obs.phase == "play" and not obs.trick and len(obs.legal) > 1:
            break
        legal = state.legal_actions()
        state, _ = state.apply(next((a for a in legal if a.kind == "take"), rng.choice(legal)))
    values = coach.evaluate(obs, 5, WORLDS)
    hint = _hint(obs)
    assert str(hint.action.card) == "KD"
    assert all(v < values[hint.action] for a, v in values.items() if a != hint.action)
    assert hint.text == "Lead the king of diamonds: of all your cards, it does best here."


def test_a_declaration_that_scores_is_not_called_the_better_one():
    """The non-dealer holds 4 to the ace of diamonds, stays silent; the dealer declares his
    3 to the 10 and scores. The caption said the dealer "has the better sequence": the
    non-dealer's was better, only not declared. That it stands and scores is true."""
    from klaverjas_gui.engine.klabberjass import SequencesShown
    from klaverjas_gui.ui.captions import action_captions

    deal = _stacked("7C 8C 9C JD QD KD", "8S 9S TS 7H 8H AH", "AC", "AD 7S QS", "JH 9H KS")
    state, _ = new_klabberjass(KJ, stacked=deal).apply(TAKE)
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    state, _ = state.apply(PASS)  # the non-dealer, 4 to the ace in hand, says nothing
    before = state
    state, events = state.apply(DECLARE_CALL)  # the dealer: 3 to the 10
    shown = next(e for e in events if isinstance(e, SequencesShown))
    assert shown.seat == 0 and max(len(s) for s in shown.sequences) == 3
    captions = action_captions(before, events, ("Anna", "Henk"))
    assert "better" not in " ".join(captions)
    assert state.declarations == (40, 0)  # the dealer's 3s score, the silent 4 counts nothing
    # the rules page said "only the player with the best sequence scores": the best declared
    rules = tr("teach.rules_kj_declare")
    assert "best sequence declared scores" in rules and "not declared counts for nothing" in rules
    assert (
        "Anna's declared sequence stands, and every sequence in that hand scores: +40."
    ) in captions


def test_a_declaration_hint_does_not_say_only_the_better_sequence_scores():
    """The non-dealer holds 4 to the ace of diamonds and 7-8-9 of clubs; the dealer cannot
    beat the 4. "Your J-Q-K-A of diamonds is worth 50 points, and only the better sequence
    scores" was said; the engine scores every sequence of the hand that wins: 70."""
    deal = _stacked("7C 8C 9C JD QD KD", "8S 9S TS 7H 8H AH", "AC", "AD 7S QS", "JH 9H KS")
    obs = _declare(deal)
    assert obs.seat == 1 and DECLARE_CALL in obs.legal
    assert explain(obs, DECLARE_CALL) == (
        "Declare: your J-Q-K-A of diamonds is worth 50 points; unless a better sequence is "
        "declared against it, every sequence in your hand scores (70 points)."
    )
    state, _ = new_klabberjass(KJ, stacked=deal).apply(TAKE)
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    state, _ = state.apply(DECLARE_CALL)
    state, _ = state.apply(PASS)  # the dealer's only answer
    assert state.declarations == (0, 70)


def test_the_dealers_declaration_hint_says_it_scores():
    """The dealer may declare only what beats the non-dealer's: his declaration scores."""
    obs = _declare(DEAL_A, DECLARE_CALL)
    assert obs.seat == obs.dealer == 0 and DECLARE_CALL in obs.legal
    text = explain(obs, DECLARE_CALL)
    assert text.startswith("Declare: your 10-J-Q-K-A of spades is worth 100 points and nothing")
    assert text.endswith("so every sequence in your hand scores (100 points).")
