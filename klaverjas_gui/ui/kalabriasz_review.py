"""Kalabriasz deal review: the deal trick by trick with all three hands open, against
best play (teach/kalabriasz_review.py, the exact three-player solver).

The four-player review (ui/review.py) with the three-player pieces swapped: the deal is
walked by the Kalabriasz engine (the two cards laid away lie face up before the first
trick, shown, not judged), a trick has three cards, and a card's loss is told for its
side: the maker's points, or the two defenders' together.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..engine import Variant
from ..games import KALABRIASZ
from ..i18n import tr
from ..play.seats import CancelToken, Job
from ..teach.kalabriasz_review import DEFENDERS, MAKER, review_kalabriasz_deal, side_of
from ..teach.review import CardReview, DealReview, team_points
from ..words import card_text, suit_name
from . import theme
from .kalabriasz_replay import kalabriasz_deal
from .replay import DealPlays
from .review import READABLE, ReviewScene
from .seats import SEAT_NAMES
from .tutorial import PanelText, lesson_panel_text

YOU = 0  # the human sits south, seat 0
LEFT, RIGHT = 1, 2  # the seats beside South


def analyse(token: CancelToken, deal: DealPlays, side: int, progress: list[int]) -> DealReview:
    """The deal against best play (a background job); `progress` is kept at [done, total]."""

    def told(done: int, total: int) -> None:
        progress[:] = [done, total]

    return review_kalabriasz_deal(deal.plays, told, token, side)


class KalabriaszReviewScene(ReviewScene):
    """Left/Right (or the buttons) step a trick of three; the panel compares with best play."""

    game = KALABRIASZ

    def walk(self, variant: Variant, seed: int, actions: list[str], deal_no: int) -> DealPlays:
        """The deal's cards played (the steps that lay a card away left out: not judged)."""
        deal = kalabriasz_deal(self.game, variant, seed, actions, deal_no)
        plays = tuple((state, action.card) for state, action in deal.plays
                      if action.kind == "play" and action.card is not None)  # fmt: skip
        return DealPlays(deal_no, plays, deal.end)

    @property
    def maker(self) -> int:
        state: Any = self.deal.plays[0][0] if self.deal.plays else None  # a KalabriaszState
        return state.maker if state is not None else -1

    def analyse(self) -> Job[DealReview]:
        return self.jobs.submit(analyse, self.deal, self.your_side, self.progress)

    @property
    def your_side(self) -> int:
        return side_of(YOU, self.maker)

    def you(self, seat: int) -> bool:
        """Whether the seat is stored under the default "You": its sentence says "you"."""
        return self.names[seat] == SEAT_NAMES[0]

    # --- words ---
    def start_text(self) -> str:
        """Who named trump and which two cards he laid away (they count for him)."""
        state: Any = self.deal.plays[0][0]  # a KalabriaszState, trump named
        a, b = (card_text(c) for c in state.laid_away)
        values = {"suit": suit_name(state.trump_suit), "a": a, "b": b}
        if self.you(self.maker):
            return tr("kalabriasz_review.start_you", **values)
        return tr("kalabriasz_review.start", name=self.name(self.maker), **values)

    def compare_text(self, gap: int) -> str:
        """`gap`: what best play would have given the maker more (negative: less)."""
        key = "more" if gap < 0 else "less" if gap > 0 else "same"
        you = "_you" if self.you(self.maker) else ""
        return tr(f"kalabriasz_review.compare_{key}{you}", n=abs(gap))

    def no_loss_text(self) -> str:
        mine = "maker" if self.your_side == MAKER else "defence"
        return tr(f"kalabriasz_review.no_loss_{mine}")

    def first_loss_text(self, first: CardReview) -> str:
        best = ", ".join(card_text(c) for c in first.best)
        values = {"trick": first.index // self.per_trick + 1, "card": card_text(first.card),
                  "n": team_points(first.loss), "best": best}  # fmt: skip
        if first.team == MAKER:
            return tr("kalabriasz_review.first_loss_maker_you", **values)
        if self.you(first.seat):
            return tr("kalabriasz_review.first_loss_defence_you", **values)
        return tr("kalabriasz_review.first_loss_defence", name=self.name(first.seat), **values)

    def card_loss(self, c: CardReview) -> str:
        """What a card cost its side with all cards open: the maker's points, or the two
        defenders' together."""
        values = {"card": card_text(c.card), "n": team_points(c.loss)}
        side = "maker" if c.team == MAKER else "defence"
        if self.you(c.seat):
            return tr(f"kalabriasz_review.loss_{side}_you", **values)
        if c.team == DEFENDERS and self.your_side == DEFENDERS:
            return tr("kalabriasz_review.loss_defence_partner", name=self.name(c.seat), **values)
        return tr(f"kalabriasz_review.loss_{side}", name=self.name(c.seat), **values)

    # --- drawing ---
    def panel_layout(self) -> PanelText:
        """Before the first trick South holds ten cards, which leave the corner beside
        them narrow, and the middle of the cloth is empty: the panel takes the middle,
        between the two side hands and below the talon."""
        if self.trick:
            return super().panel_layout()
        L = self.table.layout
        left = L.hand_bounds(LEFT, True).right + L.px(16)
        right = L.hand_bounds(RIGHT, True).left - L.px(16)
        top = L.talon_rect().bottom + L.px(12)  # type: ignore[attr-defined]
        bottom = L.hand_bounds(YOU, True).top - L.px(12)
        room = pygame.Rect(left, top, right - left, bottom - top)
        head, lines = self.caption()
        keys = (tr("teach.review_keys"), theme.TEXT_DIM)
        for shown in ([*lines, keys], lines):
            panel = lesson_panel_text(room, L.u, head, shown, READABLE)
            if panel.fits:
                return panel
        return super().panel_layout()
