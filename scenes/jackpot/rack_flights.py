"""A Jackpot rack's content and its motion: tiles dropped into a column fall behind the frame to the lowest
open window, bounce once and settle; a chance tile flies to a column or rises back to the supply. A part of
:class:`scenes.jackpot.rack_view.RackView` (its ``flights``): it owns the rack's tiles and their motion and
decides nothing, the owner says what happens."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.jackpot import SYMBOLS, landing_row
from scenes.jackpot.rack_layout import RackLayout, Window

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


class RackFlights:
    """A rack's tiles, in their windows and in the air. ``layout`` (a RackLayout) says where the windows are on
    screen: tiles fly in screen pixels, so when it is laid out again the owner skips what is moving."""

    def __init__(self, layout: RackLayout):
        self.layout = layout
        self.landed: dict[Window, str] = {}  # the tiles sitting in windows now
        self.landed_chance: str | None = None
        self._content: dict[Window, str] = {}  # as it will be when every flight has landed
        self._chance: str | None = None
        self.flying: list[_Flight] = []
        self.flashes: list[list] = []  # [window or "chance", seconds left]

    def tiles(self) -> dict[Window, str]:
        """The windows' tiles as they will be once every tile in the air has landed."""
        return dict(self._content)

    def chance(self) -> str | None:
        """The chance space's tile, as it will be once every tile in the air has landed."""
        return self._chance

    def shown_tiles(self) -> dict[Window, str]:
        """The tiles sitting in windows right now (not those still falling)."""
        return dict(self.landed)

    def moving_tiles(self) -> list[tuple[str, pygame.Rect]]:
        """The tiles in the air and in sight now: each symbol with the square it is drawn in."""
        out = []
        for f in self.flying:
            if f.delay > 0:
                continue
            rect = pygame.Rect(0, 0, self.layout.tile_size, self.layout.tile_size)
            rect.center = (round(f.x), round(f.y))
            out.append((f.symbol, rect))
        return out

    def landing_row(self, column: int) -> int | None:
        """The row a tile dropped into ``column`` now would end in; None when the column is full."""
        if not 0 <= column < len(self.layout.columns):
            raise ValueError(f"no column {column} in a rack of columns {self.layout.columns}")
        return landing_row(self.layout.columns, self._content, column)  # the rules' own, not a copy

    def set_tiles(self, windows: dict[Window, str], chance: str | None) -> None:
        """Show this content at once; tiles in the air are dropped without their callbacks."""
        for (column, row), symbol in windows.items():
            if not self.layout.exists(column, row):
                raise ValueError(f"no window ({column}, {row}) in a rack of columns {self.layout.columns}")
            if symbol not in SYMBOLS:
                raise ValueError(f"unknown symbol {symbol!r}")
        if chance is not None and chance not in SYMBOLS:
            raise ValueError(f"unknown symbol {chance!r}")
        self.flying.clear()
        self.flashes.clear()
        self.landed = dict(windows)
        self._content = dict(windows)
        self.landed_chance = self._chance = chance

    def drop(self, symbol: str, column: int, on_landed: Callable[[], None] | None = None,
             row: int | None = None) -> None:
        """A tile appears above ``column`` and falls to ``row``, the window the engine put it in (without one,
        as in a preview, its lowest open window). ValueError if that window is taken or the column full."""
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown symbol {symbol!r}")
        row = self._free_row(column, row)
        self._content[(column, row)] = symbol
        flight = _Flight(symbol, (column, row), False, on_landed, "fall")
        x, y = self._spawn(column)
        self._start_fall(flight, x, y, self.layout.window_rect(column, row).centery)
        # Two tiles dropped at once into one column would fall as one; the second follows a little behind.
        ahead = [f.delay + max(0.0, STAGGER - f.t) for f in self.flying
                 if f.target is not None and f.target[0] == column and f.phase == "fall"]
        flight.delay = max(ahead, default=0.0)
        self.flying.append(flight)

    def drop_chance(self, symbol: str, on_landed: Callable[[], None] | None = None) -> None:
        """A tile drops into the chance space (ValueError if it holds one)."""
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown symbol {symbol!r}")
        if self._chance is not None:
            raise ValueError("the chance space is taken")
        self._chance = symbol
        layout = self.layout
        hole = layout.chance_rect()
        flight = _Flight(symbol, None, True, on_landed, "fall")
        top = max(layout.rect.top + layout.tile_size / 2, hole.centery - SPAWN_ABOVE * layout.unit)
        self._start_fall(flight, hole.centerx, top, hole.centery)
        self.flying.append(flight)

    def _free_row(self, column: int, row: int | None) -> int:
        if row is None:
            row = self.landing_row(column)
            if row is None:
                raise ValueError(f"column {column} is full")
        elif not self.layout.exists(column, row) or (column, row) in self._content:
            raise ValueError(f"window ({column}, {row}) is not free")
        return row

    def lift_chance(self, to_column: int | None, on_done: Callable[[], None] | None = None,
                    row: int | None = None) -> None:
        """The chance tile is taken out: back to the supply (rises and fades) or over and into ``to_column``."""
        for flight in [f for f in self.flying if f.to_chance]:
            self._finish(flight)  # still dropping in: it lands first
        symbol = self._chance
        if symbol is None:
            raise ValueError("the chance space is empty")
        if to_column is not None:
            row = self._free_row(to_column, row)
        self._chance = self.landed_chance = None
        hole = self.layout.chance_rect()
        if to_column is None:
            flight = _Flight(symbol, None, False, on_done, "rise", fade_in=False)
            flight.start = flight.control = (hole.centerx, hole.centery)
            flight.end = (hole.centerx, hole.centery - RISE_HEIGHT * self.layout.unit)
            flight.duration = RISE_TIME
        else:
            self._content[(to_column, row)] = symbol
            flight = _Flight(symbol, (to_column, row), False, on_done, "arc", fade_in=False)
            flight.start = (hole.centerx, hole.centery)
            flight.end = self._spawn(to_column)
            flight.control = (hole.centerx, min(flight.end[1], hole.centery) - 0.6 * self.layout.unit)
            flight.duration = ARC_TIME
        flight.x, flight.y = flight.start
        self.flying.append(flight)

    def _spawn(self, column: int) -> tuple[float, float]:
        layout = self.layout
        top = layout.window_rect(column, layout.columns[column] - 1)
        y = max(layout.rect.top + layout.tile_size / 2 - 0.25 * layout.unit, top.centery - SPAWN_ABOVE * layout.unit)
        return float(top.centerx), float(y)

    def _start_fall(self, flight: _Flight, x: float, y0: float, y1: float) -> None:
        distance = max(0.05, (y1 - y0) / self.layout.unit)
        flight.phase, flight.t = "fall", 0.0
        flight.x, flight.y, flight.y0, flight.y1 = x, y0, y0, y1
        flight.fall_time = FALL_TIME[0] + FALL_TIME[1] * distance
        flight.gravity = 2 * distance / flight.fall_time ** 2  # units per s²
        landing = flight.gravity * flight.fall_time
        flight.rebound = max(BOUNCE_SHARE * landing, math.sqrt(2 * flight.gravity * BOUNCE_MIN))

    def update(self, step: float) -> None:
        """``step`` view seconds on (the owner's real seconds times its speed)."""
        for flash in self.flashes:
            flash[1] -= step
        self.flashes = [f for f in self.flashes if f[1] > 0]
        for flight in list(self.flying):
            if flight in self.flying:
                self._advance(flight, step)

    def busy(self) -> bool:
        return bool(self.flying)

    def skip(self) -> None:
        """Every tile where it is going, now (callbacks called, in order)."""
        for _ in range(1000):  # callbacks may drop more tiles
            if not self.flying:
                break
            self._finish(self.flying[0])
        self.flashes.clear()

    def _advance(self, f: _Flight, dt: float) -> None:
        if f.delay > 0:
            f.delay -= dt
            if f.delay > 0:
                return
            dt, f.delay = -f.delay, 0.0
        f.t += dt
        u = self.layout.unit
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
                self._start_fall(f, f.end[0], f.end[1], self.layout.window_rect(*f.target).centery)
                self._advance(f, leftover)

    def _finish(self, f: _Flight) -> None:
        if f not in self.flying:
            return
        self.flying.remove(f)
        if f.target is not None:
            self.landed[f.target] = f.symbol
            self.flashes.append([f.target, FLASH_TIME])
        elif f.to_chance:
            self.landed_chance = f.symbol
            self.flashes.append(["chance", FLASH_TIME])
        if f.on_done:
            f.on_done()
