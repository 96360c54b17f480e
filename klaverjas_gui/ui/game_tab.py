"""What every game's own Settings tab does alike (ui/klabberjass_settings.py,
ui/kalabriasz_settings.py): pick a preset, change one option, and relight both rows,
for the game it is given and under the form keys its tab uses; and draw the panel
beside the form, the next game's rules and who plays it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..i18n import tr
from . import theme, widgets

if TYPE_CHECKING:
    import pygame

    from ..games import Game
    from .settings import SettingsScene


class GameTab:
    def __init__(self, game: Game, key: str, options: Callable[[], Iterable[str]]) -> None:
        self.game = game
        self.key = key  # the prefix of the tab's rows in the form: "kj_preset", "kj_target"
        self.options = options  # the names of the game's options, one row each

    def pick_preset(self, scene: SettingsScene, name: str) -> None:
        scene.settings.pick_preset(name, self.game)
        scene.app.save_settings()
        self.mark(scene)

    def set_option(self, scene: SettingsScene, option: str, value: Any) -> None:
        scene.change_rule(self.game, option, value, lambda: self.mark(scene))

    def draw_summary(
        self,
        scene: SettingsScene,
        surface: pygame.Surface,
        panel: pygame.Rect,
        heading: str,
        title: str,
        rules: list[str],
        players: list[str],
    ) -> None:
        """The panel on the right of the tab: under `heading`, the preset's `title` and the
        `rules` in force, one line per option (and that a running game keeps its own
        rules); then who plays, a line per player or one for all."""
        px = scene._px
        u = theme.scale_for(scene.app.size)
        widgets.draw_panel(surface, panel, u, (8, 30, 20, 225), theme.GOLD)
        x, y, width = panel.left + px(18), panel.top + px(14), panel.w - px(36)
        y = scene._head(surface, heading, x, y, width)
        img = theme.text(title, px(24), theme.GOLD_LIGHT, True)
        surface.blit(img, (x, y))
        y += img.get_height() + px(2)
        lines: list[tuple[str, tuple, bool]] = [(line, theme.TEXT, True) for line in rules]
        running: Any = scene.app.match  # the kept table, if a match runs
        variant = scene.settings.rules(self.game)
        if getattr(running, "game", None) is self.game and running.session.variant != variant:
            lines.append((tr("klabber.running_keeps"), theme.GOLD, False))
        y = scene._paragraphs(surface, lines, x, y, width, panel.bottom)
        y = scene._head(surface, tr("klabber.at_table"), x, y + px(8), width)
        table = [(line, theme.TEXT, True) for line in players]
        scene._paragraphs(surface, table, x, y, width, panel.bottom)

    def mark(self, scene: SettingsScene) -> None:
        """A preset changes the options, an option may change the preset: relight both."""
        if scene.form is None:
            return
        settings = scene.settings
        rules = settings.rules(self.game)
        scene.form.mark(f"{self.key}preset", settings.rules_name(self.game))
        for option in self.options():
            scene.form.mark(f"{self.key}{option}", getattr(rules, option))
