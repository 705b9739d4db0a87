"""The one asset loader: fonts and images from ``assets/``, cached, never loaded in ``draw``.

Paths come from :mod:`game.paths`, which finds ``assets/`` beside the source
in a checkout and inside the bundle when frozen. Rendered text is cached
too, since the same labels are drawn every frame.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from game.rules.i18n import Tr
from game.paths import asset

FONT_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "black": "Lato-Black.ttf",
    "title": "Comfortaa-Bold.ttf",
}


_forget_on_quit = False
_text_scale = 1.0


def set_text_scale(scale: float) -> None:
    """Every font this much bigger (the "large text" setting)."""
    global _text_scale
    _text_scale = scale


def text_scale() -> float:
    return _text_scale


def line_height(size: int, spacing: float = 1.3) -> int:
    """Pixels from one line of text to the next at ``size`` as drawn."""
    return round(size * _text_scale * spacing)


def font(style: str, size: int) -> pygame.font.Font:
    global _forget_on_quit
    if not _forget_on_quit:  # fonts die with pygame.quit(): forget them then, whoever quits
        pygame.register_quit(reset)
        _forget_on_quit = True
    if not pygame.font.get_init():
        pygame.font.init()
    return _font(style, size)


@lru_cache(maxsize=128)
def _font(style: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(str(asset("fonts", FONT_FILES[style])), max(6, int(size)))


@lru_cache(maxsize=32)
def image(*parts: str) -> pygame.Surface:
    return pygame.image.load(str(asset(*parts))).convert_alpha()


class BoundedCache:
    """A least-recently-used cache of built surfaces, so memory stays flat however long the game runs: at
    most ``limit`` items and, where given, ``max_bytes`` of pixels (a kiosk's every new game brings new
    names, so new racks and labels; the oldest go)."""

    def __init__(self, limit: int, max_bytes: int | None = None):
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self.items: OrderedDict = OrderedDict()

    def get(self, key, build):
        item = self.items.get(key)
        if item is None:
            item = build()
            self.items[key] = item
            self.bytes += _pixel_bytes(item)
            while len(self.items) > self.limit or (
                    self.max_bytes is not None and self.bytes > self.max_bytes and len(self.items) > 1):
                self.bytes -= _pixel_bytes(self.items.popitem(last=False)[1])
        else:
            self.items.move_to_end(key)
        return item

    def clear(self) -> None:
        self.items.clear()
        self.bytes = 0


def _pixel_bytes(item) -> int:
    if isinstance(item, pygame.Surface):
        return item.get_width() * item.get_height() * item.get_bytesize()
    return 0


_TEXT_CACHE = BoundedCache(1024, max_bytes=32 * 2**20)


# Lato draws Latin, Greek and Cyrillic with their punctuation; past these, glyphs are missing.
_DRAWABLE = ((0x20, 0x24F), (0x370, 0x52F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x214F),
             (0x2190, 0x21FF), (0x2200, 0x22FF))


@lru_cache(maxsize=4096)
def _drawable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _DRAWABLE)


def printable(text: str, style: str = "regular") -> str:
    """The text with characters the fonts cannot draw replaced by "?", so names never show boxes."""
    if text.isascii():
        return text
    return "".join(c if c in "\n\t" or _drawable(c) else "?" for c in text)


def text(words: str, size: int, colour=(0, 0, 0), style: str = "regular") -> pygame.Surface:
    """Rendered text, antialiased, cached by everything that shapes it."""
    key = (words, size, tuple(colour), style)
    try:
        return _TEXT_CACHE.get(key, lambda: font(style, size).render(words, True, colour))
    except pygame.error:  # pygame was restarted since this font was opened: open it again
        reset()
        if not pygame.font.get_init():
            pygame.font.init()
        return _TEXT_CACHE.get(key, lambda: font(style, size).render(words, True, colour))


@lru_cache(maxsize=4096)
def fit(words: str, size: int, width: int, style: str = "regular") -> str:
    """The text shortened with an ellipsis so it fits ``width`` pixels."""
    face = font(style, size)
    if face.size(words)[0] <= width:
        return words
    low, high = 0, len(words)
    while low < high:
        mid = (low + high + 1) // 2
        if face.size(words[:mid].rstrip() + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return words[:low].rstrip() + "…"


@lru_cache(maxsize=4096)
def size_to_fit(words: str, size: int, width: int, style: str = "regular", smallest: float = 0.7) -> int:
    """The largest size, from ``size`` down to ``smallest`` of it, at which the text fits ``width``."""
    floor = max(8, int(size * smallest))
    while size > floor and font(style, size).size(words)[0] > width:
        size -= 1
    return size


def wrap(words: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Lines of at most ``width`` pixels at ``size`` as drawn (text scale included); blank lines are kept.

    Lines of a translated text stay marked as translated."""
    face = font(style, max(8, round(size * _text_scale)))
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while face.size(word)[0] > width and len(word) > 1:  # a word wider than the line is cut
                cut = max(1, next(n for n in range(len(word), 0, -1) if face.size(word[:n])[0] <= width or n == 1))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    if isinstance(words, Tr):
        return [Tr(line) for line in lines]
    return lines


def reset() -> None:
    """Forget every cached font and surface (pygame was restarted: old fonts are invalid)."""
    global _forget_on_quit
    _forget_on_quit = False  # pygame forgets its quit hooks once called: ask again with the next font
    _font.cache_clear()
    fit.cache_clear()
    size_to_fit.cache_clear()
    image.cache_clear()
    _TEXT_CACHE.clear()
