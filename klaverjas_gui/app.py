"""The program: `main(argv)` and the `App`, the one `Shell` the scenes run in.

`main` reads the command line (cli.py), holds the data folder's lock and runs the app
under the crash guard. The `App` owns the window (window.py), the loop (loop.py), the
scene stack (the menu always at the bottom) and the match at the table: a session of
play/matches.py, whose table ui/tables.py keeps while the menu shows.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import sys
from typing import Any

# isort: off
from . import window  # first: its SDL hints (the window class) come before pygame's import

# isort: on
import pygame

from . import crash, i18n, memory
from .cli import main, parse_args
from .games import DEFAULT_GAME, Game, get_game
from .loop import FPS, GIVE_BACK, GIVE_BACK_MS, Loop
from .play.matches import Matches
from .play.session import MatchSession, OpenMatch
from .store.session import Store
from .ui import theme, widgets
from .ui.audio import Audio
from .ui.scene import Scene, layout_key
from .ui.scenes import make_scene
from .ui.tables import Tables

__all__ = ["FPS", "App", "main", "parse_args"]


class App:
    """The window, the scene stack, the match at the table and the services scenes share."""

    def __init__(
        self,
        args: argparse.Namespace,
        deterministic: bool = False,
        audio: bool = True,
        autopilot: bool = False,
    ) -> None:
        self.args = args
        self.deterministic = deterministic  # computers answer at once: same frames, same picture
        self.autopilot = autopilot  # a computer plays the human's cards (screenshots, benchmarks)
        self.store = Store(args.data_dir)  # settings and history; never raises
        self.settings = self.store.settings
        self.history = self.store.history
        self._apply_arguments(args)
        self.settle_coach()
        i18n.set_language(self.settings.language)
        theme.set_text_size(self.settings.text_size)
        self.window = window.Window(self.settings, args, deterministic)
        self._laid_out: tuple[int, int] | None = None  # the size of the last _relayout
        self.audio = Audio(self.settings, enabled=audio)
        self.toasts = widgets.Toasts()
        self.scenes: list[Scene] = []
        self.tables = Tables(self)
        self.matches = Matches(self.history, self.settings, autopilot=autopilot,
                               deterministic=deterministic, close=self.tables.close)  # fmt: skip
        self.loop = Loop(self)
        self._menu: Scene | None = None  # made when first shown: a seeded start skips it
        self.demo_count = 0  # demos started: the club demo alternates the two games
        if args.demo:
            self.start_demo(args.seed)
        elif args.window and (args.host or args.join is not None):
            self._network_window(args)
        elif not self._game(args).default:  # another game on the command line: at once
            game = self._game(args)
            preset = game.presets.get(args.variant) or self.settings.rules(game)
            rules = dataclasses.replace(preset, **getattr(args, "rule", {}))  # --rule options
            self.start_match(rules, args.seed, game=game)
        elif args.resume and self.history.running() is not None:
            self.continue_match()
        elif args.seed is not None:
            self.start_match(seed=args.seed)
        else:
            self.show_menu()

    def _network_window(self, args: argparse.Namespace) -> None:
        """`--host --window`: the host's screen, its table opened at once (with --continue:
        the running hosted match's lobby); `--join ... --window`: the join screen, joining
        at once."""
        self.show_menu()
        if args.join is not None:
            self.push("network join", address=args.join, room=args.room or "",
                      player=args.name or "", join_now=True)  # fmt: skip
            return
        game = self._game(args)
        if args.resume:  # the host's lobby around the running hosted match, its code and port
            self.push("network host", game=game.name, resume=True)
            return
        guests = None
        if args.guests is not None:
            from .play.net.host import remote_order

            guests = tuple(remote_order(game)[: args.guests])
        self.push("network host", game=game.name, player=args.name, guests=guests,
                  level=args.level, room=args.room, open_now=True)  # fmt: skip

    def _apply_arguments(self, args: argparse.Namespace) -> None:
        """The command line wins over the stored settings for this run."""
        if args.speed:
            self.settings.animation_speed = args.speed
        if args.variant and self._game(args).default:
            self.settings.pick_preset(args.variant)
        if self._game(args).default:
            for option, value in getattr(args, "rule", {}).items():  # checked by parse_args
                self.settings.set_rule(option, value)
        if args.lang:
            self.settings.language = args.lang[:2].lower()

    def settle_coach(self) -> None:
        """The coach goes quiet after prefs.QUIET_AFTER finished matches unless the player
        chose it (checked at start and before each match; never counted once it is off)."""
        if self.settings.coach_chosen or self.settings.coach == "off":
            return
        finished = sum(1 for m in self.history.matches() if m.status == "finished")
        if self.settings.settle_coach(finished):
            self.save_settings()

    @staticmethod
    def _game(args: argparse.Namespace) -> Game:
        return get_game(getattr(args, "game", DEFAULT_GAME.name))

    def save_settings(self) -> None:
        """Called by every scene that changes a setting: written at once, atomically."""
        self.store.save_settings()

    # --- the window ---
    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized to `size`; the pictures of the old size are dropped and
        their memory handed back. Nothing is rebuilt when every scene is laid out at the
        window's size already: SDL echoes a resize after a full-screen toggle, which
        rebuilt them, and a rebuild of every scene takes 100+ ms."""
        self.window.resize(size)
        if self.size == self._laid_out:
            return
        theme.set_window(self.size)
        self._relayout()
        self.give_back_memory()  # the old scenes' widgets (10 ms, a resize takes 100+)
        pygame.time.set_timer(GIVE_BACK, GIVE_BACK_MS, loops=1)  # restarted by every resize

    def give_back_memory(self) -> None:
        """Free the old sizes' pictures now and hand the pages back to the system."""
        gc.collect()  # the old scenes' widgets hold reference cycles with big surfaces
        memory.give_back()  # freed full-window pictures would otherwise stay resident

    def _relayout(self) -> None:
        """Rebuild the scenes on screen for the window's size, words and text size now; the
        others (lower in the stack, the kept match and menu) are rebuilt when they come
        back on screen (`_refresh`): a window dragged through many sizes rebuilds one or
        two scenes a step, not every scene of the stack."""
        for scene in self.shown():
            scene.resize(self.size)
        self._laid_out = self.size

    def shown(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top and those it lets through."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        return self.scenes[max(start, 0) :]

    def _refresh(self) -> None:
        """Rebuild the scenes on screen that were built for another size, language or text
        size (they were hidden at the change)."""
        key = layout_key(self.size)
        for scene in self.shown():
            if scene.laid_out_for != key:
                scene.resize(self.size)

    def set_language(self, lang: str) -> None:
        """Every scene, the kept menu and match too, rebuilt at once in the new words."""
        i18n.set_language(lang)
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.window.toggle_fullscreen()
        self.save_settings()
        self._relayout()
        self.keep_window()

    def keep_window(self) -> None:
        """Remember the window's size and position for the next start."""
        if self.window.keep():
            self.save_settings()

    def set_text_size(self, name: str) -> None:
        """Every screen rebuilt at once with the new letters."""
        self.settings.text_size = name
        self.save_settings()
        if theme.set_text_size(name):
            self._relayout()

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            self.toggle_fullscreen()

    def toggle_mute(self) -> None:
        self.settings.muted = not self.settings.muted
        self.save_settings()
        self.toast(i18n.tr("ui.sound_off" if self.settings.muted else "ui.sound_on"), 1.6)

    def toast(self, text: str, seconds: float = 4.0) -> None:
        self.toasts.show(text, seconds)

    def untoast(self, text: str) -> None:
        self.toasts.drop(text)

    # --- the scene stack ---
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene | str, /, **options: Any) -> Scene:
        """Put `scene` on top; a name (ui/scenes.py) makes a new one from `options` first."""
        if isinstance(scene, str):
            scene = make_scene(self, scene, **options)
        if self.top is not None:
            self.top.leave()
        self.scenes.append(scene)
        self._refresh()  # the kept match may come back after a resize
        scene.enter()
        return scene

    @property
    def menu(self) -> Scene:
        if self._menu is None:
            from .ui.menu import MainMenuScene

            self._menu = MainMenuScene(self)
        elif self._menu.laid_out_for != layout_key(self.size):
            self._menu.resize(self.size)
        return self._menu

    def pop(self, scene: Scene | None = None) -> None:
        scene = scene or self.top
        if scene is None or scene not in self.scenes:
            return
        if len(self.scenes) == 1:
            self.show_menu()  # the stack is never left empty
            return
        was_top = scene is self.top
        self.scenes.remove(scene)
        if scene is not self.match:
            scene.close()
        self._refresh()  # what was under it was hidden at the last resize
        if was_top and self.top is not None:
            self.top.enter()

    def _unwind(self) -> None:
        """Close every scene; the running match (if any) stays alive for Continue."""
        while self.scenes:
            scene = self.scenes.pop()
            if scene is not self.match and scene is not self._menu:
                scene.close()
        gc.collect()  # scenes hold reference cycles with big surfaces: free them now, not later
        memory.give_back()  # and hand the freed pages back: the surface churn fragments the heap

    def show_menu(self) -> None:
        self._unwind()
        self.scenes.append(self.menu)
        self.menu.enter()

    # --- the match at the table ---
    @property
    def match(self) -> Scene | None:
        """The running match's table, kept while the menu shows."""
        return self.tables.of(self.matches.running)

    @match.setter
    def match(self, table: None) -> None:
        """`match = None`: the table says its match is over, nothing is left to continue."""
        assert table is None, "a match comes to the table through start_match or Continue"
        self.tables.forget(self.matches.running)
        self.matches.over()

    def start_match(
        self, variant: Any = None, seed: int | None = None, practice: bool | None = None,
        game: Game | None = None,
    ) -> None:  # fmt: skip
        """A new match of `game` (by default the default game, with the settings' rules,
        seats and practice, where the game offers practice), recorded as it goes; a
        practice match is not (play/matches.py)."""
        game = game or DEFAULT_GAME
        practice = game.practice and (self.settings.practice if practice is None else practice)
        self._unwind()
        self.settle_coach()
        session = self.matches.start(game, variant or self.settings.rules(game), seed, practice)
        self.push(self.tables.table(session))

    def open_matches(self) -> list[OpenMatch]:
        """What Continue can bring back, the match in memory first."""
        return self.matches.open_matches()

    def ending(self, game: Game | None) -> list[OpenMatch]:
        """What starting a new `game` match (None: continuing another game) would end."""
        return self.matches.ending(game)

    def continue_match(self, game: Game | None = None) -> None:
        """Back to the match in memory, or to the history's running match of `game` (by
        default the first of `open_matches`)."""
        back = self.matches.comeback(game)
        if back.hosted is not None:  # its guests come back to the lobby
            self.show_menu()
            self.push("network host", game=back.hosted.name, resume=True)
            return
        if back.session is None:
            self.show_menu()  # the stored match could not be restored; the menu says so
            return
        table = self.tables.table(back.session, load=back.load)
        self._unwind()
        self.push(table)

    def start_network(self, session: MatchSession) -> None:
        """A network match's table (ui/lan/ hands it over): a guest's first position may
        be in the middle of a deal (a rejoin), shown at once as a continued match is."""
        self._unwind()
        self.matches.adopt(session)
        state = session.state
        self.push(self.tables.table(session, load=state.n_actions != state.deal_start))

    def start_demo(self, seed: int | None, idle: bool = False) -> None:
        """The club demo (ui/attract.py): computers with open cards, every card explained;
        `idle`: the menu started it for nobody, so a mouse move ends it. Never recorded."""
        from .ui.attract import make_attract

        table = make_attract(self, seed, idle)  # looks at the scene it replaces
        self._unwind()
        self.push(table)

    # --- the frame (loop.py runs them) ---
    @property
    def running(self) -> bool:
        return self.loop.running

    @property
    def frames(self) -> int:
        return self.loop.frames

    def quit(self) -> None:
        self.loop.running = False

    def step(self, dt: float | None = None) -> None:
        self.loop.step(dt)

    def calm_for(self) -> float:
        return self.loop.calm_for()

    def run(self, frames: int | None = None, fixed_dt: float | None = None) -> None:
        self.loop.run(frames, fixed_dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.loop.draw(surface)

    def close(self) -> None:
        pygame.time.set_timer(GIVE_BACK, 0)  # a resize's pending one would wake the next app
        if pygame.display.get_surface() is not None:
            self.keep_window()  # where it was moved to (a move sends no resize)
        for scene in {*self.scenes, *self.tables.kept(), self._menu} - {None}:
            scene.close()  # type: ignore[union-attr]
        self.scenes.clear()
        self.matches.running = self.matches.parked = self._menu = None
        self.store.close()
        quitting = self.store.messages()  # moves the history could not take, and where they are
        if quitting:
            crash.tell("\n".join(quitting), "warn")


if __name__ == "__main__":
    sys.exit(main())
