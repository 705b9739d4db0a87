"""A Jackpot rack's cached layers: the frame (back wall, and front with the windows cut out, in the
seat's colour), its shadows, the glows, the focus ring, chevrons and labels. Each is rendered once per size
and colour and kept; :mod:`scenes.jackpot.rack_paint` only blits them. A part of
:class:`scenes.jackpot.rack_view.RackView`, held by its painter (``painter.frame``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.i18n import t
from scenes.jackpot.rack_layout import MARGIN, RackLayout
from scenes.ui import assets
from scenes.ui.assets import BoundedCache
from scenes.ui.theme import PAPER, mix

SUPERSAMPLE = 2
GLOW = (255, 236, 150)
SHADE = (34, 22, 16)  # what the frame's colour darkens toward: a warm dark, so yellow goes amber, not olive
HIGHLIGHT = (255, 214, 64)
LABEL_INK = (255, 222, 92)
FOCUS_INK = (255, 255, 255)  # the keyboard's cursor, as a focused button has it

# Frames, glows and labels, built once per size (moving a view reuses them; resizing builds new ones).
# Lights are kept at a few strengths each, for the pulse: room for four racks with every column lit.
_LAYERS = BoundedCache("rack layers", 320, max_bytes=64 * 2**20)


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
    return assets.text(assets.printable(words), max(assets.least(), int(size)), colour, style)


class RackFrame:
    """The layers of one rack: built from its ``layout`` (a RackLayout) in the seat's ``colour``, with the
    player's ``name`` on the front. The builders make a layer; the painter keeps them in the cache."""

    def __init__(self, layout: RackLayout, colour, name: str):
        self.layout = layout
        self.colour = tuple(colour)
        self.name = name

    def build_front(self) -> pygame.Surface:
        s = SUPERSAMPLE
        u = self.layout.unit * s
        size = (self.layout.frame.width * s, self.layout.frame.height * s)
        base = mix(self.colour, SHADE, 0.1)
        light, dark = mix(base, (255, 255, 255), 0.3), mix(base, SHADE, 0.3)
        radius = round(0.16 * u)

        shape = pygame.Surface(size, pygame.SRCALPHA)
        blocks, _, foot = self.layout.blocks(s)
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
        holes = [self.layout.local_hole(c, r) for c, h in enumerate(self.layout.columns) for r in range(h)]
        holes.append(self.layout.local_chance())
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
        chance_hole = self.layout.local_chance()

        front = pygame.transform.smoothscale(body, self.layout.frame.size)

        # Depth: the frame's shadow falls on the tiles behind it, from the top and the left.
        for hole in holes:
            front.blit(self._inner_shadow(hole.size), hole.topleft)

        # Words: CHANCE on the foot under its window, the player's name in the room at the top right.
        # never under 11 px (the Steam Deck's 9 px least, with room): on a small rack it fills the foot
        label = t("jackpot.rack.chance")
        label_size = max(11, assets.scaled(0.24 * self.layout.unit))
        label_size = assets.size_to_fit(label, label_size, chance_hole.width + round(0.3 * self.layout.unit), "black",
                                        min(1.0, 11 / label_size))
        words = _text(label, label_size, mix(foot_colour, (255, 255, 255), 0.62))
        footer = pygame.Rect(0, chance_hole.bottom, 1, self.layout.frame.height - chance_hole.bottom)
        at = words.get_rect(center=(chance_hole.centerx, footer.centery + round(0.02 * self.layout.unit)))
        room = self.layout.frame.width - round(0.08 * self.layout.unit)
        front.blit(words, at.move(min(0, room - at.right), 0))  # all of it
        if self.name:
            self._draw_name(front)
        return _rle(_ready(front))

    def _draw_name(self, front: pygame.Surface) -> None:
        u = self.layout.unit
        columns = self.layout.columns
        high = max(columns)
        first_free = next((c for c, h in enumerate(columns) if h <= high - 1), None)
        if first_free is None:
            return
        left = round((first_free + 2 * MARGIN + 0.25) * u) + u * 0  # right of the column that reaches the top
        room = pygame.Rect(left, 0, self.layout.frame.width - left - round(0.1 * u), round(0.8 * u))
        size = assets.scaled(max(15, 0.36 * u))  # readable on a small panel, larger with large text
        if not pygame.font.get_init():
            pygame.font.init()
        words = assets.fit(assets.printable(self.name), size, room.width, "bold")
        shadow = _text(words, size, (0, 0, 0), "bold")
        ink = _text(words, size, PAPER, "bold")
        rect = ink.get_rect(midright=room.midright)
        front.blit(shadow, rect.move(1, 2))
        front.blit(ink, rect)

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

    def _inner_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        shade = pygame.Surface(size, pygame.SRCALPHA)
        depth = max(2, round(0.2 * self.layout.unit))
        for y in range(depth):
            a = round(150 * (1 - y / depth) ** 2)
            pygame.draw.line(shade, (0, 0, 0, a), (0, y), (w, y))
        side = max(1, round(0.09 * self.layout.unit))
        for x in range(side):
            a = round(90 * (1 - x / side) ** 2)
            column = pygame.Surface((1, h), pygame.SRCALPHA)
            column.fill((0, 0, 0, a))
            shade.blit(column, (x, 0))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(0.1 * self.layout.unit))
        shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return shade

    def shadow_pad(self) -> int:
        return max(4, round(0.25 * self.layout.unit))

    def build_back(self) -> pygame.Surface:
        """What lies behind the tiles: the rack's shadow on the table and each column's back wall.

        ``_shadow_pad()`` larger than the frame on every side. Only the shadow's fringe
        outside the frame is kept (the frame covers the rest), so most of this layer is
        clear or opaque, which run-length encoding blits quickly.
        """
        pad = self.shadow_pad()
        u = self.layout.unit
        frame = self.layout.frame
        surface = pygame.Surface((frame.width + 2 * pad, frame.height + 2 * pad), pygame.SRCALPHA)
        blocks, _, foot = self.layout.blocks(1)
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
        high = max(self.layout.columns)
        for c, h in enumerate(self.layout.columns):
            top = self.layout.local_hole(c, h - 1)
            bottom = self.layout.local_hole(c, 0)
            block_top = round((high - h) * u)
            channels.append(pygame.Rect(top.x, block_top, top.width, bottom.bottom - block_top))
        chance = self.layout.local_chance()
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

    def build_backlight(self) -> pygame.Surface:
        """Light from behind an empty window of a lit column: warm, brightest in the middle."""
        side = self.layout.hole
        light = pygame.Surface((side, side), pygame.SRCALPHA)
        steps = 10
        for i in range(steps):
            t = i / (steps - 1)
            inset = round(t * side * 0.34)
            pygame.draw.rect(light, (*mix((230, 160, 50), (255, 236, 160), t), round(90 + 140 * t)),
                             light.get_rect().inflate(-2 * inset, -2 * inset), border_radius=round(0.3 * side))
        light = _blurred(light, max(2, side // 8))
        mask = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(0.1 * self.layout.unit))
        light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return light

    def build_glow(self, block: pygame.Rect) -> pygame.Surface:
        """A soft warm halo around a lit column's (or the chance space's) block."""
        pad = max(6, round(0.3 * self.layout.unit))
        surface = pygame.Surface((block.width + 2 * pad, block.height + 2 * pad), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, block.width, block.height)
        width = max(4, round(0.12 * self.layout.unit))
        pygame.draw.rect(surface, (*GLOW, 210), inner.inflate(width, width), width,
                         border_radius=round(0.25 * self.layout.unit))
        surface = _blurred(surface, max(2, round(0.1 * self.layout.unit)))
        pygame.draw.rect(surface, (*GLOW, 130), inner.inflate(2, 2), max(1, round(0.03 * self.layout.unit)),
                         border_radius=round(0.16 * self.layout.unit))
        return surface

    def build_halo(self) -> pygame.Surface:
        pad = max(6, round(0.3 * self.layout.unit))
        side = self.layout.hole + 2 * pad
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, self.layout.hole, self.layout.hole)
        width = max(4, round(0.2 * self.layout.unit))
        pygame.draw.rect(surface, (*HIGHLIGHT, 255), inner.inflate(width, width), width,
                         border_radius=round(0.2 * self.layout.unit))
        return _blurred(surface, max(2, round(0.1 * self.layout.unit)))

    def build_ring(self) -> pygame.Surface:
        """A scoring line's window: a bright gold frame (its halo is added as light)."""
        ring = max(2, round(0.07 * self.layout.unit))
        side = self.layout.hole + 2 * ring + 4
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, self.layout.hole, self.layout.hole)
        inner.center = (side // 2, side // 2)
        radius = round(0.12 * self.layout.unit) + ring
        pygame.draw.rect(surface, (110, 60, 0, 255), inner.inflate(2 * ring + 2, 2 * ring + 2), ring + 1,
                         border_radius=radius + 1)
        pygame.draw.rect(surface, (255, 226, 100, 255), inner.inflate(2 * ring, 2 * ring), ring, border_radius=radius)
        pygame.draw.rect(surface, (255, 250, 214, 255), inner.inflate(2 * ring, 2 * ring), max(1, ring // 3),
                         border_radius=radius)
        return _ready(surface)

    def build_flash(self) -> pygame.Surface:
        pad = max(6, round(0.3 * self.layout.unit))
        side = self.layout.hole + 2 * pad
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, self.layout.hole, self.layout.hole)
        pygame.draw.rect(surface, (255, 255, 240, 220), inner.inflate(pad // 2, pad // 2), max(3, pad // 2),
                         border_radius=round(0.2 * self.layout.unit))
        return _blurred(surface, max(2, pad // 3))

    def build_chevron(self) -> pygame.Surface:
        s = 4
        w, h = max(8, round(0.42 * self.layout.unit)), max(5, round(0.24 * self.layout.unit))
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        t = max(2, round(0.09 * self.layout.unit)) * s
        points = [(t * 0.5, t * 0.5), (w * s / 2, h * s - t * 0.6), (w * s - t * 0.5, t * 0.5)]
        pygame.draw.lines(big, (60, 40, 0, 200), False, [(x + s, y + s) for x, y in points], t + 2 * s)
        pygame.draw.lines(big, (*GLOW, 255), False, points, t)
        for p in points:
            pygame.draw.circle(big, (*GLOW, 255), p, t / 2)
        return _ready(pygame.transform.smoothscale(big, (w, h)))

    def build_label(self, words: str) -> pygame.Surface:
        size = max(16, round(0.95 * self.layout.unit))
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
        # a long one ("High Round Bonus +120"): scaled to the rack's width
        if surface.get_width() > self.layout.rect.width:
            surface = pygame.transform.smoothscale_by(surface, self.layout.rect.width / surface.get_width())
        return _ready(surface)


def light(key: tuple, build: Callable[[], pygame.Surface], strength: float) -> pygame.Surface:
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


def clear_caches() -> None:
    _LAYERS.clear()
