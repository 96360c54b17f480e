"""The questions the host's person is asked over whatever shows (the lobby, the table, the
menu): give a dropped guest's seat to another laptop, let a computer play for a guest who
has not moved within the turn limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import tr
from ...play.net.host import NetHost, Takeover
from .. import theme
from ..confirm import QuestionScene

if TYPE_CHECKING:
    from ..shell import Shell


def ask_person(app: Shell, host: NetHost) -> None:
    """Put the host's next question to its person, over whatever shows (the lobby, the
    table, the menu), unless a question is up already: a laptop waiting for a dropped
    guest's seat, else a connected guest that has not moved within the turn limit."""
    if any(isinstance(s, TakeoverScene) for s in app.scenes):
        return
    if host.takeovers:
        app.push("network takeover", host=host, takeover=host.takeovers[0])
    elif (seat := host.stalled()) is not None:
        app.push("network stall", host=host, seat=seat)


class TakeoverScene(QuestionScene):
    """ "Give Cor's seat to this laptop?": the one way a seat goes to another laptop than
    the one that played it (which takes it back by itself, with its token). Keeping it
    (the default, Esc) is the safe answer; the question goes away by itself when it no
    longer stands (that laptop left, or Cor's own came back)."""

    calm = False  # it pumps the host's network (the lobby under it is not pumped)
    keys = ("keep", "give")

    def __init__(self, app: Shell, host: NetHost, takeover: Takeover) -> None:
        self.host = host
        self.takeover = takeover
        super().__init__(app)

    def title(self) -> str:
        return tr("net.takeover_title", name=self.takeover.name)

    def lines(self) -> list[tuple[str, tuple, bool]]:
        t = self.takeover
        return [(tr("net.takeover_text", name=t.name, address=t.peer), theme.TEXT, True)]

    def answers(self) -> tuple[str, str]:
        return tr("net.takeover_no", name=self.takeover.name), tr("net.takeover_yes")

    def safe(self) -> None:
        self.app.pop(self)
        self.host.deny(self.takeover)

    def other(self) -> None:
        self.app.pop(self)
        self.host.grant(self.takeover)

    def stands(self) -> bool:
        """Whether the question still stands (else it goes away by itself)."""
        return self.takeover in self.host.takeovers

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.pump()  # the screen under it is not pumped while this is on top
        if not self.stands() or not self.host.running:
            self.app.pop(self)


class StallScene(TakeoverScene):
    """ "Cor has not played for 90 seconds": let a computer play for Cor (the seat stays
    Cor's: a move of Cor's, Cor's button or the host's "Wait for Cor again" takes it back),
    or keep waiting (the limit counts afresh). Waiting is the default (Esc): a person may
    think long. The question goes away by itself when Cor moves or leaves."""

    def __init__(self, app: Shell, host: NetHost, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.name = host.session.seats[seat].name
        QuestionScene.__init__(self, app)

    def title(self) -> str:
        limit = self.host.turn_limit
        n: int | str = int(limit) if limit == int(limit) else f"{limit:g}"
        return tr("net.stall_title", name=self.name, n=n)

    def lines(self) -> list[tuple[str, tuple, bool]]:
        return [(tr("net.stall_text", name=self.name), theme.TEXT, True)]

    def answers(self) -> tuple[str, str]:
        return tr("net.stall_no"), tr("net.stall_yes", name=self.name)

    def safe(self) -> None:
        self.app.pop(self)
        self.host.wait_more(self.seat)

    def other(self) -> None:
        self.app.pop(self)
        self.host.bench(self.seat)

    def stands(self) -> bool:
        return self.host.stalled() == self.seat
