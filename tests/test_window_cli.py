"""Window memory, tiny windows and the command line's one-line errors (issue 16, items 14-16).

Memory is checked through the caches' own byte counts, which are deterministic; the RSS a
resize burst leaves is measured by benchmarks/resize_memory.py, not here.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from uitest import DT, post

from klaverjas_gui.app import App, parse_args
from klaverjas_gui.ui import surfcache, theme
from klaverjas_gui.window import MAX_SIZE, MIN_SIZE

ROOT = Path(__file__).resolve().parent.parent


# --- 14: caches bounded by bytes, other scales dropped at a resize ---
def _surface(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)  # 4 bytes a pixel


def test_a_surface_cache_keeps_its_byte_budget_least_recently_used_first() -> None:
    cache = surfcache.SurfaceCache("test", 3 * 40_000)
    for key in "abc":
        cache.get(key, lambda: _surface(100, 100))
    assert cache.bytes == 120_000
    cache.get("a", lambda: _surface(1, 1))  # a hit: "a" is now the most recently used
    cache.get("d", lambda: _surface(100, 100))
    assert cache.bytes <= cache.budget and len(cache) == 3
    made = []
    cache.get("b", lambda: made.append("b") or _surface(100, 100))
    assert made == ["b"], "the least recently used entry went first"
    big = cache.get("huge", lambda: _surface(400, 400))
    assert big.get_size() == (400, 400) and cache.bytes <= cache.budget  # drawn, not kept


def test_a_surface_cache_forgets_other_scales_at_a_resize() -> None:
    cache = surfcache.SurfaceCache("test", 10**6)
    try:
        surfcache.set_scale(1.0, (1280, 720))
        cache.get("small", lambda: _surface(10, 10))
        surfcache.set_scale(1.0, (1300, 720))  # the same scale: kept
        assert len(cache) == 1
        surfcache.set_scale(2.0, (2560, 1440))
        assert len(cache) == 0
        cache.get("small", lambda: _surface(10, 10))
        cache.get("big", lambda: _surface(20, 20))
        surfcache.set_scale(1.0, (1280, 720))
        assert len(cache) == 0 and cache.bytes == 0
    finally:
        surfcache.set_scale(1.0, (1280, 720))


def _check_caches(app) -> None:
    for cache in surfcache.caches():
        assert 0 <= cache.bytes <= cache.budget, f"{cache.name}: {cache.bytes} > {cache.budget}"
    window = theme.ui_scale(app.size)
    assert all(scale == window for scale, _ in theme._idle_managers)


@pytest.mark.slow
def test_resizing_keeps_every_cache_within_its_budget_and_back_home_only_home_pictures(
    make_app,
) -> None:
    """A match with the menu kept behind it, resized 12 times across the allowed sizes."""
    app = make_app("--seed", "1", size="1280x720", first_frame=True)
    app.show_menu()
    app.step(DT)
    app.continue_match()
    for _ in range(5):
        app.step(DT)
    rng = random.Random(16)
    for _ in range(12):
        size = (rng.randint(MIN_SIZE[0], 3840), rng.randint(MIN_SIZE[1], 2160))
        post(pygame.VIDEORESIZE, w=size[0], h=size[1])
        app.step(DT)
        assert app.size == size
        _check_caches(app)
    post(pygame.VIDEORESIZE, w=1280, h=720)
    for _ in range(3):
        app.step(DT)
    _check_caches(app)
    home = theme.scale_for((1280, 720))
    kept = {cache.name: cache.scales() for cache in surfcache.caches() if len(cache)}
    assert {"card art", "card images", "felt", "text"} <= set(kept)
    assert all(scales == {home} for scales in kept.values()), kept


# --- 15: a window of a few pixels is clamped ---
@pytest.mark.parametrize(
    ("size", "clamped"),
    [((0, 0), MIN_SIZE), ((1, 2), MIN_SIZE), ((2, 700), (1024, 700)), ((5000, 1), (5000, 600)),
     ((9000, 2), (MAX_SIZE[0], 600))],
)  # fmt: skip
def test_a_window_of_a_few_pixels_is_clamped_to_the_allowed_sizes(make_app, size, clamped) -> None:
    app = make_app("--seed", "1", first_frame=True)
    post(pygame.VIDEORESIZE, w=size[0], h=size[1])
    for _ in range(3):
        app.step(DT)
    app.show_menu()  # the kept menu is drawn at the clamped size too
    app.step(DT)
    assert app.size == clamped


# --- 16: the command line: one line, exit status 2 ---
def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "klaverjas_gui", *argv], cwd=cwd, env=env, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip


def _one_line_exit_2(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seed", str(2**63)], "a seed is 0 to 9223372036854775807"),
        (["--seed", str(10**30)], "a seed is 0 to"),
        (["--data-dir", ""], "--data-dir: expected a folder"),
        (["--data-dir", "  "], "--data-dir: expected a folder"),
        (["--screenshot", "shot.txt"], "end the name in .png"),
        (["--screenshot", "folder.png"], "is a folder"),
        (["--screenshot", "file.png/shot.png"], "is not a folder"),
        (["--screenshot", "file.png/deeper/shot.png"], "is not a folder"),
        (["--screenshot", "/proc/klaverjas-shot.png"], "cannot create a file in '/proc'"),
        (["--size", "100000x100000"], "size 100000x100000 is outside 1024x600 .. 7680x4320"),
        (["--size", "9" * 5000 + "x600"], "is outside 1024x600"),
        (["--size", "800x600"], "size 800x600 is outside"),
        (["--size", "1280x72o"], "size must look like 1280x720"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2_before_the_run(tmp_path, argv, words) -> None:
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "file.png").write_bytes(b"not a folder")
    _one_line_exit_2(_run(*argv, "--frames", "1", cwd=tmp_path), words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.png", "folder.png"]


def test_a_screenshot_that_cannot_be_written_at_the_end_is_one_line_and_exit_2(tmp_path) -> None:
    _one_line_exit_2(
        _run("--screenshot", "/dev/full", "--frames", "2", cwd=tmp_path),
        "could not save the screenshot to '/dev/full': No space left on device",
    )


def test_the_largest_seed_and_an_upper_case_png_work(tmp_path) -> None:
    shot = tmp_path / "new" / "Shot.PNG"
    result = _run("--seed", str(2**63 - 1), "--screenshot", str(shot), "--frames", "2",
                  cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert [p.name for p in shot.parent.iterdir()] == ["Shot.PNG"]  # no temporary file left


@pytest.mark.parametrize(
    "desktop, full", [((1024, 600), True), ((1280, 640), True), ((1024, 768), False)]
)
def test_the_first_start_on_a_netbook_screen_is_full_screen_and_says_so(tmp_path, monkeypatch,
                                                                        desktop, full):  # fmt: skip
    """The smallest window (1024x600) and its title bar do not fit a 1024x600 screen: the
    first start fills it, and Settings and the next start say full screen; a larger screen
    gets a window. The player's own choice afterwards (F11) is kept."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])

    def start(leave_full_screen: bool = False) -> tuple[bool, bool]:
        app = App(parse_args(["--data-dir", str(tmp_path)]), audio=False)
        try:
            app.step(DT)
            shown = (app.fullscreen, app.settings.fullscreen)
            if leave_full_screen:
                app.set_fullscreen(False)
        finally:
            app.close()
        return shown

    assert start() == (full, full)
    assert start(leave_full_screen=True) == (full, full)
    assert start() == (False, False)
