"""A pad's buttons drawn as small glyphs, as on the pad itself, for F1's pad list (scenes.menus.help_overlay).

The names come from the string table (pad.yaml): "D-pad left / right, then A", "LB / RB", "A on a die". In them,
A, B, X and Y become coloured round buttons with their letter; LB, RB, LT and RT, Start and Back / View small
rounded rectangles; the d-pad ("D-pad", "Kruistoets") a cross. The words between stay words. The face buttons'
colours are those most pads print (A green, B red, X blue, Y yellow); the letter on each is what tells them apart.
"""

from __future__ import annotations

import re

import pygame

from scenes.ui import assets, theme
from scenes.ui.widgets import draw_text, rounded

FACES = {"A": (44, 134, 62), "B": (186, 52, 46), "X": (38, 98, 186), "Y": (226, 178, 36)}
FACE_INK = {"Y": theme.INK}  # dark on the light yellow; white on the others
PILLS = {"LB": "LB", "RB": "RB", "LT": "LT", "RT": "RT", "Start": "Start", "Back / View": "View"}
DPAD = ("D-pad", "Kruistoets", "kruistoets")
TOKEN = re.compile(r"Back / View|D-pad|[Kk]ruistoets|\b(?:LB|RB|LT|RT|Start|A|B|X|Y)\b")
PILL_COLOUR = (62, 64, 72)
DPAD_COLOUR = (62, 64, 72)
GAP = 0.3  # between pieces, as a fraction of the text size


def pieces(name: str) -> list[tuple[str, str]]:
    """``name`` cut into ("face" | "pill" | "dpad" | "words", text) pieces, in order."""
    found, at = [], 0
    for match in TOKEN.finditer(name):
        if match.start() > at and name[at:match.start()].strip():
            found.append(("words", name[at:match.start()].strip()))
        token = match.group()
        found.append(("face" if token in FACES else "dpad" if token in DPAD else "pill", token))
        at = match.end()
    if name[at:].strip():
        found.append(("words", name[at:].strip()))
    return found


def _width(kind: str, text: str, size: int) -> int:
    """A piece's width as drawn at ``size`` (the text size setting applied here)."""
    if kind in ("face", "dpad"):
        return round(assets.scaled(size) * 1.25)
    if kind == "pill":
        label = assets.measure(PILLS[text], assets.scaled(round(size * 0.75)), "black")
        return label + round(assets.scaled(size) * 0.8)
    return assets.measure(text, assets.scaled(size), "black")


def _gaps(parts: list[tuple[str, str]], size: int) -> list[int]:
    """The room before each piece: none before the first, nor before a comma that follows a glyph."""
    return [0 if k == 0 or kind == "words" and text[:1] in ",;." else round(assets.scaled(size) * GAP)
            for k, (kind, text) in enumerate(parts)]


def width(name: str, size: int) -> int:
    """How wide ``name`` is drawn at ``size``."""
    parts = pieces(name)
    return sum(_width(kind, text, size) for kind, text in parts) + sum(_gaps(parts, size))


def draw_name(surface: pygame.Surface, name: str, size: int, ink, right: int, centre_y: int, room: int) -> None:
    """``name`` in glyphs, its right end at ``right`` and its middle at ``centre_y``; smaller if wider than
    ``room`` (down to three quarters of ``size``)."""
    smallest = max(8, round(size * 0.75))
    while size > smallest and width(name, size) > room:
        size -= 1
    shown = assets.scaled(size)
    x = right - width(name, size)
    parts = pieces(name)
    for (kind, text), gap in zip(parts, _gaps(parts, size)):
        x += gap
        w = _width(kind, text, size)
        if kind == "face":
            _face(surface, text, size, pygame.Rect(x, centre_y - w // 2, w, w))
        elif kind == "pill":
            _pill(surface, PILLS[text], size, pygame.Rect(x, centre_y - round(shown * 0.6), w, round(shown * 1.2)))
        elif kind == "dpad":
            _cross(surface, pygame.Rect(x, centre_y - w // 2, w, w))
        else:
            draw_text(surface, text, size, ink, (x, centre_y), "midleft", "black")
        x += w


def _face(surface: pygame.Surface, letter: str, size: int, box: pygame.Rect) -> None:
    colour = FACES[letter]
    pygame.draw.circle(surface, theme.mix(colour, (0, 0, 0), 0.35), box.center, box.width // 2)
    pygame.draw.circle(surface, colour, box.center, box.width // 2 - 2)
    draw_text(surface, letter, round(size * 0.8), FACE_INK.get(letter, theme.WHITE), box.center, "center", "black")


def _pill(surface: pygame.Surface, label: str, size: int, box: pygame.Rect) -> None:
    rounded(surface, PILL_COLOUR, box, box.height // 2)
    rounded(surface, theme.mix(PILL_COLOUR, (0, 0, 0), 0.4), box, box.height // 2, 2)
    draw_text(surface, label, round(size * 0.75), theme.WHITE, box.center, "center", "black")


def _cross(surface: pygame.Surface, box: pygame.Rect) -> None:
    arm = max(4, box.width // 3)
    across = pygame.Rect(box.x, box.centery - arm // 2, box.width, arm)
    down = pygame.Rect(box.centerx - arm // 2, box.y, arm, box.height)
    for rect in (across, down):
        rounded(surface, DPAD_COLOUR, rect, max(2, arm // 4))
    pygame.draw.circle(surface, theme.mix(DPAD_COLOUR, theme.WHITE, 0.25), box.center, max(2, arm // 3))
