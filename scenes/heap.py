"""The C heap of a game that runs for days: big blocks go straight back to the system when freed.

glibc's malloc raises its threshold for giving big blocks their own mapping each time such a block is
freed; after that, surfaces of a few megabytes (a scaled frame, a rack's layers, a dimmed veil) come from
the heap, whose freed holes the system rarely gets back, and a kiosk's memory creeps up game after game.
A fixed threshold (the default's own starting value) keeps every big block in a mapping of its own.
"""

from __future__ import annotations

import ctypes
import sys

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
