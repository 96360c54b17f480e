"""Where the game keeps its files: the per-user folders, or one folder (portable mode)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP = "klaverjas"


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    data_dir: Path

    @property
    def settings(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def history(self) -> Path:
        return self.data_dir / "history.sqlite"


def resolve(data_dir: str | Path | None = None) -> Paths:
    """Per-user config and data folders; with `data_dir` (a USB stick) both live there."""
    if data_dir is not None:
        d = Path(data_dir).expanduser()
        return Paths(d, d)
    return Paths(
        platformdirs.user_config_path(APP, appauthor=False),
        platformdirs.user_data_path(APP, appauthor=False),
    )
