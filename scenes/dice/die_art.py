"""Flat pictures of a die seen from above (the Challenge markers, Jackpot's symbol dice in lists) and the
coach's halo under a die, all cached. The solid dice on the felt are :mod:`scenes.dice.dice_render`'s.

This module owns pictures only. Every picture is built once per set of arguments
(drawn four times too large, then smoothscaled down so edges and pips come
out anti-aliased) and kept, so drawing a die each frame is one blit.

Styles live in :data:`STYLES`. A style says its colours and which painter
draws its face; the cache key is ``(style, face, size, marked)``, so a later
style (Jackpot's ``symbol`` dice) only has to :func:`register_style` a
painter that understands its own faces.

Nothing here touches the display at import time; surfaces are converted only
when a display mode is set.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.ui.theme import HOLD_GOLD, IVORY, IVORY_EDGE, PIP, SHADOW, mix

Colour = tuple[int, int, int]
Painter = Callable[[pygame.Surface, Hashable, "DieStyle"], None]

SUPERSAMPLE = 4  # draw at 4x and smoothscale down: cheap anti-aliasing
CORNER = 0.2  # corner radius as a share of the die's side
RIM = 0.07  # bevel width as a share of the side
PIP_RADIUS = 0.095
PIP_SPREAD = 0.27  # pip centres sit this far from the middle, as a share of the side


@dataclass(frozen=True)
class DieStyle:
    body: Colour  # the face plate
    body_light: Colour  # its lit top-left corner
    edge: Colour  # the rounded rim
    pip: Colour
    painter: str = "pips"  # key into PAINTERS: how this style draws a face
    scale: float = 1.0  # callers draw these dice at size * scale (marker dice are smaller)


# ---------------------------------------------------------------- faces

# Pip centres for the classic layouts, in units of PIP_SPREAD from the middle.
PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


def paint_pips(canvas: pygame.Surface, face: Hashable, style: DieStyle) -> None:
    """Round pips; a lighter inner disc toward the bottom-right makes them read as hollows."""
    side = canvas.get_width()
    middle = side / 2
    radius = side * PIP_RADIUS
    if face == 1:
        radius *= 1.3  # a lone pip is cut larger, as on real dice
    inner = mix(style.pip, (255, 255, 255), 0.14)
    for gx, gy in PIP_LAYOUTS.get(int(face), ()):  # type: ignore[arg-type]
        cx, cy = middle + gx * side * PIP_SPREAD, middle + gy * side * PIP_SPREAD
        pygame.draw.circle(canvas, style.pip, (cx, cy), radius)
        pygame.draw.circle(canvas, inner, (cx + radius * 0.2, cy + radius * 0.2), radius * 0.7)


PAINTERS: dict[str, Painter] = {"pips": paint_pips}

STYLES: dict[str, DieStyle] = {
    "ivory": DieStyle(body=IVORY, body_light=(255, 253, 246), edge=IVORY_EDGE, pip=PIP),
    # Challenge's marker dice: smaller, cooler white, navy pips.
    "marker": DieStyle(body=(242, 246, 250), body_light=(255, 255, 255), edge=(184, 194, 208),
                       pip=(34, 48, 84), scale=0.78),
}


def register_style(name: str, style: DieStyle, painter: Painter | None = None) -> None:
    """Add a style (and, if it has one, its own face painter) before it is first drawn."""
    if painter is not None:
        PAINTERS[style.painter] = painter
    STYLES[name] = style


# ---------------------------------------------------------------- building blocks

def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blits when a window exists; left as is in headless tests."""
    return surface.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surface


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius))
    return mask


def _diagonal_gradient(size: tuple[int, int], light: Colour, dark: Colour, radius: int) -> pygame.Surface:
    """A rounded rect shaded from ``light`` at the top-left to ``dark`` at the bottom-right."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    steps = w + h
    for i in range(steps):
        # Anti-diagonal lines x + y = i, two pixels wide so no gaps show.
        pygame.draw.line(surface, mix(light, dark, i / steps), (i, 0), (0, i), 2)
    surface.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def _blurred(shape: pygame.Surface, passes: int = 2, factor: int = 6) -> pygame.Surface:
    """A cheap blur: smoothscale down and back up, a few times."""
    size = shape.get_size()
    small = (max(1, size[0] // factor), max(1, size[1] // factor))
    for _ in range(passes):
        shape = pygame.transform.smoothscale(pygame.transform.smoothscale(shape, small), size)
    return shape


# ---------------------------------------------------------------- public pictures

def die_surface(face: Hashable, size: int, style: str = "ivory", marked: bool = False) -> pygame.Surface:
    """One die seen from above, ``size`` pixels square, per-pixel alpha. Face 0 is blank.

    Cached by ``(style, face, size, marked)`` however the arguments are passed.
    """
    return _die_surface(style, face, int(size), bool(marked))


@lru_cache(maxsize=256)
def _die_surface(style: str, face: Hashable, size: int, marked: bool) -> pygame.Surface:
    look = STYLES[style]
    big = max(8, int(size)) * SUPERSAMPLE
    radius = int(big * CORNER)
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)

    # The rim: darker than the face, lit at the top-left, in shade at the bottom-right.
    rim_light, rim_dark = mix(look.edge, look.body, 0.55), mix(look.edge, SHADOW, 0.22)
    canvas.blit(_diagonal_gradient((big, big), rim_light, rim_dark, radius), (0, 0))

    # The flat top, inset by the bevel, brighter toward the light.
    inset = int(big * RIM)
    plate = pygame.Rect(0, 0, big, big).inflate(-2 * inset, -2 * inset)
    top = _diagonal_gradient(plate.size, look.body_light, mix(look.body, look.edge, 0.25), radius - inset // 2)
    canvas.blit(top, plate.topleft)

    PAINTERS[look.painter](canvas, face, look)

    if marked:
        # The hold mark: a gold band over the rim, outlined darker so it reads on ivory and on felt.
        band = max(2, int(big * 0.085))
        pygame.draw.rect(canvas, HOLD_GOLD, canvas.get_rect(), band, border_radius=radius)
        pygame.draw.rect(canvas, mix(HOLD_GOLD, SHADOW, 0.4), canvas.get_rect(), SUPERSAMPLE,
                         border_radius=radius)
    return _ready(pygame.transform.smoothscale(canvas, (big // SUPERSAMPLE, big // SUPERSAMPLE)))


def shadow_margin(size: int) -> int:
    """How far a shadow picture reaches past the die on each side."""
    return max(4, int(size * 0.22))


@lru_cache(maxsize=32)
def glow_surface(size: int, colour: Colour = (150, 230, 255)) -> pygame.Surface:
    """A soft halo to draw under a die the coach points at: ``size + 2 * shadow_margin(size)`` square."""
    margin = shadow_margin(size)
    side = size + 2 * margin
    shape = pygame.Surface((side, side), pygame.SRCALPHA)
    # Round, and small enough that the blur has died away before the picture's edge: a square picture whose
    # halo is cut off at its sides reads as a square glow.
    pygame.draw.circle(shape, (*colour, 170), (side // 2, side // 2), int(side / 2 - margin * 0.9))
    return _ready(_blurred(shape, passes=3, factor=max(2, size // 8)))
