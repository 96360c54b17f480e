"""Ask before something new ends a match in progress, naming it.

Starting a match, a Klabberjass game or a practice match ends the unfinished one of
the same game (a practice match of the other game waits in memory, App._set_aside);
`ask_first` runs the start at once when nothing would end, else pushes the
confirmation, which names each match ("Amsterdam, deal 5, 119–407") and starts only
on "Abandon it and start". Esc or "Keep playing" leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..engine import PRESETS
from ..i18n import tr
from . import theme, widgets
from .commands import Command
from .focus import Control, FocusRing
from .scene import Scene

if TYPE_CHECKING:
    from ..play.games import Game
    from ..play.session import OpenMatch
    from .shell import Shell


def rules_name(match: OpenMatch) -> str:
    """The preset's short name in the player's language ("Amsterdam", "Clob")."""
    if match.game.name == "klabberjass":
        return tr(f"klabber.preset_{match.rules}")
    return tr(f"rules.preset_{match.rules if match.rules in PRESETS else 'long_custom'}")


BRIEF = ("ui.open_match", "ui.open_match_bare", "ui.open_match_score")  # ever shorter


def brief(match: OpenMatch, short: bool = False, shorter: int = 0) -> str:
    """ "Amsterdam, deal 5, 119–407" (the player's team first); practice says it is one
    (`short`: in one word, for a button beside another); `shorter` 1 leaves out the rules'
    name, 2 the deal too (BRIEF)."""
    us, them = match.totals
    what = tr(BRIEF[shorter], rules=rules_name(match), deal=match.deal_no, us=us, them=them)
    if not match.practice:
        return what
    return tr("ui.open_match_practice_short" if short else "ui.open_match_practice", what=what)


def ask_first(app: Shell, game: Game | None, start: Callable[[], None]) -> None:
    """`start` at once when it ends no unfinished match; else only once the player agrees.
    `game`: the game `start` begins a new match of (None: it continues another game)."""
    ending = app.ending(game)
    if not ending:
        start()
        return
    app.push("confirm", ending=ending, start=start)


class ConfirmScene(Scene):
    """A panel over the screen that asked: what would be abandoned, and two buttons."""

    opaque = False
    calm = True

    def __init__(self, app: Shell, ending: list[OpenMatch], start: Callable[[], None]) -> None:
        super().__init__(app)
        self.ending = ending
        self.start = start
        self.ring = FocusRing()
        self.ring.shown = True  # two buttons: the keyboard's choice is always visible
        self.build()

    def _u(self) -> float:
        return theme.scale_for(self.app.size)

    def lines(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of the panel, below its title."""
        out: list[tuple[str, tuple, bool]] = []
        for match in self.ending:
            key = f"ui.confirm_abandon_{match.game.noun}"
            out.append((tr(key, game=match.game.label), theme.TEXT, False))
            out.append((brief(match), theme.GOLD_LIGHT, True))
            if match.guests:  # a hosted match: the others' laptops leave the table too
                names = (
                    tr("guide.and").join([", ".join(match.guests[:-1]), match.guests[-1]])
                    if len(match.guests) > 1
                    else match.guests[0]
                )
                out.append((tr("ui.confirm_guests", names=names), theme.NAT, False))
        lost = any(m.match_id is None for m in self.ending)
        out.append((tr("ui.confirm_lost" if lost else "ui.confirm_kept"), theme.TEXT_DIM, False))
        return out

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self._u()
        needs = [
            widgets.fit_label(self.app.size, tr(key), cls, 0, 0)[0]  # both answers fit
            for key, cls in (("ui.confirm_no", "@menu"), ("ui.confirm_yes", "@menu_primary"))
        ]
        pw = min(w - round(40 * u), max(round(720 * u), 2 * max(needs) + round(66 * u)))
        ph = self._text_height(pw - round(56 * u)) + round(150 * u)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, min(h - round(20 * u), ph))

    def _text_height(self, width: int) -> int:
        u = self._u()
        height = theme.font(round(28 * u), True).get_height() + round(10 * u)
        size = theme.readable(18 * u)
        for text, _, bold in self.lines():
            lines = theme.wrap(text, size, width, bold)
            height += len(lines) * theme.font(size, bold).get_height() + round(6 * u)
        return height

    def build(self) -> None:
        u = self._u()
        panel = self.panel_rect()
        bh, gap = round(50 * u), round(18 * u)
        bw = (panel.w - round(48 * u) - gap) // 2
        y = panel.bottom - bh - round(22 * u)
        x = panel.left + round(24 * u)
        self.button("no", pygame.Rect(x, y, bw, bh), tr("ui.confirm_no"), self.cancel, "@menu")
        self.button("yes", pygame.Rect(x + bw + gap, y, bw, bh), tr("ui.confirm_yes"),
                    self.confirm, "@menu_primary")  # fmt: skip
        self.ring.set([
            Control(key, lambda k=key: self.buttons[k].get_abs_rect(), press)
            for key, press in (("no", self.cancel), ("yes", self.confirm))
        ], keep="no")  # fmt: skip

    def confirm(self) -> None:
        self.app.pop(self)
        self.start()

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name == "back":
            self.cancel()
            return True
        return self.ring.handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        u = self._u()
        widgets.dim(surface, 170)
        panel = self.panel_rect()
        widgets.draw_panel(surface, panel, u, (8, 30, 20, 245), theme.GOLD)
        x, y = panel.left + round(28 * u), panel.top + round(20 * u)
        width = panel.w - round(56 * u)
        title = theme.text(tr("ui.confirm_title"), round(28 * u), theme.GOLD_LIGHT, True)
        surface.blit(title, (x, y))
        y += title.get_height() + round(10 * u)
        size = theme.readable(18 * u)
        for text, colour, bold in self.lines():
            for line in theme.wrap(text, size, width, bold):
                img = theme.text(line, size, colour, bold)
                surface.blit(img, (x, y))
                y += img.get_height()
            y += round(6 * u)
        super().draw(surface)
        self.ring.draw(surface, u)
