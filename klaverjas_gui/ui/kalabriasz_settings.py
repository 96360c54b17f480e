"""The Kalabriasz tab of the settings screen: its preset, its options and its three seats.

The settings scene (ui/settings.py) calls `form_rows` to fill its form and
`draw_summary` for the panel on the right, as for the Klabberjass tab. The options are
four-player ones (RULES.md 3: the play duties, roem, pit and the match's length), so
their rows, words and values are the four-player Rules tab's (`rule_options`,
`option_label`). Each of the three seats may be a person or a computer; several people
share the laptop hot-seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..engine.kalabriasz_rules import kalabriasz_option_names
from ..games import KALABRIASZ
from ..i18n import tr
from ..store.prefs import HUMAN
from ..words import option_description, option_label
from .game_tab import GameTab
from .seats import display_name, level_label

if TYPE_CHECKING:
    from .form import Form
    from .settings import SettingsScene

KEY = "kb_"  # the form's keys of this tab's rows
# options whose four-player words speak of teams, eight tricks or four of a kind: this tab
# says them for three players each for himself, ten tricks and tricks of three cards
OWN_WORDS = ("roem_enabled", "pit_bonus", "match_length")


def describe_option(option: str) -> str:
    """An option's one-line explanation on this tab."""
    if option in OWN_WORDS:
        return tr(f"kalabriasz.about_{option}")
    return option_description(option)


def form_rows(scene: SettingsScene, form: Form) -> None:
    """The preset chooser, one row per option, then a name and a person or computer level
    for each of the three seats."""
    from .settings import rule_options

    settings = scene.settings
    rules = settings.rules(KALABRIASZ)
    form.heading(tr("kalabriasz.heading_preset"))
    form.choice(
        f"{KEY}preset", tr("ui.settings_preset"), tr("kalabriasz.preset_note"),
        [(name, tr(KALABRIASZ.preset_title(name))) for name in KALABRIASZ.presets],
        settings.rules_name(KALABRIASZ), lambda name: pick_preset(scene, name),
    )  # fmt: skip
    form.heading(tr("kalabriasz.heading_options"))
    for option in kalabriasz_option_names():
        current = getattr(rules, option)
        form.choice(
            f"{KEY}{option}", option_label(option), describe_option(option),
            rule_options(option, current), current,
            lambda value, o=option: set_option(scene, o, value),
        )  # fmt: skip
    form.heading(tr("kalabriasz.heading_seats"))
    kinds = [(n, level_label(n).capitalize()) for n in KALABRIASZ.levels()]
    for seat, (name, kind) in enumerate(settings.seat_plan(KALABRIASZ)):
        person = tr("ui.settings_you_play") if seat == 0 else tr("guide.seat_person")
        key = f"{KEY}seat{seat}"
        place = tr(KALABRIASZ.seat_words[seat])
        form.entry(
            key, place, display_name(name),
            lambda text, s=seat, k=key: scene.rename(s, text, KALABRIASZ, k),
            [(HUMAN, person), *kinds], kind, lambda k, s=seat: scene.set_kind(s, k, KALABRIASZ),
        )  # fmt: skip


TAB = GameTab(KALABRIASZ, KEY, kalabriasz_option_names)
pick_preset, set_option, mark = TAB.pick_preset, TAB.set_option, TAB.mark


def describe(rules: Any) -> list[str]:
    """The rules in force, one line per option, in the player's language (the words of
    each value as its row offers it)."""
    from .settings import rule_options

    lines = []
    for option in kalabriasz_option_names():
        value = getattr(rules, option)
        lines.append(f"{option_label(option)}: {dict(rule_options(option, value))[value]}")
    return lines


def draw_summary(scene: SettingsScene, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The right-hand panel on this tab: the next Kalabriasz game's rules and players."""
    settings = scene.settings
    players = [
        tr("kalabriasz.player_person", name=display_name(name)) if kind == HUMAN else
        tr("kalabriasz.player_computer", name=display_name(name), level=level_label(kind))
        for name, kind in settings.seat_plan(KALABRIASZ)
    ]  # fmt: skip
    TAB.draw_summary(scene, surface, panel, tr("kalabriasz.next_game"),
                     tr(KALABRIASZ.preset_title(settings.rules_name(KALABRIASZ))),
                     describe(settings.rules(KALABRIASZ)), players)  # fmt: skip
