"""What every benchmark that opens the app shares: headless drivers, the repo on the path,
and a throwaway data folder, so a benchmark never touches the player's own files."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def app_args(*argv: str) -> list[str]:
    """Command-line arguments for App with a fresh temporary --data-dir in front."""
    return ["--data-dir", tempfile.mkdtemp(prefix="klaverjas-bench-"), *argv]
