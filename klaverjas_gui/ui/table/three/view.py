"""Drawing the three-player table: the four-player view plus the talon (two cards face
down at the top) and, in its place once the maker took it, the two cards he laid away:
face up to him, face down to the others. Reads, never writes, the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

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
