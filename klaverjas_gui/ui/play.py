"""The Play screen: the game, its rules and the opponents, chosen before a match starts.

Every choice is in sight: the two games, each preset with its one line of what makes
it different (no button that silently cycles through seven rule sets), the computer
players' level and, for Klaverjas, open-hands practice; "On the network…" opens the
host and join screens (ui/lan/) with the game picked here. What is picked is saved in the
settings at once, as Settings would; Start asks first if it would end an unfinished
match (ui/confirm.py). The keyboard reaches every control (ui/focus.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..games import DEFAULT_GAME, GAMES, Game
from ..i18n import tr
from ..store.prefs import HUMAN
from ..words import convention_text, signal_lines, value_label
from . import theme, widgets
from .commands import Command, on_key
from .confirm import ask_first
from .focus import Control, FocusRing
from .scene import Scene
from .seats import level_label

if TYPE_CHECKING:
    from .shell import Shell


def preset_names(game: Game, current: str) -> list[str]:
    """The game's presets, with "custom" first when the settings hold rules of their own."""
    return (["custom"] if current == "custom" else []) + list(game.presets)


def preset_title(game: Game, name: str) -> str:
    return tr(game.preset_title(name))


def preset_note(game: Game, name: str) -> str:
    """The preset's one line: what makes it different."""
    return tr(game.preset_note(name))


class PlayScene(Scene):
    """Choices in rows on the felt, Start at the bottom right."""

    calm = True  # changes only on input

    def __init__(self, app: Shell, game: str = DEFAULT_GAME.name) -> None:
        super().__init__(app)
        self.game = GAMES[game]
        self.ring = FocusRing()
        self.notes: list[tuple[str, pygame.Rect]] = []  # (text, where), drawn by draw
        self.headings: list[tuple[str, tuple[int, int]]] = []
        self.build()

    # --- what the settings hold ---
    def current_preset(self) -> str:
        return self.app.settings.rules_name(self.game)

    def opponents(self) -> str | None:
        """The level every computer seat has, or None (mixed, or people at the laptop)."""
        seats = self.app.settings.seat_plan(self.game)[1:]
        kinds = {kind for _, kind in seats}
        return kinds.pop() if len(kinds) == 1 and HUMAN not in kinds else None

    # --- layout ---
    def _px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def build(self) -> None:
        px = self._px
        w, h = self.app.size
        self.notes, self.headings = [], []
        controls: list[Control] = []
        back_w, back_h = self._fit(tr("ui.back"), "@primary", px(150), px(44))
        self.button("back", pygame.Rect(w - px(26) - back_w, px(22), back_w, back_h),
                    tr("ui.back"), self.back, "@primary")  # fmt: skip
        controls.append(self._control("back", self.back))
        x0 = px(60)
        y = px(92)
        # the game
        y = self._heading(tr("ui.play_game"), x0, y)
        x = x0
        for game in GAMES.values():
            label = tr(f"ui.play_{game.name}")
            bw, bh = self._fit(label, "@segment", px(240), px(44))
            button = self.button(f"game_{game.name}", pygame.Rect(x, y, bw, bh), label,
                                 lambda g=game: self.choose_game(g), "@segment")  # fmt: skip
            if game is self.game:
                button.select()
            x += bw + px(12)
        controls.append(Control("game", lambda: self._union("game_"), self.next_game,
                                lambda step: self.next_game()))  # fmt: skip
        y += bh + px(14)
        # the rules: each preset with its one line
        y = self._heading(tr("ui.play_rules"), x0, y)
        current = self.current_preset()
        names = preset_names(self.game, current)
        titles = [preset_title(self.game, n) for n in names]
        bw = max(self._fit(t, "@segment", px(190), px(30))[0] for t in titles)
        _, bh = self._fit(titles[0], "@segment", px(190), px(30))
        start_h = self._fit(tr("ui.play_start"), "@primary", px(200), px(52))[1]
        room = h - y - start_h - px(150) - 2 * bh  # the opponents' rows and Start below
        gap = max(px(3), min(px(6), room // max(1, len(names)) - bh))
        for name, title in zip(names, titles, strict=True):
            key = f"preset_{name}"
            button = self.button(key, pygame.Rect(x0, y, bw, bh), title,
                                 lambda n=name: self.choose_preset(n), "@segment")  # fmt: skip
            if name == current:
                button.select()
            note_x = x0 + bw + px(16)
            self.notes.append((preset_note(self.game, name),
                               pygame.Rect(note_x, y, w - note_x - px(30), bh)))  # fmt: skip
            controls.append(self._control(key, lambda n=name: self.choose_preset(n)))
            y += bh + gap
        y += px(10)
        # the opponents (and practice, where the game offers it)
        y = self._heading(tr(self.game.opponents_words), x0, y)
        x = x0
        level = self.opponents()
        for name in self.game.levels():
            label = level_label(name).capitalize()
            lw, lh = self._fit(label, "@segment", px(110), px(36))
            button = self.button(f"level_{name}", pygame.Rect(x, y, lw, lh), label,
                                 lambda n=name: self.choose_level(n), "@segment")  # fmt: skip
            if name == level:
                button.select()
            x += lw + px(8)
        controls.append(Control("level", lambda: self._union("level_"),
                                lambda: self.step_level(1), self.step_level))  # fmt: skip
        if self.game.practice:
            x += px(30)
            practice = self.app.settings.practice
            label = tr("guide.practice_label")
            pw, ph = self._fit(label, "@segment", px(120), px(36))
            pw = min(pw, w - x - px(30))
            button = self.button("practice", pygame.Rect(x, y, pw, ph), label,
                                 self.toggle_practice, "@segment")  # fmt: skip
            if practice:
                button.select()
            controls.append(self._control("practice", self.toggle_practice,
                                          lambda step: self.toggle_practice()))  # fmt: skip
            x += pw
        # the foot: every rule option, Start
        sw, sh = self._fit(tr("ui.play_start"), "@primary", px(220), px(56))
        start = pygame.Rect(w - px(40) - sw, h - px(28) - sh, sw, sh)
        # the agreed signals, public, are said before the match, above the foot (their
        # second line lay under "All rule options..." at larger text); where their whole
        # sentences do not fit there, one line names them
        ow, oh = self._fit(tr("ui.play_options"), "@quiet", px(200), px(40))
        options = pygame.Rect(x0, start.centery - oh // 2, ow, oh)
        nw, _ = self._fit(tr("net.play_network"), "@quiet", px(200), px(40))
        network = pygame.Rect(options.right + px(16), options.top, nw, oh)
        top = y + lh + px(14) + (lh + px(8) if level is None else 0)
        signals = self._signal_notes(w - x0 - px(40))
        if top + sum(text_h + px(4) for _, text_h in signals) > start.top:
            signals = self._signal_notes(w - x0 - px(40), short=True)
        if top + sum(text_h + px(4) for _, text_h in signals) > start.top:
            # not even their one line above the foot (people at the laptop took it, at
            # larger text): in the foot, between its buttons; it lay under "All rule
            # options...", a stray letter showing beside it
            between = (network.right + px(20), start.left - network.right - px(40))
            for text, text_h in signals:
                self.notes.append((text, pygame.Rect(between[0], start.centery - text_h // 2,
                                                     between[1], text_h)))  # fmt: skip
            signals = []
        for text, text_h in signals:
            self.notes.append((text, pygame.Rect(x0, top, w - x0 - px(40), text_h)))
            top += text_h + px(4)
        if level is None:  # people at the laptop: the note after the row's buttons, never
            # under them; on a line of its own where the row leaves too little room
            note = pygame.Rect(x + px(10), y, w - x - px(50), lh)
            if note.w < px(300):
                note = pygame.Rect(x0, y + lh + px(8), w - x0 - px(40), lh)
            self.notes.append((tr("ui.play_people"), note))
        self.button("options", options, tr("ui.play_options"), self.open_options, "@quiet")
        self.button("network", network, tr("net.play_network"), self.open_network, "@quiet")
        self.button("start", start, tr("ui.play_start"), self.start, "@primary")
        controls += [self._control("options", self.open_options),
                     self._control("network", self.open_network),
                     self._control("start", self.start)]  # fmt: skip
        self.ring.set(controls)
        if not self.ring.shown:
            self.ring.focus("start")  # Enter at once starts, as the menu's Play then Enter

    def _signal_notes(self, width: int, short: bool = False) -> list[tuple[str, int]]:
        """The agreed signals in force, each with the height of its lines; `short`: one
        line that only names them ("Seinen: kleur · Troefvraag")."""
        if not self.game.signals:
            return []
        size = theme.readable(self._px(16))
        line_h = theme.font(size).get_linesize()
        rules = self.app.settings.rules(self.game)
        if not short:
            texts = signal_lines(rules)
            return [(t, line_h * max(1, len(theme.wrap(t, size, width)))) for t in texts]
        names = [tr("ui.table_signals", name=value_label("signals", rules.signals))]
        names = names if convention_text(rules) else []
        if rules.trump_request:
            names.append(tr("rules.option_trump_request"))
        return [(" · ".join(names), line_h)] if names else []

    def _fit(self, label: str, cls: str, width: int, height: int) -> tuple[int, int]:
        return widgets.fit_label(self.app.size, label, cls, width, height)

    def _heading(self, text: str, x: int, y: int) -> int:
        size = theme.readable(self._px(15))
        self.headings.append((text.upper(), (x, y)))
        return y + theme.font(size, True).get_linesize() + self._px(4)

    def _control(self, key: str, press: Callable[[], None],
                 step: Callable[[int], None] | None = None) -> Control:  # fmt: skip
        return Control(key, lambda: self._rect(key), press, step)

    def _rect(self, key: str) -> pygame.Rect | None:
        button = self.buttons.get(key)
        return button.get_abs_rect() if button is not None else None

    def _union(self, prefix: str) -> pygame.Rect | None:
        rects = [b.get_abs_rect() for k, b in self.buttons.items() if k.startswith(prefix)]
        return rects[0].unionall(rects[1:]) if rects else None

    def rebuild(self) -> None:
        self.resize(self.app.size)

    # --- choices ---
    def choose_game(self, game: Game) -> None:
        if game is not self.game:
            self.game = game
            self.rebuild()

    def next_game(self) -> None:
        games = list(GAMES.values())
        self.choose_game(games[(games.index(self.game) + 1) % len(games)])

    def choose_preset(self, name: str) -> None:
        settings = self.app.settings
        if name != "custom":
            settings.pick_preset(name, self.game)  # the match length stays (store/prefs.py)
            self.app.save_settings()
        self.rebuild()

    def choose_level(self, level: str) -> None:
        for seat in range(1, self.game.players):
            self.app.settings.set_seat(seat, kind=level, game=self.game)
        self.app.save_settings()
        self.rebuild()

    def step_level(self, step: int) -> None:
        names = list(self.game.levels())
        level = self.opponents()
        i = names.index(level) + step if level in names else 0
        self.choose_level(names[i % len(names)])

    def toggle_practice(self) -> None:
        self.app.settings.practice = not self.app.settings.practice
        self.app.save_settings()
        self.rebuild()

    def open_options(self) -> None:
        self.app.push("settings", tab=self.game.settings_tab)

    def open_network(self) -> None:
        """Host or join a match on the network (ui/lan/): the host's screen starts from
        the game and rules chosen here."""
        self.app.push("network", game=self.game.name)

    def start(self) -> None:
        """The match with what is chosen, once the player agreed to end an unfinished one."""
        game = self.game
        rules: Any = self.app.settings.rules(game)
        practice = game.practice and self.app.settings.practice
        ask_first(self.app, game, lambda: self.app.start_match(rules, practice=practice, game=game))

    def back(self) -> None:
        self.app.pop(self)

    # --- the frame ---
    def enter(self) -> None:
        self.rebuild()  # Settings may have changed the rules or the seats

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {"back": self.back}) or self.ring.handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = self._px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("ui.play_title"), px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        sub = theme.text(tr("ui.play_subtitle"), theme.readable(px(16)), theme.TEXT_DIM)
        surface.blit(sub, (px(46) + title.get_width(), px(14) + title.get_height() - px(30)))
        size = theme.readable(px(15))
        for text, (x, y) in self.headings:
            surface.blit(theme.text(text, size, theme.GOLD, True), (x, y))
        size = theme.readable(px(16))
        for text, rect in self.notes:
            lines = theme.wrap(text, size, rect.w)
            line_h = theme.font(size).get_linesize()
            y = rect.centery - line_h * len(lines) // 2
            for line in lines[:2]:
                surface.blit(theme.text(line, size, theme.TEXT), (rect.left, y))
                y += line_h
        super().draw(surface)
        self.ring.draw(surface, u)
