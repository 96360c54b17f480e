"""The club demo (attract mode): computers play with every hand open, and a caption says
in plain words why each card was played and who took the trick.

It is the ordinary table with `demo=True` (TableScene or the Klabberjass table), plus
the caption panel and a speed control. The menu starts it after
`Settings.demo_idle_seconds` without input; `--demo` and "Watch a demo" start it too
(`Shell.start_demo`). Any key or click returns to the menu; when the menu started it
because nobody was there, moving the mouse a few pixels does too. + and - (or the
two small buttons) step through the animation speeds; they never leave the demo. That
speed is the demo's own: it starts at the player's and is never written to the settings.
Successive demos take the games by turns (Klaverjas, Klabberjass, Kalabriasz), unless
`--game` named one other than Klaverjas.
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Action
from ..games import GAMES, Game
from ..i18n import tr
from ..play.seats import Jobs
from ..play.session import demo_session
from ..store.prefs import SPEEDS
from . import theme, widgets
from .captions import action_captions, suit_name
from .commands import Command
from .scenes import make_scene
from .table.layout import SOUTH, WEST
from .table.scene import TableScene
from .table.three.scene import KalabriaszTableScene
from .table.two.scene import KlabberjassTableScene

if TYPE_CHECKING:
    from .shell import Shell

CAPTION_LINES = 4  # the newest captions stay on the cloth
MOTION_PIXELS = 8  # mouse travel (at 1280x720) that counts as someone being there
KIOSK_IDLE_SECONDS = 120  # a --demo kiosk always falls back into the demo
CONTROLS_WIDTH = 264  # the speed panel, at 1280x720 (two buttons, padding)


def idle_limit(app: Shell) -> float | None:
    """Seconds without input before the menu starts the demo; None: never.

    A kiosk started with --demo always returns to the demo, even if the setting says never."""
    seconds = app.settings.demo_idle_seconds
    if not seconds and getattr(app.args, "demo", False):
        seconds = KIOSK_IDLE_SECONDS
    return float(seconds) if seconds else None


IDLE_CHOICES = (0, 60, 120, 300, 600)  # the settings' choices for demo_idle_seconds


def idle_row(scene: Any, form: Any) -> None:
    """The settings' row for `demo_idle_seconds` (the Table tab), under its own heading."""
    settings = scene.app.settings
    current = settings.demo_idle_seconds
    values = sorted({*IDLE_CHOICES, current})  # a hand-edited value still shows, lit
    labels = [(v, idle_label(v)) for v in values]

    def pick(value: int) -> None:
        settings.demo_idle_seconds = value
        scene.app.save_settings()

    form.heading(tr("demo.settings_heading"))
    form.choice("demo_idle_seconds", tr("demo.idle_label"), tr("demo.idle_note"), labels,
                current, pick)  # fmt: skip


def idle_label(seconds: int) -> str:
    if not seconds:
        return tr("demo.idle_never")
    if seconds % 60:
        return tr("demo.idle_seconds", n=seconds)
    return tr("demo.idle_minutes", n=seconds // 60)


def step_speed(current: str, step: int) -> str:
    """The next animation speed towards instant (+1) or slow (-1), stopping at either end."""
    names = list(SPEEDS)
    i = names.index(current) if current in names else names.index("normal")
    return names[max(0, min(len(names) - 1, i + step))]


def next_game(app: Shell) -> Game:
    """The games by turns; `--demo --game klabberjass` keeps to Klabberjass (a game other
    than the default one named on the command line)."""
    named = GAMES.get(getattr(app.args, "game", ""))
    if getattr(app.args, "demo", False) and named is not None and not named.default:
        return named
    count = getattr(app, "demo_count", 0)
    app.demo_count = count + 1
    games = list(GAMES.values())
    return games[count % len(games)]


def make_attract(app: Shell, seed: int | None, idle: bool = False) -> TableScene:
    """The next demo table. A demo following another (its end screen calls this) keeps the
    first one's manners: a demo the menu started for nobody still ends at a mouse move,
    and the speed chosen with + and - stays."""
    table = getattr(app.top, "table", app.top)  # an end screen's table, or a demo itself
    idle = idle or bool(getattr(table, "leave_on_motion", False))
    game = next_game(app)
    variant = game.presets[game.demo_preset] if game.demo_preset else app.settings.rules(game)
    session = demo_session(game, variant, seed, app.settings, Jobs(app.deterministic))
    demo: Any = make_scene(app, game.scene("demo"), variant=variant, seed=session.seed,
                           idle=idle, session=session)  # fmt: skip
    demo.demo_speed = getattr(table, "demo_speed", demo.demo_speed)
    return demo


class Attract:
    """What the demo adds to a table (mixed in before TableScene or its Klabberjass kin)."""

    app: Shell
    session: Any
    layout: Any
    demo: bool
    auto_roem_claim = False  # read by the session with `speed`: nobody here claims roem

    def __init__(
        self, app: Shell, variant: Any, seed: int, idle: bool = False, session: Any = None
    ) -> None:
        self.leave_on_motion = idle
        self.demo_speed = app.settings.animation_speed  # a key of SPEEDS, the demo's own
        self.captions: deque[str] = deque([tr("demo.start")], maxlen=CAPTION_LINES)
        self.travel = 0.0
        self.pointer: tuple[int, int] | None = None
        super().__init__(app, variant, seed, demo=True, session=session)  # type: ignore[call-arg]
        self.session.listen(self.caption)
        self.session.settings = self  # the demo's own pace
        self.pointer = pygame.mouse.get_pos() if pygame.display.get_init() else None

    # --- the speed control ---
    def build(self) -> None:
        super().build()  # type: ignore[misc]
        slower, faster = self.speed_rects()
        self.button("slower", slower, tr("demo.slower"), lambda: self.change_speed(-1), "@quiet")  # type: ignore[attr-defined]
        self.button("faster", faster, tr("demo.faster"), lambda: self.change_speed(1), "@quiet")  # type: ignore[attr-defined]

    def speed_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        L = self.layout
        bw, bh, gap = L.px(116), L.px(36), L.px(8)
        for label in (tr("demo.slower"), tr("demo.faster")):  # as wide as the words need
            bw = widgets.fit_label(self.app.size, label, "@quiet", bw, bh)[0]
        right, bottom = L.w - L.margin, L.h - L.margin - L.px(8)
        if L.hand_bounds(SOUTH, True).right + L.px(20) > right - CONTROLS_WIDTH * L.u:
            bottom = L.hand_bounds(SOUTH, True).top - L.px(24)  # a wide hand: go above it
        faster = pygame.Rect(right - bw, bottom - bh, bw, bh)
        return pygame.Rect(faster.left - gap - bw, faster.top, bw, bh), faster

    @property
    def speed(self) -> float:
        """The demo's pace (+ and -), not the player's animation speed."""
        return SPEEDS.get(self.demo_speed, 1.0)

    def change_speed(self, step: int) -> None:
        self.demo_speed = step_speed(self.demo_speed, step)

    # --- captions ---
    def caption(self, before: Any, action: Action, events: list[Any]) -> None:
        """The session's listener: the move's captions, in plain words."""
        self.captions.extend(action_captions(before, events, [s.name for s in self.session.seats]))

    def heading(self) -> str:
        s = self.session.state
        deal = max(1, s.deal_no)
        if s.trump_suit is None:
            return tr("demo.heading", deal=deal)
        return tr("demo.heading_trump", deal=deal, suit=suit_name(s.trump_suit))

    # --- input ---
    def handle(self, cmd: Command) -> bool:
        if cmd.kind == "key" and cmd.name in ("faster", "slower"):
            self.change_speed(1 if cmd.name == "faster" else -1)
            return True
        if cmd.kind == "pointer_move":
            return self._moved(cmd.pos)
        return super().handle(cmd)  # type: ignore[misc]

    def _moved(self, pos: tuple[int, int]) -> bool:
        """A demo the menu started for nobody ends when the mouse travels a few pixels."""
        if self.pointer is not None:
            self.travel += math.dist(self.pointer, pos)
        self.pointer = pos
        if self.leave_on_motion and self.travel > MOTION_PIXELS * self.layout.u:
            self.app.show_menu()
        return True

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        view, picture = self.view, self.picture()  # type: ignore[attr-defined]
        view.draw(surface, picture)
        self._controls(surface)
        self._captions(surface)
        self.ui.draw_ui(surface)  # type: ignore[attr-defined]
        view.draw_over(surface, picture)

    def caption_room(self) -> pygame.Rect:
        """The free corner left of South's hand, above South's name plate."""
        L = self.layout
        plate = L.plate_rect(SOUTH, True)
        right = L.hand_bounds(SOUTH, True).left - L.px(20)
        west = L.plate_rect(WEST, True) if getattr(L, "players", 4) == 4 else None
        top = max(round(L.h * 0.56), west.bottom + L.px(10) if west else 0)  # below West
        return pygame.Rect(L.margin, top, max(L.px(200), right - L.margin),
                           plate.top - L.px(12) - top)  # fmt: skip

    def _captions(self, surface: pygame.Surface) -> None:
        L = self.layout
        room = self.caption_room()
        size, inner = L.text(15), room.w - L.px(24)
        line_h = theme.font(size).get_linesize()
        lines: list[tuple[str, tuple]] = []
        for n, text in enumerate(self.captions):
            newest = n == len(self.captions) - 1
            lines += [(part, theme.TEXT if newest else theme.TEXT_DIM)
                      for part in theme.wrap(text, size, inner)]  # fmt: skip
        # the heading wraps too ("Spel 1 · de troef wordt gekozen" in larger letters)
        heading = theme.wrap(self.heading(), L.text(14), inner, True)
        head_h = max(L.px(26), theme.font(L.text(14), True).get_linesize() * len(heading))
        fit = max(1, (room.h - L.px(14) - head_h) // line_h)
        lines = lines[-fit:]
        rect = pygame.Rect(room.left, 0, room.w, L.px(14) + head_h + line_h * len(lines))
        rect.bottom = room.bottom
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        x, y = rect.left + L.px(12), rect.top + L.px(8)
        for line in heading:
            img = theme.text(line, L.text(14), theme.GOLD_LIGHT, True)
            surface.blit(img, (x, y))
            y += img.get_height()
        y = rect.top + L.px(8) + head_h
        for text, colour in lines:
            surface.blit(theme.text(text, size, colour), (x, y))
            y += line_h

    def _controls(self, surface: pygame.Surface) -> None:
        """Bottom right: which game this is, how to leave, the speed and its two buttons."""
        L = self.layout
        slower, faster = self.speed_rects()
        game = f"demo.game_{self.game.name}"  # type: ignore[attr-defined]
        leave = "demo.leave_idle" if self.leave_on_motion else "demo.leave_watch"
        speed = tr("demo.speed", speed=tr(f"demo.speed_{self.demo_speed}"))
        rows = [(tr(game), theme.GOLD_LIGHT, True), (tr(leave), theme.TEXT_DIM, False),
                (speed, theme.TEXT, True)]  # fmt: skip
        size, width = L.text(14), faster.right - slower.left
        lines = [(part, colour, bold) for text, colour, bold in rows
                 for part in theme.wrap(text, size, width, bold)]  # fmt: skip
        line_h = theme.font(size).get_linesize()
        rect = pygame.Rect(0, 0, width + L.px(24), len(lines) * line_h + faster.h + L.px(26))
        rect.bottomright = (faster.right + L.px(12), faster.bottom + L.px(8))
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 220))
        y = rect.top + L.px(8)
        for text, colour, bold in lines:
            img = theme.text(text, size, colour, bold)
            surface.blit(img, img.get_rect(topright=(faster.right, y)))
            y += line_h


class AttractTable(Attract, TableScene):
    """The four-player demo table."""


class AttractKlabberjassTable(Attract, KlabberjassTableScene):
    """The two-player demo table."""

    def caption_room(self) -> pygame.Rect:
        """Below the stock and the turned card, left of South's hand."""
        room = super().caption_room()
        L = self.layout
        stock = L.stock_pose()
        top = round(stock.y + L.card[1] / 2 + L.px(40))
        if top > room.top:
            room.h -= top - room.top
            room.top = top
        return room


class AttractKalabriaszTable(Attract, KalabriaszTableScene):
    """The three-player demo table: the talon taken and the cards laid away are said in
    the captions (every card is open here)."""

    def caption_room(self) -> pygame.Rect:
        """Below the left-hand player's name plate, left of South's hand."""
        room = super().caption_room()
        top = self.layout.plate_rect(WEST, True).bottom + self.layout.px(10)
        if top > room.top:
            room.h -= top - room.top
            room.top = top
        return room
