"""Drawing the three-player table: the four-player view plus the talon (two cards face
down at the top) and, in its place once the maker took it, the two cards he laid away:
face up to him, face down to the others. Reads, never writes, the game."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ....engine import Card
from ....engine.cards import POINTS
from ....i18n import tr
from ... import theme
from ..layout import Pose
from ..view import Picture, TableView

if TYPE_CHECKING:
    from .layout import KalabriaszLayout
    from .model import KalabriaszModel


class KalabriaszView(TableView):
    def __init__(self, images: Any, settings: Any) -> None:
        super().__init__(images, settings)
        self.talon_marked: list[Card] = []  # the cards drawn with a "Talon" tab (tests)

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

    def _hand(self, surface: pygame.Surface, p: Picture, seat: int) -> None:
        """The maker's hand, while he lays away, with a "Talon" tab over each of the two
        cards he took from it: which were dealt to him and which he just took, the hand of
        twelve did not tell a newcomer."""
        super()._hand(surface, p, seat)
        m: KalabriaszModel = p.model  # type: ignore[assignment]
        self.talon_marked = []
        if seat != p.bottom or seat not in p.faces or not m.from_talon:
            return
        L = p.layout
        hand = m.hands[seat]
        poses = L.hand_poses(seat, len(hand), p.open_cards)
        dragged = p.marks.drag[0] if p.marks.drag else None
        for i, card in enumerate(hand):
            if card in m.from_talon and card is not dragged:
                self._talon_tab(surface, p, m.poses.get(card) or poses[i])
                self.talon_marked.append(card)

    def _talon_tab(self, surface: pygame.Surface, p: Picture, pose: Pose) -> None:
        """A small gold tab with the word "Talon" standing on the card's top edge, over its
        left part (the part of a card in the fan that the next one leaves uncovered)."""
        L = p.layout
        img = theme.text(tr("kalabriasz.talon"), L.text(12), theme.INK, True)
        tab = pygame.Rect(0, 0, img.get_width() + L.px(10), img.get_height() + L.px(2))
        cw, ch = L.card
        # the tab's centre relative to the card's, unturned: above its top, at its left
        dx = -cw / 2 + L.px(4) + tab.w / 2
        dy = -ch / 2 - tab.h / 2 + L.px(3)
        a = math.radians(pose.angle)  # counter-clockwise on the screen (y down)
        cx = pose.x + dx * math.cos(a) + dy * math.sin(a)
        cy = pose.y - dx * math.sin(a) + dy * math.cos(a)
        tab.center = (round(cx), round(cy))
        pygame.draw.rect(surface, theme.GOLD, tab, border_radius=L.px(6))
        pygame.draw.rect(surface, theme.INK, tab, 1, border_radius=L.px(6))
        surface.blit(img, img.get_rect(center=tab.center))

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
