"""The player's files for one run of the program: settings and match history.

One place opens them (per-user folders, or one folder in portable mode),
saves the settings after every change, and collects what went wrong (a
damaged file set aside, a read-only or full disk) as plain sentences that the
window shows once. The game never stops over its files.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from pathlib import Path

from ..i18n import shown
from . import prefs
from .history import History
from .paths import Paths, resolve


class Store:
    """Settings and history of this run, and the messages the player has not seen yet."""

    def __init__(self, data_dir: str | Path | None = None, recover: bool = True) -> None:
        """`recover` False: an export beside a running game, which must leave the game's
        journal of waiting moves to the game (history.History)."""
        self.paths: Paths = resolve(data_dir)
        self._settings_file = prefs.SettingsFile(self.paths.settings)
        self.settings, notes = self._settings_file.load()
        self.history = History(self.paths.history, recover=recover)
        self._pending: list[str] = list(notes)
        self._history_seen = 0
        self._save_failed = not self._settings_file.writable  # told once already, at load

    def save_settings(self) -> bool:
        """Write the settings now; a refusal is reported once, then play goes on."""
        message = self._settings_file.save(self.settings)
        if message and not self._save_failed:
            self._pending.append(message)
        self._save_failed = message is not None
        return message is None

    def messages(self) -> list[str]:
        """What the player has not been told yet (each message comes out once)."""
        new = self._pending + self.history.messages[self._history_seen :]
        self._pending = []
        self._history_seen = len(self.history.messages)
        return [shown(m) for m in new]  # in the language of the moment they are told

    def export_history(self, path: Path | None = None) -> tuple[Path, int, int]:
        """Write the history as CSV (by default a dated file in the data folder), all or
        nothing. Returns the file, its number of deal rows and the damaged matches left out;
        raises OSError if it cannot be written, or if `path` is one of our own files."""
        if path is None:
            path = self.paths.data_dir / f"history-{time.strftime('%Y%m%d-%H%M%S')}.csv"
            path.parent.mkdir(parents=True, exist_ok=True)
        mine = self.own_file(path)
        if mine:
            raise OSError(errno.EEXIST, f"that is the {mine} file itself")
        rows, skipped = self.history.export_csv(path)
        return path, rows, skipped

    def own_file(self, path: Path) -> str | None:
        """'history' or 'settings' if `path` is (a link to) one of them, or to the history's
        -wal/-shm: an export there would destroy what it exports."""
        history, settings = self.paths.history, self.paths.settings
        own = {
            history: "history",
            history.with_name(history.name + "-wal"): "history",
            history.with_name(history.name + "-shm"): "history",
            settings: "settings",
        }
        target = path.resolve()
        for file, name in own.items():
            if target == file.resolve():
                return name
            with contextlib.suppress(OSError):
                if os.path.samefile(path, file):
                    return name
        return None

    def close(self) -> None:
        self.history.close()


def export_command(target: Path, data_dir: Path | None) -> int:
    """`klaverjas --export-history FILE`: 0 once written; 2 and one line if it cannot be."""
    store = Store(data_dir, recover=False)  # the game may be open and own the journal
    try:
        for message in store.messages():
            print(f"klaverjas: {message}", file=sys.stderr)
        try:
            path, rows, skipped = store.export_history(target)
        except OSError as e:
            reason = e.strerror or str(e)
            print(f"klaverjas: cannot write {target}: {reason}", file=sys.stderr)
            return 2
        left_out = f"; {skipped} damaged matches left out" if skipped else ""
        print(f"klaverjas: {rows} deals written to {path}{left_out}")
        return 0
    finally:
        store.close()
