"""Which font draws each character of a text, and in which order the pieces stand.

A style's own font comes first (Lato, or Comfortaa for titles), then Lato, then the shipped fallbacks
(Noto Sans Hebrew and Arabic, the outline Noto Emoji), then the system's fonts (CJK, Hangul and the rest:
see assets/fonts/README.md). Whether a font has a character is asked of the font file itself (FreeType's
character map, through ``pygame.freetype``), once per font and character. A character no font has is a "?".

Right-to-left text (Hebrew, Arabic) is put in visual order with a small part of the Unicode bidirectional
algorithm (the weak and neutral types, embedding levels and reordering; no explicit embeddings or isolates).
A right-to-left run is handed to SDL_ttf in logical order with its direction and script set, so HarfBuzz
shapes it (Arabic letters join); if SDL_ttf was built without HarfBuzz, the run is reversed here instead,
in the right order but with unjoined Arabic letters.

:func:`runs` is the one answer that rendering and measuring both use (see :mod:`scenes.ui.assets`).
"""

from __future__ import annotations

import bisect
import io
import unicodedata
from functools import lru_cache
from typing import NamedTuple

import pygame
import pygame.freetype

from game.paths import asset

OWN_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "black": "Lato-Black.ttf",
    "title": "Comfortaa-Bold.ttf",
}
# After a style's own font: Lato of its weight, then the shipped fallbacks of its weight.
_WEIGHT = {"regular": "Regular", "bold": "Bold", "black": "Bold", "title": "Bold"}
_SHIPPED = ("NotoSansHebrew-{weight}.ttf", "NotoSansArabic-{weight}.ttf", "NotoEmoji-Regular.ttf")

# System fonts tried first, by pygame's names for them (lower case, no spaces); the rest follow in name order.
# Fonts that draw well beside Lato, and that cover the big scripts no shipped font does (CJK, Hangul).
_PREFERRED = ("notosans", "notosanscjksc", "notosanscjkjp", "notosanscjkkr", "notosanscjktc", "notosanscjk",
              "sourcehansans", "sourcehanssans", "wenquanyimicrohei", "wenquanyizenhei", "droidsansfallback",
              "droidsansfallbackfull", "nanumgothic", "nanumbarungothic", "unbatang", "undotum",
              "microsoftyahei", "microsoftjhenghei", "malgungothic", "yugothic", "meiryo", "msgothic", "simsun",
              "pingfangsc", "applesdgothicneo", "hiraginosans", "hiraginokakugothicpro", "arialunicodems",
              "segoeui", "segoeuisymbol", "dejavusans", "freesans", "arial", "tahoma")
# Colour bitmap emoji fonts come out of SDL_ttf at their one strike's size (109 px): never pick them.
_SKIPPED = ("coloremoji", "emojione", "twemoji")

# HarfBuzz script tags for the scripts that need shaping, by the code point ranges they own.
_SCRIPT_RANGES = (
    (0x0590, 0x05FF, "Hebr"), (0x0600, 0x06FF, "Arab"), (0x0700, 0x074F, "Syrc"), (0x0750, 0x077F, "Arab"),
    (0x0780, 0x07BF, "Thaa"), (0x07C0, 0x07FF, "Nkoo"), (0x08A0, 0x08FF, "Arab"), (0x0900, 0x097F, "Deva"),
    (0x0980, 0x09FF, "Beng"), (0x0A00, 0x0A7F, "Guru"), (0x0A80, 0x0AFF, "Gujr"), (0x0B00, 0x0B7F, "Orya"),
    (0x0B80, 0x0BFF, "Taml"), (0x0C00, 0x0C7F, "Telu"), (0x0C80, 0x0CFF, "Knda"), (0x0D00, 0x0D7F, "Mlym"),
    (0x0D80, 0x0DFF, "Sinh"), (0x0E00, 0x0E7F, "Thai"), (0x0E80, 0x0EFF, "Laoo"), (0x0F00, 0x0FFF, "Tibt"),
    (0x1000, 0x109F, "Mymr"), (0x1780, 0x17FF, "Khmr"), (0xFB1D, 0xFB4F, "Hebr"), (0xFB50, 0xFDFF, "Arab"),
    (0xFE70, 0xFEFF, "Arab"),
)
_SCRIPT_STARTS = [low for low, _, _ in _SCRIPT_RANGES]


class Run(NamedTuple):
    """A piece of text drawn by one font in one direction; ``text`` is in logical order."""

    text: str
    face: str  # the font file
    rtl: bool
    script: str  # a HarfBuzz script tag, or "" to leave shaping to the font's default


def own_face(style: str) -> str:
    return str(asset("fonts", OWN_FILES[style]))


@lru_cache(maxsize=8)
def faces(style: str) -> tuple[str, ...]:
    """The shipped fonts tried for ``style``, in order."""
    weight = _WEIGHT[style]
    names = [OWN_FILES[style], f"Lato-{weight}.ttf"] + [name.format(weight=weight) for name in _SHIPPED]
    return tuple(dict.fromkeys(str(asset("fonts", name)) for name in names))


@lru_cache(maxsize=16)
def font_bytes(path: str) -> bytes:
    """A font file's contents, read once. Fonts are opened from these bytes, never from the file: SDL_ttf and
    FreeType keep a file open for as long as its font lives, one handle for each size (a kiosk's open files
    crept up game after game, 70 handles on four font files within the hour)."""
    with open(path, "rb") as file:
        return file.read()


def font_source(path: str) -> io.BytesIO:
    """A fresh reader over ``path``'s bytes for one font object (each font reads and seeks on its own; a
    BytesIO over bytes shares them, so a font at forty sizes holds the file's bytes once)."""
    return io.BytesIO(font_bytes(path))


@lru_cache(maxsize=16)
def _coverage_font(path: str) -> pygame.freetype.Font | None:
    """A shipped font, opened for its character map from memory: no file stays open (a kiosk's open files
    stay flat however long it runs)."""
    return _open(font_source(path))


def _open(source) -> pygame.freetype.Font | None:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        return pygame.freetype.Font(source, 12)
    except (OSError, pygame.error):  # a system font that FreeType cannot open is no font of ours
        return None


def _has(face: pygame.freetype.Font | None, char: str) -> bool:
    metrics = face.get_metrics(char) if face is not None else None
    return bool(metrics) and metrics[0] is not None


@lru_cache(maxsize=65536)
def covers(path: str, char: str) -> bool:
    """Whether the font file has a glyph of its own for ``char`` (not the .notdef box) that SDL_ttf can draw.

    A font may list a glyph it cannot draw: Noto Sans Arabic Bold's U+FDFD makes SDL_ttf fail with "Couldn't
    find glyph" (FreeType draws it). Such a font does not cover the character: the next font, or "?", draws it."""
    try:
        return _listed(path, char) and _draws(path, char)
    except pygame.error:  # pygame was restarted since this font was opened: open it again
        _coverage_font.cache_clear()
        _probe_font.cache_clear()
        return _listed(path, char) and _draws(path, char)


def _listed(path: str, char: str) -> bool:
    if path not in _shipped():
        return _has(_open(path), char)  # a system font is opened for the question and closed after it
    return _has(_coverage_font(path), char)


@lru_cache(maxsize=16)
def _probe_font(path: str) -> pygame.font.Font:
    """A shipped font as SDL_ttf draws it, from memory (no file stays open), to try a glyph."""
    return pygame.font.Font(font_source(path), 16)


def _draws(path: str, char: str) -> bool:
    """Whether SDL_ttf draws ``char`` in the font file; a glyph of no width (a joiner, a variation selector) is
    drawn as nothing, which is right for it. A font that pygame has closed since is an error of its own."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        font = _probe_font(path) if path in _shipped() else pygame.font.Font(path, 16)
        font.render(char, True, (0, 0, 0))
    except pygame.error as error:
        if "quit" in str(error):
            raise  # the font, not the glyph: covers opens it again
        return "zero width" in str(error)
    except OSError:  # a system font SDL_ttf cannot open is no font of ours
        return False
    return True


@lru_cache(maxsize=1)
def _shipped() -> frozenset[str]:
    return frozenset(path for style in OWN_FILES for path in faces(style))


@lru_cache(maxsize=1)
def system_faces() -> tuple[str, ...]:
    """The system's font files (pygame.sysfont: fontconfig on Linux, the registry on Windows, the font
    folders on macOS), preferred ones first; read once, when a character first needs them."""
    try:
        names = pygame.font.get_fonts()
    except Exception:  # noqa: BLE001 - a broken font list only means fewer fallbacks
        return ()
    rank = {name: i for i, name in enumerate(_PREFERRED)}
    ordered = sorted((name for name in names if not any(skip in name for skip in _SKIPPED)),
                     key=lambda name: (rank.get(name, len(rank)), "mono" in name, name))
    paths = []
    for name in ordered:
        try:
            path = pygame.font.match_font(name)
        except Exception:  # noqa: BLE001
            path = None
        if path:
            paths.append(str(path))
    return tuple(dict.fromkeys(paths))


@lru_cache(maxsize=8192)
def face_for(char: str, style: str) -> str | None:
    """The first font that has ``char``: the shipped ones for ``style``, then the system's; None if none has."""
    for path in faces(style):
        if covers(path, char):
            return path
    return _system_face(char)


@lru_cache(maxsize=8192)
def _system_face(char: str) -> str | None:
    for path in system_faces():
        if covers(path, char):
            return path
    return None


def drawable(char: str, style: str = "regular") -> bool:
    return char in "\n\t" or face_for(char, style) is not None


def script_of(char: str) -> str:
    code = ord(char)
    i = bisect.bisect_right(_SCRIPT_STARTS, code) - 1
    if i >= 0 and code <= _SCRIPT_RANGES[i][1]:
        return _SCRIPT_RANGES[i][2]
    return ""


# The bidirectional algorithm, the parts a line of names and labels needs.

_STRONG = {"L": "L", "R": "R", "AL": "R"}
_NUMBER = ("EN", "AN")


def levels(text: str) -> list[int]:
    """The embedding level of each character (even: left to right, odd: right to left). Every line is left
    to right, as the game's languages are: a Hebrew or Arabic name is a right-to-left run inside it, so
    "שרה is playing" keeps the name first, not the sentence turned round."""
    original = [unicodedata.bidirectional(c) or "L" for c in text]
    base = 0
    sos = "R" if base else "L"
    types = []
    last_strong = sos
    for t in original:  # W1-W3: marks take their base's type; numbers after Arabic letters are Arabic numbers
        if t == "NSM":
            t = types[-1] if types else sos
        if t in _STRONG:
            last_strong = t
        if t == "EN" and last_strong == "AL":
            t = "AN"
        types.append("R" if t == "AL" else t)
    for i in range(1, len(types) - 1):  # W4: one separator between two numbers of a kind joins them
        if types[i] in ("ES", "CS") and types[i - 1] == types[i + 1] == "EN" or \
                types[i] == "CS" and types[i - 1] == types[i + 1] == "AN":
            types[i] = types[i - 1]
    for i, t in enumerate(types):  # W5: currency and percent signs beside European numbers go with them
        if t == "ET":
            j = i
            while j < len(types) and types[j] == "ET":
                j += 1
            if (i > 0 and types[i - 1] == "EN") or (j < len(types) and types[j] == "EN"):
                types[i:j] = ["EN"] * (j - i)
    strong = sos
    for i, t in enumerate(types):  # W6, W7: other separators are neutral; European numbers after L are L
        if t in ("ES", "ET", "CS"):
            types[i] = "ON"
        elif t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            types[i] = "L"
    resolved = list(types)
    i = 0
    while i < len(types):  # N1, N2: neutrals between two of one direction take it, else the paragraph's
        if types[i] in ("L", "R") or types[i] in _NUMBER:
            i += 1
            continue
        j = i
        while j < len(types) and not (types[j] in ("L", "R") or types[j] in _NUMBER):
            j += 1
        before = sos if i == 0 else ("R" if types[i - 1] in _NUMBER else types[i - 1])
        after = sos if j == len(types) else ("R" if types[j] in _NUMBER else types[j])
        resolved[i:j] = [before if before == after else sos] * (j - i)
        i = j
    out = []
    for t in resolved:  # I1, I2
        if base == 0:
            out.append({"L": 0, "R": 1}.get(t, 2))
        else:
            out.append(1 if t == "R" else 2)
    for i in range(len(text) - 1, -1, -1):  # L1: trailing white space goes back to the paragraph's level
        if original[i] not in ("WS", "S", "B", "BN"):
            break
        out[i] = base
    return out


def visual_order(items: list, item_levels: list[int]) -> list:
    """``items`` (in logical order, one level each) reordered for display, left to right (rule L2)."""
    order = list(range(len(items)))
    if not item_levels:
        return []
    odd = [level for level in item_levels if level % 2]
    if not odd:
        return list(items)
    for level in range(max(item_levels), min(odd) - 1, -1):
        i = 0
        while i < len(order):
            if item_levels[order[i]] >= level:
                j = i
                while j < len(order) and item_levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [items[k] for k in order]


def _invisible(char: str) -> bool:
    """Joiners, variation selectors, direction marks: no glyph of their own."""
    return unicodedata.category(char) == "Cf" or 0xFE00 <= ord(char) <= 0xFE0F or 0xE0100 <= ord(char) <= 0xE01EF


def _neutral(char: str) -> bool:
    return unicodedata.bidirectional(char) not in ("L", "R", "AL") and unicodedata.category(char)[0] not in "LM"


@lru_cache(maxsize=4096)
def runs(text: str, style: str = "regular") -> tuple[Run, ...]:
    """``text`` split into runs of one font, one direction and one script, in visual order (left to right)."""
    own = own_face(style)
    if text.isascii():
        return (Run(text, own, False, ""),) if text else ()
    char_levels = levels(text)
    pieces: list[list] = []  # [chars, face, level, script]
    for char, level in zip(text, char_levels):
        last = pieces[-1] if pieces else None
        if last and last[2] == level and (_invisible(char) or unicodedata.category(char) in ("Mn", "Me")) \
                and covers(last[1], char):
            last[0].append(char)  # a mark or a joiner stays with its base
            continue
        if _invisible(char):
            continue  # nothing to draw, and no font of the run has it: leave it out rather than draw a box
        face = (last[1] if last else own) if unicodedata.category(char) == "Cc" else face_for(char, style)
        if face is None:
            face, char = own, "?"
        elif last and last[1] != face and covers(last[1], char) and (_neutral(char) or not covers(own, char)):
            face = last[1]  # punctuation, spaces and letters Lato lacks stay in the run's font
        script = script_of(char)
        if last and last[1] == face and last[2] == level and (not script or not last[3] or script == last[3]):
            last[0].append(char)
            last[3] = last[3] or script
        else:
            pieces.append([[char], face, level, script])
    ordered = visual_order(pieces, [piece[2] for piece in pieces])
    return tuple(Run("".join(chars), face, bool(level % 2), script) for chars, face, level, script in ordered)


@lru_cache(maxsize=1)
def shapes() -> bool:
    """Whether SDL_ttf was built with HarfBuzz (it can set a direction and join Arabic letters)."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        probe = pygame.font.Font(font_source(own_face("regular")), 12)
        probe.set_direction(pygame.DIRECTION_RTL)
        probe.set_script("Hebr")
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def reversed_clusters(text: str) -> str:
    """``text`` back to front, each letter keeping its marks after it (right-to-left order without HarfBuzz)."""
    clusters: list[str] = []
    for char in text:
        if clusters and unicodedata.category(char) in ("Mn", "Me"):
            clusters[-1] += char
        else:
            clusters.append(char)
    return "".join(reversed(clusters))


def reset() -> None:
    """Forget the fonts opened for coverage (pygame was restarted); what they answered stays true."""
    _coverage_font.cache_clear()
    _probe_font.cache_clear()
