"""Easing and interpolation for the table's animations.

Durations are always given at "normal" speed and multiplied by the player's
speed setting, so one number per animation tunes the whole feel.
"""

from __future__ import annotations

import math


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    """Turn the short way round."""
    diff = (b - a + 180) % 360 - 180
    return a + diff * t


def approach(current: float, target: float, dt: float, half_life: float) -> float:
    """Exponential smoothing that is frame-rate independent; half_life 0 snaps."""
    if half_life <= 0:
        return target
    k = 1 - math.pow(0.5, dt / half_life)
    return current + (target - current) * k
