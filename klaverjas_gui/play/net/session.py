"""The network match as the table sees it: the host's link, and the guest's session.

A table scene binds to a `MatchSession` (play/session.py). At the host it is the real
one, with `RemoteSeat`s; `host_link` adds the network to it: `NetHost.pump` runs at
the start of every `step`, and `session.link` tells the table who is connected.

At a guest, `GuestSession` is a MatchSession driven by the host's messages: its state
is the guest's own rebuilt position (play/net/mirror.py: its hand, what was played in
the open, the others' cards guessed and drawn face down), each move the host reports
reaches the listeners as a local move would (the same animations, prompts and
summaries), and `submit` checks the person's move against that position and sends it
to the host, whose answer comes back as the next move. No computer plays here.

When the match is over the host sends its record (seed and moves: nothing is hidden any
more), and the guest keeps a copy in its own history (`keep_copy`) if the record replays
to exactly the last position the guest saw.
"""

from __future__ import annotations

import logging
import math
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...engine.match import DEAL_END, PASS
from ...engine.reasons import Reason
from ...i18n import tr
from ..seats import HUMAN, REMOTE, ComputerSeat, HumanSeat, Jobs, default_level
from ..session import MatchSession, Seating
from . import protocol as P
from .guest import NetGuest
from .host import NetHost, played_for
from .mirror import MirrorError, mirror_for

if TYPE_CHECKING:
    from ...store.history import History

log = logging.getLogger(__name__)

SeatStatus = dict[str, Any]  # name, kind, present, computer: as the host sends it


def away_notes(seats: list[SeatStatus], started: bool = True) -> list[str]:
    """One line per person away: a guest who dropped out (waited for during the grace
    period, then "a computer is playing for Anna, waiting for her to return"), a guest the
    host let a computer play for (it did not move within the turn limit; "you": this
    laptop's own seat), or the host gone to another screen ("the host has left the table
    for a moment"), a guest too."""
    if not started:
        return []
    out = []
    if any(seat["kind"] == HUMAN and not seat["present"] for seat in seats):
        out.append(tr("net.away_host"))
    for seat in seats:
        if seat["kind"] != REMOTE:
            continue
        if seat["present"]:
            if seat["computer"]:  # connected, but a computer plays until she moves again
                you = "_you" if seat.get("you") else ""
                out.append(tr(f"net.away_benched{you}", name=seat["name"]))
            elif seat.get("away"):  # at another screen of her own
                out.append(tr("net.away_guest", name=seat["name"]))
        elif seat["computer"]:
            out.append(tr("net.away_computer", name=seat["name"]))
        elif "wait" in seat:  # the host's own screen: how long until a computer plays
            out.append(tr("net.away_waiting_seconds", name=seat["name"], n=seat["wait"]))
        else:
            out.append(tr("net.away_waiting", name=seat["name"]))
    return out


def away_words(played: int | None) -> str | None:
    """What a computer did for this person while away, said once at the table: `played`
    of their cards (None: at least the rest of a deal); None if nothing."""
    if played is None:
        return tr("net.played_for_you")
    return tr("net.played_for_you_cards", n=played) if played > 0 else None


class CopyError(ValueError):
    """A host's record that does not replay to what this guest saw."""


def keep_copy(history: History, game: Any, variant: Any, record: dict[str, Any], seat: int,
              last: Any) -> int | None:  # fmt: skip
    """Store the host's `record` of a finished match in `history`, once it replays from its
    seed to exactly the last position `seat` saw (`last`, an Update): a copy like any
    match, its seats marked from this laptop (its own "human", the other people "remote").
    It ends no running match of this laptop. CopyError if it does not fit."""
    if not record or last is None:
        raise CopyError("the host sent no record of the match")
    try:
        state = game.new_state(variant, record["seed"])
        moves = []
        for text in record["actions"]:
            action = game.parse_action(text)
            state, events = state.apply(action)
            moves.append((state.n_actions, str(action), events))
    except (KeyError, TypeError, ValueError) as e:
        raise CopyError(f"the host's record does not replay ({e})") from None
    if not state.is_over or state.observation(seat) != last.observation:
        raise CopyError("the host's record ends elsewhere than the match this laptop saw")
    players = [str(p) for p in record.get("players", [])][: game.players]
    kinds = [str(k) for k in record.get("kinds", [])][: game.players]
    if len(players) != game.players or len(kinds) != game.players:
        raise CopyError("the host's record does not name every seat")
    if any(kind not in (HUMAN, REMOTE, *game.levels()) for kind in kinds):
        raise CopyError("the host's record names a seat that is no person nor computer level")
    kinds = ["human" if s == seat else REMOTE if kind in (HUMAN, REMOTE) else kind
             for s, kind in enumerate(kinds)]  # fmt: skip
    # the rules' name from the rules this laptop played by, not a name the host chose
    mid = history.start_match(game.name, game.preset_name(variant), variant.to_dict(),
                              int(record["seed"]), players, kinds=kinds, abandon=False)  # fmt: skip
    for n, action, events in moves:
        history.record(mid, n, action, events)
    return mid


class HostLink:
    """The host's network beside its session: pumped every frame, asked for the status.
    `ask`: called after each pump while a laptop waits for a seat (`host.takeovers`) or a
    connected guest has not moved within the turn limit (`host.stalled()`), so the screen
    puts the question to the host's person."""

    def __init__(self, host: NetHost, ask: Callable[[], None] | None = None) -> None:
        self.host = host
        self.ask = ask
        host.asks = ask is not None

    def pump(self) -> None:
        self.host.pump()
        if (self.host.takeovers or self.host.stalled() is not None) and self.ask is not None:
            self.ask()

    @property
    def room(self) -> str:
        return self.host.room

    def seat_status(self) -> list[SeatStatus]:
        """As the guests see it, but the host's own screen never says the host is away, and
        says how many seconds a dropped guest is still waited for ("wait")."""
        out = []
        for seat, status in zip(self.host.session.seats, self.host.seat_status(), strict=True):
            if status["kind"] == HUMAN:
                status = {**status, "present": True}
            elif status["kind"] == REMOTE and not status["present"] and not status["computer"]:
                left = seat.grace - (seat.clock() - seat.away_since)
                status = {**status, "wait": max(1, math.ceil(left))}
            out.append(status)
        return out

    def started(self) -> bool:
        return self.host.started

    def seat_button(self) -> tuple[str, Callable[[], None]] | None:
        """The table's button while a computer plays for a connected guest: the host's
        person gives the seat back ("Wait for Cor again"); the limit counts afresh."""
        for s in self.host.remote:
            seat = self.host.session.seats[s]
            if seat.present and not seat.waiting():

                def wait_again(s: int = s) -> None:
                    self.host.unbench(s)
                    self.host.wait_more(s)

                return tr("net.wait_again", name=seat.name), wait_again
        return None

    def over(self) -> bool:
        """The match has ended: a guest leaving now is not waited for."""
        return bool(self.host.session.state.is_over)

    def problem(self) -> str | None:
        return None

    def background(self, left: bool) -> None:
        """While another screen covers the table: the guests' moves and joins still land.
        `left`: the table is not even under it (the menu, the settings): the guests are
        told the host has left the table; a deal summary or the score sheet over it is
        still the table."""
        self.host.away = left
        self.pump()

    def at_table(self) -> None:
        """Each frame of the table: the host is back (if away), and the guests hear it."""
        self.host.away = False
        self.pump()

    def close(self) -> None:
        """The host's window closes: a recorded match not over may be continued (the menu's
        Continue, `--host --continue`), so its guests are told to knock again."""
        session = self.host.session
        recorded = session.match_id is not None and not session.state.is_over
        self.host.close(P.HOST_GONE if recorded else "match_over")


def host_link(host: NetHost, ask: Callable[[], None] | None = None) -> HostLink:
    """Bind `host` to its session: pumped at every step, closed with the session; `ask`:
    see HostLink."""
    link = HostLink(host, ask)
    session = host.session
    session.every_frame(link.at_table)
    session.on_close(link.close)
    session.link = link
    return link


@dataclass
class ShownSeat:
    """Another seat as a guest's table shows it: a name, and who plays it."""

    name: str
    kind: str  # REMOTE (a person at another laptop, the host's too) or "computer"

    @property
    def label(self) -> str:
        return self.name

    @property
    def is_human(self) -> bool:
        return self.kind == REMOTE


class GuestSession(MatchSession):
    """A guest's match: `guest` (joined, with a first state) drives it; see the module."""

    can_review = False  # a deal's review deals from the seed, which a guest never has
    guessed = True  # the others' cards are the mirror's guess (a two-player one may change)

    def __init__(self, guest: NetGuest, settings: Any = None, jobs: Jobs | None = None,
                 autopilot: bool = False, history: History | None = None) -> None:  # fmt: skip
        """`history`: where the guest keeps its copy of the match when it ends."""
        first = guest.latest
        if guest.game is None or guest.seat is None or first is None:
            raise ValueError("the guest has not been welcomed with a position yet")
        self.guest = guest
        self.link = self
        self.me = guest.seat
        self.mirror = mirror_for(guest.game, guest.seat)
        state = self.mirror.state(first.observation, first.n)
        game = guest.game
        seats: list[Any] = [self._shown(s, d) for s, d in enumerate(guest.seats)]
        pilot = None
        if autopilot:
            level = default_level(game.levels())
            pilot = ComputerSeat(guest.name, level, game.make_player(level, None))
        super().__init__(game, guest.variant, 0, Seating(seats, (self.me,), pilot),
                         state=state, settings=settings, jobs=jobs)  # fmt: skip
        self.ahead: Any = None  # the position after the moves sent and not yet answered
        self.copy_to = history
        self.copy_id: int | None = None  # the copy in this laptop's history, once kept
        self.refusals = len(guest.refused)
        self.problems: list[str] = []  # what went wrong, for the status line
        self._jumped: list[Any] = []
        # Set at a jump (a rejoin) to what a computer did for this person meanwhile: the
        # words to show once, or None. Joined again from a restarted laptop, the host's
        # welcome says it (the window that saw the cards before is gone).
        self.while_away: str | None = away_words(guest.played_for)
        self._seen_seats: list[SeatStatus] = list(guest.seats)
        self.on_close(guest.close)
        self.every_frame(self.at_table)
        while not guest.updates.empty():  # the first state is the one shown
            if guest.updates.get_nowait().n >= first.n:
                break

    def _shown(self, s: int, status: SeatStatus) -> Any:
        if s == self.me:
            return HumanSeat(self.guest.name)
        return ShownSeat(status["name"], "computer" if status["kind"] not in (HUMAN, REMOTE)
                         else REMOTE)  # fmt: skip

    # --- the link the table asks ---
    @property
    def room(self) -> str:
        return self.guest.room

    def seat_status(self) -> list[SeatStatus]:
        """As the host sends it; this laptop's own person is never shown away to herself,
        and her own seat is marked "you"."""
        return [{**d, "away": False, "you": True} if s == self.me else d
                for s, d in enumerate(self.guest.seats)]  # fmt: skip

    def seat_button(self) -> tuple[str, Callable[[], None]] | None:
        """The table's button while the host lets a computer play for this laptop's person
        (she did not move within its turn limit): "I'll play again" takes the seat back."""
        seats = self.guest.seats
        mine = seats[self.me] if self.me < len(seats) else {}
        if mine.get("present") and mine.get("computer") and not self.over():
            return tr("net.play_again"), self.guest.back
        return None

    def started(self) -> bool:
        return self.guest.started

    def over(self) -> bool:
        """The match has ended: nobody is waited for any more."""
        return bool(self.state.is_over or self.guest.over)

    def problem(self) -> str | None:
        """Why this laptop is not at the table now (the host is gone), or None."""
        from .headless import reason_text

        if self.guest.error is not None and not self.guest.over:
            return tr("net.stopped", why=reason_text(self.guest.error))
        return None

    def background(self, left: bool) -> None:
        """Another screen covers the table: the host's moves wait in the guest's queue.
        `left` (the menu, the settings, not a score sheet over the table): the host and the
        other guests are told she has left the table for a moment."""
        self.guest.set_away(left)

    def at_table(self) -> None:
        """Each frame of the table: back (if she was away), and the host hears it."""
        self.guest.set_away(False)

    def on_jump(self, fn: Any) -> None:
        """Call `fn(state)` when the position jumps without moves to show (a rejoin)."""
        self._jumped.append(fn)

    # --- moves ---
    def submit(self, action: Action) -> Reason | None:
        """Send the person's move when this position allows it; the Reason if not."""
        base = self.ahead if self.ahead is not None else self.state
        call = action.kind == "verzaakt" and action.seat == self.me  # out of turn
        mine = base.to_move == self.me and base.phase != DEAL_END  # the host ends a deal
        if base.is_over or not (mine or call):
            return Reason("not_now", {"action": str(action), "wanted": base.phase})
        reason = base.refusal(action)
        if reason is not None:
            return reason  # type: ignore[no-any-return]
        self.guest.act(action, base.n_actions)
        self.ahead = base.force(action)[0]
        return None

    def step(self, dt: float) -> None:
        """One frame: the host's next move once the picture caught up; a one-answer
        question, the claim timeout and the autopilot as at a local table."""
        for fn in self._per_frame:
            fn()
        self._follow_seats()
        if self.state.is_over and self.copy_to is not None and self.guest.record is not None:
            self._keep_copy(self.copy_to)
        if len(self.guest.refused) != self.refusals:  # the host refused a move: try again
            for reason in self.guest.refused[self.refusals :]:
                log.info("the host refused a move: %s", reason)
            self.refusals = len(self.guest.refused)
            self.ahead = None
        if self.picture.ready() or self.trick_pause():
            self._next()
        if self.pause_over():
            self.claim_timeout()
        s = self.state
        if s.is_over or self.ahead is not None or not self.picture.ready() or s.to_move != self.me:
            return
        if s.phase == DEAL_END:  # the host ends a deal after the last trick's pause
            return
        if s.legal_actions() == (PASS,):
            self.submit(PASS)
        elif self.autopilot is not None:
            self._autopilot(dt)

    def _next(self) -> None:
        """Show the next position the host sent, as a move or (after a rejoin) a jump."""
        try:
            update = self.guest.updates.get_nowait()
        except queue.Empty:
            return
        if update.n < self.state.n_actions or (
            update.n == self.state.n_actions and update.action is not None
        ):
            return  # a position shown already (sent again on rejoining)
        try:
            state = self.mirror.state(update.observation, update.n)
        except MirrorError as e:
            log.error("a position from the host does not fit the rules: %s", e)
            self.problems.append(str(e))
            return
        # Another seat's "Verzaakt!" is a move of the log only: the host still plays a card
        # sent before it, so the person's move stays on its way (the call cleared it, and
        # her hand was offered again until the host's answer came).
        call = update.action is not None and update.action.kind == "verzaakt"
        answered = self.ahead is not None and (
            update.by != self.me or update.n >= self.ahead.n_actions
        )
        if answered and not (call and update.by != self.me):
            self.ahead = None
        if update.action is None or update.n != self.state.n_actions + 1:
            self.while_away = away_words(played_for(self.state, state, self.me))
            self.load(state)
            for fn in self._jumped:
                fn(state)
            return
        before = self.state
        self.state = state
        self._tell(before, update.action, list(update.events))

    def _keep_copy(self, history: History) -> None:
        """Once: the host's record of the finished match into this laptop's history."""
        self.copy_to = None
        record = self.guest.record or {}
        try:
            self.copy_id = keep_copy(history, self.game, self.variant, record, self.me,
                                     self.guest.latest)  # fmt: skip
        except CopyError as e:
            log.warning("no copy of the match kept: %s", e)
            self.problems.append(str(e))

    def _follow_seats(self) -> None:
        """Names change as guests take their seats."""
        seats = self.guest.seats
        if seats is self._seen_seats or seats == self._seen_seats:
            return
        self._seen_seats = list(seats)
        for s, status in enumerate(seats):
            if s != self.me and s < len(self.seats):
                self.seats[s] = self._shown(s, status)

    def is_person(self, seat: int) -> bool:
        """This laptop's person is `seat`, and is not waiting for the host's answer to a
        move (meanwhile no question is asked: a one-answer pass is on its way)."""
        return seat == self.me and self.ahead is None
