"""`klaverjas --smoke` draws every scene; the wheel and the bundle pass it after install."""

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from klaverjas_gui import app, smoke
from klaverjas_gui.version import version

ROOT = Path(__file__).resolve().parent.parent
# Without PYTHONPATH: a checkout on the path (and the egg-info a build leaves in it) would
# stand in for the installed wheel.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
ENV.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


@pytest.mark.slow
def test_smoke_draws_every_scene(capsys):
    assert app.main(["--smoke"]) == 0
    assert f"ok, {len(smoke.SCENES)} scenes drawn" in capsys.readouterr().out


def test_smoke_names_the_scene_that_failed(monkeypatch, capsys):
    """Between two scenes that draw (every scene is drawn by the test above)."""

    def broken(_app):
        raise RuntimeError("art missing")

    scenes = {"menu": smoke.SCENES["menu"], "broken scene": broken, "about": smoke.SCENES["about"]}
    monkeypatch.setattr(smoke, "SCENES", scenes)
    assert app.main(["--smoke"]) == 1
    out = capsys.readouterr().out
    assert "FAILED broken scene: RuntimeError: art missing" in out
    assert "1 of 3 scenes failed: broken scene" in out


@pytest.mark.slow(60)
def test_installed_wheel_runs_smoke(tmp_path):
    """Build the wheel, install it (not editable) into a fresh venv, run from elsewhere."""
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("klaverjas_gui-*.whl"))
    licence = [
        n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".dist-info/licenses/LICENSE")
    ]
    assert licence and b"The Klaverjas developers" in zipfile.ZipFile(wheel).read(licence[0])
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)  # this pip installs into it: no second pip to set up
    py = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", str(wheel)],
        check=True,
        capture_output=True,
        env=ENV,
    )
    result = subprocess.run(
        [str(env_dir / "bin" / "klaverjas"), "--smoke"],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    found = subprocess.run(
        [str(py), "-c", "import klaverjas_gui.ui.cardart as c; print(c.assets_dir())"],
        cwd=tmp_path, env=ENV, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert str(env_dir) in found.stdout  # the art came from the wheel, not the checkout
    dutch = subprocess.run(
        [str(py), "-c", "from klaverjas_gui import i18n; i18n.set_language('nl');"
         " print(i18n.tr('ui.menu_new_match'), i18n.DIRECTORY)"],
        cwd=tmp_path, env=ENV, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert str(env_dir) in dutch.stdout and "ui.menu_new_match" not in dutch.stdout
    # a pip install's menu entry (issue 36 item 13): the desktop file and icons are in the
    # wheel, and its Exec names this venv's script
    xdg = tmp_path / "xdg"
    menu = subprocess.run([str(env_dir / "bin" / "klaverjas"), "--install-desktop"],
                          cwd=tmp_path, env={**ENV, "XDG_DATA_HOME": str(xdg)},
                          capture_output=True, text=True)  # fmt: skip
    assert menu.returncode == 0, menu.stderr
    written = (xdg / "applications" / "io.github.klaverjas.Klaverjas.desktop").read_text()
    assert f"Exec={env_dir / 'bin' / 'klaverjas'}\n" in written
    assert len(list((xdg / "icons" / "hicolor").glob("*/apps/io.github.klaverjas.*"))) >= 9


@pytest.mark.slow(70)
@pytest.mark.skipif(sys.platform == "win32", reason="the CI bundle is built on Linux")
def test_bundle_builds_and_runs_smoke(tmp_path):
    spec = ROOT / "packaging" / "pyinstaller" / "klaverjas.spec"
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"), str(spec)],
        check=True, capture_output=True, cwd=ROOT,
    )  # fmt: skip
    bundle = tmp_path / "dist" / "Klaverjas"
    data = bundle / "_internal"  # PyInstaller 6: everything but the program is in here
    assert "The Klaverjas developers" in (data / "LICENSE.txt").read_text()
    assert "pygame-ce" in (data / "THIRD-PARTY-NOTICES.txt").read_text()
    for font in ("NotoSans", "FiraCode"):
        assert "Open Font License" in (data / "licenses" / f"{font}-LICENSE.txt").read_text()
    assert "LESSER GENERAL PUBLIC" in (data / "licenses" / "pygame-ce-LGPL.txt").read_text()
    said = subprocess.run([str(bundle / "Klaverjas"), "--version"], env=ENV, capture_output=True,
                          text=True, timeout=60, check=True).stdout  # fmt: skip
    assert said == f"klaverjas {version()}\n" and "unknown" not in said  # the metadata came along
    result = subprocess.run(
        [str(bundle / "Klaverjas"), "--smoke"], env=ENV, capture_output=True, text=True,
        timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    # on disk: a library PyInstaller links (x.so -> pygame_ce.libs/x.so) counts once, as
    # it does in the portable zip (packaging/make_portable.py keeps the link a link)
    files = [f for f in bundle.rglob("*") if f.is_file() and not f.is_symlink()]
    size_mb = sum(f.stat().st_size for f in files) / 1e6
    print(f"bundle size: {size_mb:.1f} MB")
    assert size_mb < 60
