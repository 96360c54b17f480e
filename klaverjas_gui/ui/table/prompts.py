"""Buttons for every decision the engine asks of the human, except playing a card.

The buttons are exactly the engine's legal actions for the moment: name a
suit or pass, take or pass, kraak or pass, claim or leave roem. The titles
describe the situation in words; no rule is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Action, MatchState
from ...engine.match import CLAIM_ROEM, KRAAK_CALL, PASS, TAKE, name
from ...i18n import tr
from ...words import suit_name
from .. import theme

if TYPE_CHECKING:
    from .scene import TableScene

KEYS = {"suit_C": "C", "suit_D": "D", "suit_H": "H", "suit_S": "S"}


class DecisionPrompt:
    """A panel of buttons over the table, rebuilt for each new decision."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.key: int | None = None  # n_actions of the state the buttons were made for
        self.panel: tuple[pygame.Rect, str, str] | None = None  # rect, title, hint
        self.icons: list[tuple[pygame.Rect, str]] = []
        self.actions: dict[str, Action] = {}

    @property
    def visible(self) -> bool:
        return self.key is not None

    def hide(self) -> None:
        if self.key is None:
            return
        for key in self.actions:
            if key == "roem":
                self.table.buttons["roem"].hide()  # kept: making a button mid-trick costs a frame
            else:
                self.table.remove_button(key)
        self.key, self.panel, self.icons, self.actions = None, None, [], {}

    def show(self, state: MatchState) -> None:
        if self.key == state.n_actions:
            return
        self.hide()
        self.key = state.n_actions
        self._build(state)
        self.table.ui.update(0.0)  # so the new buttons show in this very frame

    def reset(self) -> None:
        """Forget the buttons without removing them (the scene's manager was replaced)."""
        self.key, self.panel, self.icons, self.actions = None, None, [], {}

    def _build(self, state: MatchState) -> None:
        legal = state.legal_actions()
        if state.phase == "claim":
            self._claim(state, legal)
            return
        if state.phase == "kraak":
            level = min(state.kraak_level, 2)
            title, hint = tr(f"ui.kraak_title_{level}"), tr(f"ui.kraak_hint_{level}")
            buttons = [
                ("kraak", tr(f"ui.kraak_button_{level}"), KRAAK_CALL, "@claim", None),
                ("pass", tr("ui.prompt_pass"), PASS, "", None),
            ]
        else:
            title, hint = self._bid_title(state, legal), ""
            buttons = []
            for a in legal:
                if a.kind == "name":
                    buttons.append(
                        (f"name_{a.suit}", suit_name(a.suit).capitalize(), a, "@suit", a.suit.value)  # type: ignore[union-attr]
                    )
                elif a.kind == "take":
                    suit = state.proposed.suit  # type: ignore[union-attr]
                    label = tr("ui.prompt_take", suit=suit_name(suit))
                    buttons.append(("take", label, TAKE, "@primary", None))
            if PASS in legal:
                buttons.append(("pass", tr("ui.prompt_pass"), PASS, "", None))
        self._row(title, buttons, hint)

    @staticmethod
    def _bid_title(state: MatchState, legal: tuple[Action, ...]) -> str:
        if TAKE in legal:
            suit = suit_name(state.proposed.suit).capitalize()  # type: ignore[union-attr]
            return tr("ui.prompt_proposed", suit=suit)
        if state.proposed is not None:
            return tr("ui.prompt_name_other_or_pass" if PASS in legal else "ui.prompt_name_other")
        if PASS in legal:
            return tr("ui.prompt_name_or_pass")
        return tr("ui.prompt_must_name")

    def _row(
        self, title: str, buttons: list[tuple[str, str, Action, str, str | None]], hint: str = ""
    ) -> None:
        t = self.table
        L = t.layout
        widths = [
            L.px(158 if cls == "@suit" else 170 if cls else 118) for _, _, _, cls, _ in buttons
        ]
        bh, gap, pad = L.px(56), L.px(12), L.px(22)
        row = sum(widths) + gap * (len(buttons) - 1)
        text_w = max(theme.font(L.px(21), True).size(title)[0], theme.font(L.px(15)).size(hint)[0])
        extra = L.px(24) if hint else 0
        panel = pygame.Rect(0, 0, max(row, text_w, L.px(360)) + 2 * pad, bh + L.px(72) + extra)
        panel.center = L.prompt_centre()
        self.panel = (panel, title, hint)
        x = panel.centerx - row // 2
        y = panel.bottom - pad - bh
        for (key, label, action, cls, suit), w in zip(buttons, widths, strict=True):
            rect = pygame.Rect(x, y, w, bh)
            t.button(key, rect, label, lambda a=action: t.decide(a), cls)
            self.actions[key] = action
            if suit:
                self.icons.append((rect, suit))
            x += w + gap

    def _claim(self, state: MatchState, legal: tuple[Action, ...]) -> None:
        t = self.table
        rect = t.layout.claim_rect()
        if state.variant.roem_claim == "keep_or_leave":
            self._keep_or_leave(t.session.trick_roem)
            return
        t.buttons["roem"].set_relative_position(rect.topleft)
        t.buttons["roem"].show()
        self.actions["roem"] = CLAIM_ROEM

    def _keep_or_leave(self, roem: int) -> None:
        """Two stacked buttons beside the trick: the trick must stay visible to judge it."""
        t = self.table
        L = t.layout
        bw, bh, gap, pad = L.px(170), L.px(50), L.px(10), L.px(16)
        panel = L.claim_panel((bw + 2 * pad, L.px(72) + 2 * bh + gap + pad))
        self.panel = (panel, tr("ui.prompt_roem_title", roem=roem), tr("ui.prompt_keep_or_leave"))
        x, y = panel.left + pad, panel.top + L.px(72)
        t.button("keep", pygame.Rect(x, y, bw, bh), tr("ui.prompt_keep", roem=roem),
                 lambda: t.decide(CLAIM_ROEM), "@primary")  # fmt: skip
        t.button("pass", pygame.Rect(x, y + bh + gap, bw, bh), tr("ui.prompt_leave"),
                 lambda: t.decide(PASS))  # fmt: skip
        self.actions.update(keep=CLAIM_ROEM)
        self.actions.update({"pass": PASS})

    def key_action(self, command: str, state: MatchState) -> Action | None:
        """The action a shortcut key stands for (legal or not: the engine will judge)."""
        if command in KEYS:
            return name(KEYS[command])
        return {"pass": PASS, "take": TAKE, "kraak": KRAAK_CALL, "roem": CLAIM_ROEM}.get(command)
