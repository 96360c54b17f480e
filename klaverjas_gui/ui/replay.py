"""Replaying one deal of a stored match, card by card or trick by trick.

The history keeps a match's seed and actions; the engine rebuilds every
position from them (`replay`), so what is shown is exactly what happened.
The picture is the table's own: a TableScene with open cards serves as the
renderer and never plays by itself, so a replay looks like the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine import Card, MatchState, Variant, describe_deal, replay
from ..engine.match import TrickWon, parse_action, play
from . import theme, widgets
from .commands import Command
from .layout import SOUTH, WEST
from .scene import Scene

if TYPE_CHECKING:
    from ..app import App
    from ..store.history import MatchRecord
    from .table import TableScene

COMPASS_NAMES = ["South", "West", "North", "East"]


@dataclass(frozen=True)
class DealPlays:
    """One deal's cards in play order: the position before each card, and the card."""

    deal_no: int
    plays: tuple[tuple[MatchState, Card], ...]
    end: MatchState  # after the deal's last stored action (scored, if it was finished)


def deal_plays(variant: Variant, seed: int, actions: list[str], deal_no: int) -> DealPlays:
    """The plays of one deal, rebuilt by the engine from the stored actions."""
    state = replay(variant, seed, actions[: _deal_start(variant, seed, actions, deal_no)])
    plays = []
    for text in actions[state.n_actions :]:
        action = parse_action(text)
        if action.kind == "play":
            plays.append((state, action.card))
        state, _ = state.apply(action)
        if state.deal_no != deal_no:
            break
    return DealPlays(deal_no, tuple(plays), state)  # type: ignore[arg-type]


def _deal_start(variant: Variant, seed: int, actions: list[str], deal_no: int) -> int:
    """How many stored actions come before the deal (the engine says where deals end)."""
    state = replay(variant, seed, [])
    for n, text in enumerate(actions):
        if state.deal_no >= deal_no:
            return n
        state, _ = state.apply(parse_action(text))
    return len(actions)


class ReplayScene(Scene):
    """One deal, step by step: Left/Right a card, the buttons or Up/Down a whole trick."""

    def __init__(self, app: App, record: MatchRecord, deal_no: int) -> None:
        from .table import TableScene

        super().__init__(app)
        self.record = record
        self.variant = Variant.from_dict(record.variant)
        actions = app.history.actions(record.id)
        self.deal = deal_plays(self.variant, record.seed, actions, deal_no)
        names = record.players if len(record.players) == 4 else COMPASS_NAMES
        self.table: TableScene = TableScene(
            app, self.variant, record.seed, demo=True, seats=[(n, "random") for n in names]
        )
        self.step = 0  # how many of the deal's cards lie played
        self.won: TrickWon | None = None  # the trick the last card completed
        self.build()
        self.show(0)

    # --- positions ---
    @property
    def cards(self) -> int:
        return len(self.deal.plays)

    def show(self, step: int) -> None:
        """The position after `step` cards of the deal, the last trick still on the cloth."""
        self.step = max(0, min(step, self.cards))
        if not self.deal.plays:
            return
        state, card = self.deal.plays[max(0, self.step - 1)]
        self.table.load(state)
        self.won = None
        if self.step:
            m = self.table.model
            seat = state.to_move
            m.hands[seat] = [c for c in m.hands[seat] if c != card]
            m.trick = [*m.trick, (seat, card)]
            _, events = state.apply(play(card))  # the engine says who took it, and for what
            self.won = next((e for e in events if isinstance(e, TrickWon)), None)
            m.winner = self.won.seat if self.won else None

    def next_trick(self) -> None:
        self.show((self.step // 4 + 1) * 4)

    def previous_trick(self) -> None:
        self.show(((self.step - 1) // 4) * 4 if self.step else 0)

    # --- widgets ---
    def build(self) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        bw, bh, gap = px(178), px(40), px(8)
        x, y = w - px(16) - bw, h - px(16) - 3 * bh - 2 * gap
        for i, (key, label, action, cls) in enumerate([
            ("previous_trick", "Previous trick", self.previous_trick, "@quiet"),
            ("next_trick", "Next trick", self.next_trick, "@primary"),
            ("back", "Back  (Esc)", lambda: self.app.pop(self), "@quiet"),
        ]):  # fmt: skip
            self.button(key, pygame.Rect(x, y + i * (bh + gap), bw, bh), label, action, cls)

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        super().resize(size)
        self.show(self.step)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind != "key":
            return False
        moves = {
            "left": lambda: self.show(self.step - 1),
            "right": lambda: self.show(self.step + 1),
            "up": self.previous_trick,
            "down": self.next_trick,
            "confirm": self.next_trick,
            "back": lambda: self.app.pop(self),
        }
        move = moves.get(cmd.name)
        if move is not None:
            move()
        return move is not None

    # --- drawing ---
    def caption(self) -> tuple[str, str]:
        """What the position shows, in words: the trick and who took it, or the result."""
        names = [s.name for s in self.table.seats]
        head = f"Deal {self.deal.deal_no} · card {self.step} of {self.cards}"
        m = self.table.model
        if not self.cards:
            return head, "No card of this deal was played."
        if self.step == 0:
            return head, "Trump is chosen; Right (or Next trick) plays the first card."
        won = self.won
        if won is None:
            seat, card = m.trick[-1]
            return head, f"{names[seat]} plays {card}."
        text = f"{names[won.seat]} takes trick {won.trick_no + 1}: {won.points} points"
        text += f", {won.roem} roem." if won.roem else "."
        end = self.deal.end
        if self.step == self.cards and end.sheet and end.sheet[-1].deal_no == self.deal.deal_no:
            text += " " + describe_deal(end.sheet[-1].score)
        return head, text

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        view.draw(surface)
        view.draw_over(surface)
        self._caption(surface)
        super().draw(surface)

    def _caption(self, surface: pygame.Surface) -> None:
        """Bottom left, between West's plate and South's: the free corner of the cloth."""
        L = self.table.layout
        south = L.plate_rect(SOUTH, True)
        room = pygame.Rect(
            south.left, L.plate_rect(WEST, True).bottom + L.px(12),
            L.hand_bounds(SOUTH, True).left - south.left - L.px(20), 0,
        )  # fmt: skip
        room.h = south.top - L.px(12) - room.top
        head, text = self.caption()
        size = L.px(15)
        line_h = theme.font(size).get_linesize()
        lines = theme.wrap(text, size, room.w - L.px(24))
        keys = theme.wrap("Left/Right: a card · Up/Down: a trick", L.px(13), room.w - L.px(24))
        rect = pygame.Rect(
            room.left, 0, room.w, L.px(44) + line_h * len(lines) + L.px(18) * len(keys)
        )
        rect.bottom = room.bottom
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        x, y = rect.left + L.px(12), rect.top + L.px(8)
        surface.blit(theme.text(head, L.px(14), theme.GOLD_LIGHT, True), (x, y))
        y += L.px(26)
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT), (x, y))
            y += line_h
        y += L.px(6)
        for line in keys:
            surface.blit(theme.text(line, L.px(13), theme.TEXT_DIM), (x, y))
            y += L.px(18)

    def close(self) -> None:
        self.table.close()
        super().close()
