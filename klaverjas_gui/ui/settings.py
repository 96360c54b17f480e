"""The player's preferences, in memory, in one place.

A later issue persists this object (JSON in the data directory); keeping every
preference here means that issue touches one module, not every scene.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
PLAY_GESTURES: tuple[str, ...] = ("click", "double_click", "drag")
CARD_BACKS: tuple[str, ...] = ("blue", "red")


@dataclass
class Settings:
    """What the player chose. Scenes read it every frame, so a change shows at once."""

    animation_speed: str = "normal"  # a key of SPEEDS
    play_gesture: str = "click"  # click, double_click, or drag (clicks only select)
    show_legal: bool = True  # lift the cards that may be played
    four_colour: bool = False
    card_back: str = "blue"
    auto_roem_claim: bool = False  # claim roem for the human when the trick pause ends
    volume: float = 0.8
    muted: bool = False
    ai_level: str = ""  # empty: the default level of klaverjas_gui.ai
    lang: str = "en"
    data_dir: Path | None = None

    @property
    def speed(self) -> float:
        """Multiplier for every animation duration; 0 makes the table instant."""
        return SPEEDS.get(self.animation_speed, 1.0)

    def cycle(self, name: str) -> None:
        """Advance one option to its next value (the options screen's buttons do this)."""
        value = getattr(self, name)
        choices: tuple = {
            "animation_speed": tuple(SPEEDS),
            "play_gesture": PLAY_GESTURES,
            "card_back": CARD_BACKS,
            "volume": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
        }.get(name, (False, True))
        if name == "volume":
            nearest = min(choices, key=lambda c: abs(c - value))
            setattr(self, name, choices[(choices.index(nearest) + 1) % len(choices)])
            return
        index = choices.index(value) if value in choices else -1
        setattr(self, name, choices[(index + 1) % len(choices)])

    def to_dict(self) -> dict:
        data = asdict(self)
        data["data_dir"] = str(self.data_dir) if self.data_dir else None
        return data

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))
