"""`klaverjas --install-desktop` / `--uninstall-desktop` (issue 36 item 13): the shipped
desktop file and icons land in the user's XDG folders, always under a temporary
XDG_DATA_HOME here, and go again."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas_gui import desktop

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.klaverjas.Klaverjas"


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "klaverjas_gui", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="freedesktop.org menus only")
def test_install_puts_the_desktop_file_and_icons_into_xdg_data_home_and_uninstall_removes_them(
    tmp_path,
):
    home = tmp_path / "data home"  # a space: the folder is named as it is
    env = {**os.environ, "XDG_DATA_HOME": str(home), "HOME": str(tmp_path / "home")}
    foreign = home / "applications" / "other.desktop"
    foreign.parent.mkdir(parents=True)
    foreign.write_text("[Desktop Entry]\n")
    result = run("--install-desktop", env=env)
    assert result.returncode == 0, result.stderr
    assert str(home / "applications" / f"{APP_ID}.desktop") in result.stdout
    written = home / "applications" / f"{APP_ID}.desktop"
    shipped, installed = entry(LINUX / f"{APP_ID}.desktop"), entry(written)
    assert {k: v for k, v in installed.items() if k != "Exec"} == {
        k: v for k, v in shipped.items() if k != "Exec"
    }
    assert installed["Exec"] == desktop.exec_line(desktop.launcher())  # this installation
    assert Path(installed["Exec"].strip('"')).is_absolute() or installed["Exec"].startswith(
        sys.executable
    )
    sizes = set()
    for icon in (LINUX / "icons").rglob(f"{APP_ID}.*"):
        copy = home / "icons" / icon.relative_to(LINUX / "icons")
        assert copy.read_bytes() == icon.read_bytes(), copy
        sizes.add(copy.parent.parent.name)
    assert {"16x16", "48x48", "256x256", "scalable"} <= sizes
    assert not (tmp_path / "home").exists()  # nothing beside XDG_DATA_HOME
    if os.environ.get("CI") or shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(written)], capture_output=True,
                               text=True)  # fmt: skip
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout
    again = run("--install-desktop", env=env)  # twice: the same files, replaced whole
    assert again.returncode == 0 and written.read_text() == desktop.desktop_text(desktop.launcher())
    result = run("--uninstall-desktop", env=env)
    assert result.returncode == 0, result.stderr
    assert not written.exists() and not list((home / "icons").rglob(f"{APP_ID}.*"))
    assert foreign.read_text() == "[Desktop Entry]\n"  # only our files go
    assert "nothing to remove" in run("--uninstall-desktop", env=env).stdout


def test_the_exec_line_quotes_and_escapes_as_the_desktop_entry_specification_says():
    assert desktop.exec_line(["/usr/bin/klaverjas"]) == "/usr/bin/klaverjas"
    assert desktop.exec_line(["/home/an na/bin/klaverjas"]) == '"/home/an na/bin/klaverjas"'
    # " ` $ \ are escaped inside quotes, then every \ once more for the string value
    assert desktop.exec_line(['/x/$a"b']) == '"/x/\\\\$a\\\\"b"'
    assert desktop.exec_line(["/x/100%"]) == "/x/100%%"
    assert desktop.exec_line(["/usr/bin/python3", "-m", "klaverjas_gui"]) == (
        "/usr/bin/python3 -m klaverjas_gui"
    )
    with pytest.raises(ValueError, match="control character"):
        desktop.exec_line(["/x/a\nExec=rm"])  # a second line would be a second key


def test_the_data_folder_follows_xdg_and_ignores_a_relative_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")  # the specification: ignore it
    assert desktop.data_home() == tmp_path / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert desktop.data_home() == tmp_path / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert desktop.data_home() == tmp_path / "xdg"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="freedesktop.org menus only")
def test_a_data_folder_that_cannot_be_written_is_one_line_and_status_2(tmp_path):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    result = run("--install-desktop", env={**os.environ, "XDG_DATA_HOME": str(blocked)})
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"klaverjas: cannot write under {blocked}: ")
    assert len(result.stderr.strip().splitlines()) == 1
    both = run("--install-desktop", "--uninstall-desktop", env=dict(os.environ))
    assert both.returncode == 2 and "not allowed with" in both.stderr


def test_help_says_settings_not_options():
    """The keys' help points to the screen by its name on the menu (issue 36 item 12)."""
    text = run("--help", env=dict(os.environ)).stdout
    assert "see Settings" in text and "see Options" not in text
    assert "--install-desktop" in text and "RULES.md" not in text


def test_an_installation_without_the_desktop_file_says_so(monkeypatch, tmp_path, capsys):
    """A bundle carries no desktop file: one line naming where it looked, status 2, and
    nothing written (not a misleading "cannot write")."""
    monkeypatch.setattr(desktop, "__file__", str(tmp_path / "pkg" / "desktop.py"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "platform", "linux")
    assert desktop.command(remove=False) == 2
    err = capsys.readouterr().err
    assert err.startswith("klaverjas: the desktop file is missing (looked in ")
    assert not (tmp_path / "xdg").exists()
