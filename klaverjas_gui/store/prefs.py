"""The player's settings: one object, kept in one JSON file, written atomically.

Scenes read `app.settings` every frame, so a change shows at once; the app
saves it whenever the player changes something. Unknown keys are ignored (a
newer version's file still loads); a value of the wrong kind falls back to its
default; a file that is not JSON at all is moved aside as
`settings.json.bad-<time>` and the player is told. Nothing here ever raises at
a player: problems come back as messages.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import (
    KLABBERJASS_PRESETS,
    PRESETS,
    KlabberjassVariant,
    Variant,
    VariantError,
    klabberjass_preset_name,
    preset_name,
)
from ..i18n import Message
from .files import set_aside, write_atomic

SCHEMA_VERSION = 2  # 2: one Settings object for the UI and the file (play_gesture, ...)
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
PLAY_GESTURES = ("click", "double_click", "drag")  # dragging always works; this adds a click
LANGUAGES = ("en", "nl", "fr")
CARD_BACKS = ("blue", "red")
HUMAN = "human"
NAME_LENGTH = 24
# Field names of schema 1, read once so nobody loses a choice on upgrade.
RENAMED = {"play_input": "play_gesture", "auto_claim": "auto_roem_claim"}


def default_seats() -> list[dict[str, str]]:
    """South is the player; the computers' level is checked against the AI on use."""
    return [
        {"name": "You", "kind": HUMAN},
        {"name": "Henk", "kind": "easy"},
        {"name": "Anna", "kind": "easy"},
        {"name": "Joop", "kind": "easy"},
    ]


@dataclass
class Settings:
    """Everything a player can set. Rule and seat changes apply to the next match."""

    preset: str = "amsterdam"  # the preset last picked; `variant` may differ from it
    variant: dict[str, Any] = field(default_factory=lambda: PRESETS["amsterdam"].to_dict())
    seats: list[dict[str, str]] = field(default_factory=default_seats)
    animation_speed: str = "normal"  # a key of SPEEDS
    play_gesture: str = "click"  # click, double_click, or drag (clicks only select)
    show_legal: bool = True  # lift the cards that may be played
    four_colour: bool = False
    card_back: str = "blue"
    auto_roem_claim: bool = False  # claim roem for the human when the trick pause ends
    hints: bool = True
    practice: bool = False  # open-hands practice: all hands face up, take-backs, not recorded
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    language: str = "en"
    demo_idle_seconds: int = 120  # the menu starts the club demo after this; 0: never
    klabberjass_preset: str = "klabberjass"  # the two-player game's rules, like preset/variant
    klabberjass: dict[str, Any] = field(
        default_factory=lambda: KLABBERJASS_PRESETS["klabberjass"].to_dict()
    )
    klabberjass_seats: list[dict[str, str]] = field(
        default_factory=lambda: default_seats()[:2]  # you against Henk
    )
    tutorial_done: list[str] = field(default_factory=list)

    @property
    def speed(self) -> float:
        """Multiplier for every animation duration; 0 makes the table instant."""
        return SPEEDS.get(self.animation_speed, 1.0)

    # --- the rules of the next match ---
    def rules(self) -> Variant:
        """The Variant for the next match (the preset's if the stored options are bad)."""
        try:
            return Variant.from_dict(self.variant)
        except (VariantError, TypeError):
            return PRESETS.get(self.preset, PRESETS["amsterdam"])

    def rules_name(self) -> str:
        """The preset the rules equal, or "custom"."""
        return preset_name(self.rules())

    def pick_preset(self, name: str) -> None:
        self.preset = name
        self.variant = PRESETS[name].to_dict()

    def klabberjass_rules(self) -> KlabberjassVariant:
        """The rules of the next Klabberjass game (the preset's if the stored ones are bad)."""
        try:
            return KlabberjassVariant.from_dict(self.klabberjass)
        except (VariantError, TypeError):
            default = KLABBERJASS_PRESETS["klabberjass"]
            return KLABBERJASS_PRESETS.get(self.klabberjass_preset, default)

    def klabberjass_rules_name(self) -> str:
        return klabberjass_preset_name(self.klabberjass_rules())

    def pick_klabberjass_preset(self, name: str) -> None:
        self.klabberjass_preset = name
        self.klabberjass = KLABBERJASS_PRESETS[name].to_dict()

    def set_klabberjass_rule(self, option: str, value: Any) -> None:
        """Change one Klabberjass option; raises VariantError for a value it does not allow."""
        rules = dataclasses.replace(self.klabberjass_rules(), **{option: value})
        self.klabberjass = rules.to_dict()

    def set_rule(self, option: str, value: Any) -> None:
        """Change one option; raises VariantError for a value the option does not allow."""
        self.variant = dataclasses.replace(self.rules(), **{option: value}).to_dict()

    # --- seats ---
    def seat_plan(self, players: int = 4) -> list[tuple[str, str]]:
        """(name, kind) per seat of the four- or two-player game; kind is "human" or a level.

        Klabberjass keeps its own two seats, so a couple's hot-seat game does not turn
        West of the four-player table into a person."""
        return [(s["name"], s["kind"]) for s in self._seats(players)]

    def _seats(self, players: int) -> list[dict[str, str]]:
        return getattr(self, SEATS_FIELD[players])  # type: ignore[no-any-return]

    def set_seat(
        self, seat: int, name: str | None = None, kind: str | None = None, players: int = 4
    ) -> bool:
        """Rename a seat or change who plays it; False (nothing changed) if not allowed."""
        old = self._seats(players)
        new = dict(old[seat])
        if name is not None:
            new["name"] = name.strip()
        if kind is not None:
            new["kind"] = kind
        seats = [*old[:seat], new, *old[seat + 1 :]]
        if not _valid_seats(seats, players) or seats == old:
            return False
        setattr(self, SEATS_FIELD[players], seats)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, **dataclasses.asdict(self)}


SEATS_FIELD = {4: "seats", 2: "klabberjass_seats"}  # each table's seats, by its number of seats

_CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": tuple(SPEEDS),
    "play_gesture": PLAY_GESTURES,
    "language": LANGUAGES,
    "card_back": CARD_BACKS,
}


def _valid_seats(value: Any, players: int = 4) -> bool:
    """Named seats, each a person ("human") or a computer level; several people
    share the laptop hot-seat (ui/hotseat.py)."""
    return (
        isinstance(value, list)
        and len(value) == players
        and all(
            isinstance(s, dict)
            and isinstance(s.get("name"), str)
            and 0 < len(s["name"].strip()) <= NAME_LENGTH
            and isinstance(s.get("kind"), str)
            and re.fullmatch(r"[a-z_]{1,20}", s["kind"]) is not None
            for s in value
        )
    )


def _valid(name: str, value: Any, default: Any) -> bool:
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "preset":
        return value in PRESETS or value == "custom"  # schema 1 wrote "custom"
    if name == "variant":
        try:
            Variant.from_dict(value)
        except (VariantError, TypeError):
            return False
        return True
    if name == "seats":
        return _valid_seats(value)
    if name == "klabberjass_seats":
        return _valid_seats(value, 2)
    if name == "volume":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name == "demo_idle_seconds":  # 0: never
        return (isinstance(value, int) and not isinstance(value, bool)
                and (value == 0 or 10 <= value <= 3600))  # fmt: skip
    if name == "klabberjass_preset":
        return value in KLABBERJASS_PRESETS
    if name == "klabberjass":
        try:
            KlabberjassVariant.from_dict(value)
        except (VariantError, TypeError):
            return False
        return True
    if name == "tutorial_done":
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    return type(value) is type(default)


def from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from stored data; bad values fall back to defaults, named in the messages."""
    data = {RENAMED.get(k, k): v for k, v in data.items()}
    settings = Settings()
    bad = []
    for f in dataclasses.fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value, getattr(settings, f.name)):
            setattr(settings, f.name, value)
        else:
            bad.append(f.name)
    notes = [Message("store.settings_reset", names=", ".join(bad))] if bad else []
    return settings, notes


def load(path: Path) -> tuple[Settings, list[str]]:
    """(settings, messages for the player). Never raises."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except UnicodeDecodeError:
        return _damaged(path)
    except OSError as e:
        return Settings(), [Message("store.settings_unreadable", error=e.strerror)]
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return _damaged(path)
    if not isinstance(data, dict):
        return _damaged(path)
    return from_dict(data)


def _damaged(path: Path) -> tuple[Settings, list[str]]:
    moved = set_aside(path)
    if moved:
        return Settings(), [Message("store.settings_damaged_kept", name=moved.name)]
    return Settings(), [Message("store.settings_damaged")]


def save(path: Path, settings: Settings) -> str | None:
    """Write the settings; returns a message instead of raising if the disk refuses."""
    try:
        write_atomic(path, json.dumps(settings.to_dict(), indent=2, ensure_ascii=False))
    except OSError as e:
        return Message("store.settings_not_saved", error=e.strerror or e)
    return None
