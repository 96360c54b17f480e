"""Table sounds synthesised in code: a card snap, a shuffle, a trick sweep and a roem chime.

Generating the samples ourselves means no sound files to license or ship, and the sounds are
built once for whatever format the mixer actually opened.  Audio is optional: without a sound
device every call quietly does nothing, so the game never fails because of the speakers.
"""

from __future__ import annotations

import contextlib
import math
import random
from array import array
from collections.abc import Callable

import pygame

SOUND_NAMES: tuple[str, ...] = ("card", "shuffle", "sweep", "roem")
DEFAULT_RATE = 44100


# --------------------------------------------------------------------------------------------
# Synthesis: mono float samples in -1..1.  Decays use per-sample multipliers instead of
# math.exp and tones use a rotating phasor instead of math.sin, to stay well under 0.2 s.
# --------------------------------------------------------------------------------------------


def _normalise(samples: list[float], peak: float) -> list[float]:
    """Scale so the loudest sample is ``peak`` (matched loudness) and fade the tail to zero.

    The fade over the last eighth avoids an audible click where a decay is cut off.
    """
    top = max((abs(s) for s in samples), default=0.0)
    if top == 0:
        return samples
    k = peak / top
    n = len(samples)
    tail = max(1, n // 8)
    start = n - tail
    return [s * k if i < start else s * k * (n - i) / tail for i, s in enumerate(samples)]


def _card(rate: int) -> list[float]:
    """Card snapping onto the table: a high-passed noise click over a short low thump."""
    rng = random.Random(7)
    n = int(0.075 * rate)
    out = [0.0] * n
    decay = math.exp(-1.0 / (0.011 * rate))
    thump_decay = math.exp(-1.0 / (0.018 * rate))
    attack = max(1, int(0.0008 * rate))
    w = 2 * math.pi * 170 / rate
    c, s = math.cos(w), math.sin(w)
    x, y = 1.0, 0.0  # phasor for the thump
    env = thump = 1.0
    low = 0.0
    for i in range(n):
        white = rng.random() * 2 - 1
        low += 0.35 * (white - low)
        click = (white - low) * env
        if i < attack:
            click *= i / attack
        out[i] = click + 0.55 * y * thump
        env *= decay
        thump *= thump_decay
        x, y = x * c - y * s, x * s + y * c
    return _normalise(out, 0.8)


def _shuffle(rate: int) -> list[float]:
    """A riffle: a burst of card clicks that speeds up, swells and fades."""
    rng = random.Random(11)
    total = int(0.55 * rate)
    out = [0.0] * total
    click_len = int(0.014 * rate)
    decay = math.exp(-1.0 / (0.0035 * rate))
    t = 0.02
    while t < 0.5:
        start = int(t * rate)
        swell = math.sin(math.pi * t / 0.5) ** 0.6
        amp = (0.45 + 0.55 * rng.random()) * swell
        env = amp
        low = 0.0
        for i in range(start, min(total, start + click_len)):
            white = rng.random() * 2 - 1
            low += 0.5 * (white - low)
            out[i] += (white - 0.6 * low) * env
            env *= decay
        t += 0.012 + 0.02 * (1 - t / 0.5) * rng.random() + 0.006
    return _normalise(out, 0.7)


def _sweep(rate: int) -> list[float]:
    """Collecting a trick: soft filtered noise whose brightness rises and falls."""
    rng = random.Random(23)
    n = int(0.34 * rate)
    out = [0.0] * n
    a = b = 0.0
    for i in range(n):
        phase = i / n
        bell = math.sin(math.pi * phase)
        cutoff = 0.015 + 0.16 * bell * bell
        white = rng.random() * 2 - 1
        a += cutoff * (white - a)
        b += cutoff * (a - b)  # two poles: a breathy, not hissy, whoosh
        out[i] = b * bell * bell
    return _normalise(out, 0.45)


def _roem(rate: int) -> list[float]:
    """A bright rising arpeggio (A major) for announcing roem."""
    n = int(0.95 * rate)
    out = [0.0] * n
    notes = ((0.0, 880.0), (0.09, 1108.73), (0.18, 1318.51))
    decay = math.exp(-1.0 / (0.28 * rate))
    attack = int(0.004 * rate)
    for onset, freq in notes:
        start = int(onset * rate)
        for harmonic, level in ((1, 1.0), (2, 0.28), (3, 0.08)):
            w = 2 * math.pi * freq * harmonic / rate
            c, s = math.cos(w), math.sin(w)
            x, y = 1.0, 0.0
            env = level
            # Higher partials die away faster, as on a struck bell.
            dk = decay ** (1 + 0.6 * (harmonic - 1))
            for i in range(start, n):
                ramp = (i - start) / attack if i - start < attack else 1.0
                out[i] += y * env * ramp
                env *= dk
                x, y = x * c - y * s, x * s + y * c
    return _normalise(out, 0.6)


_SYNTHS: dict[str, Callable[[int], list[float]]] = {
    "card": _card,
    "shuffle": _shuffle,
    "sweep": _sweep,
    "roem": _roem,
}


def synthesise(name: str, rate: int = DEFAULT_RATE) -> list[float]:
    """Mono samples (-1..1) of one named sound at ``rate`` Hz."""
    return _SYNTHS[name](rate)


def encode(samples: list[float], fmt: int = -16, channels: int = 2) -> bytes:
    """Pack mono float samples into the mixer's raw format, duplicated over ``channels``.

    ``fmt`` is pygame's format code from ``mixer.get_init()``: -16/16 (signed/unsigned 16-bit,
    the usual case), -8/8, -32 (signed 32-bit) or 32 (float).  pygame opens the mixer with
    native byte order, which is what ``array`` produces.
    """
    clipped = [-1.0 if s < -1.0 else 1.0 if s > 1.0 else s for s in samples]
    if fmt == -16:
        mono = array("h", [int(s * 32767) for s in clipped])
    elif fmt == 16:
        mono = array("H", [int(s * 32767) + 32768 for s in clipped])
    elif fmt == -8:
        mono = array("b", [int(s * 127) for s in clipped])
    elif fmt == 8:
        mono = array("B", [int(s * 127) + 128 for s in clipped])
    elif fmt == -32:
        mono = array("i", [int(s * 2147483647) for s in clipped])
    elif fmt == 32:
        mono = array("f", clipped)
    else:
        raise ValueError(f"unsupported mixer format {fmt}")
    if channels == 1:
        frames = mono
    else:
        frames = array(mono.typecode, bytes(len(mono) * channels * mono.itemsize))
        for ch in range(channels):
            frames[ch::channels] = mono
    return frames.tobytes()


def _init_mixer() -> tuple[int, int, int] | None:
    """Open the mixer if nobody has; ``None`` when there is no usable audio output."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=DEFAULT_RATE, size=-16, channels=2, buffer=512)
        return pygame.mixer.get_init()
    except Exception:  # no device, no driver, or pygame built without the mixer
        return None


def build_sounds() -> dict[str, pygame.mixer.Sound]:
    """All sounds as mixer Sounds in the mixer's own format; empty if audio is unavailable."""
    spec = _init_mixer()
    if not spec:
        return {}
    rate, fmt, channels = spec
    try:
        return {
            name: pygame.mixer.Sound(buffer=encode(synthesise(name, rate), fmt, channels))
            for name in SOUND_NAMES
        }
    except Exception:  # an odd mixer format or a mixer that vanished: play silently
        return {}


class SoundBoard:
    """The game's sound effects with a volume and a mute switch; silent without audio."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._sounds = build_sounds()
        self._volume = 0.0
        self.muted = muted
        self.volume = volume

    @property
    def available(self) -> bool:
        """Whether sounds will actually be heard (a mixer opened and the sounds were built)."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        """Master volume 0..1 (clamped)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))
        for sound in self._sounds.values():
            # A mixer closed underneath us must not raise; playing is then a no-op too.
            with contextlib.suppress(Exception):
                sound.set_volume(self._volume)

    def toggle_mute(self) -> bool:
        """Flip ``muted`` and return the new state (handy for a menu item or a key)."""
        self.muted = not self.muted
        return self.muted

    def play(self, name: str) -> None:
        """Play one of ``SOUND_NAMES``; unknown names raise so typos show up in tests."""
        if name not in SOUND_NAMES:
            raise KeyError(f"unknown sound {name!r}; choose from {SOUND_NAMES}")
        sound = self._sounds.get(name)
        if sound is None or self.muted or self._volume <= 0.0:
            return
        with contextlib.suppress(Exception):  # a lost device must not interrupt the game
            sound.play()
