"""The person's "Verzaakt!" at the table (rules: revoke = club).

From the first closed trick until the deal is scored, a person here may call that a
card was wrong: the button above the bottom plate's buttons (hidden until a call is
possible) or the V key. It is shown to every person: which team revoked is hidden, and
a call on nothing changes nothing. The engine judges the call; notes.py says the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import tr

if TYPE_CHECKING:
    from ..shell import Shell
    from .port import TablePort


class VerzaaktCall:
    """The call's button and key at one table."""

    def __init__(self, app: Shell, table: TablePort, words: Callable[[Any], str]) -> None:
        self.app = app
        self.table = table
        self.words = words  # a refusal in words
        self.button: Any = None

    def place(self, rect: pygame.Rect) -> None:
        """The button at `rect`, hidden until a call is possible."""
        self.button = self.table.button(
            "verzaakt", rect, tr("ui.table_verzaakt_button"), self.call, "@quiet",
            tooltip=tr("ui.table_verzaakt_tooltip"),
        )  # fmt: skip
        self.button.hide()

    def may_call(self) -> bool:
        """A person here may call now (not at the demo, not while the cover is up)."""
        session = self.table.session
        if self.table.demo or session.holder is None or self.table.hiding:
            return False
        return bool(getattr(session.state, "call_open", lambda: False)())

    def call(self) -> None:
        """The button or the key: the person holding the laptop calls."""
        reason = self.table.session.call_verzaakt() if self.may_call() else None
        if reason is not None:
            self.app.toast(self.words(reason))

    def update(self) -> None:
        """The button shows while a call is possible."""
        may = self.may_call()
        if self.button is not None and self.button.visible != may:
            self.button.show() if may else self.button.hide()
