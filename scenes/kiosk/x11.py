"""Asking an X11 window manager to give the kiosk's window the screen back, without blocking.

SDL's own ``restore`` maps a window and then waits for the server to say it is mapped. A window
manager that is showing the desktop (openbox's "show desktop", say) never maps it, and the game
would wait forever. Instead, as a pager does, we send the window manager the EWMH requests "stop
showing the desktop" and "activate this window" (which also de-iconifies, raises and focuses it),
over a connection of our own, and go on at once.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from functools import lru_cache

log = logging.getLogger("dice_parlor.kiosk")

_CLIENT_MESSAGE = 33
_SUBSTRUCTURE_REDIRECT = 1 << 20
_SUBSTRUCTURE_NOTIFY = 1 << 19
_FROM_A_PAGER = 2  # EWMH source indication: a request on the user's behalf, not focus stealing
_EVERY_DESKTOP = 0xFFFFFFFF  # EWMH: a window on all desktops
_ADD = 1  # _NET_WM_STATE: add the state


class _ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _Event(ctypes.Union):
    _fields_ = [("client", _ClientMessage), ("pad", ctypes.c_long * 24)]


@lru_cache(maxsize=1)
def _xlib():
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    lib = ctypes.CDLL(name)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XInternAtom.restype = ctypes.c_ulong
    lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(_Event)]
    lib.XFlush.argtypes = [ctypes.c_void_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return lib


def _send(lib, display, root: int, window: int, message: bytes, *data: int) -> None:
    event = _Event()
    event.client.type = _CLIENT_MESSAGE
    event.client.send_event = 1
    event.client.window = window
    event.client.message_type = lib.XInternAtom(display, message, 0)
    event.client.format = 32
    for index, value in enumerate(data):
        event.client.data[index] = value
    lib.XSendEvent(display, root, 0, _SUBSTRUCTURE_REDIRECT | _SUBSTRUCTURE_NOTIFY, ctypes.byref(event))


def _ask(window: int, showing_desktop: bool, activate: bool) -> bool:
    """Send the window manager the EWMH requests, over a connection of our own; True if they went out.

    ``window`` is always asked onto every desktop: a desktop switch (Alt+mouse wheel, a pager, ``wmctrl -s``)
    would otherwise leave the kiosk behind on its own desktop, and the screen black; and above everything, in
    fullscreen."""
    try:
        lib = _xlib()
    except OSError as error:
        log.info("window: no Xlib to ask the window manager with (%s)", error)
        return False
    display = lib.XOpenDisplay(None)
    if not display:
        return False
    try:
        root = lib.XDefaultRootWindow(display)
        if showing_desktop:
            _send(lib, display, root, root, b"_NET_SHOWING_DESKTOP", 0)
        _send(lib, display, root, window, b"_NET_WM_DESKTOP", _EVERY_DESKTOP, _FROM_A_PAGER)
        sticky = lib.XInternAtom(display, b"_NET_WM_STATE_STICKY", 0)
        _send(lib, display, root, window, b"_NET_WM_STATE", _ADD, sticky, 0, _FROM_A_PAGER)
        # above a desktop's panels (icewm's taskbar slides up at the bottom edge and takes the focus), and
        # fullscreen, which EWMH window managers stack over docks: asked again at each take-back, since a panel,
        # a tool or a window manager's restart may have taken them off
        above = lib.XInternAtom(display, b"_NET_WM_STATE_ABOVE", 0)
        fullscreen = lib.XInternAtom(display, b"_NET_WM_STATE_FULLSCREEN", 0)
        _send(lib, display, root, window, b"_NET_WM_STATE", _ADD, above, fullscreen, _FROM_A_PAGER)
        if activate:
            _send(lib, display, root, window, b"_NET_ACTIVE_WINDOW", _FROM_A_PAGER, 0, 0)
        lib.XFlush(display)
    finally:
        lib.XCloseDisplay(display)
    return True


def keep_on_every_desktop(window: int) -> bool:
    """Ask the window manager to show ``window`` on every desktop, above the rest and fullscreen; True if the
    request went out."""
    return _ask(window, showing_desktop=False, activate=False)


def take_the_screen_back(window: int) -> bool:
    """Ask the window manager to leave "show desktop", to keep ``window`` on every desktop and to activate it;
    True if the request went out."""
    return _ask(window, showing_desktop=True, activate=True)
