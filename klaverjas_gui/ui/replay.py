"""Replaying one deal of a stored match, card by card or trick by trick.

The history keeps a match's seed and actions; the engine rebuilds every
position from them (`replay`), so what is shown is exactly what happened.
The picture is the table's own: the position is laid out on the game's display
model and drawn by its view (ui/table/still.py), so a replay looks like the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Card, MatchState
from ..engine.match import TrickWon, play
from ..games import KLAVERJAS, Game
from ..i18n import tr
from ..words import card_text, describe_deal, revoke_text
from . import theme, widgets
from .commands import Command, on_key
from .scene import Scene
from .table.layout import SOUTH, WEST
from .table.still import StillTable

if TYPE_CHECKING:
    from ..store.history import MatchRecord
    from .shell import Shell


@dataclass(frozen=True)
class DealPlays:
    """One deal's cards in play order: the position before each card, and the card."""

    deal_no: int
    plays: tuple[tuple[MatchState, Card], ...]
    end: MatchState  # after the deal's last stored action (scored, if it was finished)

    def lay_out(self, table: StillTable, cards: int) -> TrickWon | None:
        """Put on `table` the position after the deal's first `cards` cards, the last one
        on the cloth (the replay and the review show a deal alike); returns the trick that
        card completed, if it did."""
        state, card = self.plays[max(0, cards - 1)]
        table.position = state
        table.model.load(state)
        if not cards:
            return None
        m = table.model
        seat = state.to_move
        m.hands[seat] = [c for c in m.hands[seat] if c != card]
        m.trick = [*m.trick, (seat, card)]
        _, events = state.apply(play(card))  # the engine says who took it, and for what
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        m.winner = won.seat if won else None
        return won


def deal_plays(game: Game, variant: Any, seed: int, actions: list[str], deal_no: int) -> DealPlays:
    """The plays of one deal, rebuilt by the game's engine from the stored actions. The
    engine says where deals end: the walk stops after the deal's last action."""
    state = game.new_state(variant, seed)
    plays = []
    for text in actions:
        if state.deal_no > deal_no:
            break
        action = game.parse_action(text)
        if action.kind == "play" and state.deal_no == deal_no:
            plays.append((state, action.card))
        state, _ = state.apply(action)
    return DealPlays(deal_no, tuple(plays), state)  # type: ignore[arg-type]


def button_column(scene: Scene, rows: list[tuple[str, str, Callable[[], None], str]]) -> None:
    """Buttons (key, label, action, theme class) stacked in the bottom right corner, where
    the deal screens keep them."""
    u = theme.scale_for(scene.app.size)
    px = lambda v: round(v * u)  # noqa: E731
    bw, bh, gap = px(178), px(40), px(8)
    for _, label, _, cls in rows:  # grown to the longest label ("Spel nabespreken")
        bw, bh = widgets.fit_label(scene.app.size, label, cls, bw, bh)
    w, h = scene.app.size
    x, y = w - px(16) - bw, h - px(16) - len(rows) * bh - (len(rows) - 1) * gap
    for i, (key, label, action, cls) in enumerate(rows):
        scene.button(key, pygame.Rect(x, y + i * (bh + gap), bw, bh), label, action, cls)


class ReplayScene(Scene):
    """One deal, step by step: Left/Right a card, the buttons or Up/Down a whole trick.

    The two- and three-player games (ui/klabberjass_replay.py, ui/kalabriasz_replay.py)
    swap their game and the hooks below."""

    game: Game = KLAVERJAS

    def __init__(self, app: Shell, record: MatchRecord, deal_no: int) -> None:
        super().__init__(app)
        self.record = record
        self.variant = self.game.variant_from_dict(record.variant)
        actions = app.history.actions(record.id)
        self.deal = self.walk(actions, deal_no)
        names = record.players
        if len(names) != self.players:  # none stored: each seat by its place at this table
            names = [tr(word) for word in self.game.seat_words]
        self.table = StillTable(app.settings, self.game, self.variant, names, app.size)
        self.step = 0  # how many of the deal's cards lie played
        self.won: TrickWon | None = None  # the trick the last card completed
        self.build()
        self.show(0)

    @property
    def players(self) -> int:
        return self.game.players

    # --- what the two- and three-player replays swap ---
    def walk(self, actions: list[str], deal_no: int) -> Any:
        """The deal's steps (`DealPlays`: its cards) rebuilt from the stored actions."""
        return deal_plays(self.game, self.variant, self.record.seed, actions, deal_no)

    def describe_end(self, line: Any) -> str:
        """The deal's result in words, for the caption after its last card; a called revoke
        with its trick, card and rule broken."""
        revoke = getattr(line.score, "revoke", None)
        text = describe_deal(line.score)
        return text if revoke is None else f"{text} {revoke_text(revoke, self.table.labels)}"

    # --- positions ---
    @property
    def cards(self) -> int:
        return len(self.deal.plays)

    def show(self, step: int) -> None:
        """The position after `step` cards of the deal, the last trick still on the cloth."""
        self.step = max(0, min(step, self.cards))
        if self.deal.plays:
            self.won = self.deal.lay_out(self.table, self.step)

    def next_trick(self) -> None:
        self.show((self.step // self.players + 1) * self.players)

    def previous_trick(self) -> None:
        self.show(((self.step - 1) // self.players) * self.players if self.step else 0)

    # --- widgets ---
    def build(self) -> None:
        rows = [
            ("previous_trick", tr("ui.replay_previous"), self.previous_trick, "@quiet"),
            ("next_trick", tr("ui.replay_next"), self.next_trick, "@primary"),
            ("back", tr("ui.back"), lambda: self.app.pop(self), "@quiet"),
        ]
        if self.game.reviewable and self.cards:  # its cards can be judged against best play
            rows.insert(0, ("review", tr("teach.review_button"), self.open_review, "@quiet"))
        button_column(self, rows)

    def open_review(self) -> None:
        actions = self.app.history.actions(self.record.id)
        names = list(self.table.names)
        self.app.push(self.game.scene("review"), variant=self.variant, seed=self.record.seed,
                      actions=actions, deal_no=self.deal.deal_no, names=names,
                      match_id=self.record.id)  # fmt: skip

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        super().resize(size)
        self.show(self.step)

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {
            "left": lambda: self.show(self.step - 1),
            "right": lambda: self.show(self.step + 1),
            "up": self.previous_trick,
            "down": self.next_trick,
            "confirm": self.next_trick,
            "back": lambda: self.app.pop(self),
        })  # fmt: skip

    # --- drawing ---
    def caption(self) -> tuple[str, str]:
        """What the position shows, in words: the trick and who took it, or the result."""
        names = self.table.labels
        head = tr("ui.replay_head", n=self.deal.deal_no, step=self.step, cards=self.cards)
        m = self.table.model
        if not self.cards:
            return head, tr("ui.replay_no_card")
        if self.step == 0:
            return head, tr("ui.replay_start")
        won = self.won
        if won is None:
            seat, card = m.trick[-1]
            before = self.deal.plays[self.step - 1][0]
            rules = before.rule_actions() if hasattr(before, "rule_actions") else None
            wrong = rules is not None and all(a.card != card for a in rules)  # revoke = club
            key = "ui.replay_plays_wrong" if wrong else "ui.replay_plays"
            text = tr(key, name=names[seat], card=card_text(card))
        else:
            key = "ui.replay_takes_roem" if won.roem else "ui.replay_takes"
            text = tr(key, name=names[won.seat], trick=won.trick_no + 1, n=won.points,
                      roem=won.roem)  # fmt: skip
        end = self.deal.end
        if self.step == self.cards and end.sheet and end.sheet[-1].deal_no == self.deal.deal_no:
            text += " " + self.describe_end(end.sheet[-1])
        return head, text

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self._caption(surface)
        super().draw(surface)

    def caption_layout(self) -> tuple[pygame.Rect, str, list[str], list[str]]:
        """The caption's panel, its head, its lines and the keys' lines: bottom left,
        between West's plate and South's, the free corner of the cloth. A long caption
        (the deal's end told after its last card) grew up over West's plate: the keys'
        reminder gives way first (the buttons say the same), then the panel reaches right
        as far as the trick's cards, then it lies on the trick in the middle."""
        L = self.table.layout
        south = L.plate_rect(SOUTH, True)
        room = pygame.Rect(
            south.left, L.plate_rect(WEST, True).bottom + L.px(12),
            L.hand_bounds(SOUTH, True).left - south.left - L.px(20), 0,
        )  # fmt: skip
        room.h = south.top - L.px(12) - room.top
        head, text = self.caption()
        size = L.text(15)
        line_h = theme.font(size).get_linesize()
        head_h = max(L.px(26), theme.font(L.text(14), True).get_linesize())
        key_h = max(L.px(18), theme.font(L.text(13)).get_linesize())  # the text size's letters

        def measure(width: int, keys_shown: bool) -> tuple[int, list[str], list[str]]:
            lines = theme.wrap(text, size, width - L.px(24))
            keys = theme.wrap(tr("ui.replay_keys"), L.text(13), width - L.px(24))
            keys = keys if keys_shown else []
            return L.px(18) + head_h + line_h * len(lines) + key_h * len(keys), lines, keys

        height, lines, keys = measure(room.w, True)
        if height > room.h:
            height, lines, keys = measure(room.w, False)
        if height > room.h:  # wider, over the cloth left of the trick
            room.w = max(room.w, round(L.trick_area().left) - L.px(12) - room.left)
            height, lines, keys = measure(room.w, False)
        if height <= room.h:
            rect = pygame.Rect(room.left, 0, room.w, height)
            rect.bottom = room.bottom
            return rect, head, lines, keys
        # still too long (a deal's end told in full): on the trick in the middle of the
        # cloth, which the caption's words name, above South's hand
        trick = L.trick_area()
        height, lines, keys = measure(min(L.px(560), L.w - 2 * L.margin), False)
        rect = pygame.Rect(0, 0, min(L.px(560), L.w - 2 * L.margin), height)
        rect.center = trick.center
        rect.bottom = min(rect.bottom, L.hand_bounds(SOUTH, True).top - L.px(8))
        return rect, head, lines, keys

    def _caption(self, surface: pygame.Surface) -> None:
        L = self.table.layout
        rect, head, lines, keys = self.caption_layout()
        size = L.text(15)
        line_h = theme.font(size).get_linesize()
        head_h = max(L.px(26), theme.font(L.text(14), True).get_linesize())
        key_h = max(L.px(18), theme.font(L.text(13)).get_linesize())
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        x, y = rect.left + L.px(12), rect.top + L.px(8)
        surface.blit(theme.text(head, L.text(14), theme.GOLD_LIGHT, True), (x, y))
        y += head_h
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT), (x, y))
            y += line_h
        y += L.px(6)
        for line in keys:
            surface.blit(theme.text(line, L.text(13), theme.TEXT_DIM), (x, y))
            y += key_h

    def close(self) -> None:
        self.table.close()
        super().close()
