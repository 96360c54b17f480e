"""Safe file writing: a temp file then os.replace, so a crash never leaves half a file."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from pathlib import Path


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write `text` to `path` all or nothing. Raises OSError (read-only, disk full), or
    UnicodeEncodeError (a lone surrogate) before anything is written.

    The temporary file is `<name>.<8 random letters>.tmp` beside `path`; one left by a kill
    is removed at a later start (prefs.remove_stale_temps)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)  # a replaced file keeps it
    except OSError:
        mode = None  # a new file: mkstemp's 0600, for this user only
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def set_aside(path: Path, companions: tuple[str, ...] = ()) -> Path | None:
    """Rename a damaged file to `<name>.bad-<time>` so nothing is lost; None if that fails.

    Each companion that exists (a database's "-wal" and "-shm") goes along as
    `<name>.bad-<time><suffix>`: SQLite finds it there when the kept copy is opened, and
    no stale log is left to be replayed into the fresh file that takes the old name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    moved: list[tuple[str, str]] = []
    try:
        for suffix in ("", *companions):
            source, dest = f"{path}{suffix}", f"{target}{suffix}"
            if suffix and not os.path.lexists(source):
                continue
            os.replace(source, dest)
            moved.append((source, dest))
    except OSError:
        for source, dest in reversed(moved):  # all or nothing: a log never parts from its file
            with contextlib.suppress(OSError):
                os.replace(dest, source)
        return None
    return target


class NotRegularFile(OSError):
    """The file is a folder, FIFO or device: reading a FIFO would wait for ever."""


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file; raises FileNotFoundError, NotRegularFile or OSError.

    Opened without blocking and checked on the open file, so a FIFO put there cannot hang
    the start and cannot be swapped in between a check and the read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(f"{path.name} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)
