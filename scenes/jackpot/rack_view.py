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
come from :mod:`scenes.jackpot.jackpot_art`'s cache. Times are view seconds:
``update`` multiplies real seconds by ``speed``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.jackpot.rack_flights import MAX_STEP, RackFlights
from scenes.jackpot.rack_frame import clear_caches
from scenes.jackpot.rack_layout import Colour, RackLayout, Window
from scenes.jackpot.rack_paint import CHANCE, RackPainter
from scenes.ui.theme import SEAT_COLOURS

__all__ = ["CHANCE", "RackView", "Window", "clear_caches"]


class RackView:
    """One rack: see the module docstring. Its parts: ``layout`` (a RackLayout: where the windows are),
    ``flights`` (a RackFlights: the tiles, settled and moving) and ``painter`` (a RackPainter, with the cached
    ``frame``). The view keeps what its owner shows on it (lit columns, a ghost tile, the cursor, a label) and
    its speed; its methods are the rack's interface to the table."""

    def __init__(self, rect: pygame.Rect, columns: tuple[int, ...] = (5, 4, 3, 2, 1),
                 colour: Colour = SEAT_COLOURS["orange"], name: str = ""):
        if not columns or any(h < 1 for h in columns):
            raise ValueError(f"every column needs a window: {columns!r}")
        self.layout = RackLayout(tuple(int(h) for h in columns), rect)
        self.flights = RackFlights(self.layout)
        self.painter = RackPainter(self.layout, self.flights, colour, name)
        self.speed = 1.0  # view seconds per real second
        # What the owner shows on the rack:
        self.lit_columns: set[int] = set()
        self.ghost: tuple[str, int | str] | None = None  # a symbol and a column (or CHANCE) it would drop into
        self.focus: int | str | None = None  # the keyboard's cursor: a column or CHANCE, ringed
        self.chance_lit = False
        self.highlight_cells: set[Window] = set()
        self.label: str | None = None

    # ------------------------------------------------------------ where --
    @property
    def rect(self) -> pygame.Rect:
        return self.layout.rect

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        """Moving or resizing the view lays it out again (tiles keep their windows; those moving land now)."""
        self.layout.place(rect)
        self.flights.skip()

    @property
    def tile_size(self) -> int:
        return self.layout.tile_size

    def window_rect(self, column: int, row: int) -> pygame.Rect:
        return self.layout.window_rect(column, row)

    def chance_rect(self) -> pygame.Rect:
        return self.layout.chance_rect()

    def frame_rect(self) -> pygame.Rect:
        return self.layout.frame_rect()

    def column_at(self, pos) -> int | None:
        return self.layout.column_at(pos)

    def chance_at(self, pos) -> bool:
        return self.layout.chance_at(pos)

    # ---------------------------------------------------------- content --
    def tiles(self) -> dict[Window, str]:
        return self.flights.tiles()

    def chance(self) -> str | None:
        return self.flights.chance()

    def shown_tiles(self) -> dict[Window, str]:
        return self.flights.shown_tiles()

    def moving_tiles(self) -> list[tuple[str, pygame.Rect]]:
        return self.flights.moving_tiles()

    def landing_row(self, column: int) -> int | None:
        return self.flights.landing_row(column)

    def set_tiles(self, windows: dict[Window, str], chance: str | None) -> None:
        self.flights.set_tiles(windows, chance)

    def drop(self, symbol: str, column: int, on_landed: Callable[[], None] | None = None,
             row: int | None = None) -> None:
        self.flights.drop(symbol, column, on_landed, row)

    def drop_chance(self, symbol: str, on_landed: Callable[[], None] | None = None) -> None:
        self.flights.drop_chance(symbol, on_landed)

    def lift_chance(self, to_column: int | None, on_done: Callable[[], None] | None = None,
                    row: int | None = None) -> None:
        self.flights.lift_chance(to_column, on_done, row)

    # ----------------------------------------------------------- motion --
    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, MAX_STEP))
        self.flights.update(dt * self.speed)
        self.painter.update(dt, bool(self.lit_columns or self.chance_lit))

    def busy(self) -> bool:
        """Tiles in the air."""
        return self.flights.busy()

    def skip(self) -> None:
        self.flights.skip()

    def pulsing(self) -> bool:
        return self.painter.pulsing()

    def moving(self) -> bool:
        """Tiles falling, a landed tile's flash, lit windows breathing."""
        return self.flights.busy() or bool(self.flights.flashes) or self.painter.pulsing()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.lit_columns, self.chance_lit, self.ghost, self.focus, self.highlight_cells,
                          self.label)
