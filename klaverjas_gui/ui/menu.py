"""The main menu and the options screen.

Every item works: Continue (only while a match runs), New match, the rules
variant, the opponents' level, a demo, options, Quit. Up/Down and Enter work
as well as the mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..engine import PRESETS
from . import theme, widgets
from .commands import Command
from .scene import Scene
from .seats import levels
from .settings import SPEEDS

if TYPE_CHECKING:
    from ..app import App

VARIANT_LABELS = {
    "amsterdam": "Amsterdam", "rotterdam": "Rotterdam", "utrecht": "Utrecht",
    "kraken": "Kraken (kraak)", "proposed": "Proposed suit", "two_rounds": "Two rounds",
    "french": "French (to 1500)",
}  # fmt: skip


class ListScene(Scene):
    """A centred column of buttons with keyboard focus."""

    title = ""
    subtitle = ""
    button_size = (360, 52, 12)  # width, height, gap at 1280x720

    def __init__(self, app: App) -> None:
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
        w, _ = self.app.size
        u = theme.scale_for(self.app.size)
        bw, bh, gap = (round(v * u) for v in self.button_size)
        y = self.column_top()
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
    subtitle = "The Dutch team card game"

    def __init__(self, app: App) -> None:
        self.variant = app.options_variant
        self.level = app.settings.ai_level or "easy"  # checked against the AI's levels on use
        self._shown_for: object = None
        super().__init__(app)

    button_size = (360, 46, 10)

    def enter(self) -> None:
        if self._shown_for != self.app.match:
            self.build()  # Continue comes and goes with the running match

    def build(self) -> None:
        self._shown_for = self.app.match
        super().build()

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.42)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        items = []
        if self.app.match is not None:
            items.append(("continue", "Continue", self.app.continue_match, "@primary"))
        items += [
            ("new_match", "New match", self.new_match, "@menu" if self.app.match else "@primary"),
            ("variant", f"Rules: {VARIANT_LABELS.get(self.variant, self.variant)}",
             self.next_variant, "@menu"),
            ("level", f"Opponents: {self.level}", self.next_level, "@menu"),
            ("demo", "Watch a demo", lambda: self.app.start_demo(None), "@menu"),
            ("options", "Options", lambda: self.app.push(OptionsScene(self.app)), "@menu"),
            ("quit", "Quit", self.app.quit, "@menu"),
        ]  # fmt: skip
        return items

    def new_match(self) -> None:
        self.app.start_match(PRESETS[self.variant])

    def next_variant(self) -> None:
        names = list(PRESETS)
        self.variant = names[(names.index(self.variant) + 1) % len(names)]
        self.app.options_variant = self.variant

    def next_level(self) -> None:
        names = list(levels())
        i = names.index(self.level) if self.level in names else -1
        self.level = names[(i + 1) % len(names)]
        self.app.settings.ai_level = self.level

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


ON_OFF = {True: "on", False: "off"}
GESTURES = {"click": "click or drag", "double_click": "double-click or drag", "drag": "drag only"}


class OptionsScene(ListScene):
    title = "Options"
    subtitle = "Changes apply at once"
    button_size = (470, 44, 8)

    def column_top(self) -> int:
        return round(self.app.size[1] * 0.2)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        s = self.app.settings
        cycle = s.cycle

        def opt(name: str) -> Callable[[], None]:
            return lambda: cycle(name)

        speed = s.animation_speed if s.animation_speed in SPEEDS else "normal"
        rows = [
            ("animation_speed", f"Animation speed: {speed}"),
            ("play_gesture", f"Play a card by: {GESTURES[s.play_gesture]}"),
            ("show_legal", f"Lift playable cards: {ON_OFF[s.show_legal]}"),
            ("four_colour", f"Four-colour deck: {ON_OFF[s.four_colour]}"),
            ("card_back", f"Card back: {s.card_back}"),
            ("auto_roem_claim", f"Claim roem for me: {ON_OFF[s.auto_roem_claim]}"),
            ("volume", f"Volume: {round(s.volume * 100)}%"),
            ("muted", f"Sound: {'muted' if s.muted else 'on'}  (M)"),
        ]
        items = [(key, label, opt(key), "@menu") for key, label in rows]
        return [*items, ("back", "Back", lambda: self.app.pop(self), "@primary")]

    def back(self) -> None:
        self.app.pop(self)
