"""The game's one window: its size and place on the desktop, full screen, caption and icon.

`Window` opens it as the player last left it (`remembered_window`, brought onto today's
screen) unless the command line gives a size, and remembers it again when it is moved,
resized or made full screen; the app rebuilds the scenes for a new size.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # crisp on HiDPI Windows
# One window class and Wayland app id on every launch path (`make play` would be
# "__main__.py", the bundle "Klaverjas"), equal to the .desktop file's StartupWMClass, so
# the dock shows our icon and name. Read by SDL when the display starts.
WM_CLASS = "io.github.klaverjas.Klaverjas"
for _hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
    os.environ.setdefault(_hint, WM_CLASS)

import io  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import pygame  # noqa: E402

from . import memory  # noqa: E402
from .ui import theme  # noqa: E402

if TYPE_CHECKING:
    import argparse

    from .store.prefs import Settings

MIN_SIZE = (1024, 600)
TITLE_AND_TASKBAR = 80  # pixels of height a window's title bar and a taskbar take
MAX_SIZE = (7680, 4320)


class Window:
    """The display surface and what the player chose for it (full screen, the window's
    size and place), kept in `settings.window` for the next start."""

    def __init__(self, settings: Settings, args: argparse.Namespace, deterministic: bool) -> None:
        self.settings = settings
        pygame.display.init()
        pygame.font.init()
        # The window as the player last left it, unless this run's size is given: then
        # nothing of the window is remembered either (tests, screenshots, a kiosk's size).
        self.remember = not (args.size or deterministic)
        place = remembered_window(settings.window) if self.remember else None
        if self.remember and not settings.window and not args.windowed:
            # The first start on a netbook: the smallest window and a title bar do not fit
            # its screen, so the game starts full screen, as Settings then says (F11 leaves).
            settings.fullscreen = settings.fullscreen or desktop_too_small()
        self.fullscreen = bool(args.fullscreen) or (
            settings.fullscreen and not (args.windowed or args.size or deterministic)
        )
        self.windowed_size = args.size or (place[0] if place else default_size())
        self.screen = self.open()
        if place is not None and place[1] is not None and not self.fullscreen:
            set_window_position(place[1])
        pygame.display.set_caption("Klaverjas")
        self._set_icon()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()  # type: ignore[no-any-return]

    def open(self) -> pygame.Surface:
        """The display at `windowed_size`, or full screen."""
        memory.big_blocks_apart()  # window-sized pictures come and go at every resize
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except Exception:  # older SDL or a driver without windows: not worth failing over
                pass
        theme.set_window(screen.get_size())
        return screen

    def _set_icon(self) -> None:
        try:
            from .ui import cardart

            pygame.display.set_icon(cardart.icon(64))
        except Exception:  # the art is optional for the window icon
            pass

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized to `size`, clamped to MIN_SIZE..MAX_SIZE (an X11 window
        without a window manager can report 0 or 1 pixels); full screen keeps its size."""
        if not self.fullscreen:
            size = clamp_size(size)
            if size != self.size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Full screen on or off (the window's own size is kept while full screen)."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.screen = self.open()
        self.settings.fullscreen = self.fullscreen

    def keep(self) -> bool:
        """Remember the window's size and position for the next start (not a full-screen
        size: the window's own size is kept while full screen); True if that changed the
        settings (to be saved)."""
        if not self.remember:
            return False
        window = dict(self.settings.window)
        window["size"] = list(self.windowed_size if self.fullscreen else self.size)
        position = None if self.fullscreen else window_position()
        if position is not None:
            window["position"] = list(position)
        if window == self.settings.window:
            return False
        self.settings.window = window
        return True

    def save_png(self, path: Path) -> None:
        """Save the screen as a PNG at `path`: a file is replaced whole (a temporary file
        renamed over it), so a failed save leaves no half picture; OSError if it fails."""
        png = io.BytesIO()
        pygame.image.save(self.screen, png, "png")
        path.parent.mkdir(parents=True, exist_ok=True)
        if is_device(path):  # /dev/stdout: written in place
            path.write_bytes(png.getvalue())
            return
        part = path.with_name(f".{path.name}.{os.getpid()}.part")
        try:
            with part.open("wb") as f:
                f.write(png.getvalue())
                f.flush()
                os.fsync(f.fileno())
            os.replace(part, path)
        finally:
            part.unlink(missing_ok=True)


def is_device(path: Path) -> bool:
    """An existing file that is no regular file nor folder (/dev/stdout): written in place."""
    return path.exists() and not path.is_file() and not path.is_dir()


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """`size` brought within MIN_SIZE..MAX_SIZE in each direction."""
    return (
        min(MAX_SIZE[0], max(MIN_SIZE[0], int(size[0]))),
        min(MAX_SIZE[1], max(MIN_SIZE[1], int(size[1]))),
    )


def desktop_size() -> tuple[int, int] | None:
    try:
        w, h = pygame.display.get_desktop_sizes()[0]
    except Exception:
        return None
    return (int(w), int(h)) if w > 0 and h > 0 else None


def remembered_window(
    window: dict[str, list[int]], desktop: tuple[int, int] | None = None
) -> tuple[tuple[int, int], tuple[int, int] | None] | None:
    """The stored window's size and position brought onto the current screen: no larger
    than the desktop (nor than MIN_SIZE..MAX_SIZE allows) and placed so that all of it
    shows (a laptop unplugged from a big monitor); None if nothing is stored."""
    if "size" not in window:
        return None
    desktop = desktop or desktop_size()
    w, h = clamp_size(window["size"])  # type: ignore[arg-type]
    if desktop is not None:
        w, h = clamp_size((min(w, desktop[0]), min(h, desktop[1])))
    position = window.get("position")
    if position is None:
        return (w, h), None
    x, y = int(position[0]), int(position[1])
    if desktop is not None:
        x = min(max(0, x), max(0, desktop[0] - w))
        y = min(max(0, y), max(0, desktop[1] - h))
    return (w, h), (x, y)


def window_position() -> tuple[int, int] | None:
    """Where the window is on the desktop (None: the driver cannot say)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            x, y = pygame.Window.from_display_module().position
    except Exception:
        return None
    return int(x), int(y)


def set_window_position(position: tuple[int, int]) -> None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().position = position
    except Exception:  # a driver without window positions (Wayland): the system places it
        pass


def desktop_too_small() -> bool:
    """The screen cannot hold the smallest window with its title bar and a taskbar (a
    1024x600 netbook; its width is no trouble: a window's side frames are a few pixels)."""
    try:
        _, dh = pygame.display.get_desktop_sizes()[0]
    except Exception:  # no display to ask: a window as usual
        return False
    return dh < MIN_SIZE[1] + TITLE_AND_TASKBAR


def default_size() -> tuple[int, int]:
    """Most of the desktop at 16:9, within the supported range (sensible on HiDPI)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except Exception:
        dw, dh = 1280, 720
    w = min(int(dw * 0.8), int(dh * 0.8 * 16 / 9), 3840)
    w = max(MIN_SIZE[0], w)
    h = max(MIN_SIZE[1], round(w * 9 / 16))
    return w, h
