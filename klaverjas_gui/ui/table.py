"""The table scene: one match, four seats, the human to act drawn south (hot-seat: turned).

This is the controller. It holds the engine state, asks whoever sits at the
seat to move for an action (buttons and cards for the human, a background
job for a computer: play/seats.py), hands the action to the engine, and passes the
engine's events to the director, which animates them. Legality and its
explanation always come from the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..engine import ALL_CARDS, Action, Card, MatchState, Variant, trick_winner
from ..engine.match import CLAIM_ROEM, PASS, MatchOver, RoemLeft, ScoreLine, TrickWon, play
from ..i18n import tr
from ..play.games import KLAVERJAS, Game
from ..play.seats import HUMAN, Job, Jobs
from ..words import explain
from . import theme, widgets
from .cardimg import CardImages
from .commands import Command
from .director import Director, TableModel
from .guide import Guide
from .hand_input import HandInput
from .hotseat import HotSeat, rotated
from .layout import SOUTH, Pose, TableLayout
from .prompts import DecisionPrompt
from .scene import Scene
from .seats import (
    DEMO_NAMES,
    SEAT_NAMES,
    ComputerSeat,
    HumanSeat,
    valid_level,
)
from .table_view import TableView

if TYPE_CHECKING:
    from ..app import App
    from .summary import DealSummaryScene

log = logging.getLogger(__name__)
PACE = {"bidding": 0.3, "kraak": 0.4, "play": 0.12, "claim": 0.15}  # a computer's minimum "think"
THINKING_AFTER = 0.3
AUTOPILOT_PACE = 0.45


class TableScene(Scene):
    # What a two-player table (ui/klabberjass_table.py) swaps: its game and its pieces.
    game: Game = KLAVERJAS
    prompt_phases: tuple[str, ...] = ("bidding", "kraak", "claim")  # answered with buttons
    rest_phases: tuple[str, ...] = ("bidding", "kraak", "play")  # the picture equals the engine
    layout_class: type[TableLayout] = TableLayout
    model_class: type[TableModel] = TableModel
    director_class: type[Director] = Director
    view_class: type[TableView] = TableView
    prompt_class: type[DecisionPrompt] = DecisionPrompt
    guide_class: type[Guide] = Guide

    def __init__(
        self,
        app: App,
        variant: Variant,
        seed: int,
        demo: bool = False,
        level: str | None = None,
        autopilot: bool = False,
        seats: Sequence[tuple[str, str]] | None = None,
        practice: bool = False,
        state: MatchState | None = None,
    ) -> None:
        """`seats`: (name, kind) per seat, kind "human" or a computer level; several human
        seats play hot-seat (ui/hotseat.py). `practice`: open hands and take-backs.
        `state`: the position to start from (a lesson's), else the game's first deal."""
        super().__init__(app)
        self.demo = demo
        self.practice = practice and not demo
        self.autopilot = None  # plays the human's cards in screenshots and benchmarks
        self.open_cards = demo or self.practice
        self.seed = seed
        self.variant = variant
        self.state = self.game.new_state(variant, seed) if state is None else state
        self.level = valid_level(level)
        names = DEMO_NAMES if demo else SEAT_NAMES
        plan = list(seats) if seats else [(names[s], self.level) for s in range(self.players)]
        self.humans = () if demo else self.game.human_seats([kind for _, kind in plan])
        self.human_seat: int | None = None if demo else (self.humans or (SOUTH,))[0]
        self.seats = [
            HumanSeat(name)
            if s == self.human_seat or s in self.humans
            else self.computer(name, valid_level(kind), s)
            for s, (name, kind) in enumerate(plan)
        ]
        south, south_kind = plan[SOUTH]
        if not demo and (autopilot or not self.humans):  # a computer plays the human's cards
            level = self.level if south_kind == "human" else valid_level(south_kind)
            self.autopilot = self.computer(south, level, SOUTH)
        self.match_id: int | None = None  # the history's match; None: not recorded (demo)
        self.human_wait = 0.0
        self._auto_key: tuple[str, int] | None = None
        self._warm: list[Card] = []  # card faces still to draw ahead of need
        self._warm_size: tuple[int, int] | None = None
        self.jobs = Jobs(synchronous=app.deterministic)  # the computers' answers and hints
        self.job: Job[Action] | None = None
        self.job_age = 0.0
        self.clock = 0.0
        self.thinking: set[int] = set()
        self.pending_roem = 0
        self.resyncs = 0
        self.show_last = False
        self.layout = self.make_layout(app.size)
        self.images = CardImages(app.settings)
        self.model = self.model_class()
        self.director = self.director_class(self)
        self.view = self.view_class(self)
        self.hand = HandInput(self)
        self.prompt = self.prompt_class(self)
        self.guide = self.guide_class(self)
        self.hotseat = HotSeat(self)
        self.summary: DealSummaryScene | None = None
        hands = [self.state.hand(s) for s in range(self.players)]
        self.director.queue.append(
            self.director.deal(1, self.state.dealer, self.state.proposed, hands)
        )
        self.build()

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def speed(self) -> float:
        """Multiplier of this table's pauses and animations: the player's setting (the demo
        keeps its own)."""
        return self.app.settings.speed

    def computer(self, name: str, level: str, seat: int) -> ComputerSeat:
        """The game's computer player for `seat`, seeded from the match's seed."""
        player = self.game.make_player(level, self.game.player_seed(self.seed, seat))
        return ComputerSeat(name, level, player)

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom, face up: the human whose turn it is (or last was)."""
        return SOUTH if self.human_seat is None else self.human_seat

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        return rotated(self.layout_class(*size), self.bottom_seat)

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
        self.guide.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.make_layout(size)
        self.model.poses.clear()  # hand cards snap to their new places
        self.hand.cancel()
        self.prompt.reset()
        super().resize(size)

    def toast_centre(self) -> tuple[float, float]:
        return self.layout.toast_centre()

    # --- queries used by the view and the input ---
    def human_may_play(self) -> bool:
        s = self.state
        return (
            self.human_seat is not None
            and s.phase == "play"
            and s.to_move == self.human_seat
            and self.director.idle
        )

    def may_act(self) -> bool:
        """Whether the seat to move may decide now (the picture has caught up)."""
        d = self.director
        return d.idle or (d.claim_window and self.state.phase == "claim")

    def turn_seat(self) -> int | None:
        if self.state.is_over or not self.may_act():
            return None
        return self.state.to_move

    def team_names(self) -> tuple[str, str]:
        n = [s.label for s in self.seats]
        return f"{n[0]} & {n[2]}", f"{n[1]} & {n[3]}"

    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    # --- acting ---
    def submit(self, action: Action, origin: Pose | None = None) -> str | None:
        """Hand an action to the engine; the engine's reason if it is refused."""
        reason = explain(self.state, action)
        if reason:
            return reason
        if action.kind == "play" and self.human_seat == self.state.to_move:
            self.hand.after_play()
        before = self.state
        self.state, events = self.state.apply(action)
        self.guide.saw(before, events)
        self.app.history.record(self.match_id, self.state.n_actions, str(action), events)
        for ev in events:
            if isinstance(ev, TrickWon):
                self.pending_roem = ev.roem
        hands = [self.state.hand(s) for s in range(self.players)]
        self.prompt.hide()
        self.director.schedule(events, hands, origin)
        return None

    def decide(self, action: Action) -> None:
        """A decision button or shortcut of the human."""
        if self.human_seat is None or self.state.to_move != self.human_seat or not self.may_act():
            return
        reason = self.submit(action)
        if reason:
            self.app.toast(reason)

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        if not self.human_may_play():
            self.not_your_turn()
            return False
        reason = self.submit(play(card), origin)
        if reason:
            self.app.toast(reason)
            return False
        return True

    def not_your_turn(self) -> None:
        s = self.state
        if s.is_over or self.human_seat is None:
            return
        if s.to_move == self.human_seat and s.phase != "play":
            self.app.toast(tr("ui.table_decide_first"))
        elif s.to_move != self.human_seat:
            self.app.toast(tr("ui.table_wait_turn", name=self.seats[s.to_move].label))

    def claim_timeout(self, ev: TrickWon) -> None:
        """The trick pause is over and the human has not claimed: pass, or claim if asked to."""
        s = self.state
        if self.human_seat is None or s.to_move != self.human_seat or s.phase != "claim":
            return
        auto = self.app.settings.auto_roem_claim
        if s.variant.roem_claim == "keep_or_leave" and not auto:
            return  # a deliberate choice: wait for the buttons
        self.submit(CLAIM_ROEM if auto and ev.roem else PASS)

    def roem_left(self, ev: RoemLeft) -> None:
        if self.guide.roem_left(ev):  # the teaching note says what was missed
            if ev.seat != self.human_seat:
                self.model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            return
        name = self.seats[ev.seat].label
        if self.state.variant.roem_claim == "keep_or_leave":
            self.model.say(ev.seat, tr("ui.table_leaves_roem", roem=ev.roem), 1.6)
        elif ev.seat == self.human_seat:
            self.app.toast(tr("ui.table_you_missed_roem", roem=ev.roem))
        else:
            self.model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            self.app.toast(tr("ui.table_did_not_claim", name=name, roem=ev.roem))

    # --- overlays ---
    def toggle_last(self) -> None:
        if self.model.last_trick is None:
            self.app.toast(tr("ui.table_no_last_trick"))
            self.show_last = False
            return
        self.show_last = not self.show_last

    def open_settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app, tab="table"))

    def open_sheet(self) -> None:
        from .sheet import ScoreSheetScene

        self.app.push(ScoreSheetScene(self.app, self))

    def show_summary(self, line: ScoreLine, totals: tuple[int, int]) -> DealSummaryScene:
        from .summary import DealSummaryScene

        self.summary = DealSummaryScene(self.app, self, line, totals)
        self.app.push(self.summary)
        return self.summary

    def show_match_end(self, ev: MatchOver) -> None:
        from .match_end import MatchEndScene

        if self.app.match is self:
            self.app.match = None  # nothing left to continue
        self.app.push(MatchEndScene(self.app, self, ev))

    # --- the frame ---
    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if self.demo:
            if cmd.kind == "pointer_down" or cmd.kind == "key":
                self.app.show_menu()
                return True
            return False
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
        elif self.guide.key(name) or self.hand.key(name):
            pass
        elif self.human_seat is not None and self.state.to_move == self.human_seat:
            action = self.prompt.key_action(name, self.state)
            if action is None or not self.may_act() or self.state.phase == "play":
                return False
            self.decide(action)
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
        self.model.update(dt, self.view.targets(self.layout), half_life)
        self.director.update(dt)
        self._drive(dt)
        self._resync()
        self.guide.update()

    def waiting_for_person(self) -> bool:
        """A person at this screen is to move, and no computer plays for them."""
        s = self.state
        return not s.is_over and self.autopilot is None and self.seats[s.to_move].is_human

    def calm_for(self) -> float:
        """Waiting for a person while nothing moves (no animation, no computer or hint
        thinking, no card face left to warm up): only input or a fading bubble changes it."""
        hint = self.guide.job
        if (
            self._warm or self.job is not None or (hint is not None and not hint.done)
            or not self.director.idle or not self.waiting_for_person()
        ):  # fmt: skip
            return 0.0
        still = self.model.still_for(self.view.targets(self.layout))
        return min(still, self.widgets_calm_for())

    def _drive(self, dt: float) -> None:
        s = self.state
        self.thinking.clear()
        if s.is_over or not self.may_act():
            self.prompt.hide()
            return
        seat = s.to_move
        if self.seats[seat].kind == HUMAN:  # a person at this screen: buttons and cards
            if self.hotseat.hand_over(seat):  # the cover is up until the next player confirms
                self.prompt.hide()
                return
            if s.phase in self.prompt_phases:
                self.prompt.show(s)
            else:
                self.prompt.hide()
            if self.autopilot is not None:
                self._autopilot(dt)
            return
        self.prompt.hide()
        key = s.n_actions
        if self.job is None or self.job.key != key:
            self.drop_job()
            self.job = self.seats[seat].ask(s.observation(seat), self.jobs, key)
            self.job_age = 0.0
        else:
            self.job_age += dt
        job = self.job
        if not job.done():
            if self.job_age > THINKING_AFTER:
                self.thinking.add(seat)
            return
        if self.job_age < PACE.get(s.phase, 0.1) * self.speed:
            return
        self.job = None
        action = job.result()
        if job.error or action is None or s.explain(action):
            log.warning("computer player at seat %d failed (%s); playing a legal action",
                        seat, job.error or f"illegal {action}")  # fmt: skip
            action = s.legal_actions()[0]
        self.submit(action)

    def _autopilot(self, dt: float) -> None:
        """Decide for the human after a human-looking pause (screenshots, benchmarks)."""
        s = self.state
        key = ("human", s.n_actions)
        if self._auto_key != key:
            self._auto_key, self.human_wait = key, 0.0
            return
        self.human_wait += dt
        if self.human_wait < AUTOPILOT_PACE * self.speed:
            return
        pause = self.director.claim_window  # a match resumed at a claim has no trick pause
        if s.phase == "claim" and s.variant.roem_claim == "must_claim" and pause:
            return  # left to the trick pause, like a human who does not spot roem
        action = self.autopilot.player.choose(s.observation(s.to_move))  # type: ignore[union-attr]
        if action.kind == "play":
            self.try_play(action.card, None)  # type: ignore[arg-type]
        else:
            self.decide(action)

    def _resync(self) -> None:
        """A safety net: once every animation is done, the picture must equal the engine."""
        at_rest = self.director.idle and self.state.phase in self.rest_phases
        if at_rest and self.sync_model():
            self.resyncs += 1
            log.warning("table picture re-synchronised with the engine")

    def sync_model(self) -> bool:
        """Make the picture show the engine state as it is; True if anything changed."""
        s, m = self.state, self.model
        changed = False
        for seat in range(self.players):
            if set(m.hands[seat]) != set(s.hand(seat)):
                m.hands[seat] = list(s.hand(seat))
                changed = True
        trick = [((s.leader + i) % self.players, c) for i, c in enumerate(s.trick)]
        if m.trick != trick:
            m.trick = trick
            changed = True
        changed = self.sync_deal() or changed
        if changed:
            m.sort_hands()
        return changed

    def sync_deal(self) -> bool:
        """The deal's facts on the picture (trump, chooser, dealer, kraak); True if changed."""
        s, m = self.state, self.model
        if m.trump == s.trump_suit and m.deal_no == s.deal_no:
            return False
        m.trump = s.trump_suit
        m.chooser = s.chooser if s.chooser >= 0 else None
        m.deal_no, m.dealer, m.kraak_level = s.deal_no, s.dealer, s.kraak_level
        return True

    def load(self, state: MatchState) -> None:
        """Continue from a given position (a saved match, a test position): no replay animation."""
        self.state = state
        self.director.queue.clear()
        self.director.current = None
        self.director.claim_window = False
        m = self.model
        m.sprites.clear()
        m.bubbles.clear()
        m.proposed = state.proposed if state.phase == "bidding" else None
        m.sheet = list(state.sheet)
        m.totals = list(state.totals)
        m.shown_totals = [float(t) for t in state.totals]
        # The engine keeps the deal's tricks and points per team, and the four-player
        # game its roem (the two-player table sets declarations and bella itself).
        m.tricks_won, m.deal_points = list(state.tricks_won), list(state.deal_points)
        m.deal_roem = list(getattr(state, "deal_roem", (0, 0)))
        m.last_trick = None
        if state.tricks:
            leader, cards = state.tricks[-1]
            winner = (leader + trick_winner(state.trump_suit, cards)) % self.players  # type: ignore[arg-type]
            m.last_trick = (leader, tuple(cards), winner)
        self.sync_model()
        self.drop_job()

    def drop_job(self) -> None:
        """Forget the computer's answer being thought out: the position it was for is gone."""
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        self.ui.draw_ui(surface)
        self.view.draw_over(surface)
        self.guide.draw(surface)
        if self.demo:
            self._demo_banner(surface)

    def _demo_banner(self, surface: pygame.Surface) -> None:
        L = self.layout
        img = theme.text(tr("ui.table_demo_banner"), L.px(16), theme.TEXT_DIM, True)
        rect = img.get_rect(bottomright=(L.w - L.px(28), L.h - L.px(18)))
        widgets.draw_panel(surface, rect.inflate(L.px(24), L.px(10)), L.u)
        surface.blit(img, rect)

    def close(self) -> None:
        self.jobs.close()  # cancels the computers' and the hint's jobs; the thread ends
        # The scene, its view and its director point at each other, so only the cycle
        # collector would free them, much later; drop the card cache (tens of MB) now.
        self.images.clear()
        super().close()
