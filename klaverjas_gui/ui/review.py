"""Deal review: the deal trick by trick with all four hands open, against best play.

The picture is the table's own, drawn without a table as in the history's replay
(ui/table/still.py). The analysis (`teach.review`, the exact solver on
every position) takes a second or more, so it runs as a background job
(play/seats.py) while the window keeps drawing a "calculating" note; closing
the scene cancels it, and the solver stops at its next check.
Cards that gave points away are outlined in red with what they cost; the
first one of the human's team is called out in the panel with the best card.

In newcomer words: the open-card analysis says so ("with all cards open"), a card's
loss is told in points of this deal for its team (`team_points`, not the margin), and
where the coach judged that card of a person (its stored decision, teach/coach.py),
its fair judgement, from what the player could see, stands beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..engine import StateError, Variant
from ..engine.match import TrickWon
from ..games import KLAVERJAS, Game
from ..i18n import tr
from ..play.seats import CancelToken, Job, Jobs
from ..teach import coach
from ..teach.review import CardReview, DealReview, review_deal, team_points
from ..words import card_text
from . import theme
from .commands import Command, on_key
from .replay import DealPlays, button_column, deal_plays
from .scene import Scene
from .seats import SEAT_NAMES, display_name
from .table.layout import SOUTH, WEST
from .table.still import StillTable
from .tutorial import PanelText, draw_panel_text, lesson_panel_text

if TYPE_CHECKING:
    from ..store.history import Decision
    from .shell import Shell

YOUR_TEAM = 0  # the human sits south
READABLE = 13  # the panel's smallest letters, in layout units (before the text size)


def analyse(token: CancelToken, deal: DealPlays, progress: list[int]) -> DealReview:
    """The deal against best play (a background job); `progress` is kept at [done, total]."""

    def told(done: int, total: int) -> None:
        progress[:] = [done, total]

    return review_deal(deal.plays, told, token, YOUR_TEAM)


class ReviewScene(Scene):
    """Left/Right (or the buttons) step a trick; the panel compares with best play.

    The three-player game (ui/kalabriasz_review.py) swaps its game and the hooks below:
    its deal, its analysis and the words for whose points a card lost."""

    game: Game = KLAVERJAS

    def __init__(
        self, app: Shell, variant: Variant, seed: int, actions: Sequence[str], deal_no: int,
        names: Sequence[str], match_id: int | None = None,
    ) -> None:  # fmt: skip
        """`match_id`: the stored match, whose coached decisions are shown beside the cards."""
        super().__init__(app)
        self.deal = self.walk(variant, seed, list(actions), deal_no)
        self.names = list(names)
        self.coached: dict[int, Decision] = {}  # the coach's judgements, by action number
        if match_id is not None:
            self.coached = {d.seq: d for d in app.history.decisions(match_id)}
        self.table = StillTable(app.settings, self.game, variant, self.names, app.size)
        self.progress = [0, len(self.deal.plays) + 1]
        self.jobs = Jobs(name="klaverjas-review")  # a thread even for screenshots: they wait
        self.job: Job[DealReview] = self.analyse()
        self.trick = 0  # 0: before the first card; k: trick k lies on the cloth
        self.won: TrickWon | None = None
        self.build()
        self.show(0)

    # --- what the three-player review swaps ---
    def walk(self, variant: Variant, seed: int, actions: list[str], deal_no: int) -> DealPlays:
        """The deal's cards, rebuilt from the stored actions."""
        return deal_plays(self.game, variant, seed, actions, deal_no)

    def analyse(self) -> Job[DealReview]:
        """The analysis, started in the background."""
        return self.jobs.submit(analyse, self.deal, self.progress)

    @property
    def your_side(self) -> int:
        """The side whose first loss the panel calls out: the human's (South's) team."""
        return YOUR_TEAM

    def start_text(self) -> str:
        """The panel before the first card."""
        return tr("teach.review_start")

    def compare_text(self, gap: int) -> str:
        """The deal as played against best play from the first card: `gap` is what best
        play would have given team 0 more, in points of this deal (negative: less)."""
        key = "more" if gap < 0 else "less" if gap > 0 else "same"
        return tr(f"teach.review_compare_{key}", n=abs(gap))

    def no_loss_text(self) -> str:
        return tr("teach.review_no_loss")

    def first_loss_text(self, first: CardReview) -> str:
        """Where the human's side first gave points away, and the best card there."""
        best = ", ".join(card_text(c) for c in first.best)
        return self.about("review_first_loss", first.seat, trick=first.index // self.per_trick + 1,
                          card=card_text(first.card), n=team_points(first.loss),
                          best=best)  # fmt: skip

    # --- positions ---
    @property
    def per_trick(self) -> int:
        return self.game.players

    @property
    def tricks(self) -> int:
        return (len(self.deal.plays) + self.per_trick - 1) // self.per_trick

    def show(self, trick: int) -> None:
        """The position with trick `trick` complete on the cloth (0: before the first card)."""
        self.trick = max(0, min(trick, self.tricks))
        cards = min(self.per_trick * self.trick, len(self.deal.plays))
        self.won = self.deal.lay_out(self.table, cards) if self.deal.plays else None

    def result(self) -> DealReview | None:
        """The analysis, once it is done (None while it runs, or if it failed)."""
        return self.job.result() if self.job.done() else None

    def trick_cards(self) -> list[CardReview]:
        """The reviews of the cards lying on the cloth (none before the analysis is done)."""
        result = self.result()
        if result is None or not self.trick:
            return []
        n = self.per_trick
        start = n * (self.trick - 1)
        return list(result.cards[start : min(start + n, len(result.cards))])

    # --- widgets ---
    def build(self) -> None:
        button_column(self, [
            ("previous_trick", tr("teach.review_previous"), lambda: self.show(self.trick - 1),
             "@quiet"),
            ("next_trick", tr("teach.review_next"), lambda: self.show(self.trick + 1), "@primary"),
            ("back", tr("teach.back"), lambda: self.app.pop(self), "@quiet"),
        ])  # fmt: skip

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        super().resize(size)
        self.show(self.trick)

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {
            "left": lambda: self.show(self.trick - 1),
            "up": lambda: self.show(self.trick - 1),
            "right": lambda: self.show(self.trick + 1),
            "down": lambda: self.show(self.trick + 1),
            "confirm": lambda: self.show(self.trick + 1),
            "back": lambda: self.app.pop(self),
        })  # fmt: skip

    # --- words ---
    def name(self, seat: int) -> str:
        return display_name(self.names[seat])

    def about(self, key: str, seat: int, **values: object) -> str:
        """A teach.* sentence naming a seat; the default "You" gets its own wording."""
        if self.names[seat] == SEAT_NAMES[0]:
            return tr(f"teach.{key}_you", **values)
        return tr(f"teach.{key}", name=self.name(seat), **values)

    def caption(self) -> tuple[str, list[tuple[str, tuple]]]:
        """The panel: a heading, then lines (text, colour)."""
        head = tr("teach.review_head", deal=self.deal.deal_no, trick=self.trick, total=self.tricks)
        lines: list[tuple[str, tuple]] = []
        if not self.deal.plays:
            return head, [(tr("teach.review_no_cards"), theme.TEXT)]
        if self.trick == 0:
            lines.append((self.start_text(), theme.TEXT))
        elif self.won is not None:
            text = self.about("review_trick", self.won.seat, trick=self.trick, n=self.won.points)
            if self.won.roem:
                text += " " + tr("teach.review_roem", roem=self.won.roem)
            lines.append((text, theme.TEXT))
        result = self.result()
        if self.job.error:
            lines.append((tr("teach.review_failed"), theme.NAT))
        elif result is None:
            done, total = self.progress
            lines.append((tr("teach.review_calculating", done=done, total=total), theme.GOLD_LIGHT))
        else:
            lines += self._verdicts(result)
        return head, lines

    def _verdicts(self, result: DealReview) -> list[tuple[str, tuple]]:
        lines: list[tuple[str, tuple]] = []
        lost = False
        for c in self.trick_cards():
            if c.loss > 0:
                lost = True
                lines.append((self.card_loss(c), theme.NAT))
            fair = self.fair(c)
            if fair:
                lines.append((fair, theme.GOLD_LIGHT))
        if self.trick and not lost:
            lines.append((tr("teach.review_trick_best"), theme.TEXT_DIM))
        # the whole deal at its start and its end; its first loss at that loss's trick
        whole = self.trick in (0, self.tricks)
        if whole:
            gap = team_points(result.best_margin - result.final_margin)  # team 0's view
            lines.append((self.compare_text(gap), theme.GOLD_LIGHT))
        first = result.first_loss(self.your_side)
        if first is None:
            if whole:
                lines.append((self.no_loss_text(), theme.TEXT))
        elif whole or first.index // self.per_trick + 1 == self.trick:
            lines.append((self.first_loss_text(first), theme.TEXT))
        return lines

    def card_loss(self, c: CardReview) -> str:
        """What a card cost its team with all cards open, in points of this deal."""
        values = {"card": card_text(c.card), "loss": team_points(c.loss)}
        if self.names[c.seat] == SEAT_NAMES[0]:
            return tr("teach.review_card_loss_you", **values)
        key = "teach.review_card_loss_ours" if c.team == YOUR_TEAM else "teach.review_card_loss"
        return tr(key, name=self.name(c.seat), **values)

    def fair(self, c: CardReview) -> str:
        """The coach's judgement of this card, from what its player could see; "" if the
        coach did not judge it (a computer's card, the coach off, a forced card)."""
        before = self.deal.plays[c.index][0]
        d = self.coached.get(before.n_actions + 1)
        if d is None or d.seat != c.seat:
            return ""
        return fair_words(before, d)

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self._marks(surface)
        self._panel(surface)
        super().draw(surface)

    def _marks(self, surface: pygame.Surface) -> None:
        """A red frame and the points lost on each card that gave points away."""
        L = self.table.layout
        result = self.result()
        first = result.first_loss(self.your_side) if result is not None else None
        for c in self.trick_cards():
            if c.loss <= 0:
                continue
            pose = L.trick_pose(c.seat)
            rect = pygame.Rect(0, 0, L.card[0] + L.px(8), L.card[1] + L.px(8))
            rect.center = (round(pose.x), round(pose.y))
            colour = theme.NAT if c is not first else theme.RED
            pygame.draw.rect(surface, colour, rect, max(2, L.px(4)), L.px(10))
            loss = team_points(c.loss)
            label = f"−{loss}" if c is not first else tr("teach.review_first_mark", loss=loss)
            img = theme.text(label, L.text(17), theme.IVORY, True)
            tag = img.get_rect(midtop=(rect.centerx, rect.bottom - L.px(14)))
            pygame.draw.rect(surface, colour, tag.inflate(L.px(12), L.px(4)), 0, L.px(8))
            surface.blit(img, tag)

    def close(self) -> None:
        self.job.cancel()  # finished or not, its answer is not wanted any more
        self.jobs.close()  # a running search stops at its next check, then the thread ends
        self.table.close()
        super().close()

    def _panel(self, surface: pygame.Surface) -> None:
        draw_panel_text(surface, self.panel_layout(), self.table.layout.u, 255)

    def panel_layout(self) -> PanelText:
        """Bottom left, between West's plate and South's: the free corner of the cloth. Its
        letters stay readable (READABLE): where they do not fit there, the panel takes
        South's plate, then West's, then leaves out the keys line (the buttons say it), then
        runs sentences of one colour together (no gap between them)."""
        L = self.table.layout
        south = L.plate_rect(SOUTH, True)
        top = L.plate_rect(WEST, True).bottom + L.px(12)
        held = len(self.table.model.hands[SOUTH])  # fewer cards as the deal goes: more room
        left = min((p.x for p in L.hand_poses(SOUTH, held, True)), default=L.w / 2)
        right = round(left - L.card[0] / 2) - L.px(16)
        bottom = L.h - L.margin
        high = L.hand_bounds(WEST, True).bottom + L.px(10)
        spans = ((top, south.top - L.px(10)), (top, bottom), (high, bottom))
        rooms = [pygame.Rect(L.margin, t, right - L.margin, b - t) for t, b in spans]
        head, lines = self.caption()
        keys = (tr("teach.review_keys"), theme.TEXT_DIM)
        panel = None
        for with_keys in ([*lines, keys], lines, run_together(lines)):
            for room in rooms:
                if room.h < L.px(150):
                    continue
                panel = lesson_panel_text(room, L.u, head, with_keys, READABLE)
                if panel.fits:
                    return panel
        assert panel is not None
        return panel


def run_together(lines: list[tuple[str, tuple]]) -> list[tuple[str, tuple]]:
    """Paragraphs of one colour that follow each other made one (the cards' losses)."""
    joined: list[tuple[str, tuple]] = []
    for text, colour in lines:
        if joined and joined[-1][1] == colour:
            joined[-1] = (f"{joined[-1][0]} {text}", colour)
        else:
            joined.append((text, colour))
    return joined


def fair_words(state: object, d: Decision) -> str:
    """The coach's stored judgement of a decision in one sentence: its note when it cost
    enough to say so, else that it was (about) as good as the best."""
    cost = round(d.cost)
    if d.cost == 0:
        return tr("coach.review_fair_best")
    if d.cost < coach.FLAG:
        if cost == 0:  # under half a point: not "as good as the best", nor "0 points from it"
            try:
                chosen = coach.did(state.observation(d.seat), state.parse_action(d.chosen))  # type: ignore[attr-defined]
            except (StateError, ValueError):
                chosen = d.chosen
            note = tr("coach.note_close", chosen=chosen[:1].upper() + chosen[1:])
            return tr("coach.review_fair", note=note)
        return tr("coach.review_fair_close", cost=coach.points(cost))
    try:
        obs = state.observation(d.seat)  # type: ignore[attr-defined]
        parse = state.parse_action  # type: ignore[attr-defined]
        j = coach.Judgement(d.seat, d.kind, d.mistake, d.cost, parse(d.chosen), parse(d.best), ())
        note = coach.note(obs, j)
    except (StateError, ValueError):
        note = tr("coach.report_cost", cost=coach.points(cost), what=d.chosen)
    return tr("coach.review_fair", note=note)
