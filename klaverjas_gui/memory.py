"""Giving freed memory back to the system between scenes.

Measured with glibc's mallinfo2 over a top-speed demo: after a few matches the
C heap holds about 100 MB in use and 50 MB *free* that stays resident. The
churn of text, panel and card surfaces of many sizes (the bounded caches keep
replacing them) leaves the heap fragmented, and glibc only returns free memory
at its very top. `malloc_trim(0)` also releases the free pages in the middle
(madvise), which brought the demo from 187 MB to 138 MB with no other change.
Live objects are untouched: this is housekeeping, not a leak fix.

On other C libraries (Windows, macOS, musl) there is no malloc_trim and this
is a no-op; their allocators return memory in their own way.

`big_blocks_apart` fixes glibc's mmap threshold: by default it rises to 32 MB
once a big block is freed, after which every card, panel and felt picture of a
resized window comes from the heap and leaves holes there. benchmarks/
resize_memory.py --resizes 100 (median of 3): 334 MB after the drag and 23 MB
above the steady level back at 1280x720 without it, 260 MB and 7 MB with it.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # musl, or no symbol table to look in
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h
BIG_BLOCK = 256 * 1024  # a 1280x720 table's card picture is about 50 KB, a panel 100 KB+


def big_blocks_apart() -> bool:
    """Give every block of BIG_BLOCK bytes or more pages of its own (glibc), so freeing a
    big picture returns its memory at once; True if the C library could."""
    if _malloc_trim() is None:
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, BIG_BLOCK))


def give_back() -> bool:
    """Return the C heap's free pages to the system; True if the C library could."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


def settle() -> None:
    """Take what the program has loaded before its window opens (modules, rule and AI
    tables) out of the collector's sight: it lives as long as the program, and the full
    collection at every scene change (`App.give_back_memory`) then walks only what came
    since: about 1 ms of CPU instead of 13 (benchmarks/back_to_menu.py). Called before
    the first scene is built: a scene's widgets hold reference cycles, and a frozen
    cycle is never collected. Garbage is collected first, so nothing dead is kept."""
    gc.collect()
    gc.freeze()
