"""Cap glibc's malloc arenas in a server process, the one cure its memory needed.

glibc gives each thread that allocates under contention an arena of its own, up to eight
per core, and an arena's freed pages mostly stay with it. A server runs its sync endpoints
and socket reads on some forty worker threads, each building games and NumPy arrays, so
its resident memory grew with every arena it touched: 115 MB to 467 MB after 424 games
against the hard computer, while the same games in one thread level off at about 150 MB.
Capped at two arenas the same run levels off at about 260 MB (docs/performance.md).

``MALLOC_ARENA_MAX`` in the environment does the same, but glibc reads it only when the
process starts; ``mallopt`` sets the cap from inside, before the worker threads exist.
"""

from __future__ import annotations

import ctypes
import os
import platform
import re
from pathlib import Path

__all__ = ["M_ARENA_MAX", "arena_count", "limit_arenas"]

M_ARENA_MAX = -8
"""``mallopt``'s parameter for the arena cap (glibc's ``malloc.h``)."""


def _glibc() -> ctypes.CDLL | None:
    """The C library of this process when it is glibc (musl and others have no arenas)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    return ctypes.CDLL(None)


def limit_arenas(count: int) -> bool:
    """Cap the arenas at ``count`` (0: glibc's own default); True when the cap was set.

    An operator's ``MALLOC_ARENA_MAX`` wins: glibc has applied it already.
    """
    if count <= 0 or "MALLOC_ARENA_MAX" in os.environ:
        return False
    libc = _glibc()
    if libc is None:
        return False
    return bool(libc.mallopt(ctypes.c_int(M_ARENA_MAX), ctypes.c_int(count)))


def arena_count(scratch: Path) -> int | None:
    """The arenas glibc has made in this process (``malloc_info``'s heaps), for the tests
    and for a look at a live process; None off glibc. ``scratch`` is a file to write to."""
    libc = _glibc()
    if libc is None:
        return None
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    stream = libc.fopen(str(scratch).encode(), b"w")
    if not stream:
        raise OSError(f"cannot write {scratch}")
    try:
        libc.malloc_info(0, stream)
    finally:
        libc.fclose(stream)
    return len(re.findall(r"<heap nr=", scratch.read_text()))
