"""The person at this screen: their keys and pointer, their decisions and cards.

The scene hands every command here that its own buttons did not take. A key is a
shortcut of a part (the last trick, the score sheet, Verzaakt!, the hint, a take-back,
a decision button, the hand); a pointer goes to the coach's note or to the hand. A
decision or a card goes to the session through the table's port (`submit`, which a
lesson overrides); a refusal is said in words (notes.py) until it stops being true.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, Card
from ...engine.match import CLAIM_ROEM, VerzaaktCalled, play
from ...i18n import tr
from ..commands import Command
from .layout import Pose

if TYPE_CHECKING:
    from ..shell import Shell
    from .coach_note import CoachNotes
    from .guide import Guide
    from .hand_input import HandInput
    from .hotseat import HotSeat
    from .notes import TableNotes
    from .overlays import Overlays
    from .port import TablePort
    from .prompts import DecisionPrompt
    from .verzaakt import VerzaaktCall


class Person:
    """The input of one table. `key`: the table's own key handler (a lesson adds keys),
    `load`: the table shows a position at once (a take-back)."""

    def __init__(
        self, app: Shell, table: TablePort, hand: HandInput, prompt: DecisionPrompt,
        guide: Guide, notes: TableNotes, overlays: Overlays, verzaakt: VerzaaktCall,
        coach: CoachNotes, key: Callable[[str], bool], load: Callable[[Any], None],
    ) -> None:  # fmt: skip
        self.app, self.table, self.hand, self.prompt = app, table, hand, prompt
        self.guide, self.notes, self.overlays = guide, notes, overlays
        self.verzaakt, self.coach = verzaakt, coach
        self.on_key, self.load = key, load

    def saw(self, before: Any, action: Action, events: list[Any]) -> None:
        """A move was played (the session's listener, before the director animates it):
        the hand, the guide and the words follow; the buttons are past."""
        if self.hand.moves(action) and self.table.session.holder == before.to_move:
            self.hand.after_play()
            self.notes.drop("card")  # a card was played: why another was refused is past
        self.guide.saw(before, events)
        for ev in events:
            if isinstance(ev, VerzaaktCalled):
                self.notes.verzaakt_called(ev)
        self.prompt.hide()

    def ask(self, phases: tuple[str, ...], hotseat: HotSeat) -> None:
        """The person's buttons while they are asked to decide in one of `phases`, or the
        hot-seat cover while the laptop changes hands."""
        s = self.table.session.state
        if s.is_over or not self.table.ready() or not self.table.session.is_person(s.to_move):
            self.prompt.hide()
        elif hotseat.hand_over(s.to_move):  # the cover is up until the next one confirms
            self.hand.cancel()
            self.prompt.hide()
        elif s.phase in phases:
            self.prompt.show(s)
        else:
            self.prompt.hide()

    def handle(self, cmd: Command) -> bool:
        """A command the scene's buttons did not take; True if it was used."""
        if self.table.demo:  # any click or key leaves the demo
            if cmd.kind in ("pointer_down", "key"):
                self.app.show_menu()
            return cmd.kind in ("pointer_down", "key")
        if self.coach.handle(cmd):
            return True
        overlays = self.overlays
        if overlays.show_last and cmd.kind in ("pointer_down", "key") and cmd.name != "score_sheet":
            overlays.show_last = False  # any click or key puts the last trick away
            return True
        if cmd.kind == "key":
            return self.on_key(cmd.name)
        if cmd.kind == "pointer_down":
            return self.hand.pointer_down(cmd.pos, cmd.clicks)
        if cmd.kind == "pointer_move":
            self.hand.pointer_move(cmd.pos)
            return True
        return cmd.kind == "pointer_up" and self.hand.pointer_up(cmd.pos)

    def key(self, name: str) -> bool:
        if name == "back":
            self.app.show_menu()
        elif name == "last_trick":
            self.overlays.toggle_last()
        elif name == "score_sheet":
            self.overlays.open_sheet()
        elif name == "verzaakt" and self.verzaakt.may_call():
            self.verzaakt.call()
        elif (wanted := self.guide.wants_key(name)) is not None:
            self.take_back() if wanted == "take_back" else self.guide.request()
        else:
            return self.prompt.press(name) or self.hand.key(name) or self.prompt.shortcut(name)
        return True

    def decide(self, action: Action) -> None:
        """A decision button or shortcut of the person holding the laptop."""
        session = self.table.session
        holder = session.holder
        if holder is None or session.state.to_move != holder or not self.table.ready():
            return
        nothing = action == CLAIM_ROEM and not getattr(session.state, "pending_roem", 1)
        reason = self.table.submit(action, None)
        if reason:
            self.app.toast(reason)
        elif nothing:  # the engine takes an empty claim without a word (Amsterdam asks
            self.notes.note("claim", tr("ui.table_no_roem"))  # after every trick): say so

    def try_play(self, card: Card, origin: Pose | None) -> bool:
        """Play `card` (let go at `origin`, if dragged); False, and why in words, if not."""
        if not self.hand.playable():
            self.table.not_your_turn()
            return False
        session = self.table.session
        if session.state.phase == "claim":  # the person moves on: the claim is passed
            refused = session.play_on(play(card))
            if refused is not None:  # the claim stays open: they may still claim
                self.notes.note("card", self.table.reason_words(refused))
                return False
        reason = self.table.submit(self.hand.action(card), origin)
        if reason:
            self.notes.note("card", reason)  # why not: until a card is played
        return not reason

    def take_back(self) -> None:
        """Practice: back to before the person's last card of this deal (the guide finds
        the position; the engine's state says the deal's tricks, points and roem)."""
        before = self.guide.take_back()
        if before is None:
            return
        self.notes.drop("card", "decide", "roem")  # what they said is undone too
        self.load(before)
        self.table.model.winner = None
        self.table.session.trick_roem = 0
        self.calm()

    def calm(self) -> None:
        """No button, no card picked up or selected (the position changed under them)."""
        self.prompt.hide()
        self.hand.cancel()
        self.hand.selected = None
