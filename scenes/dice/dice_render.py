"""Solid dice drawn in perspective with pygame alone: rounded cubes, lit from the top left, with recessed pips.

This module owns the picture of one die in one pose; where dice are and how they move belongs to
:mod:`scenes.dice.dice_tray`. A die is a convex mesh (flat faces, edges rounded in two bevels, corners
cut to match), so hiding the faces that look away is all the depth sorting it needs. Each visible polygon
is shaded by how it faces the light (a soft diffuse term and a highlight), the six flat faces carry their
pips (a dark hollow with a lit far wall) or a symbol, and the whole die is drawn twice too large into a
scratch surface and smoothscaled down, which anti-aliases every edge for the price of one scale. A die
whose pose has not changed since the last frame is blitted from its last picture.

The camera looks straight down from ``CAMERA`` die sides above the felt's centre, so a die near the rails
shows a sliver of its sides, as a real one does, and a lifted die grows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.dice.die_art import PIP_LAYOUTS
from scenes.dice.physics.cube import AXES, Labels, Quat, q_matrix
from scenes.dice.physics.dice_world import ROUND
from scenes.ui.theme import HOLD_GOLD, SHADOW, mix

Colour = tuple[int, int, int]
CAMERA = 16.0  # die sides from the felt to the eye
LIGHT = (-0.42, 0.46, 0.78)  # toward the light: up, from the top left of the screen
AMBIENT, DIFFUSE, SHINE = 0.5, 0.55, 0.35
SCALE = 2.0  # drawn this many times too large, then smoothscaled down: anti-aliased edges and pips
LARGE_SCALE, LARGE = 1.5, 88  # dice this many pixels and larger need less (and cost more)
PIP_SPREAD = 0.25  # pip centres from the face's middle, in die sides
PIP_RADIUS = 0.085
BEVELS = 2  # segments in each rounded edge


@dataclass(frozen=True)
class Look:
    """A die's colours and what its faces carry: ``faces`` names the picture on label 1 to 6."""
    body: Colour
    pip: Colour
    faces: tuple[Hashable, ...] = (1, 2, 3, 4, 5, 6)
    symbols: bool = False  # faces are Jackpot symbols, drawn from pictures, not pips


IVORY_LOOK = Look(body=(246, 240, 224), pip=(32, 28, 30))


def _normalise(v):
    n = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) or 1.0
    return (v[0] / n, v[1] / n, v[2] / n)


_LIGHT = _normalise(LIGHT)
_HALF = _normalise((_LIGHT[0], _LIGHT[1], _LIGHT[2] + 1.0))  # between the light and the eye above
_EYE = (0.0, 0.0, 1.0)  # roughly where the eye is, for how squarely a face is seen

# ---------------------------------------------------------------- the mesh


def _build_mesh(bevels: int) -> tuple[list[tuple[float, float, float]], list[tuple[tuple[int, ...], tuple, int]]]:
    """Vertices and polygons of a rounded cube 1 across: each polygon is (vertex indices, body normal,
    face axis or -1 for bevels and corners). Built from each corner's patch of a sphere of radius ROUND."""
    a = 0.5 - ROUND
    vertices: list[tuple[float, float, float]] = []
    index: dict[tuple, int] = {}

    def vertex(signs: tuple[int, int, int], i: int, j: int) -> int:
        """Point (i, j, k) of the octant patch at corner ``signs``: barycentric steps toward x, y and z."""
        k = bevels - i - j
        key = (signs, i, j)
        if key not in index:
            d = _normalise((i, j, k))
            vertices.append(tuple(signs[n] * (a + ROUND * d[n]) for n in range(3)))  # type: ignore[arg-type]
            index[key] = len(vertices) - 1
        return index[key]

    polygons: list[tuple[tuple[int, ...], tuple, int]] = []
    corners = [(sx, sy, sz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]

    def add(ids: list[int], axis: int = -1) -> None:
        pts = [vertices[i] for i in ids]
        centre = tuple(sum(p[n] for p in pts) / len(pts) for n in range(3))
        normal = _normalise(centre) if axis < 0 else AXES[axis]
        # Wind counter-clockwise seen from outside (for nothing but tidiness: culling uses the normal).
        polygons.append((tuple(ids), normal, axis))

    # Corner patches: triangles of the subdivided octant.
    for s in corners:
        for i in range(bevels):
            for j in range(bevels - i):
                add([vertex(s, i, j), vertex(s, i + 1, j), vertex(s, i, j + 1)])
                if i + j < bevels - 1:
                    add([vertex(s, i + 1, j), vertex(s, i + 1, j + 1), vertex(s, i, j + 1)])
    # Flat faces: the four corner points that face straight along the axis.
    for axis, n in enumerate(AXES):
        k = max(range(3), key=lambda c: abs(n[c]))
        sign = 1 if n[k] > 0 else -1
        ring = []
        others = [c for c in range(3) if c != k]
        for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            s = [0, 0, 0]
            s[k], s[others[0]], s[others[1]] = sign, u, v
            step = [0, 0, 0]
            step[k] = bevels
            ring.append(vertex(tuple(s), step[0], step[1]))  # type: ignore[arg-type]
        add(ring, axis)
    # Edge strips: along each of the 12 edges, the arc at one end joined to the arc at the other.
    for k in range(3):  # the edge runs along axis k
        o1, o2 = [c for c in range(3) if c != k]
        for s1 in (-1, 1):
            for s2 in (-1, 1):
                ends = []
                for sk in (-1, 1):
                    s = [0, 0, 0]
                    s[k], s[o1], s[o2] = sk, s1, s2
                    arc = []
                    for t in range(bevels + 1):  # from the o1 face round to the o2 face
                        bary = [0, 0, 0]
                        bary[o1], bary[o2] = bevels - t, t
                        arc.append(vertex(tuple(s), bary[0], bary[1]))  # type: ignore[arg-type]
                    ends.append(arc)
                for t in range(bevels):
                    add([ends[0][t], ends[0][t + 1], ends[1][t + 1], ends[1][t]])
    return vertices, polygons


VERTICES, POLYGONS = _build_mesh(BEVELS)


# ---------------------------------------------------------------- one die in one pose

@dataclass
class Pose:
    """Where a die is, in die sides on the felt (x east, y toward the far rail, z its centre's height), how
    it is turned, and what labels its faces carry."""
    x: float
    y: float
    z: float
    q: Quat
    labels: Labels


class Projection:
    """From die sides on the felt to canvas pixels: a camera above the felt's centre."""

    def __init__(self, felt: pygame.Rect, size: float, eye: tuple[float, float] | None = None):
        self.felt = pygame.Rect(felt)
        self.size = float(size)
        self.cx, self.cy = self.felt.width / 2 / size, self.felt.height / 2 / size
        if eye is not None:  # the camera over another canvas point (a die on the hold row is seen from above it)
            self.cx, self.cy = self.felt_point(*eye)

    def looking_at(self, eye: tuple[float, float]) -> Projection:
        return Projection(self.felt, self.size, eye)

    def point(self, x: float, y: float, z: float) -> tuple[float, float]:
        s = CAMERA / (CAMERA - z) if z < CAMERA - 0.5 else 2 * CAMERA
        return (self.felt.left + (self.cx + (x - self.cx) * s) * self.size,
                self.felt.bottom - (self.cy + (y - self.cy) * s) * self.size)

    def scale_at(self, z: float) -> float:
        """How much larger than on the felt a thing at height ``z`` looks."""
        return CAMERA / (CAMERA - z) if z < CAMERA - 0.5 else 2 * CAMERA

    def felt_point(self, px: float, py: float) -> tuple[float, float]:
        """Die sides on the felt under canvas pixel (px, py)."""
        return (px - self.felt.left) / self.size, (self.felt.bottom - py) / self.size


SymbolPicture = Callable[[Hashable, int], pygame.Surface]


class DieRenderer:
    """Draws dice of one size: ``draw(surface, projection, pose, look, marked)``."""

    def __init__(self, symbol_picture: SymbolPicture | None = None):
        self.symbol_picture = symbol_picture  # Jackpot's pictures, for dice whose faces are symbols
        self._cache: dict[int, tuple[tuple, pygame.Surface, tuple[int, int]]] = {}
        self.last_faces: list[float] = []  # the areas of the flat faces last painted, in square pixels

    def forget(self) -> None:
        self._cache.clear()

    def draw(self, surface: pygame.Surface, view: Projection, pose: Pose, look: Look, marked: bool = False,
             key: int | None = None) -> pygame.Rect:
        """Draw one die; ``key`` names the die so an unchanged pose is a single blit. Returns its bounds."""
        stamp = (round(pose.x, 4), round(pose.y, 4), round(pose.z, 4), tuple(round(c, 5) for c in pose.q),
                 id(pose.labels), look, marked, view.size, tuple(view.felt), view.cx, view.cy)
        cached = self._cache.get(key) if key is not None else None
        if cached is None or cached[0] != stamp:
            picture, origin = self._paint(view, pose, look, marked)
            cached = (stamp, picture, origin)
            if key is not None:
                self._cache[key] = cached
        picture, origin = cached[1], cached[2]
        return surface.blit(picture, origin)

    # ------------------------------------------------------------ painting

    def _paint(self, view: Projection, pose: Pose, look: Look, marked: bool) -> tuple[pygame.Surface, tuple]:
        m = q_matrix(pose.q)
        x0, y0, z0 = pose.x, pose.y, pose.z
        world = [(x0 + m[0] * a + m[1] * b + m[2] * c, y0 + m[3] * a + m[4] * b + m[5] * c,
                  z0 + m[6] * a + m[7] * b + m[8] * c) for a, b, c in VERTICES]
        screen = [view.point(*p) for p in world]
        xs = [p[0] for p in screen]
        ys = [p[1] for p in screen]
        left, top = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
        width, height = math.ceil(max(xs)) - left + 3, math.ceil(max(ys)) - top + 3
        k = LARGE_SCALE if view.size >= LARGE else SCALE
        canvas = pygame.Surface((round(width * k), round(height * k)), pygame.SRCALPHA)
        pts = [((sx - left) * k, (sy - top) * k) for sx, sy in screen]
        eye = (view.cx, view.cy, CAMERA)
        body = look.body
        tops: dict[int, list] = {}
        for ids, normal, axis in POLYGONS:
            n = (m[0] * normal[0] + m[1] * normal[1] + m[2] * normal[2],
                 m[3] * normal[0] + m[4] * normal[1] + m[5] * normal[2],
                 m[6] * normal[0] + m[7] * normal[1] + m[8] * normal[2])
            p = world[ids[0]]
            if (eye[0] - p[0]) * n[0] + (eye[1] - p[1]) * n[1] + (eye[2] - p[2]) * n[2] <= 0:
                continue  # looks away from the eye
            diffuse = n[0] * _LIGHT[0] + n[1] * _LIGHT[1] + n[2] * _LIGHT[2]
            facing = n[0] * _HALF[0] + n[1] * _HALF[1] + n[2] * _HALF[2]
            level = AMBIENT + DIFFUSE * (diffuse if diffuse > 0 else 0.0)
            shine = 255 * SHINE * (facing ** (24 if axis < 0 else 60) if facing > 0 else 0.0)
            shade = (min(255, int(body[0] * level + shine)), min(255, int(body[1] * level + shine)),
                     min(255, int(body[2] * level + shine)))  # Lambert light and a soft highlight
            pygame.draw.polygon(canvas, shade, [pts[i] for i in ids])
            if axis >= 0:
                tops[axis] = [n, [pts[i] for i in ids]]
        self.last_faces = sorted((_area(outline) / k ** 2 for _, outline in tops.values()), reverse=True)
        for axis, (n, outline) in tops.items():
            self._face(canvas, view, pose, m, axis, n, look, (left, top), k)
            if marked and n[2] > 0.9:
                pygame.draw.polygon(canvas, mix(HOLD_GOLD, SHADOW, 0.15), outline, max(2, round(view.size * 0.07)))
        small = pygame.transform.smoothscale(canvas, (width, height))
        return small, (left, top)

    def _face(self, canvas: pygame.Surface, view: Projection, pose: Pose, m, axis: int, n, look: Look,
              corner: tuple[int, int], k: float) -> None:
        """The pips (or symbol) of body face ``axis``, seen with world normal ``n``."""
        number, across, down = pose.labels.faces[axis]
        face = look.faces[number - 1]
        ax, ay, az = AXES[axis]
        light = max(0.0, n[0] * _LIGHT[0] + n[1] * _LIGHT[1] + n[2] * _LIGHT[2])
        left, top = corner

        def to_canvas(a: float, b: float, lift: float = 0.0) -> tuple[float, float]:
            bx = ax * (0.5 + lift) + across[0] * a + down[0] * b
            by = ay * (0.5 + lift) + across[1] * a + down[1] * b
            bz = az * (0.5 + lift) + across[2] * a + down[2] * b
            sx, sy = view.point(pose.x + m[0] * bx + m[1] * by + m[2] * bz,
                                pose.y + m[3] * bx + m[4] * by + m[5] * bz,
                                pose.z + m[6] * bx + m[7] * by + m[8] * bz)
            return ((sx - left) * k, (sy - top) * k)

        if look.symbols:
            self._symbol(canvas, face, to_canvas, view, n)
            return
        # Over one face the perspective is as good as affine: three projections place every pip.
        ox, oy = to_canvas(0.0, 0.0)
        ux, uy = to_canvas(1.0, 0.0)
        vx, vy = to_canvas(0.0, 1.0)
        ux, uy, vx, vy = ux - ox, uy - oy, vx - ox, vy - oy
        pip = mix(look.pip, (0, 0, 0), 0.25 * (1 - light))
        wall = mix(look.pip, look.body, 0.38 + 0.2 * light)  # the hollow's far wall catches the light
        radius = PIP_RADIUS * (1.3 if face == 1 else 1.0)  # a lone pip is cut larger, as on real dice
        ring = _RING if view.size >= 60 else _SMALL_RING
        facing = n[0] * _EYE[0] + n[1] * _EYE[1] + n[2] * _EYE[2]
        # A hollow: its far wall (lit, away from the light) shows as a crescent round the dark floor, which sits
        # toward the light. A face seen edge-on shows plain dark pips (the crescent would be a pixel).
        layers = ((0.0, radius, wall), (-radius * 0.16, radius * 0.84, pip)) if facing > 0.4 else ((0.0, radius, pip),)
        for gx, gy in PIP_LAYOUTS.get(face, ()):
            for shift, r, colour in layers:
                cx, cy = gx * PIP_SPREAD + shift, gy * PIP_SPREAD + shift
                px, py = ox + ux * cx + vx * cy, oy + uy * cx + vy * cy
                pygame.draw.polygon(canvas, colour, [(px + (ux * c + vx * s) * r, py + (uy * c + vy * s) * r)
                                                     for c, s in ring])

    def _symbol(self, canvas: pygame.Surface, face: Hashable, to_canvas, view: Projection, n) -> None:
        """A symbol picture laid on the face: turned and squeezed to the face's projected axes."""
        if self.symbol_picture is None or n[2] < 0.2:
            return  # a face seen this edge-on shows no detail worth drawing
        o = to_canvas(0.0, 0.0)
        r = to_canvas(0.5, 0.0)
        d = to_canvas(0.0, 0.5)
        ux, uy = r[0] - o[0], r[1] - o[1]
        vx, vy = d[0] - o[0], d[1] - o[1]
        width = math.hypot(ux, uy) * 2 * 0.72
        angle = math.degrees(math.atan2(-uy, ux))
        height = abs(ux * vy - uy * vx) / (math.hypot(ux, uy) or 1.0) * 2 * 0.72  # across the turned width
        # One picture per die size (cached by Jackpot's art), squeezed to the face: sizes that change every
        # frame would each build a new picture.
        side = max(8, round(view.size * 0.72 * 2 / 8) * 8)
        art = self.symbol_picture(face, side)
        art = pygame.transform.smoothscale(art, (max(1, round(width)), max(1, round(height))))
        if abs(angle) > 0.5:
            art = pygame.transform.rotate(art, angle)
        canvas.blit(art, art.get_rect(center=(round(o[0]), round(o[1]))))


_RING = [(math.cos(2 * math.pi * k / 12), math.sin(2 * math.pi * k / 12)) for k in range(12)]
_SMALL_RING = _RING[::2]

def _area(points: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


# ---------------------------------------------------------------- shadows

@lru_cache(maxsize=256)
def shadow_picture(side: int, blur: int, turn: int) -> pygame.Surface:
    """A soft rounded shadow ``side`` pixels across, ``blur`` pixels soft, turned ``turn`` degrees: black with
    alpha. Blurred at half size and scaled up (a quarter of the work, and a shadow has no detail to lose)."""
    pad = blur * 2 + 2
    full = side + 2 * pad
    half = max(4, full // 2)
    shape = pygame.Surface((half, half), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, side // 2, side // 2)
    inner.center = (half // 2, half // 2)
    pygame.draw.rect(shape, (0, 0, 0, 255), inner, border_radius=int(side * 0.15))
    if blur > 1:
        shape = pygame.transform.gaussian_blur(shape, blur // 2)
    shape = pygame.transform.smoothscale(shape, (full, full))
    if turn:
        shape = pygame.transform.rotate(shape, turn)
    return shape


def draw_shadow(surface: pygame.Surface, view: Projection, x: float, y: float, z: float, turn: float) -> None:
    """The die's shadow on the felt: away from the light, larger, softer and fainter the higher the die."""
    height = max(0.0, z - 0.5)
    fx = x - _LIGHT[0] / _LIGHT[2] * (z * 0.55)
    fy = y - _LIGHT[1] / _LIGHT[2] * (z * 0.55)
    cx, cy = view.point(fx, fy, 0.0)
    side = max(4, round(view.size * (0.98 + 0.12 * height) / 4) * 4)  # in steps of 4 px: a few pictures, cached
    blur = max(2, min(14, round(view.size * (0.05 + 0.07 * height) / 2) * 2))
    turned = round(turn / 6) * 6 % 90 if height < 0.3 else 0  # a high die's soft shadow needs no turn
    picture = shadow_picture(side, blur, turned)
    picture.set_alpha(max(40, int(150 - 45 * height)))
    surface.blit(picture, picture.get_rect(center=(round(cx), round(cy))))
