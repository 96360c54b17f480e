"""A data folder whose name is not UTF-8 (issue 35, item 5): an old USB stick with Latin-1
names on Linux. Python hands such a name over with lone surrogates (PEP 383), which no font,
UTF-8 log or strict terminal takes; the game crashed as soon as a message named the path."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from uitest import DT, click_button

from klaverjas_gui import crash
from klaverjas_gui.i18n import Message, printable, set_language, shown, tr
from klaverjas_gui.ui.history import HistoryScene

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="bytes file names: Linux")


def latin1(folder: Path, name: bytes = b"caf\xe9") -> Path:
    """A folder named with Latin-1 bytes inside `folder`, as Python names it."""
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + name))


def test_printable_shows_each_byte_that_is_not_utf8_and_escapes_a_path_s_control_characters():
    path = Path(os.fsdecode(b"/media/stick/caf\xe9/two\nlines"))
    assert printable(path) == "/media/stick/caf\\xe9/two\\nlines"
    assert printable(Path("/media/clé/Müller")) == "/media/clé/Müller"  # real UTF-8 stays
    assert printable("caf\udce9") == "caf\\xe9"
    assert printable("two\nlines") == "two\nlines"  # text that is no path keeps its lines
    for lang in ("en", "nl", "fr"):
        set_language(lang)
        said = tr("store.history_folder_read_only", folder=path)
        said.encode("utf-8")  # no surrogate left: a font, a log and a terminal take it
        assert "caf\\xe9" in said
        assert shown(Message("store.history_folder_read_only", folder=path)) == said


def test_a_message_naming_a_folder_that_is_not_utf8_is_shown_without_a_crash(make_app, tmp_path):
    blocker = latin1(tmp_path, b"stick-\xe9")
    blocker.write_text("a file where the data folder's parent should be")
    data = blocker / "klaverjas"  # cannot be made: the game plays from memory and says why
    app = make_app("--data-dir", str(data), first_frame=True)
    said = app.toasts.current_text or ""
    assert "stick-\\xe9" in said, said
    for _ in range(5):
        app.step(DT)  # the toast is wrapped and drawn: this crashed


def test_an_export_into_a_folder_that_is_not_utf8_is_told_without_a_crash(make_app, tmp_path):
    data = latin1(tmp_path)
    data.mkdir()
    app = make_app("--data-dir", str(data), first_frame=True)
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    click_button(app, scene, "export")
    said = app.toasts.current_text or ""
    assert "caf\\xe9" in said and said.encode("utf-8"), said
    for _ in range(5):
        app.step(DT)
    assert [p.suffix for p in data.iterdir() if p.name.startswith("history-")] == [".csv"]


def test_the_command_line_and_the_log_name_such_a_folder_printably(tmp_path):
    data = latin1(tmp_path)
    data.mkdir()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "SDL_VIDEODRIVER": "dummy"}
    out = data / "out.csv"
    done = subprocess.run(
        [sys.executable, "-m", "klaverjas_gui", "--export-history", str(out), "--data-dir",
         str(data)],
        cwd=ROOT, env=env, capture_output=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert done.stdout.decode("utf-8").strip().endswith("caf\\xe9/out.csv")
    with crash.log_file(data / crash.LOG_NAME):
        logging.getLogger("klaverjas").warning("a path: %s", data)  # no printable() here
        logging.getLogger("klaverjas").warning(shown(Message("store.history_memory",
                                                             folder=data, error="x")))  # fmt: skip
    text = (data / crash.LOG_NAME).read_text("utf-8")
    assert text.count("caf\\xe9") == 2, text
