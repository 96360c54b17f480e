"""Each tutorial lesson can be completed by the right moves and refuses wrong ones."""

import pytest

from klaverjas_gui.engine.cards import cards_of
from klaverjas_gui.engine.match import RoemClaimed
from klaverjas_gui.teach.lessons import LESSONS, YOU, start


def finish(run):
    """Complete a lesson, trying every wrong legal and illegal move first at each step."""
    refused = 0
    while not run.done:
        if not run.waiting_for_you:
            pos = run.pos
            run.play_scripted()
            assert run.pos == pos + 1
            continue
        if run.quiz is not None:
            for choice in run.quiz.choices:
                if choice != run.quiz.answer:
                    assert not run.answer(choice).ok
                    refused += 1
            assert run.answer(run.quiz.answer).ok
            continue
        state = run.state
        assert state.to_move == YOU, f"{run.lesson.id}: step {run.pos} is not the learner's turn"
        right = run.step.action
        for action in state.legal_actions():
            if str(action) != right:
                fb = run.try_action(action)
                assert not fb.ok and fb.message
                refused += 1
        if state.phase == "play":
            for card in cards_of(state.hands[YOU]):
                if f"play {card}" not in {str(a) for a in state.legal_actions()}:
                    fb = run.try_action(f"play {card}")
                    assert not fb.ok and fb.message == state.explain(f"play {card}")
                    refused += 1
        assert run.state is state  # nothing changed while refusing
        assert run.try_action(right).ok
    return refused


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_completes_and_refuses_wrong_moves(lesson):
    run = start(lesson.id)
    assert run.prompt or run.lesson.intro
    assert finish(run) >= 1
    assert run.done and run.prompt == lesson.outro


def test_at_least_six_lessons_with_the_worked_examples():
    assert len(LESSONS) >= 6
    ids = {lesson.id for lesson in LESSONS}
    assert {"follow", "trump", "overtrump", "rotterdam", "roem", "nat"} <= ids


def test_partner_rule_lesson_explains_the_overtrump_duty():
    run = start("overtrump")
    while not (run.waiting_for_you and run.step.action == "play QH"):
        if run.waiting_for_you:
            run.try_action(run.step.action)
        else:
            run.play_scripted()
    fb = run.try_action("play 7S")
    assert not fb.ok
    assert fb.message == "An opponent is winning with 8♥: you must overtrump (you hold Q♥)."


def test_roem_lesson_credits_forty_roem():
    run = start("roem")
    finish(run)
    assert [e.roem for e in run.events if isinstance(e, RoemClaimed)] == [40]


def test_nat_quiz_uses_the_worked_example():
    run = start("nat")
    assert not run.answer("made").ok
    assert run.answer("nat").ok
    fb = run.answer("182")
    assert fb.ok and "nat, the defence scores 182" in fb.message


def test_the_new_lessons_teach_choosing_trump_scoring_and_klabberjass_words():
    ids = [lesson.id for lesson in LESSONS]
    assert {"choose", "scoring", "klabberjass"} <= set(ids)
    run = start("choose")
    assert run.step.key == "choose_name"
    assert not run.try_action("name H").ok  # legal, but spades hold the jack and nine
    assert run.try_action("name S").ok
    quiz = start("klabberjass").lesson.quiz
    words = " ".join(q.question + q.explain for q in quiz).lower()
    for word in ("schmeiss", "dix", "bella"):
        assert word in words  # explained somewhere in the app at last
    scoring = start("scoring")
    assert finish(scoring) >= 1
    assert "262" in scoring.lesson.quiz[1].explain  # the engine's pit: 162 + 100


def test_three_at_the_table_teaches_naming_the_talon_laying_away_and_the_ruff():
    """Kalabriasz (RULES.md 3): West and East pass, you name hearts and take the talon, lay
    away the 10 of spades (10 points yours) and your only club, then trump West's ace of
    clubs with the 7 of hearts: 11 points to you, the maker."""
    from klaverjas_gui.engine.cards import POINTS, Card
    from klaverjas_gui.games import get_game

    run = start("three")
    assert run.lesson.game is get_game("kalabriasz") and len(run.state.hand(YOU)) == 10
    finish(run)
    state = run.state
    assert state.maker == YOU and state.trump_suit.value == "H"
    assert state.laid_away == (Card("T", "S"), Card("8", "C"))
    assert sum(POINTS[state.trump][c.index] for c in state.laid_away) == 10
    assert state.tricks == ((1, (Card("A", "C"), Card("7", "C"), Card("7", "H"))),)
    assert state.deal_points[YOU] == 11 and state.to_move == YOU  # the trick is yours


def test_what_the_lesson_said_follows_a_switch_of_language():
    """The panel rereads `said` every frame: after a switch of language in the Settings it
    is in the new language (a sentence kept as a string stayed in English)."""
    from klaverjas_gui import i18n

    run = start("three")
    finish(run)
    quiz = start("nat")
    quiz.answer("nat")
    quiz.answer("182")  # its sentence holds the engine's numbers
    english = run.said, quiz.said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)  # the conftest sets English back
        assert run.said == i18n.tr("teach.three_ruff_done") != english[0]
        score = quiz.lesson.quiz[1]
        assert quiz.said == i18n.tr(f"teach.{score.key}_explain", **score.values()) != english[1]
