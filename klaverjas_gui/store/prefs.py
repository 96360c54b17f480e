"""The player's settings: one object, kept in one JSON file, written atomically.

Scenes read `app.settings` every frame, so a change shows at once; the app
saves it whenever the player changes something. Nothing read is lost: keys this
version does not know (a newer version's file on a shared stick) are written
back as they were, a value of the wrong kind falls back to its default and the
file as read is kept as `settings.json.bak` before the first rewrite that
changes it, a file that is not JSON at all is moved aside as
`settings.json.bad-<time>`, and a file that cannot be read (permission, a
folder or FIFO of that name) is left alone and never written over. Nothing
here ever raises at a player: problems come back as messages.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import locale
import os
import re
import stat
import sys
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import VariantError
from ..games import DEFAULT_GAME, GAMES, Game, get_game
from ..i18n import Message
from .files import NotRegularFile, read_regular, set_aside, write_atomic

# 2: one Settings object for the UI and the file (play_gesture, ...); 3: the coach, and
# whether the player chose its level (a schema 2 file reads as a player who has not).
SCHEMA_VERSION = 3
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
PLAY_GESTURES = ("click", "double_click", "drag")  # dragging always works; this adds a click
LANGUAGES = ("en", "nl", "fr")
CARD_BACKS = ("blue", "red")
TEXT_SIZES = ("normal", "large", "larger")  # ui/theme.py says how much larger
# The live coach at the table (play/coaching.py): silent, a note on a costly decision, or a
# note on every decision. A newcomer gets notes on mistakes; after QUIET_AFTER finished
# matches a player who never chose is left in peace.
COACH_LEVELS = ("off", "mistakes", "every")
# A person's only allowed card plays itself after a short pause (play/session.py): never,
# at the last trick (where the last card has nowhere else to go), or whenever it is forced.
FORCED_CARD = ("off", "last_trick", "always")
QUIET_AFTER = 20
HUMAN = "human"
NAME_LENGTH = 24
# Field names of schema 1, read once so nobody loses a choice on upgrade.
RENAMED = {"play_input": "play_gesture", "auto_claim": "auto_roem_claim"}
# What a seat name may not hold: control characters and line breaks (they break the score
# panel), invisible format marks (a right-to-left override), lone surrogates (UTF-8 cannot
# store them), private-use and unassigned code points. Plain spaces are fine.
NOT_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# A temporary file of write_atomic older than this was left by a killed run: removed at
# start. Younger ones are left alone (a slow USB stick may still be writing one).
STALE_TEMP_SECONDS = 60.0


# Windows primary language ids (LANGID & 0x3FF) of the languages we speak.
WINDOWS_LANGUAGES = {0x09: "en", 0x13: "nl", 0x0C: "fr"}


def _language_of(code: str | None) -> str | None:
    """ "nl" from "nl_BE.UTF-8" or "fr-FR"; None for a locale we do not speak ("C", "de_DE")."""
    lang = (code or "").replace("-", "_").split("_")[0].split(".")[0].lower()
    return lang if lang in LANGUAGES else None


def _windows_ui_language() -> str | None:
    if sys.platform != "win32":  # also tells a type checker that windll is Windows's own
        return None
    try:
        import ctypes

        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return None
    return WINDOWS_LANGUAGES.get(langid & 0x3FF)


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the user's system, to start in when no settings file exists yet:
    on POSIX the first of LC_ALL, LC_MESSAGES and LANG that is set (as setlocale reads them),
    else Windows's display language, else Python's locale; English when we do not speak it."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return _language_of(environ[name]) or "en"
    found = _windows_ui_language()
    if found is None:
        try:
            found = _language_of(locale.getlocale()[0])
        except ValueError:  # an unknown locale name
            found = None
    return found or "en"


def clean_name(text: str) -> str:
    """`text` without the characters a seat name may not hold (the seat editor strips them)."""
    return "".join(c for c in text if unicodedata.category(c) not in NOT_IN_NAMES)


def valid_name(name: Any) -> bool:
    """Printable text of 1..NAME_LENGTH characters once stripped: safe to draw and to store."""
    return (
        isinstance(name, str) and 0 < len(name.strip()) <= NAME_LENGTH and clean_name(name) == name
    )


SeatPlan = tuple[tuple[str, str], ...]  # (name, kind) per seat; kind is HUMAN or a level

# South is the player; the computers' level is checked against the AI on use. A game of
# fewer players takes the first seats (Klabberjass: you against Henk).
DEFAULT_SEATS: SeatPlan = (("You", HUMAN), ("Henk", "easy"), ("Anna", "easy"), ("Joop", "easy"))


def default_seats() -> list[dict[str, str]]:
    """The four seats of a first start, as the file holds them."""
    return _seat_dicts(DEFAULT_SEATS)


@dataclass(frozen=True)
class GameChoices:
    """One game's choices for its next match: the preset last picked, the rules (the game's
    own Variant, which may differ from the preset: "custom") and who sits where."""

    preset: str
    rules: Any  # Variant or KlabberjassVariant: whatever the game's presets are
    seats: SeatPlan

    @classmethod
    def default(cls, game: Game) -> GameChoices:
        name = game.default_preset
        return cls(name, game.presets[name], DEFAULT_SEATS[: game.players])


def file_keys(game: Game) -> tuple[str, str, str]:
    """(preset, rules, seats) keys of a game's choices in settings.json, as its registry
    entry says (`Game.settings_keys`: the keys schema 2 has always used; the four-player
    game came first and took the plain names), else named after the game."""
    return game.settings_keys or (f"{game.name}_preset", game.name, f"{game.name}_seats")


def _default_games() -> dict[str, GameChoices]:
    return {name: GameChoices.default(game) for name, game in GAMES.items()}


@dataclass(slots=True)  # a mistyped or retired name (settings.variant = ...) fails loudly
class Settings:
    """Everything a player can set. Rule and seat changes apply to the next match.

    Each game's rules and seats are one `GameChoices` in `games`, read and changed
    through the accessors below, which take the game (the four-player game if left out)."""

    games: dict[str, GameChoices] = field(default_factory=_default_games)
    animation_speed: str = "normal"  # a key of SPEEDS
    play_gesture: str = "click"  # click, double_click, or drag (clicks only select)
    show_legal: bool = True  # lift the cards that may be played
    four_colour: bool = False
    card_back: str = "blue"
    auto_roem_claim: bool = False  # claim roem for the human when the trick pause ends
    forced_card: str = "last_trick"  # a key of FORCED_CARD: when a forced card plays itself
    hints: bool = True
    practice: bool = False  # open-hands practice: all hands face up, take-backs, not recorded
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    language: str = "en"
    demo_idle_seconds: int = 120  # the menu starts the club demo after this; 0: never
    tutorial_done: list[str] = field(default_factory=list)
    text_size: str = "normal"  # a key of TEXT_SIZES: every screen's letters
    coach: str = "mistakes"  # a key of COACH_LEVELS
    coach_chosen: bool = False  # the player set the coach: QUIET_AFTER does not apply
    net_grace: int = 30  # seconds a hosted match waits for a dropped laptop (a key of GRACES)
    # The table this laptop last sat at as a guest, {"address", "room", "name"}: a guest
    # whose laptop restarted finds the join screen filled in, and Enter takes her back.
    net_join: dict[str, str] = field(default_factory=dict)
    # The window as last left: {"size": [w, h], "position": [x, y]} (never a full-screen
    # size: F11 keeps the window's own); clamped to the screen when used.
    window: dict[str, list[int]] = field(default_factory=dict)

    @property
    def speed(self) -> float:
        """Multiplier for every animation duration; 0 makes the table instant."""
        return SPEEDS.get(self.animation_speed, 1.0)

    def choose_coach(self, level: str) -> None:
        """The player's own choice of coach, kept however many matches they play."""
        self.coach = level
        self.coach_chosen = True

    def settle_coach(self, finished_matches: int) -> bool:
        """After QUIET_AFTER finished matches the coach goes quiet, unless the player chose
        its level; True if this changed the setting (to be saved)."""
        if self.coach_chosen or self.coach == "off" or finished_matches < QUIET_AFTER:
            return False
        self.coach = "off"
        return True

    # --- each game's next match ---
    def choices(self, game: Game | str = DEFAULT_GAME) -> GameChoices:
        game = _game(game)
        return self.games.get(game.name) or GameChoices.default(game)

    def _change(self, game: Game, **changes: Any) -> None:
        self.games[game.name] = dataclasses.replace(self.choices(game), **changes)

    def rules(self, game: Game | str = DEFAULT_GAME) -> Any:
        """The game's Variant for its next match."""
        return self.choices(game).rules

    def rules_name(self, game: Game | str = DEFAULT_GAME) -> str:
        """The preset the rules equal, or "custom"."""
        game = _game(game)
        return game.preset_name(self.rules(game))

    def pick_preset(self, name: str, game: Game | str = DEFAULT_GAME) -> None:
        """The preset's rules; what the game calls the match's own (its length and tie
        rule, set on the Match tab) stays."""
        game = _game(game)
        old = self.rules(game)
        kept = {option: getattr(old, option) for option in game.match_options}
        self._change(game, preset=name, rules=dataclasses.replace(game.presets[name], **kept))

    def set_rule(self, option: str, value: Any, game: Game | str = DEFAULT_GAME) -> None:
        """Change one option; raises VariantError for a value the option does not allow."""
        game = _game(game)
        self._change(game, rules=dataclasses.replace(self.rules(game), **{option: value}))

    # --- seats ---
    def seat_plan(self, game: Game | str = DEFAULT_GAME) -> list[tuple[str, str]]:
        """(name, kind) per seat of the game; kind is "human" or a level.

        Each game keeps its own seats, so a couple's hot-seat Klabberjass does not turn
        West of the four-player table into a person."""
        return list(self.choices(game).seats)

    def set_seat(self, seat: int, name: str | None = None, kind: str | None = None,
                 game: Game | str = DEFAULT_GAME) -> bool:  # fmt: skip
        """Rename a seat or change who plays it; False (nothing changed) if not allowed."""
        game = _game(game)
        old = self.choices(game).seats
        new = (old[seat][0] if name is None else name.strip(),
               old[seat][1] if kind is None else kind)  # fmt: skip
        seats = (*old[:seat], new, *old[seat + 1 :])
        if not _valid_seats(_seat_dicts(seats), game.players) or seats == old:
            return False
        self._change(game, seats=seats)
        return True

    def to_dict(self) -> dict[str, Any]:
        """The settings as the file holds them (schema 3's keys)."""
        data: dict[str, Any] = {"schema": SCHEMA_VERSION}
        for f in dataclasses.fields(self):
            if f.name != "games":
                data[f.name] = copy.deepcopy(getattr(self, f.name))
        for game in GAMES.values():
            choices = self.choices(game)
            preset, rules, seats = file_keys(game)
            data.update({preset: choices.preset, rules: choices.rules.to_dict(),
                         seats: _seat_dicts(choices.seats)})  # fmt: skip
        return data


def _game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else get_game(game)


def _seat_dicts(seats: SeatPlan) -> list[dict[str, str]]:
    return [{"name": name, "kind": kind} for name, kind in seats]


# How long a hosted network match waits for a person whose laptop dropped out before a
# computer plays their seat (the host's screen offers these; --grace overrides).
GRACES = (15, 30, 60, 120)

_CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": tuple(SPEEDS),
    "play_gesture": PLAY_GESTURES,
    "language": LANGUAGES,
    "card_back": CARD_BACKS,
    "text_size": TEXT_SIZES,
    "coach": COACH_LEVELS,
    "forced_card": FORCED_CARD,
}


def _valid_seats(value: Any, players: int = 4) -> bool:
    """Named seats, each a person ("human") or a computer level; several people
    share the laptop hot-seat (ui/hotseat.py)."""
    return (
        isinstance(value, list)
        and len(value) == players
        and all(
            isinstance(s, dict)
            and valid_name(s.get("name"))
            and isinstance(s.get("kind"), str)
            and re.fullmatch(r"[a-z_]{1,20}", s["kind"]) is not None
            for s in value
        )
    )


def _valid(name: str, value: Any, default: Any) -> bool:
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "volume":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name == "net_grace":
        return type(value) is int and value in GRACES
    if name == "demo_idle_seconds":  # 0: never
        return (isinstance(value, int) and not isinstance(value, bool)
                and (value == 0 or 10 <= value <= 3600))  # fmt: skip
    if name == "window":
        return isinstance(value, dict) and all(
            key in ("size", "position") and isinstance(pair, list) and len(pair) == 2
            and all(type(n) is int and abs(n) <= 100_000 for n in pair)
            for key, pair in value.items()
        )  # fmt: skip
    if name == "net_join":
        limits = {"address": 60, "room": 12}  # the join screen's fields; a name as a seat's
        return isinstance(value, dict) and all(
            valid_name(text) if key == "name" else
            key in limits and isinstance(text, str) and text.isprintable()
            and len(text) <= limits[key]
            for key, text in value.items()
        )  # fmt: skip
    if name == "tutorial_done":
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    return type(value) is type(default)


def _read_choices(game: Game, data: dict[str, Any], bad: list[str]) -> GameChoices:
    """A game's choices from its three keys; each bad or missing one is the default's (a bad
    one is named in `bad`)."""
    choices = GameChoices.default(game)
    preset_key, rules_key, seats_key = file_keys(game)
    if preset_key in data:
        value = data[preset_key]
        # schema 1 wrote "custom" for rules that are no preset
        if isinstance(value, str) and (value in game.presets or value == "custom"):
            choices = dataclasses.replace(choices, preset=value)
        else:
            bad.append(preset_key)
    if rules_key in data:
        try:
            choices = dataclasses.replace(choices, rules=game.variant_from_dict(data[rules_key]))
        except VariantError:
            bad.append(rules_key)
    if seats_key in data:
        value = data[seats_key]
        if _valid_seats(value, game.players):
            seats = tuple((s["name"], s["kind"]) for s in value)
            choices = dataclasses.replace(choices, seats=seats)
        else:
            bad.append(seats_key)
    return choices


def _from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """(settings, the names of the stored values that were bad and are the defaults now)."""
    data = _renamed(data)
    settings = Settings()
    bad: list[str] = []
    for f in dataclasses.fields(Settings):
        if f.name == "games" or f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value, getattr(settings, f.name)):
            setattr(settings, f.name, value)
        else:
            bad.append(f.name)
    settings.games = {name: _read_choices(game, data, bad) for name, game in GAMES.items()}
    return settings, bad


def from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from stored data; bad values fall back to defaults, named in the messages."""
    settings, bad = _from_dict(data)
    return settings, _reset_note(bad)


def _reset_note(bad: list[str]) -> list[str]:
    return [Message("store.settings_reset", names=", ".join(bad))] if bad else []


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1's field names as today's; a today's name also present wins."""
    return {**{RENAMED[k]: v for k, v in data.items() if k in RENAMED},
            **{k: v for k, v in data.items() if k not in RENAMED}}  # fmt: skip


_UNSET = object()


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (1 is not true here, as it is in Python); False if either cannot be
    written at all."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


def _parse(raw: bytes) -> dict[str, Any] | None:
    """The settings object in the file's bytes (a Notepad BOM is fine); None if damaged:
    not UTF-8, not JSON, not an object, nested too deep or a number too long to convert."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError included
        return None
    return data if isinstance(data, dict) else None


def _read_only(path: Path) -> bool:
    """Whether the file at `path` is read-only: no write permission for its owner (chmod 444,
    Windows's read-only box), or none for us. False when there is no such file."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not mode & stat.S_IWUSR or not os.access(path, os.W_OK)


def remove_stale_temps(path: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete what killed writes of `path` (or of its .bak) left: regular files named exactly
    as write_atomic names its temporary files, untouched for `older_than` seconds."""
    pattern = re.compile(re.escape(path.name) + r"\.(bak\.)?[a-z0-9_]{8}\.tmp")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


class SettingsFile:
    """settings.json as this run read it, so that saving loses nothing.

    `save` re-reads the file and merges on top-level keys: a key we changed since it was
    read (or last saved) gets our value; any other key keeps what the file holds now, so
    unknown keys and another writer's changes survive. Before the first rewrite that
    changes what was read, the file as read is kept as `settings.json.bak` (once per run).
    A file that could not be read is never written over in this run."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.backup = path.with_name(path.name + ".bak")
        self.writable = True  # False: it could not be read, so it is left alone
        self._read: tuple[bytes, dict[str, Any]] | None = None  # bytes and data as read
        self._synced: dict[str, Any] = {}  # our keys as in the file when last read or written
        self._backed_up = False

    def load(self) -> tuple[Settings, list[str]]:
        """(settings, messages for the player). Never raises."""
        remove_stale_temps(self.path)
        self._synced = Settings().to_dict()  # no file: it holds nothing we must not overwrite
        try:
            raw = read_regular(self.path)
        except (FileNotFoundError, NotADirectoryError):  # a file where the folder should be
            return Settings(language=system_language()), []  # first start: the system's
        except NotRegularFile:
            self.writable = False
            return Settings(), [Message("store.settings_not_regular", name=self.path.name)]
        except OSError as e:
            self.writable = False
            return Settings(), [Message("store.settings_unreadable", error=e.strerror or e)]
        notes: list[str] = []
        if _read_only(self.path):  # its owner's choice: read, never replaced nor set aside
            self.writable = False
            notes.append(Message("store.settings_read_only", name=self.path.name))
        data = _parse(raw)
        if data is None:
            if not self.writable:
                return Settings(), [Message("store.settings_damaged"), *notes]
            return _damaged(self.path)
        settings, bad = _from_dict(data)
        self._read = raw, data
        # A value reset here is ours to write; any other is in the file as we hold it (rules
        # the engine reads with an option left out mean the same, and stay as written).
        self._synced = {k: v for k, v in settings.to_dict().items() if k not in bad}
        return settings, _reset_note(bad) + notes

    def refusal(self) -> str:
        """Why this run does not write the file (when `writable` is False)."""
        if _read_only(self.path):
            return Message("store.settings_read_only", name=self.path.name)
        return Message("store.settings_left_alone")

    def save(self, settings: Settings) -> str | None:
        """Write the settings merged into the file; a message instead of raising."""
        if not self.writable or _read_only(self.path):  # made read-only while we ran, too
            self.writable = False
            return self.refusal()
        ours = settings.to_dict()
        try:
            theirs = _parse(read_regular(self.path))
            if theirs is None:
                set_aside(self.path)  # damaged since it was read: kept, not overwritten
        except (FileNotFoundError, NotADirectoryError):
            theirs = None
        except OSError as e:
            return Message("store.settings_not_saved", error=e.strerror or e)
        merged = {k: v for k, v in (theirs or {}).items() if k not in RENAMED}
        merged.update({k: v for k, v in ours.items()
                       if k not in merged or v != self._synced.get(k, _UNSET)})  # fmt: skip
        newer = (theirs or {}).get("schema")
        if type(newer) is int and newer > SCHEMA_VERSION:
            merged["schema"] = newer  # a newer version's file stays marked as such
        else:
            merged["schema"] = SCHEMA_VERSION  # an older one is upgraded: it holds our keys
        try:
            text = json.dumps(merged, indent=2, ensure_ascii=False)
            try:
                data = text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: JSON's \u escapes keep it exactly
                data = json.dumps(merged, indent=2).encode("ascii")
            if not _same(merged, theirs):
                if self._read and not self._backed_up and not _same(merged, self._read[1]):
                    write_atomic(self.backup, self._read[0])
                    self._backed_up = True
                write_atomic(self.path, data)
        except OSError as e:
            return Message("store.settings_not_saved", error=e.strerror or e)
        except (TypeError, ValueError, RecursionError) as e:  # a value JSON cannot hold
            return Message("store.settings_not_saved", error=str(e))
        self._synced = ours
        return None


def peek_language(path: Path) -> str | None:
    """The stored language, read without changing anything (a second copy's message)."""
    try:
        language = (_parse(read_regular(path)) or {}).get("language")
    except OSError:
        return None
    return language if language in LANGUAGES else None


def load(path: Path) -> tuple[Settings, list[str]]:
    """(settings, messages for the player). Never raises."""
    return SettingsFile(path).load()


def _damaged(path: Path) -> tuple[Settings, list[str]]:
    moved = set_aside(path)
    if moved:
        return Settings(), [Message("store.settings_damaged_kept", name=moved.name)]
    return Settings(), [Message("store.settings_damaged")]


def save(path: Path, settings: Settings) -> str | None:
    """Write the settings over what the file holds, keeping keys this version does not know;
    returns a message instead of raising if the disk refuses."""
    return SettingsFile(path).save(settings)
