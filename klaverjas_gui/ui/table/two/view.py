"""Drawing the two-player table: the four-player view plus the stock, the turned card and
shown sequences. Reads, never writes, the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from ....i18n import tr
from ... import theme, widgets
from ..layout import SMALL, Pose, TableLayout
from ..view import Picture, TableView

if TYPE_CHECKING:
    from .layout import KlabberjassLayout
    from .model import KlabberjassModel


def two(p: Picture) -> tuple[KlabberjassModel, KlabberjassLayout]:
    """The picture's model and layout as the two-player table's: this view draws only the
    pictures of a table whose model and layout are its own (the layout seated, its other
    calls the base's)."""
    return cast("KlabberjassModel", p.model), cast("KlabberjassLayout", p.layout)


class KlabberjassView(TableView):
    bonus_key = "ui.kj_bonus"

    def score_head(self, p: Picture) -> str:
        return tr("ui.table_deal_to", n=max(1, p.model.deal_no), target=p.variant.target)

    def role(self, p: Picture, seat: int) -> str:
        m = p.model
        if m.deal_no and m.dealer == seat:
            return tr("ui.kj_dealer")
        return tr("ui.kj_non_dealer") if m.deal_no else ""

    def _static_key(self, p: Picture) -> tuple:
        m, _ = two(p)
        return (*super()._static_key(p), m.turned, m.stock, m.dix)

    def _proposed(self, surface: pygame.Surface, p: Picture) -> None:
        """The stock (a squared pile of backs) and the face-up card beside it."""
        m, L = two(p)
        stock = L.stock_pose()
        if m.stock:
            layers = min(6, 1 + m.stock // 4)
            for k in range(layers):
                off = L.u * 1.6 * (layers - 1 - k)
                self._card(surface, L, None, Pose(stock.x - off, stock.y - off, 0.0, 1.0),
                           shadow=k == 0)  # fmt: skip
            self._label(surface, L, stock, tr("ui.kj_stock", n=m.stock))
        if m.turned is not None:
            turned = L.turned_pose()
            self._card(surface, L, m.turned, turned)
            key = "table_proposed_trump" if m.trump is None else "kj_dix" if m.dix else "kj_turned"
            word = tr(f"ui.{key}")
            self._label(surface, L, turned, word)

    def _label(self, surface: pygame.Surface, L: TableLayout, pose: Pose, text: str) -> None:
        img = theme.text(text, L.text(15), theme.TEXT_DIM, True)
        surface.blit(img, img.get_rect(midtop=(round(pose.x), round(pose.y + L.card[1] / 2
                                                                     + L.px(8)))))  # fmt: skip

    def draw(self, surface: pygame.Surface, p: Picture) -> None:
        super().draw(surface, p)
        if two(p)[0].shown is not None:
            self._shown(surface, p)

    def _shown(self, surface: pygame.Surface, p: Picture) -> None:
        """The winner of the declarations lays his sequences open for a moment."""
        m, L = two(p)
        assert m.shown is not None  # draw() asked
        seat, sequences, points = m.shown
        cards = [c for seq in sequences for c in seq]
        sw, sh = L.small
        step, gap, k = 0.55 * sw, 0.35 * sw, len(sequences)
        width = step * (len(cards) - k) + sw * k + gap * (k - 1)
        cx, cy = L.shown_centre()
        rect = pygame.Rect(0, 0, round(max(width + L.px(40), L.px(300))), round(sh + L.px(70)))
        rect.center = (round(cx), round(cy))
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        name = p.names[seat]
        mine = seat == p.holder
        title = tr("ui.kj_you_show" if mine else "ui.kj_shows", name=name, points=points)
        img = theme.text(title, L.text(18), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(8))))
        x = cx - width / 2 + sw / 2
        y = rect.bottom - L.px(12) - sh / 2
        for seq in sequences:
            for card in seq:
                self._card(surface, L, card, Pose(x, y, 0.0, SMALL))
                x += step
            x += sw + gap - step
