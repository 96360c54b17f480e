"""A stored Kalabriasz game in History: its score sheet of three, and one deal replayed
step by step on the three-player table.

The four-player screens with the three-player pieces swapped: the sheet is the table's
sheet of three (ui/kalabriasz_scenes.py, the maker in its own column), and a deal
replays on the Kalabriasz table (talon at the top, West and East) with every hand open.
A replay comes after the game, so it may show all: the maker's talon is named and the
two cards he laid away lie face up, each laid away as a step of its own before the first
card is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..engine import Action
from ..engine.match import TrickWon
from ..games import KALABRIASZ
from ..i18n import tr
from ..words import card_text, describe_kalabriasz_deal, suit_name
from .history import MatchRecordScene
from .kalabriasz_scenes import draw_three_sheet
from .replay import DealPlays, ReplayScene
from .seats import SEAT_NAMES
from .table.still import StillTable


class KalabriaszRecordScene(MatchRecordScene):
    """One stored game: the sheet of three (dealer, maker, trump, each one's score)."""

    def draw_lines(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
        draw_three_sheet(surface, rect, self.lines, self.names, u,
                         self.app.settings.four_colour)  # fmt: skip


@dataclass(frozen=True)
class KalabriaszDeal:
    """One deal's steps: the two cards the maker lays away, then the cards played, each
    with the position before it. Step 0 is the position before the first of them (the
    maker holding the talon); `talon` is what he took, `end` the position after the deal."""

    deal_no: int
    plays: tuple[tuple[Any, Action], ...]
    end: Any
    start: Any  # the position before the first step; None when all passed
    lays: int  # how many of the steps lay a card away (the first ones)

    def lay_out(self, table: StillTable, steps: int) -> TrickWon | None:
        """Put on `table` the position after the deal's first `steps` steps."""
        if steps <= self.lays:
            state = self.start if steps == 0 else self.plays[steps - 1][0].apply(
                self.plays[steps - 1][1])[0]  # fmt: skip
            table.position = state
            table.model.load(state)
            return None
        before, action = self.plays[steps - 1]
        assert action.card is not None  # a card played
        cards = DealPlays(self.deal_no, ((before, action.card),), self.end)
        return cards.lay_out(table, 1)


def kalabriasz_deal(game: Any, variant: Any, seed: int, actions: list[str],
                    deal_no: int) -> KalabriaszDeal:  # fmt: skip
    """The deal's steps, rebuilt by the engine from the stored actions."""
    state = game.new_state(variant, seed)
    steps: list[tuple[Any, Action]] = []
    for text in actions:
        if state.deal_no > deal_no:
            break
        action = game.parse_action(text)
        if action.kind in ("lay", "play") and state.deal_no == deal_no:
            steps.append((state, action))
        state, _ = state.apply(action)
    lays = sum(action.kind == "lay" for _, action in steps)
    start = steps[0][0] if steps else None
    return KalabriaszDeal(deal_no, tuple(steps), state, start, lays)


class KalabriaszReplayScene(ReplayScene):
    """One Kalabriasz deal: Right lays the maker's cards away one by one, then plays a
    card; Up/Down (or the buttons) move a trick of three."""

    game = KALABRIASZ
    deal: KalabriaszDeal  # type: ignore[assignment]

    def walk(self, actions: list[str], deal_no: int) -> KalabriaszDeal:
        return kalabriasz_deal(self.game, self.variant, self.record.seed, actions, deal_no)

    def describe_end(self, line: Any) -> str:
        return describe_kalabriasz_deal(line.score, self.table.labels)

    def next_trick(self) -> None:
        lays = self.deal.lays
        if self.step < lays:
            self.show(lays)  # the cards laid away, then the first trick
        else:
            self.show(lays + ((self.step - lays) // self.players + 1) * self.players)

    def previous_trick(self) -> None:
        lays = self.deal.lays
        if self.step <= lays:
            self.show(0)
        else:
            self.show(lays + ((self.step - lays - 1) // self.players) * self.players)

    def caption(self) -> tuple[str, str]:
        """Before the cards: who named trump and the talon he took, or that all passed; a
        card laid away; then the four-player words for a card and a trick."""
        names = self.table.labels
        head = tr("ui.replay_head", n=self.deal.deal_no, step=self.step, cards=self.cards)
        end = self.deal.end
        if not self.cards:
            text = tr("kalabriasz_replay.all_passed")
            line = next((x for x in end.sheet if x.deal_no == self.deal.deal_no), None)
            return head, text if line is None else f"{text} {self.describe_end(line)}"
        before, action = self.deal.plays[max(0, self.step - 1)]
        if self.step == 0:
            start = self.deal.start
            a, b = (card_text(c) for c in start.talon)
            key = ("kalabriasz_replay.talon_taken_you" if self.is_you(start.maker)
                   else "kalabriasz_replay.talon_taken")  # fmt: skip
            return head, tr(key, name=names[start.maker],
                            suit=suit_name(start.trump_suit),
                            cards=tr("kalabriasz_replay.talon_and", a=a, b=b))  # fmt: skip
        if action.kind == "lay" and action.card is not None:
            key = ("kalabriasz_replay.lays_you" if self.is_you(before.to_move)
                   else "kalabriasz_replay.lays")  # fmt: skip
            return head, tr(key, name=names[before.to_move],
                            card=card_text(action.card))  # fmt: skip
        return super().caption()

    def is_you(self, seat: int) -> bool:
        """Whether the seat is stored under the default "You", or (no names stored) is the
        seat the game's registry entry calls "You (bottom)": its sentence says "you"."""
        name = self.table.names[seat]
        return name == SEAT_NAMES[0] or (seat == 0 and name == tr(self.game.seat_words[0]))
