"""Colours, sizes and the seat palette: the look of the table in one place."""

from __future__ import annotations

# The logical canvas every scene draws on; the window scales it to fit.
WIDTH, HEIGHT = 1280, 800

FELT = (28, 102, 66)
FELT_DARK = (18, 74, 47)
FELT_LIGHT = (40, 124, 82)
WOOD = (112, 66, 34)
WOOD_DARK = (70, 40, 20)
WOOD_LIGHT = (150, 96, 52)
TABLE_BG = (36, 26, 20)
PULSE_SECONDS = 3.0  # a highlight breathes this long, then holds still: a screen at rest is not redrawn

PAPER = (250, 246, 232)
PAPER_LINE = (205, 196, 170)
INK = (34, 30, 28)
INK_SOFT = (96, 88, 80)
INK_FAINT = (112, 104, 94)  # still 4.5:1 on paper (WCAG AA), fainter than INK_SOFT
ZERO_INK = (170, 70, 60)
PREVIEW_INK = (40, 96, 160)
CHOSEN_TEXT = (176, 208, 246)  # behind text chosen in a field (typing replaces it)

IVORY = (250, 247, 236)
IVORY_EDGE = (214, 206, 186)
PIP = (30, 28, 30)
HOLD_GOLD = (244, 196, 48)

BUTTON = (236, 188, 64)
BUTTON_HOVER = (250, 206, 90)
BUTTON_TEXT = (44, 30, 14)
BUTTON_OFF = (120, 112, 100)
BUTTON_QUIET = (70, 58, 48)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)

# Okabe-Ito colours: told apart under the common colour-vision deficiencies.
SEAT_COLOURS = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "red": (213, 94, 0),
    "purple": (204, 121, 167),
}
SEAT_ORDER = ("orange", "sky", "green", "red", "blue", "purple", "yellow")


# Each seat colour has its own shape too, so seats are told apart without seeing colour at all.
SEAT_SHAPES = {"orange": "circle", "sky": "square", "green": "triangle", "red": "diamond", "blue": "star",
               "purple": "triangle_down", "yellow": "cross"}


def seat_shape(name: str | None, index: int = 0) -> str:
    return SEAT_SHAPES.get(name or "", SEAT_SHAPES[SEAT_ORDER[index % len(SEAT_ORDER)]])


def seat_colour(name: str | None, index: int = 0) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(name or "", SEAT_COLOURS[SEAT_ORDER[index % len(SEAT_ORDER)]])


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
