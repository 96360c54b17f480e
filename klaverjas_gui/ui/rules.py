"""The rules on seven pages (signals fifth, then two-player Klabberjass and three-player
Kalabriasz), with pictures made from our own card art.

Each page is a list of blocks (paragraphs, a row of cards with captions, sets
of cards, a small score table) laid out top to bottom for the window's width
and rendered once into a surface; a page taller than the window scrolls. The
texts are `teach.rules_*` translations; the card values shown are read from
the engine, so the pictures cannot disagree with the rules the game plays (the
Kalabriasz example's scores too: `settle_kalabriasz`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine import Suit, card_points, parse_card
from ..engine.kalabriasz_rules import settle_kalabriasz
from ..engine.signals import meaning
from ..i18n import language, tr
from . import theme, widgets
from .cardimg import CardImages
from .commands import Command, on_key
from .scene import Scene

if TYPE_CHECKING:
    from .shell import Shell

TRUMP_ORDER = ("JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H")
PLAIN_ORDER = ("AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S")


@dataclass(frozen=True)
class Para:
    text: str
    colour: tuple = theme.TEXT
    bold: bool = False


@dataclass(frozen=True)
class CardRow:
    """A row of cards side by side, a caption under each and a label above."""

    label: str
    cards: tuple[tuple[str | None, str], ...]  # (card, or None face down; caption)


@dataclass(frozen=True)
class CardSets:
    """Small fans of cards in a grid, each with its label (the roem table)."""

    sets: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class ScoreTable:
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Para | CardRow | CardSets | ScoreTable


def pages() -> list[tuple[str, list[Block]]]:
    """The pages in the current language: (title, blocks)."""
    points = lambda codes: tuple(  # noqa: E731 - the engine says what each card is worth
        (c, str(card_points(parse_card(c), "H"))) for c in codes
    )
    t = lambda key: tr(f"teach.rules_{key}")  # noqa: E731

    def signal(convention: str, card: str) -> str:
        """A signal's caption: the suit the engine reads in it (hearts trump)."""
        suit = meaning(convention, parse_card(card), Suit.H)
        return tr("teach.rules_sig_cap_signal", symbol=suit.symbol if suit else "–")

    return [
        (t("page_cards"), [
            Para(t("cards_intro")),
            CardRow(t("trump_row"), points(TRUMP_ORDER)),
            CardRow(t("plain_row"), points(PLAIN_ORDER)),
            Para(t("cards_total")),
        ]),
        (t("page_play"), [
            Para(t("follow")),
            Para(t("trump")),
            Para(t("trump_led")),
            Para(t("amsterdam"), theme.GOLD_LIGHT),
            Para(t("rotterdam"), theme.GOLD_LIGHT),
            Para(t("voluntary"), theme.TEXT_DIM),
            Para(t("example"), theme.TEXT_DIM),
            CardRow("", (("AC", t("cap_north")), ("7C", t("cap_east")), ("7D", t("cap_ams")),
                         ("QH", t("cap_rot")))),
        ]),
        (t("page_roem"), [
            Para(t("roem_intro")),
            CardSets((
                (t("roem_three"), ("7D", "8D", "9D")),
                (t("roem_four"), ("TS", "JS", "QS", "KS")),
                (t("roem_stuk"), ("KH", "QH")),
                (t("roem_stuk_run"), ("JH", "QH", "KH")),
                (t("roem_carre"), ("KC", "KD", "KH", "KS")),
                (t("roem_jacks"), ("JC", "JD", "JH", "JS")),
            )),
        ]),
        (t("page_score"), [
            Para(t("score_intro")),
            Para(t("score_made")),
            Para(t("score_nat"), theme.NAT),
            Para(t("score_pit"), theme.PIT),
            Para(t("score_bar"), theme.TEXT_DIM),
            Para(t("score_example")),
            ScoreTable(
                ("", tr("teach.col_cards"), tr("teach.col_roem"), tr("teach.col_score")),
                ((tr("teach.row_choosers"), "82", "–", "0"),
                 (tr("teach.row_defence"), "80", "20", "182")),
            ),
            Para(t("score_match"), theme.TEXT_DIM),
        ]),
        (t("page_signals"), [
            Para(t("sig_intro")),
            Para(t("sig_discard")),
            Para(tr("rules.describe_signals", name="kleur", text=tr("rules.convention_kleur")),
                 theme.GOLD_LIGHT),
            Para(t("sig_kleur_example"), theme.TEXT_DIM),
            CardRow("", (("AC", t("cap_north")), ("7C", t("cap_east")),
                         ("7D", signal("kleur", "7D")), ("9D", t("sig_cap_answer")))),
            Para(t("sig_no_objection"), theme.TEXT_DIM),
            Para(tr("rules.describe_signals", name="tegenkleur",
                    text=tr("rules.convention_tegenkleur")), theme.GOLD_LIGHT),
            Para(t("sig_tegen_example"), theme.TEXT_DIM),
            CardRow("", (("AD", t("sig_cap_west")), ("7D", t("sig_cap_north")),
                         ("7C", signal("tegenkleur", "7C")), ("8S", t("sig_cap_answer")))),
            Para(tr("rules.describe_trump_request", text=tr("rules.about_trump_request")),
                 theme.GOLD_LIGHT),
        ]),
        (t("page_klabberjass"), [
            Para(t("kj_intro")),
            Para(t("kj_bidding")),
            Para(t("kj_schmeiss"), theme.GOLD_LIGHT),
            Para(t("kj_dix"), theme.GOLD_LIGHT),
            CardRow(t("kj_dix_row"), (("7H", t("kj_cap_seven")), ("AH", t("kj_cap_turned")))),
            Para(t("kj_declare")),
            Para(t("kj_belote"), theme.GOLD_LIGHT),  # option declarations = belote
            Para(t("kj_bella"), theme.GOLD_LIGHT),
            CardSets(((t("kj_belote_four"), ("9C", "9D", "9H", "9S")),
                      (t("kj_belote_quinte"), ("TS", "JS", "QS", "KS", "AS")),
                      (t("kj_bella_set"), ("KH", "QH")))),  # one row: the page stays short
            Para(t("kj_play")),
            Para(t("kj_score"), theme.TEXT_DIM),
        ]),
        (t("page_kalabriasz"), kalabriasz_page()),
    ]  # fmt: skip


def kalabriasz_page() -> list[Block]:
    """Three-player Klaverjas (RULES.md 3): the talon, naming, laying away, the maker's
    contract, and its failed example (74 + 7 laid away against 50 and 31) as the engine
    scores it."""
    t = lambda key, **values: tr(f"teach.rules_kb_{key}", **values)  # noqa: E731
    ten = parse_card("TS")
    failed = settle_kalabriasz(0, (74, 50, 31), laid_away=7)
    assert failed.outcome == "nat"  # exactly half is not more than half
    return [
        Para(t("intro")),
        Para(t("bidding")),
        Para(t("talon"), theme.GOLD_LIGHT),
        CardRow(t("lay_row"), (
            (None, t("cap_talon")), (None, t("cap_talon")),
            ("TS", t("cap_lay_points", points=card_points(ten, "H"))),
            ("7D", t("cap_lay_void")),
        )),
        Para(t("play")),
        Para(t("goal"), theme.GOLD_LIGHT),
        Para(t("scoring")),
        Para(t("example"), theme.TEXT_DIM),
        ScoreTable(
            ("", t("col_tricks"), t("col_laid"), tr("teach.col_score")),
            ((t("row_maker"), str(failed.card_points[0]), str(failed.laid_away),
              str(failed.scores[0])),
             (t("row_left"), str(failed.card_points[1]), "–", str(failed.scores[1])),
             (t("row_right"), str(failed.card_points[2]), "–", str(failed.scores[2]))),
        ),
        Para(t("match"), theme.TEXT_DIM),
    ]  # fmt: skip


class PageRenderer:
    """Lays out and draws one page's blocks into a surface of the page's full height."""

    def __init__(self, images: CardImages, width: int, viewport_h: int, u: float) -> None:
        self.images = images
        self.width = width
        self.u = u
        # eight cards across the width, but a row never taller than a third of the view
        cw = min(width / 8.8, viewport_h * 0.3 / 1.4)
        self.card = (round(cw), round(cw * 1.4))

    def px(self, v: float) -> int:
        return max(1, round(v * self.u))

    def render(self, blocks: list[Block]) -> pygame.Surface:
        height = sum(self._block(None, b, 0) for b in blocks) + self.px(12) * len(blocks)
        surface = pygame.Surface((self.width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for block in blocks:
            y += self._block(surface, block, y) + self.px(12)
        return surface

    def _block(self, surface: pygame.Surface | None, block: Block, y: int) -> int:
        """Draw `block` at `y` (or only measure it when surface is None); its height."""
        if isinstance(block, Para):
            return self._para(surface, block, y)
        if isinstance(block, CardRow):
            return self._row(surface, block, y)
        if isinstance(block, CardSets):
            return self._sets(surface, block, y)
        return self._table(surface, block, y)

    def _para(self, surface: pygame.Surface | None, p: Para, y: int) -> int:
        size = self.px(18)
        line_h = theme.font(size, p.bold).get_linesize()
        lines = theme.wrap(p.text, size, self.width, p.bold)
        if surface is not None:
            for i, line in enumerate(lines):
                surface.blit(theme.text(line, size, p.colour, p.bold), (0, y + i * line_h))
        return line_h * len(lines)

    def _row(self, surface: pygame.Surface | None, row: CardRow, y: int) -> int:
        cw, ch = self.card
        label_h = theme.font(self.px(16), True).get_linesize() if row.label else 0
        cap_size = self.px(15)
        cap_h = theme.font(cap_size, True).get_linesize()
        gap = round(cw * 0.1)
        if surface is not None:
            if row.label:
                surface.blit(theme.text(row.label, self.px(16), theme.GOLD_LIGHT, True), (0, y))
            x = 0
            for code, caption in row.cards:
                surface.blit(self.images.base(code, self.card), (x, y + label_h))
                for i, line in enumerate(theme.wrap(caption, cap_size, cw + gap, True)[:2]):
                    img = theme.text(line, cap_size, theme.TEXT, True)
                    surface.blit(
                        img, img.get_rect(midtop=(x + cw // 2, y + label_h + ch + 2 + i * cap_h))
                    )
                x += cw + gap
        two = any(len(theme.wrap(c, cap_size, cw + gap, True)) > 1 for _, c in row.cards)
        return label_h + ch + 2 + cap_h * (2 if two else 1)

    def _sets(self, surface: pygame.Surface | None, sets: CardSets, y: int) -> int:
        cw, ch = round(self.card[0] * 0.8), round(self.card[1] * 0.8)
        cols = 3 if self.width >= 9 * cw else 2
        cell_w = self.width // cols
        label_size = self.px(16)
        label_h = theme.font(label_size, True).get_linesize()
        cell_h = ch + 2 * label_h + self.px(10)
        rows = (len(sets.sets) + cols - 1) // cols
        if surface is not None:
            for i, (label, codes) in enumerate(sets.sets):
                x0 = (i % cols) * cell_w
                y0 = y + (i // cols) * cell_h
                step = round(cw * 0.55)
                fan_w = cw + step * (len(codes) - 1)
                x = x0 + (cell_w - fan_w) // 2
                for code in codes:
                    surface.blit(self.images.base(code, (cw, ch)), (x, y0))
                    x += step
                for j, line in enumerate(theme.wrap(label, label_size, cell_w - 8, True)[:2]):
                    img = theme.text(line, label_size, theme.TEXT, True)
                    surface.blit(
                        img, img.get_rect(midtop=(x0 + cell_w // 2, y0 + ch + 4 + j * label_h))
                    )
        return rows * cell_h

    def _table(self, surface: pygame.Surface | None, table: ScoreTable, y: int) -> int:
        size = self.px(18)
        line_h = theme.font(size, True).get_linesize() + self.px(6)
        first = max(theme.font(size, True).size(r[0])[0] for r in table.rows) + self.px(30)
        # columns as wide as their widest cell needs ("Weggelegd" at the larger text sizes)
        cells = [cell for row in (table.head, *table.rows) for cell in row[1:]]
        col = max(self.px(110), *(theme.font(size, True).size(c)[0] + self.px(16) for c in cells))
        if surface is not None:
            for r, row in enumerate((table.head, *table.rows)):
                ry = y + r * line_h
                if r:
                    band = pygame.Rect(0, ry - self.px(3), first + col * 3 + self.px(10), line_h)
                    widgets.draw_panel(surface, band, self.u, (255, 255, 255, 14), None)
                for c, cell in enumerate(row):
                    colour = theme.TEXT_DIM if r == 0 else theme.TEXT
                    if c == 3 and r:
                        colour = theme.GOLD_LIGHT
                    img = theme.text(cell, size, colour, r == 0 or c in (0, 3))
                    if c == 0:
                        surface.blit(img, (self.px(10), ry))
                    else:
                        surface.blit(img, img.get_rect(topright=(first + col * c, ry)))
        return line_h * (1 + len(table.rows))


class RulesScene(Scene):
    """The rules, a page at a time: tabs, Previous/Next, Left/Right; long pages scroll."""

    calm = True  # changes only on input

    def __init__(self, app: Shell, page: int = 0) -> None:
        super().__init__(app)
        self.images = CardImages(app.settings)
        self.page = page
        self.scroll = 0
        self._rendered: tuple[tuple, pygame.Surface] | None = None
        self.build()

    @property
    def count(self) -> int:
        return len(pages())

    def u(self) -> float:
        return theme.scale_for(self.app.size)

    def viewport(self) -> pygame.Rect:
        """Where the page shows: below the title and tabs, above the buttons."""
        w, h = self.app.size
        u = self.u()
        side = max(round(24 * u), (w - round(1100 * u)) // 2)
        top = self.tabs_top() + round(52 * u) * len(self.tab_rows())
        return pygame.Rect(side, top, w - 2 * side, h - top - round(84 * u))

    def tab_rows(self) -> list[list[int]]:
        """The pages' tabs by row: one row when every title fits at its width, else two
        (seven titles at the larger text sizes of a small window)."""
        u = self.u()
        titles = [title for title, _ in pages()]
        room = self.app.size[0] - round(48 * u) - round(8 * u) * (len(titles) - 1)
        if sum(self._tab_needs(titles)) <= room:
            return [list(range(len(titles)))]
        half = (len(titles) + 1) // 2
        return [list(range(half)), list(range(half, len(titles)))]

    def _tab_needs(self, titles: list[str]) -> list[int]:
        """Each tab as wide as its title needs (bold when it is the current page's)."""
        return [widgets.fit_label(self.app.size, title, "@primary" if i == self.page else "@quiet",
                                  0, 0)[0] for i, title in enumerate(titles)]  # fmt: skip

    def tabs_top(self) -> int:
        """Below the title, however large the letters are (66 units at the normal size)."""
        u = self.u()
        return max(round(66 * u), round(12 * u) + theme.font(round(34 * u), True).get_height())

    def build(self) -> None:
        w, h = self.app.size
        u = self.u()
        px = lambda v: round(v * u)  # noqa: E731
        titles = [title for title, _ in pages()]
        gap = px(8)
        all_needs = self._tab_needs(titles)
        for row, pages_in_row in enumerate(self.tab_rows()):
            room = w - px(48) - gap * (len(pages_in_row) - 1)
            # Each tab as wide as its title needs (the page's own font, bold when current),
            # the room left shared out evenly, none wider than 260 units.
            needs = [all_needs[i] for i in pages_in_row]
            extra = max(0, room - sum(needs)) // len(needs)
            widths = [min(max(need, need + extra), max(need, px(260))) for need in needs]
            if sum(widths) > room:  # cannot hold them all: equal tabs, as before
                widths = [room // len(needs)] * len(needs)
            x = w // 2 - (sum(widths) + gap * (len(needs) - 1)) // 2
            for k, i in enumerate(pages_in_row):
                rect = pygame.Rect(x, self.tabs_top() + row * px(48), widths[k], px(40))
                self.button(f"tab_{i}", rect, titles[i], lambda i=i: self.go(i),
                            "@primary" if i == self.page else "@quiet")  # fmt: skip
                x += widths[k] + gap
        bw, bh = px(170), px(44)
        for label in (tr("teach.rules_previous"), tr("teach.rules_next"), tr("teach.back")):
            bw = widgets.fit_label(self.app.size, label, "@primary", bw, bh)[0]  # all as wide
        y = h - px(16) - bh
        self.button("previous", pygame.Rect(px(24), y, bw, bh), tr("teach.rules_previous"),
                    lambda: self.go(self.page - 1), "@quiet")  # fmt: skip
        self.button("next", pygame.Rect(w - px(24) - 2 * bw - gap, y, bw, bh),
                    tr("teach.rules_next"), lambda: self.go(self.page + 1), "@primary")  # fmt: skip
        self.button("back", pygame.Rect(w - px(24) - bw, y, bw, bh), tr("teach.back"),
                    lambda: self.app.pop(self), "@quiet")  # fmt: skip
        if self.page == 0:
            self.buttons["previous"].disable()
        if self.page == self.count - 1:
            self.buttons["next"].disable()

    def go(self, page: int) -> None:
        page = max(0, min(self.count - 1, page))
        if page != self.page:
            self.page, self.scroll = page, 0
            self.clear_buttons()
            self.build()

    def rendered(self) -> pygame.Surface:
        """The current page at the current size and language (kept until one changes)."""
        view = self.viewport()
        key = (self.page, view.size, language(), self.app.settings.four_colour)
        if self._rendered is None or self._rendered[0] != key:
            blocks = pages()[self.page][1]
            surface = PageRenderer(self.images, view.w, view.h, self.u()).render(blocks)
            self._rendered = (key, surface)
        return self._rendered[1]

    def max_scroll(self) -> int:
        return max(0, self.rendered().get_height() - self.viewport().h)

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + amount))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.scroll = min(self.scroll, self.max_scroll())

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        step = round(60 * self.u())
        if cmd.kind == "scroll":
            self.scroll_by(cmd.clicks * step)
            return True
        return on_key(cmd, {
            "left": lambda: self.go(self.page - 1),
            "right": lambda: self.go(self.page + 1),
            "confirm": lambda: self.go(self.page + 1),
            "up": lambda: self.scroll_by(-step),
            "down": lambda: self.scroll_by(step),
            "back": lambda: self.app.pop(self),
        })  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = self.u()
        px = lambda v: round(v * u)  # noqa: E731
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("teach.rules_title"), px(34), theme.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(12))))
        view = self.viewport()
        page = self.rendered()
        surface.blit(page, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        if self.max_scroll():
            track = pygame.Rect(view.right + px(8), view.top, px(5), view.h)
            pygame.draw.rect(surface, (0, 0, 0), track, border_radius=px(3))
            thumb_h = max(px(30), round(view.h * view.h / page.get_height()))
            thumb_y = view.top + round((view.h - thumb_h) * self.scroll / self.max_scroll())
            thumb = pygame.Rect(track.left, thumb_y, track.w, thumb_h)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, thumb, border_radius=px(3))
        info = tr("teach.rules_page_of", number=self.page + 1, total=self.count)
        hint = theme.text(f"{info} · {tr('teach.rules_keys')}", px(14), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - px(62))))
        super().draw(surface)

    def close(self) -> None:
        self.images.clear()
        super().close()
