"""A monkey at the keyboard: random clicks, drags, keys, wheel, resizes and focus changes.

Drives the real App through posted pygame events, visiting every scene of
smoke.SCENES in turn, and checks the engine's invariants after every frame.
Used by tests/test_monkey.py (a fixed seed in CI) and benchmarks/monkey.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from .engine.cards import FULL_MASK

KEYS = (
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_TAB, pygame.K_l, pygame.K_m, pygame.K_c, pygame.K_d, pygame.K_h,
    pygame.K_s, pygame.K_p, pygame.K_t, pygame.K_k, pygame.K_r, pygame.K_a, pygame.K_1,
    pygame.K_BACKSPACE, pygame.K_F11, pygame.K_q,
)  # fmt: skip
SIZES = ((1024, 600), (1280, 720), (1920, 1080), (1366, 768), (800, 500), (2560, 1440))


@dataclass
class Report:
    events: int = 0
    frames: int = 0
    scenes_seen: set[str] = field(default_factory=set)
    positions_checked: int = 0


def check_invariants(app) -> int:
    """Every table on the stack of a game that deals the whole pack (no stock) holds a
    sound position: 32 distinct cards, no card twice."""
    from .engine.state import GameState
    from .games import game_of

    checked = 0
    for scene in {*app.scenes, app.match} - {None}:
        state = getattr(getattr(scene, "session", None), "state", None)  # a table's
        if not isinstance(state, GameState):
            continue
        game = game_of(state)
        if game.players * game.tricks_per_deal != FULL_MASK.bit_count():
            continue  # cards lie aside (a stock): they are in no hand and not played
        seen = 0
        for h in state.hands:
            assert not (seen & h), "a card is in two hands"
            seen |= h
        played = [c for _, cards in state.tricks for c in cards] + list(state.trick)
        for c in played:
            assert not (seen & c.bit), f"{c} is both played and in a hand"
            seen |= c.bit
        assert seen == FULL_MASK or state.is_over, "cards went missing"
        assert state.is_over or state.legal_actions(), "nobody can move"
        checked += 1
    return checked


def _event(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """One random input, as the pygame events a real device would send."""
    w, h = size

    def pos() -> tuple[int, int]:
        return rng.randrange(w), rng.randrange(h)

    roll = rng.random()
    if roll < 0.35:
        p = pos()
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=rng.choice((1, 1, 1, 3))),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1),
        ]
    if roll < 0.55:
        a, b = pos(), pos()
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1),
        ]
    if roll < 0.88:
        key = rng.choice(KEYS)
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        ]
    if roll < 0.95:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)))]
    if roll < 0.956:  # a resize rebuilds every scene: rare, as with a real player
        nw, nh = rng.choice(SIZES)
        return [pygame.event.Event(pygame.VIDEORESIZE, w=nw, h=nh, size=(nw, nh))]
    kind = rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE))
    return [pygame.event.Event(kind)]


def run(app, events: int, seed: int = 1, per_scene: int = 400) -> Report:
    """Send `events` random inputs, jumping to the next smoke scene every `per_scene`."""
    from .loop import FPS
    from .smoke import SCENES

    rng = random.Random(seed)
    report = Report()
    factories = list(SCENES.items())
    for n in range(events):
        if n % per_scene == 0:
            name, make = factories[(n // per_scene) % len(factories)]
            make(app)
            report.scenes_seen.add(name)
        if not app.running:  # the monkey found Quit: start again, as a player would
            app.loop.running = True
            app.show_menu()
        for event in _event(rng, app.size):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and rng.random() < 0.8:
                continue  # like a resize, full screen rebuilds every scene: keep one F11 in five
            pygame.event.post(event)
        app.step(1 / FPS)
        report.events += 1
        report.frames += 1
        report.positions_checked += check_invariants(app)
    return report
