"""Command line, window and the scene loop.

`main(argv)` parses the command line, opens the window and runs the loop:
raw events go to the top scene's pygame-gui manager first, then through the
input mapper, and the resulting command to the app (quit, resize, F11, M) or
to the top scene. Scenes form a stack; the menu is always at the bottom.
While nothing moves the loop sleeps on events instead of drawing 60 still
frames a second (`App.calm_for`); `--frames` runs never sleep.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # crisp on HiDPI Windows

import argparse  # noqa: E402
import gc  # noqa: E402
import logging  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from . import i18n, memory  # noqa: E402
from .engine import KLABBERJASS_PRESETS, PRESETS, KlabberjassVariant, Variant  # noqa: E402
from .play.games import DEFAULT_GAME, GAMES, KLABBERJASS, KLAVERJAS, Game, get_game  # noqa: E402
from .store.prefs import LANGUAGES, SPEEDS  # noqa: E402
from .store.session import Store, export_command  # noqa: E402
from .ui import theme, widgets  # noqa: E402
from .ui.audio import Audio  # noqa: E402
from .ui.commands import InputMapper  # noqa: E402
from .ui.scene import Scene  # noqa: E402

KEYS_HELP = """keys:
  play a card   drag it to the table or click it (double-click: see Options);
                Left/Right to pick, Enter to play
  decisions     the buttons, or C D H S name a suit, P pass, T take, K kraak, R roem
  review        L last trick, Tab score sheet
  guidance      H hint (while playing a card), Ctrl+Z or Backspace take back (practice)
  window        F11 full screen, M mute, Esc menu
"""
MIN_SIZE = (1024, 600)
MAX_SIZE = (7680, 4320)
FPS = 60
MAX_DT = 0.1  # the longest step one frame gives animations (after a stall, they resume)
CALM_CAP = 1.0  # the longest sleep on events: a change nobody announced shows this late
POLL = 0.008  # how often a sleeping loop looks for input: well within one frame


# --- command line ---
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, exit status 2 (argparse's status, without the usage block)."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{3,5})[xX](\d{3,5})", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"size {w}x{h} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} .. {MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return w, h


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected 1 or more")
    return value


def _lang(text: str) -> str:
    if not re.fullmatch(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?", text):
        raise argparse.ArgumentTypeError(f"not a language code: {text!r} (e.g. en, nl, nl_BE)")
    return text


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="klaverjas",
        description="Klaverjas, the Dutch team card game: you and a computer partner "
        "against two computer opponents.",
        epilog=KEYS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--game", choices=list(GAMES), default=DEFAULT_GAME.name,
        help="klaverjas (four players, the default) or klabberjass (two players)",
    )  # fmt: skip
    p.add_argument(
        "--variant", metavar="NAME",
        help=f"rules preset: {', '.join(PRESETS)} (default amsterdam); with --game klabberjass: "
        f"{', '.join(KLABBERJASS_PRESETS)} (default: the Klabberjass rules in Settings)",
    )  # fmt: skip
    p.add_argument(
        "--seed", type=_natural, help="deal this match from a fixed seed (starts at once)"
    )
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen", action="store_true", help="start in full screen (F11 toggles)"
    )
    mode.add_argument("--windowed", action="store_true", help="start in a window (the default)")
    p.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="portable mode: keep settings and history in DIR (default: the per-user folders)",
    )
    p.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="continue the unfinished match at once (a kiosk restarted after a crash)",
    )
    p.add_argument(
        "--export-history",
        type=Path,
        metavar="FILE",
        help="write the match history as CSV (one row per deal) to FILE and exit",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="club demo: computer players with open cards and every card explained, "
        "Klaverjas and Klabberjass by turns (--game klabberjass: only that); + and - "
        "change the speed, any other key or a click returns to the menu",
    )
    p.add_argument("--lang", type=_lang, metavar="CODE", help="language: en, nl or fr")
    p.add_argument("--speed", choices=list(SPEEDS), help="animation speed (default normal)")
    p.add_argument(
        "--screenshot",
        type=Path,
        metavar="PATH",
        help="render --frames frames (default 60) and save the screen as a PNG",
    )
    p.add_argument(
        "--smoke",
        action="store_true",
        help="draw one frame of every scene and exit: 0 if all worked, 1 naming what failed",
    )
    p.add_argument(
        "--frames",
        type=_positive,
        metavar="N",
        help="stop after N frames, 60 to a simulated second; a computer plays your seat, "
        "so a seed always gives the same picture",
    )
    p.add_argument(
        "--scene",
        metavar="NAME",
        help="open one of the screens --smoke draws, by its name (e.g. 'rules: roem'), "
        "for a screenshot",
    )
    return p  # fmt: skip


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    presets = get_game(args.game).presets
    if args.variant is not None and args.variant not in presets:
        parser.error(f"argument --variant: {args.variant!r} is not a {args.game} preset "
                     f"(choose from {', '.join(presets)})")  # fmt: skip
    if args.scene is not None:
        from .smoke import SCENES

        if args.scene not in SCENES:
            parser.error(f"argument --scene: {args.scene!r} is not a screen "
                         f"(choose from {', '.join(SCENES)})")  # fmt: skip
    return args


# --- the application ---
class App:
    """The window, the scene stack and the services scenes share."""

    def __init__(
        self,
        args: argparse.Namespace,
        deterministic: bool = False,
        audio: bool = True,
        autopilot: bool = False,
    ) -> None:
        self.args = args
        self.deterministic = (
            deterministic  # computer players answer at once: same frames, same picture
        )
        self.autopilot = autopilot  # a computer plays the human's cards (screenshots, benchmarks)
        self.store = Store(args.data_dir)  # settings and history; never raises
        self.settings = self.store.settings
        self.history = self.store.history
        self._apply_arguments(args)
        i18n.set_language(self.settings.language)
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = bool(args.fullscreen) or (
            self.settings.fullscreen and not (args.windowed or args.size or deterministic)
        )
        self.windowed_size = args.size or default_size()
        self.screen = self._open_window()
        pygame.display.set_caption("Klaverjas")
        self._set_icon()
        self.audio = Audio(self.settings, enabled=audio)
        self.mapper = InputMapper()
        self.toasts = widgets.Toasts()
        self.scenes: list[Scene] = []
        self.match: Scene | None = None  # the running match, kept while the menu shows
        self.running = True
        self.frames = 0
        self.clock = pygame.time.Clock()  # real-time steps: frame pace and sleep length
        self._menu: Scene | None = None  # made when first shown: a seeded start skips it
        self.demo_count = 0  # demos started: the club demo alternates the two games
        if args.demo:
            self.start_demo(args.seed)
        elif self._game(args) is KLABBERJASS:
            rules = KLABBERJASS_PRESETS[args.variant] if args.variant else None
            self.start_klabberjass(rules or self.settings.klabberjass_rules(), args.seed)
        elif args.resume and self.history.running() is not None:
            self.continue_match()
        elif args.seed is not None:
            self.start_match(seed=args.seed)
        else:
            self.show_menu()

    def _apply_arguments(self, args: argparse.Namespace) -> None:
        """The command line wins over the stored settings for this run."""
        if args.speed:
            self.settings.animation_speed = args.speed
        if args.variant and self._game(args) is KLAVERJAS:
            self.settings.pick_preset(args.variant)
        if args.lang and args.lang[:2].lower() in LANGUAGES:
            self.settings.language = args.lang[:2].lower()

    @staticmethod
    def _game(args: argparse.Namespace) -> Game:
        return get_game(getattr(args, "game", DEFAULT_GAME.name))

    def save_settings(self) -> None:
        """Called by every scene that changes a setting: written at once, atomically."""
        self.store.save_settings()

    def _tell(self) -> None:
        """Show what the settings and history files have to say, each message once."""
        messages = self.store.messages()
        if messages:
            self.toast("\n".join(messages), 6.0 + 3.0 * len(messages))

    # --- window ---
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except Exception:  # older SDL or a driver without windows: not worth failing over
            pass
        return screen

    def _set_icon(self) -> None:
        try:
            from .ui import cardart

            pygame.display.set_icon(cardart.icon(64))
        except Exception:  # the art is optional for the window icon
            pass

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        if not self.fullscreen and size != self.size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._relayout()

    def _relayout(self) -> None:
        size = self.size
        scenes = list(self.scenes)
        for kept in (self.match, self._menu):
            if kept is not None and kept not in scenes:
                scenes.append(kept)
        for scene in scenes:
            scene.resize(size)

    def set_language(self, lang: str) -> None:
        """Every scene, the kept menu and match too, rebuilt at once in the new words."""
        i18n.set_language(lang)
        self._relayout()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.fullscreen = False
            self.screen = self._open_window()
        else:
            self.windowed_size = self.size
            self.fullscreen = True
            self.screen = self._open_window()
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
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

    # --- the scene stack ---
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.leave()
        self.scenes.append(scene)
        scene.enter()

    @property
    def menu(self) -> Scene:
        if self._menu is None:
            from .ui.menu import MainMenuScene

            self._menu = MainMenuScene(self)
        elif self._menu.ui.window_resolution != self.size:
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

    def start_match(self, variant: Variant | None = None, seed: int | None = None) -> None:
        """A new match (by default with the settings' rules and seats), recorded as it goes."""
        from .ui.table import TableScene

        variant = variant or self.settings.rules()
        self._unwind()
        if self.match is not None:
            self.match.close()
        seed = random.randrange(1_000_000) if seed is None else seed
        table = TableScene(
            self, variant, seed, autopilot=self.autopilot, seats=self.settings.seat_plan(),
            practice=self.settings.practice,
        )  # fmt: skip
        players = [seat.name for seat in table.seats]
        if not table.practice:  # practice takes cards back: its log is no match to keep
            table.match_id = self.history.start_match(
                KLAVERJAS.name, KLAVERJAS.preset_name(variant), variant.to_dict(), seed, players
            )
        self.match = table
        self.push(table)

    def start_klabberjass(self, variant: KlabberjassVariant, seed: int | None = None) -> None:
        """A two-player game against the settings' first opponent, recorded like a match."""
        from .ui.klabberjass_table import KlabberjassTableScene

        self._unwind()
        if self.match is not None:
            self.match.close()
        seed = random.randrange(1_000_000) if seed is None else seed
        table = KlabberjassTableScene(self, variant, seed, autopilot=self.autopilot,
                                      seats=self.settings.seat_plan(2))  # fmt: skip
        table.match_id = self.history.start_match(
            KLABBERJASS.name, KLABBERJASS.preset_name(variant), variant.to_dict(), seed,
            [seat.name for seat in table.seats],
        )  # fmt: skip
        self.match = table
        self.push(table)

    def can_continue(self) -> bool:
        """A match runs in memory, or the history holds one (the program was closed or killed)."""
        if self.match is not None:
            return True
        running = self.history.running()
        return running is not None and running.game in GAMES

    def continue_match(self) -> None:
        if self.match is None:
            self.match = self._resume()
            if self.match is None:
                self.show_menu()  # the stored match could not be restored; the menu says so
                return
        self._unwind()
        self.push(self.match)

    def _resume(self) -> Scene | None:
        """The running match of the history, at the exact position of its last stored action."""
        from .ui.klabberjass_table import KlabberjassTableScene
        from .ui.table import TableScene

        found = self.history.resume()
        if found is None or found[0].game not in GAMES:
            return None
        record, state = found
        scene = {t.game.name: t for t in (TableScene, KlabberjassTableScene)}[record.game]
        plan = self.settings.seat_plan(scene.game.players)
        if len(record.players) == len(plan):
            plan = [(name, kind) for name, (_, kind) in zip(record.players, plan, strict=True)]
        table = scene(self, state.variant, record.seed, autopilot=self.autopilot, seats=plan)
        table.load(state)
        table.match_id = record.id
        return table

    def start_demo(self, seed: int | None, idle: bool = False) -> None:
        """The club demo (ui/attract.py): computers with open cards, every card explained;
        `idle`: the menu started it for nobody, so a mouse move ends it. Never recorded."""
        from .ui.attract import make_attract

        table = make_attract(self, seed, idle)  # looks at the scene it replaces
        self._unwind()
        self.push(table)

    def quit(self) -> None:
        self.running = False

    # --- the frame ---
    def dispatch(self, event: pygame.event.Event) -> None:
        top = self.top
        if top is not None and event.type != pygame.VIDEORESIZE and top.ui.process_events(event):
            return
        if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE and top and top.typing():
            return  # the key went into a text field: no shortcut (M would mute)
        cmd = self.mapper.map(event)
        if cmd is None:
            return
        if cmd.kind == "quit":
            self.quit()
        elif cmd.kind == "resize":
            self.resize(cmd.size)
        elif cmd.kind == "key" and cmd.name == "fullscreen":
            self.toggle_fullscreen()
        elif cmd.kind == "key" and cmd.name == "mute":
            self.toggle_mute()
        elif top is not None:
            top.handle(cmd)

    def calm_for(self) -> float:
        """Seconds the loop may sleep on events without missing a change on screen: 0.0
        before the first frame and while anything moves (the top scene and the toasts say)."""
        top = self.top
        if top is None or self.frames == 0:
            return 0.0
        return min(top.calm_for(), self.toasts.calm_for(), CALM_CAP)

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
        self._advance(dt)
        self.draw(self.screen)
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
        self._advance(slept)  # the calm time passes first (the menu's idle countdown) ...
        return events, 1 / FPS  # ... then the input's frame, one ordinary step

    def _advance(self, dt: float) -> None:
        """Time passes for the toasts and the top scene (the scenes below wait, as before)."""
        self.toasts.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface)
        top = self.top
        centre = top.toast_centre() if top is not None else (self.size[0] / 2, self.size[1] * 0.9)
        self.toasts.draw(surface, centre, theme.scale_for(self.size))

    def run(self, frames: int | None = None, fixed_dt: float | None = None) -> None:
        """Frames until quit (or `frames`); `fixed_dt` steps never sleep (screenshots, tests)."""
        report = os.environ.get("KLAVERJAS_REPORT_FIRST_FRAME")
        while self.running:
            self.step(fixed_dt)
            if self.frames == 1:
                if report:
                    print("first-frame", flush=True)
                self.audio.start()
            if frames is not None and self.frames >= frames:
                break

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        for scene in {*self.scenes, self.match, self._menu} - {None}:
            scene.close()  # type: ignore[union-attr]
        self.scenes.clear()
        self.match = self._menu = None
        self.store.close()


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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="klaverjas: %(message)s")
    if args.export_history is not None:
        return export_command(args.export_history, args.data_dir)
    if args.data_dir is None and (args.smoke or args.frames or args.screenshot):
        # checks and screenshots never touch the player's own settings and history
        with tempfile.TemporaryDirectory(prefix="klaverjas-") as scratch:
            args.data_dir = Path(scratch)
            return _run(args)
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Play with the data folder's single-instance lock held (store/lock.py): a second copy
    opens nothing, says so and exits with status 3 (lock.ALREADY_OPEN)."""
    import contextlib

    from .store import lock
    from .store.paths import resolve

    paths = resolve(args.data_dir)
    try:
        held = lock.acquire(paths.data_dir)
    except lock.AlreadyOpen:
        from .store.prefs import peek_language, system_language

        lang = args.lang or peek_language(paths.settings) or system_language()
        i18n.set_language(lang[:2].lower())
        text = i18n.tr("store.already_open")
        print(f"klaverjas: {text}", file=sys.stderr)
        headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen") or (
            sys.platform.startswith("linux")
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        )
        if not headless:
            with contextlib.suppress(Exception):  # no box is fine: stderr has said it
                pygame.display.message_box("Klaverjas", text, "warn")
        return lock.ALREADY_OPEN
    try:
        return _play(args)
    finally:
        if held is not None:
            held.release()


def _play(args: argparse.Namespace) -> int:
    if args.smoke:
        from . import smoke

        return smoke.run(args)
    fixed = args.frames is not None or args.screenshot is not None
    frames = args.frames or (60 if args.screenshot else None)
    app = App(args, deterministic=fixed, autopilot=fixed)
    try:
        if args.scene is not None:
            from .smoke import SCENES

            SCENES[args.scene](app)
        app.run(frames=frames, fixed_dt=1 / FPS if fixed else None)
        if args.screenshot:
            app.screenshot(args.screenshot)
    finally:
        app.close()
        pygame.quit()
        theme.clear_caches()  # fonts die with pygame.quit
    return 0


if __name__ == "__main__":
    sys.exit(main())
