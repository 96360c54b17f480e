"""The settings screen: the rules of the next match, the seats, and the table's manners.

Four tabs of rows (ui/form.py): Klaverjas rules, Klabberjass options, the match
and its seats, the table's manners; beside them the rules in force in words
(`describe_rules`), so every click shows what it changes. Every change is saved
at once. Rules and seats belong to the next match (a running match keeps the
rules it was dealt with); the table's manners apply at once.

`Settings` itself lives in store/prefs.py, the one object that is shown here,
read by the table and written to disk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from .. import i18n
from ..engine import PRESETS, VariantError
from ..engine.variant import BOOLEANS, CHOICES, MATCH_OPTIONS, option_names
from ..games import GAMES, KLAVERJAS, Game
from ..i18n import tr
from ..store.prefs import (
    CARD_BACKS,
    COACH_LEVELS,
    FORCED_CARD,
    HUMAN,
    LANGUAGES,
    SPEEDS,
    TEXT_SIZES,
    Settings,
    clean_name,
)
from ..words import (
    describe_rules,
    match_length_label,
    option_description,
    option_label,
    preset_label,
    value_label,
)
from . import theme, widgets
from .commands import Command
from .focus import Control, FocusRing
from .form import Form, Option
from .scene import Scene
from .seats import SEAT_NAMES, compass, display_name, level_label, levels

if TYPE_CHECKING:
    from .shell import Shell

# RULES.md 1.9: 16 deals (Amsterdam), 8, 4 and 1 are common; 1500 points (seed 002), 1000, 750.
MATCH_LENGTHS = ("deals:1", "deals:4", "deals:8", "deals:12", "deals:16", "deals:24",
                 "points:750", "points:1000", "points:1500", "points:2000")  # fmt: skip
PIT_BONUSES = (0, 50, 88, 100, 200)


def on_off() -> list[Option]:
    return [(True, tr("rules.on")), (False, tr("rules.off"))]


def _words(prefix: str, values: tuple) -> list[Option]:
    """Each value with its label `ui.<prefix>_<value>`."""
    return [(v, tr(f"ui.{prefix}_{v}")) for v in values]


def table_prefs() -> list[tuple[str, list[tuple[str, str, str, list[Option]]]]]:
    """The table's manners: (setting, label, one-line explanation, values), grouped.
    Made when shown, so the words follow the language."""
    return [
        (tr("ui.settings_group_play"), [
            ("animation_speed", tr("ui.settings_speed"), tr("ui.settings_speed_note"),
             _words("speed", tuple(SPEEDS))),
            ("play_gesture", tr("ui.settings_gesture"), tr("ui.settings_gesture_note"),
             _words("gesture", ("click", "double_click", "drag"))),
            ("four_colour", tr("ui.settings_deck"), tr("ui.settings_deck_note"),
             [(False, tr("ui.settings_two_colours")), (True, tr("ui.settings_four_colours"))]),
            ("card_back", tr("ui.settings_back"), tr("ui.settings_back_note"),
             _words("card_back", tuple(CARD_BACKS))),
            ("show_legal", tr("ui.settings_show_legal"), tr("ui.settings_show_legal_note"),
             on_off()),
            ("auto_roem_claim", tr("ui.settings_auto_roem"), tr("ui.settings_auto_roem_note"),
             on_off()),
            ("forced_card", tr("ui.settings_forced_card"), tr("ui.settings_forced_card_note"),
             _words("forced_card", FORCED_CARD)),
            ("hints", tr("ui.settings_hints"), tr("ui.settings_hints_note"), on_off()),
            ("coach", tr("ui.settings_coach"), tr("ui.settings_coach_note"),
             _words("coach", COACH_LEVELS)),
        ]),
        (tr("ui.settings_group_screen"), [
            ("volume", tr("ui.settings_volume"), "",
             [(v / 100, f"{v}%") for v in range(0, 101, 20)]),
            ("muted", tr("ui.settings_sound"), tr("ui.settings_sound_note"),
             [(False, tr("rules.on")), (True, tr("ui.settings_muted"))]),
            ("fullscreen", tr("ui.settings_fullscreen"), tr("ui.settings_fullscreen_note"),
             on_off()),
            ("text_size", tr("ui.settings_text_size"), tr("ui.settings_text_size_note"),
             _words("text_size", TEXT_SIZES)),
            ("language", tr("ui.settings_language"), tr("ui.settings_language_note"),
             [(code, i18n.LANGUAGE_NAMES.get(code, code)) for code in LANGUAGES]),
        ]),
    ]  # fmt: skip


ROLES = ("you", "opponent", "partner", "opponent")
# Each game's tab (its rules and seats) by the name its registry entry gives it
# (`Game.settings_tab`), then the tabs every game shares.
TABS = (*(game.settings_tab for game in GAMES.values()), "match", "table")


def _klabberjass_tab() -> Any:
    from . import klabberjass_settings  # a plain import: a frozen bundle sees it

    return klabberjass_settings


def _kalabriasz_tab() -> Any:
    from . import kalabriasz_settings  # a plain import: a frozen bundle sees it

    return kalabriasz_settings


# The modules of the games' own tabs, by tab name, imported when first shown: each builds
# its rows (`form_rows(scene, form)`) and its summary (`draw_summary(scene, surface,
# panel)`). The first game's tab, "rules", is this screen's own.
GAME_TABS: dict[str, Callable[[], Any]] = {
    "klabberjass": _klabberjass_tab,
    "kalabriasz": _kalabriasz_tab,
}


def tab_words(tab: str) -> str:
    """The translation key of a tab's name."""
    own = [game.settings_tab_words for game in GAMES.values() if game.settings_tab == tab]
    return own[0] if own else f"ui.settings_tab_{tab}"


def game_tab(tab: str) -> Any:
    """The module of a game's own tab (GAME_TABS), or None for this screen's own tabs."""
    load = GAME_TABS.get(tab)
    return None if load is None else load()


def rule_options(option: str, current: Any) -> list[Option]:
    """The values a rule option offers on screen, the current one always among them."""
    if option in CHOICES:
        return [(v, value_label(option, v)) for v in CHOICES[option]]
    if option in BOOLEANS:
        return on_off()
    if option == "pit_bonus":
        return [(v, str(v)) for v in sorted({*PIT_BONUSES, current})]
    if option == "match_length":
        values = [*MATCH_LENGTHS] + ([] if current in MATCH_LENGTHS else [current])
        return [(v, match_length_label(v)) for v in values]
    raise KeyError(option)


class SettingsScene(Scene):
    """Tabs of settings on the left, the rules of the next match in words on the right."""

    calm = True  # changes only on input

    def __init__(self, app: Shell, tab: str = "rules") -> None:
        super().__init__(app)
        self.tab = tab
        self.form: Form | None = None
        self.ring = FocusRing()  # shown once a key moves it
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
        bw, bh = widgets.fit_label(self.app.size, tr("ui.back"), "@primary", px(150), px(44))
        self.button("back", pygame.Rect(w - px(26) - bw, px(22), bw, bh),
                    tr("ui.back"), self.back, "@primary")  # fmt: skip
        x = px(26)
        for key in TABS:
            label = tr(tab_words(key))
            tw, th = widgets.fit_label(self.app.size, label, "@tab", px(176), px(40))
            rect = pygame.Rect(x, px(82) + px(40) - th, tw, th)
            tab = self.button(f"tab_{key}", rect, label, lambda k=key: self.show(k), "@tab")
            if key == self.tab:
                tab.select()
            x += rect.w + px(8)
        form_rect, _ = self._body()
        picked = self.form.picked if self.form is not None else None  # a rebuild of this tab
        self.form = Form(self, form_rect)
        own = game_tab(self.tab)
        if own is not None:
            own.form_rows(self, self.form)
        else:
            {"rules": self._rules, "match": self._match, "table": self._table}[self.tab](self.form)
        self.form.finish()
        self.ring.set([
            Control("back", self.buttons["back"].get_abs_rect, self.back),
            Control("tabs", self._tabs_rect, lambda: self.step_tab(1), self.step_tab),
            *self.form.controls,
        ])  # fmt: skip
        if not self.ring.shown and self.form.controls:
            # the first key shows the first row; a row just clicked (a new text size or
            # language rebuilds the screen) stays where the player was looking
            self.ring.focus(picked or self.form.controls[0].key)
        if (self.ring.shown or picked) and self.ring.current and self.ring.current.show:
            self.ring.current.show()  # rebuilt: the focused or the changed row in view

    def _tabs_rect(self) -> pygame.Rect:
        rects = [self.buttons[f"tab_{key}"].get_abs_rect() for key in TABS]
        return rects[0].unionall(rects[1:])

    def step_tab(self, step: int) -> None:
        keys = list(TABS)
        self.show(keys[(keys.index(self.tab) + step) % len(keys)])

    def show(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            if self.form is not None:
                self.form.picked = None  # another tab opens at its top
            self.resize(self.app.size)

    # --- the four tabs ---
    def _rules(self, form: Form) -> None:
        rules = self.settings.rules(KLAVERJAS)
        form.heading(tr("ui.settings_start_preset"))
        form.choice(
            "preset", tr("ui.settings_preset"), tr("ui.settings_preset_note"),
            [(name, preset_label(name)) for name in PRESETS],
            self.settings.rules_name(KLAVERJAS), self.pick_preset,
        )  # fmt: skip
        form.heading(tr("ui.settings_rule_options"))
        for option in option_names():
            if option not in MATCH_OPTIONS:
                self._rule_row(form, option, getattr(rules, option))

    def _rule_row(self, form: Form, option: str, current: Any) -> None:
        form.choice(
            option, option_label(option), option_description(option),
            rule_options(option, current), current, lambda v, o=option: self.set_rule(o, v),
        )  # fmt: skip

    def _match(self, form: Form) -> None:
        form.heading(tr("ui.settings_seats"))
        names = list(levels())
        for seat, (name, kind) in enumerate(self.settings.seat_plan(KLAVERJAS)):
            person = tr("ui.settings_you_play") if seat == 0 else tr("guide.seat_person")
            kinds = [(HUMAN, person)]  # several people: hot-seat, one laptop
            form.entry(
                f"seat{seat}", f"{compass(seat)}  ·  {tr(f'ui.role_{ROLES[seat]}')}",
                display_name(name), lambda text, s=seat: self.rename(s, text),
                [*kinds, *((n, level_label(n).capitalize()) for n in names)], kind,
                lambda k, s=seat: self.set_kind(s, k),
            )  # fmt: skip
        form.heading(tr("ui.settings_match"))
        rules = self.settings.rules(KLAVERJAS)
        for option in MATCH_OPTIONS:
            self._rule_row(form, option, getattr(rules, option))
        form.choice(
            "practice", tr("guide.practice_label"), tr("guide.practice_note"),
            [(True, tr("guide.on")), (False, tr("guide.off"))], self.settings.practice,
            self._setter("practice"),
        )  # fmt: skip

    def _table(self, form: Form) -> None:
        for heading, rows in table_prefs():
            form.heading(heading)
            for name, label, note, options in rows:
                current = getattr(self.settings, name)
                if name == "volume":
                    current = min((v for v, _ in options), key=lambda v: abs(v - current))
                pick = self._setter(name)
                if name == "fullscreen":
                    pick = self.app.set_fullscreen
                elif name == "text_size":
                    pick = self.app.set_text_size
                elif name == "language":
                    pick = self.set_language
                elif name == "coach":
                    pick = self.set_coach
                form.choice(name, label, note, options, current, pick)
        from .attract import idle_row

        idle_row(self, form)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            setattr(self.settings, name, value)
            self.app.save_settings()

        return set_value

    # --- changes ---
    def set_coach(self, level: str) -> None:
        """The player's own choice: it stays after the matches that quiet a default coach."""
        self.settings.choose_coach(level)
        self.app.save_settings()

    def pick_preset(self, name: str) -> None:
        self.settings.pick_preset(name, KLAVERJAS)
        self.app.save_settings()
        self._mark_rules()

    def set_rule(self, option: str, value: Any) -> None:
        self.change_rule(KLAVERJAS, option, value, self._mark_rules)

    def change_rule(self, game: Game, option: str, value: Any,
                    relight: Callable[[], None]) -> None:  # fmt: skip
        """One option of a game's rules, saved and relit on the form; the Klabberjass tab
        changes its options through here too."""
        try:
            self.settings.set_rule(option, value, game)
        except VariantError as e:  # the screen offers only allowed values; be safe anyway
            self.app.toast(str(e))
            return
        self.app.save_settings()
        relight()

    def _mark_rules(self) -> None:
        """A preset changes many options, an option may change the preset: relight all."""
        if self.form is None:
            return
        rules = self.settings.rules(KLAVERJAS)
        self.form.mark("preset", self.settings.rules_name(KLAVERJAS))
        for option in option_names():
            self.form.mark(option, getattr(rules, option))

    def rename(self, seat: int, name: str, game: Game = KLAVERJAS, key: str = "") -> None:
        """The name as typed, without what a name may not hold (a pasted line break, a control
        character): taken out of the field at once (`key`: its name on the form, "seat<n>"
        unless a game's tab says), so the player sees what is kept."""
        if clean_name(name) != name:
            name = clean_name(name)
            key = key or f"seat{seat}"
            field = self.form.entries.get(key) if self.form is not None else None
            if field is not None:
                field.set_text(name)
        if name.strip() == display_name(SEAT_NAMES[0]):
            name = SEAT_NAMES[0]  # the default "You" is stored as such and shown translated
        if self.settings.set_seat(seat, name=name, game=game):
            self.app.save_settings()

    def set_kind(self, seat: int, kind: str, game: Game = KLAVERJAS) -> None:
        if self.settings.set_seat(seat, kind=kind, game=game):
            self.app.save_settings()

    def set_language(self, lang: str) -> None:
        """Applies at once: every scene on the stack is rebuilt in the new words."""
        if lang == self.settings.language and lang == i18n.language():
            return
        self.settings.language = lang
        self.app.save_settings()
        self.app.set_language(lang)

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
        if cmd.kind != "key":
            return False
        if self.typing():  # Esc, Tab or Enter in a name field: the keys go back to the ring
            self.ui.set_focus_set(None)
            if cmd.name in ("back", "confirm"):
                return True
        if cmd.name == "back":
            self.back()
            return True
        return self.ring.handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = self._px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("ui.settings_title"), px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        x, y = px(46) + title.get_width(), px(14) + title.get_height() - px(30)
        room = self.buttons["back"].rect.left - px(16) - x  # never under Back
        lines = theme.wrap(self.note(), px(15), room)
        line_h = theme.font(px(15)).get_linesize()
        y = max(px(4), y - (len(lines) - 1) * line_h)  # a second line goes up, beside the title
        for line in lines:
            note = theme.text(line, px(15), theme.GOLD if self.app.match else theme.TEXT_DIM)
            surface.blit(note, (x, y))
            y += line_h
        keys = theme.text(tr("ui.settings_keys_note"), theme.readable(px(14)), theme.TEXT_DIM)
        tabs = self._tabs_rect()
        if tabs.right + px(20) + keys.get_width() <= w - px(26):  # where it fits, beside the tabs
            surface.blit(keys, keys.get_rect(midright=(w - px(26), tabs.centery)))
        form_rect, panel = self._body()
        widgets.draw_panel(surface, form_rect.inflate(px(14), px(12)), u, (6, 26, 17, 170))
        self._summary(surface, panel, u)
        super().draw(surface)
        in_form = self.ring.key not in ("back", "tabs")
        self.ring.draw(surface, u, form_rect if in_form else None)

    def note(self) -> str:
        if self.app.match is not None:
            return tr("ui.settings_note_running")
        return tr("ui.settings_note_saved")

    def _summary(self, surface: pygame.Surface, panel: pygame.Rect, u: float) -> None:
        """The rules of the next match in the engine's words, and who sits at the table."""
        own = game_tab(self.tab)
        if own is not None:
            own.draw_summary(self, surface, panel)
            return
        px = self._px
        widgets.draw_panel(surface, panel, u, (8, 30, 20, 225), theme.GOLD)
        x, y, width = panel.left + px(18), panel.top + px(14), panel.w - px(36)
        name = self.settings.rules_name(KLAVERJAS)
        y = self._head(surface, tr("ui.settings_next_rules"), x, y, width)
        label = preset_label(name if name in PRESETS else "custom")
        img = theme.text(label, px(24), theme.GOLD_LIGHT, True)
        surface.blit(img, (x, y))
        y += img.get_height() + px(2)
        lines: list[tuple[str, tuple, bool]] = []
        if name == "custom":
            lines.append((self.changes(), theme.TEXT_DIM, False))
        rules = self.settings.rules(KLAVERJAS)
        lines += [(line, theme.TEXT, True) for line in describe_rules(rules)]
        running: Any = self.app.match  # the kept table, if a match runs (of any game)
        # only a match of the game these rules are for (its own tab is "rules"): a running
        # Kalabriasz game always differed from them
        ours = getattr(getattr(running, "game", None), "settings_tab", None) == "rules"
        if ours and running.session.variant != rules:
            lines.append((tr("ui.settings_running_keeps"), theme.GOLD, False))
        table = self.table_lines()
        head = tr("ui.settings_at_table")
        head_h = sum(theme.font(px(13), True).get_linesize()
                     for _ in theme.wrap(head.upper(), px(13), width, True))  # fmt: skip
        size = px(16)  # smaller letters where all of it would not fit (a convention's text)
        while size > px(13) and (
            self._paragraphs_height(lines, width, size) + px(12) + head_h
            + self._paragraphs_height(table, width, size) > panel.bottom - px(10) - y
        ):  # fmt: skip
            size -= 1
        y = self._paragraphs(surface, lines, x, y, width, panel.bottom, size)
        if y + px(8) + head_h < panel.bottom - px(10):  # never past the panel's frame
            y = self._head(surface, head, x, y + px(8), width)
            self._paragraphs(surface, table, x, y, width, panel.bottom, size)

    def changes(self) -> str:
        preset = self.settings.choices(KLAVERJAS).preset
        base = PRESETS.get(preset, PRESETS["amsterdam"])
        rules = self.settings.rules(KLAVERJAS)
        changed = [
            option_label(o).lower() for o in option_names() if getattr(base, o) != getattr(rules, o)
        ]
        base_name = preset_label(preset) if preset in PRESETS else tr("ui.settings_a_preset")
        return tr("ui.settings_changed", preset=base_name, options=", ".join(changed))

    def table_lines(self) -> list[tuple[str, tuple, bool]]:
        plan = self.settings.seat_plan(KLAVERJAS)
        names = [display_name(name) for name, _ in plan]
        teams = tr("ui.settings_teams", a=names[0], b=names[2], c=names[1], d=names[3])
        lines = [(teams, theme.TEXT, True)]
        computers = [f"{display_name(n)} ({level_label(k)})" for n, k in plan if k != HUMAN]
        kinds = {k for n, k in plan[1:]}
        if len(kinds) == 1 and plan[0][1] == HUMAN:
            level = level_label(kinds.pop())
        else:
            level = ", ".join(computers)
        lines.append((tr("ui.settings_computers", players=level), theme.TEXT, True))
        people = [display_name(n) for n, k in plan if k == HUMAN]
        if not people:
            lines.append((tr("ui.settings_south_computer"), theme.GOLD, False))
        elif len(people) > 1:
            names = tr("guide.and").join([", ".join(people[:-1]), people[-1]])
            lines.append((tr("guide.hotseat_line", names=names), theme.GOLD, False))
            if self.settings.practice:
                lines.append((tr("guide.hotseat_practice"), theme.GOLD, False))
        return lines

    def _head(self, surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
        """A summary panel's heading, wrapped to `width`; returns where the text goes on."""
        for line in theme.wrap(text.upper(), self._px(13), width, True):
            head = theme.text(line, self._px(13), theme.TEXT_DIM, True)
            surface.blit(head, (x, y))
            y += head.get_height()
        return y + self._px(4)

    def _paragraphs_height(
        self, lines: list[tuple[str, tuple, bool]], width: int, size: int
    ) -> int:
        """The height `_paragraphs` takes for `lines` at `size`."""
        line_h = theme.font(size).get_linesize()
        wrapped = [len(theme.wrap(text, size, width - self._px(14))) for text, _, _ in lines]
        return sum(n * line_h + self._px(6) for n in wrapped)

    def _paragraphs(
        self,
        surface: pygame.Surface,
        lines: list[tuple[str, tuple, bool]],
        x: int,
        y: int,
        width: int,
        bottom: int,
        size: int = 0,
    ) -> int:
        """Wrapped paragraphs, bulleted where asked, stopping at `bottom`; returns the next y.
        `size`: the letters' (default 16 units)."""
        px = self._px
        size = size or px(16)
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
