"""Lists the characters a shipped font has but cannot draw, in ``assets/fonts/cannot-draw.txt``.

    python packaging/make_font_coverage.py

``game/`` may not import pygame, yet a variant's texts are checked when its file is read
(``game.rules.drawable``): this list is what that check knows of the fonts. Every character a variant's text
may hold (a letter, digit, punctuation mark or symbol) is looked up in every shipped font's character map in
one pass (``pygame.freetype``'s metrics of the whole range at once); each one a font has is then drawn alone
with SDL_ttf, which draws the game's text. It is listed when SDL_ttf fails on it (Noto Sans Arabic Bold's
U+FDFD: "Couldn't find glyph") or draws it with no ink. Characters no shipped font has are not listed: the
system's fonts draw them, or a "?" (``scenes.ui.glyphs``).

Run again after changing a font; ``tests/test_undrawable_names.py`` checks the file is what this makes.
About 5 s on a 2-core box: some 13,000 glyphs drawn one by one (one long string is slower, and would not
say which glyph failed).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
OUT = FONTS / "cannot-draw.txt"
SIZE = 16  # as the game draws small print; a failing glyph failed at every size tried (6 to 100)

HEADER = """\
# Characters a shipped font has but cannot draw: a variant's text holding one is refused when the file is
# read (game/rules/drawable.py). Made by packaging/make_font_coverage.py from the fonts in this folder;
# run it again after changing a font (tests/test_undrawable_names.py checks this file against them).
# Each line: the code point, then which font fails on it and how.
"""


def candidates() -> str:
    """Every character a variant's text may show, in code point order: letters, digits, punctuation marks and
    symbols (see game.rules.variant.shows), less those no text may hold (game.rules.yamlsource)."""
    sys.path.insert(0, str(ROOT))
    from game.rules.yamlsource import text_problem

    chars = (chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    return "".join(c for c in chars if unicodedata.category(c)[0] in "LNPS" and not text_problem(c))


def font_files() -> list[Path]:
    return sorted(FONTS.glob("*.ttf"))


def failures(path: Path, chars: str) -> list[tuple[str, str]]:
    """(character, what goes wrong) for each of ``chars`` the font has and SDL_ttf cannot draw with ink."""
    import pygame
    import pygame.freetype

    if not pygame.font.get_init():
        pygame.font.init()
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    listed = pygame.freetype.Font(str(path), SIZE).get_metrics(chars)  # None where the font has no glyph
    face = pygame.font.Font(str(path), SIZE)
    found = []
    for char, metrics in zip(chars, listed):
        if metrics is None:
            continue
        try:
            image = face.render(char, True, (0, 0, 0))
        except pygame.error as error:
            found.append((char, str(error)))
            continue
        if image.get_bounding_rect().width == 0:
            found.append((char, "drawn with no ink"))
    return found


def scan() -> str:
    """The file's text, as the fonts are now."""
    chars = candidates()
    return listing({path.name: failures(path, chars) for path in font_files()})


def listing(failing: dict[str, list[tuple[str, str]]]) -> str:
    """The file's text for these failures, by font file name."""
    lines = []
    every = sorted((ord(char), name, why) for name, found in failing.items() for char, why in found)
    for code, name, why in every:
        lines.append(f"{code:04X}  {name}: {why}  ({unicodedata.name(chr(code), '?')})")
    return HEADER + "".join(line + "\n" for line in lines)


def main() -> None:
    OUT.write_text(scan(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
