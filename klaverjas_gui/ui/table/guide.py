"""Guidance at the four-player table: the hint, the take-back of practice, the roem note.

- Hint (button, or H while playing a card): what the hard computer player would
  do in the human's place, seeing only the human's observation, with one sentence
  why, both from the game's coaching through its registry entry (`game.coaching()`;
  the sentences are teach/hints.py's here). The search takes up to about a second, so
  it runs as a background job (play/seats.py); the table keeps drawing and says
  "Thinking…" meanwhile, and a hint for a position that has passed is cancelled.
- Take back (practice matches only; button, Ctrl+Z or Backspace): the state is
  rebuilt by replaying the action log without the human's last card of this deal
  and everything after it; the engine has no undo of its own.
- Missed roem: when roem of the human's team is left unclaimed (must_claim), a
  note says which cards made it.

The guide works on the session and the shell it is given; the table makes its buttons,
hands it keys, and loads the position a take-back returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action, Card, MatchState, Suit
from ...engine.match import RoemLeft, TrickWon
from ...games import game_of
from ...i18n import tr
from ...play.seats import CancelToken, Job
from ...teach.hints import points_needed
from .. import theme, widgets
from .view import HINT_COLOUR

if TYPE_CHECKING:
    from ...play.session import MatchSession
    from ..shell import Shell
    from .layout import TableLayout
    from .model import TableModel
    from .port import TablePort

NOTE_SECONDS = 8.0
CARD_KINDS = ("play", "lay")  # a hint to move a card rings the card, not a button
Button = tuple[str, pygame.Rect, str]  # key ("hint", "take_back"), place, label


@dataclass(frozen=True)
class Hint:
    seat: int
    action: Action
    text: str  # why, in one sentence


def coached_hint(token: CancelToken, obs: Any, seed: int, worlds: int | None) -> Hint:
    """The hard player's choice in the seat's place, with its reason (a background job):
    the coach's own evaluation of the position (`coach.hint`), so a followed hint is
    never called a mistake, and the sentence of the game's coaching (its registry entry's
    `game.coaching()`), so the table never imports a game's sentences."""
    from ...teach import coach

    action, values = coach.hint_values(obs, seed, coach.WORLDS if worlds is None else worlds, token)
    return Hint(obs.seat, action, game_of(obs).coaching().explain(obs, action, values))


class Guide:
    """Belongs to one table: given its session, whether it is a demo or practice, and
    `ready` (the person holding the laptop may act now: the picture caught up, no cover)."""

    # The job that finds a hint: the game's coaching, through its registry entry.
    think: Callable[[CancelToken, Any, int, int | None], Hint] = staticmethod(coached_hint)

    def __init__(
        self, app: Shell, session: MatchSession, demo: bool, practice: bool,
        ready: Callable[[], bool],
    ) -> None:  # fmt: skip
        self.app = app
        self.session = session
        self.demo = demo
        self.practice = practice
        self.ready = ready
        self.job: Job[Hint] | None = None  # key: n_actions of the state it was asked for
        self.worlds: int | None = None  # a fixed number of sampled deals (reproducible tests)
        # The last trick taken: deal, trick number, trump, cards.
        self.last_trick: tuple[int, int, Suit, tuple[Card, ...]] | None = None
        self.missed: dict[int, list[tuple[int, str]]] = {}  # deal -> (roem, which cards)
        self.notes: list[str] = []  # teaching notes shown in this match, newest last
        self._built: tuple[bool, bool] | None = None
        self.shown: pygame.Rect | None = None  # the hint's panel as last drawn

    # --- who may be guided ---
    @property
    def hints_on(self) -> bool:
        return bool(self.app.settings.hints) and not self.demo and bool(self.session.people)

    def human_to_act(self) -> bool:
        s = self.session
        return (
            s.holder is not None
            and not s.state.is_over
            and s.state.to_move == s.holder
            and (self.ready())
        )

    # --- buttons ---
    def buttons(self, layout: TableLayout) -> list[Button]:
        """The hint and take-back buttons, above the bottom player's name plate."""
        self._built = (self.hints_on, self.practice)
        if self.demo:
            return []
        L = layout
        plate = L.plate_rect(L.bottom, self.practice)
        bw, bh, gap = plate.w, L.px(40), L.px(8)
        y = plate.top - gap - bh
        out: list[Button] = []
        if self.hints_on:
            out.append(("hint", pygame.Rect(plate.left, y, bw, bh), tr("guide.hint_button")))
            y -= bh + gap
        if self.practice:
            out.append(("take_back", pygame.Rect(plate.left, y, bw, bh),
                        tr("guide.take_back_button")))  # fmt: skip
        return out

    def build(self, table: TablePort, actions: dict[str, Callable[[], None]]) -> pygame.Rect:
        """Its buttons over the bottom plate, made anew (`actions`: what each does); returns
        the place above them, one button high, for the table's next button (the right-hand
        column would reach the east name plate at the larger text sizes)."""
        for key in actions:
            table.remove_button(key)
        L = table.layout
        plate = L.plate_rect(L.bottom, self.practice)
        top = plate.top
        for key, rect, label in self.buttons(L):
            table.button(key, rect, label, actions[key], "@quiet")
            top = min(top, rect.top)
        bh = L.px(40)
        return pygame.Rect(plate.left, top - L.px(8) - bh, plate.w, bh)

    def stale(self) -> bool:
        """Hints were switched in the settings over the table: its buttons are made again."""
        return self._built != (self.hints_on, self.practice)

    # --- the hint ---
    def seed_for(self, state: MatchState) -> int:
        """The same position always gets the same hint seed: the seed the coach judges the
        coming action with (`coach.judgement_seed`), so both look at the same deals."""
        from ...teach import coach

        return coach.judgement_seed(self.session.seed, state.n_actions + 1)

    def request(self) -> None:
        if not self.hints_on:
            return
        if not self.human_to_act():
            self.app.toast(tr("guide.hint_wait"))
            return
        s = self.session.state
        if self.job is not None and self.job.key == s.n_actions:
            return
        self.drop()
        seed = self.seed_for(s)
        self.job = self.session.jobs.submit(self.think, s.observation(s.to_move), seed,
                                            self.worlds, key=s.n_actions)  # fmt: skip

    def drop(self) -> None:
        """Forget the hint: its position has passed, so its search is cancelled."""
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def current(self) -> Job[Hint] | None:
        """The hint's job for the position on the table, if one was asked for."""
        job = self.job
        if job is None or job.key != self.session.state.n_actions or job.error:
            return None
        return job

    def hint(self) -> Hint | None:
        """The finished hint for the position on the table."""
        job = self.current()
        return job.result() if job is not None and job.done() else None

    def hint_card(self) -> Card | None:
        hint = self.hint()
        return hint.action.card if hint is not None and hint.action.kind in CARD_KINDS else None

    def hint_action(self) -> Action | None:
        hint = self.hint()
        return hint.action if hint is not None else None

    # --- take back (practice) ---
    def take_back(self) -> MatchState | None:
        """The position before the person's last card of this deal, or before their trump
        choice while no card of the deal is played (the action log replayed without it and
        all after), for the table to load; None (and why, in a toast) if there is none."""
        if not self.practice:
            self.app.toast(tr("guide.take_back_practice"))
            return None
        s = self.session.state
        log = s.deal_log
        people = self.session.people
        mine = [i for i, (seat, a) in enumerate(log) if seat in people and a.kind == "play"]
        played = any(a.kind == "play" for _, a in log)
        chose = [i for i, (seat, a) in enumerate(log)
                 if seat in people and a.kind in ("name", "take")]  # fmt: skip
        if s.is_over or not (mine or (chose and not played)):
            self.app.toast(tr("guide.take_back_none"))
            return None
        from ...words import card_name, suit_name

        if mine:
            index = mine[-1]
            words = tr("guide.taken_back", card=card_name(log[index][1].card).capitalize())
        else:
            index = chose[-1]
            trump = s.trump_suit if s.trump_suit is not None else log[index][1].suit
            words = tr("guide.taken_back_trump", suit=suit_name(trump))
        before = type(s).replay(s.variant, s.seed, s.actions[: s.deal_start + index], s.stacked)
        self.drop()
        self.app.toast(words, 2.5)
        return before

    # --- what happened ---
    def saw(self, before: MatchState, events: list) -> None:
        """Keep the last trick with its trump, for the roem note: by the time the note is
        due, the state may already be in the next deal."""
        for ev in events:
            if isinstance(ev, TrickWon) and before.trump_suit is not None:
                self.last_trick = (before.deal_no, ev.trick_no, before.trump_suit, ev.cards)

    def roem_left(self, ev: RoemLeft) -> bool:
        """The teaching note for roem the human's team did not claim; True if shown."""
        session = self.session
        holder, variant = session.holder, session.state.variant
        if holder is None or self.demo or variant.roem_claim != "must_claim":
            return False
        if ev.seat % 2 != holder % 2:
            return False
        if self.last_trick is None or self.last_trick[1] != ev.trick_no:
            return False
        from ...teach.hints import missed_roem_note
        from ...words import describe_roem

        deal, _, trump, cards = self.last_trick
        note = missed_roem_note(variant, trump, cards, ev.roem, ev.seat in session.people)
        self.missed.setdefault(deal, []).append((ev.roem, describe_roem(variant, trump, cards)))
        self.notes.append(note)
        self.app.toast(note, NOTE_SECONDS)
        return True

    def points_needed(self, model: TableModel, variant: Any) -> tuple[int, int] | None:
        """In a learning mode (hints or practice) once trump is chosen: the team that must
        make the deal and the card points it still needs, from what the table shows."""
        m = model
        if m.trump is None or m.chooser is None or not (self.hints_on or self.practice):
            return None
        return points_needed(variant, m.chooser % 2, m.kraak_level, m.deal_points, m.deal_roem)

    def summary_note(self, deal_no: int) -> str:
        """For the deal summary: the roem the human's team let go in that deal, or ""."""
        missed = self.missed.get(deal_no)
        if not missed:
            return ""
        what = "; ".join(w for _, w in missed)
        return tr("guide.summary_missed", roem=sum(r for r, _ in missed), what=what)

    def wants_key(self, name: str) -> str | None:
        """What a key asks of the guide: "hint" (H, at every decision: it never names a
        suit), "take_back" (Ctrl+Z or Backspace, practice), else None."""
        if name == "undo" and self.practice:
            return "take_back"
        if name == "hint" and self.hints_on:
            return "hint"
        return None

    # --- the frame ---
    def update(self) -> None:
        if self.job is not None and self.job.key != self.session.state.n_actions:
            self.drop()

    def hint_box(
        self, text: str, L: TableLayout, prompt: pygame.Rect | None, buttons: list[pygame.Rect]
    ) -> tuple[pygame.Rect, list[str]]:
        """The hint's panel and its lines: beside the trick (right, else left), never over
        the led card, a decision panel or its buttons; else where `place_hint` puts it."""
        size = L.text(17)
        line_h = theme.font(size).get_linesize()
        title_h = theme.font(L.text(13), True).get_linesize()
        avoid = [r for r in [prompt, *buttons] if r is not None]
        for room in L.hint_rooms(self.practice):
            width = min(room.w - L.px(32), L.px(560))
            if width < L.px(180):
                continue
            lines = theme.wrap(text, size, width)
            w = max(theme.font(size).size(x)[0] for x in lines)
            rect = pygame.Rect(0, 0, max(w, L.px(120)) + L.px(32),
                               line_h * len(lines) + title_h + L.px(22))  # fmt: skip
            rect.center = (room.centerx, round(L.centre[1]))
            rect.clamp_ip(room)
            if room.contains(rect) and rect.collidelist(avoid) < 0:
                return rect, lines
        lines = theme.wrap(text, size, L.px(560))
        w = max(theme.font(size).size(x)[0] for x in lines)
        rect = pygame.Rect(0, 0, max(w, L.px(120)) + L.px(32),
                           line_h * len(lines) + title_h + L.px(22))  # fmt: skip
        self.place_hint(rect, L, prompt)
        return rect, lines

    def place_hint(self, rect: pygame.Rect, L: TableLayout, prompt: pygame.Rect | None) -> None:
        """Where the hint's panel goes when there is no room beside the trick: above the
        bottom hand, in the middle; above a decision panel it would cover (it lay on the
        bid buttons, the three players' naming one of them)."""
        rect.midbottom = (round(L.w / 2), round(L.south_hand_top() - L.px(64)))
        if prompt is not None and rect.colliderect(prompt):
            rect.bottom = max(prompt.top - L.px(8), rect.h + L.px(8))
            if rect.colliderect(L.score_panel):  # the scores stay in view beside it
                rect.right = max(rect.w + L.margin, L.score_panel.left - L.px(12))

    def draw(
        self, surface: pygame.Surface, L: TableLayout, prompt: pygame.Rect | None,
        choices: list[tuple[Action, pygame.Rect]],
    ) -> None:  # fmt: skip
        """The practice banner; the hint's sentence above the hand, a ring round its button
        (`choices`: the decision buttons shown, with their actions; `prompt`: their panel)."""
        if self.practice:
            img = theme.text(tr("guide.practice_banner"), L.text(14), HINT_COLOUR, True)
            rect = img.get_rect(topright=(L.score_panel.right - L.px(12),
                                          L.score_panel.bottom + L.px(12)))  # fmt: skip
            widgets.draw_panel(surface, rect.inflate(L.px(20), L.px(10)), L.u)
            surface.blit(img, rect)
        job = self.current()
        self.shown = None
        if job is None:
            return
        hint = self.hint()
        text = hint.text if hint is not None else tr("guide.thinking")
        rect, lines = self.hint_box(text, L, prompt, [r for _, r in choices])
        self.shown = rect  # where the hint lies this frame (the coach's note steps aside)
        size = L.text(17)
        line_h = theme.font(size).get_linesize()
        title = theme.text(tr("guide.hint_title").upper(), L.text(13), HINT_COLOUR, True)
        widgets.draw_panel(surface, rect, L.u, (6, 22, 30, 232), HINT_COLOUR)
        surface.blit(title, (rect.left + L.px(16), rect.top + L.px(8)))
        y = rect.top + L.px(10) + title.get_height()
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT), (rect.left + L.px(16), y))
            y += line_h
        action = hint.action if hint is not None else None
        if action is not None and action.kind not in CARD_KINDS:
            for a, button in choices:
                if a == action:
                    ring = button.inflate(L.px(10), L.px(10))
                    pygame.draw.rect(surface, HINT_COLOUR, ring, max(2, L.px(3)), L.px(12))
