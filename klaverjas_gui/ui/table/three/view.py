"""Drawing the three-player table: the four-player view plus the talon (two cards face
down at the top) and, in its place once the maker took it, the two cards he laid away:
face up to him, face down to the others. Reads, never writes, the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....engine.cards import POINTS
from ....i18n import tr
from ... import theme
from ..view import Picture, TableView

if TYPE_CHECKING:
    from .layout import KalabriaszLayout
    from .model import KalabriaszModel


class KalabriaszView(TableView):
    def role(self, p: Picture, seat: int) -> str:
        """The maker, a defender, or (while bidding) the dealer."""
        m = p.model
        if m.chooser is not None and m.trump is not None:
            return tr("kalabriasz.role_maker" if seat == m.chooser else "kalabriasz.role_defender")
        return tr("ui.kj_dealer") if m.deal_no and m.dealer == seat else ""

    deal_word_keys = ("ui.table_this_deal", "kalabriasz.in_tricks")

    def laid_seen(self, p: Picture) -> bool | None:
        """Whether this screen sees the cards the maker laid away (None: none laid yet)."""
        m: KalabriaszModel = p.model  # type: ignore[assignment]
        if m.chooser is None or m.trump is None or not m.laid:
            return None
        return m.chooser in p.faces and all(card is not None for card in m.laid)

    def deal_figures(self, p: Picture, side: int) -> tuple[str, str]:
        """The maker's row counts the cards he laid away, as the deal's score does (RULES.md
        3: they count for him), where this screen sees them; where they lie face down the
        column is headed "in tricks" (`deal_word`), which every row then is."""
        m: KalabriaszModel = p.model  # type: ignore[assignment]
        if side == m.chooser and m.trump is not None and self.laid_seen(p):
            away = sum(POINTS[m.trump.index][card.index] for card in m.laid)
            return self.running(m.deal_points[side] + away, m.deal_roem[side])
        return super().deal_figures(p, side)

    def deal_word(self, p: Picture) -> str:
        if self.laid_seen(p) is False:
            return tr("kalabriasz.in_tricks")
        return super().deal_word(p)

    def _static_key(self, p: Picture) -> tuple:
        m: KalabriaszModel = p.model  # type: ignore[assignment]
        return (*super()._static_key(p), m.talon, tuple(m.laid))

    def _proposed(self, surface: pygame.Surface, p: Picture) -> None:
        """The talon, or the cards laid away, at the top in the middle."""
        m: KalabriaszModel = p.model  # type: ignore[assignment]
        L: KalabriaszLayout = p.layout  # type: ignore[assignment]
        if m.talon:
            for i in range(m.talon):
                self._card(surface, L, None, L.talon_pose(i))
            self._label(surface, p, tr("kalabriasz.talon"))
        elif m.laid:
            face = m.chooser is not None and m.chooser in p.faces
            for i, card in enumerate(m.laid):
                self._card(surface, L, card, L.talon_pose(i), face=face)
            self._label(surface, p, tr("kalabriasz.laid_away"))

    def _label(self, surface: pygame.Surface, p: Picture, text: str) -> None:
        L: KalabriaszLayout = p.layout  # type: ignore[assignment]
        rect = L.talon_rect()
        img = theme.text(text, L.text(15), theme.TEXT_DIM, True)
        top = round(L.talon_pose(0).y + L.small[1] / 2) + L.px(4)  # below the two cards
        surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
