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

from ..crash import log_path
from ..i18n import printable, shown, tr
from . import prefs
from .history import History
from .paths import Paths, resolve


class Store:
    """Settings and history of this run, and the messages the player has not seen yet."""

    def __init__(self, data_dir: str | Path | None = None, recover: bool = True) -> None:
        """`recover` False: an export beside a running game, which must leave the game's
        journal of waiting moves to the game (history.History)."""
        self.paths: Paths = resolve(data_dir)
        self._data_dir = data_dir  # as given: where the log is (crash.log_path)
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
            raise OSError(errno.EEXIST, tr("store.export_own_file", name=mine))
        rows, skipped = self.history.export_csv(path)
        return path, rows, skipped

    def own_file(self, path: Path) -> str | None:
        """The name of the game's own file or folder that `path` is, however it is spelt (a
        link, `..`, a relative path, a hard link), or None. An export there would destroy it:
        onto the history what it exports, onto `klaverjas.lock` the one-copy lock (the rename
        gives the path a new file, so a second copy starts). In the data, settings and log
        folders only a `.csv` file (an earlier export) may be written; the folders themselves
        and everything else in them (history, -wal, -shm, settings, lock, log, files set
        aside, a journal) are the game's own."""
        folders = {Path(os.path.realpath(f)): f for f in self._own_folders()}
        target = Path(os.path.realpath(path))
        key = os.path.normcase
        for real, folder in folders.items():
            if key(target) == key(real):
                return str(folder)
            if key(target.parent) == key(real) and not _export_name(target.name):
                return target.name
        for real in folders:  # a hard link elsewhere to one of our files
            with contextlib.suppress(OSError), os.scandir(real) as entries:
                for entry in entries:
                    if _export_name(entry.name) or not entry.is_file(follow_symlinks=False):
                        continue
                    with contextlib.suppress(OSError):
                        if os.path.samefile(entry.path, path):
                            return entry.name
        return None

    def _own_folders(self) -> list[Path]:
        """The folders holding the game's files: data, settings and the log's."""
        return [self.paths.data_dir, self.paths.config_dir, log_path(self._data_dir).parent]

    def close(self) -> None:
        self.history.close()


def _export_name(name: str) -> bool:
    """A name an export may have inside the game's folders: a CSV file's."""
    return name.lower().endswith(".csv")


def export_command(target: Path, data_dir: Path | None) -> int:
    """`klaverjas --export-history FILE`: 0 once written; 2 and one line if it cannot be.
    A --data-dir that is no folder is said so: a mistyped one used to make that folder and
    export "0 deals", as if the player had no matches."""
    if data_dir is not None and not data_dir.expanduser().is_dir():
        there = "is not a folder" if data_dir.expanduser().exists() else "no folder there"
        print(f"klaverjas: argument --data-dir: {printable(data_dir)} {there}: no history "
              f"to export", file=sys.stderr)  # fmt: skip
        return 2
    store = Store(data_dir, recover=False)  # the game may be open and own the journal
    try:
        for message in store.messages():
            print(f"klaverjas: {message}", file=sys.stderr)
        try:
            path, rows, skipped = store.export_history(target)
        except OSError as e:
            reason = e.strerror or str(e)
            print(f"klaverjas: cannot write {printable(target)}: {reason}", file=sys.stderr)
            return 2
        left_out = f"; {skipped} damaged matches left out" if skipped else ""
        print(f"klaverjas: {rows} deals written to {printable(path)}{left_out}")
        return 0
    finally:
        store.close()
