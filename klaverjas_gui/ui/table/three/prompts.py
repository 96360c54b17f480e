"""The Kalabriasz decisions: name a suit or pass while bidding (buttons, exactly the
engine's legal actions), and, for the maker, the two cards to lay away: a panel that
says so, while the cards are moved as a card is played (drag, click or keyboard)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....engine.kalabriasz import LAID, KalabriaszState
from ....engine.match import PASS, Action
from ....i18n import tr
from ....words import suit_name
from ... import theme
from ..prompts import DecisionPrompt

if TYPE_CHECKING:
    from ..port import TablePort

Button = tuple[str, str, Action, str, "str | None"]


class KalabriaszPrompt(DecisionPrompt):
    table: TablePort

    def _build(self, state: KalabriaszState) -> None:  # type: ignore[override]
        if state.phase == "talon":
            self._lay(state)
            return
        buttons: list[Button] = [
            (f"name_{a.suit}", suit_name(a.suit).capitalize(), a, "@suit", a.suit.value)
            for a in state.legal_actions() if a.kind == "name" and a.suit is not None
        ]  # fmt: skip
        buttons.append(("pass", tr("ui.prompt_pass"), PASS, "", None))
        self._row(tr("ui.prompt_name_or_pass"), buttons, tr("kalabriasz.bid_hint"))

    def _lay(self, state: KalabriaszState) -> None:
        """No buttons: the title and how, over the middle of the table."""
        L = self.table.layout
        title = tr("kalabriasz.lay_title", n=LAID - len(state.laid_away))
        hint = tr("kalabriasz.lay_hint")
        pad = L.px(22)
        width = L.trick_area().w  # over the empty trick: the hint fits beside it
        lines = theme.wrap(hint, L.text(15), width - L.px(32))
        title_h = max(L.px(44), L.px(18) + theme.font(L.text(21), True).get_height())
        height = title_h + len(lines) * theme.font(L.text(15)).get_height() + pad
        panel = pygame.Rect(0, 0, width, height)
        cx, cy = L.centre
        panel.center = (round(cx), round(cy))
        self.panel = (panel, title, hint)

    def key_action(self, command: str, state: KalabriaszState) -> Action | None:  # type: ignore[override]
        """P passes while bidding (the engine judges whether it is legal); a suit is picked
        with Shift and its letter and named with Enter, as at the four-player table."""
        return {"pass": PASS}.get(command)
