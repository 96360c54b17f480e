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

from ..i18n import shown_name, tr
from . import theme, widgets
from .commands import Command
from .focus import Control, FocusRing
from .scene import Scene

if TYPE_CHECKING:
    from ..games import Game
    from ..play.session import OpenMatch
    from .shell import Shell


def rules_name(match: OpenMatch) -> str:
    """The preset's short name in the player's language ("Amsterdam", "Clob"), without the
    game's own name, which every line that says it names already ("Continue Kalabriasz:
    Kalabriasz · 12 deals" said it twice): "12 deals", and "" for "Klabberjass"."""
    name = tr(match.game.preset_title(match.rules))
    head, _, rest = name.partition(" · ")
    return rest if head == match.game.label else name


BRIEF = ("ui.open_match", "ui.open_match_bare", "ui.open_match_score")  # ever shorter


def brief(match: OpenMatch, short: bool = False, shorter: int = 0) -> str:
    """ "Amsterdam, deal 5, 119–407" (the player's team first, then the others: three totals
    in Kalabriasz); practice says it is one (`short`: in one word, for a button beside
    another); `shorter` 1 leaves out the rules' name, 2 the deal too (BRIEF)."""
    us, *others = match.totals
    them = "–".join(str(t) for t in others)
    rules = rules_name(match)
    shorter = shorter if rules else max(1, shorter)  # the game's name was all it said
    what = tr(BRIEF[shorter], rules=rules, deal=match.deal_no, us=us, them=them)
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


class QuestionScene(Scene):
    """A panel over the screen with a question, the lines that explain it and two answers:
    the safe one on the left (the keyboard's first choice, and Esc) and the other. Asking
    before a match is abandoned, and the host's questions about a guest's seat, are each a
    question's words and what its two answers do."""

    opaque = False
    calm = True
    keys = ("no", "yes")  # the two buttons' names: the safe answer first

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.ring.shown = True  # two buttons: the keyboard's choice is always visible
        self.build()

    # --- what a question says and does ---
    def title(self) -> str:
        raise NotImplementedError

    def lines(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of the panel, below its title."""
        raise NotImplementedError

    def answers(self) -> tuple[str, str]:
        """The safe answer's words, then the other's."""
        raise NotImplementedError

    def safe(self) -> None:
        self.app.pop(self)

    def other(self) -> None:
        self.app.pop(self)

    # --- the panel ---
    def _u(self) -> float:
        return theme.scale_for(self.app.size)

    def _blocks(self, width: int) -> list[tuple[list[str], int, tuple, bool, int]]:
        """Each text of the panel wrapped to `width`: (lines, size, colour, bold, gap after)."""
        u = self._u()
        size = theme.readable(18 * u)
        title = [(self.title(), round(28 * u), theme.GOLD_LIGHT, True, round(10 * u))]
        rest = [(text, size, colour, bold, round(6 * u)) for text, colour, bold in self.lines()]
        return [(theme.wrap(text, px, width, bold), px, colour, bold, gap)
                for text, px, colour, bold, gap in (*title, *rest)]  # fmt: skip

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self._u()
        needs = [  # both answers fit
            widgets.fit_label(self.app.size, label, cls, 0, 0)[0]
            for label, cls in zip(self.answers(), ("@menu", "@menu_primary"), strict=True)
        ]
        pw = min(w - round(40 * u), max(round(720 * u), 2 * max(needs) + round(66 * u)))
        text = sum(
            len(lines) * theme.font(px, bold).get_height() + gap
            for lines, px, _, bold, gap in self._blocks(pw - round(56 * u))
        )
        ph = text + round(150 * u)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, min(h - round(20 * u), ph))

    def build(self) -> None:
        u = self._u()
        panel = self.panel_rect()
        bh, gap = round(50 * u), round(18 * u)
        bw = (panel.w - round(48 * u) - gap) // 2
        y = panel.bottom - bh - round(22 * u)
        x = panel.left + round(24 * u)
        (safe_key, other_key), (safe, other) = self.keys, self.answers()
        self.button(safe_key, pygame.Rect(x, y, bw, bh), safe, self.safe, "@menu")
        self.button(other_key, pygame.Rect(x + bw + gap, y, bw, bh), other, self.other,
                    "@menu_primary")  # fmt: skip
        self.ring.set([
            Control(key, lambda k=key: self.buttons[k].get_abs_rect(), press)
            for key, press in ((safe_key, self.safe), (other_key, self.other))
        ], keep=safe_key)  # fmt: skip

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name == "back":
            self.safe()
            return True
        return self.ring.handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        u = self._u()
        widgets.dim(surface, 170)
        panel = self.panel_rect()
        widgets.draw_panel(surface, panel, u, (8, 30, 20, 245), theme.GOLD)
        x, y = panel.left + round(28 * u), panel.top + round(20 * u)
        for lines, px, colour, bold, gap in self._blocks(panel.w - round(56 * u)):
            for line in lines:
                img = theme.text(line, px, colour, bold)
                surface.blit(img, (x, y))
                y += img.get_height()
            y += gap
        super().draw(surface)
        self.ring.draw(surface, u)


class ConfirmScene(QuestionScene):
    """Asks before a match is abandoned: what would end, Keep playing or Start."""

    def __init__(self, app: Shell, ending: list[OpenMatch], start: Callable[[], None]) -> None:
        self.ending = ending
        self.start = start
        super().__init__(app)

    def title(self) -> str:
        return tr("ui.confirm_title")

    def answers(self) -> tuple[str, str]:
        return tr("ui.confirm_no"), tr("ui.confirm_yes")

    def other(self) -> None:
        self.app.pop(self)
        self.start()

    def lines(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of the panel, below its title."""
        out: list[tuple[str, tuple, bool]] = []
        for match in self.ending:
            key = f"ui.confirm_abandon_{match.game.noun}"
            out.append((tr(key, game=match.game.label), theme.TEXT, False))
            out.append((brief(match), theme.GOLD_LIGHT, True))
            if match.guests:  # a hosted match: the others' laptops leave the table too
                guests = [shown_name(name) for name in match.guests]
                names = (
                    tr("guide.and").join([", ".join(guests[:-1]), guests[-1]])
                    if len(guests) > 1
                    else guests[0]
                )
                out.append((tr("ui.confirm_guests", names=names), theme.NAT, False))
        lost = any(m.match_id is None for m in self.ending)
        out.append((tr("ui.confirm_lost" if lost else "ui.confirm_kept"), theme.TEXT_DIM, False))
        return out
