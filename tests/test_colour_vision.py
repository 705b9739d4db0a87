"""Colour-blind safe and legible: seat colours stay apart under the common colour-vision deficiencies, every
seat colour has its own shape as well, and the theme's text colours keep WCAG AA contrast on their grounds.
(Every text as actually drawn on every screen is checked too: see test_layout.)"""

from __future__ import annotations

import itertools
import math

import pytest
from test_layout import MIN_CONTRAST, contrast

from scenes.ui import theme

# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
MIN_DELTA_E = 15  # CIE76; about 2.3 is a just-noticeable difference, over 10 reads as another colour


def _linear(c: int) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x, y, z = 0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_as(colour, matrix) -> tuple[float, float, float]:
    lin = [_linear(c) for c in colour]
    return _lab(tuple(min(1.0, max(0.0, sum(row[j] * lin[j] for j in range(3)))) for row in matrix))


@pytest.mark.parametrize("vision", SIMULATIONS)
def test_seat_colours_stay_apart_under_each_colour_vision(vision):
    seen = {name: seen_as(colour, SIMULATIONS[vision]) for name, colour in theme.SEAT_COLOURS.items()}
    closest = min((math.dist(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2))
    assert closest[0] >= MIN_DELTA_E, closest


def test_two_reds_would_fail_the_check():
    """The check can fail: red and green, the classic confusion, collapse under deuteranopia."""
    deuteranopia = SIMULATIONS["deuteranopia"]
    red, green = seen_as((200, 40, 40), deuteranopia), seen_as((40, 140, 40), deuteranopia)
    assert math.dist(red, green) < MIN_DELTA_E


def test_every_seat_colour_has_its_own_shape():
    assert set(theme.SEAT_SHAPES) == set(theme.SEAT_COLOURS)
    assert len(set(theme.SEAT_SHAPES.values())) == len(theme.SEAT_SHAPES)


def test_seat_badges_differ_in_outline_not_only_in_colour():
    import pygame

    from scenes.ui.widgets import seat_badge

    pygame.init()
    masks = []
    for i, name in enumerate(theme.SEAT_ORDER):
        surface = pygame.Surface((60, 60))
        surface.fill((255, 255, 255))
        seat_badge(surface, name, i, (30, 30), 24)
        surface.set_colorkey((255, 255, 255))
        masks.append(pygame.mask.from_surface(surface))
    for a, b in itertools.combinations(range(len(masks)), 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - overlap
        assert overlap / union < 0.85, (theme.SEAT_ORDER[a], theme.SEAT_ORDER[b])


PAIRS = [  # text colour, its ground, where
    (theme.INK, theme.PAPER, "scorecard text"),
    (theme.INK_SOFT, theme.PAPER, "secondary text"),
    (theme.INK_FAINT, theme.PAPER, "faint notes"),
    (theme.ZERO_INK, theme.PAPER, "a scored zero"),
    (theme.PREVIEW_INK, theme.PAPER, "what a box would score"),
    (theme.PREVIEW_INK, (255, 236, 170), "a preview on the hovered row"),
    (theme.BUTTON_TEXT, theme.BUTTON, "button"),
    (theme.BUTTON_TEXT, theme.BUTTON_HOVER, "focused button"),
    (theme.PAPER, theme.BUTTON_QUIET, "quiet button"),
    (theme.WHITE, (178, 58, 44), "danger button"),
    (theme.PAPER, theme.FELT, "text on the felt"),
    (theme.PAPER, theme.WOOD_DARK, "text on dark wood"),
    (theme.PAPER, theme.TABLE_BG, "text on the table's edge"),
]


@pytest.mark.parametrize("ink,ground,where", PAIRS, ids=[p[2] for p in PAIRS])
def test_theme_text_colours_keep_aa_contrast(ink, ground, where):
    assert contrast(ink, ground) >= MIN_CONTRAST, f"{where}: {contrast(ink, ground):.2f}"
