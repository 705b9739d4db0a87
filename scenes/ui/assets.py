"""The one asset loader: fonts and images from ``assets/``, cached, never loaded in ``draw``.

Paths come from :mod:`game.paths`, which finds ``assets/`` beside the source
in a checkout and inside the bundle when frozen. Rendered text is cached
too, since the same labels are drawn every frame.

Text is drawn and measured in runs (:mod:`scenes.ui.glyphs`): what Lato lacks
(Hebrew, Arabic, CJK, emoji) comes from a fallback font, placed on one baseline.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from game.paths import asset
from game.rules.i18n import Tr
from scenes.ui import glyphs, heap

FONT_FILES = glyphs.OWN_FILES


_forget_on_quit = False
_text_scale = 1.0
_least = 8  # no text drawn smaller (canvas px), however tight its box


def set_text_scale(scale: float, least: int = 8) -> None:
    """Every font this much bigger (the "text size" setting), and none drawn under ``least`` pixels."""
    global _text_scale, _least
    _text_scale, _least = scale, least
    size_to_fit.cache_clear()


def text_scale() -> float:
    return _text_scale


def least() -> int:
    """The smallest size any text is drawn at on the canvas (TV text keeps small print readable)."""
    return _least


def scaled(size: float) -> int:
    """``size`` as drawn with the text size setting: scaled, and never under ``least()``."""
    return max(_least, round(size * _text_scale))


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
    return pygame.font.Font(glyphs.font_source(str(asset("fonts", FONT_FILES[style]))), max(6, int(size)))


@lru_cache(maxsize=32)
def image(*parts: str) -> pygame.Surface:
    return pygame.image.load(str(asset(*parts))).convert_alpha()


class BoundedCache:
    """A least-recently-used cache of built surfaces, so memory stays flat however long the game runs: at
    most ``limit`` items and, where given, ``max_bytes`` of pixels (a kiosk's every new game brings new
    names, so new racks and labels; the oldest go)."""

    def __init__(self, name: str, limit: int, max_bytes: int | None = None):
        heap.CACHES[name] = self
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


# Room for about four of the busiest frames (a six-seat card draws some 140 texts): a kiosk's steady
# state comes within minutes (1,024 took forty, its memory creeping up game after game until then).
TEXT_ITEMS = 512
_TEXT_CACHE = BoundedCache("text", TEXT_ITEMS, max_bytes=12 * 2**20)


def printable(text: str, style: str = "regular") -> str:
    """The text with characters no font can draw replaced by "?", so names never show boxes."""
    if text.isascii():
        return text
    return "".join(c if glyphs.drawable(c, style) else "?" for c in text)


@lru_cache(maxsize=256)
def _run_font(path: str, size: int, rtl: bool, script: str, embolden: bool) -> pygame.font.Font:
    face = pygame.font.Font(glyphs.font_source(path), max(6, int(size)))
    face.bold = embolden
    if glyphs.shapes():
        if rtl:
            face.set_direction(pygame.DIRECTION_RTL)
        if script:
            face.set_script(script)
    return face


def _face(run: glyphs.Run, size: int, style: str) -> tuple[pygame.font.Font, str]:
    """The font that draws ``run`` and the string to give it (reversed here if SDL_ttf cannot shape)."""
    if run.face == glyphs.own_face(style) and not run.rtl and not run.script:
        return font(style, size), run.text  # the common case: the very font and text as always
    words = run.text
    if run.rtl and not glyphs.shapes():
        words = glyphs.reversed_clusters(words)
    # a system font has one weight here: bold styles embolden it, to sit beside bold Lato
    embolden = style != "regular" and run.face not in glyphs.faces(style)
    return _run_font(run.face, size, run.rtl, run.script, embolden), words


def _render(words: str, size: int, colour, style: str) -> pygame.Surface:
    try:
        return _render_runs(words, size, colour, style)
    except pygame.error as error:
        if "quit" in str(error):
            raise  # pygame was restarted: text() opens the fonts again
        if "zero width" in str(error):
            # SDL_ttf refuses a text that draws nothing (U+200B alone, a soft hyphen): an empty line, as "" gives
            return font(style, size).render("", True, colour)
        # SDL_ttf could not draw a glyph ("Couldn't find glyph"). glyphs.covers tries every character alone
        # before a font is picked for it, so this is a shaped sequence or a size it failed at: the text is
        # drawn with the characters that fail replaced, never a crash.
        return _render_replaced(words, size, colour, style)


def _render_replaced(words: str, size: int, colour, style: str) -> pygame.Surface:
    for stand_in in (_replaced(words, size, style), _ascii(words)):
        try:
            return _render_runs(stand_in, size, colour, style)
        except pygame.error as error:
            if "quit" in str(error):
                raise
    return font(style, size).render("", True, colour)


def _replaced(words: str, size: int, style: str) -> str:
    """``words`` with "?" for each character that cannot be drawn on its own."""
    def draws(char: str) -> bool:
        try:
            _render_runs(char, size, (0, 0, 0), style)
        except pygame.error as error:
            if "quit" in str(error):
                raise
            return "zero width" in str(error)
        return True
    return "".join(char if char.isascii() or draws(char) else "?" for char in words)


def _ascii(words: str) -> str:
    return "".join(char if " " <= char <= "~" else "?" for char in words)


def _render_runs(words: str, size: int, colour, style: str) -> pygame.Surface:
    runs = glyphs.runs(words, style)
    own = font(style, size)
    if not runs:
        return own.render(words, True, colour)
    if len(runs) == 1 and _face(runs[0], size, style)[0] is own:
        return own.render(runs[0].text, True, colour)
    line = max(own.get_height(), own.get_linesize())  # the height SDL_ttf renders a line of this font
    ascent, descent = own.get_ascent(), line - own.get_ascent()
    pieces = []
    for run in runs:
        face, shown = _face(run, size, style)
        image, top = face.render(shown, True, colour), face.get_ascent()
        ink = image.get_bounding_rect()
        if ink.height > 1.5 * line:  # a colour font's one bitmap strike, far bigger than the line: scale it
            scale = line / ink.height
            image, top = pygame.transform.smoothscale_by(image, scale), round(top * scale)
            ink = image.get_bounding_rect()
        if ink.height:  # fallback fonts have tall line metrics: only their ink widens the line
            ascent, descent = max(ascent, top - ink.top), max(descent, ink.bottom - top)
        pieces.append((image, top))
    surface = pygame.Surface((sum(image.get_width() for image, _ in pieces), ascent + descent), pygame.SRCALPHA)
    surface.fill((*tuple(colour)[:3], 0))  # blending the same colour in keeps edges from darkening
    x = 0
    for image, top in pieces:
        surface.blit(image, (x, ascent - top))
        x += image.get_width()
    return surface


def text(words: str, size: int, colour=(0, 0, 0), style: str = "regular") -> pygame.Surface:
    """Rendered text, antialiased, cached by everything that shapes it."""
    key = (words, size, tuple(colour), style)
    try:
        return _TEXT_CACHE.get(key, lambda: _render(words, size, colour, style))
    except pygame.error:  # pygame was restarted since this font was opened: open it again
        reset()
        if not pygame.font.get_init():
            pygame.font.init()
        return _TEXT_CACHE.get(key, lambda: _render(words, size, colour, style))


@lru_cache(maxsize=8192)
def measure(words: str, size: int, style: str = "regular") -> int:
    """The width in pixels of ``words`` drawn at ``size``, as :func:`text` draws it (runs and all)."""
    if words.isascii():
        return font(style, size).size(words)[0]
    total = 0
    for run in glyphs.runs(words, style):
        face, shown = _face(run, size, style)
        try:
            total += face.size(shown)[0]
        except pygame.error as error:  # a glyph SDL_ttf cannot measure: it is drawn as "?" (see _render)
            if "quit" in str(error):
                raise
            total += font(style, size).size("?" * len(shown))[0]
    return total


@lru_cache(maxsize=4096)
def fit(words: str, size: int, width: int, style: str = "regular") -> str:
    """The text shortened with an ellipsis so it fits ``width`` pixels."""
    if measure(words, size, style) <= width:
        return words
    low, high = 0, len(words)
    while low < high:
        mid = (low + high + 1) // 2
        if measure(words[:mid].rstrip() + "…", size, style) <= width:
            low = mid
        else:
            high = mid - 1
    return words[:low].rstrip() + "…"


@lru_cache(maxsize=4096)
def size_to_fit(words: str, size: int, width: int, style: str = "regular", smallest: float = 0.7) -> int:
    """The largest size, from ``size`` down to ``smallest`` of it, at which the text fits ``width``."""
    floor = max(_least, int(size * smallest))
    while size > floor and measure(words, size, style) > width:
        size -= 1
    return size


def wrap(words: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Lines of at most ``width`` pixels at ``size`` as drawn (text scale included); blank lines are kept.

    Lines of a translated text stay marked as translated."""
    drawn = scaled(size)

    def wide(line: str) -> int:
        return measure(line, drawn, style)

    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if wide(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while wide(word) > width and len(word) > 1:  # a word wider than the line is cut
                cut = max(1, next(n for n in range(len(word), 0, -1) if wide(word[:n]) <= width or n == 1))
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
    _run_font.cache_clear()
    glyphs.reset()
    measure.cache_clear()
    fit.cache_clear()
    size_to_fit.cache_clear()
    image.cache_clear()
    _TEXT_CACHE.clear()
