"""The one asset loader: fonts and images from ``assets/``, cached, never loaded in ``draw``.

Paths come from :mod:`game.paths`, which finds ``assets/`` beside the source
in a checkout and inside the bundle when frozen. Rendered text is cached
too, since the same labels are drawn every frame.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from game.paths import asset

FONT_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "black": "Lato-Black.ttf",
    "title": "Comfortaa-Bold.ttf",
}


@lru_cache(maxsize=128)
def font(style: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(str(asset("fonts", FONT_FILES[style])), max(6, int(size)))


@lru_cache(maxsize=32)
def image(*parts: str) -> pygame.Surface:
    return pygame.image.load(str(asset(*parts))).convert_alpha()


_TEXT_CACHE: OrderedDict = OrderedDict()
_TEXT_CACHE_SIZE = 1024


def printable(text: str, style: str = "regular") -> str:
    """The text with characters the font cannot draw replaced, so names never show boxes."""
    face = font(style, 20)
    out = []
    for char in text:
        if char in "\n\t":
            out.append(char)
            continue
        try:
            metrics = face.metrics(char)
        except (pygame.error, UnicodeError, ValueError):
            metrics = [None]
        out.append(char if metrics and metrics[0] is not None else "?")
    return "".join(out)


def text(words: str, size: int, colour=(0, 0, 0), style: str = "regular") -> pygame.Surface:
    """Rendered text, antialiased, cached by everything that shapes it."""
    key = (words, size, tuple(colour), style)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        surface = font(style, size).render(words, True, colour)
        _TEXT_CACHE[key] = surface
        if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
            _TEXT_CACHE.popitem(last=False)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surface


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


def wrap(words: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Lines of at most ``width`` pixels; blank lines in the text are kept."""
    face = font(style, size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def reset() -> None:
    """Forget every cached font and surface (pygame was restarted: old fonts are invalid)."""
    font.cache_clear()
    image.cache_clear()
    _TEXT_CACHE.clear()
