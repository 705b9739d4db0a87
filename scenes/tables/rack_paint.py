"""Painting a Jackpot rack each frame: the back wall, the tiles (settled, falling, ghosted), the front
with its windows, glows, the focus ring and labels, all blitted from the cached layers of
:mod:`scenes.tables.rack_frame`. Part of :class:`scenes.tables.rack_view.RackView`."""

from __future__ import annotations

import math

import pygame

from game.rules.i18n import t
from game.rules.jackpot import SYMBOLS

from scenes.tables.jackpot_art import faded_tile, tile_surface
from scenes.tables.rack_flights import FLASH_TIME, _Flight
from scenes.tables.rack_frame import _LAYERS, FOCUS_INK, RackFrame, _text
from scenes.tables.rack_layout import MARGIN
from scenes.ui import assets, theme
from scenes.ui.theme import PAPER

CHANCE = "chance"  # the Chance Space, where a column number would be (game.engine.jackpot_state.CHANCE_SPACE)


class RackPainter(RackFrame):
    """The painting part of a rack view (its layout and content come from RackLayout and RackFlights)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        lit = bool(self.lit_columns or self.chance_lit)
        if lit and self._lit_at is None:
            self._lit_at = self._time
        elif not lit:
            self._lit_at = None

    def pulsing(self) -> bool:
        """Lit windows breathe for a few seconds after they light up, then glow steady: a rack waiting for a
        person is at rest, and not redrawn."""
        return self._lit_at is not None and self._time - self._lit_at < theme.PULSE_SECONDS

    def moving(self) -> bool:
        """Tiles falling, a landed tile's flash, lit windows breathing."""
        return self.busy() or bool(self._flashes) or self.pulsing()

    def glow(self) -> float:
        if not self.pulsing():
            return 1.0
        return 0.72 + 0.28 * math.cos((self._time - self._lit_at) * 5.0)

    def draw(self, surface: pygame.Surface) -> None:
        origin = self._frame.topleft
        key = (self.unit, self.columns, self.colour, self.name, t("jackpot.rack.chance"), assets.text_scale())
        back = _LAYERS.get(("back",) + key, self._build_back)
        front = _LAYERS.get(("front",) + key, self._build_front)
        pad = self._shadow_pad()
        surface.blit(back, (origin[0] - pad, origin[1] - pad))
        pulse = self.glow()

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

    def _draw_name(self, front: pygame.Surface) -> None:
        u = self.unit
        high = max(self.columns)
        first_free = next((c for c, h in enumerate(self.columns) if h <= high - 1), None)
        if first_free is None:
            return
        left = round((first_free + 2 * MARGIN + 0.25) * u) + u * 0  # right of the column that reaches the top
        room = pygame.Rect(left, 0, self._frame.width - left - round(0.1 * u), round(0.8 * u))
        size = assets.scaled(max(15, 0.36 * u))  # readable on a small panel, larger with large text
        if not pygame.font.get_init():
            pygame.font.init()
        words = assets.fit(assets.printable(self.name), size, room.width, "bold")
        shadow = _text(words, size, (0, 0, 0), "bold")
        ink = _text(words, size, PAPER, "bold")
        rect = ink.get_rect(midright=room.midright)
        front.blit(shadow, rect.move(1, 2))
        front.blit(ink, rect)
