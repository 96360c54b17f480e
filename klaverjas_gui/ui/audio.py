"""The game's sounds, ready a moment after the first frame.

Synthesising the samples takes about a tenth of a second, so the SoundBoard is
built on a helper thread once the window shows; until then, and whenever no
audio device exists, `play` is silent. The table names sounds by what
happened; this maps them to the SoundBoard's names.
"""

from __future__ import annotations

import threading

from ..store.prefs import Settings

ALIASES = {"trick": "sweep", "sweep": "sweep"}


class Audio:
    def __init__(self, settings: Settings, enabled: bool = True) -> None:
        self.settings = settings
        self.enabled = enabled
        self.board = None
        self._thread: threading.Thread | None = None
        self.played: list[str] = []  # the last sounds asked for (tests look at it)

    def start(self) -> None:
        """Build the SoundBoard in the background (call after the first frame)."""
        if not self.enabled or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._build, name="klaverjas-sound", daemon=True)
        self._thread.start()

    def _build(self) -> None:
        try:
            from .sound import SoundBoard

            self.board = SoundBoard(self.settings.volume, self.settings.muted)
        except Exception:  # no mixer, no device: the game is silent, not broken
            self.board = None

    def wait_ready(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def play(self, name: str) -> None:
        self.played = [*self.played[-15:], name]
        board = self.board
        if board is None:
            return
        try:
            board.muted = self.settings.muted
            board.volume = self.settings.volume
            from .sound import SOUND_NAMES

            names = SOUND_NAMES
            wanted = name if name in names else ALIASES.get(name, name)
            if wanted in names:
                board.play(wanted)
        except Exception:  # a vanished device must never interrupt play
            pass
