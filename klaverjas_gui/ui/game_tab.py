"""What every game's own Settings tab does alike (ui/klabberjass_settings.py,
ui/kalabriasz_settings.py): pick a preset, change one option, and relight both rows,
for the game it is given and under the form keys its tab uses."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

    def mark(self, scene: SettingsScene) -> None:
        """A preset changes the options, an option may change the preset: relight both."""
        if scene.form is None:
            return
        settings = scene.settings
        rules = settings.rules(self.game)
        scene.form.mark(f"{self.key}preset", settings.rules_name(self.game))
        for option in self.options():
            scene.form.mark(f"{self.key}{option}", getattr(rules, option))
