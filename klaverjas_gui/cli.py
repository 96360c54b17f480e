"""The command line: the parser, every flag's check, and the runs without a window.

Bad input is one line and exit status 2 (argparse's status, without the usage block):
`parse_args` checks every flag, and what only the game can judge (a --rule option, a
--level, a --scene name), before anything opens. `run_network` is `--host`/`--join`
without `--window`: a computer plays this laptop's seat, no pygame window opens.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

# isort: off
from .window import MAX_SIZE, MIN_SIZE, is_device  # first: its SDL hints come before pygame

# isort: on
from . import crash, i18n, memory
from .engine import VariantError
from .games import DEFAULT_GAME, GAMES, get_game
from .play.session import SEED_LIMIT
from .store.prefs import LANGUAGES, SPEEDS
from .store.session import Store, export_command
from .ui.catalogue import SCREENS
from .version import version

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


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
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
    if not text.lower().endswith(".png") and not is_device(Path(text)):
        raise argparse.ArgumentTypeError(f"a screenshot is a PNG file: end the name in .png, "
                                         f"not {text!r}")  # fmt: skip
    return Path(text)


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
    if is_device(path):
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
    from .play.net.protocol import ROOM_ALPHABET, ROOM_LENGTH, is_room_code

    code = text.strip().upper()
    if not is_room_code(code):
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


def run_network(args: argparse.Namespace) -> int:
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


def _play(args: argparse.Namespace) -> int:
    network = args.host or args.join is not None
    if network and not args.window:
        return run_network(args)
    import pygame

    from .app import App  # the window's program: not imported for a run without one
    from .loop import FPS
    from .ui import theme

    memory.settle()  # what is loaded by now lives as long as the program
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
                app.window.save_png(args.screenshot)
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
