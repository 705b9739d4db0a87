"""Jackpot Yahtzee's pictures: the four symbols, the plastic tiles that carry them, the symbol dice.

Everything is drawn with shapes (no image files, no fonts), four times too
large and smoothscaled down, and cached, so drawing one each frame is a blit.

The symbols differ by silhouette as well as by colour, for players who do
not tell red, orange, gold and green apart:

* ``cherry``: two small round fruits on stems (two circles);
* ``orange``: one large disc with a leaf (one circle);
* ``bell``: a bell outline with its clapper (flared, narrow at the top);
* ``dollar``: a banknote, a wide rectangle, with a "$" on it.

Each symbol has a dark outline in its own hue so it reads on cream tiles and
on white and yellow dice alike, and a bolder, plainer cut below
:data:`DETAIL_SIZE` pixels.

The symbol dice that carry these pictures are in :mod:`scenes.jackpot.jackpot_dice`.

Nothing here touches the display at import time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.rules.jackpot import SYMBOLS  # the core accepts only the symbols drawn here
from scenes.ui.theme import mix

Colour = tuple[int, int, int]

SUPERSAMPLE = 4
DETAIL_SIZE = 40  # below this many pixels a symbol is drawn plainer and with a bolder outline

OUTLINES: dict[str, Colour] = {
    "cherry": (92, 8, 26),
    "orange": (128, 52, 0),
    "bell": (112, 66, 0),
    "dollar": (18, 78, 36),
}

TILE_CREAM = (250, 245, 230)
TILE_CREAM_DARK = (226, 214, 184)
TILE_EDGE = (170, 156, 124)
GHOST_ALPHA = 102  # 40 %
TILE_SYMBOL = 0.8  # the symbol's box, as a share of the tile's side


def _check(symbol: str) -> None:
    if symbol not in SYMBOLS:
        raise ValueError(f"unknown symbol {symbol!r}; expected one of {SYMBOLS}")


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blits when a window exists; left as is in headless tests."""
    return surface.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surface


# ---------------------------------------------------------------- drawing helpers (at full, supersampled scale)

def _stroke(surface: pygame.Surface, colour, points: Sequence[tuple[float, float]], width: float) -> None:
    """A thick polyline with round joints and caps."""
    radius = max(1.0, width / 2)
    for a, b in zip(points, points[1:]):
        pygame.draw.line(surface, colour, a, b, max(1, round(width)))
    for p in points:
        pygame.draw.circle(surface, colour, p, radius)


def _bezier(p0, p1, p2, steps: int = 40) -> list[tuple[float, float]]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def _leaf(base: tuple[float, float], tip: tuple[float, float], width: float,
          steps: int = 24) -> list[tuple[float, float]]:
    """A pointed leaf from ``base`` to ``tip``, ``width`` across at its widest."""
    bx, by = base
    dx, dy = tip[0] - bx, tip[1] - by
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    side_a, side_b = [], []
    for i in range(steps + 1):
        t = i / steps
        bulge = math.sin(math.pi * t) ** 0.8 * width / 2
        x, y = bx + dx * t, by + dy * t
        side_a.append((x + nx * bulge, y + ny * bulge))
        side_b.append((x - nx * bulge * 0.85, y - ny * bulge * 0.85))
    return side_a + side_b[::-1]


def _outlined(layer: pygame.Surface, colour: Colour, width: float) -> pygame.Surface:
    """The layer on a silhouette of itself grown by ``width`` pixels, in ``colour``."""
    mask = pygame.mask.from_surface(layer, 8)
    silhouette = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    rings = max(1, int(width / 3))
    for ring in range(1, rings + 1):
        r = width * ring / rings
        points = max(8, int(2 * math.pi * r / 2.5))
        for k in range(points):
            a = 2 * math.pi * k / points
            out.blit(silhouette, (round(r * math.cos(a)), round(r * math.sin(a))))
    out.blit(layer, (0, 0))
    return out


def _shaded_disc(surface, centre, radius, base: Colour, dark: Colour, light: Colour, shine: bool = True) -> None:
    """A ball lit from the top-left: dark crescent at the bottom-right, a soft highlight."""
    cx, cy = centre
    pygame.draw.circle(surface, dark, centre, radius)
    pygame.draw.circle(surface, base, (cx - radius * 0.1, cy - radius * 0.12), radius * 0.86)
    pygame.draw.circle(surface, mix(base, light, 0.35), (cx - radius * 0.22, cy - radius * 0.24), radius * 0.55)
    if shine:
        glare = pygame.Rect(0, 0, radius * 0.5, radius * 0.34)
        glare.center = (round(cx - radius * 0.38), round(cy - radius * 0.45))
        pygame.draw.ellipse(surface, light, glare)


# ---------------------------------------------------------------- the four symbols

def _draw_cherry(s: pygame.Surface, n: float, detail: bool) -> None:
    def p(x, y):
        return x * n, y * n

    stem = (74, 118, 30)
    left, right, r = p(0.255, 0.71), p(0.745, 0.74), 0.188 * n
    joint = p(0.6, 0.14)
    width = n * (0.05 if detail else 0.075)
    _stroke(s, stem, _bezier(p(0.27, 0.54), p(0.33, 0.26), joint), width)
    _stroke(s, stem, _bezier(p(0.73, 0.57), p(0.72, 0.32), joint), width)
    leaf = _leaf(joint, p(0.93, 0.2), n * (0.2 if detail else 0.24))
    pygame.draw.polygon(s, (92, 170, 48), leaf)
    if detail:
        _stroke(s, (60, 124, 32), [joint, p(0.86, 0.195)], n * 0.018)
        pygame.draw.polygon(s, (120, 196, 70), _leaf(p(0.64, 0.13), p(0.86, 0.15), n * 0.06))
    for centre in (left, right):
        _shaded_disc(s, centre, r, (214, 26, 48), (150, 8, 32), (255, 190, 196), shine=True)


def _draw_orange(s: pygame.Surface, n: float, detail: bool) -> None:
    def p(x, y):
        return x * n, y * n

    centre, r = p(0.5, 0.57), 0.385 * n
    _shaded_disc(s, centre, r, (250, 148, 18), (214, 96, 0), (255, 226, 160), shine=False)
    if detail:
        # Peel: small pits, deterministic, darker, thinning toward the lit side.
        rng = random.Random(11)
        for _ in range(46):
            a, d = rng.uniform(0, 2 * math.pi), math.sqrt(rng.random()) * r * 0.86
            x, y = centre[0] + d * math.cos(a), centre[1] + d * math.sin(a)
            pygame.draw.circle(s, (226, 118, 8), (x, y), n * 0.011)
        # The navel: a faint star where the segments meet.
        c = (centre[0] + r * 0.05, centre[1] + r * 0.1)
        for k in range(5):
            a = k * 2 * math.pi / 5 + 0.3
            _stroke(s, (222, 112, 6), [c, (c[0] + r * 0.14 * math.cos(a), c[1] + r * 0.14 * math.sin(a))], n * 0.014)
    glare = pygame.Rect(0, 0, r * 0.62, r * 0.4)
    glare.center = (round(centre[0] - r * 0.4), round(centre[1] - r * 0.45))
    pygame.draw.ellipse(s, (255, 236, 190), glare)
    # Stem nub and a leaf on top.
    top = p(0.5, 0.2)
    pygame.draw.circle(s, (96, 72, 24), top, n * 0.04)
    pygame.draw.polygon(s, (86, 164, 44), _leaf(p(0.52, 0.2), p(0.82, 0.07), n * (0.15 if detail else 0.19)))
    if detail:
        _stroke(s, (58, 120, 30), [p(0.53, 0.19), p(0.77, 0.09)], n * 0.015)


def _bell_outline(n: float) -> list[tuple[float, float]]:
    """The bell's silhouette, clockwise from the top of the dome."""
    right = []
    dome_c, dome_r = 0.36, 0.19  # the crown: a half circle
    for i in range(13):
        a = math.pi / 2 - i * (math.pi / 2) / 12
        right.append((0.5 + dome_r * math.cos(a), dome_c - dome_r * math.sin(a)))
    for i in range(1, 15):  # the waist flares out into the lip
        t = i / 14
        y = dome_c + t * (0.78 - dome_c)
        half = dome_r + 0.04 * t + 0.2 * t ** 3.2
        right.append((0.5 + half, y))
    right.append((0.5 + 0.43, 0.8))
    right.append((0.5 + 0.41, 0.83))
    bottom = [(0.5 + 0.36 * math.cos(a), 0.83 - 0.035 * math.sin(a))
              for a in (k * math.pi / 10 for k in range(1, 10))]
    left = [(1 - x, y) for x, y in reversed(right)]
    return [(x * n, y * n) for x, y in right + bottom + left]


def _draw_bell(s: pygame.Surface, n: float, detail: bool) -> None:
    def p(x, y):
        return x * n, y * n

    gold, dark, light = (246, 190, 34), (196, 128, 8), (255, 240, 160)
    # Hanger loop and clapper first: the body covers their ends.
    pygame.draw.circle(s, dark, p(0.5, 0.135), n * 0.07)
    pygame.draw.circle(s, gold, p(0.5, 0.135), n * 0.07 - n * 0.03)
    pygame.draw.circle(s, (0, 0, 0, 0), p(0.5, 0.135), n * 0.022)
    _shaded_disc(s, p(0.5, 0.85), n * 0.085, gold, dark, light, shine=False)
    outline = _bell_outline(n)
    pygame.draw.polygon(s, dark, outline)
    # Lit body: the same outline shrunk toward a point up and left of the middle.
    cx, cy = p(0.46, 0.5)
    pygame.draw.polygon(s, gold, [(cx + (x - cx) * 0.9, cy + (y - cy) * 0.93) for x, y in outline])
    # A highlight stripe down the left of the waist, and the lip's band.
    stripe = [p(0.37, 0.26), p(0.42, 0.22), p(0.38, 0.5), p(0.3, 0.72), p(0.24, 0.72), p(0.32, 0.5)]
    pygame.draw.polygon(s, light, stripe)
    if detail:
        pygame.draw.line(s, dark, p(0.2, 0.69), p(0.8, 0.69), max(1, round(n * 0.025)))


def _dollar_sign(s: pygame.Surface, centre: tuple[float, float], height: float, colour, width: float) -> None:
    """A "$" built from two arcs and a bar, ``height`` pixels tall."""
    cx, cy = centre
    r = height * 0.215
    rx, ry = r * 1.08, r
    top, bottom = cy - r, cy + r
    upper = [(cx + rx * math.cos(math.radians(a)), top - ry * math.sin(math.radians(a)))
             for a in range(35, 271, 5)]
    lower = [(cx + rx * math.cos(math.radians(a)), bottom - ry * math.sin(math.radians(a)))
             for a in range(90, -146, -5)]
    _stroke(s, colour, upper + lower, width)
    bar = width * 0.62
    _stroke(s, colour, [(cx, cy - height / 2), (cx, cy + height / 2)], bar)


def _draw_dollar(s: pygame.Surface, n: float, detail: bool) -> None:
    note = pygame.Rect(0, 0, round(n * 0.94), round(n * 0.64))
    note.center = (round(n * 0.5), round(n * 0.52))
    ink = (22, 104, 48)
    radius = round(n * 0.07)
    pygame.draw.rect(s, (104, 170, 92), note, border_radius=radius)
    face = note.inflate(-round(n * 0.05), -round(n * 0.05))
    pygame.draw.rect(s, (176, 222, 160), face, border_radius=max(1, radius - round(n * 0.02)))
    if detail:
        frame = face.inflate(-round(n * 0.06), -round(n * 0.06))
        pygame.draw.rect(s, (92, 160, 84), frame, max(1, round(n * 0.014)), border_radius=max(1, radius // 2))
        for corner in (frame.topleft, frame.topright, frame.bottomleft, frame.bottomright):
            pygame.draw.circle(s, (104, 170, 92), corner, n * 0.05)
            pygame.draw.circle(s, (176, 222, 160), corner, n * 0.03)
    medallion = pygame.Rect(0, 0, round(n * 0.46), round(n * 0.54))
    medallion.center = note.center
    pygame.draw.ellipse(s, (226, 244, 214), medallion)
    _dollar_sign(s, note.center, n * (0.5 if detail else 0.54), ink, n * (0.085 if detail else 0.11))


PAINT = {"cherry": _draw_cherry, "orange": _draw_orange, "bell": _draw_bell, "dollar": _draw_dollar}


def symbol_big(symbol: str, side: int, detail: bool) -> pygame.Surface:
    """The symbol drawn straight at ``side`` pixels (callers supersample), outline included."""
    pad = side * 0.05  # room for the outline inside the square
    inner = max(4, round(side - 2 * pad))
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    body = pygame.Surface((inner, inner), pygame.SRCALPHA)
    PAINT[symbol](body, inner, detail)
    layer.blit(body, (round(pad), round(pad)))
    return _outlined(layer, OUTLINES[symbol], side * (0.035 if detail else 0.05))


@lru_cache(maxsize=128)
def symbol_surface(symbol: str, size: int) -> pygame.Surface:
    """The symbol alone, ``size`` pixels square, per-pixel alpha, transparent around it."""
    _check(symbol)
    size = max(8, int(size))
    big = symbol_big(symbol, size * SUPERSAMPLE, size >= DETAIL_SIZE)
    return _ready(pygame.transform.smoothscale(big, (size, size)))


# ---------------------------------------------------------------- tiles

def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius))
    return mask


def _gradient(size: tuple[int, int], top: Colour, bottom: Colour, radius: int,
              diagonal: bool = False) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    if diagonal:
        steps = w + h
        for i in range(steps):
            pygame.draw.line(surface, mix(top, bottom, i / steps), (i, 0), (0, i), 2)
    else:
        for y in range(h):
            pygame.draw.line(surface, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    surface.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def _tile_big(symbol: str | None, size: int) -> pygame.Surface:
    big = max(8, size) * SUPERSAMPLE
    radius = round(big * 0.17)
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # The moulded rim: lit at the top-left, in shade at the bottom-right.
    canvas.blit(_gradient((big, big), (255, 252, 242), (196, 182, 148), radius, diagonal=True), (0, 0))
    inset = round(big * 0.06)
    face = canvas.get_rect().inflate(-2 * inset, -2 * inset)
    canvas.blit(_gradient(face.size, (255, 251, 240), TILE_CREAM_DARK, radius - inset // 2), face.topleft)
    if symbol is not None:
        side = round(big * TILE_SYMBOL)
        mark = symbol_big(symbol, side, size * TILE_SYMBOL >= DETAIL_SIZE)
        canvas.blit(mark, mark.get_rect(center=(big // 2, round(big * 0.505))))
    # Gloss: a soft sheet of light over the upper part of the face.
    gloss = pygame.Surface(face.size, pygame.SRCALPHA)
    sheet = pygame.Rect(-face.width * 0.25, -face.height * 0.75, face.width * 1.5, face.height * 1.22)
    pygame.draw.ellipse(gloss, (255, 255, 255, 62), sheet)
    pygame.draw.rect(gloss, (255, 255, 255, 90), (radius * 0.6, big * 0.012, face.width - radius * 1.2, big * 0.02),
                     border_radius=round(big * 0.01))
    gloss.blit(_rounded_mask(face.size, radius - inset // 2), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(gloss, face.topleft)
    pygame.draw.rect(canvas, TILE_EDGE, canvas.get_rect(), max(1, SUPERSAMPLE), border_radius=radius)
    return canvas


@lru_cache(maxsize=160)
def tile_surface(symbol: str, size: int, ghost: bool = False) -> pygame.Surface:
    """A square cream plastic tile carrying ``symbol``; ``ghost`` gives a 40 % alpha preview of it."""
    _check(symbol)
    size = max(8, int(size))
    if ghost:
        tile = tile_surface(symbol, size).copy()
        tile.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        return tile
    return _ready(pygame.transform.smoothscale(_tile_big(symbol, size), (size, size)))


@lru_cache(maxsize=64)
def faded_tile(symbol: str, size: int, eighths: int) -> pygame.Surface:
    """The tile at ``eighths``/8 opacity (for tiles appearing or fading out)."""
    eighths = max(0, min(8, int(eighths)))
    if eighths == 8:
        return tile_surface(symbol, size)
    tile = tile_surface(symbol, size).copy()
    tile.fill((255, 255, 255, round(255 * eighths / 8)), special_flags=pygame.BLEND_RGBA_MULT)
    return tile


def clear_caches() -> None:
    symbol_surface.cache_clear()
    tile_surface.cache_clear()
    faded_tile.cache_clear()
