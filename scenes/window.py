"""The game's window on the desktop: the first one fits the screen, later ones open where the player left it.

The first window is the largest of the table's shape (16:10) within 90% of the desktop's usable area (the
screen less its panels and docks), centred on it. Closing the game keeps the window's size and place in the
settings; the next start reopens there if that still lies wholly within the usable area (a laptop taken from
its big monitor gets a fitting window again). It works from 800x480 up; a smaller screen gets a window that
fits it, and the table scales down.
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

import pygame

from game.errors import SHOWN_LENGTH, one_line, shown
from scenes.ui import theme
from scenes.ui.display import display_window

SHARE = 0.9  # of the usable area the first window takes, at most
SMALLEST = (320, 200)


def usable_area() -> pygame.Rect:
    """The primary display's usable area: SDL_GetDisplayUsableBounds, which pygame-ce does not offer, asked
    of the SDL library pygame loaded; the whole desktop where it cannot be asked."""
    sdl = _sdl()
    if sdl is not None:
        bounds = (ctypes.c_int * 4)()
        try:
            if sdl.SDL_GetDisplayUsableBounds(0, bounds) == 0 and bounds[2] > 0 and bounds[3] > 0:
                return pygame.Rect(*bounds)
        except (AttributeError, OSError):
            pass
    sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    return pygame.Rect((0, 0), sizes[0] if sizes else (theme.WIDTH, theme.HEIGHT))


def _sdl():
    """The SDL library pygame runs on, loaded already: found by its path in this process's memory map
    (Linux) or by its name (Windows); None elsewhere."""
    try:
        if sys.platform.startswith("linux"):
            for line in Path("/proc/self/maps").read_text().splitlines():
                path = line.split()[-1]
                if Path(path).name.startswith(("libSDL2-2", "libSDL2.so")):
                    return ctypes.CDLL(path)
        elif os.name == "nt":
            return ctypes.CDLL("SDL2")
    except OSError:
        pass
    return None


def first_rect(usable: pygame.Rect, share: float = SHARE) -> pygame.Rect:
    """The largest window of the table's shape within ``share`` of ``usable``, centred on it."""
    scale = min(usable.width * share / theme.WIDTH, usable.height * share / theme.HEIGHT)
    size = (max(SMALLEST[0], round(theme.WIDTH * scale)), max(SMALLEST[1], round(theme.HEIGHT * scale)))
    rect = pygame.Rect((0, 0), (min(size[0], usable.width), min(size[1], usable.height)))
    rect.center = usable.center
    return rect


def window_rect(saved: list, usable: pygame.Rect) -> pygame.Rect:
    """Where to open: where the player left it, if that still fits wholly; else the first window's place."""
    if len(saved) == 4 and all(isinstance(n, int) for n in saved):
        rect = pygame.Rect(saved)
        if rect.width >= SMALLEST[0] and rect.height >= SMALLEST[1] and usable.contains(rect):
            return rect
    return first_rect(usable)


def open_windowed(size: tuple[int, int] | None, saved: list) -> pygame.Surface:
    """A resizable window: ``size`` if the player asked for one (``--size``), else one that fits (headless,
    with no desktop to fit, the table's own size)."""
    if size is None and pygame.display.get_driver() == "dummy":
        size = (theme.WIDTH, theme.HEIGHT)
    if size is None:
        rect = window_rect(saved, usable_area())
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{rect.x},{rect.y}"
        size = rect.size
    elif pygame.display.get_driver() != "dummy":
        size = fitted(size, usable_area())
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def fitted(size: tuple[int, int], usable: pygame.Rect) -> tuple[int, int]:
    """An asked-for size, made smaller to fit the screen's usable area with its frame (its shape kept): a
    window bigger than the screen hides its own buttons."""
    room = (usable.width * 0.95, usable.height * 0.92)  # the frame's borders and title bar
    scale = min(1.0, room[0] / size[0], room[1] / size[1])
    return (int(size[0] * scale), int(size[1] * scale)) if scale < 1.0 else size


def put_back(place: list) -> pygame.Surface:
    """Out of fullscreen: the window at the size and place it had before (SDL keeps the screen's size, and
    the window manager puts it where it likes: half off the screen), if that still fits; else the first
    window's. Moved and sized here: a window that exists already does not read SDL_VIDEO_WINDOW_POS."""
    if pygame.display.get_driver() == "dummy":
        return pygame.display.get_surface()
    rect = window_rect(place, usable_area())
    try:
        window = display_window()
        window.size = rect.size
        top, left = _borders()
        window.position = (rect.x + left, rect.y + top)  # the inside's place: the frame's borders are added
    except (pygame.error, AttributeError):
        pass
    return pygame.display.get_surface()


def where_it_is() -> list[int] | None:
    """The window's frame's place and the window's size now, to reopen there next time; None if it cannot be
    told. SDL reports where the inside of the window is, and places a new window's frame there: the frame's
    borders are taken off, or the window would creep down by its title bar at every start."""
    surface = pygame.display.get_surface()
    if surface is None:
        return None
    try:
        x, y = pygame.display.get_window_position()
    except (pygame.error, AttributeError):
        return None
    top, left = _borders()
    return [x - left, y - top, *surface.get_size()]


def _borders() -> tuple[int, int]:
    """The window frame's top and left border in pixels (SDL_GetWindowBordersSize), 0 where unknown."""
    sdl = _sdl()
    try:
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        handle = sdl.SDL_GetWindowFromID(ctypes.c_uint32(display_window().id))
        sizes = [ctypes.c_int(0) for _ in range(4)]
        if handle and sdl.SDL_GetWindowBordersSize(ctypes.c_void_p(handle), *map(ctypes.byref, sizes)) == 0:
            return sizes[0].value, sizes[1].value
    except (AttributeError, OSError, pygame.error):
        pass
    return 0, 0


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``--size 1024x600``: that window; none given, None: one that fits the desktop."""
    if not text:
        return None
    try:
        w, h = (int(part) for part in text.lower().split("x"))
        return (max(320, w), max(240, h))
    except ValueError:
        return (theme.WIDTH, theme.HEIGHT)


UNSEEN = ("offscreen", "dummy")  # SDL's drivers that draw into memory: no one sees the window
CONSOLES = ("/dev/dri", "/dev/vchiq")  # where SDL may draw without a desktop (a kiosk on the console)


def missing_display(environ=os.environ, platform: str = sys.platform, exists=os.path.exists) -> str | None:
    """Why no window can be seen here, in one line, or None. With no display SDL falls back to its offscreen
    driver and the game would run unseen, never ending. A driver chosen on purpose (``SDL_VIDEODRIVER=dummy`` for
    tests and screenshots) is left alone; a Linux desktop is named by DISPLAY or WAYLAND_DISPLAY, and without
    either SDL is asked only where a console could show the window (looking without one makes Wayland's library
    print a line of its own)."""
    if environ.get("SDL_VIDEODRIVER"):
        return None
    desktop = [name for name in ("DISPLAY", "WAYLAND_DISPLAY") if environ.get(name)]
    if platform.startswith("linux") and not desktop and not any(exists(path) for path in CONSOLES):
        return _no_display("DISPLAY and WAYLAND_DISPLAY are not set")
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        return _no_display(f"SDL says {one_line(str(error), SHOWN_LENGTH)}")
    finally:  # the app opens it again, once it has told SDL the window's class (read as the display opens)
        pygame.display.quit()
    if driver not in UNSEEN:
        return None
    if not platform.startswith("linux"):
        return _no_display("SDL found none")
    named = ", ".join(f"{name}={shown(environ[name])}" for name in desktop)
    return _no_display(f"{named} cannot be reached" if desktop else "DISPLAY and WAYLAND_DISPLAY are not set")


def _no_display(why: str) -> str:
    return f"no display to show the window on: {why} (to run without a window, set SDL_VIDEODRIVER=dummy)"


def save_screenshot(surface: pygame.Surface, path: str) -> bool:
    """What the window shows, into a picture file (its folder made where missing); False, said in one line on
    stderr, if it cannot be written (a full disk, /dev/full)."""
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        pygame.image.save(surface, path)
    except (OSError, pygame.error) as error:
        print(f"dice-parlor: the screenshot could not be saved to {one_line(path)}: {one_line(str(error))}",
              file=sys.stderr)
        return False
    return True


def show_scaled(canvas: pygame.Surface, window: pygame.Surface, view, kept: pygame.Surface | None) -> pygame.Surface:
    """The canvas at the window's scale, each part of it (``view``, a scenes.ui.input.Viewport) in its place,
    through ``kept`` (returned; a new one when the size changed): a new 8 MB surface every frame left the C heap
    fragmented, and a kiosk's memory crept up hour after hour."""
    if kept is None or kept.get_size() != view.size:
        kept = pygame.Surface(view.size, 0, canvas)
    for part, place in view.pieces:
        at = pygame.Rect(place.x - view.offset[0], place.y - view.offset[1], *place.size)
        pygame.transform.smoothscale(canvas.subsurface(part), place.size, kept.subsurface(at))
        window.blit(kept, place, at)
    return kept
