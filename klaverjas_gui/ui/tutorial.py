"""The tutorial: a Learn menu, the list of lessons, and a lesson at the table.

A card lesson is the table itself (`LessonScene` is a `TableScene`), so cards
are picked by click, drag or keyboard exactly as in a match and the decision
buttons are the table's own. Only who decides differs: the other seats play
the lesson's script, and the learner's move goes to `LessonRun.try_action`,
which refuses anything but the move the lesson waits for, with the engine's
explanation or the lesson's hint. The quiz lesson (going nat) has no cards
and is a small scene of its own. A finished lesson is ticked in the settings.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Action, Card
from ..engine.match import CLAIM_ROEM
from ..i18n import tr
from ..play.seats import Jobs
from ..play.session import LESSON, LessonSession, make_seats
from ..teach.lessons import LESSONS, Lesson, LessonRun
from ..words import reason_text
from . import theme, widgets
from .commands import Command
from .menu import ListScene
from .scene import Scene
from .table.guide import Guide
from .table.layout import SOUTH, WEST, Pose, TableLayout
from .table.scene import TableScene
from .table.view import Picture, TableView

if TYPE_CHECKING:
    from .shell import Shell


def lesson_number(lesson: Lesson) -> int:
    return LESSONS.index(lesson) + 1


def mark_done(app: Shell, lesson: Lesson) -> None:
    """Tick the lesson in the settings, saved at once (so a crash keeps the tick)."""
    done = app.settings.tutorial_done
    if lesson.id not in done:
        done.append(lesson.id)
        app.save_settings()


def open_lesson(app: Shell, lesson: Lesson, replace: Scene | None = None) -> Scene:
    """The scene for a lesson (at its game's table, or the quiz), pushed on the stack."""
    if replace is not None:
        app.pop(replace)
    if lesson.stacked is not None:  # the game's own lesson table ("kalabriasz lesson")
        return app.push(lesson.game.scene("lesson"), lesson=lesson)  # type: ignore[no-any-return]
    scene: Scene = QuizScene(app, lesson)
    app.push(scene)
    return scene


def following(lesson: Lesson) -> Lesson | None:
    i = LESSONS.index(lesson)
    return LESSONS[i + 1] if i + 1 < len(LESSONS) else None


# --- menus ---
class LearnScene(ListScene):
    """One entry in the main menu leads here: the tutorial, the rules, or practising the
    positions of one's own costliest decisions (the coach's drills: learning, like the
    lessons, and not a match to set up, so here and not on the Play screen)."""

    button_size = (420, 52, 12)

    @property
    def title(self) -> str:
        return tr("teach.learn_title")

    @property
    def subtitle(self) -> str:
        return tr("teach.learn_subtitle")

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        return [
            ("tutorial", tr("teach.menu_tutorial", n=len(LESSONS)), self.open_tutorial, "@primary"),
            ("rules", tr("teach.menu_rules"), self.open_rules, "@menu"),
            ("drill", tr("coach.drill_menu"), self.open_drill, "@menu"),
            ("back", tr("teach.back"), self.back, "@menu"),
        ]

    def open_drill(self) -> None:
        self.app.push("drill")

    def open_tutorial(self) -> None:
        self.app.push(LessonListScene(self.app))

    def open_rules(self) -> None:
        self.app.push("rules")

    def back(self) -> None:
        self.app.pop(self)


class LessonListScene(ListScene):
    """The six lessons, ticked when done."""

    button_size = (460, 50, 10)

    @property
    def title(self) -> str:
        return tr("teach.lessons_title")

    @property
    def subtitle(self) -> str:
        done = sum(1 for lesson in LESSONS if lesson.id in self.app.settings.tutorial_done)
        return tr("teach.lessons_subtitle", done=done, total=len(LESSONS))

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.24)

    def enter(self) -> None:
        self.build()  # ticks and the count change when a lesson was finished
        # Enter starts the lesson that stands out (the first not yet done), not the one
        # just finished or the first of the list
        primary = next((key for key, *_, cls in self.items if cls == "@primary"), None)
        if primary is not None:
            self.ring.focus(primary)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        done = self.app.settings.tutorial_done
        first_open = next((lesson for lesson in LESSONS if lesson.id not in done), None)
        items = [
            (f"lesson_{lesson.id}",
             tr("teach.lesson_label", number=lesson_number(lesson), title=lesson.title),
             lambda lesson=lesson: open_lesson(self.app, lesson),
             "@primary" if lesson is first_open else "@menu")
            for lesson in LESSONS
        ]  # fmt: skip
        return [*items, ("back", tr("teach.back"), self.back, "@menu")]

    def back(self) -> None:
        self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        u = theme.scale_for(self.app.size)
        for lesson in LESSONS:
            button = self.buttons.get(f"lesson_{lesson.id}")
            if button is None or lesson.id not in self.app.settings.tutorial_done:
                continue
            rect = button.get_abs_rect()
            # on the outer side of its column: right of a left-hand button it lay on the
            # right-hand column's button ("7. Signals" looked done when lesson 1 was)
            left = rect.centerx < self.app.size[0] // 2
            x = rect.left - round(26 * u) if left else rect.right + round(26 * u)
            draw_tick(surface, (x, rect.centery), round(13 * u))


def draw_tick(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A gold disc with a check mark: this lesson is done."""
    x, y = centre
    pygame.draw.circle(surface, theme.GOLD, centre, r)
    w = max(2, r // 4)
    points = [(x - r * 0.5, y), (x - r * 0.12, y + r * 0.4), (x + r * 0.52, y - r * 0.38)]
    pygame.draw.lines(surface, theme.INK, False, [(round(a), round(b)) for a, b in points], w)


# --- the lesson panel, shared by both kinds of lesson ---
@dataclass(frozen=True)
class PanelText:
    """A lesson panel's words laid out: heading lines, paragraphs at `size`, and where the
    last line ends (past `rect.bottom` when even the smallest size did not fit)."""

    rect: pygame.Rect
    head: list[str]
    size: int
    paragraphs: list[tuple[list[str], tuple]]
    text_bottom: int

    @property
    def fits(self) -> bool:
        return self.text_bottom <= self.rect.bottom


def lesson_panel_text(
    rect: pygame.Rect, u: float, head: str, lines: list[tuple[str, tuple]], smallest: float = 11
) -> PanelText:
    """The panel's words wrapped to its width, the font shrunk to fit, but not below
    `smallest` layout units (9 px at 1024x600, as much more as the window is larger) nor
    MIN_READABLE pixels as drawn (at Larger text it shrank below the Normal size's
    letters); a caller that must stay readable checks `fits`, and grows the panel."""
    px = lambda v: max(1, round(v * u))  # noqa: E731
    floor = max(px(smallest), math.ceil(theme.MIN_READABLE / theme.text_scale()))
    width = rect.w - px(24)
    head_lines = theme.wrap(head, px(15), width, bold=True)
    head_h = sum(
        theme.text(line, px(15), theme.GOLD_LIGHT, True).get_height() for line in head_lines
    )
    top = rect.top + px(8) + head_h + px(4)
    room = rect.bottom - px(8) - top
    size, wrapped, need = px(17), [], 0
    while True:
        wrapped = [(theme.wrap(text, size, width), colour) for text, colour in lines if text]
        line_h = theme.font(size).get_linesize()
        need = sum(len(ls) for ls, _ in wrapped) * line_h + px(6) * max(0, len(wrapped) - 1)
        if need <= room or size <= floor:
            break
        size -= 1
    return PanelText(pygame.Rect(rect), head_lines, size, wrapped, top + need + px(8))


def draw_lesson_panel(
    surface: pygame.Surface, rect: pygame.Rect, u: float, head: str,
    lines: list[tuple[str, tuple]], ceiling: int = 0,
) -> None:  # fmt: skip
    """A framed panel: a heading, then paragraphs (text, colour), the font shrunk to fit,
    at a larger text size never below the Normal size's letters (the panel's room is the
    same at every size: its words came smaller at Larger than at Normal); where even the
    smallest letters do not fit, the panel grows upwards over what lies above it, up to
    `ceiling` (opaque, so a name plate there does not show through)."""
    normal, scale = round(17 * u), theme.text_scale()  # the words' first letters at Normal
    smallest = max(11.0, math.ceil(normal / scale) / u) if scale > 1 else 11.0
    panel = lesson_panel_text(rect, u, head, lines, smallest)
    if panel.fits:
        draw_panel_text(surface, panel, u)
        return
    taller = rect.inflate(0, 0)
    taller.top = max(ceiling, rect.top - (panel.text_bottom - rect.bottom))
    taller.h = rect.bottom - taller.top
    draw_panel_text(surface, lesson_panel_text(taller, u, head, lines, smallest), u, 255)


def draw_panel_text(surface: pygame.Surface, panel: PanelText, u: float, alpha: int = 235) -> None:
    """`alpha` 255 where the panel lies over a name plate, which must not show through."""
    px = lambda v: max(1, round(v * u))  # noqa: E731
    rect = panel.rect
    widgets.draw_panel(surface, rect, u, (6, 26, 17, alpha), theme.GOLD)
    x, y = rect.left + px(12), rect.top + px(8)
    for line in panel.head:
        img = theme.text(line, px(15), theme.GOLD_LIGHT, True)
        surface.blit(img, (x, y))
        y += img.get_height()
    y += px(4)
    line_h = theme.font(panel.size).get_linesize()
    for paragraph, colour in panel.paragraphs:
        for line in paragraph:
            if y + line_h > rect.bottom:  # never onto what lies below the frame
                return
            surface.blit(theme.text(line, panel.size, colour), (x, y))
            y += line_h
        y += px(6)


class LessonSouth:
    """A lesson's table layout (mixed in before the game's): the bottom hand lies a little
    closer (as a hand of ten or twelve does, each card's corner still whole) and right of
    the middle, as far as the column of buttons allows, so the lesson panel left of it is
    wider. At 1024x600 its words came in small letters, and where even those did not fit
    (the signals lesson) the panel grew over West's name plate and hid it."""

    def south_spacing(self, n: int) -> float:
        L: Any = self
        return float(min(0.46 * L.card[0], super().south_spacing(n)))  # type: ignore[misc]

    def south_x(self) -> float:
        L: Any = self
        n = L.longest_hand
        right = L.w / 2 + L.south_spacing(n) * (n - 1) / 2 + L.card[0] / 2
        # up to the column as wide as the largest letters make it: the same table at every
        # text size (a wider panel at Normal gave its words larger letters than at Larger)
        widest = max(theme.TEXT_SIZES.values())
        room = L.side_buttons(1, widest)[0].left - L.px(24) - right
        return float(L.w / 2 + max(0, room))


@dataclass(frozen=True)
class LessonLayout(LessonSouth, TableLayout):
    """The four-player table of a lesson."""


class LessonPicture:
    """What a lesson changes in a table's view (mixed in before the game's view): South's
    name plate gives way to the lesson panel, and the score's head names the lesson."""

    lesson: Lesson | None = None  # set by the lesson's scene

    def _plate(self, surface: pygame.Surface, p: Picture, seat: int) -> None:
        if seat != SOUTH:
            super()._plate(surface, p, seat)  # type: ignore[misc]

    def score_head(self, p: Picture) -> str:
        """ "LESSON 3 OF 9" where a match says "DEAL 1 OF 16": a lesson is no match."""
        if self.lesson is None:
            return super().score_head(p)  # type: ignore[misc, no-any-return]
        return tr("teach.lesson_deal", number=lesson_number(self.lesson), total=len(LESSONS))


class LessonView(LessonPicture, TableView):
    """The four-player table as drawn in a match, with the lesson's panel and heading."""


class LessonGuide(Guide):
    """A lesson says what to play itself, in the panel where the hint button would sit."""

    @property
    def hints_on(self) -> bool:
        return False

    def saw(self, before: Any, events: list) -> None:
        """A lesson keeps no trick for a roem note: it says what to claim itself."""


class LessonScene(TableScene):
    """One card lesson at the table: the script plays the others, the learner plays South.
    A game's own lesson table mixes this before its table scene (ui/kalabriasz_lesson.py)."""

    layout_class: type[TableLayout] = LessonLayout
    view_class = LessonView
    guide_class = LessonGuide

    def __init__(self, app: Shell, lesson: Lesson) -> None:
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.refusing: Callable[[], str] = lambda: ""  # see `refusal`
        self._refused: Callable[[], str] = lambda: ""  # the words of the reason just given
        self.finished = False
        names = [tr(f"teach.{key}") for key in lesson.seat_names]
        seats = [(names[0], "human")] + [(n, "random") for n in names[1:]]
        session = LessonSession(self.run, make_seats(lesson.game, 0, seats), app.settings,
                                Jobs(app.deterministic))  # fmt: skip
        self.lesson_session = session
        super().__init__(app, lesson.variant, 0, session=session)
        self.view.lesson = lesson  # type: ignore[attr-defined]

    # --- widgets ---
    def build(self) -> None:
        L = self.layout
        if self.finished:
            rects = L.side_buttons(3)
            nxt = following(self.lesson)
            if nxt is not None:
                self.button("next_lesson", rects[0], tr("teach.next_lesson"), self.next_lesson,
                            "@primary")  # fmt: skip
            self.button("again", rects[1], tr("teach.again"), self.again, "@quiet")
            self.button("lessons", rects[2], tr("teach.to_lessons"), self.to_lessons, "@quiet")
        else:
            rects = L.side_buttons(2)
            self.button("again", rects[0], tr("teach.again"), self.again, "@quiet")
            self.button("lessons", rects[1], tr("teach.to_lessons"), self.to_lessons, "@quiet")
        claim = self.button("roem", L.claim_rect(), tr("teach.roem_button"),
                            lambda: self.decide(CLAIM_ROEM), "@claim")  # fmt: skip
        claim.hide()

    def next_lesson(self) -> None:
        nxt = following(self.lesson)
        if nxt is not None:
            open_lesson(self.app, nxt, replace=self)

    def again(self) -> None:
        open_lesson(self.app, self.lesson, replace=self)

    def to_lessons(self) -> None:
        self.app.pop(self)

    # --- the learner's moves ---
    def decide(self, action: Action | None) -> None:
        if action is None or self.session.state.to_move != SOUTH or not self.may_act():
            return
        self.submit(action)

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        if not self.human_may_play():
            self.not_your_turn()
            return False
        return self.submit(self.hand.action(card), origin) is None  # played, or laid away

    @property
    def refusal(self) -> str:
        """Why the last move was refused (the engine's or the lesson's words), worded when
        read: a switch of language in the Settings says it again in the new one."""
        return self.refusing()

    def not_your_turn(self) -> None:
        if self.run.done:
            return
        if not self.run.waiting_for_you:
            self.refusing = lambda: tr("teach.not_your_turn")
        elif self.session.state.phase not in self.card_phases:
            self.refusing = lambda: tr("teach.use_buttons")

    def submit(self, action: Action, origin: Pose | None = None) -> str | None:
        """Only the move the lesson waits for is played (LessonSession); anything else is
        refused in words, which the panel keeps while the learner is asked."""
        asked = self.run.waiting_for_you and not self.run.done
        reason = super().submit(action, origin)
        if asked:
            self.refusing = self._refused if reason is not None else lambda: ""
        return reason

    def reason_words(self, reason: Any) -> str:
        """The lesson's own words for a move it does not want, else the engine's; kept as
        a way to word them again (`refusal`)."""
        if reason.key == LESSON:
            self._refused = self.lesson_session.refused
        else:
            self._refused = lambda: reason_text(reason)
        return self._refused()

    # --- the frame ---
    def waiting_for_person(self) -> bool:
        """The learner is to act (or the lesson is over): the script plays nothing meanwhile."""
        return self.finished or self.session.waiting_for_person()

    def _drive(self, dt: float) -> None:
        """The lesson ends, the learner is asked, or the session plays the script's move."""
        run = self.run
        if run.done:
            self.prompt.hide()
            if not self.finished and self.may_act():
                self.finish()
            return
        if not self.may_act():
            self.prompt.hide()
            return
        if run.waiting_for_you:
            if self.session.state.phase in self.prompt_phases:
                self.prompt.show(self.session.state)
            else:
                self.prompt.hide()
            return
        self.prompt.hide()
        self.session.step(dt)

    def finish(self) -> None:
        self.finished = True
        mark_done(self.app, self.lesson)
        self.clear_buttons()
        self.build()

    def _key(self, name: str) -> bool:
        if name == "back":
            self.to_lessons()
            return True
        if name == "confirm" and self.finished:
            (self.next_lesson if following(self.lesson) else self.to_lessons)()
            return True
        if name == "score_sheet":
            return False  # a lesson has no score sheet
        return super()._key(name)

    # --- drawing ---
    def panel_rect(self) -> pygame.Rect:
        """Bottom left, between West's plate and South's hand: the free corner of the cloth."""
        L = self.layout
        left = L.margin
        top = L.plate_rect(WEST, False).bottom + L.px(12)
        right = L.hand_bounds(SOUTH, False).left - L.px(16)
        return pygame.Rect(left, top, right - left, L.h - L.margin - top)

    def panel_lines(self) -> tuple[str, list[tuple[str, tuple]]]:
        run = self.run
        head = tr("teach.lesson_head", number=lesson_number(self.lesson), total=len(LESSONS),
                  title=self.lesson.title)  # fmt: skip
        if self.finished:
            return head, [(tr("teach.well_done"), theme.GOLD_LIGHT), (run.said, theme.TEXT_DIM),
                          (self.lesson.outro, theme.TEXT)]  # fmt: skip
        lines: list[tuple[str, tuple]] = []
        if self.refusal:
            lines.append((self.refusal, theme.NAT))
        if run.waiting_for_you:
            if not self.refusal and run.said:
                lines.append((run.said, theme.TEXT_DIM))
            lines.append((run.prompt, theme.TEXT))
        else:
            lines.append((run.said, theme.TEXT))
        return head, lines

    def panel_ceiling(self) -> int:
        """How far up the panel may grow when its words do not fit (the window's top)."""
        return 0

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        head, lines = self.panel_lines()
        draw_lesson_panel(surface, self.panel_rect(), self.layout.u, head, lines,
                          self.panel_ceiling())  # fmt: skip


class QuizScene(Scene):
    """A lesson of questions about a score (going nat): answer buttons, no cards."""

    def __init__(self, app: Shell, lesson: Lesson) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.refusing: Callable[[], str] = lambda: ""  # see `refusal`
        self.finished = False
        self.focus = 0
        self.build()

    def build(self) -> None:
        self.clear_buttons()
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        quiz = self.run.quiz
        bh, gap = px(54), px(14)
        y = round(h * 0.62)
        if quiz is not None:
            bw, bh = px(180), bh
            for choice in quiz.choices:  # every answer's words fit its button
                bw, bh = widgets.fit_label(self.app.size, quiz.label(choice), "@menu", bw, bh)
            bw = min(bw, (w - px(40) - (len(quiz.choices) - 1) * gap) // len(quiz.choices))
            row = len(quiz.choices) * bw + (len(quiz.choices) - 1) * gap
            x = w // 2 - row // 2
            for i, choice in enumerate(quiz.choices):
                rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
                self.button(f"choice_{choice}", rect, quiz.label(choice),
                            lambda c=choice: self.answer(c), "@menu")  # fmt: skip
            self.focus = min(self.focus, len(quiz.choices) - 1)
        else:
            self.focus = 0
        bw, bh2 = px(230), px(44)
        keys = ["lessons"]
        if self.finished and following(self.lesson) is not None:
            keys.insert(0, "next_lesson")
        row = len(keys) * bw + (len(keys) - 1) * gap
        x = w // 2 - row // 2
        y = h - px(24) - bh2
        for i, key in enumerate(keys):
            rect = pygame.Rect(x + i * (bw + gap), y, bw, bh2)
            if key == "lessons":
                self.button(key, rect, tr("teach.to_lessons"), self.to_lessons, "@quiet")
            else:
                self.button(key, rect, tr("teach.next_lesson"), self.next_lesson, "@primary")

    def answer(self, choice: str) -> None:
        feedback = self.run.answer(choice)
        self.refusing = (lambda: "") if feedback.ok else feedback.words
        if self.run.done and not self.finished:
            self.finished = True
            mark_done(self.app, self.lesson)
        self.build()

    @property
    def refusal(self) -> str:
        """Why the last answer was wrong, worded when read (in the language of now)."""
        return self.refusing()

    def next_lesson(self) -> None:
        nxt = following(self.lesson)
        if nxt is not None:
            open_lesson(self.app, nxt, replace=self)

    def to_lessons(self) -> None:
        self.app.pop(self)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind != "key":
            return False
        quiz = self.run.quiz
        if cmd.name == "back":
            self.to_lessons()
        elif cmd.name in ("left", "right") and quiz is not None:
            step = -1 if cmd.name == "left" else 1
            self.focus = (self.focus + step) % len(quiz.choices)
        elif cmd.name == "confirm":
            if quiz is not None:
                self.answer(quiz.choices[self.focus])
            else:
                (self.next_lesson if following(self.lesson) else self.to_lessons)()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(self.lesson.title, px(40), theme.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(28))))
        rect = pygame.Rect(0, 0, min(w - px(40), px(860)), round(h * 0.62) - px(36) - px(96))
        rect.midtop = (w // 2, px(96))
        head = tr("teach.lesson_head", number=lesson_number(self.lesson), total=len(LESSONS),
                  title=self.lesson.title)  # fmt: skip
        run = self.run
        lines: list[tuple[str, tuple]] = [(self.lesson.intro, theme.TEXT_DIM)]
        if self.finished:
            lines += [(tr("teach.well_done"), theme.GOLD_LIGHT), (run.said, theme.TEXT),
                      (self.lesson.outro, theme.TEXT)]  # fmt: skip
        else:
            if self.refusal:
                lines.append((self.refusal, theme.NAT))
            elif run.quiz_pos:
                lines.append((run.said, theme.TEXT_DIM))
            lines.append((run.prompt, theme.GOLD_LIGHT))
        draw_lesson_panel(surface, rect, u, head, lines)
        super().draw(surface)
        quiz = run.quiz
        if quiz is not None:
            button = self.buttons.get(f"choice_{quiz.choices[self.focus]}")
            if button is not None:
                r = button.get_abs_rect().inflate(px(10), px(10))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, r, max(2, px(2)), px(16))
