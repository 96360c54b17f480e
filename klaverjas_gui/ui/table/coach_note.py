"""The live coach at the table: a note beside the person's name plate, and the options.

The judging is the session's (play/coaching.py `Coach`, in a process of its own); this
only shows what it tells. Per the setting (Settings -> Table -> Coach) a decision that
cost `coach.FLAG` points or more, or every decision, gets one plain sentence in the
corner above the person's plate (`coach.note`). It never stops play. It speaks of one
decision, so it goes with the person's next decision (their next bid, card laid away or
card), once it has shown `READ` seconds, as a card app's tip goes with the next move; or
when the next note comes; or at once when its deal ends (scored, or thrown in: the note
spoke of cards that are gone, and must not stay over the next deal's trump choice). It
shares its place with nothing: while a passing message (a toast, a speech bubble, a
button's tooltip, the hint the person asked for) lies where it is, it steps aside (it is
not drawn and takes no click) and comes back when that message has gone. Clicking it, or
the O key, opens the options panel: every option the person had with its points for the
team against the best option, best first (`coach.option_lines`); any click or key closes it.
The note is the holder's: in hot-seat it shows only while its person has the laptop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.match import DealScored, Redealt
from ...i18n import tr
from ...teach import coach
from .. import theme, widgets
from ..commands import Command

if TYPE_CHECKING:
    from .layout import TableLayout
    from .port import TablePort

COACH_COLOUR = (255, 176, 122)  # the coach's border and title: apart from the hint's blue
READ = 3.0  # a note goes with the person's next decision, after at least this long shown
FADE = 0.6  # seconds of fading out
GOOD = 1.0  # a decision costing less than this is as good as the best ("every decision")
KEY = "coach"  # the O key (ui/commands.py)


@dataclass
class Note:
    """One note: the judged decision as its seat saw it, and how long it has shown."""

    obs: Any
    judgement: coach.Judgement
    cards_at: int  # cards played in the match when it came
    age: float = 0.0
    fading: float = 0.0  # seconds of fading done; FADE: gone
    moves_at: int = -1  # the person's decisions made when it was first shown (-1: not yet)


def note_text(obs: Any, j: coach.Judgement) -> str:
    """The note's sentence: what was better and why, or that the choice was good: "as good
    as any option" only when the values reported put no option above it (a second look
    may value a third option above both the chosen one and the first look's best)."""
    mine = dict(j.values).get(j.chosen)
    if j.cost < GOOD and mine is not None and all(v <= mine for _, v in j.values):
        chosen = coach.did(obs, j.chosen)
        return tr("coach.note_good", chosen=chosen[:1].upper() + chosen[1:])
    return coach.note(obs, j)


class CoachNotes:
    """Belongs to one table; listens to its session's coach, draws the note and panel."""

    def __init__(self, table: TablePort) -> None:
        self.table = table
        self.note: Note | None = None
        self.panel: Note | None = None  # the options shown (stays when a new note comes)
        self.cards = 0  # cards played since the table opened
        self.moves: dict[int, int] = {}  # decisions made since the table opened, per seat
        self.aside = False  # a passing message lies where the note is: not drawn this frame
        self.ended = 0  # the last action of the last deal scored or thrown in (its number)
        self._coach: Any = None
        table.session.listen(self._moved)
        self.attach()

    # --- what the coach says ---
    def attach(self) -> None:
        """Listen to the session's coach (attached by new_session, or later when the
        coach is switched on over a recorded match; never in a lesson or a demo)."""
        session = self.table.session
        late = session.history is not None and not self.table.demo
        if session.coach is None and late and self.level() != "off":
            from ...play.session import attach_coach

            attach_coach(session, self.table.settings)
        if session.coach is not None and session.coach is not self._coach:
            self._coach = session.coach
            self._coach.listen(self.heard)

    def level(self) -> str:
        return str(getattr(self.table.settings, "coach", "off"))

    def heard(self, obs: Any, j: coach.Judgement) -> None:
        """A judgement came (on the frame loop): a note if the setting wants one."""
        level = self.level()
        if level == "off" or (level == "mistakes" and not j.flagged):
            return
        if j.seq and j.seq <= self.ended:
            return  # its deal ended before the judgement came: the report has it
        self.note = Note(obs, j, self.cards)

    def _moved(self, before: Any, action: Any, events: list[Any]) -> None:
        if action.kind == "play":
            self.cards += 1
        seat = action.seat if action.kind == "verzaakt" else before.to_move  # a call: anyone's
        self.moves[seat] = self.moves.get(seat, 0) + 1
        if any(isinstance(e, (Redealt, DealScored)) for e in events):
            self.ended = before.n_actions + 1  # notes end with their deal: gone at once
            if self.note is not None and self.note.judgement.seq <= self.ended:
                if self.panel is self.note:
                    self.panel = None
                self.note = None

    # --- the frame ---
    def visible(self) -> Note | None:
        """The note on screen: its person holds the laptop and no cover hides the table."""
        note, table = self.note, self.table
        if note is None or table.hiding or note.judgement.seat != table.layout.bottom:
            return None
        return note

    def update(self, dt: float) -> None:
        self.attach()
        note = self.note
        if note is None:
            return
        note.age += dt
        if self.panel is note:
            return  # read now: it stays
        moves = self.moves.get(note.judgement.seat, 0)
        if note.moves_at < 0:
            note.moves_at = moves
        if note.fading or (moves > note.moves_at and note.age >= READ):
            note.fading += dt
            if note.fading >= FADE:
                self.note = None

    def calm_for(self) -> float:
        """Seconds until the note changes by itself (0.0 while it fades); a judgement on
        its way is looked for four times a second."""
        wait = 1e9
        coach_ = self.table.session.coach
        if coach_ is not None and coach_.busy():
            wait = 0.25
        note = self.note
        if note is not None and self.panel is not note:
            acted = note.moves_at >= 0 and self.moves.get(note.judgement.seat, 0) > note.moves_at
            if note.fading or note.moves_at < 0:
                wait = 0.0
            elif acted:  # else only the person's next decision, an input, changes it
                wait = min(wait, max(0.0, READ - note.age))
        return wait

    # --- input ---
    def handle(self, cmd: Command) -> bool:
        """The open panel takes every click and key (and closes); a click on the note, or
        the O key, opens it."""
        if self.panel is not None:
            if cmd.kind in ("pointer_down", "key"):
                self.panel = None
                return True
            return cmd.kind in ("pointer_up", "pointer_move")
        note = self.visible()
        if note is None or self.aside:
            return False
        opens = cmd.kind == "key" and cmd.name == KEY
        if cmd.kind == "pointer_down":
            rect = self.note_rect(self.table.layout)
            opens = rect is not None and rect.collidepoint(cmd.pos)
        if opens:
            self.open()
        return opens

    def open(self) -> None:
        """The options panel of the note on screen."""
        note = self.visible()
        if note is not None:
            self.panel = note
            note.fading = 0.0

    # --- drawing ---
    def _lines(self, L: TableLayout) -> tuple[pygame.Rect, list[str], int] | None:
        """The note's panel and its lines: in the corner above the bottom plate and its
        buttons; when that is too small (a low window, larger text), beside the trick;
        else over a side player's hand beside it; never on the panels, the plates, a
        button or the decision panel. Where it fits nowhere whole (three players at
        1024x600 in the largest letters) its first lines show in the largest of those
        rooms, ending in "...": a click or O shows all of it with the options."""
        note = self.visible()
        if note is None:
            return None
        room = L.coach_room(self.table.open_cards)
        above = self.table.above_plate()
        room.h = min(room.bottom, above if above is not None else room.bottom) - L.px(10) - room.top
        cards = [p.x for p in self.table.hand_targets(L).values()]  # the hand as it lies now
        if cards:  # (a Klabberjass hand of nine reaches further left than eight)
            room.w = min(room.w, round(min(cards) - 0.62 * L.card[0]) - L.px(12) - room.left)
        size = L.text(14)
        text = note_text(note.obs, note.judgement)
        line_h = theme.font(size).get_linesize()
        head = theme.font(L.text(12), True).get_linesize()
        clear = self._keep_clear(L)

        def fit(room: pygame.Rect, anchor: str) -> tuple[pygame.Rect, list[str]] | None:
            width = min(room.w, L.px(440)) - L.px(24)
            lines = theme.wrap(text, size, width) if width >= L.px(160) else []
            rect = pygame.Rect(0, 0, width + L.px(24), head + line_h * len(lines) + L.px(14))
            setattr(rect, anchor, getattr(room, anchor))
            if not lines or rect.h > room.h or rect.collidelist(clear) >= 0:
                return None
            return rect, lines

        opens = self.table.open_cards
        rooms = [(room, "bottomleft")]
        # a low window: beside the trick (left first: the hint prefers the right), at the
        # bottom of the room, nearest the person; then over a side hand
        rooms += [(self._above_prompt(r, L), "midbottom") for r in reversed(L.hint_rooms(opens))]
        sides = [self._above_prompt(r, L) for r in L.side_rooms(opens)]
        rooms += [(r, "midtop") for r in sides]
        for room, anchor in rooms:
            found = fit(room, anchor)
            if found is not None:
                return found[0], found[1], size
        # nowhere whole: as many lines as the largest side room holds, the last cut short
        room = max(sides, key=lambda r: min(r.w, L.px(440)) * r.h)
        width = min(room.w, L.px(440)) - L.px(24)
        lines = theme.wrap(text, size, max(width, L.px(80)))
        keep = max(1, (room.h - head - L.px(14)) // line_h)
        if len(lines) > keep:
            lines = [*lines[: keep - 1], theme.cut_short(lines[keep - 1], size, width)]
        rect = pygame.Rect(0, 0, width + L.px(24), head + line_h * len(lines) + L.px(14))
        rect.midtop = room.midtop
        return rect, lines, size

    def cut_short(self, L: TableLayout) -> bool:
        """The note on screen shows only its first lines (there was no room for all)."""
        found = self._lines(L)
        return found is not None and found[1][-1].endswith("…")

    def _keep_clear(self, L: TableLayout) -> list[pygame.Rect]:
        """What the note must leave in view: the table's panels and plates, its buttons,
        the decision panel."""
        prompt = self.table.prompt_panel()
        clear = [*L.panels(self.table.open_cards), *self.table.button_rects()]
        return clear + ([prompt] if prompt is not None else [])

    def _above_prompt(self, room: pygame.Rect, L: TableLayout) -> pygame.Rect:
        """`room` cut to end above the decision panel where they overlap: at larger text
        the panel reaches into the room beside the trick, and the note covered its title."""
        prompt = self.table.prompt_panel()
        if prompt is None or not room.colliderect(prompt):
            return room
        return pygame.Rect(room.left, room.top, room.w, max(0, prompt.top - L.px(8) - room.top))

    def note_rect(self, L: TableLayout) -> pygame.Rect | None:
        found = self._lines(L)
        return found[0] if found is not None else None

    def draw(self, surface: pygame.Surface, L: TableLayout,
             passing: Sequence[pygame.Rect] = ()) -> None:  # fmt: skip
        """The note, unless a passing message (`passing`: where toasts, speech bubbles, a
        tooltip or the hint lie) is in its place; the options panel if open."""
        found = self._lines(L)
        self.aside = found is not None and found[0].collidelist(list(passing)) >= 0
        if found is not None and not self.aside:
            self._draw_note(surface, L, *found)
        if self.panel is not None:
            self._draw_panel(surface, L, self.panel)

    def _draw_note(
        self, surface: pygame.Surface, L: TableLayout, rect: pygame.Rect, lines: list[str],
        size: int,
    ) -> None:  # fmt: skip
        note = self.note
        assert note is not None
        alpha = round(255 * max(0.0, 1.0 - note.fading / FADE))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        widgets.draw_panel(layer, layer.get_rect(), L.u, (26, 16, 8, 235), COACH_COLOUR)
        pad = L.px(12)
        title = theme.text(tr("coach.live_title").upper(), L.text(12), COACH_COLOUR, True)
        layer.blit(title, (pad, L.px(6)))
        more = theme.text(tr("coach.live_options"), L.text(12), COACH_COLOUR, True)
        layer.blit(more, more.get_rect(topright=(rect.w - pad, L.px(6))))
        y = L.px(6) + title.get_height()
        line_h = theme.font(size).get_linesize()
        for line in lines:
            layer.blit(theme.text(line, size, theme.TEXT), (pad, y))
            y += line_h
        if alpha < 255:
            layer.set_alpha(alpha)
        surface.blit(layer, rect.topleft)

    def _draw_panel(self, surface: pygame.Surface, L: TableLayout, note: Note) -> None:
        """Every option with its points for the team against the best option, best first;
        the person's choice marked."""
        j = note.judgement
        rows = coach.option_lines(note.obs, j)
        size, small = L.text(17), L.text(14)
        line_h = theme.font(size).get_linesize() + L.px(6)
        title = theme.text(tr("coach.options_title"), L.text(21), theme.GOLD_LIGHT, True)
        sub = coach.side_key("coach.options_note", note.obs)
        sub_lines = theme.wrap(tr(sub), small, L.px(520))
        if self.cut_short(L):  # the note showed only its first lines: all of it here
            sub_lines = theme.wrap(note_text(note.obs, j), small, L.px(520)) + sub_lines
        words = [w[:1].upper() + w[1:] for w, _ in rows]
        yours = tr("coach.options_yours")
        name_w = max(theme.font(size).size(w)[0] for w in words)
        mark_w = theme.font(small).size(yours)[0]
        num_w = max(theme.font(size, True).size(x)[0] for x in ("+000", *(a for _, a in rows)))
        w = max(name_w + num_w + mark_w + L.px(80), title.get_width() + L.px(48), L.px(360))
        w = max(w, max(theme.font(small).size(x)[0] for x in sub_lines) + L.px(48))
        sub_h = theme.font(small).get_linesize() * len(sub_lines)
        close = theme.text(tr("coach.options_close"), small, theme.TEXT_DIM)
        h = L.px(20) + title.get_height() + sub_h + L.px(14) + line_h * len(rows)
        h += L.px(12) + close.get_height() + L.px(16)
        rect = pygame.Rect(0, 0, min(w, L.w - L.px(20)), min(h, L.h - L.px(20)))
        rect.center = (round(L.w / 2), round(L.h / 2))
        widgets.draw_panel(surface, rect, L.u, (26, 16, 8, 240), COACH_COLOUR)
        left, right = rect.left + L.px(24), rect.right - L.px(24)
        y = rect.top + L.px(20)
        surface.blit(title, (left, y))
        y += title.get_height()
        for line in sub_lines:
            img = theme.text(line, small, theme.TEXT_DIM)
            surface.blit(img, (left, y))
            y += img.get_height()
        y += L.px(14)
        for (action, _), word, (_, against) in zip(j.values, words, rows, strict=True):
            best = action == j.values[0][0]
            chosen = action == j.chosen
            colour = theme.GOLD_LIGHT if best else theme.TEXT
            if chosen:
                band = pygame.Rect(rect.left + L.px(10), y - L.px(3), rect.w - L.px(20), line_h)
                pygame.draw.rect(surface, (90, 56, 30), band, border_radius=L.px(6))
            img = theme.text(word, size, colour, best)
            surface.blit(img, (left, y))
            num = theme.text(against, size, colour, True)
            surface.blit(num, num.get_rect(topright=(right, y)))
            if chosen:
                mark = theme.text(yours, small, COACH_COLOUR)
                x = right - num_w - L.px(14) - mark.get_width()
                surface.blit(mark, (x, y + (img.get_height() - mark.get_height()) // 2))
            y += line_h
        y += L.px(12)
        surface.blit(close, (left, y))
