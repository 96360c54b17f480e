"""The tutorial: short lessons on fixed deals that wait for the right move.

Each lesson is a stacked deal and a script. Scripted moves of the other seats
are played for them; at a "you" step the lesson waits for one card or call. An
illegal move is answered with the engine's own explanation; a legal move that
misses the lesson's point is answered with the step's `instead` text. Quiz
steps ask a question about a score worked out by the engine (RULES.md 1.8).
Pure Python: the tutorial scene only draws a `LessonRun` and feeds it input.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import PRESETS, Variant, describe_deal, new_match, parse_action
from ..engine.match import Action, MatchState, Stacked
from ..engine.scoring import settle

YOU = 0  # the learner sits south


@dataclass(frozen=True)
class Step:
    """One move of the script. `prompt` is set exactly for the learner's own steps."""

    action: str
    prompt: str = ""
    instead: str = ""  # said when the learner picks a legal but different move
    done: str = ""  # said after the learner got it right


@dataclass(frozen=True)
class Quiz:
    question: str
    choices: tuple[str, ...]
    answer: str
    explain: str


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    intro: str
    variant: Variant
    stacked: Stacked | None = None
    script: tuple[Step, ...] = ()
    quiz: tuple[Quiz, ...] = ()
    outro: str = ""


@dataclass
class Feedback:
    ok: bool
    message: str


@dataclass
class LessonRun:
    """A lesson in progress: the state, where the script is, and what to say."""

    lesson: Lesson
    state: MatchState | None = None
    pos: int = 0
    quiz_pos: int = 0
    said: str = ""
    events: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.lesson.stacked is not None:
            self.state = new_match(self.lesson.variant, 0, self.lesson.stacked)
        self.said = self.lesson.intro

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
            return bool(step.prompt)
        return self.quiz is not None

    @property
    def prompt(self) -> str:
        if self.step is not None and self.step.prompt:
            return self.step.prompt
        if self.quiz is not None:
            return self.quiz.question
        return self.lesson.outro if self.done else ""

    def play_scripted(self) -> list:
        """Play the next move of another seat; returns its events ([] if it is your turn)."""
        step = self.step
        if step is None or step.prompt:
            return []
        assert self.state is not None
        self.state, events = self.state.apply(parse_action(step.action))
        self.pos += 1
        return events

    def try_action(self, action: Action | str) -> Feedback:
        """The learner's move: applied only if it is the one the lesson waits for."""
        step = self.step
        if step is None or not step.prompt or self.state is None:
            return Feedback(False, "Wait a moment: it is not your turn.")
        action = parse_action(action)
        why = self.state.explain(action)
        if why is not None:
            return Feedback(False, why)
        if action != parse_action(step.action):
            return Feedback(False, step.instead or f"Allowed, but this lesson wants {step.action}.")
        self.state, self.events = self.state.apply(action)
        self.pos += 1
        self.said = step.done
        return Feedback(True, step.done)

    def answer(self, choice: str) -> Feedback:
        quiz = self.quiz
        if quiz is None:
            return Feedback(False, "There is no question now.")
        if choice != quiz.answer:
            return Feedback(False, f"Not quite. {quiz.explain}")
        self.quiz_pos += 1
        self.said = quiz.explain
        return Feedback(True, quiz.explain)


AMS = PRESETS["amsterdam"]
ROT = PRESETS["rotterdam"]

# Hands for seats 0 (you, south), 1 (west), 2 (north, your partner), 3 (east).
_PARTNER_RULE_HANDS = (
    "QH 7D 8D AS KS QS 7S 8S",
    "8C 9C JC QC KH TS JS 9S",
    "AC KC TC JH 9H AH TH AD",
    "7C 8H 7H 9D TD JD QD KD",
)


def _worked_nat() -> str:
    return describe_deal(settle(AMS, 0, (82, 80), (0, 20), (5, 3)))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="follow",
        title="Following suit",
        intro="West chooses spades as trump and leads the ace of clubs. Watch, then play.",
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
            Step(
                "play 7C",
                prompt="Clubs were led and you hold clubs, so you must follow suit. "
                "The ace wins anyway: play your lowest club, the 7♣.",
                instead="That club is allowed, but the ace wins this trick anyway. "
                "Keep the K♣ for later and play the 7♣.",
                done="Right: whoever holds the suit led must follow it.",
            ),
        ),
        outro="Rule 1: always follow the suit that was led when you can.",
    ),
    Lesson(
        id="trump",
        title="Trumping",
        intro="West chooses hearts and leads the ace of diamonds. You have no diamonds.",
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
            Step(
                "play 7H",
                prompt="You cannot follow diamonds and an opponent (West) is winning: "
                "you must trump. Your smallest trump, the 7♥, is enough.",
                instead="Any trump is allowed here, but the 7♥ already wins: keep the Q♥.",
                done="Well done: a small trump takes the ace and its 11 points.",
            ),
        ),
        outro="Rule 2: when you cannot follow and an opponent is winning, you must trump.",
    ),
    Lesson(
        id="overtrump",
        title="Overtrumping and the partner rule",
        intro="Hearts are trump. Your partner North leads the ace of clubs (RULES 1.5).",
        variant=AMS,
        stacked=Stacked(dealer=1, hands=_PARTNER_RULE_HANDS),
        script=(
            Step("name H"),
            Step("play AC"),
            Step("play 7C"),
            Step(
                "play 7D",
                prompt="You have no clubs, but your partner is winning. In Amsterdam you "
                "need not trump: play the 7♦ and keep your Q♥.",
                instead="Trumping is allowed, but wasteful: your partner already wins. "
                "Play the 7♦.",
                done="Exactly: with your partner winning, Amsterdam lets you discard.",
            ),
            Step("play 8C"),
            Step("claim"),  # North took the trick; under Amsterdam rules roem is claimed
            Step("play KC"),
            Step("play 8H"),
            Step(
                "play QH",
                prompt="Now East trumped with the 8♥ and is winning. You must overtrump: "
                "play the Q♥.",
                done="Right: against an opponent's trump you must play a higher one.",
            ),
            Step("play 9C"),
        ),
        outro="Rule 3: beat an opponent's trump when you can; your partner's you need not.",
    ),
    Lesson(
        id="rotterdam",
        title="Rotterdam's difference",
        intro="The same cards, but now with Rotterdam rules. Your partner leads the A♣.",
        variant=ROT,
        stacked=Stacked(dealer=1, hands=_PARTNER_RULE_HANDS),
        script=(
            Step("name H"),
            Step("play AC"),
            Step("play 7C"),
            Step(
                "play QH",
                prompt="In Rotterdam you must trump whenever you cannot follow, even when "
                "your partner is winning. Play the Q♥.",
                done="Yes: Rotterdam always obliges you to trump (and to overtrump).",
            ),
            Step("play 8C"),
        ),
        outro="Rotterdam: trump whenever you cannot follow, partner or not.",
    ),
    Lesson(
        id="roem",
        title="Roem and stuk",
        intro="You are first hand and choose hearts. Lead the jack of trumps.",
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
            Step(
                "name H",
                prompt="With the jack and nine of hearts you choose hearts as trump.",
                instead="This lesson is about hearts: choose hearts.",
            ),
            Step(
                "play JH",
                prompt="Lead the J♥, the strongest trump.",
                instead="Lead the J♥: nobody can beat it.",
            ),
            Step("play KH"),
            Step("play QH"),
            Step("play 7H"),
            Step(
                "claim",
                prompt="Look at the trick: J♥ Q♥ K♥ is a sequence of three (20), and the "
                "K♥ with the Q♥ of trump is stuk (20). Claim your roem!",
                instead="Under Amsterdam rules roem you do not claim is lost. Claim it.",
                done="40 roem for your team: a sequence of three and stuk.",
            ),
        ),
        outro="Roem: three in a row 20, four 50, stuk 20, four of a kind 100 or 200.",
    ),
    Lesson(
        id="nat",
        title="Going nat",
        intro="A deal has been played. The choosers took 82 card points, the defence 80 "
        "plus 20 roem.",
        variant=AMS,
        quiz=(
            Quiz(
                question="Did the choosers make it?",
                choices=("made", "nat"),
                answer="nat",
                explain="The choosers must score more than the defence, roem included: "
                "82 is not more than 100, so they go nat.",
            ),
            Quiz(
                question="How many points does the defence score?",
                choices=("100", "162", "182"),
                answer="182",
                explain=f"{_worked_nat()} All 162 card points plus all roem.",
            ),
        ),
        outro="Nat: the choosers score 0 and the defence takes 162 plus all roem.",
    ),
)

LESSON_BY_ID = {lesson.id: lesson for lesson in LESSONS}


def start(lesson_id: str) -> LessonRun:
    return LessonRun(LESSON_BY_ID[lesson_id])

