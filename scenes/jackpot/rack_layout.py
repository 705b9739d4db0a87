"""A Jackpot rack's geometry: where each window, the chance space and the frame are on screen, and what
is under a point (a column, the chance space). A part of :class:`scenes.jackpot.rack_view.RackView` (its ``layout``):
it owns the columns and where the view stands, and everything worked out from them."""

from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]
Window = tuple[int, int]

# Layout, in window pitches ("units").
MARGIN = 0.2  # frame around the outer windows
BAR = 0.1  # frame between two windows
GAP = 0.3  # between the last column and the chance block
FOOT = 0.34  # the base the rack stands on (the chance label is written on it)
CHANCE_JOIN = 0.5  # the chance block joins the staircase over this much of its height, from the bottom
TILE_PAD = 0.035  # room between a tile and its window's edge


class RackLayout:
    """Where a rack's windows are: its ``columns`` (each one's height, column 0 the tallest), laid out in ``rect``.
    Things in frame coordinates ("local") are from the frame's top left; the rest are on screen."""

    def __init__(self, columns: tuple[int, ...], rect: pygame.Rect):
        self.columns = columns
        self.place(rect)

    def place(self, rect: pygame.Rect) -> None:
        """Lay the rack out in ``rect`` (again, when the view moves or is resized)."""
        self.rect = pygame.Rect(rect)
        n, high = len(self.columns), max(self.columns)
        width = 2 * MARGIN + n + GAP + 1
        height = 2 * MARGIN + high + FOOT
        self.unit = u = max(8, int(min(self.rect.width / width, self.rect.height / height)))
        self.frame = pygame.Rect(0, 0, round(width * u), round(height * u))  # the rack as drawn, base included
        self.frame.midbottom = self.rect.midbottom
        self.hole = u - round(BAR * u)  # a window's side
        self.tile_size = self.hole - 2 * max(1, round(TILE_PAD * u))
        # Where everything is on screen, worked out once per layout: drawing only looks it up.
        self.holes = {(c, r): self.local_hole(c, r).move(self.frame.topleft)
                      for c, h in enumerate(self.columns) for r in range(h)}
        self.chance_hole = self.local_chance().move(self.frame.topleft)
        self.tile_at = {cell: self._tile_rect(hole).topleft for cell, hole in self.holes.items()}
        self.chance_tile_at = self._tile_rect(self.chance_hole).topleft

    def _local_cell(self, column: int, row: int) -> pygame.Rect:
        u = self.unit
        high = max(self.columns)
        x = round(MARGIN * u) + column * u
        y = round(MARGIN * u) + (high - 1 - row) * u
        return pygame.Rect(x, y, u, u)

    def local_hole(self, column: int, row: int) -> pygame.Rect:
        inset = round(BAR * self.unit / 2)
        cell = self._local_cell(column, row)
        return pygame.Rect(cell.x + inset, cell.y + inset, self.hole, self.hole)

    def local_chance(self) -> pygame.Rect:
        hole = self.local_hole(0, 0)
        hole.x = round((MARGIN + len(self.columns) + GAP) * self.unit) + round(BAR * self.unit / 2)
        return hole

    def exists(self, column: int, row: int) -> bool:
        return 0 <= column < len(self.columns) and 0 <= row < self.columns[column]

    def window_rect(self, column: int, row: int) -> pygame.Rect:
        """The window's opening on screen."""
        hole = self.holes.get((column, row))
        if hole is None:
            raise ValueError(f"no window ({column}, {row}) in a rack of columns {self.columns}")
        return hole.copy()

    def chance_rect(self) -> pygame.Rect:
        return self.chance_hole.copy()

    def frame_rect(self) -> pygame.Rect:
        """The rack as drawn (frame and base), inside ``rect``."""
        return self.frame.copy()

    def column_at(self, pos) -> int | None:
        """The column under a point: its windows, the frame between them and the room above, in ``rect``."""
        x, y = pos
        bottom = self.frame.top + round((MARGIN + max(self.columns) + MARGIN) * self.unit)
        if not (self.rect.top <= y < bottom):
            return None
        left = self.frame.left + round(MARGIN * self.unit)
        column = math.floor((x - left) / self.unit)
        return column if 0 <= column < len(self.columns) else None

    def chance_at(self, pos) -> bool:
        """Whether a point is on the chance space (its window or the block around it)."""
        margin = round(2 * MARGIN * self.unit)
        return self.chance_rect().inflate(margin, margin).collidepoint(pos)

    def _tile_rect(self, hole: pygame.Rect) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.tile_size, self.tile_size)
        rect.center = hole.center
        return rect

    def column_block(self, column: int) -> pygame.Rect:
        """A column's frame block, in frame coordinates (with the room above it for a lit glow)."""
        u = self.unit
        top = self._local_cell(column, self.columns[column] - 1)
        bottom = self._local_cell(column, 0)
        return pygame.Rect(top.x - round(MARGIN * u * 0.5), top.y - round(MARGIN * u * 0.5),
                           u + round(MARGIN * u), bottom.bottom - top.y + round(MARGIN * u))

    def chance_block(self) -> pygame.Rect:
        hole = self.local_chance()
        pad = round((MARGIN + BAR / 2) * self.unit)
        return hole.inflate(2 * pad, 2 * pad)

    def blocks(self, scale: int) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
        """The frame's solid parts at ``scale``: column blocks and the chance block, and the foot."""
        u = self.unit * scale
        high = max(self.columns)
        m = MARGIN * u
        body_bottom = (2 * MARGIN + high) * u
        blocks = []
        for c, h in enumerate(self.columns):
            blocks.append(pygame.Rect(round(c * u), round((high - h) * u), round(u + 2 * m),
                                      round(body_bottom - (high - h) * u)))
        n = len(self.columns)
        chance_x = (n + GAP) * u
        chance = pygame.Rect(round(chance_x), round((high - 1) * u), round(u + 2 * m),
                             round(body_bottom - (high - 1) * u))
        blocks.append(chance)
        join_top = body_bottom - (CHANCE_JOIN * u + m)
        blocks.append(pygame.Rect(round((n - 1) * u + u), round(join_top), round(chance_x - (n - 1) * u),
                                  round(body_bottom - join_top)))
        foot = pygame.Rect(0, round(body_bottom - 0.06 * u), self.frame.width * scale, round(FOOT * u + 0.06 * u))
        return blocks, chance, foot
