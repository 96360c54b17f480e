"""The settings screen: the rules of the next match, the seats, and the table's manners.

Three tabs of rows (ui/form.py); beside them the rules in force, in words, as
the engine describes them, so every click shows what it changes. Every change
is saved at once. Rules and seats belong to the next match (a running match
keeps the rules it was dealt with); the table's manners apply at once.

`Settings` itself lives in store/prefs.py, the one object that is shown here,
read by the table and written to disk; it is re-exported for older imports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import PRESETS, VariantError
from ..engine.variant import BOOLEANS, CHOICES, DESCRIPTIONS, option_names
from ..store.prefs import CARD_BACKS, HUMAN, LANGUAGES, SPEEDS, Settings
from . import theme, widgets
from .commands import Command
from .form import Form, Option
from .scene import Scene
from .seats import COMPASS, levels

if TYPE_CHECKING:
    from ..app import App

__all__ = ["SPEEDS", "Settings", "SettingsScene"]

PRESET_LABELS = {
    "amsterdam": "Amsterdam", "rotterdam": "Rotterdam", "utrecht": "Utrecht",
    "kraken": "Kraken", "proposed": "Proposed", "two_rounds": "Two rounds", "french": "French",
}  # fmt: skip
OPTION_LABELS = {
    "deal_pattern": "Dealing", "trump_selection": "Trump choice", "opening_lead": "First lead",
    "kraken": "Kraken", "kraken_doubles_roem": "Kraak doubles roem", "must_ruff": "Must ruff",
    "must_overtrump": "Must overtrump", "undertrump": "Undertrump",
    "carre_values": "Four of a kind", "roem_claim": "Roem", "roem_enabled": "Play with roem",
    "pit_bonus": "Pit bonus", "defence_pit": "Pit for the defence", "tie": "Choosers tie",
    "match_length": "Match length", "match_tie": "Equal at the end",
}  # fmt: skip
VALUE_LABELS = {
    "amsterdam": "Amsterdam", "all_100_jacks_200": "100, jacks 200", "all_100": "all 100",
    "must_claim": "claim it", "keep_or_leave": "keep or leave", "extra_deal": "extra deal",
    "first_hand": "first hand", "double_click": "double-click",
}  # fmt: skip
MATCH_OPTIONS = ("match_length", "match_tie")
MATCH_LENGTHS = ("deals:8", "deals:12", "deals:16", "deals:24",
                 "points:1000", "points:1500", "points:2000")  # fmt: skip
PIT_BONUSES = (0, 50, 88, 100, 200)
LANGUAGE_LABELS = {"en": "English", "nl": "Nederlands", "fr": "Français"}
ON_OFF: list[Option] = [(True, "on"), (False, "off")]
# The table's manners: (setting, label, one-line explanation, values), grouped.
TABLE_PREFS: list[tuple[str, list[tuple[str, str, str, list[Option]]]]] = [
    ("Cards and play", [
        ("animation_speed", "Animation speed",
         "How fast cards fly and tricks turn; instant skips the animation.",
         [(v, v) for v in SPEEDS]),
        ("play_gesture", "Play a card by",
         "Dragging a card to the table always works; a click can play it too.",
         [("click", "click"), ("double_click", "double-click"), ("drag", "drag only")]),
        ("four_colour", "Deck",
         "Four colours tell clubs from spades and diamonds from hearts at a glance.",
         [(False, "two colours"), (True, "four colours")]),
        ("card_back", "Card back", "The back of the cards in the other hands.",
         [(b, b) for b in CARD_BACKS]),
        ("show_legal", "Show playable cards", "Cards you may not play are dimmed.", ON_OFF),
        ("auto_roem_claim", "Claim roem for me",
         "Your roem is claimed for you when the trick pause ends.", ON_OFF),
        ("hints", "Hints", "Offer a hint when it is your turn.", ON_OFF),
    ]),
    ("Sound and screen", [
        ("volume", "Volume", "", [(v / 100, f"{v}%") for v in range(0, 101, 20)]),
        ("muted", "Sound", "M switches the sound on and off at any time.",
         [(False, "on"), (True, "muted")]),
        ("fullscreen", "Full screen", "F11 switches at any time.", ON_OFF),
        ("language", "Language", "Stored now; the translations follow.",
         [(code, LANGUAGE_LABELS.get(code, code)) for code in LANGUAGES]),
    ]),
]  # fmt: skip
ROLES = ("you", "opponent", "partner", "opponent")
TABS = (("rules", "Rules"), ("match", "Seats & match"), ("table", "Table"))


def value_label(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    text = str(value)
    return VALUE_LABELS.get(text, text.replace("_", " "))


def length_label(value: str) -> str:
    kind, n = value.split(":")
    return f"{n} deals" if kind == "deals" else f"to {n}"


def rule_options(option: str, current: Any) -> list[Option]:
    """The values a rule option offers on screen, the current one always among them."""
    if option in CHOICES:
        return [(v, value_label(v)) for v in CHOICES[option]]
    if option in BOOLEANS:
        return ON_OFF
    if option == "pit_bonus":
        return [(v, str(v)) for v in sorted({*PIT_BONUSES, current})]
    if option == "match_length":
        values = [*MATCH_LENGTHS] + ([] if current in MATCH_LENGTHS else [current])
        return [(v, length_label(v)) for v in values]
    raise KeyError(option)


class SettingsScene(Scene):
    """Tabs of settings on the left, the rules of the next match in words on the right."""

    def __init__(self, app: App, tab: str = "rules") -> None:
        super().__init__(app)
        self.tab = tab
        self.form: Form | None = None
        self.build()

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # --- layout ---
    def _px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def _body(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The form on the left, the summary panel on the right."""
        w, h = self.app.size
        m, top = self._px(26), self._px(136)
        split = round(w * 0.63)
        return (
            pygame.Rect(m, top, split - m - self._px(10), h - top - m),
            pygame.Rect(split + self._px(10), top, w - split - self._px(10) - m, h - top - m),
        )

    def build(self) -> None:
        w, _ = self.app.size
        px = self._px
        self.button("back", pygame.Rect(w - px(26) - px(150), px(22), px(150), px(44)),
                    "Back  (Esc)", self.back, "@primary")  # fmt: skip
        x = px(26)
        for key, label in TABS:
            rect = pygame.Rect(x, px(82), px(176), px(40))
            tab = self.button(f"tab_{key}", rect, label, lambda k=key: self.show(k), "@tab")
            if key == self.tab:
                tab.select()
            x += rect.w + px(8)
        form_rect, _ = self._body()
        self.form = Form(self, form_rect)
        {"rules": self._rules, "match": self._match, "table": self._table}[self.tab](self.form)
        self.form.finish()

    def show(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            self.resize(self.app.size)

    # --- the three tabs ---
    def _rules(self, form: Form) -> None:
        rules = self.settings.rules()
        form.heading("Start from a preset")
        form.choice(
            "preset", "Preset", "The rules of a club or region; change any option below.",
            [(name, PRESET_LABELS.get(name, name)) for name in PRESETS],
            self.settings.rules_name(), self.pick_preset,
        )  # fmt: skip
        form.heading("Rule options")
        for option in option_names():
            if option not in MATCH_OPTIONS:
                self._rule_row(form, option, getattr(rules, option))

    def _rule_row(self, form: Form, option: str, current: Any) -> None:
        form.choice(
            option, OPTION_LABELS.get(option, option), DESCRIPTIONS.get(option, ""),
            rule_options(option, current), current, lambda v, o=option: self.set_rule(o, v),
        )  # fmt: skip

    def _match(self, form: Form) -> None:
        form.heading("Seats (they sit down at the next match)")
        names = list(levels())
        for seat, (name, kind) in enumerate(self.settings.seat_plan()):
            kinds = [(HUMAN, "You play")] if seat == 0 else []
            form.entry(
                f"seat{seat}", f"{COMPASS[seat]}  ·  {ROLES[seat]}",
                name, lambda text, s=seat: self.rename(s, text),
                [*kinds, *((n, n.capitalize()) for n in names)], kind,
                lambda k, s=seat: self.set_kind(s, k),
            )  # fmt: skip
        form.heading("Match")
        rules = self.settings.rules()
        for option in MATCH_OPTIONS:
            self._rule_row(form, option, getattr(rules, option))

    def _table(self, form: Form) -> None:
        for heading, rows in TABLE_PREFS:
            form.heading(heading)
            for name, label, note, options in rows:
                current = getattr(self.settings, name)
                if name == "volume":
                    current = min((v for v, _ in options), key=lambda v: abs(v - current))
                pick = self.app.set_fullscreen if name == "fullscreen" else self._setter(name)
                form.choice(name, label, note, options, current, pick)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            setattr(self.settings, name, value)
            self.app.save_settings()

        return set_value

    # --- changes ---
    def pick_preset(self, name: str) -> None:
        self.settings.pick_preset(name)
        self.app.save_settings()
        self._mark_rules()

    def set_rule(self, option: str, value: Any) -> None:
        try:
            self.settings.set_rule(option, value)
        except VariantError as e:  # the screen offers only allowed values; be safe anyway
            self.app.toast(str(e))
            return
        self.app.save_settings()
        self._mark_rules()

    def _mark_rules(self) -> None:
        """A preset changes many options, an option may change the preset: relight all."""
        if self.form is None:
            return
        rules = self.settings.rules()
        self.form.mark("preset", self.settings.rules_name())
        for option in option_names():
            self.form.mark(option, getattr(rules, option))

    def rename(self, seat: int, name: str) -> None:
        if self.settings.set_seat(seat, name=name):
            self.app.save_settings()

    def set_kind(self, seat: int, kind: str) -> None:
        if self.settings.set_seat(seat, kind=kind):
            self.app.save_settings()

    def back(self) -> None:
        self.app.pop(self)

    # --- the frame ---
    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "ui_text" and self.form is not None:
            return self.form.text_changed(cmd.element, cmd.text)
        if cmd.kind == "scroll" and self.form is not None:
            return self.form.scroll(cmd.pos, cmd.clicks)
        if cmd.kind == "key" and cmd.name == "back":
            self.back()
            return True
        if cmd.kind == "key" and cmd.name in ("left", "right"):
            keys = [k for k, _ in TABS]
            step = 1 if cmd.name == "right" else -1
            self.show(keys[(keys.index(self.tab) + step) % len(keys)])
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = self._px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text("Settings", px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        note = theme.text(self.note(), px(15), theme.GOLD if self.app.match else theme.TEXT_DIM)
        x, y = px(46) + title.get_width(), px(14) + title.get_height() - px(30)
        surface.blit(note, (x, y))
        form_rect, panel = self._body()
        widgets.draw_panel(surface, form_rect.inflate(px(14), px(12)), u, (6, 26, 17, 170))
        self._summary(surface, panel, u)
        super().draw(surface)

    def note(self) -> str:
        if self.app.match is not None:
            return "A match is running: rule and seat changes apply to the next match."
        return "Saved as you change them."

    def _summary(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        """The rules of the next match in the engine's words, and who sits at the table."""
        px = self._px
        widgets.draw_panel(surface, panel, u, (8, 30, 20, 225), theme.GOLD)
        x, y, width = panel.left + px(18), panel.top + px(14), panel.w - px(36)
        name = self.settings.rules_name()
        y = self._head(surface, "Rules of the next match", x, y)
        img = theme.text(PRESET_LABELS.get(name, "Custom rules"), px(24), theme.GOLD_LIGHT, True)
        surface.blit(img, (x, y))
        y += img.get_height() + px(2)
        lines: list[tuple[str, tuple, bool]] = []
        if name == "custom":
            lines.append((self.changes(), theme.TEXT_DIM, False))
        lines += [(line, theme.TEXT, True) for line in self.settings.rules().describe()]
        running = self.app.match
        if running is not None and getattr(running, "variant", None) != self.settings.rules():
            lines.append(
                ("The running match keeps the rules it was dealt with.", theme.GOLD, False)
            )
        y = self._paragraphs(surface, lines, x, y, width, panel.bottom)
        y = self._head(surface, "At the table", x, y + px(8))
        self._paragraphs(surface, self.table_lines(), x, y, width, panel.bottom)

    def changes(self) -> str:
        base = PRESETS.get(self.settings.preset, PRESETS["amsterdam"])
        rules = self.settings.rules()
        changed = [
            OPTION_LABELS.get(o, o).lower()
            for o in option_names()
            if getattr(base, o) != getattr(rules, o)
        ]
        base_name = PRESET_LABELS.get(self.settings.preset, "A preset")
        return f"{base_name}, changed: {', '.join(changed)}."

    def table_lines(self) -> list[tuple[str, tuple, bool]]:
        plan = self.settings.seat_plan()
        names = [name for name, _ in plan]
        lines = [(f"{names[0]} & {names[2]} against {names[1]} & {names[3]}", theme.TEXT, True)]
        computers = [f"{n} ({k})" for n, k in plan if k != HUMAN]
        kinds = {k for n, k in plan[1:]}
        if len(kinds) == 1 and plan[0][1] == HUMAN:
            lines.append((f"Computer players: {kinds.pop()}", theme.TEXT, True))
        else:
            lines.append(("Computer players: " + ", ".join(computers), theme.TEXT, True))
        if plan[0][1] != HUMAN:
            lines.append(("South is played by a computer: you watch.", theme.GOLD, False))
        return lines

    def _head(self, surface: pygame.Surface, text: str, x: int, y: int) -> int:
        head = theme.text(text.upper(), self._px(13), theme.TEXT_DIM, True)
        surface.blit(head, (x, y))
        return y + head.get_height() + self._px(4)

    def _paragraphs(
        self,
        surface: pygame.Surface,
        lines: list[tuple[str, tuple, bool]],
        x: int,
        y: int,
        width: int,
        bottom: int,
    ) -> int:
        """Wrapped paragraphs, bulleted where asked, stopping at `bottom`; returns the next y."""
        px = self._px
        size = px(16)
        line_h = theme.font(size).get_linesize()
        for text, colour, bullet in lines:
            for i, part in enumerate(theme.wrap(text, size, width - px(14))):
                if y + line_h > bottom - px(10):
                    return y
                if i == 0 and bullet:
                    pygame.draw.circle(surface, theme.GOLD, (x + px(4), y + line_h // 2), px(3))
                surface.blit(theme.text(part, size, colour), (x + px(14), y))
                y += line_h
            y += px(6)
        return y
