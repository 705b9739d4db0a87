"""Text in a bounded space: shrink a little, then wrap onto a few lines, never below a readable size.

One place for what every screen needs when a label may be longer in another language (or in large text):
``fits`` asks, ``fit_lines`` works out the size and the lines, ``draw_lines`` and ``draw_wrapped`` draw them.
"""

from __future__ import annotations

import pygame

from game.rules.i18n import Tr
from scenes.ui import assets
from scenes.ui.widgets import SMALLEST, draw_text

READABLE = 15  # the smallest size a label shrinks to (11 pixels on the small 1024x600 kiosk panel)


def floor_for(size: int) -> int:
    """The smallest size a text of ``size`` may shrink to: SMALLEST of it, but never below READABLE."""
    return min(size, max(READABLE, round(size * SMALLEST)))


def fits(words: str, size: int, width: int, style: str = "regular", smallest: int | None = None) -> bool:
    """Whether the words fit ``width`` at ``size``, shrunk at most to ``smallest`` (default ``floor_for``)."""
    low = assets.scaled(smallest or floor_for(size))
    return assets.measure(assets.printable(words, style), low, style) <= width


def wrap_lines(text: str, size: int, width: int, style: str = "regular", most: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` at ``size`` (as drawn), at most ``most`` lines (the last one keeps the rest)."""
    lines = assets.wrap(text, size, width, style)
    if len(lines) > most:
        rest = " ".join(lines[most - 1:])
        lines = lines[:most - 1] + [type(lines[0])(rest)]
    return lines


def wrap_sharp(words: str, size: int, width: int, scale: float, style: str = "regular") -> list[str]:
    """``assets.wrap`` for text the window draws at its own resolution (``widgets.NativeText``, ``scale`` the
    canvas's scale on the window; 1 when it is not scaled). The window's glyphs can run a few per cent wider
    than the canvas measures them, so a line that only just fits on the canvas would reach its box's edge on
    the screen: here every line fits ``width`` both ways."""
    if scale == 1.0:
        return assets.wrap(words, size, width, style)
    sharp = max(6, round(assets.scaled(size) * scale))  # as NativeText draws it
    room = width
    while True:
        lines = assets.wrap(words, size, room, style)
        if room <= width // 2 or all(assets.measure(line, sharp, style) <= width * scale for line in lines):
            return lines
        room -= 4  # wrap a little sooner


def fit_lines(words: str, size: int, width: int, most: int | None = None, style: str = "regular",
              smallest: int | None = None, height: int | None = None) -> tuple[int, list[str]]:
    """The size to draw ``words`` at and its lines: smaller type (down to ``smallest``, default ``floor_for``)
    until they take at most ``most`` lines, or ``height`` pixels. With ``most``, the last line then takes the
    rest (a translated text stays whole, for the layout check to see; a variant's own text is cut with "…")."""
    smallest = floor_for(size) if smallest is None else smallest
    while True:
        lines = [line for line in assets.wrap(words, size, width, style) if line] if words else []
        too_many = most is not None and len(lines) > most
        too_tall = height is not None and len(lines) * assets.line_height(size) > height
        if not (too_many or too_tall) or size <= smallest:
            break
        size -= 1
    if most is not None and len(lines) > most:
        rest = " ".join(lines[most - 1:])
        if isinstance(words, Tr):
            last = Tr(rest)
        else:
            last = assets.fit(rest, assets.scaled(size), width, style)
        lines = lines[:most - 1] + [last]
    return size, lines


def draw_lines(surface: pygame.Surface, text: str, size: int, colour, pos: tuple[int, int], align: str = "midleft",
               style: str = "regular", width: int = 100, most: int = 2) -> int:
    """Text in a bounded space: on one line if it fits (shrunk a little at most), else wrapped on up to
    ``most`` lines of a readable size, centred on ``pos`` together. Returns the number of lines."""
    floor = floor_for(size)
    if fits(text, size, width, style, floor):
        draw_text(surface, text, size, colour, pos, align, style, width)
        return 1
    lines = wrap_lines(text, floor, width, style, most)
    step = assets.line_height(floor, 1.1)
    for i, line in enumerate(lines):
        y = pos[1] + round((i - (len(lines) - 1) / 2) * step)
        draw_text(surface, line, floor, colour, (pos[0], y), align, style, width)
    return len(lines)


def draw_wrapped(surface: pygame.Surface, words: str, size: int, colour, rect: pygame.Rect, style: str = "regular",
                 align: str = "top") -> int:
    """Words wrapped into ``rect`` (smaller, down to 70%, if they need more than its height); ``align`` "top",
    "bottom" or "middle" places the block of lines in it. Returns the height used."""
    size, lines = fit_lines(words, size, rect.width, style=style, smallest=max(8, int(size * 0.7)),
                            height=rect.height)
    step = assets.line_height(size)
    height = len(lines) * step
    top = {"top": rect.top, "bottom": rect.bottom - height, "middle": rect.centery - height // 2}[align]
    for k, line in enumerate(lines):
        draw_text(surface, line, size, colour, (rect.x, top + k * step + step // 2), "midleft", style, rect.width)
    return height
