"""Which characters draw something on the table, as far as the core can tell without the fonts.

``game/`` may not import pygame (the core plays on the command line too), yet a variant's names are checked
when its file is read, with one clear line, not when a screen first draws them. Two things are known here:

- characters that draw nothing by design: the Hangul fillers (used for names that look empty), the blank
  Braille pattern U+2800, the object replacement character U+FFFC (a placeholder, drawn as nothing or a box)
  and the null notehead U+1D159;
- characters a shipped font has but cannot draw (SDL_ttf fails on Noto Sans Arabic Bold's U+FDFD), listed in
  ``assets/fonts/cannot-draw.txt`` by ``packaging/make_font_coverage.py``, which asks the fonts themselves.

A character no shipped font has is not refused: the system's fonts draw it (Chinese, Korean), or a "?".
The table never crashes on a glyph either way (``scenes.ui.assets`` draws a "?" for one that fails).
"""

from __future__ import annotations

from functools import lru_cache

from game.paths import asset

BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\ufffc\U0001d159")
LIST = ("fonts", "cannot-draw.txt")


@lru_cache(maxsize=1)
def cannot_draw() -> frozenset[str]:
    """The characters of ``assets/fonts/cannot-draw.txt``: one code point in hex at the start of each line."""
    try:
        text = asset(*LIST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # no assets (a broken install): the table still draws them as "?"
        return frozenset()
    found = set()
    for line in text.splitlines():
        word = line.split("#", 1)[0].split(maxsplit=1)
        if word:
            found.add(chr(int(word[0], 16)))
    return frozenset(found)


def blank(char: str) -> bool:
    """Whether ``char`` draws nothing though it is a letter or a symbol."""
    return char in BLANK


def first_undrawable(text: str) -> str | None:
    """The first character of ``text`` that a shipped font has but cannot draw, or None."""
    refused = cannot_draw()
    return next((char for char in text if char in refused), None)
