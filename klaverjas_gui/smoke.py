"""`klaverjas --smoke`: open the window, draw one frame of every screen, say what failed.

Used by CI on the installed wheel and on the PyInstaller bundle, where a
missing data file (card art, theme, fonts) shows up only at run time. The
screens are the catalogue of ui/catalogue.py (`SCENES` here). The caller opens
the window: this module does not import app.py, which imports it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Protocol

from .ui.catalogue import SCREENS as SCENES
from .ui.shell import Shell

__all__ = ["SCENES", "run"]


class Window(Shell, Protocol):
    """A shell that can also draw a frame and close (app.App)."""

    def step(self, dt: float | None = None) -> None: ...

    def close(self) -> None: ...


def run(open_window: Callable[[], Window], dt: float) -> int:
    """0 when every screen drew a frame of `dt` seconds; 1 and one line per failure."""
    import pygame

    from .ui import theme

    try:
        app = open_window()
    except Exception as e:  # noqa: BLE001 - the point is to report anything
        print(f"smoke: FAILED to open the window: {e}")
        return 1
    failed = []
    try:
        for name, make in SCENES.items():
            try:
                make(app)
                app.step(dt)
            except Exception as e:  # noqa: BLE001
                failed.append(name)
                print(f"smoke: FAILED {name}: {type(e).__name__}: {e}")
                traceback.print_exc()
    finally:
        app.close()
        pygame.quit()
        theme.clear_caches()  # fonts die with pygame.quit
    if failed:
        print(f"smoke: {len(failed)} of {len(SCENES)} scenes failed: {', '.join(failed)}")
        return 1
    print(f"smoke: ok, {len(SCENES)} scenes drawn")
    return 0
