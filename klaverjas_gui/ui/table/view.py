"""Drawing the table from a `Picture`: what to show, read-only. Reads, never writes, the game.

The table scene makes a picture each frame from its session, model, layout and input;
a replay or a review makes one from a model it laid a position out on, so they draw
the table without a table. Order matters: cloth, panels and plates, the opponents'
hands, the trick, the bottom hand, cards in flight, the dragged card, speech bubbles.
The pygame-gui buttons are drawn by the scene between `draw` and `draw_over`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine import ALL_CARDS, Card, Suit, parse_card
from ...games import Game
from ...i18n import language, tr
from ...words import card_text, convention_text, kraak_name, suit_name, value_label
from .. import icons, theme, widgets
from ..cardimg import CardImages
from .layout import MIN_TEXT, SMALL, Pose, TableLayout
from .model import BUBBLE_FADE, TableModel

HINT_COLOUR = (120, 214, 255)  # the hint's panel and rings (ui/table/guide.py)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` as it fits in `width` pixels: shortened with "…" when it is too long (the
    table's names and cells; tests/textfit.py notes what it shortens)."""
    return theme.shorten(text, size, width, bold)


def shrink(text: str, big: int, small: int, width: int, bold: bool = False) -> tuple[str, int]:
    """`text` and a size from `big` down to `small` at which it fits `width`; shortened
    with "…" if it does not fit even at `small`."""
    size = big
    while size > small and theme.font(size, bold).size(text)[0] > width:
        size -= 1
    return fit(text, size, width, bold), size


def pack(items: list[str], size: int, width: int) -> list[str]:
    """`items` in lines of `width` pixels, joined by " · ", none split unless it is too long
    for a line of its own."""
    font = theme.font(size)
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]} · {item}" if lines else item
        if lines and font.size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines += theme.wrap(item, size, width)
    return lines


def fit_side(names: list[str], size: int, width: int) -> str:
    """A side's names joined by "&" in `width`: each long name shortened to its share."""
    joined = " & ".join(names)
    font = theme.font(size, True)
    if font.size(joined)[0] <= width or len(names) < 2:
        return fit(joined, size, width, True)
    room = width - font.size(" & ")[0] * (len(names) - 1)
    wide = sorted(names, key=lambda n: font.size(n)[0])
    shares: dict[str, int] = {}
    for i, n in enumerate(wide):  # a short name keeps its width, the rest share what is left
        shares[n] = min(font.size(n)[0], room // (len(wide) - i))
        room -= shares[n]
    short = [fit(n, size, shares[n], True) for n in names]
    return fit(" & ".join(short), size, width, True)


@dataclass(frozen=True)
class Marks:
    """What the bottom hand shows beyond its cards: the engine's legal cards (None: not
    this person's turn to play), the keyboard's selection, the hint's card, the card
    being dragged and where."""

    legal: frozenset[Card] | None = None
    selected: Card | None = None
    hinted: Card | None = None
    drag: tuple[Card, Pose] | None = None


@dataclass(frozen=True)
class Picture:
    """Everything the view draws, for one frame. The model is the director's (the view
    only reads it); the rest are plain values."""

    model: TableModel
    layout: TableLayout
    names: tuple[str, ...]  # each seat as shown
    you: frozenset[int]  # seats with the default name "You" ("chosen by you")
    teams: tuple[str, ...]  # the score panel's lines: each side's names
    variant: Any
    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # the seats of each
    open_cards: bool = False  # every hand face up (a demo, practice, a replay)
    faces: frozenset[int] = frozenset()  # the seats whose cards are face up now
    holder: int | None = None  # the person at this screen; None: nobody (a demo, a replay)
    bottom: int = 0  # the seat drawn at the bottom
    turn: int | None = None  # the seat whose plate is lit
    thinking: frozenset[int] = frozenset()  # computers thinking: dots under their plates
    marks: Marks = Marks()
    prompt: tuple[pygame.Rect, str, str] | None = None  # a decision's panel: rect, title, hint
    icons: tuple[tuple[pygame.Rect, str], ...] = ()  # suit icons on the decision buttons
    claim: tuple[pygame.Rect, float] | None = None  # the Roem button and the pause left
    focus: pygame.Rect | None = None  # the decision button the keyboard's Enter presses
    needed: tuple[int, int] | None = None  # the team to make the deal, the points it needs
    show_last: bool = False  # the last trick over the table
    clock: float = 0.0  # seconds, for the thinking dots
    above_plate: int | None = None  # the top of the Hint/Take back buttons over the bottom
    # plate: the bottom seat's speech bubble points from above them, never onto them
    seat_words: tuple[str, ...] = Game.seat_words  # each seat's place: the game's (registry)


class TableView:
    bonus_key = "ui.table_roem"  # what the score panel calls the points beside the cards
    deal_word_keys: tuple[str, ...] = ("ui.table_this_deal",)  # the "this deal" column's heads

    def __init__(self, images: CardImages, settings: Any) -> None:
        self.images = images
        self.settings = settings  # card back, four colours, legal cards lifted
        self._layer: pygame.Surface | None = None  # cloth, panels, plates, opponents' hands
        self._layer_key: tuple | None = None
        # Hand cards now on screen face up, by seat (hot-seat tests: none while covered).
        self.drawn_faces: dict[int, list[Card]] = {}
        self.warm: list[Card] = []  # card faces still to draw ahead of need
        self._warm_size: tuple[int, int] | None = None

    def warm_up(self, size: tuple[int, int], quiet: bool) -> None:
        """Draw one card face of `size` per quiet frame (no card flying), so a card turned
        up later costs no SVG work."""
        if not self.warm and self._warm_size != size:
            self._warm_size = size
            self.warm = list(ALL_CARDS)
        if self.warm and quiet:
            self.images.base(self.warm.pop(), size)

    # --- drawing ---
    def draw_demo_banner(self, surface: pygame.Surface, L: TableLayout) -> None:
        """The demo's word in the bottom right corner."""
        img = theme.text(tr("ui.table_demo_banner"), L.text(16), theme.TEXT_DIM, True)
        rect = img.get_rect(bottomright=(L.w - L.px(28), L.h - L.px(18)))
        widgets.draw_panel(surface, rect.inflate(L.px(24), L.px(10)), L.u)
        surface.blit(img, rect)

    def _static_key(self, p: Picture) -> tuple:
        """Everything the cached layer shows; when it is unchanged the layer is reused."""
        m, L, s = p.model, p.layout, self.settings
        return (
            language(), L.w, L.h, s.card_back, s.four_colour, p.open_cards, p.names, p.holder,
            m.deal_no, m.dealer, m.trump, m.chooser, m.kraak_level, m.proposed,
            tuple(tuple(h) for s, h in enumerate(m.hands) if s != p.bottom), p.turn,
            bool(m.hands[p.bottom]), p.bottom, p.faces,
            tuple(round(v) for v in m.shown_totals), tuple(m.deal_points), tuple(m.deal_roem),
            tuple(m.tricks_won), tuple(m.bids), p.needed, tuple(m.seat_tricks), p.teams,
            p.variant,
        )  # fmt: skip

    def _draw_static(self, surface: pygame.Surface, p: Picture) -> None:
        L = p.layout
        surface.blit(widgets.felt((L.w, L.h)), (0, 0))
        self._trump_panel(surface, p)
        self._side_strip(surface, p)
        self._score_panel(surface, p)
        players = len(p.names)
        for seat in range(players):
            self._plate(surface, p, seat)
        for seat in range(players):
            if seat != p.bottom:
                self._hand(surface, p, seat)
        self._proposed(surface, p)

    def draw(self, surface: pygame.Surface, p: Picture) -> None:
        L = p.layout
        key = self._static_key(p)
        if self._layer is None or self._layer.get_size() != (L.w, L.h):
            self._layer = pygame.Surface((L.w, L.h)).convert()
            self._layer_key = None
        if key != self._layer_key:
            self._draw_static(self._layer, p)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        for seat in p.thinking:
            rect = L.plate_rect(seat, p.open_cards)
            self._dots(surface, p, (rect.centerx, rect.bottom + L.px(10)))
        self._trick(surface, p)
        self._hand(surface, p, p.bottom)
        for sprite in p.model.sprites:
            if sprite.started:
                self._card(surface, L, sprite.card, sprite.pose(L), shadow=True)
        if p.prompt is not None:
            rect, title, hint = p.prompt
            widgets.draw_panel(surface, rect, L.u, (8, 30, 20, 225), theme.GOLD)
            title, size = shrink(title, L.text(21), L.text(15), rect.w - L.px(24), True)
            img = theme.text(title, size, theme.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(14))))
            y = rect.top + max(L.px(44) if size == L.text(21) else 0, L.px(18) + img.get_height())
            for line in theme.wrap(hint, L.text(15), rect.w - L.px(32)) if hint else []:
                img = theme.text(line, L.text(15), theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += img.get_height()
        drag = p.marks.drag  # in the hand: over the panel (it went under "Lay 2 cards away")
        if drag is not None:
            card, pose = drag
            self._card(surface, L, card, pose, shadow=True, lift_shadow=2.5)

    def draw_over(self, surface: pygame.Surface, p: Picture) -> None:
        """What lies above the buttons: the speech bubbles (over the decision panel; the
        bottom seat's above the Hint and Take back buttons), the Roem button's pause bar,
        suit icons on the buttons, the keyboard's focus, the last-trick view."""
        L = p.layout
        self._bubbles(surface, p)
        if p.claim is not None:
            bar, left = p.claim
            track = pygame.Rect(
                bar.left + L.px(12), bar.bottom + L.px(6), bar.w - L.px(24), L.px(4)
            )
            pygame.draw.rect(surface, (0, 0, 0), track, border_radius=L.px(2))
            fill = track.copy()
            fill.w = max(0, round(track.w * left))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, fill, border_radius=L.px(2))
        if p.focus is not None:
            ring = p.focus.inflate(L.px(10), L.px(10))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, max(2, L.px(3)), L.px(12))
        for rect, suit in p.icons:
            img = icons.suit_icon(suit, round(rect.h * 0.52), None, self.settings.four_colour)
            surface.blit(img, img.get_rect(midleft=(rect.left + L.px(14), rect.centery)))
        if p.show_last and p.model.last_trick:
            self._last_trick(surface, p)

    def _card(
        self, surface: pygame.Surface, L: TableLayout, card: Card | None, pose: Pose,
        shadow: bool = True, face: bool = True, lift_shadow: float = 1.0,
    ) -> None:  # fmt: skip
        images = self.images
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

    def _hand(self, surface: pygame.Surface, p: Picture, seat: int) -> None:
        m, L = p.model, p.layout
        hand = m.hands[seat]
        face = seat in p.faces
        self.drawn_faces[seat] = list(hand) if face else []
        if not hand:
            return
        bottom = seat == p.bottom
        marks = p.marks if bottom else Marks()
        dragged = marks.drag[0] if marks.drag else None
        legal = marks.legal
        dim_illegal = bottom and legal is not None and self.settings.show_legal
        poses = L.hand_poses(seat, len(hand), p.open_cards)
        for i, card in enumerate(hand):
            if card is dragged:
                continue
            pose = (m.poses.get(card) or poses[i]) if bottom else poses[i]
            self._card(surface, L, card, pose, shadow=bottom or face, face=face)
            size = L.card if bottom else L.small
            if card is marks.hinted:
                self._hint_ring(surface, L, pose, size)
            if dim_illegal and card not in legal:  # type: ignore[operator]
                tint = self.images.mask(size, pose.angle, (8, 28, 18, 80))
                surface.blit(tint, tint.get_rect(center=(round(pose.x), round(pose.y))))
            if card is marks.selected:
                rect = pygame.Rect(0, 0, size[0] + L.px(6), size[1] + L.px(6))
                rect.center = (round(pose.x), round(pose.y))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, max(2, L.px(3)), L.px(10))

    def _hint_ring(
        self, surface: pygame.Surface, L: TableLayout, pose: Pose, size: tuple[int, int]
    ) -> None:
        """The card the hint recommends: a blue ring, unlike the gold of the selection."""
        rect = pygame.Rect(0, 0, size[0] + L.px(8), size[1] + L.px(8))
        ring = theme.panel(rect.size, (0, 0, 0, 0), L.px(12), HINT_COLOUR, max(3, L.px(4)))
        img = pygame.transform.rotate(ring, pose.angle)
        surface.blit(img, img.get_rect(center=(round(pose.x), round(pose.y))))

    def _trick(self, surface: pygame.Surface, p: Picture) -> None:
        m, L = p.model, p.layout
        for seat, card in m.trick:
            pose = L.trick_pose(seat)
            self._card(surface, L, card, pose)
            if m.winner is not None and seat == m.winner and len(m.trick) == len(p.names):
                rect = pygame.Rect(0, 0, L.card[0] + L.px(8), L.card[1] + L.px(8))
                rect.center = (round(pose.x), round(pose.y))
                glow = theme.panel(
                    rect.size, (255, 220, 120, 0), L.px(12), theme.GOLD_LIGHT, max(2, L.px(4))
                )
                img = pygame.transform.rotate(glow, pose.angle)
                surface.blit(img, img.get_rect(center=rect.center))

    def _proposed(self, surface: pygame.Surface, p: Picture) -> None:
        m, L = p.model, p.layout
        if m.proposed is None or m.trump is not None:
            return
        pose = L.proposed_pose()
        self._card(surface, L, m.proposed, pose)
        label = theme.text(tr("ui.table_proposed_trump"), L.text(15), theme.TEXT_DIM, True)
        surface.blit(label, label.get_rect(midright=(pose.x - L.small[0] / 2 - L.px(10), pose.y)))

    def _plate(self, surface: pygame.Surface, p: Picture, seat: int) -> None:
        m, L = p.model, p.layout
        rect = L.plate_rect(seat, p.open_cards)
        turn = p.turn == seat
        border = theme.GOLD_LIGHT if turn else (255, 255, 255, 34)
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 215), border)
        if turn:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, rect, max(2, L.px(2.5)), L.px(14))
        pad = L.px(12)
        x = rect.right - L.px(8)
        size = L.text(18)
        cy = rect.top + L.px(4) + theme.font(size, True).get_linesize() // 2  # the name's line
        if m.dealer == seat and m.deal_no:  # chips on the name's line: the words below
            chip = L.px(22)  # ("Jij bent aan de beurt") run the plate's width
            centre = (x - chip // 2, cy)
            pygame.draw.circle(surface, theme.GOLD, centre, chip // 2)
            d = theme.text(tr("ui.table_dealer_chip"), L.text(15), theme.INK, True)
            surface.blit(d, d.get_rect(center=centre))
            x -= chip + L.px(4)
        if m.chooser == seat and m.trump is not None:
            chip_img = icons.suit_chip(m.trump.value, L.px(22), self.settings.four_colour)
            surface.blit(chip_img, chip_img.get_rect(midright=(x, cy)))
            x -= chip_img.get_width() + L.px(4)
        name = fit(p.names[seat], size, x - rect.left - pad - L.px(4), True)
        img = theme.text(name, size, theme.TEXT, True)
        surface.blit(img, (rect.left + pad, rect.top + L.px(4)))
        small = L.text(14)
        room = rect.w - 2 * pad
        if turn and seat == p.holder:
            line = fit(tr("ui.table_your_turn"), small, room, True)
            img = theme.text(line, small, theme.GOLD_LIGHT, True)
        else:
            img = theme.text(fit(self.plate_line(p, seat), small, room), small, theme.TEXT_DIM)
        below = L.px(4) + round(theme.font(size, True).get_height() * 0.9)  # the name's "j"
        surface.blit(img, (rect.left + pad, rect.top + max(L.px(26), below)))

    def plate_line(self, p: Picture, seat: int) -> str:
        """Below a plate's name: the seat's role and the tricks it took itself this deal."""
        role = self.role(p, seat)
        won = p.model.seat_tricks[seat]
        return f"{role} · {tr('ui.table_tricks', n=won)}" if won else role

    def role(self, p: Picture, seat: int) -> str:
        """The seat's plate line: its place as the game names it (the registry's
        `seat_words`, as the hot-seat cover does), or partner / opponent of the holder."""
        if p.holder is None or seat == p.holder:
            return tr(p.seat_words[seat])
        partner = (seat - p.holder) % 2 == 0
        return tr("ui.table_partner") if partner else tr("ui.table_opponent")

    def _dots(self, surface: pygame.Surface, p: Picture, centre: tuple[int, int]) -> None:
        L = p.layout
        phase = p.clock * 4
        for i in range(3):
            k = 0.5 + 0.5 * math.sin(phase - i * 0.9)
            r = L.px(3 + 1.6 * k)
            colour = (255, 230, 160) if k > 0.5 else (200, 190, 150)
            pygame.draw.circle(surface, colour, (centre[0] + (i - 1) * L.px(14), centre[1]), r)

    def _bubble_anchor(self, p: Picture, seat: int) -> tuple[float, float, str]:
        L = p.layout
        x, y, side = L.bubble_anchor(seat, p.open_cards)
        if seat == p.bottom and p.above_plate is not None and side == "above":
            y = min(y, p.above_plate - L.px(8))
        return x, y, side

    def _bubbles(self, surface: pygame.Surface, p: Picture) -> None:
        for seat, b in p.model.bubbles.items():
            fade = min(1.0, (b.ttl - b.age) / BUBBLE_FADE)
            widgets.draw_bubble(surface, self._bubble_anchor(p, seat), b.text, p.layout.u,
                                b.suit, fade, self.settings.four_colour)  # fmt: skip

    def bubble_rects(self, p: Picture) -> list[pygame.Rect]:
        """Where the speech bubbles shown lie (the coach's note steps aside for them)."""
        return [
            widgets.bubble_rect(self._bubble_anchor(p, seat), b.text, p.layout.u, b.suit,
                                self.settings.four_colour)
            for seat, b in p.model.bubbles.items()
        ]  # fmt: skip

    def _trump_panel(self, surface: pygame.Surface, p: Picture) -> None:
        m, L = p.model, p.layout
        rect = L.trump_panel
        widgets.draw_panel(surface, rect, L.u)
        pad = L.px(14)
        head = theme.text(tr("ui.table_trump_head"), L.text(13), theme.TEXT_DIM, True)
        surface.blit(head, (rect.left + pad, rect.top + L.px(8)))
        chip_size = L.px(54)
        chip_rect = pygame.Rect(rect.left + pad, rect.top + L.px(32), chip_size, chip_size)
        x = chip_rect.right + L.px(10)
        if m.trump is None:
            pygame.draw.circle(
                surface, (255, 255, 255, 40), chip_rect.center, chip_size // 2, max(1, L.px(2))
            )
            q = theme.text("?", L.text(26), theme.TEXT_DIM, True)
            surface.blit(q, q.get_rect(center=chip_rect.center))
            line1 = tr("ui.table_not_chosen") if m.deal_no else ""
            who = p.names[p.turn] if p.turn is not None else ""
            line2 = tr("ui.table_to_decide", name=who) if who and m.hands[0] else ""
            if who and p.turn == p.holder:
                line2 = tr("ui.table_your_decision")
        else:
            surface.blit(
                icons.suit_chip(m.trump.value, chip_size, self.settings.four_colour), chip_rect
            )
            line1 = suit_name(m.trump).capitalize()
            chooser = p.names[m.chooser] if m.chooser is not None else "?"
            line2 = tr("ui.table_chosen_by", name=chooser)
            if m.chooser is not None and (m.chooser == p.holder or m.chooser in p.you):
                line2 = tr("ui.table_chosen_by_you")  # a replay has no holder, but "You" chose
            if m.kraak_level:  # in the head row, right: the chooser's line keeps the name
                kraak = f"{kraak_name(m.kraak_level)} ×{2**m.kraak_level}"
                img = theme.text(kraak, L.text(13), theme.GOLD_LIGHT, True)
                surface.blit(img, img.get_rect(topright=(rect.right - pad, rect.top + L.px(8))))
        room = self.trump_room(L)
        line1, size = shrink(line1, L.text(22), L.text(16), room, True)  # "Nog open"
        img = theme.text(line1, size, theme.TEXT, True)
        surface.blit(img, (x, rect.top + L.px(30)))
        line1_bottom = rect.top + L.px(30) + img.get_bounding_rect().bottom
        # "chosen by Henk": smaller letters (never below MIN_TEXT as drawn), then two lines
        # where the panel has room, before the name is cut (it is what the line is for)
        smallest = min(L.text(15), max(math.ceil(MIN_TEXT / theme.text_scale()), L.px(12)))
        size = L.text(15)
        while size > smallest and theme.text_width(line2, size) > room:
            size -= 1
        lines, line_h = theme.wrap(line2, size, room), theme.font(size).get_linesize()
        y = rect.top + L.px(62)
        if len(lines) > 1:  # two lines, up to the suit's name if need be, or one cut short
            y = max(line1_bottom, min(y, rect.bottom - L.px(3) - 2 * line_h))
            if y + 2 * line_h > rect.bottom:
                lines, y = [line2], rect.top + L.px(62)
        for line in lines[:2]:
            surface.blit(theme.text(fit(line, size, room), size, theme.TEXT_DIM), (x, y))
            y += line_h

    def bid_words(self, p: Picture, seat: int, kind: str, detail: str) -> str:
        """One entry of the bidding log in words: "Henk: Pass", "Anna: I take hearts"."""
        suit = suit_name(Suit(detail)) if kind in ("named", "took", "forced") else ""
        said = {
            "pass": lambda: tr("ui.say_pass"),
            "no_kraak": lambda: tr("ui.say_no_kraak"),
            "named": lambda: suit.capitalize(),
            "took": lambda: tr("ui.say_take", suit=suit),
            "forced": lambda: tr("ui.say_forced", suit=suit.capitalize()),
            "kraak": lambda: tr(f"ui.kraak_button_{int(detail or 1) - 1}"),
            "schmeiss": lambda: tr("ui.kj_say_schmeiss"),
            "accepted": lambda: tr("ui.kj_say_accepted"),
            "refused": lambda: tr("ui.kj_say_refused"),
            "dix": lambda: tr("ui.kj_say_dix_took", card=card_text(parse_card(detail))),
        }[kind]()
        return f"{p.names[seat]}: {said}"

    def needed_words(self, p: Picture) -> str:
        if p.needed is None:
            return ""
        team, need = p.needed
        left = 162 - sum(p.model.deal_points)
        if need <= 0:
            return tr("ui.table_need_made", team=p.teams[team])
        if need > left:
            return tr("ui.table_need_lost", team=p.teams[team])
        return tr("ui.table_need", team=p.teams[team], n=need)

    @staticmethod
    def convention_lines(p: Picture, size: int, width: int) -> list[tuple[str, tuple, bool]]:
        """The signalling agreements in force (RULES.md 1.10): their name first, then their
        one-line text wrapped; none without a convention."""
        variant = p.variant
        text = convention_text(variant) if hasattr(variant, "signals") else None
        if text is None and not getattr(variant, "trump_request", False):
            return []
        label = (tr("ui.table_signals", name=value_label("signals", variant.signals)) if text
                 else tr("rules.option_trump_request"))  # fmt: skip
        lines = [(label, theme.GOLD_LIGHT, True)]
        words = [t for t in (text, tr("rules.about_trump_request") if variant.trump_request
                             else None) if t]  # fmt: skip
        for t in words:
            lines += [(x, theme.TEXT_DIM, False) for x in theme.wrap(t, size, width) if x]
        return lines

    @staticmethod
    def _strip_metrics(p: Picture) -> tuple[pygame.Rect, int, int, int]:
        """The side strip's room, text size, line height and padding."""
        L = p.layout
        size = L.text(14)
        return L.side_strip(p.open_cards), size, theme.font(size).get_linesize(), L.px(10)

    def side_lines(
        self, p: Picture, metrics: tuple[pygame.Rect, int, int, int] | None = None
    ) -> list[tuple[str, tuple, bool]]:
        """The side strip's lines (text, colour, bold) as many as its room holds: what the
        choosers still need (learning modes) and the deal's bidding, newest last."""
        room, size, line_h, pad = metrics or self._strip_metrics(p)
        width = room.w - 2 * pad
        need = [(x, theme.GOLD_LIGHT, True) for x in theme.wrap(self.needed_words(p), size,
                                                                 width, True) if x]  # fmt: skip
        bids = [(x, theme.TEXT, False) for x in pack(
            [self.bid_words(p, *bid) for bid in p.model.bids], size, width)]  # fmt: skip
        fit = (room.h - pad) // line_h
        if fit <= 0:
            return []
        if p.model.trick or sum(p.model.tricks_won):  # playing: the need first
            agreed = self.convention_lines(p, size, width)  # the public signals, whole or named
            # a convention is named whatever the room (RULES.md 1.10: public at the table;
            # at 1024x600 and larger text the need filled the strip): the need only whole
            lines = need[:fit] if not agreed else need if len(need) < fit else []
            if agreed and fit - len(lines) >= len(agreed):
                lines += agreed
            elif agreed and fit > len(lines):
                lines += agreed[:1]
            if fit > len(lines) and bids:  # the newest bids stay when not all fit
                lines += bids[-(fit - len(lines)) :]
        else:  # bidding: who said what first
            lines = bids[-fit:] if bids else []
            if len(need) <= fit - len(lines):  # the need only whole
                lines += need
        return lines

    def _side_strip(self, surface: pygame.Surface, p: Picture) -> None:
        """Below the trump panel: `side_lines` on a dark panel (the speech bubbles are gone
        by then)."""
        metrics = self._strip_metrics(p)
        lines = self.side_lines(p, metrics)
        if not lines:
            return
        room, size, line_h, pad = metrics
        rect = pygame.Rect(room.left, room.top, room.w, line_h * len(lines) + pad)
        widgets.draw_panel(surface, rect, p.layout.u, (6, 26, 17, 200))
        y = rect.top + pad // 2
        for text, colour, bold in lines:
            surface.blit(theme.text(text, size, colour, bold), (rect.left + pad, y))
            y += line_h

    @staticmethod
    def trump_room(L: TableLayout) -> int:
        """The width the trump panel's words have, right of its chip."""
        return L.trump_panel.w - L.px(14) * 2 - L.px(54) - L.px(10)

    def _score_panel(self, surface: pygame.Surface, p: Picture) -> None:
        """Deal and match: each side's name (shortened to its column), this deal's points
        (and roem) in a column of their own, the match total."""
        m, L = p.model, p.layout
        rect = L.score_panel
        widgets.draw_panel(surface, rect, L.u)
        pad = L.px(14)
        head = L.text(13)
        right = rect.right - pad
        deal_right = self.deal_right(p)  # the running points' column ends here
        size, small = L.text(17), L.text(14)
        text, shown, word_too = self.score_head_shown(p)
        sides = range(len(p.sides))  # two teams, or each player alone
        running = [self.deal_figures(p, t) for t in sides]
        if word_too and any(a or b for a, b in running):  # a heading over figures only:
            # over an empty column it stood above the match totals (a deal's start)
            word = theme.text(self.deal_word(p), head, theme.TEXT_DIM)
            surface.blit(word, word.get_rect(topright=(deal_right, rect.top + L.px(8))))
        img = theme.text(text, shown, theme.TEXT_DIM, True)
        surface.blit(img, (rect.left + pad, rect.top + L.px(8)))
        for team in sides:
            y = rect.top + L.px(34 + team * 32)
            colour = theme.TEAM_COLOURS[team]
            pygame.draw.circle(surface, colour, (rect.left + pad + L.px(6), y + L.px(11)), L.px(6))
            left = rect.left + pad + L.px(20)
            # each name up to its own row's points: the other side's roem does not cut it
            points = theme.font(small, True).size("{} {}".format(*running[team]))[0]
            names_right = deal_right - max(points, L.px(40)) - L.px(10)
            name = fit_side([p.names[s] for s in p.sides[team]], size, names_right - left)
            surface.blit(theme.text(name, size, theme.TEXT, True), (left, y))
            total = theme.text(str(round(m.shown_totals[team])), L.text(22), colour, True)
            surface.blit(total, total.get_rect(topright=(right, y - L.px(3))))
            points, bonus = running[team]
            box = pygame.Rect(deal_right, y + L.px(3), 0, 0)
            if bonus:
                img = theme.text(bonus, small, theme.GOLD_LIGHT, True)
                box = img.get_rect(topright=(deal_right, y + L.px(3)))
                surface.blit(img, box)
                box.left -= L.px(4)
            if points:
                img = theme.text(points, small, theme.TEXT_DIM)
                surface.blit(img, img.get_rect(topright=(box.left, y + L.px(3))))

    def deal_right(self, p: Picture) -> int:
        """Where this deal's points end in the score panel: 62 units left of its right
        edge, further where the widest match total needs it ("+20 roem" ran into a total
        of four figures at larger text)."""
        L = p.layout
        font = theme.font(L.text(22), True)
        widest = max((font.size(str(round(t)))[0] for t in p.model.shown_totals), default=0)
        return L.score_panel.right - L.px(14) - max(L.px(62), widest + L.px(10))

    def deal_word(self, p: Picture) -> str:
        """The heading of the column of this deal's figures."""
        return tr("ui.table_this_deal")

    def deal_figures(self, p: Picture, side: int) -> tuple[str, str]:
        """A side's row in the "this deal" column: its points and roem so far."""
        m = p.model
        return self.running(m.deal_points[side], m.deal_roem[side])

    def running(self, points: int, roem: int) -> tuple[str, str]:
        """This deal's points and roem as the score panel shows them ("+106", "+20 roem")."""
        if not (points or roem):
            return "", ""
        return f"+{points}", f"+{roem} {tr(self.bonus_key)}" if roem else ""

    def score_head_shown(self, p: Picture) -> tuple[str, int, bool]:
        """The score panel's heading, its size, and whether "this deal" fits beside it: at
        larger text "SPEL 1 · TOT 500" ran into it. The heading is drawn a little smaller
        (never below MIN_TEXT pixels as drawn); where it still does not fit ("DONNE 1 SUR
        16 … cette donne"), the column's word gives way (its numbers say what they are)."""
        L = p.layout
        full, big = self.score_head(p), L.text(13)
        smallest = min(big, math.ceil(MIN_TEXT / theme.text_scale()))
        width = L.score_panel.w - 2 * L.px(14)
        # room for the widest heading the column may have: the panel's heading keeps its size
        word = max(theme.font(big).size(tr(key))[0] for key in self.deal_word_keys)
        column = L.score_panel.right - L.px(14) - self.deal_right(p)
        text, size = shrink(full, big, smallest, width - column - word - L.px(10), True)
        if text == full:
            return text, size, True
        return (*shrink(full, big, smallest, width, True), False)

    def score_head(self, p: Picture) -> str:
        m, v = p.model, p.variant
        if v.match_kind == "deals":
            return tr("ui.table_deal_of", n=max(1, m.deal_no), total=v.match_target)
        return tr("ui.table_deal_to", n=max(1, m.deal_no), target=v.match_target)

    def _last_trick(self, surface: pygame.Surface, p: Picture) -> None:
        L = p.layout
        leader, cards, winner = p.model.last_trick  # type: ignore[misc]
        cx, cy = L.centre
        cw, ch = L.card
        rect = pygame.Rect(0, 0, round(3.6 * cw), round(2.45 * ch))
        rect.center = (round(cx), round(cy))
        widgets.draw_panel(surface, rect, L.u, (6, 26, 17, 235), theme.GOLD)
        title = tr("ui.table_last_trick_by", name=p.names[winner])
        if winner == p.holder:
            title = tr("ui.table_last_trick_by_you")
        roem = p.model.trick_roem.get(sum(p.model.seat_tricks) - 1, 0)
        if roem:  # what the trick brought beside its cards ("· +40 roem"), as the score says
            title = f"{title} · {self.running(0, roem)[1]}"
        title, size = shrink(title, L.text(18), L.text(14), rect.w - L.px(20), True)
        img = theme.text(title, size, theme.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + L.px(10))))
        for i, card in enumerate(cards):
            seat = (leader + i) % len(p.names)
            q = L.trick_pose(seat)
            pose = Pose(cx + (q.x - cx) * 0.8, cy + L.px(12) + (q.y - cy) * 0.8, q.angle, 1.0)
            self._card(surface, L, card, pose)
            if seat == winner:
                r = pygame.Rect(0, 0, cw + L.px(6), ch + L.px(6))
                r.center = (round(pose.x), round(pose.y))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, r, max(2, L.px(3)), L.px(10))
        hint = theme.text(tr("ui.table_close_last"), L.text(14), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - L.px(8))))
