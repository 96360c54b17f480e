"""Headless pygame for every test: the dummy video and audio drivers, set before import.

Also how the run is ordered (slow tests first) and a garbage collector that walks only what
the tests make (see the hooks below)."""

import gc
import os
import sys
import tempfile
from pathlib import Path

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

# Where PYTHONDONTWRITEBYTECODE is set (as in the sandbox the project is built in), every
# process the tests start (each xdist worker, the program killed at fifty moments, the
# network and single-instance processes, ...) would compile the whole package again, about
# 0.2 s of CPU each, and each worker would rewrite every test module's asserts again. They
# share one bytecode cache instead, inside .pytest_cache (ignored by git, like the rest of
# it), so the checkout stays as clean as that setting wants.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    _PYCACHE = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache")
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = _PYCACHE
    sys.dont_write_bytecode = False


import pytest  # noqa: E402


def _weight(item: pytest.Item) -> float:
    """About how long a test takes, for the order: `slow(seconds)`, a bare `slow` 10, else 0."""
    mark = item.get_closest_marker("slow")
    return 0.0 if mark is None else float(mark.args[0]) if mark.args else 10.0


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (`make test`): two workers a core, at most 8. About a sixth of the run a
    worker waits (network processes playing at normal speed, subprocesses, sleeps) and
    another uses the core meanwhile: on 2 cores 2 workers took 6 min 29 s, 3 took 5 min
    19 s and 4 took 5 min 3 s, in the same hour (docs/benchmarks.md, "Test time")."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return min(8, 2 * (cores or 1))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (then in file order): with several workers (`make test`)
    they start at once and the short tests fill in around them, instead of one long test
    starting last and running alone while the other cores idle. xdist's worksteal first
    hands each worker a contiguous block of this order, so the tests are dealt round the
    blocks: each worker starts with its share of the long ones, and the monkey's worker
    does not also run the killed program and the bundle after it."""
    items.sort(key=lambda item: -_weight(item))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = [item for k in range(workers) for item in items[k::workers]]


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is loaded by now (pygame, the engine, the AI's tables, every test module) lives
    as long as the run: frozen, the full collection the app runs at every scene change and
    resize (app.give_back_memory) walks only what the tests make since, a few ms instead of
    30. Nothing the tests make is kept: they still see every cycle of theirs collected."""
    gc.collect()
    gc.freeze()


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
