"""Drawing the table from the display model. Reads, never writes, the game.

Order matters: cloth, panels and plates, the opponents' hands, the trick,
the human's hand, cards in flight, the dragged card, speech bubbles. The
pygame-gui buttons are drawn by the scene between `draw` and `draw_over`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...engine import Card
from ...i18n import tr
from ...words import kraak_name, suit_name
from .. import icons, theme, widgets
from ..seats import SEAT_NAMES, compass
from .layout import SMALL, Pose, TableLayout
from .model import BUBBLE_FADE

if TYPE_CHECKING:
    from .scene import TableScene


class TableView:
    bonus_key = "ui.table_roem"  # what the score panel calls the points beside the cards

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._layer: pygame.Surface | None = None  # cloth, panels, plates, opponents' hands
        self._layer_key: tuple | None = None
        # Hand cards now on screen face up, by seat (hot-seat tests: none while covered).
        self.drawn_faces: dict[int, list[Card]] = {}

    # --- geometry the director and the input share ---
    def visible(self, seat: int) -> bool:
        """Whether this seat's cards are shown face up."""
        t = self.table
        if t.hotseat.hiding:  # the laptop is between two hot-seat players
            return False
        return seat == t.human_seat or t.open_cards

    def slot_pose(self, layout: TableLayout, seat: int) -> Pose:
        """Where a newly dealt card of `seat` lands: the end of its hand."""
        n = len(self.table.model.hands[seat])
        poses = layout.hand_poses(seat, n + 1, self.table.open_cards)
        p = poses[-1]
        return Pose(p.x, p.y, p.angle, 1.0 if seat == self.table.bottom_seat else SMALL)

    def targets(self, layout: TableLayout) -> dict[Card, Pose]:
        """The resting pose of every card in every hand (the human's lifted as needed)."""
        m = self.table.model
        out: dict[Card, Pose] = {}
        for seat in range(4):
            hand = m.hands[seat]
            if seat != self.table.bottom_seat:
                continue  # the others' cards do not glide: they sit in the cached layer
            poses = layout.hand_poses(seat, len(hand), self.table.open_cards)
            lifts = self.table.hand.lifts(len(hand))
            for i, card in enumerate(hand):
                p = poses[i]
                if lifts:
                    p = Pose(p.x, p.y - lifts[i], p.angle, p.scale)
                out[card] = p
        return out

    # --- drawing ---
    def _static_key(self) -> tuple:
        """Everything the cached layer shows; when it is unchanged the layer is reused."""
        t = self.table
        m = t.model
        s = t.app.settings
        return (
            t.layout.w, t.layout.h, s.card_back, s.four_colour, t.open_cards,
            m.deal_no, m.dealer, m.trump, m.chooser, m.kraak_level, m.proposed,
            tuple(tuple(h) for s, h in enumerate(m.hands) if s != t.bottom_seat), t.turn_seat(),
            bool(m.hands[t.bottom_seat]), t.bottom_seat, t.hotseat.hiding,
            tuple(round(v) for v in m.shown_totals), tuple(m.deal_points), tuple(m.deal_roem),
            tuple(m.tricks_won),
        )  # fmt: skip

    def _draw_static(self, surface: pygame.Surface, L: TableLayout) -> None:
        surface.blit(widgets.felt((L.w, L.h)), (0, 0))
        self._trump_panel(surface, L)
        self._score_panel(surface, L)
        players = len(self.table.seats)
        for seat in range(players):
            self._plate(surface, L, seat)
        for seat in range(players):
            if seat != self.table.bottom_seat:
                self._hand(surface, L, seat)
        self._proposed(surface, L)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        L = t.layout
        key = self._static_key()
        if self._layer is None or self._layer.get_size() != (L.w, L.h):
            self._layer = pygame.Surface((L.w, L.h)).convert()
            self._layer_key = None
        if key != self._layer_key:
            self._draw_static(self._layer, L)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        for seat in t.thinking:
            rect = L.plate_rect(seat, t.open_cards)
            self._dots(surface, L, (rect.centerx, rect.bottom + L.px(10)))
        self._trick(surface, L)
        self._hand(surface, L, t.bottom_seat)
        for sprite in t.model.sprites:
            if sprite.started:
                self._card(surface, L, sprite.card, sprite.pose(L), shadow=True)
        drag = t.hand.drag_pose()
        if drag is not None:
            card, pose = drag
            self._card(surface, L, card, pose, shadow=True, lift_shadow=2.5)
        self._bubbles(surface, L)
        if t.prompt.panel is not None:
            rect, title, hint = t.prompt.panel
            widgets.draw_panel(surface, rect, L.u, (8, 30, 20, 225), theme.GOLD)
            img = theme.text(title, L.px(21), theme.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(14))))
            if hint:
                img = theme.text(hint, L.px(15), theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(44))))

    def draw_over(self, surface: pygame.Surface) -> None:
        """What lies above the buttons: suit icons on them, the last-trick view."""
        t = self.table
        L = t.layout
        claim = t.buttons.get("roem")
        if claim is not None and "roem" in t.prompt.actions and t.director.claim_window:
            spent, allowed = t.director.pause
            left = 1 - spent / allowed if allowed else 0.0
            bar = claim.get_abs_rect()
            track = pygame.Rect(
                bar.left + L.px(12), bar.bottom + L.px(6), bar.w - L.px(24), L.px(4)
            )
            pygame.draw.rect(surface, (0, 0, 0), track, border_radius=L.px(2))
            fill = track.copy()
            fill.w = max(0, round(track.w * left))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, fill, border_radius=L.px(2))
        for rect, suit in t.prompt.icons:
            img = icons.suit_icon(suit, round(rect.h * 0.52), None, t.app.settings.four_colour)
            surface.blit(img, img.get_rect(midleft=(rect.left + L.px(14), rect.centery)))
        if t.show_last and t.model.last_trick:
            self._last_trick(surface, L)

    def _card(
        self, surface: pygame.Surface, L: TableLayout, card: Card | None, pose: Pose,
        shadow: bool = True, face: bool = True, lift_shadow: float = 1.0,
    ) -> None:  # fmt: skip
        images = self.table.images
        if abs(pose.scale - SMALL) < 0.001:
            size, scale = L.small, 1.0
        else:
            size, scale = L.card, 1.0 if abs(pose.scale - 1.0) < 0.001 else pose.scale
        shown = card if face else None
        if shadow:
            off = L.u * 3 * lift_shadow
            sh = images.shadow(size, pose.angle, scale)
            surface.blit(sh, sh.get_rect(center=(round(pose.x + off), round(pose.y + off * 1.3))))
        img = images.image(shown, size, pose.angle, scale)
        surface.blit(img, img.get_rect(center=(round(pose.x), round(pose.y))))

    def _hand(self, surface: pygame.Surface, L: TableLayout, seat: int) -> None:
        t = self.table
        m = t.model
        hand = m.hands[seat]
        face = self.visible(seat)
        self.drawn_faces[seat] = list(hand) if face else []
        if not hand:
            return
        bottom = seat == t.bottom_seat
        drag = t.hand.drag_pose()
        dragged = drag[0] if drag else None
        legal = t.hand.legal_cards() if bottom else None
        dim_illegal = bottom and legal is not None and t.app.settings.show_legal
        selected = t.hand.selected_card() if bottom else None
        hinted = t.guide.hint_card() if bottom else None
        poses = L.hand_poses(seat, len(hand), t.open_cards)
        for i, card in enumerate(hand):
            if card is dragged:
                continue
            pose = (m.poses.get(card) or poses[i]) if bottom else poses[i]
            self._card(surface, L, card, pose, shadow=bottom or face, face=face)
            size = L.card if bottom else L.small
            if card is hinted:
                self._hint_ring(surface, L, pose, size)
            if dim_illegal and card not in legal:
                tint = t.images.mask(size, pose.angle, (8, 28, 18, 80))
                surface.blit(tint, tint.get_rect(center=(round(pose.x), round(pose.y))))
            if card is selected:
                rect = pygame.Rect(0, 0, size[0] + L.px(6), size[1] + L.px(6))
                rect.center = (round(pose.x), round(pose.y))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, max(2, L.px(3)), L.px(10))

    def _hint_ring(
        self, surface: pygame.Surface, L: TableLayout, pose: Pose, size: tuple[int, int]
    ) -> None:
        """The card the hint recommends: a blue ring, unlike the gold of the selection."""
        from .guide import HINT_COLOUR

        rect = pygame.Rect(0, 0, size[0] + L.px(8), size[1] + L.px(8))
        ring = theme.panel(rect.size, (0, 0, 0, 0), L.px(12), HINT_COLOUR, max(3, L.px(4)))
        img = pygame.transform.rotate(ring, pose.angle)
        surface.blit(img, img.get_rect(center=(round(pose.x), round(pose.y))))

    def _trick(self, surface: pygame.Surface, L: TableLayout) -> None:
        m = self.table.model
        for seat, card in m.trick:
            pose = L.trick_pose(seat)
            self._card(surface, L, card, pose)
            if m.winner is not None and seat == m.winner and len(m.trick) == len(self.table.seats):
                rect = pygame.Rect(0, 0, L.card[0] + L.px(8), L.card[1] + L.px(8))
                rect.center = (round(pose.x), round(pose.y))
                glow = theme.panel(
                    rect.size, (255, 220, 120, 0), L.px(12), theme.GOLD_LIGHT, max(2, L.px(4))
                )
                img = pygame.transform.rotate(glow, pose.angle)
                surface.blit(img, img.get_rect(center=rect.center))

    def _proposed(self, surface: pygame.Surface, L: TableLayout) -> None:
        m = self.table.model
        if m.proposed is None or m.trump is not None:
            return
        pose = L.proposed_pose()
        self._card(surface, L, m.proposed, pose)
        label = theme.text(tr("ui.table_proposed_trump"), L.px(15), theme.TEXT_DIM, True)
        surface.blit(label, label.get_rect(midright=(pose.x - L.small[0] / 2 - L.px(10), pose.y)))

    def _plate(self, surface: pygame.Surface, L: TableLayout, seat: int) -> None:
        t = self.table
        m = t.model
        rect = L.plate_rect(seat, t.open_cards)
        turn = t.turn_seat() == seat
        border = theme.GOLD_LIGHT if turn else (255, 255, 255, 34)
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 215), border)
        if turn:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, max(2, L.px(2.5)), L.px(14))
        pad = L.px(12)
        name = theme.text(t.seats[seat].label, L.px(18), theme.TEXT, True)
        surface.blit(name, (rect.left + pad, rect.top + L.px(4)))
        team = seat % 2
        role = self.role(seat)
        won = m.tricks_won[team]
        tricks = tr("ui.table_tricks", n=won)
        sub = f"{role} · {tricks}" if won else role
        if turn and seat == t.human_seat:
            img = theme.text(tr("ui.table_your_turn"), L.px(14), theme.GOLD_LIGHT, True)
        else:
            img = theme.text(sub, L.px(14), theme.TEXT_DIM)
        surface.blit(img, (rect.left + pad, rect.top + L.px(26)))
        x = rect.right - L.px(8)
        cy = rect.top + L.px(4) + name.get_height() // 2  # on the name's line: the words below
        if m.dealer == seat and m.deal_no:  # ("Jij bent aan de beurt") run the plate's width
            chip = L.px(22)
            centre = (x - chip // 2, cy)
            pygame.draw.circle(surface, theme.GOLD, centre, chip // 2)
            d = theme.text(tr("ui.table_dealer_chip"), L.px(15), theme.INK, True)
            surface.blit(d, d.get_rect(center=centre))
            x -= chip + L.px(4)
        if m.chooser == seat and m.trump is not None:
            chip = icons.suit_chip(m.trump.value, L.px(22), t.app.settings.four_colour)
            surface.blit(chip, chip.get_rect(midright=(x, cy)))

    def role(self, seat: int) -> str:
        t = self.table
        if t.human_seat is None:
            return compass(seat)
        if seat == t.human_seat:
            return compass(0)
        partner = (seat - t.human_seat) % 2 == 0
        return tr("ui.table_partner") if partner else tr("ui.table_opponent")

    def _dots(self, surface: pygame.Surface, L: TableLayout, centre: tuple[int, int]) -> None:
        phase = self.table.clock * 4
        for i in range(3):
            k = 0.5 + 0.5 * math.sin(phase - i * 0.9)
            r = L.px(3 + 1.6 * k)
            colour = (255, 230, 160) if k > 0.5 else (200, 190, 150)
            pygame.draw.circle(surface, colour, (centre[0] + (i - 1) * L.px(14), centre[1]), r)

    def _bubbles(self, surface: pygame.Surface, L: TableLayout) -> None:
        t = self.table
        for seat, b in t.model.bubbles.items():
            fade = min(1.0, (b.ttl - b.age) / BUBBLE_FADE)
            widgets.draw_bubble(
                surface, L.bubble_anchor(seat, t.open_cards), b.text, L.u, b.suit, fade,
                t.app.settings.four_colour,
            )  # fmt: skip

    def _trump_panel(self, surface: pygame.Surface, L: TableLayout) -> None:
        t = self.table
        m = t.model
        rect = L.trump_panel
        widgets.draw_panel(surface, rect, L.u)
        pad = L.px(14)
        head = theme.text(tr("ui.table_trump_head"), L.px(13), theme.TEXT_DIM, True)
        surface.blit(head, (rect.left + pad, rect.top + L.px(8)))
        chip_size = L.px(54)
        chip_rect = pygame.Rect(rect.left + pad, rect.top + L.px(32), chip_size, chip_size)
        x = chip_rect.right + L.px(12)
        if m.trump is None:
            pygame.draw.circle(
                surface, (255, 255, 255, 40), chip_rect.center, chip_size // 2, max(1, L.px(2))
            )
            q = theme.text("?", L.px(26), theme.TEXT_DIM, True)
            surface.blit(q, q.get_rect(center=chip_rect.center))
            line1 = tr("ui.table_not_chosen") if m.deal_no else ""
            who = t.seats[t.turn_seat()].label if t.turn_seat() is not None else ""
            line2 = tr("ui.table_to_decide", name=who) if who and m.hands[0] else ""
            if who and t.turn_seat() == t.human_seat:
                line2 = tr("ui.table_your_decision")
        else:
            surface.blit(
                icons.suit_chip(m.trump.value, chip_size, t.app.settings.four_colour), chip_rect
            )
            line1 = suit_name(m.trump).capitalize()
            chooser = t.seats[m.chooser].label if m.chooser is not None else "?"
            line2 = tr("ui.table_chosen_by", name=chooser)
            if m.chooser is not None and (
                m.chooser == t.human_seat or t.seats[m.chooser].name == SEAT_NAMES[0]
            ):  # a review or replay has no human seat, but "You" still chose
                line2 = tr("ui.table_chosen_by_you")
            if m.kraak_level:
                line2 += f" · {kraak_name(m.kraak_level)} ×{2**m.kraak_level}"
        img = theme.text(line1, L.px(22), theme.TEXT, True)
        surface.blit(img, (x, rect.top + L.px(30)))
        img = theme.text(line2, L.px(15), theme.TEXT_DIM)
        surface.blit(img, (x, rect.top + L.px(62)))

    def _score_panel(self, surface: pygame.Surface, L: TableLayout) -> None:
        t = self.table
        m = t.model
        rect = L.score_panel
        widgets.draw_panel(surface, rect, L.u)
        pad = L.px(14)
        img = theme.text(self.score_head(), L.px(13), theme.TEXT_DIM, True)
        surface.blit(img, (rect.left + pad, rect.top + L.px(8)))
        names = t.team_names()
        for team in (0, 1):
            y = rect.top + L.px(34 + team * 32)
            colour = theme.TEAM_COLOURS[team]
            pygame.draw.circle(surface, colour, (rect.left + pad + L.px(6), y + L.px(11)), L.px(6))
            surface.blit(
                theme.text(names[team], L.px(17), theme.TEXT, True), (rect.left + pad + L.px(20), y)
            )
            total = theme.text(str(round(m.shown_totals[team])), L.px(22), colour, True)
            right = rect.right - pad
            surface.blit(total, total.get_rect(topright=(right, y - L.px(3))))
            pts = m.deal_points[team]
            roem = m.deal_roem[team]
            if pts or roem:
                extra = f"+{pts}" + (f" ({roem} {tr(self.bonus_key)})" if roem else "")
                img = theme.text(extra, L.px(14), theme.TEXT_DIM)
                surface.blit(
                    img, img.get_rect(topright=(right - total.get_width() - L.px(10), y + L.px(3)))
                )

    def score_head(self) -> str:
        m, v = self.table.model, self.table.state.variant
        if v.match_kind == "deals":
            return tr("ui.table_deal_of", n=max(1, m.deal_no), total=v.match_target)
        return tr("ui.table_deal_to", n=max(1, m.deal_no), target=v.match_target)

    def _last_trick(self, surface: pygame.Surface, L: TableLayout) -> None:
        t = self.table
        leader, cards, winner = t.model.last_trick  # type: ignore[misc]
        cx, cy = L.centre
        cw, ch = L.card
        rect = pygame.Rect(0, 0, round(3.6 * cw), round(2.45 * ch))
        rect.center = (round(cx), round(cy))
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        title = tr("ui.table_last_trick_by", name=t.seats[winner].label)
        if winner == t.human_seat:
            title = tr("ui.table_last_trick_by_you")
        img = theme.text(title, L.px(18), theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(10))))
        for i, card in enumerate(cards):
            seat = (leader + i) % len(t.seats)
            p = L.trick_pose(seat)
            pose = Pose(cx + (p.x - cx) * 0.8, cy + L.px(12) + (p.y - cy) * 0.8, p.angle, 1.0)
            self._card(surface, L, card, pose)
            if seat == winner:
                r = pygame.Rect(0, 0, cw + L.px(6), ch + L.px(6))
                r.center = (round(pose.x), round(pose.y))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, r, max(2, L.px(3)), L.px(10))
        hint = theme.text(tr("ui.table_close_last"), L.px(14), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - L.px(8))))
