"""A deal's position drawn as the table draws it, without a table: the history's replay
and the deal review lay a position out on a display model and draw its picture.

The game's pieces (layout, model, view, team names) are its table's class attributes,
read from the class; no table, session or computer seat is made for a picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ...games import Game
from ..cardimg import CardImages
from ..scenes import game_scene, scene_class
from ..seats import SEAT_NAMES, display_name
from .layout import SOUTH, TableLayout, seated
from .model import TableModel
from .view import Picture, TableView


class StillTable:
    """Every hand open, South at the bottom, nobody at the screen."""

    def __init__(
        self, settings: Any, game: Game, variant: Any, names: Sequence[str],
        size: tuple[int, int],
    ) -> None:  # fmt: skip
        """`names`: the seats' names as stored (the default "You" follows the language)."""
        self.table_class: Any = scene_class(game_scene("table", game))  # its pieces only
        self.game = game
        self.variant = variant
        self.names = tuple(names)
        self.images = CardImages(settings)
        self.model: TableModel = self.table_class.model_class()
        self.view: TableView = self.table_class.view_class(self.images, settings)
        self.position: Any = None  # the engine state laid out on the model, if any
        self.layout: TableLayout = self.make_layout(size)

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        return seated(self.table_class.layout_class(*size), self.game.players, SOUTH)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.make_layout(size)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(display_name(n) for n in self.names)

    def picture(self) -> Picture:
        """The position's picture; the plate of the seat to move in it is lit."""
        s = self.position
        labels = self.labels
        return Picture(
            model=self.model, layout=self.layout, names=labels,
            you=frozenset(i for i, n in enumerate(self.names) if n == SEAT_NAMES[0]),
            teams=self.table_class.teams(labels), sides=self.table_class.sides,
            variant=self.variant, open_cards=True,
            faces=frozenset(range(self.game.players)),
            turn=None if s is None or s.is_over else s.to_move, seat_words=self.game.seat_words,
        )  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        p = self.picture()
        self.view.draw(surface, p)
        self.view.draw_over(surface, p)

    def close(self) -> None:
        self.images.clear()  # the card cache is tens of MB: free it now
