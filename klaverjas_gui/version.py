"""The program's version, said once: pyproject.toml's, as the installed metadata carries it.

A checkout run without installing (PYTHONPATH=.) has no metadata: then pyproject.toml
beside the package says it. The bundle carries the metadata (klaverjas.spec copies it).
"""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

DIST = "klaverjas-gui"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    """ "0.1.0"; "unknown" only when neither the metadata nor pyproject.toml can be read."""
    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        pass
    try:
        found = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"
    return found if isinstance(found, str) else "unknown"
