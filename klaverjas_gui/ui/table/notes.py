"""What the table says to the person in words, and takes back when it stops being true.

A refused card, "use the buttons", "wait for Anna", roem missed, an empty claim, a
verzaakt call's verdict: each is a toast of a kind (`note`), dropped (`drop`) as soon
as it no longer applies, so that the screen never says what has stopped being so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...engine.match import RoemLeft, VerzaaktCalled
from ...i18n import tr
from ...words import revoke_text

if TYPE_CHECKING:
    from ...play.session import MatchSession
    from ..shell import Shell
    from .guide import Guide
    from .model import TableModel


class TableNotes:
    """The table's messages by kind: card (why a card is refused), decide (use the
    buttons), wait (not your turn), roem (roem missed), claim (no roem in the trick),
    verzaakt (a call's verdict)."""

    def __init__(
        self, app: Shell, session: MatchSession, model: TableModel, guide: Guide,
        speed: Callable[[], float], names: Callable[[], Sequence[str]],
    ) -> None:  # fmt: skip
        self.app = app
        self.names = names  # each seat's name as this screen says it (`HotSeat.names`)
        self.session = session
        self.model = model
        self.guide = guide
        self.speed = speed
        self.shown: dict[str, str] = {}  # kind -> the text on screen

    def note(self, kind: str, text: str) -> None:
        """Say `text` until `drop(kind)` takes it away."""
        self.drop(kind)
        self.shown[kind] = text
        self.app.toast(text)

    def drop(self, *kinds: str) -> None:
        for kind in kinds:
            text = self.shown.pop(kind, None)
            if text is not None:
                self.app.untoast(text)

    def update(self, prompt_visible: bool) -> None:
        """Drop what stopped being true: the buttons are gone, or the turn has come."""
        if "decide" in self.shown and not prompt_visible:
            self.drop("decide")  # nothing left to decide with
        if "wait" in self.shown and self.session.asked() is not None:
            self.drop("wait")

    def not_your_turn(self) -> None:
        """A card was touched out of turn: decide first, or wait for whom is to move."""
        s, holder = self.session.state, self.session.holder
        if s.is_over or holder is None:
            return
        if s.to_move == holder and s.phase != "play":
            self.note("decide", tr("ui.table_decide_first"))  # until the buttons are gone
        elif s.to_move != holder:  # until the turn comes (it covered Take/Pass)
            self.note("wait", tr("ui.table_wait_turn", name=self.names()[s.to_move]))

    def roem_left(self, ev: RoemLeft) -> None:
        """Roem left in a trick: the teaching note says what was missed, or a bubble, or
        (the person's own) a note until a take-back undoes the trick."""
        model, holder = self.model, self.session.holder
        if self.guide.roem_left(ev):
            self.shown["roem"] = self.guide.notes[-1]  # until a take-back undoes the trick
            if ev.seat != holder:
                model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            return
        name = self.names()[ev.seat]
        if self.session.state.variant.roem_claim == "keep_or_leave":
            model.say(ev.seat, tr("ui.table_leaves_roem", roem=ev.roem), 1.6)
        elif ev.seat == holder:
            self.note("roem", tr("ui.table_you_missed_roem", roem=ev.roem))
        else:
            model.say(ev.seat, tr("ui.table_missed_roem", roem=ev.roem), 1.6)
            self.app.toast(tr("ui.table_did_not_claim", name=name, roem=ev.roem))

    def verzaakt_called(self, ev: VerzaaktCalled) -> None:
        """Say who called and the verdict: a wrong call changes nothing; a right one shows
        the trick, the card and the rule broken, in the engine's words (the deal's summary
        shows them again)."""
        names = self.names()
        name = names[ev.seat]
        you = "_you" if ev.seat == self.session.holder else ""
        self.model.say(ev.seat, tr("ui.say_verzaakt"), max(1.6, 1.8 * self.speed()))
        if ev.revoke is None:
            self.app.toast(tr(f"ui.table_verzaakt_wrong{you}", name=name))
            return
        words = revoke_text(ev.revoke, list(names))  # until the summary repeats it
        self.note("verzaakt", f"{tr(f'ui.table_verzaakt_right{you}', name=name)} {words}")
