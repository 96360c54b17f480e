"""What a network match shows besides the table: who is connected, and who is away.

The table draws `draw_status` below its score panel: the room code and a dot per
person at another laptop (lit: connected; hollow: away). While a guest is away, every
screen shows it (`draw_away`, called by the table and by the app over any other
screen): "A computer is playing for Anna, waiting for her to return".
"""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import tr
from ..play.net.session import away_notes
from ..play.seats import REMOTE
from . import theme, widgets

CONNECTED = (120, 220, 140)
AWAY = (236, 150, 90)


def status_line(link: Any) -> list[tuple[str, bool | None]]:
    """(text, connected) pieces: the room, then each remote seat's name."""
    out: list[tuple[str, bool | None]] = [(tr("net.status_room", room=link.room), None)]
    for seat in link.seat_status():
        if seat["kind"] == REMOTE:
            out.append((seat["name"], bool(seat["present"])))
    return out


def draw_status(surface: pygame.Surface, link: Any, top_right: tuple[int, int], u: float) -> int:
    """The status line right-aligned at `top_right`; returns its bottom."""
    size = theme.readable(14 * u)
    pad, dot, gap = round(10 * u), max(3, round(5 * u)), round(12 * u)
    pieces = [(theme.text(text, size, theme.TEXT if ok is not None else theme.TEXT_DIM), ok)
              for text, ok in status_line(link)]  # fmt: skip
    problem = link.problem()
    if problem:
        pieces.append((theme.text(problem, size, AWAY, True), None))
    width = sum(img.get_width() + (2 * dot + round(6 * u) if ok is not None else 0)
                for img, ok in pieces) + gap * (len(pieces) - 1) + 2 * pad  # fmt: skip
    height = max(img.get_height() for img, _ in pieces) + round(8 * u)
    right, top = top_right
    rect = pygame.Rect(right - width, top, width, height)
    widgets.draw_panel(surface, rect, u)
    x = rect.left + pad
    for img, ok in pieces:
        if ok is not None:
            centre = (x + dot, rect.centery)
            pygame.draw.circle(surface, CONNECTED if ok else AWAY, centre, dot, 0 if ok else
                               max(1, round(1.5 * u)))  # fmt: skip
            x += 2 * dot + round(6 * u)
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += img.get_width() + gap
    return rect.bottom


def draw_away(
    surface: pygame.Surface,
    link: Any,
    midtop: tuple[int, int],
    u: float,
    topright: tuple[int, int, int] | None = None,
    bottomleft: tuple[int, int, int] | None = None,
) -> pygame.Rect | None:
    """One line per guest away, in a panel centred at `midtop`; nothing when all are in.
    `topright` (x, y, width): the panel's top right corner instead, its lines wrapped to
    `width` (the table: right of the trick, clear of its cards); `bottomleft` (x, y,
    width): its bottom left corner (a screen's free corner: the menu's, below its title)."""
    # Once the match is over the guests leave as they should: no "waiting for Anna".
    notes = away_notes(link.seat_status(), link.started() and not link.over())
    if not notes:
        return None
    size = theme.readable(17 * u)
    pad = round(14 * u)
    corner = topright or bottomleft
    wrap = corner[2] - 2 * pad if corner is not None else surface.get_width()
    lines = [line for note in notes for line in theme.wrap(note, size, wrap, True)]
    images = [theme.text(line, size, theme.GOLD_LIGHT, True) for line in lines]
    width = min(surface.get_width() - 2 * pad, max(i.get_width() for i in images) + 2 * pad)
    height = sum(i.get_height() for i in images) + round(10 * u)
    if topright is not None:
        rect = pygame.Rect(0, topright[1], width, height)
        rect.right = topright[0]
    elif bottomleft is not None:
        rect = pygame.Rect(bottomleft[0], 0, width, height)
        rect.bottom = bottomleft[1]
    else:
        rect = pygame.Rect(0, midtop[1], width, height)
        rect.centerx = midtop[0]
    widgets.draw_panel(surface, rect, u, border=(*AWAY, 200))
    y = rect.top + round(5 * u)
    for img in images:
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += img.get_height()
    return rect
