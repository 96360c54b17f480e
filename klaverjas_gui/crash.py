"""The log file, and the crash handler around the whole run of the window.

Every run that holds the data folder keeps a small rotating log: in the per-user log
folder (platformdirs), or beside the data with --data-dir (a USB stick keeps its own).
It says when the game started, with which versions, and what went wrong. A crash
anywhere in the window's life is caught once, at the top: its traceback goes to the
log, the player gets one plain message saying where the log is (a message box when
there is a display, stderr always), and the program exits with CRASHED. The match
needs no rescue: every action is stored as it is made, so Continue resumes it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import platform
import sys
import textwrap
import traceback
from collections.abc import Callable, Iterator
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Literal

import platformdirs

from . import i18n
from .store.paths import APP
from .version import version

LOG_NAME = "klaverjas.log"
MAX_BYTES = 256 * 1024  # a few thousand lines; with two old files at most 768 KB
BACKUPS = 2
CRASHED = 1  # the exit status after a crash (argparse's 2 is bad input, 3 another copy)

_crash_log = logging.getLogger("klaverjas.crash")  # the file only: stderr gets the plain words
_crash_log.propagate = False


def log_path(data_dir: str | Path | None) -> Path:
    """Where this run's log is: beside the data with --data-dir, else the user log folder."""
    if data_dir is not None:
        return Path(data_dir).expanduser() / LOG_NAME
    return platformdirs.user_log_path(APP, appauthor=False) / LOG_NAME


class _Printable(logging.Formatter):
    """Log lines made printable (i18n.printable): a path that is not UTF-8 would make the
    UTF-8 file refuse the whole line (a traceback's too)."""

    def format(self, record: logging.LogRecord) -> str:
        return i18n.printable(super().format(record))


class _PrintableRecord(logging.LogRecord):
    """A record whose message is printable for every handler, not only the file's: a
    strict UTF-8 stderr, or a test runner sending captured logs between processes, would
    fail on a path's lone surrogates just as the file does."""

    def getMessage(self) -> str:
        return i18n.printable(super().getMessage())


@contextlib.contextmanager
def log_file(path: Path) -> Iterator[Path | None]:
    """Log to `path` while the block runs; yields the path, or None when it cannot be
    written (a read-only folder): the game runs all the same, without a log."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as e:
        logging.getLogger(__name__).warning("no log file at %s: %s", path, e)
        yield None
        return
    handler.setFormatter(_Printable("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    old_level = root.level
    unset = [other for other in root.handlers if other.level == logging.NOTSET]
    for other in unset:  # stderr keeps the level it had: INFO goes to the file only
        other.setLevel(old_level)
    root.setLevel(min(old_level, logging.INFO))
    root.addHandler(handler)
    _crash_log.addHandler(handler)
    old_factory = logging.getLogRecordFactory()
    logging.setLogRecordFactory(_PrintableRecord)
    try:
        import pygame

        logging.getLogger("klaverjas").info(
            "klaverjas %s started: Python %s, pygame-ce %s, SDL %s, %s",
            version(), platform.python_version(), pygame.version.ver,
            ".".join(map(str, pygame.get_sdl_version())), platform.platform(),
        )  # fmt: skip
        yield path
    finally:
        logging.setLogRecordFactory(old_factory)
        _crash_log.removeHandler(handler)
        root.removeHandler(handler)
        root.setLevel(old_level)
        for other in unset:
            other.setLevel(logging.NOTSET)
        handler.close()


def guarded(play: Callable[[], int], log: Path | None) -> int:
    """play(), and after an exception: the traceback in the log, one message, CRASHED."""
    try:
        return play()
    except Exception as e:  # noqa: BLE001 - the last line of defence: anything at all
        if log is not None:
            _crash_log.critical("crashed: %s: %s", type(e).__name__, e, exc_info=True)
            text = i18n.tr("about.crash_message", path=str(log))
        else:
            traceback.print_exc()
            text = i18n.tr("about.crash_no_log")
        tell(text, "error")
        return CRASHED


BOX_WIDTH = 64  # characters a line of a message box: about 600 pixels in SDL's X11 font


def headless() -> bool:
    """No screen to show a message box on (tests, CI, a server without a display)."""
    return os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen") or (
        sys.platform.startswith("linux")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    )


def tell(text: str, kind: Literal["info", "warn", "error"] = "warn") -> None:
    """One message for the player: on stderr always, in a message box when there is a
    display (a game started from a menu has no terminal to read)."""
    print(f"klaverjas: {text}", file=sys.stderr, flush=True)
    if not headless():
        with contextlib.suppress(Exception):  # no box is fine: stderr has said it
            import pygame

            pygame.display.message_box("Klaverjas", box_text(text), kind)


def box_text(text: str, width: int = BOX_WIDTH) -> str:
    """The text in lines of at most `width` characters (a word longer stays whole): SDL's
    box on X11 draws one line as wide as the text, wider than a small screen."""
    return "\n".join(textwrap.fill(part, width, break_long_words=False, break_on_hyphens=False)
                     for part in text.split("\n"))  # fmt: skip
