"""Play -> On the network...: Host or Join."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...i18n import tr
from ..menu import ListScene

if TYPE_CHECKING:
    from ..shell import Shell


class NetworkScene(ListScene):
    """Host or Join; `game`: the one the host's screen starts with."""

    def __init__(self, app: Shell, game: str = "klaverjas") -> None:
        self.game = game
        super().__init__(app)

    @property
    def title(self) -> str:  # type: ignore[override]
        return tr("net.lan_title")

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return tr("net.lan_subtitle")

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        return [
            ("host", tr("net.lan_host"), self.host, "@primary"),
            ("join", tr("net.lan_join"), lambda: self.app.push("network join"), "@menu"),
            ("back", tr("ui.back"), self.back, "@menu"),
        ]

    def host(self) -> None:
        self.app.push("network host", game=self.game)

    def back(self) -> None:
        self.app.pop(self)
