"""Buttons for every decision the engine asks of the human, except playing a card.

The buttons are exactly the engine's legal actions for the moment: name a
suit or pass, take or pass, kraak or pass, claim or leave roem. The titles
describe the situation in words; no rule is decided here.

The keyboard has a focus among the buttons (a ring): Left/Right move it, Enter presses
it, Shift and a suit's letter put it on that suit. A suit is never named by one key:
H is the hint everywhere, and a picked suit still waits for Enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Action, MatchState
from ...engine.match import CLAIM_ROEM, KRAAK_CALL, PASS, TAKE
from ...i18n import tr
from ...words import suit_name
from .. import theme, widgets

if TYPE_CHECKING:
    from .port import TablePort

KEYS = {"suit_C": "C", "suit_D": "D", "suit_H": "H", "suit_S": "S"}  # Shift + the letter


class DecisionPrompt:
    """A panel of buttons over the table, rebuilt for each new decision."""

    def __init__(self, table: TablePort) -> None:
        self.table = table
        self.key: int | None = None  # n_actions of the state the buttons were made for
        self.panel: tuple[pygame.Rect, str, str] | None = None  # rect, title, hint
        self.icons: list[tuple[pygame.Rect, str]] = []
        self.actions: dict[str, Action] = {}  # button key -> action, left to right
        self.focus: str | None = None  # the button Enter presses (keyboard), if any
        self.primary: str | None = None  # the highlighted button: the focus at first
        self.extra: list[str] = []  # buttons that are not a move (the tip's)
        self.tip_shown = False  # the first-match claim tip (once per table)

    def build(self) -> None:
        """The Roem! button, hidden until a claim is asked (kept: made mid-trick, a button
        costs a frame)."""
        t = self.table
        t.button(
            "roem", t.layout.claim_rect(), tr("ui.table_roem_button"),
            lambda: t.decide(CLAIM_ROEM), "@claim", tooltip=tr("ui.table_roem_tooltip"),
        )  # fmt: skip
        t.hide_button("roem")

    @property
    def visible(self) -> bool:
        return self.key is not None

    def hide(self) -> None:
        if self.key is None:
            return
        for key in self.actions:
            if key == "roem":
                self.table.hide_button("roem")  # kept: making a button mid-trick costs a frame
            else:
                self.table.remove_button(key)
        for key in self.extra:
            self.table.remove_button(key)
        self.reset()

    def show(self, state: MatchState) -> None:
        if self.key == state.n_actions:
            return
        self.hide()
        self.key = state.n_actions
        self._build(state)
        self.focus = self.primary
        self.table.refresh()  # so the new buttons show in this very frame

    def reset(self) -> None:
        """Forget the buttons without removing them (the scene's manager was replaced)."""
        self.key, self.panel, self.icons, self.actions = None, None, [], {}
        self.focus = self.primary = None
        self.extra = []

    # --- the keyboard's focus ---
    def move_focus(self, step: int) -> None:
        """Left/Right: the next button (the first one when none has the focus yet)."""
        keys = list(self.actions)
        if not keys:
            return
        if self.focus not in keys:
            self.focus = keys[0] if step > 0 else keys[-1]
        else:
            self.focus = keys[(keys.index(self.focus) + step) % len(keys)]

    def focus_suit(self, suit: str, state: MatchState) -> bool:
        """Shift and a suit's letter: the focus on the button naming (or taking) that suit;
        False if no button does."""
        for key, action in self.actions.items():
            named = action.kind == "name" and action.suit is not None and action.suit.value == suit
            taken = (
                action.kind == "take"
                and state.proposed is not None
                and (state.proposed.suit.value == suit)
            )
            if named or taken:
                self.focus = key
                return True
        return False

    def focused(self) -> Action | None:
        """The action Enter presses now."""
        return self.actions.get(self.focus) if self.focus is not None else None

    def focus_rect(self) -> pygame.Rect | None:
        return self.table.button_rect(self.focus) if self.focus is not None else None

    def choices(self) -> list[tuple[Action, pygame.Rect]]:
        """The decision buttons shown, with their actions (the hint rings its own)."""
        shown = ((action, self.table.button_rect(key)) for key, action in self.actions.items())
        return [(action, rect) for action, rect in shown if rect is not None]

    def claim_bar(self) -> tuple[pygame.Rect, float] | None:
        """The Roem! button and the part of the trick pause left, while the pause ends the
        question (no person here waits to decide it)."""
        rect = self.table.button_rect("roem") if "roem" in self.actions else None
        pause = self.table.session.pause
        if rect is None or not pause.open or self.table.claim_waits():
            return None
        return rect, pause.left()

    def press(self, name: str) -> bool:
        """The decision buttons by keyboard: Left/Right move the focus ring, Enter presses
        the button it is on, Shift and a suit's letter put it on that suit (never naming
        it at once). While a card may be played the hand has Left/Right/Enter instead; at
        the last trick's roem question no card is left, so they are the question's."""
        if not self.visible or not self.actions:
            return False
        table = self.table
        if table.card_playable() and table.model.hands[table.layout.bottom]:
            return False
        if name in ("left", "right"):
            self.move_focus(-1 if name == "left" else 1)
        elif name == "confirm":
            action = self.focused()
            if action is None:
                self.move_focus(1)  # the first Enter shows where the focus is
            else:
                table.decide(action)
        elif name.startswith("suit_"):
            self.focus_suit(name[-1], table.session.state)
        else:
            return False
        return True

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
                        (f"name_{a.suit}", suit_name(a.suit).capitalize(), a, "@suit", a.suit.value)
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

    def button_widths(self, buttons: list[tuple[str, str, Action, str, str | None]]) -> list[int]:
        """Each button's width: its kind's, or more where its label needs it (larger text:
        "Speel schoppen", "Prendre carreau"); a suit button's label starts after its icon."""
        L, size = self.table.layout, self.table.size
        widths = []
        for _, label, _, cls, _ in buttons:
            if cls == "@suit":  # theme.json: the label sits 46 px in, after the icon
                widths.append(max(L.px(158), widgets.label_size(label, cls, size)[0] + L.px(58)))
            else:
                # pygame-gui's padding, border and shadow take more than fit_label's 28 units
                # in these tall buttons ("Schmeiss" lost its last letter), more in "@claim"
                edge = L.px(14) if cls == "@claim" else L.px(6)
                widths.append(widgets.fit_label(size, label, cls, L.px(170 if cls else 118), 0)[0]
                              + edge)  # fmt: skip
        return widths

    def _row(
        self, title: str, buttons: list[tuple[str, str, Action, str, str | None]], hint: str = ""
    ) -> None:
        t = self.table
        L = t.layout
        widths = self.button_widths(buttons)
        bh, gap, pad = L.px(56), L.px(12), L.px(22)
        row = sum(widths) + gap * (len(buttons) - 1)
        text_w = max(
            theme.font(L.text(21), True).size(title)[0], theme.font(L.text(15)).size(hint)[0]
        )
        extra = L.px(24) if hint else 0
        width = max(row, text_w, L.px(360)) + 2 * pad
        # the title and the question as the view draws them, then room for the keyboard's
        # ring round a button (at Larger text it crossed the question's line)
        title_h = max(L.px(44), L.px(18) + theme.font(L.text(21), True).get_height())
        hint_h = len(theme.wrap(hint, L.text(15), width - L.px(32))) * theme.font(
            L.text(15)).get_height() if hint else 0  # fmt: skip
        height = max(bh + L.px(72) + extra, title_h + hint_h + L.px(12) + bh + pad)
        panel = pygame.Rect(0, 0, width, bh + L.px(72) + extra)
        panel.center = L.prompt_centre()
        grown = height - panel.h  # for larger letters: up, or down where cards lie above
        panel.h = height
        if not getattr(L, "prompt_grows_down", False):
            panel.top -= grown
        if t.open_cards:  # open hands: West's and East's cards stay in view, the panel goes lower
            lowest = round(L.south_hand_top()) - L.px(8) - panel.h
            panel.top = max(panel.top, min(L.side_hands_bottom(True) + L.px(10), lowest))
        self.panel = (panel, title, hint)
        x = panel.centerx - row // 2
        y = panel.bottom - pad - bh
        for (key, label, action, cls, suit), w in zip(buttons, widths, strict=True):
            rect = pygame.Rect(x, y, w, bh)
            t.button(key, rect, label, lambda a=action: t.decide(a), cls)
            self.actions[key] = action
            if cls == "@primary" and self.primary is None:
                self.primary = key
            if suit:
                self.icons.append((rect, suit))
            x += w + gap

    def _claim(self, state: MatchState, legal: tuple[Action, ...]) -> None:
        t = self.table
        L = t.layout
        rect = L.claim_rect()
        if state.variant.roem_claim == "keep_or_leave":
            self._keep_or_leave(t.session.trick_roem)
            return
        t.show_button("roem", rect.topleft)
        self.actions["roem"] = CLAIM_ROEM
        if not t.claim_waits():
            return  # the trick pause ends the question (a bar under the button shows it)
        # The question stays until the person moves on: this button, or their next card.
        below = pygame.Rect(rect.left, rect.bottom + L.px(10), rect.w, L.px(44))
        t.button("pass", below, tr("ui.table_continue"), lambda: t.decide(PASS), "@quiet")
        self.actions["pass"] = PASS
        if self.claim_tip():
            self._tip(below)

    def claim_tip(self) -> bool:
        """The first-match tip beside the claim question: hints on, auto-claim off, and no
        match of this game finished yet; once per table."""
        if self.tip_shown or not self.table.hints_on or self.table.demo:
            return False
        self.tip_shown = True
        return self.table.first_match()

    def claim_automatically(self) -> None:
        """The tip's button: from now on the table claims roem when a trick pause ends (the
        same switch as in Settings), starting with this trick."""
        self.table.settings.auto_roem_claim = True
        self.table.save_settings()
        self.table.decide(CLAIM_ROEM)

    def _tip(self, below: pygame.Rect) -> None:
        """A first match with hints: under these rules roem counts only when claimed, and
        the table can claim it for you from now on (Settings has the same switch). Beside
        the trick, where it fits, clear of the claim buttons."""
        t = self.table
        L = t.layout
        body, pad, bh = L.text(15), L.px(14), max(L.px(40), 30)
        line_h = theme.font(body).get_linesize()
        title_h = theme.font(L.text(21), True).get_linesize()
        title = tr("ui.table_tip_title")
        for room in L.tip_rooms(t.open_cards):
            lines = theme.wrap(tr("ui.table_tip_claim"), body, room.w - L.px(32))  # as drawn
            h = title_h + line_h * len(lines) + bh + 3 * pad
            if h <= room.h and theme.text_width(title, L.text(15), True) <= room.w - L.px(24):
                break
        else:  # nowhere in larger letters: no tip over the buttons (Settings has the switch)
            return
        panel = pygame.Rect(room.left, room.top, room.w, h)
        panel.centery = min(max(room.centery, room.top + panel.h // 2), room.bottom - panel.h // 2)
        self.panel = (panel, title, tr("ui.table_tip_claim"))
        auto = pygame.Rect(panel.left + pad, panel.bottom - pad - bh, panel.w - 2 * pad, bh)
        t.button("auto_claim", auto, tr("ui.table_tip_auto"), self.claim_automatically,
                 "@primary")  # fmt: skip
        self.extra.append("auto_claim")

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

    def shortcut(self, name: str) -> bool:
        """A decision's key (P pass, T take, K kraak, R roem) while the person holding the
        laptop is to decide; False when it is no such key or not theirs to press now."""
        s = self.table.session
        if s.holder is None or s.state.to_move != s.holder:
            return False
        action = self.key_action(name, s.state)
        if action is None or not self.table.ready() or s.state.phase == "play":
            return False
        self.table.decide(action)
        return True

    def key_action(self, command: str, state: MatchState) -> Action | None:
        """The action a shortcut key stands for (legal or not: the engine will judge)."""
        return {"pass": PASS, "take": TAKE, "kraak": KRAAK_CALL, "roem": CLAIM_ROEM}.get(command)
