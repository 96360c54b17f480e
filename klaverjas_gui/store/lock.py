"""One copy of the game per data folder: an OS file lock on `<data_dir>/klaverjas.lock`.

A second copy (a double-click twice) would otherwise start its own match over the
first one's and write the same settings. The lock is the operating system's
(fcntl.flock on POSIX, msvcrt.locking on Windows), so it goes with the process:
a killed game never leaves a stale lock behind, and the next start simply takes
it. The file itself stays; it holds the owner's process id for the message and
for debugging only, never to decide anything.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

LOCK_NAME = "klaverjas.lock"
ALREADY_OPEN = 3  # exit status of a second copy: scripts can tell it from a failure (1, 2)
_REGION = 1 << 20  # Windows locks a byte range: one far past the pid, so the pid stays readable


class AlreadyOpen(Exception):
    """Another copy of the game holds the lock of this data folder."""

    def __init__(self, pid: int | None) -> None:
        super().__init__(f"the data folder is in use by process {pid or 'unknown'}")
        self.pid = pid


class InstanceLock:
    """The held lock; `release` (or the end of the process) lets the next copy in."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._fd)
        os.close(self._fd)
        self._fd = None


def acquire(data_dir: Path) -> InstanceLock | None:
    """Take the lock of `data_dir`; raises AlreadyOpen if another copy holds it.

    None when the lock file cannot be made (a read-only stick): nothing can be written
    there anyway, so two copies cannot spoil anything and the game goes on without it."""
    path = data_dir / LOCK_NAME
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # a FIFO of that name must not hang the start
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | nonblocking, 0o644)
    except OSError:
        try:  # an existing lock file on a read-only folder can still be locked for reading
            fd = os.open(path, os.O_RDONLY | nonblocking)
        except OSError:
            return None
    try:
        _lock(fd)
    except OSError as e:
        pid = _read_pid(fd)
        os.close(fd)
        if e.errno in _HELD:
            raise AlreadyOpen(pid) from None
        return None  # a file system without locks (some network drives): go on without
    with contextlib.suppress(OSError):  # only a note: a read-only file keeps the old one
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
    return InstanceLock(path, fd)


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return int(os.read(fd, 32).split()[0])
    except (OSError, ValueError, IndexError):
        return None


if sys.platform == "win32":  # pragma: no cover - the tests run on POSIX
    import msvcrt

    _HELD = (errno.EACCES, errno.EDEADLOCK)  # what msvcrt.locking says when it is taken

    def _lock(fd: int) -> None:
        os.lseek(fd, _REGION, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, _REGION, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    _HELD = (errno.EWOULDBLOCK, errno.EAGAIN)

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
