"""ALSA's own messages kept off the terminal.

Without a sound card, opening the mixer makes libasound print eight lines to stderr ("ALSA lib confmisc.c:855:
(parse_card) cannot find card '0'", ...) before SDL says it failed, which the game already takes in its stride
(the sounds stay silent). A program may choose where libasound's messages go (``snd_lib_error_set_handler``):
we give it one that drops them. Nothing else changes: where there is a card ALSA plays as before, and the
drivers SDL tries before it (PipeWire, PulseAudio) never print there.

The handler is native code that does nothing, not a Python function: SDL's ALSA hotplug thread reports
through it while the main thread, holding the interpreter's lock, waits in the mixer for that thread to end,
so a Python handler (which needs the lock) deadlocks the start. libc's ``getpid`` stands in: it reads no
argument and changes nothing, and on Linux a function may be called with more arguments than it reads (the
caller owns them).

SDL loads libasound only when it opens audio and unloads it when that fails, so we load it first and keep it:
SDL's loading then finds this copy, with the handler in place.
"""

from __future__ import annotations

import ctypes
import sys

LIBRARY = "libasound.so.2"  # the name SDL asks for
_library: ctypes.CDLL | None = None


def quiet_alsa() -> bool:
    """Send libasound's messages nowhere from now on; whether it could (False: not Linux, or no libasound)."""
    global _library
    if _library is not None:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        library = ctypes.CDLL(LIBRARY)
        drop = ctypes.cast(ctypes.CDLL(None).getpid, ctypes.c_void_p)
        library.snd_lib_error_set_handler.argtypes = [ctypes.c_void_p]
        library.snd_lib_error_set_handler(drop)
    except (OSError, AttributeError):
        return False  # no ALSA here: it has nothing to print either
    _library = library  # held: unloaded, libasound would come back with its default handler
    return True
