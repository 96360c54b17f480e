"""The licence texts the bundle must carry, found in the installed packages at bundle time.

Copied, never written from memory: each text comes from the package that ships it
(pygame-ce's LGPL, the MIT texts in the dist-info folders, the OFL texts of the fonts
pygame-gui ships). A missing one stops the bundle build, so no bundle goes out without
its notices. Used by packaging/pyinstaller/klaverjas.spec and tests/test_packaging.py.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTICES = ROOT / "packaging" / "THIRD-PARTY-NOTICES.txt"

# bundle name -> (distribution, path of the file inside it)
LICENCES = {
    "pygame-ce-LGPL.txt": ("pygame-ce", "pygame/docs/generated/LGPL.txt"),
    "pygame-gui-LICENSE.txt": ("pygame-gui", "LICENSE.txt"),
    "python-i18n-LICENSE.txt": ("python-i18n", "LICENSE"),
    "platformdirs-LICENSE.txt": ("platformdirs", "LICENSE"),
    "websockets-LICENSE.txt": ("websockets", "LICENSE"),
    "zeroconf-COPYING.txt": ("zeroconf", "COPYING"),
    "ifaddr-LICENSE.txt": ("ifaddr", "LICENSE.txt"),
    "NotoSans-LICENSE.txt": ("pygame-gui", "pygame_gui/data/licenses/NotoSans-LICENSE.txt"),
    "FiraCode-LICENSE.txt": ("pygame-gui", "pygame_gui/data/licenses/FiraCode-LICENSE.txt"),
}


def _find(dist: str, tail: str) -> Path:
    """The installed file of `dist` whose path ends with `tail` (dist-info folders differ
    between wheel versions: LICENSE, licenses/LICENSE)."""
    files = metadata.distribution(dist).files or []
    for f in files:
        if f.as_posix() == tail or f.as_posix().endswith("/" + tail):
            found = Path(f.locate())
            if found.is_file():
                return found
    raise FileNotFoundError(f"{dist} does not ship {tail}: the bundle needs its licence text")


def licence_files() -> dict[str, Path]:
    """Bundle name -> installed licence file, for every entry of LICENCES."""
    return {name: _find(dist, tail) for name, (dist, tail) in LICENCES.items()}


def toc() -> list[tuple[str, str, str]]:
    """PyInstaller TOC entries (name in the bundle, source, "DATA"): LICENSE.txt and the
    notices at the top of the bundle's data folder, the texts under licenses/."""
    top = [("LICENSE.txt", ROOT / "LICENSE"), ("THIRD-PARTY-NOTICES.txt", NOTICES)]
    texts = [(f"licenses/{name}", path) for name, path in licence_files().items()]
    return [(name, str(path), "DATA") for name, path in top + texts]
