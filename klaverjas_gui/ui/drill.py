"""A stored position on the table as its player saw it: from the coach's report (one of
the costliest decisions, the better choice marked, read-only) and the drills of
"Practise your mistakes" (Learn), which ask the position again.

The picture is the table's own, drawn without a table (ui/table/still.py), seen from
the seat that decided, only its own cards face up: the coach judged by what that seat
could know, and the drill asks with the same knowledge. The drills' flow (which
position, the coach's values, the verdict) is play/drills.py's; these scenes only show
it and pass the person's answer on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..engine.match import play
from ..games import get_game
from ..i18n import tr
from ..play.drills import Practice
from ..teach import coach
from . import theme
from .commands import Command, on_key
from .replay import button_column
from .scene import Scene
from .table.hand_input import hand_lifts
from .table.layout import Pose, seated
from .table.still import StillTable
from .table.view import Marks, Picture
from .tutorial import draw_lesson_panel, draw_panel_text, lesson_panel_text

if TYPE_CHECKING:
    from ..store.history import Decision
    from .shell import Shell


class SeatTable(StillTable):
    """A still table seen from `seat`, only that seat's cards face up."""

    def __init__(self, app: Shell, record: Any, state: Any, seat: int) -> None:
        self.seat = seat
        super().__init__(app.settings, get_game(record.game), state.variant, record.players,
                         app.size)  # fmt: skip
        self.show(state)

    def make_layout(self, size: tuple[int, int]) -> Any:
        return seated(self.table_class.layout_class(*size), self.game.players, self.seat)

    def show(self, state: Any) -> None:
        self.position = state
        self.model.load(state)

    def picture(self, marks: Marks | None = None) -> Picture:
        p = super().picture()
        return Picture(
            model=p.model, layout=p.layout, names=p.names, you=p.you, teams=p.teams,
            sides=p.sides, variant=p.variant, open_cards=False, faces=frozenset({self.seat}),
            bottom=self.seat, turn=p.turn, marks=marks or Marks(), seat_words=p.seat_words,
        )  # fmt: skip

    def lifts(self, marks: Marks) -> list[float]:
        """The cards that may be played rise as at the table, the marked one more."""
        hand = self.model.hands[self.seat]
        selected = hand.index(marks.selected) if marks.selected in hand else None
        return hand_lifts(hand, marks.legal, self.view.settings.show_legal, self.layout.card[1],
                          selected)  # fmt: skip

    def draw_marked(self, surface: pygame.Surface, marks: Marks) -> None:
        hand = self.model.hands[self.seat]
        poses = self.layout.hand_poses(self.seat, len(hand), False)
        self.model.poses = {
            card: Pose(p.x, p.y - lift, p.angle, p.scale)
            for card, p, lift in zip(hand, poses, self.lifts(marks), strict=True)
        }
        p = self.picture(marks)
        self.view.draw(surface, p)
        self.view.draw_over(surface, p)

    def card_at(self, pos: tuple[int, int], marks: Marks) -> Any:
        """The card of the bottom hand under `pos` as drawn with `marks`, if any."""
        hand = self.model.hands[self.seat]
        i = self.layout.south_card_at(len(hand), pos, self.lifts(marks))
        return None if i is None else hand[i]


def where(obs: Any) -> str:
    """ "Deal 2, trick 5", "Deal 2, bidding" or "Deal 2, laying away"."""
    return coach.where(obs)


def card_of(action: Any) -> Any:
    """The card an answer plays or lays away, if it is one."""
    return None if action is None else action.card


class PositionScene(Scene):
    """The position on a SeatTable, a panel of words in the free corner, buttons below."""

    table: SeatTable | None = None

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def marks(self) -> Marks:
        return Marks()

    def caption(self) -> tuple[str, list[tuple[str, tuple]]]:
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            self.table.resize(size)
        super().resize(size)

    def back(self) -> None:
        self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.draw_marked(surface, self.marks())
            self._panel(surface)
        super().draw(surface)

    def _panel(self, surface: pygame.Surface) -> None:
        """Right of the trick, where the table's hint goes (the bottom left corner holds the
        bottom seat's plate when the other hands are closed); the wider room if that is
        narrow; reaching down over the side plate to the bottom hand where the words do
        not fit (the three-player room starts below the score panel: its last line was
        cut)."""
        L = self.table.layout  # type: ignore[union-attr]
        rooms = L.hint_rooms(False)  # the two-player table has one
        room = next((r for r in rooms if r.w >= L.px(240)), max(rooms, key=lambda r: r.w))
        head, lines = self.caption()
        ceiling = L.score_panel.bottom + L.px(8)
        up = pygame.Rect(room.left, ceiling, room.w, room.bottom - ceiling)
        if not lesson_panel_text(up, L.u, head, lines).fits:
            room.h = max(room.h, L.south_hand_top() - L.px(8) - room.top)
            panel = lesson_panel_text(room, L.u, head, lines)
            if panel.fits:  # opaque over the plate, which must not show through
                draw_panel_text(surface, panel, L.u, 255)
                return
        draw_lesson_panel(surface, room, L.u, head, lines, ceiling)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
        super().close()


class CoachPositionScene(PositionScene):
    """One decision of the coach's report on the table: what was chosen (a gold frame),
    the better choice (a ring), and the coach's sentence. Read-only; Back returns."""

    calm = True

    def __init__(self, app: Shell, decision: Decision) -> None:
        super().__init__(app)
        self.decision = decision
        record = app.history.match(decision.match_id)
        self.state = app.history.position_before(decision)  # StateError: the report checks
        self.obs = self.state.observation(decision.seat)
        parse = self.state.parse_action
        self.judgement = coach.Judgement(
            decision.seat, decision.kind, decision.mistake, decision.cost,
            parse(decision.chosen), parse(decision.best), (),
        )  # fmt: skip
        self.table = SeatTable(app, record, self.state, decision.seat)
        self.build()

    def build(self) -> None:
        button_column(self, [("back", tr("ui.back"), self.back, "@primary")])

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {"back": self.back, "confirm": self.back})

    def marks(self) -> Marks:
        j = self.judgement
        return Marks(selected=card_of(j.chosen), hinted=card_of(j.best))

    def caption(self) -> tuple[str, list[tuple[str, tuple]]]:
        j, obs = self.judgement, self.obs
        key = coach.side_key("coach.position_chose", obs)
        frame = tr("coach.position_frame") if card_of(j.chosen) else ""  # a bid has none
        lines = [(tr(key, chosen=coach.did(obs, j.chosen), cost=coach.points(j.cost),
                     frame=frame), theme.NAT)]  # fmt: skip
        key = "coach.position_better_card" if card_of(j.best) else "coach.position_better"
        lines.append((tr(key, best=coach.did(obs, j.best)), theme.GOLD_LIGHT))
        lines.append((coach.note(obs, j), theme.TEXT))
        return where(obs), lines


class DrillScene(PositionScene):
    """Practise your mistakes: a stored position, asked again. A card is chosen by a click
    on it, a bid by its button; the verdict replaces the question, Next shows another.
    The keyboard works as at the table: Left/Right (or Up/Down) move a gold frame over the
    answers that may be given, Enter gives the framed one (the first Enter only shows it)."""

    def __init__(self, app: Shell, game: str | None = None, worlds: int | None = None) -> None:
        super().__init__(app)
        self.practice = Practice(app.history, game, worlds=worlds)
        self.pick: int | None = None  # the keyboard's answer, an index into choices()
        self.show_drill()

    def choices(self) -> list[Any]:
        """The answers the keyboard steps through: the legal cards in the hand's order, or
        the bidding buttons' actions; none once answered."""
        p = self.practice
        drill = p.drill
        if drill is None or p.answer is not None or self.table is None:
            return []
        if not coach.card_question(drill.obs):
            return list(drill.obs.legal)
        by_card = {a.card: a for a in drill.obs.legal}  # played, or laid away
        return [by_card[c] for c in self.table.model.hands[drill.decision.seat] if c in by_card]

    def key(self, name: str) -> bool:
        """Left/Right/Up/Down and Enter over the answers (see the class)."""
        choices = self.choices()
        if not choices or name not in ("left", "right", "up", "down", "confirm"):
            return False
        if name == "confirm":
            if self.pick is None or self.pick >= len(choices):
                self.pick = 0  # the first Enter shows where the frame is
            else:
                self.answer(choices[self.pick])
            return True
        step = -1 if name in ("left", "up") else 1
        if self.pick is None or self.pick >= len(choices):
            self.pick = 0 if step > 0 else len(choices) - 1
        else:
            self.pick = (self.pick + step) % len(choices)
        return True

    def show_drill(self) -> None:
        self.pick = None
        drill = self.practice.drill
        if self.table is not None:
            self.table.close()
            self.table = None
        if drill is not None:
            self.table = SeatTable(self.app, drill.record, drill.state, drill.decision.seat)
        self.resize(self.app.size)

    # --- widgets ---
    def build(self) -> None:
        p = self.practice
        rows = [("back", tr("ui.back"), self.back, "@quiet" if p.drill else "@primary")]
        if p.verdict is not None and p.queue:
            rows.insert(0, ("next", tr("coach.drill_next"), self.next, "@primary"))
        button_column(self, rows)
        drill = p.drill
        if drill is None or p.answer is not None or coach.card_question(drill.obs):
            return
        # a bidding question: one button per answer, in the middle of the cloth
        L = self.table.layout  # type: ignore[union-attr]
        area = L.trick_area()
        bw, bh, gap = L.px(250), L.px(44), L.px(8)
        legal = list(drill.obs.legal)
        labels = [coach.did(drill.obs, a) for a in legal]
        labels = [label[:1].upper() + label[1:] for label in labels]
        y = area.centery - (len(legal) * (bh + gap) - gap) // 2
        for _ in range(2):  # as wide as the longest label ("Klaveren als troef kiezen"), once
            for i, (action, label) in enumerate(zip(legal, labels, strict=True)):
                rect = pygame.Rect(area.centerx - bw // 2, y + i * (bh + gap), bw, bh)
                self.button(f"answer_{i}", rect, label, lambda a=action: self.answer(a), "@menu")
            need = max(self.buttons[f"answer_{i}"].font.size(label)[0]
                       for i, label in enumerate(labels)) + L.px(28)  # fmt: skip
            if need <= bw:
                break
            bw = min(need, max(area.w, L.px(250)))

    def answer(self, action: Any) -> None:
        if self.practice.choose(action):
            self.resize(self.app.size)  # the answer buttons go, Next may come

    def next(self) -> None:
        self.practice.next()
        self.show_drill()

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "pointer_down" and self.table is not None and self.practice.drill:
            card = self.table.card_at(cmd.pos, self.marks())
            obs = self.practice.drill.obs
            if card is not None and coach.card_question(obs):
                self.answer(next((a for a in obs.legal if a.card == card), play(card)))
                return True
        if cmd.kind == "key" and self.key(cmd.name):
            return True
        nxt = self.next if self.practice.verdict is not None and self.practice.queue else None
        return on_key(cmd, {"back": self.back, **({"confirm": nxt} if nxt else {})})

    def update(self, dt: float) -> None:
        if self.practice.weighing and self.practice.poll() is not None:
            self.resize(self.app.size)  # the verdict is in: Next appears
        super().update(dt)

    # --- words and marks ---
    def marks(self) -> Marks:
        p = self.practice
        drill = p.drill
        if drill is None:
            return Marks()
        if p.verdict is None:
            legal = frozenset(a.card for a in drill.obs.legal if a.card is not None)
            picked = self.picked()
            return Marks(legal=legal or None, selected=card_of(p.answer or picked))
        j = p.verdict.judgement
        return Marks(selected=card_of(j.chosen), hinted=card_of(j.best))

    def caption(self) -> tuple[str, list[tuple[str, tuple]]]:
        p = self.practice
        drill = p.drill
        assert drill is not None
        head = tr("coach.drill_head", i=p.done + (p.verdict is None), n=p.total,
                  where=where(drill.obs))  # fmt: skip
        if p.verdict is not None:
            colour = {"best": theme.GOLD_LIGHT, "close": theme.TEXT, "costly": theme.NAT}
            lines = [(p.verdict.text, colour[p.verdict.level])]
            if not p.queue:
                lines.append((tr("coach.drill_last"), theme.TEXT_DIM))
            return head, lines
        if p.answer is not None:
            return head, [(tr("coach.drill_weighing"), theme.GOLD_LIGHT)]
        ask = coach.side_key("coach.drill_ask", drill.obs)
        return head, [
            (drill.question, theme.GOLD_LIGHT),
            (tr(ask, cost=coach.points(drill.decision.cost)), theme.TEXT),
        ]

    def picked(self) -> Any:
        """The answer the keyboard's frame is on, if any."""
        choices = self.choices()
        return choices[self.pick] if self.pick is not None and self.pick < len(choices) else None

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            self._nothing(surface)
            Scene.draw(self, surface)
            return
        super().draw(surface)
        button = self.buttons.get(f"answer_{self.pick}")
        if button is not None and self.picked() is not None:  # a bid framed by the keyboard
            ring = button.get_abs_rect().inflate(self.px(10), self.px(10))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, max(2, self.px(3)), self.px(10))

    def _nothing(self, surface: pygame.Surface) -> None:
        """Nothing to practise: a friendly page saying how drills come."""
        from . import widgets

        w, h = self.app.size
        px = self.px
        surface.blit(widgets.felt((w, h)), (0, 0))
        head = theme.text(tr("coach.drill_title"), px(40), theme.GOLD_LIGHT, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, px(30))))
        size = max(15, px(20))
        width = min(w - px(120), px(820))
        lines = theme.wrap(tr("coach.drill_none"), size, width)
        step = theme.font(size).get_linesize()
        panel = pygame.Rect(0, 0, width + px(56), len(lines) * step + px(40))
        panel.center = (w // 2, h // 2)
        widgets.draw_panel(surface, panel, theme.scale_for((w, h)))
        y = panel.top + px(20)
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT), (panel.left + px(28), y))
            y += step

    def close(self) -> None:
        self.practice.close()
        super().close()
