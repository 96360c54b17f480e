"""Variant: every rule option of RULES.md section 1, and the seven presets.

A Variant is a frozen value. Option values are the plain strings of RULES.md
(`must_ruff="always"`); on/off options are bools and also accept "on"/"off".
An unknown option name or value fails at construction with a message that
lists what is allowed, so a typo in a settings file never plays silently.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any


class VariantError(ValueError, TypeError):
    """An unknown option or a value the option does not allow."""


# Allowed string values per option, in the order the settings screen shows them.
CHOICES: dict[str, tuple[str, ...]] = {
    "deal_pattern": ("3-2-3", "4-4"),
    "trump_selection": ("free", "forced_first", "dealer_forced", "proposed", "two_rounds"),
    "opening_lead": ("first_hand", "chooser"),
    "must_ruff": ("opponent", "always", "never"),
    "undertrump": ("forbidden", "forced"),
    "carre_values": ("amsterdam", "all_100_jacks_200", "all_100"),
    "roem_claim": ("must_claim", "automatic", "keep_or_leave"),
    "tie": ("nat", "litige"),
    "match_tie": ("share", "extra_deal"),
    "revoke": ("off", "club"),
    "signals": ("none", "kleur", "tegenkleur"),
}
BOOLEANS = (
    "kraken", "kraken_doubles_roem", "must_overtrump", "roem_enabled", "defence_pit",
    "trump_request",
)  # fmt: skip
MATCH_LENGTH_RE = re.compile(r"^(deals|points):([1-9][0-9]{0,4})$")


@dataclass(frozen=True, init=False)
class Variant:
    """The rules in force. Build with keywords; use dataclasses.replace to change one."""

    deal_pattern: str = "3-2-3"
    trump_selection: str = "free"
    opening_lead: str = "first_hand"
    kraken: bool = False
    kraken_doubles_roem: bool = False
    must_ruff: str = "opponent"
    must_overtrump: bool = True
    undertrump: str = "forbidden"
    carre_values: str = "amsterdam"
    roem_claim: str = "must_claim"
    roem_enabled: bool = True
    pit_bonus: int = 100
    defence_pit: bool = True
    tie: str = "nat"
    revoke: str = "off"  # "club": a person's wrong card is accepted and may be called (1.11)
    match_length: str = "deals:16"
    match_tie: str = "share"
    signals: str = "none"  # RULES.md 1.10: a public signalling convention (engine/signals.py)
    trump_request: bool = False

    def __init__(self, **options: Any) -> None:
        names = option_names()
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise VariantError(
                f"unknown variant option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(names)}"
            )
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _check(f.name, options.get(f.name, f.default)))

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in option_names()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variant:
        return cls(**data)

    @property
    def match_kind(self) -> str:
        """ "deals" or "points"."""
        return self.match_length.split(":")[0]

    @property
    def match_target(self) -> int:
        return int(self.match_length.split(":")[1])


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(Variant))


def _check(name: str, value: Any) -> Any:
    if name in CHOICES:
        v = value.value if hasattr(value, "value") else value
        if v not in CHOICES[name]:
            raise VariantError(
                f"option {name} cannot be {value!r}; allowed: {', '.join(CHOICES[name])}"
            )
        return v
    if name in BOOLEANS:
        if isinstance(value, bool):
            return value
        if value in ("on", "off"):
            return value == "on"
        raise VariantError(f"option {name} cannot be {value!r}; allowed: on, off (or True, False)")
    if name == "pit_bonus":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise VariantError(f"option pit_bonus cannot be {value!r}; allowed: 0 to 1000")
        return value
    if name == "match_length":
        if not isinstance(value, str) or not MATCH_LENGTH_RE.match(value):
            raise VariantError(
                f"option match_length cannot be {value!r}; allowed: 'deals:N' "
                f"(e.g. deals:16) or 'points:N' (e.g. points:1500)"
            )
        return value
    raise VariantError(f"unknown variant option {name!r}")  # pragma: no cover


_AMSTERDAM = Variant()
PRESETS: dict[str, Variant] = {
    "amsterdam": _AMSTERDAM,
    "rotterdam": dataclasses.replace(_AMSTERDAM, must_ruff="always", undertrump="forced"),
    "utrecht": dataclasses.replace(_AMSTERDAM, trump_selection="forced_first"),
    "kraken": dataclasses.replace(_AMSTERDAM, trump_selection="forced_first", kraken=True),
    "proposed": dataclasses.replace(
        _AMSTERDAM,
        trump_selection="proposed",
        carre_values="all_100_jacks_200",
        roem_claim="keep_or_leave",
    ),
    "two_rounds": dataclasses.replace(
        _AMSTERDAM, trump_selection="two_rounds", roem_claim="automatic", opening_lead="chooser"
    ),
    "french": dataclasses.replace(
        _AMSTERDAM,
        trump_selection="dealer_forced",
        carre_values="all_100",
        roem_claim="automatic",
        deal_pattern="4-4",
        pit_bonus=88,
        tie="litige",
        match_length="points:1500",
    ),
}


# How long a match lasts is the players' choice, not part of a rule set: picking a preset
# keeps them (store/prefs.py), and a preset played to another length keeps its name.
MATCH_OPTIONS = ("match_length", "match_tie")


def preset_name(variant: Variant) -> str:
    """The preset whose rules this variant plays (whatever its match length), or "custom"."""
    for name, preset in PRESETS.items():
        if preset == with_match_of(variant, preset):
            return name
    return "custom"


def with_match_of(rules: Variant, match: Variant) -> Variant:
    """`rules` with the match length and end-of-match tie rule of `match`."""
    return dataclasses.replace(rules, **{o: getattr(match, o) for o in MATCH_OPTIONS})
