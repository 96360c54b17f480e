"""Zip the one-folder bundle as a portable game: everything, settings included, on a USB stick.

Layout of the zip (the data folder sits beside the program, so nothing is
written to the laptop itself):

    Klaverjas/                  the bundle from `make bundle`
    data/                       preferences and match history (--data-dir)
    Klaverjas portable.bat      Windows: starts Klaverjas\\Klaverjas.exe --data-dir data
    klaverjas-portable.sh       Linux: the same

Usage: python packaging/make_portable.py [dist/Klaverjas] [dist/Klaverjas-portable.zip]
"""

from __future__ import annotations

import os
import stat
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAT = '@echo off\r\nstart "" "%~dp0Klaverjas\\Klaverjas.exe" --data-dir "%~dp0data" %*\r\n'
SH = (
    '#!/bin/sh\nhere="$(dirname "$(readlink -f "$0")")"\n'
    'exec "$here/Klaverjas/Klaverjas" --data-dir "$here/data" "$@"\n'
)
README = "Klaverjas keeps its settings and match history in this folder.\n"


def build(bundle: Path, out: Path) -> Path:
    if not bundle.is_dir():
        raise SystemExit(f"no bundle at {bundle}: run `make bundle` first")
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(bundle.rglob("*")):
            info = zipfile.ZipInfo.from_file(path, Path("Klaverjas") / path.relative_to(bundle))
            if path.is_symlink():  # a library PyInstaller links rather than copies: a link
                info.external_attr = (stat.S_IFLNK | 0o777) << 16  # (not 18 MB again)
                z.writestr(info, os.readlink(path))
            elif path.is_file():
                z.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
        z.writestr("data/README.txt", README)
        z.writestr("Klaverjas portable.bat", BAT)
        sh = zipfile.ZipInfo("klaverjas-portable.sh")
        sh.external_attr = 0o755 << 16
        z.writestr(sh, SH)
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    bundle = Path(args[0]) if args else ROOT / "dist" / "Klaverjas"
    out = Path(args[1]) if len(args) > 1 else ROOT / "dist" / "Klaverjas-portable.zip"
    print(build(bundle, out))
