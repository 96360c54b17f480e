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
# One window class and Wayland app id on every launch path (`make play` would be
# "__main__.py", the bundle "Klaverjas"), equal to the .desktop file's StartupWMClass, so
# the dock shows our icon and name. Read by SDL when the display starts.
WM_CLASS = "io.github.klaverjas.Klaverjas"
for _hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
    os.environ.setdefault(_hint, WM_CLASS)

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import gc  # noqa: E402
import io  # noqa: E402
import logging  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from . import crash, i18n, memory  # noqa: E402
from .engine import VariantError  # noqa: E402
from .games import DEFAULT_GAME, GAMES, Game, get_game  # noqa: E402
from .play.seats import Jobs  # noqa: E402
from .play.session import (  # noqa: E402
    SEED_LIMIT,
    MatchSession,
    OpenMatch,
    new_session,
    open_match,
    resume_session,
    stored_open_match,
)
from .store.prefs import LANGUAGES, SPEEDS  # noqa: E402
from .store.session import Store, export_command  # noqa: E402
from .ui import theme, widgets  # noqa: E402
from .ui.audio import Audio  # noqa: E402
from .ui.catalogue import SCREENS  # noqa: E402
from .ui.commands import InputMapper  # noqa: E402
from .ui.scene import Scene, layout_key  # noqa: E402
from .ui.scenes import make_scene  # noqa: E402
from .version import version  # noqa: E402

KEYS_HELP = """keys:
  play a card   drag it to the table or click it (double-click: see Settings);
                Left/Right to pick, Enter to play
  decisions     the buttons, or Shift+C D H S picks a suit and Enter names it, Left/Right
                pick a button and Enter presses it; P pass, T take, K kraak, R roem
  review        L last trick, Tab score sheet
  guidance      H hint, Ctrl+Z or Backspace take back (practice: a card, or trump until
                the first card)
  window        F11 full screen, M mute, Esc menu
"""
# Keys that end typing in a text field (a seat's name) and go on to the scene.
LEAVE_FIELD = (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER)
MIN_SIZE = (1024, 600)
TITLE_AND_TASKBAR = 80  # pixels of height a window's title bar and a taskbar take
MAX_SIZE = (7680, 4320)
FPS = 60
MAX_DT = 0.1  # the longest step one frame gives animations (after a stall, they resume)
CALM_CAP = 1.0  # the longest sleep on events: a change nobody announced shows this late
POLL = 0.008  # how often a sleeping loop looks for input: well within one frame
# Half a second after the last resize of a burst (a window edge being dragged), the memory
# the first frames at the new size churned is handed back to the system too.
GIVE_BACK = pygame.event.custom_type()
GIVE_BACK_MS = 500


# --- command line ---
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, exit status 2 (argparse's status, without the usage block)."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+)[xX](\d+)", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}")
    digits = max(len(m.group(1).lstrip("0")), len(m.group(2).lstrip("0")))
    w, h = (int(m.group(1)), int(m.group(2))) if digits <= 6 else (0, 0)  # no 4,000-digit ints
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        shown = text.strip() if len(text.strip()) <= 24 else text.strip()[:20] + "…"
        raise argparse.ArgumentTypeError(
            f"size {shown} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} .. {MAX_SIZE[0]}x{MAX_SIZE[1]}"
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


def _seed(text: str) -> int:
    value = _natural(text)
    if value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is 0 to {SEED_LIMIT - 1}, not {value}")
    return value


def _folder(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, not an empty name")
    return Path(text)


def _png(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, not an empty one")
    if not text.lower().endswith(".png") and not _device(Path(text)):
        raise argparse.ArgumentTypeError(f"a screenshot is a PNG file: end the name in .png, "
                                         f"not {text!r}")  # fmt: skip
    return Path(text)


def _device(path: Path) -> bool:
    """An existing file that is no regular file nor folder (/dev/stdout): written in place."""
    return path.exists() and not path.is_file() and not path.is_dir()


def screenshot_problem(path: Path) -> str | None:
    """Why a screenshot could not be saved at `path`, checked before the run starts (so
    a long run does not end in a lost picture), or None. Missing folders are made later;
    the nearest existing one must be a folder this user can create files in."""
    if path.is_dir():
        return f"{str(path)!r} is a folder, not a file"
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        return f"{str(folder)!r} is not a folder"
    if _device(path):
        return None  # its write is checked when it happens
    try:
        tempfile.TemporaryFile(dir=folder).close()  # writable, also for root on a read-only disk
    except OSError as error:
        return f"cannot create a file in {str(folder)!r}: {error.strerror or error}"
    return None


def _lang(text: str) -> str:
    """A language the game speaks (a region such as nl_BE is allowed and ignored)."""
    m = re.fullmatch(r"([A-Za-z]{2})([_-][A-Za-z0-9]{2,8})?", text)
    if not m or m.group(1).lower() not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"the game speaks {', '.join(LANGUAGES)}, not {text!r}")
    return text


def _rule(text: str) -> tuple[str, str]:
    """OPTION=VALUE, checked against the game's options once the game is known."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(
            f"expected OPTION=VALUE (e.g. must_ruff=never), not {text!r}"
        )
    return name.strip(), value.strip()


def _option_value(default: Any, text: str) -> Any:
    """The text as the option's type (that of its default); text the type cannot take is
    passed on as it is, for the variant's own message."""
    if isinstance(default, bool):
        words = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}
        return words.get(text.lower(), text)
    if isinstance(default, int):
        return int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else text
    return text


def _port(text: str) -> int:
    value = _natural(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535 (0: any free one), not {value}")
    return value


def _room(text: str) -> str:
    from .play.net.protocol import ROOM_ALPHABET, ROOM_LENGTH, ROOM_PATTERN

    code = text.strip().upper()
    if not re.fullmatch(ROOM_PATTERN.strip("^$"), code):
        raise argparse.ArgumentTypeError(
            f"a room code is {ROOM_LENGTH} to 12 of the letters and digits {ROOM_ALPHABET} "
            f"(a shorter one is guessed too soon), not {text!r}"
        )
    return code


def _name(text: str) -> str:
    from .play.net.names import MAX_NAME, validate_name

    reason = validate_name(text)
    if reason is not None:
        why = f" ({reason.values['char']})" if "char" in reason.values else ""
        raise argparse.ArgumentTypeError(
            f"a name is 1 to {MAX_NAME} letters, digits, marks or spaces, not {text!r}{why}"
        )
    return text.strip()


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"expected 0 to 3600 seconds, not {text}")
    return value


def _game_and_rules(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The game (--game, else the one --variant names: preset names are unique across the
    games), the preset, and the --rule options as a checked {option: value}."""
    if args.game is None:
        owners = [g.name for g in GAMES.values() if args.variant in g.presets]
        args.game = owners[0] if owners else DEFAULT_GAME.name
    presets = get_game(args.game).presets
    if args.variant is not None and args.variant not in presets:
        parser.error(f"argument --variant: {args.variant!r} is not a {args.game} preset "
                     f"(choose from {', '.join(presets)})")  # fmt: skip
    base = presets[args.variant or next(iter(presets))]
    rules = {name: _option_value(getattr(base, name, None), text) for name, text in args.rule}
    try:
        dataclasses.replace(base, **rules)  # the variant's own check of every option
    except (VariantError, TypeError) as e:
        parser.error(f"argument --rule: {e}")
    args.rule = rules


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="klaverjas",
        description="Klaverjas, the Dutch team card game: you and a computer partner "
        "against two computer opponents.",
        epilog=KEYS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    games = [f"{g.name} ({g.players} players{', the default' if g.default else ''})"
             for g in GAMES.values()]  # fmt: skip
    p.add_argument(
        "--game", choices=list(GAMES), default=None,
        help=f"{', '.join(games)}; a --variant of another game is enough",
    )  # fmt: skip
    presets = [f"{', '.join(g.presets)}" + ("" if g.default else f" with --game {g.name}")
               for g in GAMES.values()]  # fmt: skip
    p.add_argument(
        "--variant", metavar="NAME",
        help=f"rules preset: {'; '.join(presets)} (default: the game's rules in Settings)",
    )  # fmt: skip
    p.add_argument(
        "--seed", type=_seed, metavar="N",
        help=f"deal this match from a fixed seed, 0 to {SEED_LIMIT - 1} (starts at once)",
    )  # fmt: skip
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen", action="store_true", help="start in full screen (F11 toggles)"
    )
    mode.add_argument("--windowed", action="store_true", help="start in a window (the default)")
    p.add_argument(
        "--data-dir",
        type=_folder,
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
    desktop = p.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop", action="store_true",
        help="Linux, for a pip or pipx install: put the menu entry and icons into your "
        "XDG folders ($XDG_DATA_HOME, else ~/.local/share) and exit",
    )  # fmt: skip
    desktop.add_argument(
        "--uninstall-desktop", action="store_true",
        help="remove what --install-desktop put there and exit",
    )  # fmt: skip
    p.add_argument(
        "--demo",
        action="store_true",
        help="club demo: computer players with open cards and every card explained, "
        "Klaverjas and Klabberjass by turns (--game klabberjass: only that); + and - "
        "change the speed, any other key or a click returns to the menu",
    )
    p.add_argument("--lang", type=_lang, metavar="CODE", help="language: en, nl or fr")
    p.add_argument("--version", action="version", version=f"klaverjas {version()}")
    p.add_argument(
        "--rule", type=_rule, action="append", default=[], metavar="OPTION=VALUE",
        help="one rule option for this run, e.g. must_ruff=never or pit_bonus=0 (repeatable; "
        "the options are in Settings → Rules and docs/rules.md)",
    )  # fmt: skip
    p.add_argument("--speed", choices=list(SPEEDS), help="animation speed (default normal)")
    p.add_argument(
        "--screenshot",
        type=_png,
        metavar="PATH",
        help="render --frames frames (default 60) and save the screen as a PNG (PATH ends in "
        ".png, or is a device such as /dev/stdout; missing folders are made)",
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
    net = p.add_argument_group(
        "network play (the menu's Play → On the network…; from the command line without a "
        "window, a computer playing this laptop's seat, unless --window)"
    )
    where = net.add_mutually_exclusive_group()
    where.add_argument(
        "--host", action="store_true",
        help="host a match on this laptop's network; it starts when the guests have joined",
    )  # fmt: skip
    where.add_argument(
        "--join", metavar="ADDRESS[:PORT]",
        help="join the match hosted at ADDRESS (with --room CODE and --name NAME)",
    )  # fmt: skip
    net.add_argument("--port", type=_port, metavar="N",
                     help="the host's port (default 47474; 0: any free one)")  # fmt: skip
    net.add_argument("--room", type=_room, metavar="CODE",
                     help="the room code (host: default a new random one)")  # fmt: skip
    net.add_argument("--name", type=_name, metavar="NAME",
                     help="your name at the table; rejoin under the same name")  # fmt: skip
    net.add_argument("--guests", type=_natural, metavar="N",
                     help="host: seats for guests (default all but yours; computers play the "
                     "rest)")  # fmt: skip
    net.add_argument("--grace", type=_seconds, metavar="SECONDS",
                     help="host: how long a dropped guest's seat waits before a computer "
                     "plays it (default 30)")  # fmt: skip
    net.add_argument("--turn-limit", type=_seconds, metavar="SECONDS",
                     help="host: how long a connected guest may take for a move before a "
                     "computer plays for them until they move again (default 90; 0: no "
                     "limit; with --window the host's person is asked)")  # fmt: skip
    net.add_argument("--bind", metavar="ADDRESS",
                     help="host: the address to listen on (default: all)")  # fmt: skip
    net.add_argument("--level", metavar="LEVEL",
                     help="the computer players' level in a network match")  # fmt: skip
    net.add_argument("--net-log", type=Path, metavar="FILE",
                     help="guest: append every message received to FILE, one per line")  # fmt: skip
    net.add_argument("--window", action="store_true",
                     help="--host or --join with the game's window: the host's open table, or "
                     "the guest's table (with --frames a computer plays your seat)")  # fmt: skip
    net.add_argument("--no-discovery", action="store_true",
                     help="neither announce nor look for matches on the network (mDNS); "
                     "guests join by address")  # fmt: skip
    return p  # fmt: skip


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    _game_and_rules(parser, args)
    if args.scene is not None and args.scene not in SCREENS:
        parser.error(f"argument --scene: {args.scene!r} is not a screen "
                     f"(choose from {', '.join(SCREENS)})")  # fmt: skip
    if args.level is not None and args.level not in get_game(args.game).levels():
        parser.error(f"argument --level: {args.level!r} is not a level "
                     f"(choose from {', '.join(get_game(args.game).levels())})")  # fmt: skip
    if args.join is not None and args.room is None:
        parser.error("argument --join: the host's room code is needed too (--room CODE)")
    if args.guests is not None and args.guests >= get_game(args.game).players:
        players = get_game(args.game).players
        parser.error(f"argument --guests: at most {players - 1} (a {args.game} match has "
                     f"{players} seats, one of them yours)")  # fmt: skip
    if args.screenshot is not None:
        problem = screenshot_problem(args.screenshot)
        if problem:
            parser.error(f"argument --screenshot: {problem}")
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
        self.settle_coach()
        i18n.set_language(self.settings.language)
        theme.set_text_size(self.settings.text_size)
        pygame.display.init()
        pygame.font.init()
        # The window as the player last left it, unless this run's size is given: then
        # nothing of the window is remembered either (tests, screenshots, a kiosk's size).
        self.remember_window = not (args.size or deterministic)
        place = remembered_window(self.settings.window) if self.remember_window else None
        if self.remember_window and not self.settings.window and not args.windowed:
            # The first start on a netbook: the smallest window and a title bar do not fit
            # its screen, so the game starts full screen, as Settings then says (F11 leaves).
            self.settings.fullscreen = self.settings.fullscreen or desktop_too_small()
        self.fullscreen = bool(args.fullscreen) or (
            self.settings.fullscreen and not (args.windowed or args.size or deterministic)
        )
        self.windowed_size = args.size or (place[0] if place else default_size())
        self.screen = self._open_window()
        self._laid_out: tuple[int, int] | None = None  # the size of the last _relayout
        if place is not None and place[1] is not None and not self.fullscreen:
            set_window_position(place[1])
        pygame.display.set_caption("Klaverjas")
        self._set_icon()
        self.audio = Audio(self.settings, enabled=audio)
        self.mapper = InputMapper()
        self.toasts = widgets.Toasts()
        self.scenes: list[Scene] = []
        self.match: Scene | None = None  # the running match, kept while the menu shows
        # A practice match (never recorded) waits here while the other game is played
        self._parked: Scene | None = None
        self.running = True
        self.frames = 0
        self.clock = pygame.time.Clock()  # real-time steps: frame pace and sleep length
        self._menu: Scene | None = None  # made when first shown: a seeded start skips it
        self.demo_count = 0  # demos started: the club demo alternates the two games
        self._stored_cache: dict[int, OpenMatch | None] = {}  # history id -> its facts
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

    def _tell(self) -> None:
        """Show what the settings and history files have to say, each message once."""
        messages = self.store.messages()
        if messages:
            self.toast("\n".join(messages), 6.0 + 3.0 * len(messages))

    # --- window ---
    def _open_window(self) -> pygame.Surface:
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

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized to `size` (clamped to MIN_SIZE..MAX_SIZE: an X11 window
        without a window manager can report 0 or 1 pixels); the pictures of the old size
        are dropped and their memory handed back. Nothing is rebuilt when every scene is laid
        out at the window's size already: SDL echoes a resize after a full-screen toggle,
        which rebuilt them, and a rebuild of every scene takes 100+ ms."""
        if not self.fullscreen:
            size = clamp_size(size)
            if size != self.size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
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
        for scene in self._shown():
            scene.resize(self.size)
        self._laid_out = self.size

    def _shown(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top and those it lets through."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        return self.scenes[max(start, 0) :]

    def _refresh(self) -> None:
        """Rebuild the scenes on screen that were built for another size, language or text
        size (they were hidden at the change)."""
        key = layout_key(self.size)
        for scene in self._shown():
            if scene.laid_out_for != key:
                scene.resize(self.size)

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
        self.keep_window()

    def keep_window(self) -> None:
        """Remember the window's size and position for the next start (not a full-screen
        size: the window's own size is kept while full screen)."""
        if not self.remember_window:
            return
        window = dict(self.settings.window)
        window["size"] = list(self.windowed_size if self.fullscreen else self.size)
        position = None if self.fullscreen else window_position()
        if position is not None:
            window["position"] = list(position)
        if window != self.settings.window:
            self.settings.window = window
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

    def start_match(
        self, variant: Any = None, seed: int | None = None,
        practice: bool | None = None, game: Game | None = None,
    ) -> None:  # fmt: skip
        """A new match of `game` (by default the default game, with the settings' rules,
        seats and practice), recorded as it goes; a practice match (where the game offers
        one) is not recorded, so it abandons the stored running match (Continue must not
        bring back an older match once the practice is over)."""
        game = game or DEFAULT_GAME
        practice = game.practice and (self.settings.practice if practice is None else practice)
        if practice:
            self.history.abandon_running(game.name)
        self._play(self._new(game, variant or self.settings.rules(game), seed, practice),
                   practice)  # fmt: skip

    def _new(
        self, game: Game, variant: Any, seed: int | None, practice: bool = False
    ) -> MatchSession:
        self._unwind()
        if self._parked is not None and self._parked.session.game is game:  # type: ignore[attr-defined]
            self._parked.close()  # a new match of its game ends it (ending() asked first)
            self._parked = None
        self._set_aside(game)
        self.settle_coach()
        return new_session(game, variant, seed, self.settings, self.history, practice=practice,
                           autopilot=self.autopilot, jobs=Jobs(self.deterministic))  # fmt: skip

    def _set_aside(self, game: Game | None) -> None:
        """Take the running table away for `game`: a recorded match waits in the history,
        a practice match of the other game waits in memory (it is never recorded), so
        that starting or continuing the other game loses nothing."""
        table: Any = self.match
        self.match = None
        if table is None:
            return
        waits = getattr(table, "practice", False) and not table.session.state.is_over
        if waits and game is not None and table.session.game is not game:
            if self._parked is not None:
                self._parked.close()
            self._parked = table
        else:
            table.close()

    def _parked_match(self) -> OpenMatch | None:
        """The practice match waiting in memory, if any."""
        table: Any = self._parked
        if table is None:
            return None
        session = table.session
        return open_match(session.game, session.variant, session.state, None, True)

    def _play(self, session: MatchSession, practice: bool = False) -> None:
        self.match = self.table_for(session, practice)
        self.push(self.match)

    def table_for(self, session: MatchSession, practice: bool = False) -> Scene:
        """The table scene bound to `session`: App only wraps a session into its screen."""
        return make_scene(self, session.game.scene("table"), session=session, practice=practice)

    # --- what Continue brings back, and what starting something new would end ---
    def _match_here(self) -> OpenMatch | None:
        """The match in memory, unless it is over (nothing is left to continue)."""
        table: Any = self.match
        if table is None or table.session.state.is_over:
            return None
        session = table.session
        self._stored_cache.pop(session.match_id, None)  # it moves on: read it afresh later
        here = open_match(session.game, session.variant, session.state, session.match_id,
                          bool(getattr(table, "practice", False)))  # fmt: skip
        return dataclasses.replace(here, guests=self._guests(session))

    @staticmethod
    def _guests(session: Any) -> tuple[str, ...]:
        """The people connected from other laptops to a match this laptop hosts."""
        from .play.net.session import HostLink
        from .play.seats import REMOTE

        if not isinstance(getattr(session, "link", None), HostLink):
            return ()
        return tuple(s["name"] for s in session.link.seat_status()
                     if s["kind"] == REMOTE and s["present"])  # fmt: skip

    def _stored(self, game: Game) -> OpenMatch | None:
        """`game`'s running match in the history (replayed once per match, then remembered)."""
        record = self.history.running(game.name)
        if record is None:
            return None
        if record.id not in self._stored_cache:
            self._stored_cache[record.id] = stored_open_match(self.history, game)
        return self._stored_cache[record.id]

    def open_matches(self) -> list[OpenMatch]:
        """What Continue can bring back: the match in memory first, then the other games'
        running matches in the history (a Klaverjas match and a Klabberjass game both)."""
        found = [m for m in (self._match_here(), self._parked_match()) if m is not None]
        stored = [m for g in GAMES.values() if all(g is not f.game for f in found)
                  if (m := self._stored(g)) is not None]  # fmt: skip
        return found + sorted(stored, key=lambda m: -(m.match_id or 0))

    def ending(self, game: Game | None) -> list[OpenMatch]:
        """The unfinished matches that starting a new `game` match would end (None: a
        continue of another game, which ends only a match nobody can bring back). A
        practice match of the other game waits in memory (`_set_aside`): not ended."""
        ends = [m for m in (self._match_here(), self._parked_match()) if m is not None
                and (m.game is game or (m.match_id is None and not m.practice))]  # fmt: skip
        if game is not None:
            stored = self._stored(game)
            if stored is not None and all(stored.match_id != m.match_id for m in ends):
                ends.append(stored)
        return ends

    def continue_match(self, game: Game | None = None) -> None:
        """Back to the match in memory, or to the history's running match of `game` (by
        default the first of `open_matches`)."""
        matches = self.open_matches()
        if game is None:
            game = matches[0].game if matches else None
        here = self._match_here()
        parked: Any = self._parked
        if (
            parked is not None
            and parked.session.game is game
            and (here is None or here.game is not game)
        ):
            self._parked = None
            self._set_aside(game)
            self.match = parked
        elif self.match is None or (game is not None and (here is None or here.game is not game)):
            self._set_aside(game)
            if game is not None and self._hosted(game):  # its guests come back to the lobby
                self.show_menu()
                self.push("network host", game=game.name, resume=True)
                return
            self.match = self._resume(game)
            if self.match is None:
                self.show_menu()  # the stored match could not be restored; the menu says so
                return
        self._unwind()
        self.push(self.match)

    def start_network(self, session: MatchSession) -> None:
        """A network match's table (ui/lan.py hands it over): a guest's first position may
        be in the middle of a deal (a rejoin), shown at once as a continued match is."""
        self._unwind()
        self._set_aside(session.game)
        table = self.table_for(session)
        state = session.state
        if state.n_actions != state.deal_start:
            table.load(state)  # type: ignore[attr-defined]
        self.match = table
        self.push(table)

    def _hosted(self, game: Game) -> bool:
        """`game`'s running match in the history was hosted on the network."""
        from .play.net.headless import hosted

        record = self.history.running(game.name)
        return record is not None and hosted(record)

    def _resume(self, game: Game | None = None) -> Scene | None:
        """The running match of the history, at the exact position of its last stored action."""
        session = resume_session(self.history, self.settings, autopilot=self.autopilot,
                                 jobs=Jobs(self.deterministic),
                                 game=game.name if game is not None else None)  # fmt: skip
        if session is None:
            return None
        table = self.table_for(session)
        table.load(session.state)  # type: ignore[attr-defined]
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
        if event.type == GIVE_BACK:  # half a second after a resize burst ended
            self.give_back_memory()
            self.keep_window()  # once per burst, not at every step of a dragged edge
            return
        top = self.top
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
        """Time passes for the toasts and the top scene (the scenes below wait, as before;
        a network match's host still hears its guests)."""
        self.toasts.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        link = self._link()
        if link is not None and top is not self.match:
            link.background(left=self.match not in self.scenes)

    def _link(self) -> Any:
        """The network of the running match, if it is one."""
        return getattr(getattr(self.match, "session", None), "link", None)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._shown():
            scene.draw(surface)
        top = self.top
        link = self._link()
        if link is not None and top is not self.match:  # who is away shows on every screen
            from .ui.netstatus import draw_away

            u = theme.scale_for(self.size)
            corner = getattr(top, "away_corner", lambda: None)()  # the screen's free corner
            draw_away(surface, link, (self.size[0] // 2, round(8 * u)), u, bottomleft=corner)
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
        """Save the screen as a PNG at `path`: a file is replaced whole (a temporary file
        renamed over it), so a failed save leaves no half picture; OSError if it fails."""
        png = io.BytesIO()
        pygame.image.save(self.screen, png, "png")
        path.parent.mkdir(parents=True, exist_ok=True)
        if _device(path):  # /dev/stdout: written in place
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

    def close(self) -> None:
        pygame.time.set_timer(GIVE_BACK, 0)  # a resize's pending one would wake the next app
        if pygame.display.get_surface() is not None:
            self.keep_window()  # where it was moved to (a move sends no resize)
        for scene in {*self.scenes, self.match, self._parked, self._menu} - {None}:
            scene.close()  # type: ignore[union-attr]
        self.scenes.clear()
        self.match = self._parked = self._menu = None
        self.store.close()
        quitting = self.store.messages()  # moves the history could not take, and where they are
        if quitting:
            crash.tell("\n".join(quitting), "warn")


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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="klaverjas: %(message)s")
    if args.install_desktop or args.uninstall_desktop:
        from . import desktop

        return desktop.command(remove=args.uninstall_desktop)
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
    from .store import lock
    from .store.paths import resolve

    paths = resolve(args.data_dir)
    try:
        held = lock.acquire(paths.data_dir)
    except lock.AlreadyOpen:
        from .store.prefs import peek_language, system_language

        lang = args.lang or peek_language(paths.settings) or system_language()
        i18n.set_language(lang[:2].lower())
        crash.tell(i18n.tr("store.already_open"), "warn")
        return lock.ALREADY_OPEN
    try:  # a crash: its traceback in the log, one message where the log is (crash.py)
        with crash.log_file(crash.log_path(args.data_dir)) as log:
            return crash.guarded(lambda: _play(args), log)
    finally:
        if held is not None:
            held.release()


def _network(args: argparse.Namespace) -> int:
    """`--host` or `--join` without a window (with --window: the network screens)."""
    from .play.net import headless
    from .play.seats import default_level

    store = Store(args.data_dir)
    i18n.set_language((args.lang or store.settings.language)[:2].lower())
    speed = SPEEDS[args.speed or store.settings.animation_speed]
    level = args.level or default_level(get_game(args.game).levels())
    if args.join is not None:  # the guest keeps a copy of the match, as a window does
        try:
            return headless.run_guest(headless.GuestOptions(
                address=args.join, room=args.room, name=args.name or "Guest", level=level,
                speed=speed, frames=args.frames, net_log=args.net_log,
                data_dir=store.paths.data_dir,
            ), history=store.history)  # fmt: skip
        finally:
            store.history.close()
    game = get_game(args.game)
    base = game.presets[args.variant or game.default_preset]
    variant = dataclasses.replace(base, **args.rule)
    opt = headless.HostOptions(
        game=game, variant=variant, seed=args.seed, port=args.port,
        bind=args.bind or "0.0.0.0", room=args.room, guests=args.guests,
        grace=30.0 if args.grace is None else args.grace, level=level, speed=speed,
        turn_limit=headless.TURN_LIMIT if args.turn_limit is None else args.turn_limit,
        resume=args.resume, frames=args.frames, name=args.name or "Host",
        announce=not args.no_discovery,
    )  # fmt: skip
    try:
        return headless.run_host(store, opt)
    finally:
        store.close()
        for message in store.messages():  # moves the history could not take, and where
            print(f"klaverjas: {message}", file=sys.stderr)


def _play(args: argparse.Namespace) -> int:
    network = args.host or args.join is not None
    if network and not args.window:
        return _network(args)
    if args.smoke:
        from . import smoke

        return smoke.run(lambda: App(args, deterministic=True), 1 / FPS)
    fixed = args.frames is not None or args.screenshot is not None
    frames = args.frames or (60 if args.screenshot else None)
    app = App(args, deterministic=fixed, autopilot=fixed)
    try:
        if args.scene is not None:
            SCREENS[args.scene](app)
        # the network runs in real time: a network window's frames are real frames
        app.run(frames=frames, fixed_dt=1 / FPS if fixed and not network else None)
        if args.screenshot:
            try:
                app.screenshot(args.screenshot)
            except OSError as error:
                reason = error.strerror or str(error) or type(error).__name__
                print(f"klaverjas: could not save the screenshot to {str(args.screenshot)!r}: "
                      f"{reason}", file=sys.stderr)  # fmt: skip
                return 2
    finally:
        app.close()
        pygame.quit()
        theme.clear_caches()  # fonts die with pygame.quit
    return 0


if __name__ == "__main__":
    sys.exit(main())
