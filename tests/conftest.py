"""Headless pygame for every test: the dummy video and audio drivers, set before import."""

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game starts in the system's language when it has no settings yet: the tests expect
# English whatever the locale of whoever runs them (tests of that choice set these again).
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

# Settings, history and log of tests that start the app without --data-dir go to a temporary
# folder, never to the per-user folders of whoever runs the tests.
_HOME = tempfile.mkdtemp(prefix="klaverjas-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_STATE_HOME"] = os.path.join(_HOME, "state")  # the log file (crash.py)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test (or the monkey) that switches the language or the text size must not leave it
    for the next."""
    yield
    from klaverjas_gui import i18n
    from klaverjas_gui.ui import theme

    i18n.set_language("en")
    theme.set_text_size("normal")


@pytest.fixture
def make_app(tmp_path):
    """make_app(*argv, speed=, size=, first_frame=, **App options) -> App with its files in
    tmp_path; every app it made is closed after the test (see uitest.Apps)."""
    from uitest import Apps

    apps = Apps(tmp_path / "data")
    yield apps.make
    apps.close()
