"""Painting a Jackpot rack each frame: the back wall, the tiles (settled, falling, ghosted), the front
with its windows, glows, the focus ring and labels, all blitted from the cached layers of
:mod:`scenes.jackpot.rack_frame`. A part of :class:`scenes.jackpot.rack_view.RackView` (its ``painter``)."""

from __future__ import annotations

import math

import pygame

from game.rules.i18n import t
from game.rules.jackpot import SYMBOLS
from scenes.jackpot.jackpot_art import faded_tile, tile_surface
from scenes.jackpot.rack_flights import FLASH_TIME, RackFlights, _Flight
from scenes.jackpot.rack_frame import _LAYERS, FOCUS_INK, RackFrame, light
from scenes.jackpot.rack_layout import RackLayout, Window
from scenes.ui import assets, theme

CHANCE = "chance"  # the Chance Space, where a column number would be (game.engine.jackpot_state.CHANCE_SPACE)


class RackPainter:
    """Paints one rack: its ``layout`` (a RackLayout) and the tiles of its ``flights`` (a RackFlights), in the
    seat's colour with the player's name (its ``frame``, a RackFrame, builds those layers). It owns the clock
    the lit windows breathe by."""

    def __init__(self, layout: RackLayout, flights: RackFlights, colour, name: str):
        self.layout = layout
        self.flights = flights
        self.frame = RackFrame(layout, colour, name)
        self.time = 0.0  # real seconds, for the lit windows' breathing
        self.lit_at: float | None = None  # when the windows a tile may go to lit up (they breathe a while)

    def update(self, dt: float, lit: bool) -> None:
        """``dt`` real seconds on; ``lit``: some window is lit for a tile now."""
        self.time += dt
        if lit and self.lit_at is None:
            self.lit_at = self.time
        elif not lit:
            self.lit_at = None

    def pulsing(self) -> bool:
        """Lit windows breathe for a few seconds after they light up, then glow steady: a rack waiting for a
        person is at rest, and not redrawn."""
        return self.lit_at is not None and self.time - self.lit_at < theme.PULSE_SECONDS

    def glow(self) -> float:
        if not self.pulsing():
            return 1.0
        return 0.72 + 0.28 * math.cos((self.time - self.lit_at) * 5.0)

    def draw(self, surface: pygame.Surface, lit_columns: set[int], chance_lit: bool,
             ghost: tuple[str, int | str] | None, focus: int | str | None, highlight_cells: set[Window],
             label: str | None) -> None:
        """The rack with what its owner shows on it: the columns (and the Chance Space) lit for a tile, a ghost
        tile where one would land, the keyboard's cursor, the windows of a scoring line and a label."""
        layout, flights, frame = self.layout, self.flights, self.frame
        origin = layout.frame.topleft
        unit, hole = layout.unit, layout.hole
        key = (unit, layout.columns, frame.colour, frame.name, t("jackpot.rack.chance"), assets.text_scale())
        back = _LAYERS.get(("back",) + key, frame.build_back)
        front = _LAYERS.get(("front",) + key, frame.build_front)
        pad = frame.shadow_pad()
        surface.blit(back, (origin[0] - pad, origin[1] - pad))
        pulse = self.glow()

        lit = {c for c in lit_columns if 0 <= c < len(layout.columns)}
        holes = layout.holes
        if lit or chance_lit:
            backlight = light(("backlight", hole, unit), frame.build_backlight, pulse)
            for c in lit:  # the window a tile would land in
                row = flights.landing_row(c)
                if row is not None and (c, row) not in flights.landed:
                    surface.blit(backlight, holes[(c, row)], special_flags=pygame.BLEND_RGB_ADD)
            if chance_lit and flights.landed_chance is None:
                surface.blit(backlight, layout.chance_hole, special_flags=pygame.BLEND_RGB_ADD)

        size = layout.tile_size
        at = layout.tile_at
        tiles = [(tile_surface(symbol, size), at[cell]) for cell, symbol in flights.landed.items() if cell in at]
        if flights.landed_chance is not None:
            tiles.append((tile_surface(flights.landed_chance, size), layout.chance_tile_at))
        if ghost is not None:
            symbol, column = ghost
            if column == CHANCE:
                if flights.chance() is None and symbol in SYMBOLS:
                    tiles.append((tile_surface(symbol, size, ghost=True), layout.chance_tile_at))
            else:
                row = flights.landing_row(column) if 0 <= column < len(layout.columns) else None
                if row is not None and symbol in SYMBOLS:
                    tiles.append((tile_surface(symbol, size, ghost=True), at[(column, row)]))
        surface.fblits(tiles)
        for f in flights.flying:
            if not f.in_front:
                self._draw_flight(surface, f)

        surface.blit(front, origin)

        for c in lit:
            block = layout.column_block(c)
            glow = light(("glow", c) + key, lambda block=block: frame.build_glow(block), pulse)
            surface.blit(glow, glow.get_rect(center=block.move(origin).center), special_flags=pygame.BLEND_RGB_ADD)
            self._draw_chevron(surface, c, pulse)
        if chance_lit:
            block = layout.chance_block()
            glow = light(("glow", "chance") + key, lambda: frame.build_glow(block), pulse)
            surface.blit(glow, glow.get_rect(center=block.move(origin).center), special_flags=pygame.BLEND_RGB_ADD)
        if highlight_cells:
            halo = light(("halo", hole, unit), frame.build_halo, 1.0)
            ring = _LAYERS.get(("ring", hole, unit), frame.build_ring)
            for cell in highlight_cells:
                if layout.exists(*cell):
                    centre = layout.window_rect(*cell).center
                    surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
                    surface.blit(ring, ring.get_rect(center=centre))
        for where, left in flights.flashes:
            window = layout.chance_rect() if where == "chance" else layout.window_rect(*where)
            flash = light(("flash", hole, unit), frame.build_flash, (left / FLASH_TIME) ** 1.5)
            surface.blit(flash, flash.get_rect(center=window.center), special_flags=pygame.BLEND_RGB_ADD)
        if focus is not None:
            self._draw_focus(surface, focus)
        for f in flights.flying:
            if f.in_front:
                self._draw_flight(surface, f)
        if label:
            self._draw_label(surface, label)

    def _draw_flight(self, surface: pygame.Surface, f: _Flight) -> None:
        eighths = max(0, min(8, round(f.alpha * 8)))
        if eighths == 0 or f.delay > 0:
            return
        tile = faded_tile(f.symbol, self.layout.tile_size, eighths)
        surface.blit(tile, tile.get_rect(center=(round(f.x), round(f.y))))

    def _draw_focus(self, surface: pygame.Surface, where: int | str) -> None:
        """The keyboard's cursor: a white ring around the column's block (or the Chance Space's)."""
        layout = self.layout
        if where == CHANCE:
            block = layout.chance_block()
        elif isinstance(where, int) and 0 <= where < len(layout.columns):
            block = layout.column_block(where)
        else:
            return
        width = max(2, round(0.06 * layout.unit))
        ring = block.move(layout.frame.topleft).inflate(2 * width + 4, 2 * width + 4)
        pygame.draw.rect(surface, (40, 24, 0), ring.inflate(2, 2), width + 2, border_radius=round(0.25 * layout.unit))
        pygame.draw.rect(surface, FOCUS_INK, ring, width, border_radius=round(0.25 * layout.unit))

    def _draw_chevron(self, surface: pygame.Surface, column: int, pulse: float) -> None:
        """A small arrow above a lit column, bobbing, pointing down into it."""
        layout = self.layout
        top = layout.window_rect(column, layout.columns[column] - 1)
        arrow = _LAYERS.get(("chevron", layout.unit), self.frame.build_chevron)
        bob = round(0.06 * layout.unit * (pulse - 0.72) / 0.28)
        rect = arrow.get_rect(midbottom=(top.centerx, top.top - round(0.16 * layout.unit) + bob))
        rect.top = max(rect.top, layout.rect.top - round(0.3 * layout.unit))
        surface.blit(arrow, rect)

    def _draw_label(self, surface: pygame.Surface, words: str) -> None:
        layout = self.layout
        image = _LAYERS.get(("label", words, layout.unit, layout.rect.width), lambda: self.frame.build_label(words))
        surface.blit(image, image.get_rect(center=layout.frame.center))
