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

import pygame

from scenes.tables.rack_flights import RackFlights, _Flight
from scenes.tables.rack_layout import Colour, RackLayout, Window
from scenes.tables.rack_frame import clear_caches
from scenes.tables.rack_paint import CHANCE, RackPainter
from scenes.ui.theme import SEAT_COLOURS

__all__ = ["CHANCE", "RackView", "Window", "clear_caches"]


class RackView(RackPainter, RackFlights, RackLayout):
    """One rack: see the module docstring. Layout (rack_layout), content and motion (rack_flights) and
    painting (rack_paint) are its three parts."""

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
        self._lit_at: float | None = None  # when the windows a tile may go to lit up (they breathe a while)
        self.rect = rect
