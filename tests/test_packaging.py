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
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"].startswith("klaverjas")
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
