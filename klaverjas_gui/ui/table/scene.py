"""The table scene: one match, four seats, the human to act drawn south (hot-seat: turned).

The match itself is a `MatchSession` (play/session.py): the state, the seats, the
computers' moves and the history. The table is bound to one: it turns the person's
cards and buttons into `session.submit`, listens to the session's moves and hands
their events to the director, which animates them, and reacts when a script is done
(the deal summary, the match end). Legality and its explanation come from the engine.

Its parts (this package): the input (hand_input.py, prompts.py, the keys here), the
director (director.py) moving the display model (model.py), and the view (view.py),
which draws the `Picture` this scene makes each frame. Guidance (guide.py) and hot-seat
(hotseat.py, cover.py) are given the session and call back; they do not reach in.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import ALL_CARDS, Action, Card, MatchState, Variant
from ...engine.match import (
    CLAIM_ROEM,
    PASS,
    DealScored,
    MatchOver,
    RoemLeft,
    ScoreLine,
    TrickWon,
    VerzaaktCalled,
    play,
)
from ...games import KLAVERJAS, Game
from ...i18n import tr
from ...play.seats import Jobs
from ...play.session import MatchSession, make_seats
from ...teach.hints import points_needed
from ...words import reason_text, revoke_text
from .. import theme, widgets
from ..cardimg import CardImages
from ..commands import Command
from ..scene import Scene
from ..seats import SEAT_NAMES
from .coach_note import CoachNotes
from .director import Director
from .guide import Guide
from .hand_input import HandInput
from .hotseat import HotSeat
from .layout import SMALL, SOUTH, Pose, TableLayout, seated
from .model import TableModel
from .prompts import DecisionPrompt
from .view import Marks, Picture, TableView

if TYPE_CHECKING:
    from ..shell import Shell
    from ..summary import DealSummaryScene

log = logging.getLogger(__name__)


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
    away_rect: pygame.Rect | None = None  # a network match: where "who is away" was drawn

    def __init__(
        self,
        app: Shell,
        variant: Variant | None = None,
        seed: int = 0,
        demo: bool = False,
        level: str | None = None,
        autopilot: bool = False,
        seats: Sequence[tuple[str, str]] | None = None,
        practice: bool = False,
        state: MatchState | None = None,
        session: MatchSession | None = None,
    ) -> None:
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
        session.picture = self  # what the animation allows (ready, trick_pause, pause_over)
        session.listen(self.saw)
        if hasattr(session, "on_jump"):  # a guest's table: a rejoin jumps to the position
            session.on_jump(self.rejoined)
            self._say_while_away()  # joined again after closing the window: said here once
        self._origin: Pose | None = None  # where the card being submitted was dropped
        self._warm: list[Card] = []  # card faces still to draw ahead of need
        self._warm_size: tuple[int, int] | None = None
        self.clock = 0.0
        self.resyncs = 0
        self.show_last = False
        self._tip_shown = False  # the first-match claim tip (once per table)
        self.notes: dict[str, str] = {}  # messages shown that go when they stop applying
        self.layout = self.make_layout(app.size)
        self.images = CardImages(app.settings)
        self.model = self.model_class()
        self.director = self.director_class(self)
        self.view = self.view_class(self.images, app.settings)
        self.hand = HandInput(self)
        self.prompt = self.prompt_class(self)
        self.guide = self.guide_class(app, session, demo, self.practice, self.person_may_act)
        self.hotseat = HotSeat(app, session, self.practice, self._handed)
        self.summary: DealSummaryScene | None = None
        self.coach = CoachNotes(self)  # the live coach's note and options (coach_note.py)
        hands = [self.session.state.hand(s) for s in range(self.game.players)]
        self.director.queue.append(
            self.director.deal(1, self.session.state.dealer, self.session.state.proposed, hands)
        )
        self.build()

    @property
    def speed(self) -> float:
        """Multiplier of this table's pauses and animations: the player's setting (the demo
        keeps its own)."""
        return self.app.settings.speed

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        """The game's layout seen from the person holding the laptop (`layout.bottom`:
        the seat drawn at the bottom, face up; South when nobody holds it)."""
        holder = self.session.holder
        bottom = SOUTH if holder is None else holder
        return seated(self.layout_class(*size), self.game.players, bottom)

    # --- widgets ---
    def build(self) -> None:
        L = self.layout
        if self.demo:
            return
        rects = L.side_buttons(4)
        self.button("last_trick", rects[0], tr("ui.table_last_trick"), self.toggle_last, "@quiet")
        self.button("score_sheet", rects[1], tr("ui.table_score_sheet"), self.open_sheet,
                    "@quiet")  # fmt: skip
        self.button("settings", rects[2], tr("ui.table_settings"), self.open_settings, "@quiet")
        self.button("menu", rects[3], tr("ui.table_menu"), self.app.show_menu, "@quiet")
        claim = self.button(
            "roem", L.claim_rect(), tr("ui.table_roem_button"), lambda: self.decide(CLAIM_ROEM),
            "@claim", tooltip=tr("ui.table_roem_tooltip"),
        )  # fmt: skip
        claim.hide()
        self.guide_buttons()

    def guide_buttons(self) -> None:
        """The hint and take-back buttons the guide asks for (ui/table/guide.py), and above
        them the Verzaakt! button (hidden until a call is possible): the right-hand column
        would reach the east name plate at the larger text sizes. Above that, in a network
        match, the seat button while a computer plays for a connected guest (`seat_offer`)."""
        actions = {"hint": self.guide.request, "take_back": self.take_back}
        for key in (*actions, "verzaakt", "net_seat"):
            self.remove_button(key)
        L = self.layout
        plate = L.plate_rect(L.bottom, self.guide.practice)
        top = plate.top
        for key, rect, label in self.guide.buttons(L):
            self.button(key, rect, label, actions[key], "@quiet")
            top = min(top, rect.top)
        bh = L.px(40)
        rect = pygame.Rect(plate.left, top - L.px(8) - bh, plate.w, bh)
        call = self.button(
            "verzaakt", rect, tr("ui.table_verzaakt_button"), self.call_verzaakt, "@quiet",
            tooltip=tr("ui.table_verzaakt_tooltip"),
        )  # fmt: skip
        call.hide()
        self._seat_rect = rect.move(0, -bh - L.px(8))
        self._seat_label: str | None = None

    def seat_offer(self) -> None:
        """Show the network link's seat button while it offers one: "I'll play again" on a
        guest's table whose seat a computer plays, "Wait for Cor again" on the host's."""
        link = self.session.link
        if link is None:
            return
        offer = link.seat_button()
        label = offer[0] if offer is not None else None
        if label == self._seat_label:
            return
        self._seat_label = label
        self.remove_button("net_seat")
        if offer is not None:  # as wide as its words need, up to the bottom hand's cards
            L = self.layout
            rect = self._seat_rect.copy()
            rect.size = widgets.fit_label(self.app.size, label, "@menu_primary", *rect.size)
            room = L.hand_bounds(L.bottom, False).left - L.px(10) - rect.left
            rect.w = max(self._seat_rect.w, min(rect.w, room))
            self.button("net_seat", rect, label, offer[1], "@menu_primary")

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.make_layout(size)
        self.model.poses.clear()  # hand cards snap to their new places
        self.hand.cancel()
        self.prompt.reset()
        super().resize(size)

    def toast_centre(self) -> tuple[float, float]:
        """Above the bottom hand, clear of its lifted cards (a message naming cards must
        not cover them)."""
        return self.layout.toast_centre()

    # --- queries used by the view and the input ---
    def human_may_play(self) -> bool:
        s = self.session.state
        return (
            self.session.holder is not None
            and s.phase == "play"
            and s.to_move == self.session.holder
            and self.director.idle
        )

    def claim_waits(self) -> bool:
        """A person here decides a must-claim question: it waits for them (Roem!, Continue
        or their next card), not for the trick pause. The autopilot and the automatic
        claim still answer when the pause ends."""
        s = self.session
        return (
            s.state.phase == "claim" and s.state.variant.roem_claim == "must_claim"
            and s.holder is not None and s.state.to_move == s.holder
            and s.autopilot is None and not self.app.settings.auto_roem_claim
        )  # fmt: skip

    def card_playable(self) -> bool:
        """The person may play a card now: in play, or through a claim question that waits
        for them (the card moves on: the claim is passed first)."""
        return self.human_may_play() or (self.claim_waits() and self.director.claim_window)

    def claim_tip(self) -> bool:
        """The first-match tip beside the claim question: hints on, auto-claim off, and no
        four-player match finished yet; once per table."""
        if self._tip_shown or not self.guide.hints_on or self.demo:
            return False
        history = self.app.history
        finished = [r for r in history.matches(game=self.game.name) if r.status == "finished"]
        self._tip_shown = True
        return not finished

    def claim_automatically(self) -> None:
        """The tip's button: from now on the table claims roem when a trick pause ends (the
        same switch as in Settings), starting with this trick."""
        self.app.settings.auto_roem_claim = True
        self.app.save_settings()
        self.decide(CLAIM_ROEM)

    def may_act(self) -> bool:
        """Whether the seat to move may decide now (the picture has caught up)."""
        d = self.director
        return d.idle or (d.claim_window and self.session.state.phase == "claim")

    def person_may_act(self) -> bool:
        """The person holding the laptop may decide now: the picture caught up, no cover."""
        return self.may_act() and not self.hotseat.hiding

    # --- the Picture the session asks (play/session.py) ---
    def ready(self) -> bool:
        return self.may_act()

    def trick_pause(self) -> bool:
        return self.director.claim_window

    def pause_over(self) -> bool:
        return self.director.claim_due

    def turn_seat(self) -> int | None:
        if self.session.state.is_over or not self.may_act():
            return None
        return self.session.state.to_move

    sides: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 2), (1, 3))  # partners: across

    @classmethod
    def teams(cls, names: Sequence[str]) -> tuple[str, str]:
        """The two sides by the seats' names ("Henk & Joop")."""
        a, b = (" & ".join(names[s] for s in side) for side in cls.sides)
        return a, b

    def seat_names(self) -> list[str]:
        return [s.label for s in self.session.seats]

    def team_names(self) -> tuple[str, str]:
        return self.teams([s.label for s in self.session.seats])

    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    # --- acting ---
    def submit(self, action: Action, origin: Pose | None = None) -> str | None:
        """Hand an action to the session; the reason in words if it is refused. `origin`:
        where a dragged card was let go, so that it flies on from there."""
        self._origin = origin
        reason = self.session.submit(action)
        self._origin = None
        return None if reason is None else self.reason_words(reason)

    def reason_words(self, reason: Any) -> str:
        return reason_text(reason)

    def saw(self, before: Any, action: Action, events: list[Any]) -> None:
        """The session's listener: a move was played; animate its events."""
        if action.kind == "play" and self.session.holder == before.to_move:
            self.hand.after_play()
            self.drop_note("card")  # a card was played: why another was refused is past
        self.guide.saw(before, events)
        for ev in events:
            if isinstance(ev, VerzaaktCalled):
                self.verzaakt_called(ev)
        hands = [self.session.state.hand(s) for s in range(self.game.players)]
        self.prompt.hide()
        self.director.schedule(events, hands, self._origin)

    def may_call(self) -> bool:
        """A person here may call "Verzaakt!" now (rules: revoke = club; from the first
        closed trick until the deal is scored). Shown to every person: which team revoked
        is hidden, and a call on nothing changes nothing."""
        s = self.session.state
        return (
            not self.demo and self.session.holder is not None and not self.hotseat.hiding
            and getattr(s, "call_open", lambda: False)()
        )  # fmt: skip

    def call_verzaakt(self) -> None:
        """The Verzaakt! button or key: the person holding the laptop calls."""
        if not self.may_call():
            return
        reason = self.session.call_verzaakt()
        if reason is not None:
            self.app.toast(self.reason_words(reason))

    def verzaakt_called(self, ev: VerzaaktCalled) -> None:
        """Say who called and the verdict: a wrong call changes nothing; a right one shows
        the trick, the card and the rule broken, in the engine's words (the deal's summary
        shows them again)."""
        name = self.session.seats[ev.seat].label
        you = "_you" if ev.seat == self.session.holder else ""
        self.model.say(ev.seat, tr("ui.say_verzaakt"), max(1.6, 1.8 * self.speed))
        if ev.revoke is None:
            self.app.toast(tr(f"ui.table_verzaakt_wrong{you}", name=name))
            return
        words = revoke_text(ev.revoke, self.seat_names())  # until the summary repeats it
        self.note("verzaakt", f"{tr(f'ui.table_verzaakt_right{you}', name=name)} {words}")

    def decide(self, action: Action) -> None:
        """A decision button or shortcut of the human."""
        holder = self.session.holder
        if holder is None or self.session.state.to_move != holder or not self.may_act():
            return
        nothing = action == CLAIM_ROEM and not getattr(self.session.state, "pending_roem", 1)
        reason = self.submit(action)
        if reason:
            self.app.toast(reason)
        elif nothing:  # the engine takes an empty claim without a word (Amsterdam asks
            self.note("claim", tr("ui.table_no_roem"))  # after every trick): say it was empty

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        if not self.card_playable():
            self.not_your_turn()
            return False
        if self.session.state.phase == "claim":  # the person moves on: the claim is passed
            refused = self.session.state.apply(PASS)[0].refusal(play(card))
            if refused is not None:  # the claim stays open: they may still claim
                self.note("card", self.reason_words(refused))
                return False
            self.submit(PASS)
            d = self.director
            d.pause = (d.pause[1], d.pause[1])  # the trick goes now, the card follows
        reason = self.submit(play(card), origin)
        if reason:
            self.note("card", reason)  # why not: until a card is played
            return False
        return True

    def not_your_turn(self) -> None:
        s = self.session.state
        if s.is_over or self.session.holder is None:
            return
        if s.to_move == self.session.holder and s.phase != "play":
            self.note("decide", tr("ui.table_decide_first"))  # until the buttons are gone
        elif s.to_move != self.session.holder:  # until the turn comes (it covered Take/Pass)
            self.note("wait", tr("ui.table_wait_turn", name=self.session.seats[s.to_move].label))

    def roem_left(self, ev: RoemLeft) -> None:
        if self.guide.roem_left(ev):  # the teaching note says what was missed
            self.notes["roem"] = self.guide.notes[-1]  # until a take-back undoes the trick
            if ev.seat != self.session.holder:
                self.model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            return
        name = self.session.seats[ev.seat].label
        if self.session.state.variant.roem_claim == "keep_or_leave":
            self.model.say(ev.seat, tr("ui.table_leaves_roem", roem=ev.roem), 1.6)
        elif ev.seat == self.session.holder:
            self.note("roem", tr("ui.table_you_missed_roem", roem=ev.roem))
        else:
            self.model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            self.app.toast(tr("ui.table_did_not_claim", name=name, roem=ev.roem))

    # --- messages that go when they no longer apply ---
    def note(self, kind: str, text: str) -> None:
        """A message of `kind` (card: why a card is refused; decide: use the buttons; roem:
        roem missed; wait: not your turn; claim: no roem in the trick), which `drop_note`
        takes away when it stops being true."""
        self.drop_note(kind)
        self.notes[kind] = text
        self.app.toast(text)

    def drop_note(self, kind: str) -> None:
        text = self.notes.pop(kind, None)
        if text is not None:
            self.app.untoast(text)

    def take_back(self) -> None:
        """Practice: back to before the person's last card of this deal (the guide finds
        the position; the engine's state says the deal's tricks, points and roem)."""
        before = self.guide.take_back()
        if before is None:
            return
        for kind in ("card", "decide", "roem"):  # what they said is undone too
            self.drop_note(kind)
        self.load(before)
        self.model.winner = None
        self.session.trick_roem = 0
        self.prompt.hide()
        self.hand.cancel()
        self.hand.selected = None

    def _handed(self, turned: bool) -> None:
        """A person took the laptop (ui/table/hotseat.py): a new one has the table turned
        to them; a roem claim gets its full trick pause after the cover."""
        if turned:
            self.layout = self.make_layout(self.app.size)
            self.model.poses.clear()  # the new hand snaps into place
            self.hand.cancel()
            self.hand.selected = None
            self.prompt.hide()
        d = self.director
        if d.claim_window:
            d.pause = (0.0, d.pause[1])

    # --- overlays ---
    def toggle_last(self) -> None:
        if self.model.last_trick is None:
            self.app.toast(tr("ui.table_no_last_trick"))
            self.show_last = False
            return
        self.show_last = not self.show_last

    def open_settings(self) -> None:
        self.app.push("settings", tab="table")

    def open_sheet(self) -> None:
        self.app.push("score sheet", table=self)

    def script_done(self, ev: Any) -> None:
        """A script the director reported done: the deal's summary (the director waits
        until it is closed) or the match's end."""
        if isinstance(ev, DealScored):
            self.director.hold = self.show_summary(ev.line, ev.totals)
        elif isinstance(ev, MatchOver):
            self.show_match_end(ev)

    def show_summary(self, line: ScoreLine, totals: tuple[int, int]) -> DealSummaryScene:
        # the deal is over: its notes are past (the summary says a verzaakt call again)
        for kind in ("claim", "wait", "card", "decide", "verzaakt"):
            self.drop_note(kind)
        self.summary = self.app.push("deal summary", table=self, line=line, totals=totals)
        return self.summary

    def show_match_end(self, ev: MatchOver) -> None:
        if self.app.match is self:
            self.app.match = None  # nothing left to continue
        self.app.push("match end", table=self, ev=ev)

    # --- the frame ---
    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if self.demo:
            if cmd.kind == "pointer_down" or cmd.kind == "key":
                self.app.show_menu()
                return True
            return False
        if self.coach.handle(cmd):
            return True
        if self.show_last and cmd.kind in ("pointer_down", "key") and cmd.name != "score_sheet":
            self.show_last = False
            return True
        if cmd.kind == "key":
            return self._key(cmd.name)
        if cmd.kind == "pointer_down":
            return self.hand.pointer_down(cmd.pos, cmd.clicks)
        if cmd.kind == "pointer_move":
            self.hand.pointer_move(cmd.pos)
            return True
        if cmd.kind == "pointer_up":
            return self.hand.pointer_up(cmd.pos)
        return False

    def _key(self, name: str) -> bool:
        if name == "back":
            self.app.show_menu()
        elif name == "last_trick":
            self.toggle_last()
        elif name == "score_sheet":
            self.open_sheet()
        elif name == "verzaakt" and self.may_call():
            self.call_verzaakt()
        elif (wanted := self.guide.wants_key(name)) is not None:
            self.take_back() if wanted == "take_back" else self.guide.request()
        elif self._prompt_key(name) or self.hand.key(name):
            pass
        elif self.session.holder is not None and self.session.state.to_move == self.session.holder:
            action = self.prompt.key_action(name, self.session.state)
            if action is None or not self.may_act() or self.session.state.phase == "play":
                return False
            self.decide(action)
        else:
            return False
        return True

    def _prompt_key(self, name: str) -> bool:
        """The decision buttons by keyboard: Left/Right move the focus ring, Enter presses
        the button it is on, Shift and a suit's letter put it on that suit (never naming
        it at once). While a card may be played the hand has Left/Right/Enter instead; at
        the last trick's roem question no card is left, so they are the question's."""
        prompt = self.prompt
        if not prompt.visible or not prompt.actions:
            return False
        if self.card_playable() and self.hand.cards:
            return False
        if name in ("left", "right"):
            prompt.move_focus(-1 if name == "left" else 1)
        elif name == "confirm":
            action = prompt.focused()
            if action is None:
                prompt.move_focus(1)  # the first Enter shows where the focus is
            else:
                self.decide(action)
        elif name.startswith("suit_"):
            prompt.focus_suit(name[-1], self.session.state)
        else:
            return False
        return True

    def _warm_up(self) -> None:
        """Draw one card face per quiet frame, so a card turned up later costs no SVG work."""
        if not self._warm and self._warm_size != self.layout.card:
            self._warm_size = self.layout.card
            self._warm = list(ALL_CARDS)
        if self._warm and not self.model.sprites:
            self.images.base(self._warm.pop(), self.layout.card)

    def update(self, dt: float) -> None:
        self.clock += dt
        self._warm_up()
        super().update(dt)
        half_life = 0.055 * self.speed
        self.model.update(dt, self.targets(self.layout), half_life)
        self.director.update(dt)
        self.coach.update(dt)
        reports, self.director.reports = self.director.reports, []
        for ev in reports:
            self.script_done(ev)
        self._drive(dt)
        self._resync()
        self.seat_offer()
        call = self.buttons.get("verzaakt")
        if call is not None and call.visible != self.may_call():
            call.show() if self.may_call() else call.hide()
        if "decide" in self.notes and not self.prompt.visible:
            self.drop_note("decide")  # the buttons are gone: nothing left to decide with
        if "wait" in self.notes and self.session.asked() is not None:
            self.drop_note("wait")  # the turn has come: "wait" no longer applies
        if self.guide.stale():
            self.guide_buttons()  # hints were switched in the settings over the table
        self.guide.update()

    def waiting_for_person(self) -> bool:
        """A person at this screen is to move, and no computer plays for them."""
        return self.session.waiting_for_person()

    def calm_for(self) -> float:
        """Waiting for a person while nothing moves (no animation, no computer or hint
        thinking, no card face left to warm up): only input or a fading bubble changes it."""
        hint = self.guide.job
        if (
            self._warm or self.session.job is not None or (hint is not None and not hint.done)
            or not self.director.idle or not self.waiting_for_person()
        ):  # fmt: skip
            return 0.0
        still = self.model.still_for(self.targets(self.layout))
        return min(still, self.widgets_calm_for(), self.coach.calm_for())

    def _drive(self, dt: float) -> None:
        """The session plays what no person here decides; the table shows the person's
        buttons, or the hot-seat cover while the laptop changes hands."""
        before = self.session.state
        self.session.step(dt)
        s = self.session.state
        if s is not before:  # a move was played: its animation comes first
            return
        if s.is_over or not self.may_act() or not self.session.is_person(s.to_move):
            self.prompt.hide()
            return
        if self.hotseat.hand_over(s.to_move):  # the cover is up until the next player confirms
            self.hand.cancel()
            self.prompt.hide()
        elif s.phase in self.prompt_phases:
            self.prompt.show(s)
        else:
            self.prompt.hide()

    def _resync(self) -> None:
        """A safety net: once every animation is done, the picture must equal the engine."""
        at_rest = self.director.idle and self.session.state.phase in self.rest_phases
        if at_rest and self.model.sync(self.session.state):
            self.resyncs += 1
            if self.session.guessed:  # a guest's face-down guess drawn anew: expected
                log.info("table picture re-synchronised with a new guess of hidden cards")
            else:
                log.warning("table picture re-synchronised with the engine")

    def load(self, state: MatchState) -> None:
        """Continue from a given position (a saved match, a test position): no replay animation."""
        self.session.load(state)
        self.director.queue.clear()
        self.director.current = None
        self.director.claim_window = self.director.claim_due = False
        self.model.load(state)
        if state.phase == "claim" and state.tricks and self.model.last_trick:
            # A trick lies still, its roem not yet claimed: the trick pause again, so that
            # the claim is decided as it was before (at the pause's end, not at once).
            leader, cards, winner = self.model.last_trick
            players = len(state.hands)
            self.model.trick = [((leader + i) % players, c) for i, c in enumerate(cards)]
            ev = TrickWon(winner, len(state.tricks) - 1, tuple(cards), 0, state.pending_roem)
            self.director.queue.append(self.director.trick_won(ev, counted=True))

    def rejoined(self, state: MatchState) -> None:
        """A guest's table after a rejoin: the position the host is at now, and what a
        computer played for this person meanwhile, said once."""
        self.load(state)
        self._say_while_away()

    def _say_while_away(self) -> None:
        said, self.session.while_away = self.session.while_away, None
        if said:
            self.app.toast(said, 6.0)

    # --- geometry the director and the input share ---
    def slot_pose(self, layout: TableLayout, seat: int) -> Pose:
        """Where a newly dealt card of `seat` lands: the end of its hand."""
        n = len(self.model.hands[seat])
        p = layout.hand_poses(seat, n + 1, self.open_cards)[-1]
        return Pose(p.x, p.y, p.angle, 1.0 if seat == layout.bottom else SMALL)

    def targets(self, layout: TableLayout) -> dict[Card, Pose]:
        """The resting pose of each card of the bottom hand (lifted as the input says); the
        others' cards do not glide: they sit in the view's cached layer."""
        hand = self.model.hands[layout.bottom]
        poses = layout.hand_poses(layout.bottom, len(hand), self.open_cards)
        lifts = self.hand.lifts(len(hand))
        out: dict[Card, Pose] = {}
        for i, card in enumerate(hand):
            p = poses[i]
            out[card] = Pose(p.x, p.y - lifts[i], p.angle, p.scale) if lifts else p
        return out

    # --- the picture ---
    def picture(self) -> Picture:
        """What the view draws this frame, read from the session, the model and the input."""
        s = self.session
        players = self.game.players
        if self.hotseat.hiding:  # the laptop is between two people: every hand face down
            faces: frozenset[int] = frozenset()
        elif self.open_cards:
            faces = frozenset(range(players))
        else:
            faces = frozenset() if s.holder is None else frozenset((s.holder,))
        legal = self.hand.legal_cards()
        marks = Marks(None if legal is None else frozenset(legal), self.hand.selected_card(),
                      self.guide.hint_card(), self.hand.drag_pose())  # fmt: skip
        claim = None
        roem = self.buttons.get("roem")
        shown = roem is not None and "roem" in self.prompt.actions and self.director.claim_window
        if shown and not self.claim_waits():  # the pause ends the question: its bar
            spent, allowed = self.director.pause
            claim = (roem.get_abs_rect(), 1 - spent / allowed if allowed else 0.0)
        return Picture(
            model=self.model, layout=self.layout,
            names=tuple(seat.label for seat in s.seats),
            you=frozenset(i for i, seat in enumerate(s.seats) if seat.name == SEAT_NAMES[0]),
            teams=self.team_names(), sides=self.sides, variant=s.state.variant,
            open_cards=self.open_cards,
            faces=faces, holder=s.holder, bottom=self.layout.bottom, turn=self.turn_seat(),
            thinking=frozenset(s.thinking), marks=marks, prompt=self.prompt.panel,
            icons=tuple(self.prompt.icons), claim=claim, focus=self.prompt.focus_rect(),
            needed=self.points_needed(), show_last=self.show_last,
            clock=self.clock, above_plate=self.above_plate(),
        )  # fmt: skip

    def above_plate(self) -> int | None:
        """The top of the guide's buttons over the bottom plate (None: there are none)."""
        tops = [b.rect.top for key in ("hint", "take_back")
                if (b := self.buttons.get(key)) is not None and b.visible]  # fmt: skip
        return min(tops, default=None)

    def points_needed(self) -> tuple[int, int] | None:
        """In a learning mode (hints or practice) once trump is chosen: the team that must
        make the deal and the card points it still needs, from what the table shows."""
        m = self.model
        if m.trump is None or m.chooser is None or not (self.guide.hints_on or self.practice):
            return None
        variant = self.session.state.variant
        return points_needed(variant, m.chooser % 2, m.kraak_level, m.deal_points, m.deal_roem)

    def choices(self) -> list[tuple[Action, pygame.Rect]]:
        """The decision buttons shown, with their actions (the hint rings its own)."""
        out = []
        for key, action in self.prompt.actions.items():
            button = self.buttons.get(key)
            if button is not None and button.visible:
                out.append((action, button.get_abs_rect()))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        p = self.picture()
        self.view.draw(surface, p)
        self.ui.draw_ui(surface)
        self.view.draw_over(surface, p)
        self.guide.draw(surface, self.layout, p.prompt[0] if p.prompt else None, self.choices())
        self.coach.draw(surface, self.layout)
        if self.demo:
            self._demo_banner(surface)
        if self.session.link is not None:
            self._network(surface)

    def _network(self, surface: pygame.Surface) -> None:
        """Who is connected, below the score panel; who is away, below that, right of the
        trick (in the middle it covered the top card of the trick in a low window)."""
        from ..netstatus import draw_away, draw_status

        L = self.layout
        right = L.score_panel.right
        bottom = draw_status(surface, self.session.link, (right, L.score_panel.bottom + L.px(6)),
                             L.u)  # fmt: skip
        width = right - L.trick_area().right - L.px(12)
        self.away_rect = draw_away(surface, self.session.link, (0, 0), L.u,
                                   (right, bottom + L.px(6), width))  # fmt: skip

    def _demo_banner(self, surface: pygame.Surface) -> None:
        L = self.layout
        img = theme.text(tr("ui.table_demo_banner"), L.text(16), theme.TEXT_DIM, True)
        rect = img.get_rect(bottomright=(L.w - L.px(28), L.h - L.px(18)))
        widgets.draw_panel(surface, rect.inflate(L.px(24), L.px(10)), L.u)
        surface.blit(img, rect)

    def close(self) -> None:
        self.session.close()  # cancels the computers' and the hint's jobs; the thread ends
        # The scene, its view and its director point at each other, so only the cycle
        # collector would free them, much later; drop the card cache (tens of MB) now.
        self.images.clear()
        super().close()
