"""A real small file system for full-disk tests (tmpfs: mounting needs root on Linux)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def mounted(tmp_path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` (mount's words: "1m", "64k") at tmp_path/disk while the test runs;
    the test is skipped where it cannot be mounted (each such test has a simulated twin)."""
    where = tmp_path / "disk"
    where.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True)  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield where
    subprocess.run(["umount", "-l", str(where)], check=True)
