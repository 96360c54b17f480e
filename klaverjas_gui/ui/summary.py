"""The deal summary: who made it or went nat, the points, and the reason in words."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..engine.match import ScoreLine
from ..i18n import tr
from ..words import describe_deal, kraak_name, revoke_text, suit_name
from . import icons, theme, widgets
from .commands import Command
from .scene import Scene
from .table import view as table_view

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .shell import Shell
    from .table.port import TablePort

COUNT_SECONDS = 0.9  # the numbers count up in this long (at normal speed)
UNATTENDED_SECONDS = 3.5  # a demo or autopilot table closes the summary after this long


# each outcome's headline: of a team, of one player by name, of "you" (two-player game)
HEADLINES = {
    "pit": ("ui.summary_pit", "ui.summary_pit_solo", "ui.summary_pit_you"),
    "nat_pit": ("ui.summary_nat_pit", "ui.summary_nat_pit_solo", "ui.summary_nat_pit_you"),
    "nat": ("ui.summary_nat", "ui.summary_nat_solo", "ui.summary_nat_you"),
    "made": ("ui.summary_made", "ui.summary_made_solo", "ui.summary_made_you"),
    "verzaakt": ("ui.summary_verzaakt", "ui.summary_verzaakt_solo", "ui.summary_verzaakt_you"),
}


def headline(line: ScoreLine, teams: tuple[str, str], you: int | None = None,
             solo: bool = False) -> tuple[str, tuple]:  # fmt: skip
    """The result in a few words, and its colour. `solo`: each side is one player (the
    verb is singular, "Henk heeft"); `you`: the side of the person at this screen, told
    as "you" ("Jij hebt", never "Jij hebben")."""
    s = line.score
    burden = teams[s.burden_team]
    if s.outcome == "litige":
        return tr("ui.summary_litige"), theme.GOLD_LIGHT
    if s.outcome == "pit":
        keys, colour = HEADLINES["pit"], theme.PIT
    elif s.outcome == "nat" and s.pit_team is not None and s.pit_team != s.burden_team:
        keys, colour = HEADLINES["nat_pit"], theme.NAT
    elif s.outcome in ("nat", "verzaakt"):  # verzaakt: the burden team is the revoking one
        keys, colour = HEADLINES[s.outcome], theme.NAT
    else:
        keys, colour = HEADLINES["made"], theme.GOLD_LIGHT
    team, one, you_key = keys
    if solo and s.burden_team == you:
        return tr(you_key), colour
    return tr(one if solo else team, team=burden), colour


class DealSummaryScene(Scene):
    """An overlay on the table after each deal; the table waits until it closes."""

    opaque = False
    # column heads, as translation keys (the two-player game has its own)
    heads = ("", "ui.summary_tricks", "ui.summary_cards", "ui.summary_roem",
             "ui.summary_this_deal", "ui.summary_match")  # fmt: skip
    rows = 2  # the table's rows: a side each (the three-player game has three)

    def __init__(
        self, app: Shell, session: MatchSession, table: TablePort, line: ScoreLine,
        totals: tuple[int, int],
    ) -> None:  # fmt: skip
        """`table`: the port of the table it lies over (names, speed, the guide's note)."""
        super().__init__(app)
        self.session = session
        self.table = table
        self.line = line
        self.totals = totals
        self.closed = False
        self.age = 0.0
        self.build()

    def _panel(self) -> pygame.Rect:
        """Sized to its content: the table of points and the explanation in words."""
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        # wide enough for its two buttons side by side (French in the larger text)
        width = round(min(w * 0.94, max(700 * u, 2 * self._button_size()[0] + 56 * u)))
        lines = len(theme.wrap(self.describe(), round(18 * u), width - round(80 * u)))
        size, title = self.title_lines(width)
        extra = (len(title) - 1) * theme.font(size, True).get_linesize()  # a long name's
        height = round((356 + 48 * (self.rows - 2) + 25 * lines) * u) + extra
        rect = pygame.Rect(0, 0, width, min(round(h * 0.94), height))
        rect.center = (w // 2, round(h * 0.47))
        return rect

    def title_lines(self, width: int) -> tuple[int, list[str]]:
        """The headline's size and lines in a panel `width` wide: smaller letters first
        (never below 22 units), then two lines (long names)."""
        u = theme.scale_for(self.app.size)
        title, _ = self.headline()
        room = width - round(40 * u)
        size = round(32 * u)
        while size > round(22 * u) and theme.text_width(title, size, True) > room:
            size -= 1
        return size, theme.wrap(title, size, room, True)

    def headline(self) -> tuple[str, tuple]:
        """The result in a few words, and its colour."""
        return headline(self.line, self.table.team_names(), self.table.session.holder,  # type: ignore[arg-type]
                        not self.table.session.game.partners)  # fmt: skip

    def sub_line(self) -> str:
        """Below the headline: the deal, its trump and who chose it."""
        line, names = self.line, self.table.seat_names()
        sub = tr("ui.summary_deal_line", n=line.deal_no, trump=line_trump(line),
                 name=names[line.chooser])  # fmt: skip
        if line.chooser == self.session.holder:
            sub = tr("ui.summary_deal_line_you", n=line.deal_no, trump=line_trump(line))
        if line.kraak_level:
            sub += f", {kraak_name(line.kraak_level).lower()} (×{line.score.multiplier})"
        return sub

    def build(self) -> None:
        u = theme.scale_for(self.app.size)
        p = self._panel()
        label = self._next_label()
        bw, bh = self._button_size()
        if self.reviewable():
            bw = min(bw, (p.w - round(56 * u)) // 2)
        rect = pygame.Rect(0, 0, min(bw, p.w - round(40 * u)), bh)
        rect.midbottom = (p.centerx, p.bottom - round(22 * u))
        if self.reviewable():  # two buttons side by side: Review this deal, Next deal
            review = rect.copy()
            review.right = p.centerx - round(8 * u)
            rect.left = p.centerx + round(8 * u)
            self.button("review", review, tr("teach.review_button"), self.open_review, "@menu")
        self.button("next", rect, label, self.close_summary, "@menu_primary")

    def _next_label(self) -> str:
        last = self.session.state.is_over
        return tr("ui.summary_see_result") if last else tr("ui.summary_next_deal")

    def _button_size(self) -> tuple[int, int]:
        """One size for both buttons, as wide as the wider label needs."""
        u = theme.scale_for(self.app.size)
        size = widgets.fit_label(self.app.size, self._next_label(), "@menu_primary",
                                 round(260 * u), round(52 * u))  # fmt: skip
        if self.reviewable():
            size = widgets.fit_label(self.app.size, tr("teach.review_button"), "@menu", *size)
        return size

    def reviewable(self) -> bool:
        """A human's deal can be reviewed against best play where its game says so
        (`Game.reviewable`; its review scene, `Game.scene("review")`)."""
        session = self.session
        # a lesson's stacked deal is not one the review can deal again from a seed
        state = session.state
        return (
            session.game.reviewable and session.holder is not None
            and state.stacked is None and session.can_review
        )  # fmt: skip

    def open_review(self) -> None:
        state = self.session.state
        # the position's own seed: a loaded position (a test's, the catalogue's) may come
        # from another deal than the session was started with
        self.app.push(self.session.game.scene("review"), variant=state.variant, seed=state.seed,
                      actions=[str(a) for a in state.actions], deal_no=self.line.deal_no,
                      names=[s.name for s in self.session.seats],
                      match_id=self.session.match_id)  # fmt: skip

    def describe(self) -> str:
        """The result in words (the two-player game has its own), and roem let go."""
        text = describe_deal(self.line.score)
        revoke = getattr(self.line.score, "revoke", None)
        if revoke is not None:  # the trick, the card and the rule broken
            text = f"{text} {revoke_text(revoke, self.table.seat_names())}"
        missed = self.table.summary_note(self.line.deal_no)
        return f"{text} {missed}" if missed else text

    def close_summary(self) -> None:
        if not self.closed:
            self.closed = True
            self.app.pop(self)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if self.table.demo and cmd.kind in ("key", "pointer_down"):
            self.close_summary()
            self.app.show_menu()
            return True
        if cmd.kind == "key" and cmd.name in ("confirm", "back"):
            self.close_summary()
            return True
        if cmd.kind == "key" and cmd.name == "score_sheet":  # Tab, as at the table
            self.open_sheet()
            return True
        return cmd.kind in ("pointer_down", "pointer_up", "key")

    def open_sheet(self) -> None:
        """The whole score sheet over this summary (the game's own); closing it returns
        here. Tab did nothing after a deal, where a newcomer looks at the sheet first."""
        sheet = self.session.game.scene("score sheet")
        self.app.push(sheet, session=self.session, table=self.table)

    def calm_for(self) -> float:
        """Calm once the numbers have counted up, until an unattended table closes it."""
        speed = self.table.speed
        if self.age < COUNT_SECONDS * speed:
            return 0.0
        unattended = self.table.demo or self.session.autopilot is not None
        due = max(0.0, UNATTENDED_SECONDS * speed - self.age) if unattended else math.inf
        return min(self.widgets_calm_for(), due)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        self.session.poll_coach()  # the coach's judgements arrive meanwhile
        unattended = self.table.demo or self.session.autopilot is not None
        if unattended and self.age > UNATTENDED_SECONDS * self.table.speed:
            self.close_summary()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 120)
        u = theme.scale_for(self.app.size)
        px = lambda v: round(v * u)  # noqa: E731
        p = self._panel()
        widgets.draw_panel(surface, p, u, (8, 30, 20, 240), theme.GOLD)
        line = self.line
        teams = self.table.team_names()
        title, colour = self.headline()
        y = p.top + px(22)
        size, lines = self.title_lines(p.w)
        for text in lines:  # the headline: smaller, or on two lines, never past the panel
            img = theme.text(text, size, colour, True)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height()
        y += px(4)
        img = theme.text(self.sub_line(), px(17), theme.TEXT_DIM)
        chip_h = px(28)
        if line.trump:  # a deal nobody played has no trump
            chip = icons.suit_chip(line.trump, chip_h, self.app.settings.four_colour)
            total_w = chip.get_width() + px(8) + img.get_width()
            x = p.centerx - total_w // 2
            surface.blit(chip, (x, y))
            x += chip.get_width() + px(8)
            chip_h = chip.get_height()
        else:
            x = p.centerx - img.get_width() // 2
        surface.blit(img, (x, y + (chip_h - img.get_height()) // 2))
        y += chip_h + px(18)
        self._table(surface, p, y, u, teams)
        y += px(38 + 48 * self.rows)
        for text_line in theme.wrap(self.describe(), px(18), p.w - px(80)):
            img = theme.text(text_line, px(18), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height()
        super().draw(surface)

    def _table(
        self, surface: pygame.Surface, p: pygame.Rect, y: int, u: float, teams: tuple[str, ...]
    ) -> None:
        px = lambda v: round(v * u)  # noqa: E731
        s = self.line.score
        offsets = (40, 290, 380, 470, 570)
        cols = [p.left + px(o) for o in offsets] + [p.right - px(40)]
        words = [tr(h) if h else "" for h in self.heads]
        size = px(14)  # smaller where two heads would touch ("Annonces" and "Cette donne")
        while size > px(11) and any(
            cols[i] - theme.text_width(words[i], size, True) < cols[i - 1] + px(6)
            for i in range(2, len(words))
        ):
            size -= 1
        for i, word in enumerate(words):
            img = theme.text(word, size, theme.TEXT_DIM, True)
            surface.blit(img, img.get_rect(topright=(cols[i], y)) if i else (cols[0], y))
        y += max(px(26), theme.font(size, True).get_height() + px(8))  # the rows below them
        k = min(1.0, self.age / max(0.001, COUNT_SECONDS * self.table.speed))
        for team in range(self.rows):
            row_y = y + team * px(48)
            band = pygame.Rect(p.left + px(24), row_y - px(6), p.w - px(48), px(42))
            widgets.draw_panel(surface, band, u, (255, 255, 255, 14), None)
            colour = theme.TEAM_COLOURS[team]
            pygame.draw.circle(surface, colour, (cols[0] + px(6), row_y + px(15)), px(6))
            room = cols[1] - px(48) - (cols[0] + px(20))  # up to the tricks' number
            name = table_view.fit(teams[team], px(19), room, True)  # long names: "…"
            surface.blit(
                theme.text(name, px(19), theme.TEXT, True), (cols[0] + px(20), row_y + px(2))
            )
            cards = self.cards(team)
            match_total = round(self.totals[team] - s.scores[team] * (1 - k))
            roem = str(s.roem[team]) if s.roem[team] else "–"
            deal = f"+{round(s.scores[team] * k)}"
            values = [str(s.tricks_won[team]), str(cards), roem, deal, str(match_total)]
            for i, v in enumerate(values, start=1):
                bold = i >= 4
                tint = theme.TEXT
                if i == 5:
                    tint = colour
                elif i == 4 and s.scores[team]:
                    tint = theme.GOLD_LIGHT
                img = theme.text(v, px(22 if bold else 19), tint, bold)
                surface.blit(img, img.get_rect(topright=(cols[i], row_y + (0 if bold else px(2)))))

    def cards(self, team: int) -> int:
        """A side's card points as the table shows them (kraak multiplies them)."""
        s = self.line.score
        return s.card_points[team] * s.multiplier  # type: ignore[no-any-return]


def line_trump(line: ScoreLine) -> str:
    return suit_name(line.trump).capitalize()
