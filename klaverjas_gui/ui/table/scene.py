"""The table scene: a view of one match (`MatchSession`, play/session.py), the person to
act drawn south (hot-seat: turned). The session holds the match and the trick pause's
clock; the table turns the person's input into `session.submit` and hands the session's
moves to the director, which animates them. Its parts see it through its port (port.py):
the person's input (person.py, hand_input.py, prompts.py), the director (director.py)
moving the display model (model.py), the view (view.py) drawing the `Picture` made here,
the words (notes.py), the screens over it (overlays.py), Verzaakt! (verzaakt.py), the
coach's note (coach_note.py) and the network (network.py). Guidance (guide.py) and
hot-seat (hotseat.py, cover.py) are given the session and call back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action, Card, MatchState, Variant
from ...engine.match import ScoreLine
from ...games import KLAVERJAS, Game
from ...play.seats import Jobs
from ...play.session import MatchSession, make_seats, refusal_words
from ..cardimg import CardImages
from ..commands import Command
from ..scene import Scene
from .coach_note import CoachNotes
from .director import Director
from .guide import Guide
from .hand_input import PLAY_PHASES, CardPhases, HandInput
from .hotseat import HotSeat
from .layout import SOUTH, Pose, TableLayout, seated
from .model import TableModel
from .network import NetCorner
from .notes import TableNotes
from .overlays import Overlays
from .person import Person
from .port import TablePort
from .prompts import DecisionPrompt
from .verzaakt import VerzaaktCall
from .view import Marks, Picture, TableView

if TYPE_CHECKING:
    from ..shell import Shell


class TableScene(Scene):
    # What a two-player table (ui/table/two/scene.py) swaps: its game and its pieces.
    game: Game = KLAVERJAS
    prompt_phases: tuple[str, ...] = ("bidding", "kraak", "claim")  # answered with buttons
    rest_phases: tuple[str, ...] = ("bidding", "kraak", "play")  # the picture equals the engine
    layout_class: type[TableLayout] = TableLayout
    model_class: type[TableModel] = TableModel
    director_class: type[Director] = Director
    view_class: type[TableView] = TableView
    prompt_class: type[DecisionPrompt] = DecisionPrompt
    guide_class: type[Guide] = Guide
    summary_scene, end_scene = "deal summary", "match end"  # its overlays (overlays.py)
    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # partners: across
    card_phases: CardPhases = PLAY_PHASES  # when a card of the hand moves, and how

    def __init__(
        self, app: Shell, variant: Variant | None = None, seed: int = 0, demo: bool = False,
        level: str | None = None, autopilot: bool = False,
        seats: Sequence[tuple[str, str]] | None = None, practice: bool = False,
        state: MatchState | None = None, session: MatchSession | None = None,
    ) -> None:  # fmt: skip
        """The table of `session`, or of a session made here (not recorded) from `variant`,
        `seed` and `seats`: (name, kind) per seat, kind "human" or a computer level; several
        human seats play hot-seat (ui/table/hotseat.py). `practice`: open hands and take-backs.
        `state`: the position to start from (a lesson's), else the game's first deal."""
        super().__init__(app)
        self.demo = demo
        self.practice = practice and not demo
        self.open_cards = demo or self.practice
        if session is None:
            seating = make_seats(self.game, seed, seats, level, demo, autopilot)
            session = MatchSession(self.game, variant, seed, seating, state=state,
                                   settings=app.settings, jobs=Jobs(app.deterministic))  # fmt: skip
        self.session = session
        session.listen(self.saw)
        self._origin: Pose | None = None  # where the card being submitted was dropped
        self.clock = 0.0
        self.resyncs = 0
        self.layout = self.make_layout(app.size)
        self.images = CardImages(app.settings)
        self.model = self.model_class()
        self.port = TablePort(self)
        self.director = self.director_class(self.port)
        session.picture = self.director  # what the animation allows; it shows trick pauses
        self.view = self.view_class(self.images, app.settings)
        self.hand = HandInput(self.port, self.card_phases)
        self.prompt = self.prompt_class(self.port)
        # the person holding the laptop may decide now: the picture caught up, no cover
        may = lambda: self.may_act() and not self.hotseat.hiding  # noqa: E731
        self.guide = self.guide_class(app, session, demo, self.practice, may)
        self.hotseat = HotSeat(app, session, self.practice, self._handed)
        self.notes = TableNotes(app, session, self.model, self.guide, lambda: self.speed,
                                lambda: self.hotseat.names()[0])  # fmt: skip
        self.network = NetCorner(self.port)
        self.verzaakt = VerzaaktCall(app, self.port, self.reason_words)
        scenes = (self.summary_scene, self.end_scene)
        self.overlays = Overlays(app, self.port, self.director, self.notes, self, scenes,
                                 self.summary_line)  # fmt: skip
        self.coach = CoachNotes(self.port)  # the live coach's note and options (coach_note.py)
        self.person = Person(app, self.port, self.hand, self.prompt, self.guide, self.notes,
                             self.overlays, self.verzaakt, self.coach, self._key,
                             self.load)  # fmt: skip
        self.network.follow(self.load)  # a guest's table: a rejoin jumps to the position
        self.director.deal_first()
        self.build()

    @property
    def speed(self) -> float:
        """Multiplier of the pauses and animations: the player's (the demo has its own)."""
        return self.app.settings.speed

    def summary_line(self, line: ScoreLine) -> Any:
        """What the deal's summary is given for the sheet's line of the deal."""
        return line

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        """The game's layout seen from the person holding the laptop (`layout.bottom`:
        the seat drawn at the bottom, face up; South when nobody holds it)."""
        holder = self.session.holder
        bottom = SOUTH if holder is None else holder
        return seated(self.layout_class(*size), self.game.players, bottom)

    # --- widgets ---
    def build(self) -> None:
        if not self.demo:  # the demo's only button is its speed (ui/attract.py)
            self.overlays.build()  # the side column: last trick, score sheet, settings, menu
            self.prompt.build()  # the Roem! button, kept hidden: made mid-trick it costs a frame
            self.guide_buttons()

    def guide_buttons(self) -> None:
        """The guide's buttons over the bottom plate (hint, take back); above them the
        Verzaakt! button (hidden until a call is possible), above that the network's."""
        actions = {"hint": self.guide.request, "take_back": self.person.take_back}
        rect = self.guide.build(self.port, actions)
        self.verzaakt.place(rect)
        self.network.place(rect.move(0, -rect.h - self.layout.px(8)))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.make_layout(size)
        self.model.poses.clear()  # hand cards snap to their new places
        self.hand.cancel()
        self.prompt.reset()
        super().resize(size)

    def toast_centre(self) -> tuple[float, float]:  # clear of the bottom hand's lifted cards
        return self.layout.toast_centre()

    # --- what the parts ask (through the port) ---
    def human_may_play(self) -> bool:
        return self.hand.may_play()

    def card_playable(self) -> bool:
        return self.hand.playable()

    def may_act(self) -> bool:
        return self.director.ready()  # the picture has caught up: the seat to move may decide

    @classmethod
    def teams(cls, names: Sequence[str]) -> tuple[str, ...]:
        """The sides by the seats' names ("Henk & Joop")."""
        return tuple(" & ".join(names[s] for s in side) for side in cls.sides)

    def team_names(self) -> tuple[str, ...]:
        return self.teams(self.hotseat.names()[0])  # the plates' names (hot-seat: not "You")

    # --- acting ---
    def submit(self, action: Action, origin: Pose | None = None) -> str | None:
        """Hand an action to the session; the reason in words if it is refused. `origin`:
        where a dragged card was let go, so that it flies on from there."""
        self._origin = origin
        reason = self.session.submit(action)
        self._origin = None
        return None if reason is None else self.reason_words(reason)

    def reason_words(self, reason: Any) -> str:
        return refusal_words(reason)

    def saw(self, before: Any, action: Action, events: list[Any]) -> None:
        """The session's listener: a move was played; the person's input follows, the
        director animates its events."""
        self.person.saw(before, action, events)
        hands = [self.session.state.hand(s) for s in range(self.game.players)]
        self.director.schedule(events, hands, self._origin)

    def decide(self, action: Action) -> None:
        self.person.decide(action)

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        return self.person.try_play(card, origin)

    def not_your_turn(self) -> None:
        self.notes.not_your_turn()

    def _handed(self, turned: bool) -> None:
        """A person took the laptop (ui/table/hotseat.py): a new one has the table turned
        to them (the session gives a roem claim its full trick pause after the cover)."""
        if turned:
            self.layout = self.make_layout(self.app.size)
            self.model.poses.clear()  # the new hand snaps into place
            self.person.calm()

    # --- the frame ---
    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or self.person.handle(cmd)

    def _key(self, name: str) -> bool:
        return self.person.key(name)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.session.tick(dt)  # the trick pause's clock, before the director looks at it
        self.view.warm_up(self.layout.card, quiet=not self.model.sprites)
        super().update(dt)
        self.model.update(dt, self.hand.targets(self.layout), 0.055 * self.speed)
        self.director.update(dt)
        self.coach.update(dt)
        self.overlays.update()  # the deal's summary, the match's end
        self._drive(dt)
        self.resyncs += self.director.resync(self.rest_phases)  # a safety net: none expected
        self.network.offer()
        self.verzaakt.update()
        self.notes.update(self.prompt.visible)
        if self.guide.stale():
            self.guide_buttons()  # hints were switched in the settings over the table
        self.guide.update()

    def waiting_for_person(self) -> bool:  # a person here is to move, no computer for them
        return self.session.waiting_for_person()

    def calm_for(self) -> float:
        """Waiting for a person while nothing moves (no animation, no computer or hint
        thinking, no card face left to warm up): only input or a fading bubble changes it."""
        hint = self.guide.job
        if (
            self.view.warm or self.session.job is not None or (hint is not None and not hint.done)
            or not self.director.idle or not self.waiting_for_person()
        ):  # fmt: skip
            return 0.0
        still = self.model.still_for(self.hand.targets(self.layout))
        return min(still, self.widgets_calm_for(), self.coach.calm_for())

    def _drive(self, dt: float) -> None:
        """The session plays what no person here decides; the table shows the person's
        buttons, or the hot-seat cover while the laptop changes hands."""
        before = self.session.state
        self.session.step(dt)
        if self.session.state is before:  # else a move was played: its animation comes first
            self.person.ask(self.prompt_phases, self.hotseat)

    def load(self, state: MatchState) -> None:
        """Continue from `state` (a saved match, a test position): no replay animation."""
        self.session.load(state)
        self.director.load(state)

    # --- the picture ---
    def picture(self) -> Picture:
        """What the view draws this frame, read from the session, the model and the parts."""
        s = self.session
        faces = self.hotseat.faces(self.open_cards)
        legal, prompt = self.hand.legal_cards(), self.prompt
        marks = Marks(None if legal is None else frozenset(legal), self.hand.selected_card(),
                      self.guide.hint_card(), self.hand.drag_pose())  # fmt: skip
        names, you = self.hotseat.names()
        turn = None if s.state.is_over or not self.may_act() else s.state.to_move
        return Picture(
            model=self.model, layout=self.layout, names=names, teams=self.teams(names),
            you=you,
            sides=self.sides, variant=s.state.variant, open_cards=self.open_cards,
            faces=faces, holder=s.holder, bottom=self.layout.bottom, turn=turn,
            thinking=frozenset(s.thinking), marks=marks, prompt=prompt.panel,
            icons=tuple(prompt.icons), claim=prompt.claim_bar(), focus=prompt.focus_rect(),
            needed=self.guide.points_needed(self.model, s.state.variant),
            show_last=self.overlays.show_last, clock=self.clock,
            above_plate=self.port.above_plate(), seat_words=self.game.seat_words,
        )  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        p = self.picture()
        self.view.draw(surface, p)
        self.ui.draw_ui(surface)
        self.view.draw_over(surface, p)
        self.guide.draw(surface, self.layout, p.prompt[0] if p.prompt else None,
                        self.prompt.choices())  # fmt: skip
        self.coach.draw(surface, self.layout, self.port.passing(p))
        if self.demo:
            self.view.draw_demo_banner(surface, self.layout)
        self.network.draw(surface)

    def close(self) -> None:
        self.session.close()  # cancels the computers' and the hint's jobs; the thread ends
        self.images.clear()  # tens of MB that only the cycle collector would free, later
        super().close()
