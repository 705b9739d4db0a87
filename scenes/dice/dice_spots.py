"""Where a die may lie on the felt: inside the rails, off the hold row and the panels over the felt, and
clear of the other dice (as turned squares, not circles). Used by the tray for a thrown die's resting
place, for a released die's way back, and to lay dice out when the felt is crowded."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

Spot = tuple[float, float, float]  # centre x, y in canvas pixels and turn in degrees
SOLID = 0.94  # two dice touching at their rounded corners overlap only as sharp squares larger than this share


def squares_overlap(a: Spot, b: Spot, side: float) -> bool:
    """Whether two squares of ``side`` pixels, centred and turned as given, overlap (separating axes)."""
    ax, ay, at = a
    bx, by, bt = b
    if (ax - bx) ** 2 + (ay - by) ** 2 >= 2 * side * side:  # further apart than their diagonals reach
        return False
    half = side / 2
    corners = []
    for x, y, turn in (a, b):
        c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        corners.append([(x + c * u - s * v, y - s * u - c * v) for u, v in
                        ((-half, -half), (half, -half), (half, half), (-half, half))])
    for turn in (at, bt):
        for angle in (turn, turn + 90):
            nx, ny = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
            pa = [x * nx + y * ny for x, y in corners[0]]
            pb = [x * nx + y * ny for x, y in corners[1]]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


def convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The smallest convex polygon round ``points`` (monotone chain), corners in order."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower: list = []
    upper: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def polygons_overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether two convex polygons overlap by more than touching (separating axes)."""
    for poly in (a, b):
        for i, (x0, y0) in enumerate(poly):
            x1, y1 = poly[(i + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


def square_hits_rect(spot: Spot, side: float, rect: pygame.Rect) -> bool:
    """Whether a turned square overlaps an upright rectangle."""
    if not rect.width or not rect.height:
        return False
    box = (rect.centerx, rect.centery, 0.0)
    if rect.width == rect.height:
        return squares_overlap(spot, box, rect.width) if side == rect.width else _bounding(spot, side, rect)
    return _bounding(spot, side, rect)


def _bounding(spot: Spot, side: float, rect: pygame.Rect) -> bool:
    """A turned square against a rectangle, by the square's upright bounding box (a little cautious)."""
    x, y, turn = spot
    t = math.radians(turn)
    half = side / 2 * (abs(math.cos(t)) + abs(math.sin(t)))
    return (x + half > rect.left and x - half < rect.right and y + half > rect.top and y - half < rect.bottom)


class Spots:
    """The felt's free spots for dice of ``size`` pixels, ``gap`` pixels apart at least."""

    def __init__(self, felt: pygame.Rect, hold_row: pygame.Rect, size: int):
        self.felt = pygame.Rect(felt)
        self.hold_row = pygame.Rect(hold_row)
        self.keep_clear: list[pygame.Rect] = []  # where no die may come to rest (panels over the felt)
        self.size = size
        self.gap = max(4, round(size * 0.1))
        self.rim = (0.0, 0.0)  # pixels a die stays further in from each side rail and end rail (perspective)
        # The rectangle a die resting at a spot is seen in (its top face, a little larger and further out than
        # its footprint, seen in perspective); the tray sets it. Nothing may cover what is seen either.
        self.seen: Callable[[Spot], pygame.Rect] | None = None

    def bounds(self) -> tuple[float, float, float, float]:
        """The box a resting die's centre must stay in to lie wholly inside the felt."""
        half = self.size / 2 + max(2, self.size * 0.05)
        lo_x, hi_x = self.felt.left + half + self.rim[0], self.felt.right - half - self.rim[0]
        lo_y, hi_y = self.felt.top + half + self.rim[1], self.felt.bottom - half - self.rim[1]
        if lo_x > hi_x:
            lo_x = hi_x = self.felt.centerx
        if lo_y > hi_y:
            lo_y = hi_y = self.felt.centery
        return lo_x, hi_x, lo_y, hi_y

    def free_felt(self) -> pygame.Rect:
        """The largest upright rectangle of the felt that no panel and no hold row covers: where a throw
        goes, its sides walls, so no die rolls under a panel and has to be eased out again."""
        walls = [r.clip(self.felt) for r in [self.hold_row, *self.keep_clear]]
        walls = [r for r in walls if r.width and r.height]
        xs = sorted({self.felt.left, self.felt.right, *(x for r in walls for x in (r.left, r.right))})
        ys = sorted({self.felt.top, self.felt.bottom, *(y for r in walls for y in (r.top, r.bottom))})
        best, best_area = pygame.Rect(self.felt), -1
        for i, x0 in enumerate(xs):
            for x1 in xs[i + 1:]:
                for j, y0 in enumerate(ys):
                    for y1 in ys[j + 1:]:
                        room = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
                        if room.width * room.height > best_area and room.collidelist(walls) < 0:
                            best, best_area = room, room.width * room.height
        return best

    def near(self, x: float, y: float) -> tuple[float, float]:
        lo_x, hi_x, lo_y, hi_y = self.bounds()
        return max(lo_x, min(hi_x, x)), max(lo_y, min(hi_y, y))

    def off_limits(self, spot: Spot) -> bool:
        """On the hold row or under a panel: no die rests there."""
        side = self.size + 2
        if square_hits_rect(spot, side, self.hold_row) or any(square_hits_rect(spot, side, r) for r in self.keep_clear):
            return True
        seen = self.seen(spot) if self.seen is not None else None
        return seen is not None and (seen.colliderect(self.hold_row) or seen.collidelist(self.keep_clear) >= 0)

    def inside(self, spot: Spot, slack: float = 0.0) -> bool:
        """Wholly on the felt, as seen (within ``slack`` pixels)."""
        x, y, turn = spot
        t = math.radians(turn)
        half = self.size / 2 * (abs(math.cos(t)) + abs(math.sin(t)))
        rx, ry = self.rim[0] - slack, self.rim[1] - slack
        return (self.felt.left + rx <= x - half and x + half <= self.felt.right - rx
                and self.felt.top + ry <= y - half and y + half <= self.felt.bottom - ry)

    def free(self, spot: Spot, claims: list[Spot], room: float | None = None) -> bool:
        """A spot where a die may rest: inside, off limits nowhere, ``room`` clear of every claim."""
        lo_x, hi_x, lo_y, hi_y = self.bounds()
        x, y, _ = spot
        if not (lo_x - 0.01 <= x <= hi_x + 0.01 and lo_y - 0.01 <= y <= hi_y + 0.01):
            return False
        if self.off_limits(spot):
            return False
        side = self.size + self.gap if room is None else self.size * SOLID + room
        return not any(squares_overlap(spot, claim, side) for claim in claims)

    def may_rest(self, spots: list[Spot], still: list[Spot]) -> bool:
        """Whether dice may come to rest at ``spots`` beside dice lying ``still``: each wholly on the felt,
        off limits nowhere, and no two overlapping."""
        if any(not self.inside(spot) or self.off_limits(spot) for spot in spots):
            return False
        every = spots + still
        side = self.size * SOLID
        return not any(squares_overlap(a, b, side) for i, a in enumerate(every) for b in every[i + 1:])

    def zones(self, to_felt: Callable[[float, float], tuple[float, float]]) -> list[tuple[float, float, float, float]]:
        """Where no die's centre may rest, in felt units (``to_felt`` turns canvas pixels into them): the hold row
        and the panels, widened by a turned die's reach and what perspective adds to how it is seen."""
        reach = 0.8 * self.size
        zones = []
        for rect in [self.hold_row, *self.keep_clear]:
            area = rect.inflate(2 * reach, 2 * reach).clip(self.felt)
            if area.width and area.height:
                (x0, y1), (x1, y0) = to_felt(area.left, area.top), to_felt(area.right, area.bottom)
                zones.append((x0, y0, x1, y1))
        return zones

    def find(self, x: float, y: float, turn: float, claims: list[Spot]) -> tuple[float, float]:
        """The free spot nearest to (x, y): rings of candidates, growing outward."""
        x, y = self.near(x, y)
        if self.free((x, y, turn), claims):
            return x, y
        step = self.size * 0.2
        rings = int(max(self.felt.width, self.felt.height) / step) + 1
        for ring in range(1, rings + 1):
            radius = ring * step
            points = max(8, int(2 * math.pi * radius / step))
            start = ring * 2.39996  # the golden angle: no ring favours one direction
            found = []
            for k in range(points):
                a = start + 2 * math.pi * k / points
                cx, cy = self.near(x + radius * math.cos(a), y + radius * math.sin(a))
                if self.free((cx, cy, turn), claims):
                    found.append((cx, cy))
            if found:
                return min(found, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
        return x, y  # a felt too small for its dice: overlap rather than leave it

    def tidy(self, spots: list[Spot]) -> list[Spot | None]:
        """New spots for dice lying at ``spots`` (in their tidy order) where they lie too close: each such die
        moves to the nearest free spot; if that still leaves any too close or where none may rest (no free
        spot was left), all lie down afresh along the lowest line across the felt that holds them. None for a
        die that may stay where it is."""
        goals: list[Spot | None] = [None] * len(spots)
        for i, spot in enumerate(spots):
            claims = [goals[j] or other for j, other in enumerate(spots) if j != i]
            if not self.free(spot, claims, 0):
                turn = round(spot[2] / 90) * 90
                goals[i] = (*self.find(spot[0], spot[1], turn, claims), turn)
        final = [goal or spot for goal, spot in zip(goals, spots)]
        if not all(self.free(spot, final[:i] + final[i + 1:], 0) for i, spot in enumerate(final)):
            line = self.line(len(spots), [])
            if line:
                goals = [(x, y, round(spot[2] / 90) * 90) for (x, y), spot in zip(line, spots)]
        return goals

    def line(self, count: int, others: list[Spot]) -> list[tuple[float, float]]:
        """Spots for ``count`` dice side by side across the felt, on the lowest line where each is free; none
        if no line holds them all."""
        lo_x, hi_x, lo_y, hi_y = self.bounds()
        step = (hi_x - lo_x) / max(1, count - 1)
        xs = [lo_x + i * step for i in range(count)] if count > 1 else [float(self.felt.centerx)]
        y = hi_y
        while y >= lo_y and (count < 2 or step >= self.size + self.gap):
            if all(self.free((x, y, 0.0), others) for x in xs):
                return [(x, y) for x in xs]
            y -= self.size * 0.2
        return []
