"""A tiny player for the headless UI tests: it starts apps and acts only through posted
pygame events and `App.step`, as a person's mouse and keyboard would.

One module, so that every UI test file clicks, presses and waits the same way; the
`make_app` fixture in conftest.py hands out `Apps.make`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from klaverjas_gui.app import App, parse_args
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.settings import SettingsScene
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.scene import TableScene
from klaverjas_gui.ui.tutorial import LearnScene

DT = 1 / 60


class Apps:
    """Starts apps whose files stay in one temporary folder, and closes them all after."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.apps: list[App] = []

    def make(self, *argv: str, speed: str = "instant", size: str = "1024x600",
             first_frame: bool = False, **options: bool) -> App:  # fmt: skip
        """An app on `argv` (its data in the folder unless --data-dir is given); `options`
        go to App (deterministic, autopilot); `first_frame` steps once before returning."""
        data = [] if "--data-dir" in argv else ["--data-dir", str(self.data_dir)]
        app = App(parse_args(["--size", size, "--speed", speed, *data, *argv]), audio=False,
                  **options)  # fmt: skip
        self.apps.append(app)
        pygame.event.clear()
        if first_frame:
            app.step(DT)
        return app

    def close(self) -> None:
        for app in self.apps:
            app.close()


def run_until(app: App, cond: Callable[[], bool], frames: int = 20_000, seconds: float = 60) -> int:
    """Step frames until cond() holds; returns how many it took. Each frame leaves a moment
    to the worker threads (computer players, hints), as a real frame's wait would."""
    deadline = time.monotonic() + seconds
    for n in range(frames):
        if cond():
            return n
        app.step(DT)
        time.sleep(0.0002)
        if time.monotonic() > deadline:
            break
    raise AssertionError(f"condition not reached: {describe(app)}")


def describe(app: App) -> str:
    """What the app was doing, for a failure message."""
    tables = [s for s in app.scenes if isinstance(s, TableScene)]
    if not tables:
        return f"scenes {app.scenes}"
    t = tables[0]
    return (
        f"scenes {[type(s).__name__ for s in app.scenes]}, {t.session.state!r}, "
        f"idle {t.director.idle}, "
        f"script {t.director.current}, job {t.session.job}, prompt {list(t.prompt.actions)}"
    )


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def motion(app: App, pos: tuple[int, int]) -> None:
    """The mouse moves to pos, no button held."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(DT)
    app.step(DT)  # pygame-gui's press event arrives on the next frame


def click_button(app: App, scene, key: str) -> None:
    click(app, scene.buttons[key].get_abs_rect().center)


def click_in_form(app: App, scene: SettingsScene, key: str) -> None:
    """Scroll the settings form with the wheel until the button shows, then click it."""
    box = scene.form.box.get_abs_rect()
    post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(60):
        if box.contains(scene.buttons[key].get_abs_rect()):
            break
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        app.step(DT)
    click_button(app, scene, key)


def press(app: App, key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    app.step(DT)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(DT)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(DT)


def table_of(app: App) -> TableScene:
    return next(s for s in app.scenes if isinstance(s, TableScene))


def card_pos(table: TableScene, card) -> tuple[int, int]:
    """Where `card` lies in the hand drawn at the bottom."""
    hand = table.model.hands[table.layout.bottom]
    return table.layout.south_card_point(len(hand), hand.index(card))


def face_up(table: TableScene) -> dict[int, list]:
    """The hand cards the view drew face up in the last frame, by seat (hot-seat covers)."""
    return {seat: cards for seat, cards in table.view.drawn_faces.items() if cards}


def drop_point(table: TableScene) -> tuple[int, int]:
    cx, cy = table.layout.centre
    return round(cx), round(cy)


def human_turn(app: App) -> bool:
    """Something for the human to do, or a screen to click through."""
    top = app.top
    if isinstance(top, (DealSummaryScene, MatchEndScene)):
        return True
    t = table_of(app)
    return t.human_may_play() or t.prompt.visible


def to_human_play(app: App, table: TableScene) -> None:
    """Pass or name spades (clicking through deal summaries) until the human has a card
    to play."""
    while True:
        run_until(app, lambda: human_turn(app))
        if table.human_may_play():
            return
        if isinstance(app.top, DealSummaryScene):
            click_button(app, app.top, "next")
        else:
            click_button(app, table, "pass" if "pass" in table.prompt.actions else "name_S")


def open_learn(app: App, key: str):
    """Main menu → Learn → the button `key`, by clicks; the scene it opened."""
    run_until(app, lambda: isinstance(app.top, MainMenuScene))
    click_button(app, app.top, "learn")
    assert isinstance(app.top, LearnScene)
    click_button(app, app.top, key)
    return app.top


def open_play(app: App, game: str = "klaverjas"):
    """Main menu → Play, the game chosen by its button; the Play screen."""
    from klaverjas_gui.ui.play import PlayScene

    run_until(app, lambda: isinstance(app.top, MainMenuScene))
    click_button(app, app.top, "play")
    scene = app.top
    assert isinstance(scene, PlayScene)
    if scene.game.name != game:
        click_button(app, scene, f"game_{game}")
    return scene


def new_match_from_menu(app: App, game: str = "klaverjas", preset: str | None = None,
                        confirm: bool = True):  # fmt: skip
    """Main menu → Play → (the preset) → Start, agreeing to end an unfinished match when
    asked (`confirm`); the table it started."""
    from klaverjas_gui.ui.confirm import ConfirmScene

    scene = open_play(app, game)
    if preset is not None:
        click_button(app, scene, f"preset_{preset}")
    click_button(app, scene, "start")
    if isinstance(app.top, ConfirmScene) and confirm:
        click_button(app, app.top, "yes")
    return app.top
