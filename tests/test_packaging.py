"""Packaging files: the package list, desktop integration, icons, the portable zip."""

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib


ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.klaverjas.Klaverjas"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "klaverjas_gui").rglob("__init__.py")
    }
    assert found <= listed
    assert config["tool"]["setuptools"]["package-dir"]["klaverjas_gui.assets"] == "assets"


def test_desktop_file():
    entry = _desktop_entry()
    # No %U: the program takes no file, and refuses one it is handed
    assert entry["Type"] == "Application" and entry["Exec"] == "klaverjas"
    assert entry["Categories"] == "Game;CardGame;" and entry["Icon"] == APP_ID
    if os.environ.get("CI") or shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(LINUX / f"{APP_ID}.desktop")], check=True)


def test_metainfo_is_valid():
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert len(root.findall("screenshots/screenshot")) >= 3
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    if os.environ.get("CI") or shutil.which("appstreamcli"):  # .ci/run installs it
        result = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(METAINFO)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_metainfo_screenshots_exist_in_the_repository():
    root = ET.parse(METAINFO).getroot()
    for image in root.iter("image"):
        name = image.text.rsplit("/", 1)[-1]
        assert (ROOT / "docs" / "screenshots" / name).is_file(), name


def test_icons_are_generated_by_our_script(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), str(tmp_path)],
                   check=True, capture_output=True)  # fmt: skip
    for made in tmp_path.rglob("*.*"):
        committed = ROOT / "packaging" / made.relative_to(tmp_path)
        assert committed.read_bytes() == made.read_bytes(), committed
    sizes = {p.parent.parent.name for p in (LINUX / "icons").rglob(f"{APP_ID}.png")}
    assert {"16x16", "32x32", "48x48", "64x64", "128x128", "256x256"} <= sizes
    assert (ROOT / "packaging" / "windows" / "klaverjas.ico").read_bytes()[:4] == b"\0\0\1\0"


def test_inno_setup_installs_per_user_without_admin_rights():
    iss = (ROOT / "packaging" / "windows" / "klaverjas.iss").read_text()
    assert "PrivilegesRequired=lowest" in iss
    assert "{localappdata}" in iss and "dist\\Klaverjas\\*" in iss


def test_portable_zip_layout(tmp_path):
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        from make_portable import build
    finally:
        sys.path.pop(0)
    bundle = tmp_path / "Klaverjas"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "Klaverjas.exe").write_bytes(b"exe")
    (bundle / "_internal" / "lib.dll").write_bytes(b"lib")
    out = build(bundle, tmp_path / "out.zip")
    names = set(zipfile.ZipFile(out).namelist())
    assert {"Klaverjas/Klaverjas.exe", "Klaverjas/_internal/lib.dll", "data/README.txt",
            "Klaverjas portable.bat", "klaverjas-portable.sh"} <= names  # fmt: skip
    bat = zipfile.ZipFile(out).read("Klaverjas portable.bat").decode()
    assert "--data-dir" in bat


def _desktop_entry() -> configparser.SectionProxy:
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return desktop["Desktop Entry"]


def test_window_class_is_the_desktop_files_on_every_launch_path():
    """X11 class and Wayland app id, set by importing app (python -m, the script, the bundle's
    launch.py all do) before the display starts, equal StartupWMClass."""
    hints = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID")
    env = {k: v for k, v in os.environ.items() if k not in hints}
    code = f"import os, klaverjas_gui.app; print(*(os.environ[h] for h in {hints!r}))"
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.split()  # fmt: skip
    assert out == [_desktop_entry()["StartupWMClass"]] * 3


def _make_dry_run(target: str, tmp_path: Path) -> str:
    """The commands `make TARGET` would run on a machine without .venv."""
    venv = tmp_path / "venv"
    return subprocess.run(["make", "-n", "-C", str(ROOT), target, f"VENV={venv}"],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip


def test_make_play_installs_the_game_without_the_test_tools(tmp_path):
    play = _make_dry_run("play", tmp_path)
    assert "pip install --quiet -e ." in play and "[test]" not in play
    assert "pip install --quiet -e '.[test]'" in _make_dry_run("test", tmp_path)


def test_pygame_gui_is_pinned_below_its_next_minor_version():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert "pygame-gui>=0.6.14,<0.7" in deps
