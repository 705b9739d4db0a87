"""One player's Jackpot rack, seen from the front, with tiles dropping into it.

The rack is a staircase of windows: column 0 (the tallest) on the left, each
column one window shorter than the last, plus a single "chance space" on a
block of its own to the right of the bottom row. A window is ``(column, row)``
with row 0 at the bottom. A tile dropped into a column falls behind the frame
(seen through the windows) to the column's lowest open window, bounces once
and settles, as in Connect Four.

The view decides nothing: the owner says what is in the rack
(:meth:`RackView.set_tiles`) or what happens (:meth:`drop`,
:meth:`drop_chance`, :meth:`lift_chance`) and the view animates it, calling
back when a tile has settled. Its content queries (:meth:`tiles`,
:meth:`chance`, :meth:`landing_row`) answer for the rack as it will be once
the tiles in the air have landed, so quick drops into one column stack up.

Drawing is a handful of blits: the frame (its back wall and its front with
the windows cut out) is rendered once per size and colour and cached; tiles
come from :mod:`scenes.tables.jackpot_art`'s cache. Times are view seconds:
``update`` multiplies real seconds by ``speed``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from game.rules.i18n import t

from scenes.ui import assets
from scenes.ui.assets import BoundedCache
from scenes.tables.jackpot_art import SYMBOLS, faded_tile, tile_surface
from scenes.ui.theme import PAPER, SEAT_COLOURS, mix

Colour = tuple[int, int, int]
Window = tuple[int, int]

# Layout, in window pitches ("units").
MARGIN = 0.2  # frame around the outer windows
BAR = 0.1  # frame between two windows
GAP = 0.3  # between the last column and the chance block
FOOT = 0.34  # the base the rack stands on (the chance label is written on it)
CHANCE_JOIN = 0.5  # the chance block joins the staircase over this much of its height, from the bottom
TILE_PAD = 0.035  # room between a tile and its window's edge
SUPERSAMPLE = 2

# Motion, in view seconds and units.
SPAWN_ABOVE = 1.0  # a dropped tile appears this far above the column's top window
FALL_TIME = (0.2, 0.04)  # fall time: a base plus this much per unit fallen (a longer drop is quicker per unit)
BOUNCE_SHARE = 0.16  # of the landing speed, kept going up after the bounce
BOUNCE_MIN = 0.07  # units: the least bounce height, so even a short drop is seen to land
FADE_IN = 0.09  # a new tile fades in over this long
STAGGER = 0.18  # a tile dropped into a column another has just been dropped into follows this much later
ARC_TIME = 0.26  # a chance tile flying to a column
RISE_TIME = 0.4  # a chance tile going back to the supply
RISE_HEIGHT = 1.3
FLASH_TIME = 0.28  # the glint around a window a tile just settled in
MAX_STEP = 0.1

GLOW = (255, 236, 150)
SHADE = (34, 22, 16)  # what the frame's colour darkens toward: a warm dark, so yellow goes amber, not olive
HIGHLIGHT = (255, 214, 64)
LABEL_INK = (255, 222, 92)
FOCUS_INK = (255, 255, 255)  # the keyboard's cursor, as a focused button has it
CHANCE = "chance"  # the Chance Space, where a column number would be (game.engine.jackpot_state.CHANCE_SPACE)

# Frames, glows and labels, built once per size (moving a view reuses them; resizing builds new ones).
# Lights are kept at a few strengths each, for the pulse: room for four racks with every column lit.
_LAYERS = BoundedCache(320)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surface


def _rle(surface: pygame.Surface) -> pygame.Surface:
    """Run-length encoded: a layer that is mostly clear or opaque blits several times faster."""
    surface.set_alpha(255, pygame.RLEACCEL)
    return surface


def _blurred(shape: pygame.Surface, factor: int, passes: int = 2) -> pygame.Surface:
    size = shape.get_size()
    small = (max(1, size[0] // factor), max(1, size[1] // factor))
    for _ in range(passes):
        shape = pygame.transform.smoothscale(pygame.transform.smoothscale(shape, small), size)
    return shape


def _text(words: str, size: int, colour, style: str = "black") -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    return assets.text(assets.printable(words), max(8, int(size)), colour, style)


@dataclass
class _Flight:
    """A tile on the move."""

    symbol: str
    target: Window | None  # the window it ends in; None: the chance space (to_chance) or gone
    to_chance: bool
    on_done: Callable[[], None] | None
    phase: str  # "arc", "fall", "bounce" or "rise"
    x: float = 0.0  # tile centre, screen pixels
    y: float = 0.0
    t: float = 0.0  # seconds into the phase
    alpha: float = 1.0
    fade_in: bool = True
    delay: float = 0.0  # not in sight yet: waits for the tile dropped just before into the same column
    # fall and bounce
    y0: float = 0.0
    y1: float = 0.0
    gravity: float = 0.0
    fall_time: float = 0.0
    rebound: float = 0.0
    # arc and rise
    start: tuple[float, float] = (0.0, 0.0)
    control: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    duration: float = 0.0

    @property
    def in_front(self) -> bool:
        """Tiles lifted out of the rack pass in front of the frame; falling ones behind it."""
        return self.phase in ("arc", "rise")


class RackView:
    """One rack: see the module docstring."""

    def __init__(self, rect: pygame.Rect, columns: tuple[int, ...] = (5, 4, 3, 2, 1),
                 colour: Colour = SEAT_COLOURS["orange"], name: str = ""):
        if not columns or any(h < 1 for h in columns):
            raise ValueError(f"every column needs a window: {columns!r}")
        self.columns = tuple(int(h) for h in columns)
        self.colour = tuple(colour)
        self.name = name
        self.speed = 1.0
        self.lit_columns: set[int] = set()
        self.ghost: tuple[str, int | str] | None = None  # a symbol and a column (or CHANCE) it would drop into
        self.focus: int | str | None = None  # the keyboard's cursor: a column or CHANCE, ringed
        self.chance_lit = False
        self.highlight_cells: set[Window] = set()
        self.label: str | None = None
        self._landed: dict[Window, str] = {}
        self._landed_chance: str | None = None
        self._content: dict[Window, str] = {}  # as it will be when every flight has landed
        self._chance: str | None = None
        self._flights: list[_Flight] = []
        self._flashes: list[list] = []  # [window or "chance", seconds left]
        self._time = 0.0
        self.rect = rect

    # ------------------------------------------------------------ geometry

    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        """Moving or resizing the view lays it out again (tiles keep their windows)."""
        self._rect = pygame.Rect(rect)
        n, high = len(self.columns), max(self.columns)
        width = 2 * MARGIN + n + GAP + 1
        height = 2 * MARGIN + high + FOOT
        self.unit = u = max(8, int(min(self._rect.width / width, self._rect.height / height)))
        self._frame = pygame.Rect(0, 0, round(width * u), round(height * u))
        self._frame.midbottom = self._rect.midbottom
        self.hole = u - round(BAR * u)  # a window's side
        self.tile_size = self.hole - 2 * max(1, round(TILE_PAD * u))
        # Where everything is on screen, worked out once per layout: drawing only looks it up.
        self._holes = {(c, r): self._local_hole(c, r).move(self._frame.topleft)
                       for c, h in enumerate(self.columns) for r in range(h)}
        self._chance_hole = self._local_chance().move(self._frame.topleft)
        self._tile_at = {cell: self._tile_rect(hole).topleft for cell, hole in self._holes.items()}
        self._chance_tile_at = self._tile_rect(self._chance_hole).topleft
        self.skip()

    def _local_cell(self, column: int, row: int) -> pygame.Rect:
        u = self.unit
        high = max(self.columns)
        x = round(MARGIN * u) + column * u
        y = round(MARGIN * u) + (high - 1 - row) * u
        return pygame.Rect(x, y, u, u)

    def _local_hole(self, column: int, row: int) -> pygame.Rect:
        inset = round(BAR * self.unit / 2)
        cell = self._local_cell(column, row)
        return pygame.Rect(cell.x + inset, cell.y + inset, self.hole, self.hole)

    def _local_chance(self) -> pygame.Rect:
        hole = self._local_hole(0, 0)
        hole.x = round((MARGIN + len(self.columns) + GAP) * self.unit) + round(BAR * self.unit / 2)
        return hole

    def exists(self, column: int, row: int) -> bool:
        return 0 <= column < len(self.columns) and 0 <= row < self.columns[column]

    def window_rect(self, column: int, row: int) -> pygame.Rect:
        """The window's opening on screen."""
        hole = self._holes.get((column, row))
        if hole is None:
            raise ValueError(f"no window ({column}, {row}) in a rack of columns {self.columns}")
        return hole.copy()

    def chance_rect(self) -> pygame.Rect:
        return self._chance_hole.copy()

    def frame_rect(self) -> pygame.Rect:
        """The rack as drawn (frame and base), inside ``rect``."""
        return self._frame.copy()

    def column_at(self, pos) -> int | None:
        """The column under a point: its windows, the frame between them and the room above, in ``rect``."""
        x, y = pos
        bottom = self._frame.top + round((MARGIN + max(self.columns) + MARGIN) * self.unit)
        if not (self._rect.top <= y < bottom):
            return None
        left = self._frame.left + round(MARGIN * self.unit)
        column = math.floor((x - left) / self.unit)
        return column if 0 <= column < len(self.columns) else None

    def chance_at(self, pos) -> bool:
        """Whether a point is on the chance space (its window or the block around it)."""
        return self.chance_rect().inflate(round(2 * MARGIN * self.unit), round(2 * MARGIN * self.unit)).collidepoint(pos)

    def _tile_rect(self, hole: pygame.Rect) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.tile_size, self.tile_size)
        rect.center = hole.center
        return rect

    # ------------------------------------------------------------ content

    def tiles(self) -> dict[Window, str]:
        """The windows' tiles as they will be once every tile in the air has landed."""
        return dict(self._content)

    def chance(self) -> str | None:
        """The chance space's tile, as it will be once every tile in the air has landed."""
        return self._chance

    def shown_tiles(self) -> dict[Window, str]:
        """The tiles sitting in windows right now (not those still falling)."""
        return dict(self._landed)

    def moving_tiles(self) -> list[tuple[str, pygame.Rect]]:
        """The tiles in the air and in sight now: each symbol with the square it is drawn in."""
        out = []
        for f in self._flights:
            if f.delay > 0:
                continue
            rect = pygame.Rect(0, 0, self.tile_size, self.tile_size)
            rect.center = (round(f.x), round(f.y))
            out.append((f.symbol, rect))
        return out

    def landing_row(self, column: int) -> int | None:
        """The row a tile dropped into ``column`` now would end in; None when the column is full."""
        if not 0 <= column < len(self.columns):
            raise ValueError(f"no column {column} in a rack of columns {self.columns}")
        for row in range(self.columns[column]):
            if (column, row) not in self._content:
                return row
        return None

    def set_tiles(self, windows: dict[Window, str], chance: str | None) -> None:
        """Show this content at once; tiles in the air are dropped without their callbacks."""
        for (column, row), symbol in windows.items():
            if not self.exists(column, row):
                raise ValueError(f"no window ({column}, {row}) in a rack of columns {self.columns}")
            if symbol not in SYMBOLS:
                raise ValueError(f"unknown symbol {symbol!r}")
        if chance is not None and chance not in SYMBOLS:
            raise ValueError(f"unknown symbol {chance!r}")
        self._flights.clear()
        self._flashes.clear()
        self._landed = dict(windows)
        self._content = dict(windows)
        self._landed_chance = self._chance = chance

    # ------------------------------------------------------------ what happens

    def drop(self, symbol: str, column: int, on_landed: Callable[[], None] | None = None) -> None:
        """A tile appears above ``column`` and falls to its lowest open window (ValueError if full)."""
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown symbol {symbol!r}")
        row = self.landing_row(column)
        if row is None:
            raise ValueError(f"column {column} is full")
        self._content[(column, row)] = symbol
        flight = _Flight(symbol, (column, row), False, on_landed, "fall")
        x, y = self._spawn(column)
        self._start_fall(flight, x, y, self.window_rect(column, row).centery)
        # Two tiles dropped at once into one column would fall as one; the second follows a little behind.
        ahead = [f.delay + max(0.0, STAGGER - f.t) for f in self._flights
                 if f.target is not None and f.target[0] == column and f.phase == "fall"]
        flight.delay = max(ahead, default=0.0)
        self._flights.append(flight)

    def drop_chance(self, symbol: str, on_landed: Callable[[], None] | None = None) -> None:
        """A tile drops into the chance space (ValueError if it holds one)."""
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown symbol {symbol!r}")
        if self._chance is not None:
            raise ValueError("the chance space is taken")
        self._chance = symbol
        hole = self.chance_rect()
        flight = _Flight(symbol, None, True, on_landed, "fall")
        self._start_fall(flight, hole.centerx, max(self._rect.top + self.tile_size / 2, hole.centery - SPAWN_ABOVE * self.unit),
                         hole.centery)
        self._flights.append(flight)

    def lift_chance(self, to_column: int | None, on_done: Callable[[], None] | None = None) -> None:
        """The chance tile is taken out: back to the supply (rises and fades) or over and into ``to_column``."""
        for flight in [f for f in self._flights if f.to_chance]:
            self._finish(flight)  # still dropping in: it lands first
        symbol = self._chance
        if symbol is None:
            raise ValueError("the chance space is empty")
        row = None
        if to_column is not None:
            row = self.landing_row(to_column)
            if row is None:
                raise ValueError(f"column {to_column} is full")
        self._chance = self._landed_chance = None
        hole = self.chance_rect()
        if to_column is None:
            flight = _Flight(symbol, None, False, on_done, "rise", fade_in=False)
            flight.start = flight.control = (hole.centerx, hole.centery)
            flight.end = (hole.centerx, hole.centery - RISE_HEIGHT * self.unit)
            flight.duration = RISE_TIME
        else:
            self._content[(to_column, row)] = symbol
            flight = _Flight(symbol, (to_column, row), False, on_done, "arc", fade_in=False)
            flight.start = (hole.centerx, hole.centery)
            flight.end = self._spawn(to_column)
            flight.control = (hole.centerx, min(flight.end[1], hole.centery) - 0.6 * self.unit)
            flight.duration = ARC_TIME
        flight.x, flight.y = flight.start
        self._flights.append(flight)

    def _spawn(self, column: int) -> tuple[float, float]:
        top = self.window_rect(column, self.columns[column] - 1)
        y = max(self._rect.top + self.tile_size / 2 - 0.25 * self.unit, top.centery - SPAWN_ABOVE * self.unit)
        return float(top.centerx), float(y)

    def _start_fall(self, flight: _Flight, x: float, y0: float, y1: float) -> None:
        distance = max(0.05, (y1 - y0) / self.unit)
        flight.phase, flight.t = "fall", 0.0
        flight.x, flight.y, flight.y0, flight.y1 = x, y0, y0, y1
        flight.fall_time = FALL_TIME[0] + FALL_TIME[1] * distance
        flight.gravity = 2 * distance / flight.fall_time ** 2  # units per s²
        landing = flight.gravity * flight.fall_time
        flight.rebound = max(BOUNCE_SHARE * landing, math.sqrt(2 * flight.gravity * BOUNCE_MIN))

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, MAX_STEP))
        self._time += dt
        step = dt * self.speed
        for flash in self._flashes:
            flash[1] -= step
        self._flashes = [f for f in self._flashes if f[1] > 0]
        for flight in list(self._flights):
            if flight in self._flights:
                self._advance(flight, step)

    def busy(self) -> bool:
        return bool(self._flights)

    def skip(self) -> None:
        """Every tile where it is going, now (callbacks called, in order)."""
        for _ in range(1000):  # callbacks may drop more tiles
            if not self._flights:
                break
            self._finish(self._flights[0])
        self._flashes.clear()

    def _advance(self, f: _Flight, dt: float) -> None:
        if f.delay > 0:
            f.delay -= dt
            if f.delay > 0:
                return
            dt, f.delay = -f.delay, 0.0
        f.t += dt
        u = self.unit
        if f.phase == "fall":
            if f.fade_in:
                f.alpha = min(1.0, f.t / FADE_IN)
            if f.t < f.fall_time:
                f.y = f.y0 + 0.5 * f.gravity * f.t ** 2 * u
                return
            f.alpha, f.phase = 1.0, "bounce"
            f.t -= f.fall_time
        if f.phase == "bounce":
            up = f.rebound * f.t - 0.5 * f.gravity * f.t ** 2
            if f.t < 2 * f.rebound / f.gravity and up > 0:
                f.y = f.y1 - up * u
                return
            self._finish(f)
            return
        if f.phase in ("arc", "rise"):
            t = min(1.0, f.t / f.duration)
            e = 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2  # in-out cubic
            if f.phase == "rise":
                e = 1 - (1 - t) ** 3
                f.alpha = 1.0 - max(0.0, (t - 0.25) / 0.75)
            (x0, y0), (x1, y1), (x2, y2) = f.start, f.control, f.end
            f.x = (1 - e) ** 2 * x0 + 2 * (1 - e) * e * x1 + e * e * x2
            f.y = (1 - e) ** 2 * y0 + 2 * (1 - e) * e * y1 + e * e * y2
            if t < 1.0:
                return
            if f.phase == "rise":
                self._finish(f)
            else:
                leftover = f.t - f.duration
                self._start_fall(f, f.end[0], f.end[1], self.window_rect(*f.target).centery)
                self._advance(f, leftover)

    def _finish(self, f: _Flight) -> None:
        if f not in self._flights:
            return
        self._flights.remove(f)
        if f.target is not None:
            self._landed[f.target] = f.symbol
            self._flashes.append([f.target, FLASH_TIME])
        elif f.to_chance:
            self._landed_chance = f.symbol
            self._flashes.append(["chance", FLASH_TIME])
        if f.on_done:
            f.on_done()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        origin = self._frame.topleft
        key = (self.unit, self.columns, self.colour, self.name, t("jackpot.rack.chance"), assets.text_scale())
        back = _LAYERS.get(("back",) + key, self._build_back)
        front = _LAYERS.get(("front",) + key, self._build_front)
        pad = self._shadow_pad()
        surface.blit(back, (origin[0] - pad, origin[1] - pad))
        pulse = 0.72 + 0.28 * math.sin(self._time * 5.0)

        lit = {c for c in self.lit_columns if 0 <= c < len(self.columns)}
        holes = self._holes
        if lit or self.chance_lit:
            backlight = self._light(("backlight", self.hole, self.unit), self._build_backlight, pulse)
            for c in lit:  # the window a tile would land in
                row = self.landing_row(c)
                if row is not None and (c, row) not in self._landed:
                    surface.blit(backlight, holes[(c, row)], special_flags=pygame.BLEND_RGB_ADD)
            if self.chance_lit and self._landed_chance is None:
                surface.blit(backlight, self._chance_hole, special_flags=pygame.BLEND_RGB_ADD)

        size = self.tile_size
        at = self._tile_at
        tiles = [(tile_surface(symbol, size), at[cell]) for cell, symbol in self._landed.items() if cell in at]
        if self._landed_chance is not None:
            tiles.append((tile_surface(self._landed_chance, size), self._chance_tile_at))
        if self.ghost is not None:
            symbol, column = self.ghost
            if column == CHANCE:
                if self._chance is None and symbol in SYMBOLS:
                    tiles.append((tile_surface(symbol, size, ghost=True), self._chance_tile_at))
            else:
                row = self.landing_row(column) if 0 <= column < len(self.columns) else None
                if row is not None and symbol in SYMBOLS:
                    tiles.append((tile_surface(symbol, size, ghost=True), at[(column, row)]))
        surface.fblits(tiles)
        for f in self._flights:
            if not f.in_front:
                self._draw_flight(surface, f)

        surface.blit(front, origin)

        for c in lit:
            block = self._column_local(c)
            glow = self._light(("glow", c) + key, lambda: self._build_glow(block), pulse)
            surface.blit(glow, glow.get_rect(center=block.move(origin).center), special_flags=pygame.BLEND_RGB_ADD)
            self._draw_chevron(surface, c, pulse)
        if self.chance_lit:
            block = self._chance_block_local()
            glow = self._light(("glow", "chance") + key, lambda: self._build_glow(block), pulse)
            surface.blit(glow, glow.get_rect(center=block.move(origin).center), special_flags=pygame.BLEND_RGB_ADD)
        if self.highlight_cells:
            halo = self._light(("halo", self.hole, self.unit), self._build_halo, 1.0)
            ring = _LAYERS.get(("ring", self.hole, self.unit), self._build_ring)
            for cell in self.highlight_cells:
                if self.exists(*cell):
                    centre = self.window_rect(*cell).center
                    surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
                    surface.blit(ring, ring.get_rect(center=centre))
        for where, left in self._flashes:
            hole = self.chance_rect() if where == "chance" else self.window_rect(*where)
            flash = self._light(("flash", self.hole, self.unit), self._build_flash, (left / FLASH_TIME) ** 1.5)
            surface.blit(flash, flash.get_rect(center=hole.center), special_flags=pygame.BLEND_RGB_ADD)
        if self.focus is not None:
            self._draw_focus(surface, self.focus)
        for f in self._flights:
            if f.in_front:
                self._draw_flight(surface, f)
        if self.label:
            self._draw_label(surface, self.label)

    def _draw_flight(self, surface: pygame.Surface, f: _Flight) -> None:
        eighths = max(0, min(8, round(f.alpha * 8)))
        if eighths == 0 or f.delay > 0:
            return
        tile = faded_tile(f.symbol, self.tile_size, eighths)
        surface.blit(tile, tile.get_rect(center=(round(f.x), round(f.y))))

    def _draw_focus(self, surface: pygame.Surface, where: int | str) -> None:
        """The keyboard's cursor: a white ring around the column's block (or the Chance Space's)."""
        if where == CHANCE:
            block = self._chance_block_local()
        elif isinstance(where, int) and 0 <= where < len(self.columns):
            block = self._column_local(where)
        else:
            return
        width = max(2, round(0.06 * self.unit))
        ring = block.move(self._frame.topleft).inflate(2 * width + 4, 2 * width + 4)
        pygame.draw.rect(surface, (40, 24, 0), ring.inflate(2, 2), width + 2, border_radius=round(0.25 * self.unit))
        pygame.draw.rect(surface, FOCUS_INK, ring, width, border_radius=round(0.25 * self.unit))

    def _draw_chevron(self, surface: pygame.Surface, column: int, pulse: float) -> None:
        """A small arrow above a lit column, bobbing, pointing down into it."""
        top = self.window_rect(column, self.columns[column] - 1)
        arrow = _LAYERS.get(("chevron", self.unit), self._build_chevron)
        bob = round(0.06 * self.unit * (pulse - 0.72) / 0.28)
        rect = arrow.get_rect(midbottom=(top.centerx, top.top - round(0.16 * self.unit) + bob))
        rect.top = max(rect.top, self._rect.top - round(0.3 * self.unit))
        surface.blit(arrow, rect)

    def _draw_label(self, surface: pygame.Surface, words: str) -> None:
        image = _LAYERS.get(("label", words, self.unit, self._rect.width), lambda: self._build_label(words))
        surface.blit(image, image.get_rect(center=self._frame.center))

    # ------------------------------------------------------------ building the cached layers

    def _column_local(self, column: int) -> pygame.Rect:
        """A column's frame block, in frame coordinates (with the room above it for a lit glow)."""
        u = self.unit
        top = self._local_cell(column, self.columns[column] - 1)
        bottom = self._local_cell(column, 0)
        return pygame.Rect(top.x - round(MARGIN * u * 0.5), top.y - round(MARGIN * u * 0.5),
                           u + round(MARGIN * u), bottom.bottom - top.y + round(MARGIN * u))

    def _chance_block_local(self) -> pygame.Rect:
        hole = self._local_chance()
        pad = round((MARGIN + BAR / 2) * self.unit)
        return hole.inflate(2 * pad, 2 * pad)

    def _blocks(self, scale: int) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
        """The frame's solid parts at ``scale``: column blocks and the chance block, and the foot."""
        u = self.unit * scale
        high = max(self.columns)
        m = MARGIN * u
        body_bottom = (2 * MARGIN + high) * u
        blocks = []
        for c, h in enumerate(self.columns):
            blocks.append(pygame.Rect(round(c * u), round((high - h) * u), round(u + 2 * m), round(body_bottom - (high - h) * u)))
        n = len(self.columns)
        chance_x = (n + GAP) * u
        chance = pygame.Rect(round(chance_x), round((high - 1) * u), round(u + 2 * m), round(body_bottom - (high - 1) * u))
        blocks.append(chance)
        join_top = body_bottom - (CHANCE_JOIN * u + m)
        blocks.append(pygame.Rect(round((n - 1) * u + u), round(join_top), round(chance_x - (n - 1) * u), round(body_bottom - join_top)))
        foot = pygame.Rect(0, round(body_bottom - 0.06 * u), self._frame.width * scale, round(FOOT * u + 0.06 * u))
        return blocks, chance, foot

    def _build_front(self) -> pygame.Surface:
        s = SUPERSAMPLE
        u = self.unit * s
        size = (self._frame.width * s, self._frame.height * s)
        base = mix(self.colour, SHADE, 0.1)
        light, dark = mix(base, (255, 255, 255), 0.3), mix(base, SHADE, 0.3)
        radius = round(0.16 * u)

        shape = pygame.Surface(size, pygame.SRCALPHA)
        blocks, _, foot = self._blocks(s)
        for block in blocks[:-1]:
            pygame.draw.rect(shape, (255, 255, 255, 255), block, border_radius=radius)
        pygame.draw.rect(shape, (255, 255, 255, 255), blocks[-1])  # the join: square, it meets two blocks

        body = pygame.Surface(size, pygame.SRCALPHA)
        for y in range(size[1]):
            pygame.draw.line(body, mix(light, dark, y / size[1]), (0, y), (size[0], y))
        body.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

        # Moulded edges: a lit rim along the top and left, a shaded one along the bottom and right.
        mask = pygame.mask.from_surface(shape)
        rim = max(2, round(0.06 * u))
        lit_edge = mask.copy()
        lit_edge.erase(mask, (rim, rim))
        shade_edge = mask.copy()
        shade_edge.erase(mask, (-rim, -rim))
        body.blit(lit_edge.to_surface(setcolor=(255, 255, 255, 120), unsetcolor=(0, 0, 0, 0)), (0, 0))
        body.blit(shade_edge.to_surface(setcolor=(0, 0, 0, 80), unsetcolor=(0, 0, 0, 0)), (0, 0))
        thin = max(1, s)
        body.blit(self._outline_surface(mask, thin, mix(base, (0, 0, 0), 0.55)), (0, 0))

        # The foot: a darker base the rack stands on, lit along its top.
        foot_colour = mix(base, SHADE, 0.4)
        pygame.draw.rect(body, mix(foot_colour, (0, 0, 0), 0.4), foot, border_radius=round(0.1 * u))
        inner_foot = foot.inflate(-2 * thin, -2 * thin)
        pygame.draw.rect(body, foot_colour, inner_foot, border_radius=round(0.1 * u))
        pygame.draw.line(body, mix(foot_colour, (255, 255, 255), 0.25), (inner_foot.left + radius, inner_foot.top),
                         (inner_foot.right - radius, inner_foot.top), max(1, round(0.03 * u)))

        # The windows: a lip in shade above each, catching light below, then the opening cut out.
        holes = [self._local_hole(c, r) for c, h in enumerate(self.columns) for r in range(h)]
        holes.append(self._local_chance())
        hole_radius = round(0.1 * u)
        lip = max(2, round(0.04 * u))
        for hole in holes:
            big = pygame.Rect(hole.x * s, hole.y * s, hole.width * s, hole.height * s)
            pygame.draw.rect(body, mix(base, (0, 0, 0), 0.5), big.inflate(2 * lip, 2 * lip).move(0, -lip),
                             border_radius=hole_radius + lip)
            pygame.draw.rect(body, mix(base, (255, 255, 255), 0.35), big.inflate(2 * lip, 2 * lip).move(0, lip),
                             border_radius=hole_radius + lip)
            pygame.draw.rect(body, mix(base, (0, 0, 0), 0.35), big.inflate(2 * lip, 2 * lip),
                             border_radius=hole_radius + lip)
        for hole in holes:
            big = pygame.Rect(hole.x * s, hole.y * s, hole.width * s, hole.height * s)
            pygame.draw.rect(body, (0, 0, 0, 0), big, border_radius=hole_radius)
        chance_hole = self._local_chance()

        front = pygame.transform.smoothscale(body, self._frame.size)

        # Depth: the frame's shadow falls on the tiles behind it, from the top and the left.
        for hole in holes:
            front.blit(self._inner_shadow(hole.size), hole.topleft)

        # Words: CHANCE on the foot under its window, the player's name in the room at the top right.
        label_size = max(8, round(0.24 * self.unit))
        engraved = mix(foot_colour, (255, 255, 255), 0.62)
        words = _text(t("jackpot.rack.chance"), label_size, engraved)
        if words.get_width() > chance_hole.width + round(0.3 * self.unit):
            words = pygame.transform.smoothscale_by(words, (chance_hole.width + 0.3 * self.unit) / words.get_width())
        footer = pygame.Rect(0, chance_hole.bottom, 1, self._frame.height - chance_hole.bottom)
        front.blit(words, words.get_rect(center=(chance_hole.centerx, footer.centery + round(0.02 * self.unit))))
        if self.name:
            self._draw_name(front)
        return _rle(_ready(front))

    @staticmethod
    def _outline_surface(mask: pygame.mask.Mask, width: int, colour) -> pygame.Surface:
        """A ``width``-pixel band along the inside of the mask's edge."""
        outside = mask.copy()
        outside.invert()
        core = mask.copy()
        for dx, dy in ((width, 0), (-width, 0), (0, width), (0, -width)):
            core.erase(outside, (dx, dy))
        band = mask.copy()
        band.erase(core, (0, 0))
        return band.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))

    def _draw_name(self, front: pygame.Surface) -> None:
        u = self.unit
        high = max(self.columns)
        first_free = next((c for c, h in enumerate(self.columns) if h <= high - 1), None)
        if first_free is None:
            return
        left = round((first_free + 2 * MARGIN + 0.25) * u) + u * 0  # right of the column that reaches the top
        room = pygame.Rect(left, 0, self._frame.width - left - round(0.1 * u), round(0.8 * u))
        size = round(max(15, 0.36 * u) * assets.text_scale())  # readable on a small panel, larger with large text
        if not pygame.font.get_init():
            pygame.font.init()
        words = assets.fit(assets.printable(self.name), size, room.width, "bold")
        shadow = _text(words, size, (0, 0, 0), "bold")
        ink = _text(words, size, PAPER, "bold")
        rect = ink.get_rect(midright=room.midright)
        front.blit(shadow, rect.move(1, 2))
        front.blit(ink, rect)

    def _inner_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        shade = pygame.Surface(size, pygame.SRCALPHA)
        depth = max(2, round(0.2 * self.unit))
        for y in range(depth):
            a = round(150 * (1 - y / depth) ** 2)
            pygame.draw.line(shade, (0, 0, 0, a), (0, y), (w, y))
        side = max(1, round(0.09 * self.unit))
        for x in range(side):
            a = round(90 * (1 - x / side) ** 2)
            column = pygame.Surface((1, h), pygame.SRCALPHA)
            column.fill((0, 0, 0, a))
            shade.blit(column, (x, 0))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(0.1 * self.unit))
        shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return shade

    def _shadow_pad(self) -> int:
        return max(4, round(0.25 * self.unit))

    def _build_back(self) -> pygame.Surface:
        """What lies behind the tiles: the rack's shadow on the table and each column's back wall.

        ``_shadow_pad()`` larger than the frame on every side. Only the shadow's fringe
        outside the frame is kept (the frame covers the rest), so most of this layer is
        clear or opaque, which run-length encoding blits quickly.
        """
        pad = self._shadow_pad()
        u = self.unit
        surface = pygame.Surface((self._frame.width + 2 * pad, self._frame.height + 2 * pad), pygame.SRCALPHA)
        blocks, _, foot = self._blocks(1)
        radius = round(0.16 * u)
        shadow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        offset = (pad + round(0.05 * u), pad + round(0.09 * u))
        for block in blocks + [foot]:
            pygame.draw.rect(shadow, (0, 0, 0, 120), block.move(offset), border_radius=radius)
        surface.blit(_blurred(shadow, max(2, pad // 2)), (0, 0))
        for block in blocks + [foot]:
            pygame.draw.rect(surface, (0, 0, 0, 0), block.move(pad, pad).inflate(-2, -2), border_radius=radius)

        wall_top, wall_bottom = mix(self.colour, (0, 0, 0), 0.86), mix(self.colour, (0, 0, 0), 0.7)
        channels = []
        high = max(self.columns)
        for c, h in enumerate(self.columns):
            top = self._local_hole(c, h - 1)
            bottom = self._local_hole(c, 0)
            block_top = round((high - h) * u)
            channels.append(pygame.Rect(top.x, block_top, top.width, bottom.bottom - block_top))
        chance = self._local_chance()
        block_top = round((high - 1) * u)
        channels.append(pygame.Rect(chance.x, block_top, chance.width, chance.bottom - block_top))
        side = max(1, round(0.1 * u))
        for channel in channels:
            channel = channel.move(pad, pad)
            for y in range(channel.top, channel.bottom):
                t = (y - channel.top) / max(1, channel.height - 1)
                pygame.draw.line(surface, mix(wall_top, wall_bottom, t), (channel.left, y), (channel.right - 1, y))
            # The channel's sides in shade, the left more (light comes from the top-left): a recess.
            for i in range(side):
                depth = (1 - i / side) ** 2
                pygame.draw.line(surface, mix(wall_top, (0, 0, 0), 0.43 * depth), (channel.left + i, channel.top),
                                 (channel.left + i, channel.bottom - 1))
                pygame.draw.line(surface, mix(wall_top, (0, 0, 0), 0.27 * depth), (channel.right - 1 - i, channel.top),
                                 (channel.right - 1 - i, channel.bottom - 1))
        return _rle(_ready(surface))

    @staticmethod
    def _light(key: tuple, build: Callable[[], pygame.Surface], strength: float) -> pygame.Surface:
        """Light to add onto the picture (BLEND_RGB_ADD), at ``strength`` 0..1 in sixteenths.

        ``build`` gives the light as colour and alpha; it is kept premultiplied on black,
        so adding it brightens what is under it, as light does, instead of greying it.
        """
        level = max(1, min(16, round(strength * 16)))

        def premultiplied() -> pygame.Surface:
            light = build()
            flat = pygame.Surface(light.get_size())
            flat.fill((0, 0, 0))
            flat.blit(light, (0, 0))
            return flat

        def dimmed() -> pygame.Surface:
            light = _LAYERS.get(key + (16,), premultiplied).copy()
            shade = round(255 * level / 16)
            light.fill((shade, shade, shade), special_flags=pygame.BLEND_RGB_MULT)
            return light

        return _LAYERS.get(key + (level,), dimmed if level < 16 else premultiplied)

    def _build_backlight(self) -> pygame.Surface:
        """Light from behind an empty window of a lit column: warm, brightest in the middle."""
        side = self.hole
        light = pygame.Surface((side, side), pygame.SRCALPHA)
        steps = 10
        for i in range(steps):
            t = i / (steps - 1)
            inset = round(t * side * 0.34)
            pygame.draw.rect(light, (*mix((230, 160, 50), (255, 236, 160), t), round(90 + 140 * t)),
                             light.get_rect().inflate(-2 * inset, -2 * inset), border_radius=round(0.3 * side))
        light = _blurred(light, max(2, side // 8))
        mask = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(0.1 * self.unit))
        light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return light

    def _build_glow(self, block: pygame.Rect) -> pygame.Surface:
        """A soft warm halo around a lit column's (or the chance space's) block."""
        pad = max(6, round(0.3 * self.unit))
        surface = pygame.Surface((block.width + 2 * pad, block.height + 2 * pad), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, block.width, block.height)
        width = max(4, round(0.12 * self.unit))
        pygame.draw.rect(surface, (*GLOW, 210), inner.inflate(width, width), width, border_radius=round(0.25 * self.unit))
        surface = _blurred(surface, max(2, round(0.1 * self.unit)))
        pygame.draw.rect(surface, (*GLOW, 130), inner.inflate(2, 2), max(1, round(0.03 * self.unit)),
                         border_radius=round(0.16 * self.unit))
        return surface

    def _build_halo(self) -> pygame.Surface:
        pad = max(6, round(0.3 * self.unit))
        side = self.hole + 2 * pad
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, self.hole, self.hole)
        width = max(4, round(0.2 * self.unit))
        pygame.draw.rect(surface, (*HIGHLIGHT, 255), inner.inflate(width, width), width, border_radius=round(0.2 * self.unit))
        return _blurred(surface, max(2, round(0.1 * self.unit)))

    def _build_ring(self) -> pygame.Surface:
        """A scoring line's window: a bright gold frame (its halo is added as light)."""
        ring = max(2, round(0.07 * self.unit))
        side = self.hole + 2 * ring + 4
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, self.hole, self.hole)
        inner.center = (side // 2, side // 2)
        radius = round(0.12 * self.unit) + ring
        pygame.draw.rect(surface, (110, 60, 0, 255), inner.inflate(2 * ring + 2, 2 * ring + 2), ring + 1,
                         border_radius=radius + 1)
        pygame.draw.rect(surface, (255, 226, 100, 255), inner.inflate(2 * ring, 2 * ring), ring, border_radius=radius)
        pygame.draw.rect(surface, (255, 250, 214, 255), inner.inflate(2 * ring, 2 * ring), max(1, ring // 3),
                         border_radius=radius)
        return _ready(surface)

    def _build_flash(self) -> pygame.Surface:
        pad = max(6, round(0.3 * self.unit))
        side = self.hole + 2 * pad
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, self.hole, self.hole)
        pygame.draw.rect(surface, (255, 255, 240, 220), inner.inflate(pad // 2, pad // 2), max(3, pad // 2),
                         border_radius=round(0.2 * self.unit))
        return _blurred(surface, max(2, pad // 3))

    def _build_chevron(self) -> pygame.Surface:
        s = 4
        w, h = max(8, round(0.42 * self.unit)), max(5, round(0.24 * self.unit))
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        t = max(2, round(0.09 * self.unit)) * s
        points = [(t * 0.5, t * 0.5), (w * s / 2, h * s - t * 0.6), (w * s - t * 0.5, t * 0.5)]
        pygame.draw.lines(big, (60, 40, 0, 200), False, [(x + s, y + s) for x, y in points], t + 2 * s)
        pygame.draw.lines(big, (*GLOW, 255), False, points, t)
        for p in points:
            pygame.draw.circle(big, (*GLOW, 255), p, t / 2)
        return _ready(pygame.transform.smoothscale(big, (w, h)))

    def _build_label(self, words: str) -> pygame.Surface:
        size = max(16, round(0.95 * self.unit))
        ink = _text(words, size, LABEL_INK)
        dark = _text(words, size, (40, 24, 0))
        pad_x, pad_y = round(size * 0.45), round(size * 0.12)
        w, h = ink.get_width() + 2 * pad_x, ink.get_height() + 2 * pad_y
        surface = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        pill = pygame.Rect(4, 4, w, h)
        pygame.draw.rect(surface, (0, 0, 0, 170), pill, border_radius=h // 2)
        pygame.draw.rect(surface, (*LABEL_INK, 220), pill, max(2, size // 14), border_radius=h // 2)
        centre = pill.center
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 3)):
            surface.blit(dark, dark.get_rect(center=(centre[0] + dx, centre[1] + dy)))
        surface.blit(ink, ink.get_rect(center=centre))
        if surface.get_width() > self._rect.width:  # a long one ("High Round Bonus +120"): scaled to the rack's width
            surface = pygame.transform.smoothscale_by(surface, self._rect.width / surface.get_width())
        return _ready(surface)


def clear_caches() -> None:
    _LAYERS.clear()
