"""The main menu, and the list screen the small menus share.

Few, large choices: Continue (naming the match: "Continue: Amsterdam, deal 5, 119–407";
two open matches side by side; with more, the newest beside "Other matches (2)", which
opens the list of the others: `WaitingScene`), Play (ui/play.py: game, rules,
opponents), Learn, Watch a demo, Settings, History, Quit, and a small About. The
keyboard works as well as the mouse (ui/focus.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..games import DEFAULT_GAME, GAMES
from ..i18n import tr
from . import theme, widgets
from .commands import Command
from .confirm import ask_first, brief
from .focus import Control, FocusRing
from .scene import Scene
from .widgets import label_size

if TYPE_CHECKING:
    from ..games import Game
    from ..play.session import OpenMatch
    from .shell import Shell


def in_column(cls: str) -> str:
    """The look of a column button: the highlighted one ("@primary") keeps its colours
    but takes the column's larger letters ("@menu_primary"), so the one a newcomer should
    press is not the one with the smallest label."""
    return "@menu_primary" if cls == "@primary" else cls


class ListScene(Scene):
    """A centred column of buttons with keyboard focus (ui/focus.py): Up/Down, Tab and
    Shift+Tab move it, Enter and Space press. Every button is at least as wide and tall
    as its label, so no label spills at any window or text size."""

    calm = True  # changes only on input

    button_size = (360, 52, 12)  # width, height, gap at 1280x720

    # properties, so that a screen whose words follow the language may be one too
    @property
    def title(self) -> str:
        return ""

    @property
    def subtitle(self) -> str:
        return ""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.ring.shown = True  # a list always shows where Enter goes
        self.items: list[tuple[str, str, Callable[[], None], str]] = []
        self.build()

    @property
    def focus(self) -> int:
        return self.ring.index

    @focus.setter
    def focus(self, index: int) -> None:
        self.ring.index = index

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        """(key, label, action, class) for each button, top to bottom."""
        return []

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.36)

    def fit(self, labels: list[tuple[str, str]], width: int, height: int) -> tuple[int, int]:
        """`width` and `height` grown to hold each (label, class), within the window."""
        w, _ = self.app.size
        u = theme.scale_for(self.app.size)
        pad_x, pad_y = round(40 * u), round(10 * u)
        for label, cls in labels:
            lw, lh = label_size(label, in_column(cls), self.app.size)
            width = max(width, lw + pad_x)
            height = max(height, lh + pad_y)
        return min(width, w - round(24 * u)), height

    def build(self) -> None:
        self.clear_buttons()
        self.items = self.entries()
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        bw, bh, gap = (round(v * u) for v in self.button_size)
        bw, bh = self.fit(self.column_labels(), bw, bh)
        y = self.column_top()
        room = h - y - round(14 * u)
        n, bottom, columns = len(self.items), h - round(14 * u), 1
        if n and n * (bh + gap) > room:  # many items, a low window
            gap = max(round(4 * u), min(gap, room // n - bh))
            y = max(round(h * 0.2), self.header_bottom(u), bottom - n * (bh + gap))
            if y + n * (bh + gap) > bottom:  # still too tall (the larger text): two columns
                columns = 2
                bw = min(bw, (w - round(24 * u) - gap) // 2)
                y = max(
                    self.header_bottom(u), min(self.column_top(), bottom - -(-n // 2) * (bh + gap))
                )
        rows = -(-n // columns)
        left = w // 2 - (columns * bw + (columns - 1) * gap) // 2
        for i, (key, label, action, cls) in enumerate(self.items):
            column, row = divmod(i, rows)
            rect = pygame.Rect(left + column * (bw + gap), y + row * (bh + gap), bw, bh)
            self.button(key, rect, label, self._wrap(action), in_column(cls))
        self.set_ring()

    def column_labels(self) -> list[tuple[str, str]]:
        """The (label, class) pairs the column's width must hold."""
        return [(label, cls) for _, label, _, cls in self.items]

    def set_ring(self) -> None:
        """The ring's controls: every button of the list, in order."""
        self.ring.set([Control(key, lambda k=key: self._rect(k), self._wrap(action))
                       for key, _, action, _ in self.items])  # fmt: skip

    def _rect(self, key: str) -> pygame.Rect | None:
        button = self.buttons.get(key)
        return button.get_abs_rect() if button is not None else None

    def _wrap(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            action()
            if self.app.top is self:
                self.build()  # labels such as "Continue: ..." change in place

        return run

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind != "key" or not self.items:
            return False
        if cmd.name == "back":
            self.back()
            return True
        return self.ring.handle(cmd)

    def back(self) -> None:
        """Esc: leave this screen."""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        surface.blit(widgets.felt((w, h)), (0, 0))
        self.draw_header(surface, u)
        super().draw(surface)
        self.ring.draw(surface, u)

    def header_bottom(self, u: float) -> int:
        """Where the title and subtitle end: no button of the column goes above it."""
        height = theme.font(round(44 * u), True).get_height()
        if self.subtitle:
            height += theme.font(theme.readable(18 * u)).get_height()
        return round(40 * u) + height + round(6 * u)

    def draw_header(self, surface: pygame.Surface, u: float) -> None:
        w, _ = self.app.size
        img = theme.text(self.title, round(44 * u), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, round(40 * u))))
        if self.subtitle:
            sub = theme.text(self.subtitle, theme.readable(18 * u), theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, round(40 * u) + img.get_height())))


class MainMenuScene(ListScene):
    """The first screen: a few large choices. Continue (one per open match, naming it),
    Play (the game, rules and opponents are chosen on the Play screen), Learn, Watch a
    demo, Settings, History, Quit; About is a small button in the corner."""

    title = "Klaverjas"

    def __init__(self, app: Shell) -> None:
        self._shown_for: object = None
        super().__init__(app)

    @property
    def subtitle(self) -> str:
        return tr("ui.menu_subtitle")

    button_size = (400, 50, 10)

    def _showing(self) -> object:
        """What the buttons depend on besides the words: the open matches."""
        return (self.app.match, tuple(self.app.open_matches()))

    def enter(self) -> None:
        self.idle = 0.0
        if self._shown_for != self._showing():
            self.build()  # Continue comes, goes and names its match

    idle = 0.0  # seconds without input: the club demo starts after Settings.demo_idle_seconds

    def handle(self, cmd: Command) -> bool:
        self.idle = 0.0
        return super().handle(cmd)

    def calm_for(self) -> float:
        """Calm until the club demo is due."""
        from .attract import idle_limit

        limit = idle_limit(self.app)
        due = math.inf if limit is None else max(0.0, limit - self.idle)
        return min(super().calm_for(), due)

    def update(self, dt: float) -> None:
        from .attract import idle_limit

        super().update(dt)
        self.idle += dt
        limit = idle_limit(self.app)
        if limit is not None and self.idle >= limit and self.app.top is self:
            self.idle = 0.0
            self.app.start_demo(None, idle=True)

    def build(self) -> None:
        before = [key for key, *_ in self.items]
        self._shown_for = self._showing()
        super().build()
        self.side_by_side()
        self.about_link()
        self.set_ring()
        if [key for key, *_ in self.items] != before:
            self.focus = 0  # Continue came or went: Enter does the first thing again

    def column_labels(self) -> list[tuple[str, str]]:
        """Two Continue buttons get a row of their own width (side_by_side)."""
        two = self.continue_row() == 2
        return [(label, cls) for key, label, _, cls in self.items
                if not (two and key.startswith("continue"))]  # fmt: skip

    def continue_row(self) -> int:
        """How many buttons the Continue row holds: 0, 1 or 2 (two matches, or the newest
        and "Other matches")."""
        return sum(key.startswith("continue") for key, *_ in self.items)

    def side_by_side(self) -> None:
        """Two open matches (a Klaverjas match and a Klabberjass game), or the newest and
        "Other matches", share one row, wider than the column, so the menu keeps its seven
        rows."""
        if self.continue_row() != 2:
            return
        w, _ = self.app.size
        u = theme.scale_for(self.app.size)
        (k1, label1, act1, cls1), (k2, label2, act2, cls2) = self.items[:2]
        gap = round(12 * u)
        height = self.buttons[k1].get_abs_rect().h
        half, _ = self.fit([(label1, cls1), (label2, cls2)], round(w * 0.3), height)
        half = min(half, (w - round(24 * u) - gap) // 2)
        opened = self.app.open_matches()

        def fitting(label: str, cls: str, match: OpenMatch | None) -> str:
            """The label, or shorter ones for large text in a small window: without
            "Continue", then without the rules' name, then without the deal ("Other
            matches" is short already: None)."""
            if match is None:
                return label
            shorter = [continue_label(match, 2, short=True, shorter=n) for n in range(3)]
            for text in (label, *shorter):
                if label_size(text, in_column(cls), self.app.size)[0] + round(28 * u) <= half:
                    return text
            return shorter[-1]

        second = opened[1] if k2 == "continue_2" else None
        labels = [
            fitting(label, cls, match)
            for label, cls, match in ((label1, cls1, opened[0]), (label2, cls2, second))
        ]
        top = self.buttons[k1].get_abs_rect().top
        step = self.buttons[k2].get_abs_rect().top - top
        x = w // 2 - half - gap // 2
        for i, (key, action, cls) in enumerate(((k1, act1, cls1), (k2, act2, cls2))):
            rect = pygame.Rect(x + i * (half + gap), top, half, height)
            self.button(key, rect, labels[i], self._wrap(action), in_column(cls))  # anew, wider
        for key, *_ in self.items[2:]:  # the rows below move up into the freed row
            button = self.buttons[key]
            button.set_relative_position((button.get_abs_rect().left,
                                          button.get_abs_rect().top - step))  # fmt: skip

    def away_corner(self) -> tuple[int, int, int]:
        """Where a network match's "a computer is playing for Bram" goes over this menu:
        the free bottom left corner, left of the buttons (at the top it covered the title
        and, wrapped, the buttons): (left, bottom, width)."""
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        column = min(b.rect.left for key, b in self.buttons.items() if key != "about")
        margin = round(16 * u)
        return margin, h - margin, column - 2 * margin

    def about_link(self) -> None:
        """A small About button in the bottom-right corner, clear of the column; the
        keyboard reaches it after Quit."""
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        label = tr("about.menu")
        lw, lh = label_size(label, "@quiet", self.app.size)
        bw, bh = lw + round(36 * u), max(round(34 * u), lh + round(8 * u))
        rect = pygame.Rect(w - bw - round(18 * u), h - bh - round(14 * u), bw, bh)
        self.button("about", rect, label, self._wrap(self.open_about), "@quiet")
        self.items.append(("about", label, self.open_about, "@quiet"))

    def open_about(self) -> None:
        self.app.push("about")

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.42)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        items = []
        opened = self.app.open_matches()
        shown = opened if len(opened) <= 2 else opened[:1]  # the row holds two buttons
        for i, match in enumerate(shown):
            key = "continue" if i == 0 else f"continue_{i + 1}"
            items.append((key, continue_label(match, len(opened)),
                          lambda g=match.game: continue_game(self.app, g),
                          "@primary" if i == 0 else "@menu"))  # fmt: skip
        if len(opened) > len(shown):
            items.append(("continue_more", tr("ui.menu_continue_more", n=len(opened) - 1),
                          self.open_waiting, "@menu"))  # fmt: skip
        items += [
            ("play", tr("ui.menu_play"), self.open_play, "@menu" if opened else "@primary"),
            ("learn", tr("ui.menu_learn"), self.open_learn, "@menu"),
            ("demo", tr("ui.menu_watch"), lambda: self.app.start_demo(None), "@menu"),
            ("settings", tr("ui.menu_settings"), self.open_settings, "@menu"),
            ("history", tr("ui.menu_history"), self.open_history, "@menu"),
            ("quit", tr("ui.menu_quit"), self.app.quit, "@menu"),
        ]  # fmt: skip
        return items

    def open_waiting(self) -> None:
        self.app.push("waiting")

    def open_play(self) -> None:
        self.app.push("play", game=self.last_game())

    def last_game(self) -> str:
        """The game of the newest match, in memory or in the history: the Play screen opens
        on it (it opened on Klaverjas every time, and a Klabberjass player who forgot to
        pick the game again started a four-player match)."""
        session = getattr(self.app.match, "session", None)
        if session is not None:
            return session.game.name
        history = self.app.history
        newest = [m for m in (history.running(), *history.matches()[:1]) if m is not None]
        name = max(newest, key=lambda m: m.id).game if newest else DEFAULT_GAME.name
        return name if name in GAMES else DEFAULT_GAME.name

    def open_learn(self) -> None:
        self.app.push("learn")

    def open_settings(self) -> None:
        self.app.push("settings")

    def open_history(self) -> None:
        self.app.push("history")

    def back(self) -> None:
        if self.app.match is not None:
            self.app.continue_match()

    def header_bottom(self, u: float) -> int:
        """Where the title and subtitle end: no button of the column goes above it."""
        height = theme.font(round(44 * u), True).get_height()
        if self.subtitle:
            height += theme.font(theme.readable(18 * u)).get_height()
        return round(40 * u) + height + round(6 * u)

    def draw_header(self, surface: pygame.Surface, u: float) -> None:
        w, h = self.app.size
        fan = ["JC", "JS", "JH", "JD"]
        from .cardimg import CardImages

        images = self._images if hasattr(self, "_images") else CardImages(self.app.settings)
        self._images = images
        ch = round(h * 0.18)
        size = (round(ch * 5 / 7), ch)
        cy = round(h * 0.18) + ch // 2
        for i, code in enumerate(fan):
            angle = (1.5 - i) * 9
            img = images.image(code, size, angle)
            x = w // 2 + (i - 1.5) * size[0] * 0.42
            y = cy + abs(i - 1.5) * 6 * u
            shadow = images.shadow(size, angle)
            surface.blit(shadow, shadow.get_rect(center=(round(x + 4 * u), round(y + 6 * u))))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        img = theme.text(self.title, round(54 * u), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, round(18 * u))))
        sub = theme.text(self.subtitle, theme.readable(17 * u), theme.TEXT_DIM)
        surface.blit(
            sub, sub.get_rect(midtop=(w // 2, round(18 * u) + img.get_height() - round(6 * u)))
        )


class WaitingScene(ListScene):
    """The matches waiting besides the newest (the menu's "Other matches (2)"): one
    Continue each, naming its game, rules, deal and score; Back."""

    button_size = (460, 50, 10)

    @property
    def title(self) -> str:
        return tr("ui.waiting_title")

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        opened = self.app.open_matches()
        items = [(f"continue_{match.game.name}", continue_label(match, len(opened)),
                  lambda g=match.game: continue_game(self.app, g), "@menu")
                 for match in opened[1:]]  # fmt: skip
        return [*items, ("back", tr("ui.back"), self.back, "@menu")]

    def back(self) -> None:
        self.app.pop(self)


def continue_game(app: Shell, game: Game) -> None:
    """Back to `game`'s match; a practice match of another game (never recorded) is lost
    by it, so that is asked first."""
    opened = app.open_matches()
    if opened and opened[0].game is game:
        app.continue_match(game)
    else:
        ask_first(app, None, lambda: app.continue_match(game))


def continue_label(match: OpenMatch, shown: int, short: bool = False, shorter: int = 0) -> str:
    """ "Continue: Amsterdam, deal 5, 119–407"; the game is named for Klabberjass and
    whenever two matches are offered; `short`: without "Continue" (two side by side),
    `shorter` as `brief`'s."""
    if short:
        what = brief(match, short=True, shorter=shorter)
        return tr("ui.menu_continue_short", game=match.game.label, what=what)
    if shown > 1 or not match.game.default:
        return tr("ui.menu_continue_game", game=match.game.label, what=brief(match))
    return tr("ui.menu_continue_what", what=brief(match))
