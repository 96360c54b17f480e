"""The match history: every stored match, newest first, and one match opened up.

The list can be narrowed to one rules preset and exported as CSV. An opened
match shows its score sheet and how the totals ran (the same drawings as at
the table and at the end of a match), and any of its deals can be replayed.
Every game's matches are listed alike, in its registry entry's words (the preset's
short name, the sides); a game draws its score lines and replays its deals on its
own screens, the twins of "match record" and "replay" its entry names
(ui/klabberjass_replay.py, ui/kalabriasz_replay.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import StateError
from ..games import GAMES, get_game
from ..i18n import tr
from ..play.seats import display_name
from . import theme, widgets
from .chart import draw_chart
from .commands import Command
from .listing import Column, Listing, ListingScene
from .scene import Scene
from .scenes import game_scene
from .sheet import draw_sheet

if TYPE_CHECKING:
    from ..store.history import History, MatchRecord
    from .shell import Shell


def columns() -> tuple[Column, ...]:
    return (
        Column(tr("ui.history_started"), 1.5),
        Column(tr("ui.history_game"), 1.1),
        Column(tr("ui.history_rules"), 1.1),
        Column(tr("ui.history_players"), 2.6),
        Column(tr("ui.history_score"), 1.2, "right", whole=True),  # three totals too
        Column(tr("ui.history_your_result"), 1.3),  # a Klabberjass game has no North
    )


def teams_of(players: list[str], game: str = "") -> tuple[str, ...]:
    """The sides: each player where each plays for himself (the game's entry says), else
    seats 0, 2, ... against 1, 3, ...; the default "You" in today's language, as at the
    table."""
    players = [display_name(name) for name in players]
    known = GAMES.get(game)
    if known is not None and not known.partners and len(players) == known.sides:
        return tuple(players)
    if len(players) < 2 or len(players) % 2:
        return tr("ui.history_team", n=1), tr("ui.history_team", n=2)
    return " & ".join(players[0::2]), " & ".join(players[1::2])


def sides_text(sides: tuple[str, ...]) -> str:
    """ "Anna  v  Bram", or for three "Anna  v  Bram  v  Cor"."""
    text = sides[-1]
    for side in reversed(sides[:-1]):
        text = tr("ui.history_sides", a=side, b=text)
    return text


def rules_label(preset: str, game: str) -> str:
    """The preset's short name in the game's words ("Clob · a schmeiss always redeals" ->
    "Clob"); a damaged row may name no game of ours."""
    if game not in GAMES:
        return preset
    return tr(GAMES[game].list_title(preset)).split(" · ")[0]


def game_label(game: str) -> str:
    return GAMES[game].label if game in GAMES else game


def filter_key(game: str, preset: str) -> str:
    """The filter button's name: the preset, told apart where both games have it (custom)."""
    if not GAMES[game].default and preset not in GAMES[game].presets:
        return f"{game}_{preset}"
    return preset


def player_side(record: MatchRecord) -> int:
    """The side of the person at this laptop: South's team, or in a guest's copy of a
    network match the side of the seat marked as played here."""
    kinds = record.kinds or []
    side_of = get_game(record.game).side_of if record.game in GAMES else (lambda s: s % 2)
    return next((side_of(s) for s, kind in enumerate(kinds) if kind == "human"), 0)


def result_word(record: MatchRecord) -> str:
    """The result for the player's side; "damaged" or "unreadable" for a row that cannot be
    replayed (a row of a game this version does not know is unreadable, not damaged)."""
    if record.stray:
        return record.stray
    if record.damaged:
        return "damaged"
    if record.game not in GAMES:
        return "unreadable"
    if record.status != "finished":
        return record.status  # abandoned, or running
    if record.winner is None:
        return "shared"
    return "won" if record.winner == player_side(record) else "lost"


def result_label(word: str) -> str:
    """A result word (won, lost, shared, abandoned, running) as shown."""
    if word in ("won", "lost", "shared", "abandoned", "running", "unreadable"):
        return tr(f"ui.history_{word}")
    if word == "damaged":
        return tr("store.match_damaged")
    return word


def score_reached(history: History, record: MatchRecord) -> tuple[int, ...] | None:
    """A finished match's totals; an abandoned one's, the sum of its scored deals (the
    history keeps totals only at the end); None when its lines cannot be read."""
    if record.totals:
        return record.totals
    lines = None if record.damaged else history.deal_lines(record.id)
    if lines is None:
        return None
    sides = len(lines[0]["scores"]) if lines else 2
    return tuple(sum(line["scores"][k] for line in lines) for k in range(sides))


def match_cells(record: MatchRecord, reached: tuple[int, ...] | None) -> list[str]:
    """A row of the list; `reached`: the score it reached (`score_reached`)."""
    score = " – ".join(str(points) for points in reached) if reached else "–"
    return [record.started[:16], game_label(record.game),
            rules_label(record.preset, record.game),
            sides_text(teams_of(record.players, record.game)), score,
            result_label(result_word(record))]  # fmt: skip


class HistoryScene(ListingScene):
    """Stored matches of both games, newest first, with a filter by rules preset."""

    listing_top = 140

    @property
    def title(self) -> str:
        return tr("ui.history_title")

    def __init__(self, app: Shell, preset: str | None = None, game: str | None = None) -> None:
        self.preset = preset
        self.game = game if preset is not None else None
        self.records: list[MatchRecord] = []
        super().__init__(app)

    def actions(self) -> list[tuple[str, str, Callable[[], None], str]]:
        return [
            *super().actions(),
            ("export", tr("ui.history_export"), self.export, "@quiet"),
            ("statistics", tr("ui.history_statistics"), self.open_statistics, "@quiet"),
        ]

    def build(self) -> None:
        super().build()
        px = self.px
        order = list(GAMES)
        kinds = sorted({(m.game, m.preset) for m in self.app.history.matches()
                        if m.game in GAMES and not m.damaged},
                       key=lambda k: (order.index(k[0]), k[1]))  # fmt: skip
        x = px(26)
        labels = [rules_label(preset, game) for game, preset in kinds]
        for game, preset in [(None, None), *kinds]:
            label = tr("ui.history_all") if preset is None else rules_label(preset, game)  # type: ignore[arg-type]
            if preset is not None and labels.count(label) > 1:  # two games' "Custom"
                label = f"{label} ({game_label(game)})"  # type: ignore[arg-type]
            key = "all" if preset is None else filter_key(game, preset)  # type: ignore[arg-type]
            width = max(px(64), theme.font(px(15), True).size(label)[0] + px(28))
            chip = self.button(
                f"filter_{key}", pygame.Rect(x, px(84), width, px(34)), label,
                lambda p=preset, g=game: self.set_filter(p, g), "@segment",
            )  # fmt: skip
            if (preset, game) == (self.preset, self.game):
                chip.select()
            x += width + px(6)

    def make_listing(self, rect: pygame.Rect, u: float) -> Listing:
        # every row, also one of a game this version does not know and a running one that
        # Continue cannot bring back: none is left out without a word
        self.records = self.app.history.listed(preset=self.preset, game=self.game)
        return Listing(
            rect, u, columns(),
            [match_cells(r, score_reached(self.app.history, r)) for r in self.records],
            self.open_match,
            # with a match running, "no match has been played yet" read as if it was lost
            empty=tr("ui.history_empty_running" if self.app.open_matches() else "ui.history_empty"),
        )  # fmt: skip

    def note(self) -> str:
        """How many, and how to open one; nothing while the list is empty (its own text
        says so, and there is nothing to click)."""
        n = len(self.records)
        return tr("ui.history_note", n=n) if n else ""

    def set_filter(self, preset: str | None, game: str | None = None) -> None:
        self.preset, self.game = preset, game
        self.resize(self.app.size)

    def open_match(self, index: int) -> None:
        record = self.records[index]
        known = record.game in GAMES and not record.damaged  # else the plain one says why
        name = game_scene("match record", get_game(record.game)) if known else "match record"
        self.app.push(name, record=record)

    def open_statistics(self) -> None:
        self.app.push("statistics")

    def export(self) -> None:
        try:
            path, rows, skipped = self.app.store.export_history()
        except OSError as e:
            self.app.toast(tr("ui.history_export_failed", error=e.strerror or e))
            return
        text = tr("ui.history_exported", n=rows, path=path)
        if skipped:
            text += "\n" + tr("store.export_skipped", n=skipped)
        self.app.toast(text, 8.0)


class MatchRecordScene(Scene):
    """One stored match: its score sheet, the running totals, and its deals to replay."""

    calm = True  # changes only on input

    def __init__(self, app: Shell, record: MatchRecord) -> None:
        super().__init__(app)
        self.record = record
        self.teams = teams_of(record.players, record.game)
        self.names = [display_name(name) for name in record.players]  # "You" in today's words
        self.coached = bool(app.history.decisions(record.id))  # the coach judged its decisions
        self.error: str | None = None
        self.lines: list = []
        self.deals: list[int] = []
        try:
            state = app.history.restore(record)
        except (StateError, ValueError) as e:
            self.error = tr("ui.history_cannot_replay", error=e)
        else:
            self.lines = [self.sheet_line(line) for line in state.sheet]
            self.deals = [line.deal_no for line in state.sheet]
            if not state.is_over and (state.tricks or state.trick):
                self.deals.append(state.deal_no)  # the deal it was left in
        self.build()

    # --- what a game's own twin swaps (ui/klabberjass_replay.py, ui/kalabriasz_replay.py) ---
    def sheet_line(self, line: Any) -> Any:
        """A line of the state's sheet as `draw_lines` and the chart draw it."""
        return line

    def draw_lines(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
        """The score sheet, as the game's table draws it."""
        draw_sheet(surface, rect, self.lines, self.names, self.teams, u,  # type: ignore[arg-type]
                   self.app.settings.four_colour, self.record.game)  # fmt: skip

    def _px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def _deals_left(self) -> int:
        """Where the deal buttons start: after "Replay a deal:" in its letters."""
        label = theme.text_width(tr("ui.history_replay_deal"), self._px(16), True)
        return max(self._px(200), self._px(30) + label + self._px(12))

    def _deal_rows(self) -> tuple[int, int]:
        """Deal buttons per line and lines needed at the bottom."""
        per_line = max(1, (self.app.size[0] - self._deals_left() - self._px(130)) // self._px(46))
        if not self.deals:
            return per_line, 0
        return per_line, -(-len(self.deals) // per_line)

    def build(self) -> None:
        w, h = self.app.size
        px = self._px
        bw, bh = widgets.fit_label(self.app.size, tr("ui.back"), "@primary", px(150), px(44))
        back = self.button("back", pygame.Rect(w - px(26) - bw, px(22), bw, bh), tr("ui.back"),
                           lambda: self.app.pop(self), "@primary")  # fmt: skip
        if self.coached:  # the report was offered only at the match's end, never again
            label = tr("coach.live_title")
            cw, ch = widgets.fit_label(self.app.size, label, "@menu", px(150), px(44))
            self.button("coach_report", pygame.Rect(back.rect.left - px(10) - cw, px(22), cw, ch),
                        label, self.coach_report, "@menu")  # fmt: skip
        per_line, rows = self._deal_rows()
        top = h - px(24) - rows * px(40)
        for i, deal in enumerate(self.deals):
            x = self._deals_left() + (i % per_line) * px(46)
            y = top + (i // per_line) * px(40)
            self.button(f"replay_{deal}", pygame.Rect(x, y, px(40), px(34)), str(deal),
                        lambda d=deal: self.replay(d), "@segment")  # fmt: skip

    def coach_report(self) -> None:
        self.app.push("coach report", match_id=self.record.id)

    def replay(self, deal: int) -> None:
        scene = game_scene("replay", get_game(self.record.game))
        self.app.push(scene, record=self.record, deal_no=deal)

    def handle(self, cmd: Command) -> bool:
        if super().handle(cmd):
            return True
        if cmd.kind == "key" and cmd.name == "back":
            self.app.pop(self)
            return True
        return False

    def subtitle(self) -> str:
        r = self.record
        parts = [game_label(r.game), rules_label(r.preset, r.game), r.started[:16]]
        if r.totals and len(r.totals) == len(self.teams):
            sides = zip(self.teams, r.totals, strict=True)
            parts.append(" · ".join(f"{side} {points}" for side, points in sides))
        word = result_word(r)
        if word in ("won", "lost"):
            parts.append(tr("ui.history_won_by", team=self.teams[r.winner or 0]))
        else:
            parts.append(result_label(word))
        return "  ·  ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        u = theme.scale_for(self.app.size)
        px = self._px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr("ui.history_match", n=self.record.id), px(34), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(12)))
        y = px(12) + title.get_height()
        subtitle = self.subtitle()  # whole where it fits (wrapping joins its wide gaps)
        lines = [subtitle] if theme.text_width(subtitle, px(15)) <= w - px(52) else None
        for line in lines or theme.wrap(subtitle, px(15), w - px(52)):
            sub = theme.text(line, px(15), theme.TEXT_DIM)
            surface.blit(sub, (px(26), y))
            y += sub.get_height()
        _, rows = self._deal_rows()
        top = max(px(92), y + px(12))  # below the subtitle, on two lines in larger letters
        body = pygame.Rect(px(26), top, w - px(52), h - top - px(40) - rows * px(40))
        if self.error:
            img = theme.text(self.error, px(18), theme.NAT)
            surface.blit(img, img.get_rect(center=body.center))
        else:
            sheet = pygame.Rect(body.left, body.top, round(body.w * 0.56), body.h)
            chart = pygame.Rect(sheet.right + px(24), body.top, body.right - sheet.right - px(24),
                                body.h)  # fmt: skip
            widgets.draw_panel(surface, sheet.inflate(px(16), px(12)), u, (6, 26, 17, 210))
            widgets.draw_panel(surface, chart.inflate(px(16), px(12)), u, (6, 26, 17, 210))
            if self.lines:
                self.draw_lines(surface, sheet, u)
            else:
                img = theme.text(tr("ui.history_no_deal"), px(17), theme.TEXT_DIM)
                surface.blit(img, img.get_rect(center=sheet.center))
            draw_chart(surface, chart, self.lines, self.teams, u)
        if self.deals:
            label = theme.text(tr("ui.history_replay_deal"), px(16), theme.TEXT, True)
            top = h - px(24) - rows * px(40)
            surface.blit(label, label.get_rect(midleft=(px(30), top + px(17))))
        super().draw(surface)
