"""`klaverjas --install-desktop`: a menu entry for a pip or pipx install on Linux.

A wheel has no place for a desktop file, so the game copies the one packaging/linux
ships (the wheel carries that folder as klaverjas_gui/linux) and its icons into the
user's XDG data folder ($XDG_DATA_HOME, else ~/.local/share): applications/ and
icons/hicolor/<size>/apps/, where every freedesktop.org menu looks. Its Exec line
names the installed `klaverjas` by its full path, since the ~/.local/bin of pipx is not
on every desktop session's PATH. `--uninstall-desktop` removes exactly those files.
Nothing here needs a window: it runs before pygame opens one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .store.files import write_atomic

APP_ID = "io.github.klaverjas.Klaverjas"
DESKTOP = f"{APP_ID}.desktop"


def source_dir() -> Path:
    """packaging/linux: inside the package for an installed wheel, else the checkout's."""
    package = Path(__file__).resolve().parent
    candidates = (package / "linux", package.parent / "packaging" / "linux")
    for candidate in candidates:
        if (candidate / DESKTOP).is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"the desktop file is missing (looked in {looked})")


def data_home() -> Path:
    """$XDG_DATA_HOME if it is an absolute path (the specification ignores any other),
    else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this installation: its `klaverjas` script when there is
    one beside this Python (a venv, pipx) or on PATH, else this Python with -m."""
    beside = Path(sys.executable).with_name("klaverjas")
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which("klaverjas")
    return [found] if found else [sys.executable, "-m", "klaverjas_gui"]


def exec_line(argv: list[str]) -> str:
    """`argv` as a desktop file's Exec value: an argument with a space or a reserved
    character is quoted, with " ` $ and \\ escaped inside; % is doubled (the Desktop
    Entry Specification, "The Exec key"). The file format escapes \\ once more."""
    out = []
    for arg in argv:
        if any(ord(c) < 32 or ord(c) == 127 for c in arg):
            raise ValueError(f"{arg!r} has a control character: a desktop file cannot name it")
        arg = arg.replace("%", "%%")
        if any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
            arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
        out.append(arg.replace("\\", "\\\\"))
    return " ".join(out)


def desktop_text(argv: list[str]) -> str:
    """The shipped desktop file with its Exec line starting this installation."""
    lines = (source_dir() / DESKTOP).read_text(encoding="utf-8").splitlines()
    return "".join(
        (f"Exec={exec_line(argv)}" if line.startswith("Exec=") else line) + "\n" for line in lines
    )


def icons() -> dict[Path, Path]:
    """Each shipped icon -> its place under the data folder (icons/hicolor/<size>/apps/)."""
    root = source_dir() / "icons"
    return {p: p.relative_to(root) for p in sorted(root.glob(f"hicolor/*/apps/{APP_ID}.*"))}


def targets(home: Path) -> list[Path]:
    """Every file `install` writes under `home`: the desktop file, then the icons."""
    return [home / "applications" / DESKTOP, *(home / "icons" / r for r in icons().values())]


def install(home: Path | None = None, argv: list[str] | None = None) -> list[Path]:
    """Write the desktop file and the icons under `home` (each file whole or not at all);
    the files written. Raises OSError if one cannot be written."""
    home = home or data_home()
    written = []
    for source, relative in icons().items():
        target = home / "icons" / relative
        write_atomic(target, source.read_bytes())
        written.append(target)
    entry = home / "applications" / DESKTOP  # last: the menu shows it with its icon there
    write_atomic(entry, desktop_text(argv or launcher()))
    written.append(entry)
    _refresh(entry.parent)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` wrote under `home` (and nothing else); the files removed."""
    home = home or data_home()
    removed = []
    for target in targets(home):
        if target.is_file():
            target.unlink()
            removed.append(target)
    if removed:
        _refresh(home / "applications")
    return removed


def _refresh(applications: Path) -> None:
    """Tell the menus at once where the tool for it is installed (most also watch the
    folder, so its absence or failure changes nothing)."""
    tool = shutil.which("update-desktop-database")
    if tool and applications.is_dir():
        subprocess.run([tool, "-q", str(applications)], check=False, capture_output=True,
                       timeout=30)  # fmt: skip


def command(remove: bool) -> int:
    """`--install-desktop` / `--uninstall-desktop`: 0 and what was done, or 2 and one line."""
    if sys.platform in ("win32", "darwin"):
        print(
            "klaverjas: --install-desktop is for Linux desktops (freedesktop.org menus); "
            "on Windows and macOS use the installer or the app bundle",
            file=sys.stderr,
        )
        return 2
    home = data_home()
    try:
        source_dir()
    except FileNotFoundError as e:  # a bundle: it has its own installer or zip
        print(f"klaverjas: {e}", file=sys.stderr)
        return 2
    try:
        if remove:
            done = uninstall(home)
            what = f"removed {len(done)} files" if done else "nothing to remove"
            print(f"klaverjas: menu entry {what} under {home}")
            return 0
        done = install(home)
    except ValueError as e:
        print(f"klaverjas: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"klaverjas: cannot write under {home}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(f"klaverjas: menu entry written to {done[-1]}, with {len(done) - 1} icons "
          f"under {home / 'icons' / 'hicolor'}; --uninstall-desktop removes them")  # fmt: skip
    return 0
