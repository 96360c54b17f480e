"""The table of each match kept in memory: made once for its session and kept while the
menu and other screens show, so that Continue shows it as it was left.

Which sessions are kept is game flow (play/matches.py); this only pairs each with its
screen and closes the two together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..play.session import MatchSession
    from .scene import Scene
    from .shell import Shell


def table_for(shell: Shell, session: MatchSession) -> Scene:
    """A new table scene bound to `session`: the game's own table, named by its entry."""
    from .scenes import make_scene

    return make_scene(shell, session.game.scene("table"), session=session,
                      practice=session.practice)  # fmt: skip


class Tables:
    """Session -> its table scene, for the sessions kept in memory."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self._kept: dict[MatchSession, Scene] = {}

    def of(self, session: MatchSession | None) -> Scene | None:
        """`session`'s kept table, if it has one."""
        if session is None:
            return None
        return self._kept.get(session)

    def table(self, session: MatchSession, load: bool = False) -> Scene:
        """`session`'s table: the one kept, else a new one (`load`: shown at the session's
        position at once, as a continued match is, without replaying the moves)."""
        table = self._kept.get(session)
        if table is None:
            table = self._kept[session] = table_for(self.shell, session)
            if load:
                table.load(session.state)  # type: ignore[attr-defined]
        return table

    def close(self, session: MatchSession) -> None:
        """End `session` and close its table with it (the table closes the session)."""
        table = self._kept.pop(session, None)
        if table is not None:
            table.close()
        else:
            session.close()

    def forget(self, session: MatchSession | None) -> None:
        """No longer keep `session`'s table: its match is over; the stack closes the
        table when it is taken off."""
        if session is not None:
            self._kept.pop(session, None)

    def kept(self) -> list[Scene]:
        return list(self._kept.values())
