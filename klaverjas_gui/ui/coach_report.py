"""The coach's report on one match: how many decisions, their average cost, the three
costliest with a sentence each, and the mistakes counted by kind. A click on one of the
costliest opens its position on the table (ui/drill.py's "coach position").

Everything comes from the history (the decisions the coach stored, play/coaching.py);
the sentence of a costly decision is worded again from its position, rebuilt exactly
from the match's seed and moves (`History.position_before`), in today's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import StateError
from ..i18n import language, tr
from ..teach import coach
from . import theme
from .commands import Command
from .textpage import TextPageScene

if TYPE_CHECKING:
    from ..store.history import Decision
    from .shell import Shell


def _decimal(x: float) -> str:
    """One decimal, with the decimal comma in Dutch and French."""
    text = f"{x:.1f}"
    return text.replace(".", ",") if language() in ("nl", "fr") else text


class CoachReportScene(TextPageScene):
    """One match's report, read from the history when the page is built."""

    title_key = "coach.report_title"
    width = 1000

    def __init__(self, app: Shell, match_id: int) -> None:
        self.match_id = match_id
        self.links: dict[int, Decision] = {}  # paragraph -> the decision it tells
        self.hover: int | None = None
        super().__init__(app)

    # --- what the report says ---
    def paragraphs(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) from top to bottom."""
        history = self.app.history
        decisions = history.decisions(self.match_id)
        if not decisions:
            return [(tr("coach.report_none"), theme.TEXT, False)]
        s = coach.summary(decisions)
        out: list[tuple[str, tuple, bool]] = [
            (tr("coach.report_decisions", n=s["decisions"], average=_decimal(s["average"])),
             theme.GOLD_LIGHT, True),
        ]  # fmt: skip
        # below coach.CLOSE a choice is "about as good": not among the costly ones
        costliest = [d for d in history.costliest(self.match_id) if d.cost >= coach.CLOSE]
        if costliest:
            self.links = {}
            head = tr("coach.report_costliest")
            if any(self.fits(d) for d in costliest):
                head += " " + tr("coach.report_click")
            out.append((head, theme.TEXT, True))
            for d in costliest:
                if self.fits(d):
                    self.links[len(out)] = d
                out.append((self.sentence(d), theme.TEXT, False))
        if s["mistakes"]:
            counts = sorted(s["mistakes"].items(), key=lambda kv: (-kv[1], kv[0]))
            kinds = " · ".join(f"{coach.kind_label(k)}: {n}" for k, n in counts)
            out.append((tr("coach.report_kinds", kinds=kinds), theme.TEXT, False))
        else:
            out.append((tr("coach.report_no_mistakes"), theme.TEXT, False))
        return out

    def fits(self, d: Decision) -> bool:
        """Whether the decision's position can be rebuilt from the stored match."""
        try:
            self.app.history.position_before(d)
        except StateError:
            return False
        return True

    # --- a costly decision on the table ---
    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "pointer_move":
            hover = self.link_at(cmd.pos)
            if hover != self.hover:
                self.hover = hover
            return False
        if cmd.kind == "pointer_down":
            i = self.link_at(cmd.pos)
            if i is not None:
                self.app.push("coach position", decision=self.links[i])
                return True
        return False

    def link_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i in self.links if i < len(self.rects)
                     and self.rects[i].collidepoint(pos)), None)  # fmt: skip

    def under(self, surface: pygame.Surface, i: int, rect: pygame.Rect) -> None:
        """A clickable decision gets a frame, brighter under the mouse."""
        if i not in self.links:
            return
        lit = i == self.hover
        fill = (40, 90, 62) if lit else (18, 52, 36)
        pygame.draw.rect(surface, fill, rect, 0, self.px(8))
        pygame.draw.rect(surface, theme.GOLD if lit else (70, 120, 92), rect, max(1, self.px(2)),
                         self.px(8))  # fmt: skip

    def sentence(self, d: Decision) -> str:
        """Where the decision was, its cost, and the coach's sentence on it."""
        try:
            state = self.app.history.position_before(d)
        except StateError:
            return tr("coach.report_cost", cost=coach.points(d.cost), what=d.chosen)
        obs = state.observation(d.seat)
        parse = state.parse_action
        j = coach.Judgement(d.seat, d.kind, d.mistake, d.cost, parse(d.chosen), parse(d.best), ())
        return f"{coach.where(obs)}: {coach.note(obs, j)}"
