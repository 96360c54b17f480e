"""Preferences: one JSON file with a schema version, written atomically.

Unknown keys are ignored (a newer version's file still loads); a value of the
wrong kind falls back to its default; a file that is not JSON at all is moved
aside as `settings.json.bad-<time>` and the player is told. Nothing here ever
raises at a player: problems come back as messages.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import PRESETS, Variant, VariantError
from .files import set_aside, write_atomic

SCHEMA_VERSION = 1
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
PLAY_INPUTS = ("drag", "click", "double_click")  # dragging always works; this adds a click
LANGUAGES = ("en", "nl", "fr")
SEAT_KINDS = ("human", "easy", "normal", "hard")
CARD_BACKS = ("blue", "red")


def default_seats() -> list[dict[str, str]]:
    return [
        {"name": "You", "kind": "human"},
        {"name": "West", "kind": "normal"},
        {"name": "Partner", "kind": "normal"},
        {"name": "East", "kind": "normal"},
    ]


@dataclass
class Prefs:
    """Everything a player can set. Rule changes apply to the next match."""

    preset: str = "amsterdam"
    variant: dict[str, Any] = field(default_factory=lambda: PRESETS["amsterdam"].to_dict())
    seats: list[dict[str, str]] = field(default_factory=default_seats)
    animation_speed: str = "normal"
    play_input: str = "double_click"
    show_legal: bool = True
    four_colour: bool = False
    card_back: str = "blue"
    auto_claim: bool = False
    hints: bool = True
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    language: str = "en"
    demo_idle_seconds: int = 120
    tutorial_done: list[str] = field(default_factory=list)

    def rules(self) -> Variant:
        """The Variant for the next match (defaults if the stored options are bad)."""
        try:
            return Variant.from_dict(self.variant)
        except VariantError:
            return PRESETS.get(self.preset, PRESETS["amsterdam"])

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, **dataclasses.asdict(self)}


_CHOICES = {
    "animation_speed": ANIMATION_SPEEDS,
    "play_input": PLAY_INPUTS,
    "language": LANGUAGES,
    "card_back": CARD_BACKS,
}


def _valid(name: str, value: Any, default: Any) -> bool:
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "preset":
        return value in PRESETS or value == "custom"
    if name == "variant":
        try:
            Variant.from_dict(value)
        except (VariantError, TypeError):
            return False
        return True
    if name == "seats":
        return (
            isinstance(value, list)
            and len(value) == 4
            and all(
                isinstance(s, dict)
                and isinstance(s.get("name"), str)
                and 0 < len(s["name"]) <= 24
                and s.get("kind") in SEAT_KINDS
                for s in value
            )
        )
    if name == "volume":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name == "demo_idle_seconds":
        return isinstance(value, int) and not isinstance(value, bool) and 10 <= value <= 3600
    if name == "tutorial_done":
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    return type(value) is type(default)


def from_dict(data: dict[str, Any]) -> tuple[Prefs, list[str]]:
    """Prefs from stored data; bad values fall back to defaults, named in the messages."""
    prefs = Prefs()
    bad = []
    for f in dataclasses.fields(Prefs):
        if f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value, getattr(prefs, f.name)):
            setattr(prefs, f.name, value)
        else:
            bad.append(f.name)
    notes = [f"Some settings were not valid and were reset: {', '.join(bad)}."] if bad else []
    return prefs, notes


def load(path: Path) -> tuple[Prefs, list[str]]:
    """(preferences, messages for the player). Never raises."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Prefs(), []
    except (OSError, UnicodeDecodeError) as e:
        if isinstance(e, UnicodeDecodeError):
            return _damaged(path)
        return Prefs(), [f"Your settings could not be read ({e.strerror}); using the defaults."]
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return _damaged(path)
    if not isinstance(data, dict):
        return _damaged(path)
    return from_dict(data)


def _damaged(path: Path) -> tuple[Prefs, list[str]]:
    moved = set_aside(path)
    where = f" It was kept as {moved.name}." if moved else ""
    return Prefs(), [f"Your settings file was damaged, so the defaults are used.{where}"]


def save(path: Path, prefs: Prefs) -> str | None:
    """Write the preferences; returns a message instead of raising if the disk refuses."""
    try:
        write_atomic(path, json.dumps(prefs.to_dict(), indent=2, ensure_ascii=False))
    except OSError as e:
        return f"Settings could not be saved ({e.strerror or e}); they last until you quit."
    return None
