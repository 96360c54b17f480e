"""The Klabberjass tab of the settings screen: its preset and options, like the four-player rules.

The settings scene (ui/settings.py) calls `form_rows` to fill its form and
`draw_summary` for the panel on the right; the rules and seats are the
settings' choices for KLABBERJASS, used by the next two-player game (the Klabberjass
menu and `--game klabberjass`). The options and their allowed values are the
engine's (`klabberjass_rules.TARGETS`, `klabberjass_option_names`). The game keeps
its own two seats: either may be a person, and two people share the laptop hot-seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import KLABBERJASS_PRESETS
from ..engine.klabberjass_rules import (
    DECLARATIONS,
    TARGETS,
    KlabberjassVariant,
    klabberjass_option_names,
)
from ..games import KLABBERJASS
from ..i18n import tr
from ..store.prefs import HUMAN
from .form import Form, Option
from .game_tab import GameTab
from .seats import display_name, level_label

if TYPE_CHECKING:
    from .settings import SettingsScene


def option_values(option: str) -> list[Option]:
    """The values an option offers on screen, in the engine's order."""
    if option == "target":
        return [(n, tr("klabber.points", n=n)) for n in TARGETS]
    if option == "clob":
        return [(False, tr("klabber.off")), (True, tr("klabber.on"))]
    if option == "declarations":
        return [(name, tr(f"klabber.declarations_{name}")) for name in DECLARATIONS]
    raise KeyError(option)


def preset_name(name: str) -> str:
    return (
        tr(f"klabber.preset_{name}") if name in KLABBERJASS_PRESETS else tr("klabber.preset_custom")
    )


def describe(rules: KlabberjassVariant) -> list[str]:
    """The rules in force, one line per option, in the player's language."""
    return [
        tr("klabber.describe_target", n=rules.target),
        tr("klabber.describe_clob" if rules.clob else "klabber.describe_schmeiss"),
        tr(f"klabber.describe_declarations_{rules.declarations}"),
    ]


def form_rows(scene: SettingsScene, form: Form) -> None:
    """The preset chooser and one row per option, as the four-player Rules tab has, then
    who plays: a name and a person or computer level for each of the two seats."""
    settings = scene.settings
    rules = settings.rules(KLABBERJASS)
    form.heading(tr("klabber.heading_preset"))
    form.choice(
        "kj_preset", tr("klabber.preset_label"), tr("klabber.preset_note"),
        [(name, preset_name(name)) for name in KLABBERJASS_PRESETS],
        settings.rules_name(KLABBERJASS), lambda name: pick_preset(scene, name),
    )  # fmt: skip
    form.heading(tr("klabber.heading_options"))
    for option in klabberjass_option_names():
        form.choice(
            f"kj_{option}", tr(f"klabber.option_{option}"), tr(f"klabber.note_{option}"),
            option_values(option), getattr(rules, option),
            lambda value, o=option: set_option(scene, o, value),
        )  # fmt: skip
    form.heading(tr("klabber.heading_seats"))
    kinds = [(n, level_label(n).capitalize()) for n in KLABBERJASS.levels()]
    for seat, (name, kind) in enumerate(settings.seat_plan(KLABBERJASS)):
        person = tr("ui.settings_you_play") if seat == 0 else tr("guide.seat_person")
        key = f"kj_seat{seat}"
        form.entry(
            key, tr("klabber.seat_first" if seat == 0 else "klabber.seat_second"),
            display_name(name), lambda text, s=seat, k=key: scene.rename(s, text, KLABBERJASS, k),
            [(HUMAN, person), *kinds], kind, lambda k, s=seat: scene.set_kind(s, k, KLABBERJASS),
        )  # fmt: skip


TAB = GameTab(KLABBERJASS, "kj_", klabberjass_option_names)
pick_preset, set_option, mark = TAB.pick_preset, TAB.set_option, TAB.mark


def draw_summary(scene: SettingsScene, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The right-hand panel on this tab: the next Klabberjass game's rules and opponent."""
    settings = scene.settings
    (you, first), (name, level) = settings.seat_plan(KLABBERJASS)
    if first == HUMAN and level == HUMAN:
        words = tr("klabber.people", you=display_name(you), name=display_name(name))
    elif level == HUMAN:  # the person sits in the second seat, a computer in the first
        words = tr("klabber.opponent", you=display_name(name), name=display_name(you),
                   level=level_label(first))  # fmt: skip
    else:
        words = tr("klabber.opponent", you=display_name(you), name=display_name(name),
                   level=level_label(level))  # fmt: skip
    TAB.draw_summary(scene, surface, panel, tr("klabber.next_game"),
                     preset_name(settings.rules_name(KLABBERJASS)),
                     describe(settings.rules(KLABBERJASS)), [words])  # fmt: skip
