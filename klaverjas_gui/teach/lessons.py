"""The tutorial: short lessons on fixed deals that wait for the right move.

Each lesson is a stacked deal and a script. Scripted moves of the other seats
are played for them; at a "you" step the lesson waits for one card or call. An
illegal move is answered with the engine's own explanation; a legal move that
misses the lesson's point is answered with the step's `instead` text. Quiz
steps ask a question about a score worked out by the engine (RULES.md 1.8).
Every text is a key of the `teach` translations, looked up when it is shown,
so a lesson reads in the language chosen at that moment. A lesson names its game
(the registry's): "Three at the table" is a deal of Kalabriasz, laid out by the
game's own state and its own moves ("lay 10S").
Pure Python: the tutorial scene only draws a `LessonRun` and feeds it input.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import KALABRIASZ_PRESETS, PRESETS, KalabriaszStacked
from ..engine.match import Action, Stacked
from ..engine.scoring import settle
from ..engine.state import Event, GameState
from ..games import Game, get_game
from ..i18n import catalog, tr

YOU = 0  # the learner sits south


def text(key: str, **values: object) -> str:
    """The lesson text `teach.<key>` in the current language; "" when no such text exists."""
    full = f"teach.{key}"
    return tr(full, **values) if full in catalog("en") else ""


@dataclass(frozen=True)
class Step:
    """One move of the script. `key` is set exactly for the learner's own steps.

    Its texts are `teach.<key>` (the prompt), `<key>_instead` (said when the
    learner picks a legal but different move) and `<key>_done` (said after the
    learner got it right)."""

    action: str
    key: str = ""

    @property
    def prompt(self) -> str:
        return text(self.key) if self.key else ""

    @property
    def instead(self) -> str:
        return text(f"{self.key}_instead") if self.key else ""

    @property
    def done(self) -> str:
        return text(f"{self.key}_done") if self.key else ""


@dataclass(frozen=True)
class Quiz:
    """A question with buttons; `values` fills the numbers the engine worked out."""

    key: str
    choices: tuple[str, ...]
    answer: str
    values: Callable[[], dict[str, object]] | None = None

    @property
    def question(self) -> str:
        return text(self.key)

    @property
    def explain(self) -> str:
        return text(f"{self.key}_explain", **(self.values() if self.values else {}))

    @staticmethod
    def label(choice: str) -> str:
        """What a choice button says: numbers as they are, words translated."""
        return text(f"choice_{choice}") or choice


@dataclass(frozen=True)
class Lesson:
    id: str
    variant: Any  # the game's variant
    stacked: Any = None  # the game's stacked deal (engine.match.Stacked for Klaverjas)
    script: tuple[Step, ...] = ()
    quiz: tuple[Quiz, ...] = ()
    game_name: str = "klaverjas"  # the registry's name of the game it is a deal of
    seat_names: tuple[str, ...] = ("seat_0", "seat_1", "seat_2", "seat_3")  # teach.<key>

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    @property
    def title(self) -> str:
        return text(f"{self.id}_title")

    @property
    def intro(self) -> str:
        return text(f"{self.id}_intro")

    @property
    def outro(self) -> str:
        return text(f"{self.id}_outro")


@dataclass
class Feedback:
    """The answer to a move or a choice. Its words are worded when read (`message`): a
    refusal kept on screen is said again in the language switched to."""

    ok: bool
    words: Callable[[], str]

    @property
    def message(self) -> str:
        return self.words()


@dataclass
class LessonRun:
    """A lesson in progress: the state, where the script is, and what to say."""

    lesson: Lesson
    state: GameState | None = None  # the game's state
    pos: int = 0
    quiz_pos: int = 0
    saying: Callable[[], str] = lambda: ""  # what was said last, worded when it is read
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.lesson.stacked is not None:
            self.state = self.lesson.game.state.start(self.lesson.variant, 0, self.lesson.stacked)
        lesson = self.lesson
        self.saying = lambda: lesson.intro

    @property
    def said(self) -> str:
        """What was said last, in the language of now: a switch of language in the
        Settings rewords it (a string kept from before would stay in the old one)."""
        return self.saying()

    @property
    def step(self) -> Step | None:
        return self.lesson.script[self.pos] if self.pos < len(self.lesson.script) else None

    @property
    def quiz(self) -> Quiz | None:
        if self.step is not None or self.quiz_pos >= len(self.lesson.quiz):
            return None
        return self.lesson.quiz[self.quiz_pos]

    @property
    def done(self) -> bool:
        return self.step is None and self.quiz is None

    @property
    def waiting_for_you(self) -> bool:
        """True when the learner must act (a card or call, or a quiz answer)."""
        step = self.step
        if step is not None:
            return bool(step.key)
        return self.quiz is not None

    @property
    def prompt(self) -> str:
        if self.step is not None and self.step.key:
            return self.step.prompt
        if self.quiz is not None:
            return self.quiz.question
        return self.lesson.outro if self.done else ""

    def play_scripted(self) -> list[Event]:
        """Play the next move of another seat; returns its events ([] if it is your turn)."""
        step = self.step
        if step is None or step.key:
            return []
        assert self.state is not None
        self.state, events = self.state.apply(self.parse(step.action))
        self.pos += 1
        return events

    def try_action(self, action: Action | str) -> Feedback:
        """The learner's move: applied only if it is the one the lesson waits for."""
        step = self.step
        if step is None or not step.key or self.state is None:
            return Feedback(False, lambda: text("not_your_turn"))
        action = self.parse(action)
        why = self.state.explain(action)
        if why is not None:
            return Feedback(False, lambda: why)  # the engine's English (the table words its Reason)
        if action != self.parse(step.action):
            return Feedback(False, lambda: step.instead or text("lesson_wants"))
        self.state, self.events = self.state.apply(action)
        self.pos += 1
        self.saying = lambda: step.done
        return Feedback(True, self.saying)

    def parse(self, action: Action | str) -> Action:
        """A move of the lesson's game ("play JH", "lay 10S")."""
        return action if isinstance(action, Action) else self.lesson.game.parse_action(action)

    def answer(self, choice: str) -> Feedback:
        quiz = self.quiz
        if quiz is None:
            return Feedback(False, lambda: text("no_question"))
        if choice != quiz.answer:
            return Feedback(False, lambda: text("not_quite", explain=quiz.explain))
        self.quiz_pos += 1
        values = quiz.values() if quiz.values else {}  # the engine's numbers, worked out once
        self.saying = lambda: text(f"{quiz.key}_explain", **values)
        return Feedback(True, self.saying)


AMS = PRESETS["amsterdam"]
ROT = PRESETS["rotterdam"]

# Hands for seats 0 (you, south), 1 (west), 2 (north, your partner), 3 (east).
_PARTNER_RULE_HANDS = (
    "QH 7D 8D AS KS QS 7S 8S",
    "8C 9C JC QC KH TS JS 9S",
    "AC KC TC JH 9H AH TH AD",
    "7C 8H 7H 9D TD JD QD KD",
)


def _worked_nat() -> dict[str, object]:
    """RULES.md 1.8 as the engine scores it: choosers 82, defence 80 + 20 roem."""
    score = settle(AMS, 0, (82, 80), (0, 20), (5, 3))
    return {
        "choosers": score.card_points[0],
        "defence": score.card_points[1],
        "roem": score.roem[1],
        "score": score.scores[1],
    }


def _worked_made() -> dict[str, object]:
    """A made deal as the engine scores it: 90 against 72, no roem."""
    score = settle(AMS, 0, (90, 72), (0, 0), (5, 3))
    return {"choosers": score.scores[0], "defence": score.scores[1]}


def _worked_pit() -> dict[str, object]:
    """All eight tricks: 162 card points and the pit bonus."""
    score = settle(AMS, 0, (162, 0), (0, 0), (8, 0))
    return {"cards": score.card_points[0], "bonus": AMS.pit_bonus, "score": score.scores[0]}


def _worked_bar() -> dict[str, object]:
    """Against 40 roem the choosers need 102 card points: one fewer and they go nat."""
    made = settle(AMS, 0, (102, 60), (0, 40), (5, 3))
    short = settle(AMS, 0, (101, 61), (0, 40), (5, 3))
    assert made.outcome == "made" and short.outcome == "nat"
    return {"choosers": made.card_points[0], "defence": made.card_points[1],
            "roem": made.roem[1], "them": made.scores[1]}  # fmt: skip


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="follow",
        variant=AMS,
        stacked=Stacked(
            dealer=0,
            hands=(
                "KC 7C QH 8H AD TD 9S 7S",
                "AC QC JC AS KS 8D 9D 7H",
                "8C TC JH TH KH 7D KD QS",
                "9C AH 9H QD JD TS JS 8S",
            ),
        ),
        script=(
            Step("name S"),
            Step("play AC"),
            Step("play 8C"),
            Step("play 9C"),
            Step("play 7C", key="follow_7c"),
        ),
    ),
    Lesson(
        id="trump",
        variant=AMS,
        stacked=Stacked(
            dealer=0,
            hands=(
                "QH 7H AC KC 7C AS 9S 8S",
                "AD TD KD JH 9H AH 7S TS",
                "7D QD JD TH KH TC 9C QS",
                "8D 9D 8H JC QC 8C KS JS",
            ),
        ),
        script=(
            Step("name H"),
            Step("play AD"),
            Step("play 7D"),
            Step("play 8D"),
            Step("play 7H", key="trump_7h"),
        ),
    ),
    Lesson(
        id="overtrump",
        variant=AMS,
        stacked=Stacked(dealer=1, hands=_PARTNER_RULE_HANDS),
        script=(
            Step("name H"),
            Step("play AC"),
            Step("play 7C"),
            Step("play 7D", key="overtrump_7d"),
            Step("play 8C"),
            Step("claim"),  # North took the trick; under Amsterdam rules roem is claimed
            Step("play KC"),
            Step("play 8H"),
            Step("play QH", key="overtrump_qh"),
            Step("play 9C"),
        ),
    ),
    Lesson(
        id="rotterdam",
        variant=ROT,
        stacked=Stacked(dealer=1, hands=_PARTNER_RULE_HANDS),
        script=(
            Step("name H"),
            Step("play AC"),
            Step("play 7C"),
            Step("play QH", key="rotterdam_qh"),
            Step("play 8C"),
        ),
    ),
    Lesson(
        id="choose",
        variant=AMS,
        stacked=Stacked(
            dealer=3,
            hands=(
                "JS 9S AS 7S AH KD 8C 7D",
                "8S QH JH 9C TC QD 8D 7H",
                "TS KS QS AC KC 9H 8H AD",
                "7C 9D JC JD KH QC TD TH",
            ),
        ),
        script=(
            Step("name S", key="choose_name"),
            Step("play JS", key="choose_lead"),
            Step("play 8S"),
            Step("play TS"),
            Step("play 7C"),
        ),
    ),
    Lesson(
        id="roem",
        variant=AMS,
        stacked=Stacked(
            dealer=3,
            hands=(
                "JH 9H AC AD AS TC TD TS",
                "KH 8H 7C 8C 9C 7D 8D 9D",
                "QH AH KC QC JC KD QD JD",
                "7H TH KS QS JS 9S 8S 7S",
            ),
        ),
        script=(
            Step("name H", key="roem_name"),
            Step("play JH", key="roem_lead"),
            Step("play KH"),
            Step("play QH"),
            Step("play 7H"),
            Step("claim", key="roem_claim"),
        ),
    ),
    Lesson(
        id="signals",  # RULES.md 1.10's kleur example, the learner as South
        variant=dataclasses.replace(AMS, signals="kleur"),
        stacked=Stacked(
            dealer=1,
            hands=(
                "AD 7D KS 8S AH TH KH QH",
                "TC QC JC QD JD 8D 9H 9S",
                "AC KC 9D 8H 7H 7S TS 8C",
                "7C 9C TD KD JH AS QS JS",
            ),
        ),
        script=(
            Step("pass"),
            Step("name H"),
            Step("play AC"),
            Step("play 7C"),
            Step("play 7D", key="signals_throw"),
            Step("play JC"),
            Step("claim"),  # North took the trick; under Amsterdam rules roem is claimed
            Step("play 9D"),
            Step("play TD"),
            Step("play AD", key="signals_ace"),
        ),
    ),
    Lesson(
        id="nat",
        variant=AMS,
        quiz=(
            Quiz("nat_made", choices=("made", "nat"), answer="nat"),
            Quiz("nat_score", choices=("100", "162", "182"), answer="182", values=_worked_nat),
        ),
    ),
    Lesson(
        id="scoring",
        variant=AMS,
        quiz=(
            Quiz("scoring_made", choices=("made", "nat"), answer="made", values=_worked_made),
            Quiz("scoring_pit", choices=("162", "200", "262"), answer="262", values=_worked_pit),
            Quiz("scoring_bar", choices=("82", "102", "122"), answer="102", values=_worked_bar),
        ),
    ),
    Lesson(
        id="three",  # Kalabriasz (RULES.md 3): naming, the talon, laying away, the maker's goal
        variant=KALABRIASZ_PRESETS["kalabriasz"],
        stacked=KalabriaszStacked(
            dealer=0,  # you deal, so you speak last: West and East pass first
            hands=(
                "JH 9H AH KH 7H TS 9S AD QD 8C",
                "AC TC KC AS KS 8S 8D 9D TD 8H",
                "7C 9C JC QC JS QS 7S KD JD TH",
            ),
            talon="QH 7D",
        ),
        script=(
            Step("pass"),
            Step("pass"),
            Step("name H", key="three_name"),
            Step("lay TS", key="three_lay_ten"),
            Step("lay 8C", key="three_lay_void"),
            Step("play AC"),
            Step("play 7C"),
            Step("play 7H", key="three_ruff"),
        ),
        game_name="kalabriasz",
        seat_names=("seat_0", "seat_1", "seat_3"),  # you, West, East
    ),
    Lesson(
        id="klabberjass",
        variant=AMS,  # a quiz: the two-player game's own words, no cards dealt
        quiz=(
            Quiz("kj_schmeiss", choices=("hearts", "choose", "redeal"), answer="hearts"),
            Quiz("kj_dix", choices=("swap", "declare", "nothing"), answer="swap"),
            Quiz("kj_bella", choices=("0", "20", "40"), answer="20"),
        ),
    ),
)

LESSON_BY_ID = {lesson.id: lesson for lesson in LESSONS}


def start(lesson_id: str) -> LessonRun:
    return LessonRun(LESSON_BY_ID[lesson_id])
