"""The C heap of a game that runs for days: big blocks go straight back to the system when freed.

glibc's malloc raises its threshold for giving big blocks their own mapping each time such a block is
freed; after that, surfaces of a few megabytes (a scaled frame, a rack's layers, a dimmed veil) come from
the heap, whose freed holes the system rarely gets back, and a kiosk's memory creeps up game after game.
A fixed threshold (the default's own starting value) keeps every big block in a mapping of its own.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from pathlib import Path

M_MMAP_THRESHOLD = -3  # mallopt(3)
THRESHOLD = 128 * 1024


def keep_big_blocks_apart() -> bool:
    """Fix glibc's threshold; False where there is no glibc to ask (another system or C library)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(ctypes.CDLL("libc.so.6").mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):
        return False


CACHES: dict = {}  # name -> a cache with ``items`` and ``bytes`` (scenes.ui.assets.BoundedCache registers)


def resident_mb() -> float | None:
    """This process's resident memory in MB, where the system tells it (Linux's /proc)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * 4096 / 2**20


def memory_report() -> str:
    """One line for the log of a long-running game: resident memory, each surface cache, Python's objects."""
    rss = resident_mb()
    parts = [f"resident {rss:.0f} MB" if rss is not None else "resident ?"]
    parts += [f"{name} {len(cache.items)} items {cache.bytes / 2**20:.1f} MB" for name, cache in CACHES.items()]
    parts.append(f"{len(gc.get_objects())} objects")
    return "; ".join(parts)
