"""The tutorial scenes, driven headless by posted events: every lesson done, wrong moves refused.

The lessons' logic is tested in test_lessons.py; here the learner reaches the
lessons from the main menu, plays by click, drag and keyboard, answers with the
buttons, and the tick is saved in the settings file.
"""

from __future__ import annotations

import json

import pygame
import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    drag,
    drop_point,
    open_learn,
    press,
    run_until,
)

from klaverjas_gui import words
from klaverjas_gui.engine.cards import cards_of
from klaverjas_gui.engine.match import RoemClaimed
from klaverjas_gui.i18n import tr
from klaverjas_gui.teach.lessons import LESSONS, YOU
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.tutorial import LessonListScene, LessonScene, QuizScene


def open_lessons(app) -> LessonListScene:
    """Main menu → Learn → Tutorial, by clicks."""
    lessons = open_learn(app, "tutorial")
    assert isinstance(lessons, LessonListScene)
    return lessons


def wrong_card(scene: LessonScene):
    """An illegal card in the learner's hand if there is one, else a legal one the lesson
    does not want; None when the wanted card is the only one."""
    state = scene.session.state
    right = scene.run.parse(scene.run.step.action).card
    legal = {a.card for a in state.legal_actions() if a.card is not None}
    hand = cards_of(state.hands[YOU])
    illegal = [c for c in hand if c not in legal]
    if illegal:
        return illegal[0], True
    other = [c for c in hand if c != right]
    return (other[0], False) if other else (None, False)


def play_lesson(app, scene: LessonScene, way: str) -> int:
    """Finish a card lesson: at each of the learner's steps try a wrong move first."""
    refused = 0
    while not scene.finished:
        run_until(app, lambda: scene.finished or (scene.run.waiting_for_you and scene.may_act()))
        if scene.finished:
            break
        run = scene.run
        state = scene.session.state
        action = run.parse(run.step.action)
        if action.card is not None:  # a card played, or laid away (Kalabriasz's talon)
            run_until(app, scene.human_may_play)
            card, illegal = wrong_card(scene)
            if card is not None:
                click(app, card_pos(scene, card))
                assert scene.session.state is state and run.step.action == str(action)
                if illegal:
                    move = scene.hand.action(card)
                    assert scene.refusal == words.explain(state, move)
                    assert scene.refusal == state.explain(move)  # English: the engine's
                else:
                    assert scene.refusal == (run.step.instead or tr("teach.lesson_wants"))
                refused += 1
            target = action.card
            if way == "drag":
                drag(app, card_pos(scene, target), drop_point(scene))
            elif way == "keys":
                hand = scene.model.hands[YOU]
                if scene.hand.selected is None:
                    press(app, pygame.K_RIGHT)  # the first key selects the first card
                steps = (hand.index(target) - scene.hand.selected) % len(hand)
                for _ in range(steps):
                    press(app, pygame.K_RIGHT)
                press(app, pygame.K_RETURN)
            else:
                click(app, card_pos(scene, target))
        else:  # a decision: first a wrong button where the panel offers one
            run_until(app, lambda: scene.prompt.visible)
            wrong = [k for k, a in scene.prompt.actions.items() if a != action]
            if wrong:
                click_button(app, scene, wrong[0])
                assert scene.session.state is state
                assert scene.refusal == (run.step.instead or tr("teach.lesson_wants"))
                refused += 1
            elif action.kind == "claim":
                press(app, pygame.K_p)  # pass: the lesson wants the roem claimed
                assert scene.session.state is state and scene.refusal
                refused += 1
            key = next(k for k, a in scene.prompt.actions.items() if a == action)
            click_button(app, scene, key)
        assert scene.session.state is not state, f"{scene.lesson.id}: {action} was not played"
        assert not scene.refusal
    return refused


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.stacked],
                         ids=lambda lesson: lesson.id)  # fmt: skip
def test_card_lesson_through_the_scene(make_app, tmp_path, lesson):
    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, f"lesson_{lesson.id}")
    scene = app.top
    assert isinstance(scene, LessonScene) and scene.lesson is lesson
    way = ("click", "drag", "keys")[LESSONS.index(lesson) % 3]
    assert play_lesson(app, scene, way) >= 1
    assert scene.run.done and "next_lesson" in scene.buttons
    assert lesson.id in app.settings.tutorial_done
    number = LESSONS.index(lesson) + 1  # a lesson is no match: no "DEAL 1 OF 16"
    assert scene.view.score_head(scene.picture()) == f"LESSON {number} OF {len(LESSONS)}"
    _, lines = scene.panel_lines()
    praise = " ".join(text for text, _ in lines).lower()
    assert praise.count("well done") == 1, praise  # said once, not twice
    stored = json.loads(next((tmp_path / "data").rglob("settings.json")).read_text())
    assert lesson.id in stored["tutorial_done"]
    if lesson.id == "roem":
        assert scene.model.deal_roem[0] == 40
        assert [e.roem for e in scene.run.events if isinstance(e, RoemClaimed)] == [40]
    # Enter goes on to the next lesson
    press(app, pygame.K_RETURN)
    nxt = LESSONS[LESSONS.index(lesson) + 1]
    assert getattr(app.top, "lesson", None) is nxt


def test_nat_quiz_through_the_buttons(make_app):
    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, "lesson_nat")
    quiz = app.top
    assert isinstance(quiz, QuizScene)
    click_button(app, quiz, "choice_made")
    assert quiz.refusal.startswith(tr("teach.not_quite", explain="").strip())
    assert quiz.run.quiz_pos == 0
    click_button(app, quiz, "choice_nat")
    assert quiz.run.quiz_pos == 1 and not quiz.refusal
    # the second question by keyboard: Right to 162 (wrong), then to 182
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert quiz.refusal and quiz.run.quiz_pos == 1
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert quiz.finished and "182" in quiz.run.said
    assert "nat" in app.settings.tutorial_done
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LessonListScene)


def test_list_ticks_and_again(make_app):
    app = make_app()
    app.settings.tutorial_done = ["follow"]
    listing = open_lessons(app)
    assert listing.subtitle == tr("teach.lessons_subtitle", done=1, total=len(LESSONS))
    assert listing.items[1][3] == "@primary"  # the first lesson not yet done stands out
    click_button(app, listing, "lesson_trump")
    first = app.top
    run_until(app, lambda: first.run.waiting_for_you and first.human_may_play())
    click_button(app, first, "again")
    again = app.top
    assert isinstance(again, LessonScene) and again is not first and again.run.pos == 0
    assert first not in app.scenes
    press(app, pygame.K_ESCAPE)
    assert app.top is listing
    app.step(DT)


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1024x600", "1920x1080"])
def test_lesson_scenes_draw_in_dutch_and_french(make_app, size):
    for lang in ("nl", "fr"):
        app = make_app("--lang", lang, size=size)
        listing = open_lessons(app)
        assert listing.buttons["lesson_follow"].text == f"1. {LESSONS[0].title}"
        click_button(app, listing, "lesson_roem")
        scene = app.top
        run_until(app, lambda scene=scene: scene.prompt.visible)
        head, lines = scene.panel_lines()
        assert scene.lesson.title in head and lines[-1][0] == scene.run.prompt


def test_a_card_clicked_while_the_lesson_asks_for_a_button(make_app):
    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, "lesson_roem")
    scene = app.top
    run_until(app, lambda: scene.prompt.visible)  # naming trump: buttons, not cards
    state = scene.session.state
    click(app, card_pos(scene, scene.model.hands[YOU][0]))
    assert scene.session.state is state and scene.refusal == tr("teach.use_buttons")


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_klabberjass_quiz_says_what_it_asks_about_and_its_buttons_hold_no_suit_symbol(
    make_app, lang
):
    """A newcomer met "Drie eigen woorden:" and then a question about a schmeiss nobody had
    explained; the dix answer's button read "Ruilen tegen de A▯": a button's font (Noto
    Sans, pygame-gui) has no ♣♦♥♠, only the table's own text draws them (theme.text)."""
    from klaverjas_gui.ui.theme import SUIT_GLYPHS

    app = make_app("--lang", lang)
    listing = open_lessons(app)
    click_button(app, listing, "lesson_klabberjass")
    quiz = app.top
    assert isinstance(quiz, QuizScene)
    schmeiss = tr("teach.rules_kj_schmeiss")  # the rules page: "Schmeiss: <what it is>. ..."
    what = schmeiss.split(":", 1)[1].split(".")[0].strip().lower()
    assert what in quiz.run.prompt.lower(), quiz.run.prompt
    seen = []
    for answer in ("hearts", "swap", "20"):
        labels = [b.text for key, b in quiz.buttons.items() if key.startswith("choice_")]
        assert len(labels) == 3
        seen += labels
        click_button(app, quiz, f"choice_{answer}")
    assert quiz.finished
    assert not [label for label in seen if set(label) & set(SUIT_GLYPHS)], seen


def test_three_at_the_table_opens_at_the_three_player_table(make_app):
    """The lesson's game (its registry entry) says which table it is played at."""
    from klaverjas_gui.teach.lessons import LESSON_BY_ID
    from klaverjas_gui.ui.kalabriasz_lesson import KalabriaszLessonScene
    from klaverjas_gui.ui.table.three.scene import KalabriaszTableScene

    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, "lesson_three")
    scene = app.top
    assert isinstance(scene, KalabriaszLessonScene) and isinstance(scene, KalabriaszTableScene)
    assert scene.lesson is LESSON_BY_ID["three"] and scene.game.players == 3
    assert [seat.name for seat in scene.session.seats] == ["You", "West", "East"]


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.stacked][:4],
                         ids=lambda lesson: lesson.id)  # fmt: skip
def test_a_refused_card_is_said_again_in_the_language_switched_to(make_app, lesson):
    """The lesson's refusal (the engine's reason, or the lesson's own "play the other
    card") stayed in the old language after a switch in the Settings."""
    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, f"lesson_{lesson.id}")
    scene = app.top
    run_until(app, lambda: scene.run.waiting_for_you and scene.may_act())
    run_until(app, scene.human_may_play)
    card, illegal = wrong_card(scene)
    assert card is not None
    state = scene.session.state
    click(app, card_pos(scene, card))
    english = scene.refusal
    assert english and scene.session.state is state
    app.set_language("nl")
    app.step(DT)
    move = scene.hand.action(card)
    dutch = (
        words.explain(state, move)
        if illegal
        else (scene.run.step.instead or tr("teach.lesson_wants"))
    )
    assert scene.refusal == dutch != english
    assert (dutch, theme.NAT) in scene.panel_lines()[1]


def test_a_wrong_answer_is_said_again_in_the_language_switched_to(make_app):
    app = make_app()
    listing = open_lessons(app)
    click_button(app, listing, "lesson_nat")
    quiz = app.top
    click_button(app, quiz, "choice_made")
    english = quiz.refusal
    app.set_language("nl")
    app.step(DT)
    assert quiz.refusal.startswith(tr("teach.not_quite", explain="").strip())
    assert quiz.refusal == tr("teach.not_quite", explain=quiz.run.quiz.explain) != english
