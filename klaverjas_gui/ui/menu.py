"""The main menu.

Every item works: Continue (while a match runs, or when the history holds one
that was cut off), New match, the rules preset, the opponents' level, a demo,
settings, history and statistics, Quit. Up/Down and Enter work as well as the
mouse. Whatever the menu changes is saved in the settings at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..engine import PRESETS
from ..i18n import tr
from . import theme, widgets
from .commands import Command
from .scene import Scene
from .seats import level_label, levels

if TYPE_CHECKING:
    from .shell import Shell

LONG_NAMES = ("kraken", "proposed", "french", "custom")  # presets with a longer menu name


def variant_label(name: str) -> str:
    """The preset's name on the menu button (a few say a little more than in settings)."""
    if name in LONG_NAMES:
        return tr(f"rules.preset_long_{name}")
    return tr(f"rules.preset_{name}")


class ListScene(Scene):
    """A centred column of buttons with keyboard focus."""

    calm = True  # changes only on input

    title = ""
    subtitle = ""
    button_size = (360, 52, 12)  # width, height, gap at 1280x720

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.focus = 0
        self.items: list[tuple[str, str, Callable[[], None], str]] = []
        self.build()

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        """(key, label, action, class) for each button, top to bottom."""
        return []

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.36)

    def build(self) -> None:
        self.clear_buttons()
        self.items = self.entries()
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        bw, bh, gap = (round(v * u) for v in self.button_size)
        y = self.column_top()
        room = h - y - round(14 * u)
        if self.items and len(self.items) * (bh + gap) > room:  # many items, a low window
            bh = room // len(self.items) - gap
        for key, label, action, cls in self.items:
            self.button(
                key, pygame.Rect(w // 2 - bw // 2, y, bw, bh), label, self._wrap(action), cls
            )
            y += bh + gap
        self.focus = min(self.focus, len(self.items) - 1)

    def _wrap(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            action()
            if self.app.top is self:
                self.build()  # labels such as "Variant: ..." change in place

        return run

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind != "key" or not self.items:
            return False
        if cmd.name in ("up", "down", "left", "right"):
            step = -1 if cmd.name in ("up", "left") else 1
            self.focus = (self.focus + step) % len(self.items)
            return True
        if cmd.name == "confirm":
            self._wrap(self.items[self.focus][2])()
            return True
        if cmd.name == "back":
            self.back()
            return True
        return False

    def back(self) -> None:
        """Esc: leave this screen."""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        surface.blit(widgets.felt((w, h)), (0, 0))
        self.draw_header(surface, u)
        super().draw(surface)
        if self.items:
            key = self.items[self.focus][0]
            button = self.buttons.get(key)
            if button is not None:
                rect = button.get_abs_rect().inflate(round(10 * u), round(10 * u))
                pygame.draw.rect(
                    surface, theme.GOLD_LIGHT, rect, max(2, round(2 * u)), round(16 * u)
                )

    def draw_header(self, surface: pygame.Surface, u: float) -> None:
        w, _ = self.app.size
        img = theme.text(self.title, round(44 * u), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(w // 2, round(40 * u))))
        if self.subtitle:
            sub = theme.text(self.subtitle, round(18 * u), theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, round(40 * u) + img.get_height())))


class MainMenuScene(ListScene):
    title = "Klaverjas"

    def __init__(self, app: Shell) -> None:
        self._shown_for: object = None
        super().__init__(app)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return tr("ui.menu_subtitle")

    button_size = (360, 46, 10)

    def enter(self) -> None:
        self.idle = 0.0
        if self._shown_for != (self.app.match, self.app.can_continue()):
            self.build()  # Continue comes and goes with the running match

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
        self._shown_for = (self.app.match, self.app.can_continue())
        super().build()
        self.about_link()

    def about_link(self) -> None:
        """A small About button in the bottom-right corner, clear of the column; the
        keyboard reaches it after Quit."""
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        label = tr("about.menu")
        bw = theme.font(round(15 * u)).size(label)[0] + round(36 * u)
        rect = pygame.Rect(w - bw - round(18 * u), h - round(48 * u), bw, round(34 * u))
        self.button("about", rect, label, self._wrap(self.open_about), "@quiet")
        self.items.append(("about", label, self.open_about, "@quiet"))

    def open_about(self) -> None:
        self.app.push("about")

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.42)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        items = []
        resume = self.app.can_continue()
        if resume:
            items.append(("continue", tr("ui.menu_continue"), self.app.continue_match, "@primary"))
        rules = self.app.settings.rules_name()
        items += [
            ("new_match", tr("ui.menu_new_match"), self.new_match,
             "@menu" if resume else "@primary"),
            ("variant", tr("ui.menu_rules", rules=variant_label(rules)), self.next_variant,
             "@menu"),
            ("level", tr("ui.menu_opponents", level=level_label(self.opponents())),
             self.next_level, "@menu"),
            ("klabberjass", tr("ui.menu_klabberjass"), self.open_klabberjass, "@menu"),
            ("demo", tr("ui.menu_demo"), lambda: self.app.start_demo(None), "@menu"),
            ("learn", tr("teach.menu_learn"), self.open_learn, "@menu"),
            ("settings", tr("ui.menu_settings"), self.open_settings, "@menu"),
            ("history", tr("ui.menu_history"), self.open_history, "@menu"),
            ("quit", tr("ui.menu_quit"), self.app.quit, "@menu"),
        ]  # fmt: skip
        return items

    def new_match(self) -> None:
        self.app.start_match()

    def open_klabberjass(self) -> None:
        self.app.push("klabberjass menu")

    def open_learn(self) -> None:
        self.app.push("learn")

    def open_settings(self) -> None:
        self.app.push("settings")

    def open_history(self) -> None:
        self.app.push("history")

    def next_variant(self) -> None:
        """The next preset (custom rules start again from the first)."""
        names = list(PRESETS)
        rules = self.app.settings.rules_name()
        following = names[(names.index(rules) + 1) % len(names)] if rules in names else names[0]
        self.app.settings.pick_preset(following)
        self.app.save_settings()

    def opponents(self) -> str:
        kinds = {kind for _, kind in self.app.settings.seat_plan()[1:]}
        return kinds.pop() if len(kinds) == 1 else "mixed"

    def next_level(self) -> None:
        """Every computer seat one level up (the settings set them one by one)."""
        names = list(levels())
        level = self.opponents()
        following = names[(names.index(level) + 1) % len(names)] if level in names else names[0]
        for seat in (1, 2, 3):
            self.app.settings.set_seat(seat, kind=following)
        self.app.save_settings()

    def back(self) -> None:
        if self.app.match is not None:
            self.app.continue_match()

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
        sub = theme.text(self.subtitle, round(17 * u), theme.TEXT_DIM)
        surface.blit(
            sub, sub.get_rect(midtop=(w // 2, round(18 * u) + img.get_height() - round(6 * u)))
        )
