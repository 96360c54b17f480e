"""The matches of one run of the program: the one at the table, a practice match set
aside, the history's running ones, and what Continue brings back.

A game at a time is at the table (`running`, kept while the menu shows). Starting or
continuing the other game loses nothing: a recorded match waits in the history, a
practice match (never recorded) waits here as `parked`. No screen: the app shows the
session chosen here, and ui/tables.py keeps its table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..games import GAMES, Game
from .seats import Jobs
from .session import (
    MatchSession,
    OpenMatch,
    new_session,
    open_match,
    resume_session,
    stored_open_match,
)

if TYPE_CHECKING:
    from ..store.history import History


@dataclasses.dataclass(frozen=True)
class Comeback:
    """What Continue brings back: a session (`load`: fresh from the history, to be shown
    at its position), or the `hosted` game whose lobby brings its guests back first;
    neither: the stored match could not be restored (the history says why)."""

    session: MatchSession | None = None
    load: bool = False
    hosted: Game | None = None


class Matches:
    """The sessions kept in memory and the bookkeeping around them; `close` ends a
    session the program lets go of (the app closes its table with it)."""

    def __init__(
        self,
        history: History,
        settings: Any,
        *,
        autopilot: bool = False,
        deterministic: bool = False,
        close: Callable[[MatchSession], None] = MatchSession.close,
    ) -> None:
        self.history = history
        self.settings = settings
        self.autopilot = autopilot  # a computer plays the person's cards
        self.deterministic = deterministic  # computer players answer at once
        self.close = close
        self.running: MatchSession | None = None  # at the table, kept while the menu shows
        self.parked: MatchSession | None = None  # a practice match of the other game
        self._stored_cache: dict[int, OpenMatch | None] = {}  # history id -> its facts

    def _jobs(self) -> Jobs:
        return Jobs(self.deterministic)

    # --- starting ---
    def start(
        self, game: Game, variant: Any, seed: int | None, practice: bool = False
    ) -> MatchSession:
        """A new match of `game` at the table, recorded as it goes; a practice match is
        not recorded, so it abandons `game`'s stored running match (Continue must not bring
        back an older match once the practice is over)."""
        if practice:
            self.history.abandon_running(game.name)
        if self.parked is not None and self.parked.game is game:
            self.close(self.parked)  # a new match of its game ends it (ending() asked first)
            self.parked = None
        self.set_aside(game)
        self.running = new_session(game, variant, seed, self.settings, self.history,
                                   practice=practice, autopilot=self.autopilot,
                                   jobs=self._jobs())  # fmt: skip
        return self.running

    def adopt(self, session: MatchSession) -> None:
        """A session made elsewhere (a network match) at the table, in place of the match
        in memory."""
        self.set_aside(session.game)
        self.running = session

    def set_aside(self, game: Game | None) -> None:
        """Take the running match away for `game`: a recorded match waits in the history,
        a practice match of another game waits here (it is never recorded)."""
        session, self.running = self.running, None
        if session is None:
            return
        waits = session.practice and not session.state.is_over
        if waits and game is not None and session.game is not game:
            if self.parked is not None:
                self.close(self.parked)
            self.parked = session
        else:
            self.close(session)

    def over(self) -> None:
        """The running match ended at the table: nothing of it is left to continue (its
        table stays on screen until it is closed)."""
        self.running = None

    # --- what Continue brings back, and what starting something new would end ---
    def here(self) -> OpenMatch | None:
        """The match at the table, unless it is over (nothing is left to continue)."""
        session = self.running
        if session is None or session.state.is_over:
            return None
        if session.match_id is not None:
            self._stored_cache.pop(session.match_id, None)  # it moves on: read it afresh later
        here = open_match(session.game, session.variant, session.state, session.match_id,
                          session.practice)  # fmt: skip
        return dataclasses.replace(here, guests=guests(session))

    def parked_match(self) -> OpenMatch | None:
        """The practice match waiting in memory, if any."""
        session = self.parked
        if session is None:
            return None
        return open_match(session.game, session.variant, session.state, None, True)

    def stored(self, game: Game) -> OpenMatch | None:
        """`game`'s running match in the history (replayed once per match, then remembered)."""
        record = self.history.running(game.name)
        if record is None:
            return None
        if record.id not in self._stored_cache:
            self._stored_cache[record.id] = stored_open_match(self.history, game)
        return self._stored_cache[record.id]

    def open_matches(self) -> list[OpenMatch]:
        """What Continue can bring back: the match in memory first, then the other games'
        running matches in the history (a Klaverjas match and a Klabberjass game both), the
        one played last first: after a restart Continue brings back the game that was on
        the table, not the one started last."""
        found = [m for m in (self.here(), self.parked_match()) if m is not None]
        stored = [m for g in GAMES.values() if all(g is not f.game for f in found)
                  if (m := self.stored(g)) is not None]  # fmt: skip

        def last(m: OpenMatch) -> tuple[int, int]:
            mid = m.match_id or 0
            return self.history.last_played(mid) if mid else 0, mid

        return found + sorted(stored, key=last, reverse=True)

    def ending(self, game: Game | None) -> list[OpenMatch]:
        """The unfinished matches that starting a new `game` match would end (None: a
        continue of another game, which ends only a match nobody can bring back). A
        practice match of the other game waits in memory (`set_aside`): not ended."""
        ends = [m for m in (self.here(), self.parked_match()) if m is not None
                and (m.game is game or (m.match_id is None and not m.practice))]  # fmt: skip
        if game is not None:
            stored = self.stored(game)
            if stored is not None and all(stored.match_id != m.match_id for m in ends):
                ends.append(stored)
        return ends

    def comeback(self, game: Game | None = None) -> Comeback:
        """Back to the match in memory, or to the history's running match of `game` (by
        default the first of `open_matches`), which is then the running one."""
        if game is None:
            matches = self.open_matches()
            game = matches[0].game if matches else None
        here = self.here()
        parked = self.parked
        if parked is not None and parked.game is game and (here is None or here.game is not game):
            self.parked = None
            self.set_aside(game)
            self.running = parked
        elif self.running is None or (game is not None and (here is None or here.game is not game)):
            self.set_aside(game)
            if game is not None and self.hosted(game):  # its guests come back to the lobby
                return Comeback(hosted=game)
            self.running = resume_session(self.history, self.settings, autopilot=self.autopilot,
                                          jobs=self._jobs(),
                                          game=game.name if game is not None else None)  # fmt: skip
            return Comeback(self.running, load=True)
        return Comeback(self.running)

    def hosted(self, game: Game) -> bool:
        """`game`'s running match in the history was hosted on the network."""
        from .net.headless import hosted

        record = self.history.running(game.name)
        return record is not None and hosted(record)


def guests(session: MatchSession) -> tuple[str, ...]:
    """The people connected from other laptops to a match this laptop hosts."""
    from .net.session import HostLink
    from .seats import REMOTE

    if not isinstance(session.link, HostLink):
        return ()
    return tuple(s["name"] for s in session.link.seat_status()
                 if s["kind"] == REMOTE and s["present"])  # fmt: skip
