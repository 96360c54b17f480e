"""Render the app icon (assets/cards/icon.svg) into the files desktops want.

Writes packaging/linux/icons/hicolor/<n>x<n>/apps/<app id>.png for the usual
sizes, the scalable SVG beside them, and packaging/windows/klaverjas.ico (PNG
frames inside an ICO container, which Windows Vista and later read).
Run with the project's venv: python tools/make_icons.py
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.klaverjas.Klaverjas"
SVG = ROOT / "assets" / "cards" / "icon.svg"
LINUX_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_bytes(size: int) -> bytes:
    surface = pygame.image.load_sized_svg(str(SVG), (size, size))
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, frames: dict[int, bytes]) -> None:
    """An ICO file whose entries are PNG images (width/height 0 means 256)."""
    header = struct.pack("<HHH", 0, 1, len(frames))
    offset = 6 + 16 * len(frames)
    entries, blobs = b"", b""
    for size, data in sorted(frames.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)


def main(out: Path = ROOT / "packaging") -> None:
    for size in LINUX_SIZES:
        target = out / "linux" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png_bytes(size))
    scalable = out / "linux" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    (out / "windows").mkdir(parents=True, exist_ok=True)
    write_ico(out / "windows" / "klaverjas.ico", {s: png_bytes(s) for s in ICO_SIZES})


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "packaging")
