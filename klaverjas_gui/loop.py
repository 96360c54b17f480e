"""The calm event loop: events to the top scene, time to the animations, a frame drawn.

Raw events go to the top scene's pygame-gui manager first, then through the input
mapper, and the resulting command to the app (quit, resize, F11, M) or to the top scene.
While nothing moves the loop sleeps on events instead of drawing 60 still frames a
second (`Loop.calm_for`); `--frames` runs (a fixed step) never sleep.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any

import pygame

from .ui import theme
from .ui.commands import InputMapper

if TYPE_CHECKING:
    from .app import App

# Keys that end typing in a text field (a seat's name) and go on to the scene.
LEAVE_FIELD = (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER)
FPS = 60
MAX_DT = 0.1  # the longest step one frame gives animations (after a stall, they resume)
CALM_CAP = 1.0  # the longest sleep on events: a change nobody announced shows this late
POLL = 0.008  # how often a sleeping loop looks for input: well within one frame
# Half a second after the last resize of a burst (a window edge being dragged), the memory
# the first frames at the new size churned is handed back to the system too.
GIVE_BACK = pygame.event.custom_type()
GIVE_BACK_MS = 500


class Loop:
    """The frames of one app: its events, its clock and how many frames were drawn."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.mapper = InputMapper()
        self.clock = pygame.time.Clock()  # real-time steps: frame pace and sleep length
        self.running = True
        self.frames = 0

    def dispatch(self, event: pygame.event.Event) -> None:
        app = self.app
        if event.type == GIVE_BACK:  # half a second after a resize burst ended
            app.give_back_memory()
            app.keep_window()  # once per burst, not at every step of a dragged edge
            return
        top = app.top
        leaving = event.type == pygame.KEYDOWN and event.key in LEAVE_FIELD
        if leaving and top is not None and top.typing():
            pass  # the field would keep Enter: the scene takes the keyboard back
        elif top is not None and event.type != pygame.VIDEORESIZE and top.ui.process_events(event):
            return
        if event.type == pygame.KEYDOWN and event.key not in LEAVE_FIELD and top and top.typing():
            return  # the key went into a text field: no shortcut (M would mute)
        cmd = self.mapper.map(event)
        if cmd is None:
            return
        if cmd.kind == "quit":
            app.quit()
        elif cmd.kind == "resize":
            app.resize(cmd.size)
        elif cmd.kind == "key" and cmd.name == "fullscreen":
            app.toggle_fullscreen()
        elif cmd.kind == "key" and cmd.name == "mute":
            app.toggle_mute()
        elif top is not None:
            top.handle(cmd)

    def calm_for(self) -> float:
        """Seconds the loop may sleep on events without missing a change on screen: 0.0
        before the first frame and while anything moves (the top scene and the toasts say)."""
        top = self.app.top
        if top is None or self.frames == 0:
            return 0.0
        return min(top.calm_for(), self.app.toasts.calm_for(), CALM_CAP)

    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip.

        `dt` None: real time. While calm the frame waits for the next event (or the next
        due timer) and the slept time reaches the scene's timers before the events, so an
        animation an input starts begins at its first step, as in a busy loop."""
        if dt is None:
            events, dt = self._wait()
        else:
            events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self._tell()
        self.advance(dt)
        self.draw(self.app.screen)
        pygame.display.flip()
        self.frames += 1

    def _wait(self) -> tuple[list[pygame.event.Event], float]:
        """This frame's events and step: at the frame rate while anything moves, else asleep
        until an event (within POLL of its arrival) or the time the scene asked for."""
        calm = self.calm_for()
        if calm <= 0:
            return pygame.event.get(), min(self.clock.tick(FPS) / 1000, MAX_DT)
        events = wait_for_events(calm)
        slept = min(self.clock.tick() / 1000, CALM_CAP + MAX_DT)  # a suspended laptop: no leap
        if not events:
            return events, slept  # nothing moved and nothing started: all of it is timers'
        self.advance(slept)  # the calm time passes first (the menu's idle countdown) ...
        return events, 1 / FPS  # ... then the input's frame, one ordinary step

    def _tell(self) -> None:
        """Show what the settings and history files have to say, each message once."""
        messages = self.app.store.messages()
        if messages:
            self.app.toast("\n".join(messages), 6.0 + 3.0 * len(messages))

    def advance(self, dt: float) -> None:
        """Time passes for the toasts and the top scene (the scenes below wait, as before;
        a network match's host still hears its guests)."""
        app = self.app
        app.toasts.update(dt)
        top = app.top
        if top is not None:
            top.update(dt)
        link = self._link()
        if link is not None and top is not app.match:
            link.background(left=app.match not in app.scenes)

    def _link(self) -> Any:
        """The network of the running match, if it is one."""
        return getattr(self.app.matches.running, "link", None)

    def draw(self, surface: pygame.Surface) -> None:
        """The scenes on screen, who is away from a network match, and the toasts."""
        app = self.app
        for scene in app.shown():
            scene.draw(surface)
        top = app.top
        link = self._link()
        if link is not None and top is not app.match:  # who is away shows on every screen
            from .ui.netstatus import draw_away

            u = theme.scale_for(app.size)
            corner = getattr(top, "away_corner", lambda: None)()  # the screen's free corner
            draw_away(surface, link, (app.size[0] // 2, round(8 * u)), u, bottomleft=corner)
        centre = top.toast_centre() if top is not None else (app.size[0] / 2, app.size[1] * 0.9)
        app.toasts.draw(surface, centre, theme.scale_for(app.size))

    def run(self, frames: int | None = None, fixed_dt: float | None = None) -> None:
        """Frames until quit (or `frames`); `fixed_dt` steps never sleep (screenshots, tests)."""
        report = os.environ.get("KLAVERJAS_REPORT_FIRST_FRAME")
        while self.running:
            self.step(fixed_dt)
            if self.frames == 1:
                if report:
                    print("first-frame", flush=True)
                self.app.audio.start()
            if frames is not None and self.frames >= frames:
                break


def wait_for_events(seconds: float) -> list[pygame.event.Event]:
    """The events that arrive within `seconds` (all of them as soon as there is one).

    Not pygame.event.wait: pygame-ce's waits by looking every millisecond, which costs
    1.5 % of a core while nothing happens; looking every POLL seconds costs about 0.5 %,
    and an input still waits at most POLL, half a frame, before its frame starts."""
    deadline = time.monotonic() + seconds
    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(POLL, left))
