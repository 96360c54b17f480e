"""What a scene may ask of the program around it: the `Shell` protocol.

Scenes type against this, not against `app.App`, so no screen imports the module that
opens the window and parses the command line (tests/test_layering.py holds that), and a
test or a tool can run a scene inside any object that offers these few things.
`app.App` is the one real shell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import argparse

    from ..games import Game
    from ..play.session import MatchSession, OpenMatch
    from ..store.history import History
    from ..store.prefs import Settings
    from ..store.session import Store
    from .audio import Audio
    from .scene import Scene


class Shell(Protocol):
    """The window, the scene stack and the services the scenes share."""

    # --- shared services ---
    settings: Settings  # change one, then save_settings()
    history: History  # the match history (SQLite)
    store: Store  # the files behind both (the history's CSV export)
    audio: Audio
    args: argparse.Namespace  # this run's command line (--demo keeps a kiosk in the demo)
    deterministic: bool  # computer players answer at once (screenshots, tests)

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    def save_settings(self) -> None:
        """Write the settings at once, atomically."""

    def toast(self, text: str, seconds: float = 4.0) -> None:
        """A short message over the top scene."""

    def untoast(self, text: str) -> None:
        """Take a message away before its time: it no longer applies."""

    def set_language(self, lang: str) -> None:
        """Every scene rebuilt in the new words."""

    def set_fullscreen(self, on: bool) -> None: ...

    def set_text_size(self, name: str) -> None:
        """Every scene rebuilt with the letters of text size `name`."""

    def quit(self) -> None: ...

    # --- the scene stack ---
    scenes: list[Scene]  # bottom first; read only
    match: Scene | None  # the running match's table, kept while the menu shows;
    # set to None by the table when its match is over (nothing left to continue)
    demo_count: int  # club demos started this run: they alternate the two games

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene | str, /, **options: Any) -> Scene:
        """Put `scene` on top; a name (ui/scenes.py) makes a new one from `options`."""
        ...

    def pop(self, scene: Scene | None = None) -> None:
        """Take `scene` (default: the top) off the stack; the menu is never popped."""

    def show_menu(self) -> None:
        """Close every scene but a running match and show the main menu."""

    # --- matches ---
    def start_match(
        self, variant: Any = None, seed: int | None = None,
        practice: bool | None = None, game: Game | None = None,
    ) -> None:  # fmt: skip
        """A new match of `game` (the default game if left out): its Variant, else the
        settings' rules; practice only where the game offers it."""

    def open_matches(self) -> list[OpenMatch]:
        """What Continue can bring back, the match in memory first."""
        ...

    def ending(self, game: Game | None) -> list[OpenMatch]:
        """What starting a new `game` match (None: continuing another game) would end."""
        ...

    def continue_match(self, game: Game | None = None) -> None: ...

    def start_network(self, session: MatchSession) -> None:
        """The table of a network match (the host's session, or a guest's), in place of
        every screen and of the match in memory."""

    def start_demo(self, seed: int | None, idle: bool = False) -> None: ...
