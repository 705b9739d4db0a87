"""What is seen of the tray's dice: where a die is drawn and which one is under a point, the faces shown, what
the eye sees of a die at rest (its top, its outline, where its pips may be, where a key badge covers none),
the hold row's slots, the felt's geometry for a throw, and the drawing. A part of
:class:`scenes.dice.dice_tray.DiceTray` (its base), which owns the dice and moves them."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from scenes.dice import die_art
from scenes.dice.dice_die import EASE, FLY, HAND, OFF, REST, Die, heading
from scenes.dice.dice_render import PIP_RADIUS, PIP_SPREAD, Pose, Projection, draw_shadow
from scenes.dice.dice_spots import convex_hull
from scenes.dice.physics.cube import Quat, up_axis
from scenes.dice.physics.dice_world import ROUND
from scenes.ui.theme import SHADOW, WHITE

FOCUS_COLOUR = WHITE
GLOW_COLOUR = (150, 230, 255)


class DiceSight:
    """The tray's dice as seen (see the module docstring); DiceTray sets the attributes used here."""

    def _felt_pose(self, d: Die) -> tuple[float, float, Quat]:
        return (*self.view.felt_point(d.x, d.y), d.orientation())

    def _throw_room(self, room: pygame.Rect | None = None) -> tuple[float, float, float, float]:
        """Where a throw happens, in die sides from the felt's near left corner (x, y, width, depth): the felt
        free of panels (or ``room``), each side in from its wall by what perspective adds there (a top face is
        seen further from the camera's foot than the die stands)."""
        room, view = room or self.spots.free_felt(), self.view
        grow = 1 - 1 / view.scale_at(1.0)
        (left, bottom), (right, top) = view.felt_point(room.left, room.bottom), view.felt_point(room.right, room.top)
        left += max(0.0, view.cx - left) * grow
        right -= max(0.0, right - view.cx) * grow
        bottom += max(0.0, view.cy - bottom) * grow
        top -= max(0.0, top - view.cy) * grow
        return left, bottom, max(1.0, right - left), max(1.0, top - bottom)

    def _canvas(self, x: float, y: float, z: float, world: tuple[float, float]) -> tuple[float, float, float]:
        """A throw's world (die sides: x, y, centre height; it begins at ``world``, die sides right of and up
        from the felt's corner) to the tray's canvas pixels (x, y, lift)."""
        x0, y0 = world
        return self.tray.left + (x + x0) * self.size, self.tray.bottom - (y + y0) * self.size, (z - 0.5) * self.size

    def _world_point(self, px: float, py: float, x0: float, y0: float) -> tuple[float, float]:
        """Canvas pixels to a throw's world that begins at (x0, y0) (die sides from the felt's near left corner)."""
        x, y = self.view.felt_point(px, py)
        return x - x0, y - y0


    # ------------------------------------------------------------ questions

    def die_at(self, pos: tuple[int, int]) -> int | None:
        for die in reversed(self._draw_order()):  # the topmost die wins
            if self.die_rect(die.index).collidepoint(pos):
                return die.index
        return None

    def shown_faces(self) -> list[Hashable]:
        """The face on top of each die now (None for a die not on the table)."""
        shown = []
        for d in self._dice:
            if d.state in (OFF, HAND) or d.labels is None:
                shown.append(None)
            elif d.state == FLY:
                shown.append(self.faces_of(d.index)[d.labels.number_on(up_axis(d.orientation())) - 1])
            else:
                shown.append(d.face)
        return shown

    def die_rect(self, die: int) -> pygame.Rect:
        """The die's top face as drawn now (larger while lifted), upright."""
        d = self._dice[die]
        if d.state in (OFF, HAND):
            return pygame.Rect(self.tray.center, (0, 0))
        return self._top_rect(d.x, d.y, d.z, self._view_of(d))

    def _top_rect(self, x: float, y: float, lift: float, view: Projection | None = None) -> pygame.Rect:
        """Where the top face of a die over canvas point (x, y), lifted ``lift`` pixels, is seen."""
        view, top = view or self.view, 1.0 + lift / self.size
        cx, cy = view.point(*self.view.felt_point(x, y), top)
        side = round(self.size * view.scale_at(top))
        return pygame.Rect(round(cx) - side // 2, round(cy) - side // 2, side, side)

    def _view_of(self, d: Die) -> Projection:
        """The felt's camera, or for a die on the hold row (a shelf of its own) one right above it: dice there
        are seen square from above, and a die gliding to or from it turns to that view on the way."""
        share = 1.0 if d.held and d.state == REST else 0.0
        if d.state == EASE and (d.held or self.hold_row.collidepoint(d.start[:2])):
            share = d.progress if d.held else 1.0 - d.progress
        if share <= 0.0:
            return self.view
        cx, cy = self.tray.center
        return self.view.looking_at((cx + (d.x - cx) * share, cy + (d.y - cy) * share))

    # ------------------------------------------------------------ what the eye sees of a die at rest

    def _seen_square(self, d: Die, half: float, z: float) -> list[tuple[float, float]]:
        """The corners of a square ``half`` die sides from the die's centre, at height ``z``, as the felt's
        camera shows them (canvas pixels)."""
        fx, fy = self.view.felt_point(d.x, d.y)
        t = math.radians(d.angle)
        c, s = math.cos(t), math.sin(t)
        return [self.view.point(fx + c * u - s * v, fy + s * u + c * v, z)
                for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))]

    def seen_top(self, die: int) -> list[tuple[float, float]]:
        """The top face of a die lying on the felt, as drawn: its flat part and half its rounded edge."""
        return self._seen_square(self._dice[die], 0.5 - ROUND / 2, 1.0)

    def seen_outline(self, die: int) -> list[tuple[float, float]]:
        """Everything a die lying on the felt may cover: its foot and its top, as the camera sees them (the
        sharp cube's, a little more than the rounded one)."""
        d = self._dice[die]
        return convex_hull(self._seen_square(d, 0.5, 0.0) + self._seen_square(d, 0.5, 1.0))

    def seen_pips(self, die: int) -> list[tuple[float, float, float]]:
        """Where pips of a die lying on the felt may be seen, as circles (x, y, radius; canvas pixels): every
        place a pip of any face can take, turned as the die is (pip faces only; a symbol fills its face)."""
        d = self._dice[die]
        fx, fy = self.view.felt_point(d.x, d.y)
        t = math.radians(d.angle)
        c, s = math.cos(t), math.sin(t)
        radius = PIP_RADIUS * self.size * self.view.scale_at(1.0)
        return [(*self.view.point(fx + c * u - s * v, fy + s * u + c * v, 1.0), radius)
                for u in (-PIP_SPREAD, 0.0, PIP_SPREAD) for v in (-PIP_SPREAD, 0.0, PIP_SPREAD)]

    def badge_centre(self, die: int, radius: float) -> tuple[float, float]:
        """Where a round badge of ``radius`` pixels naming a die (its key) goes: by the die's top face, at the
        first of its corners and sides where it covers no pip of any die; its top left corner if none."""
        d = self._dice[die]
        rect = self.die_rect(die)
        if d.state != REST or d.held:
            return rect.left + 4, rect.top + 4
        pips = [p for other in self._dice if other.state == REST and not other.held
                for p in self.seen_pips(other.index)]
        pull = radius * 0.35  # how far in from the corner of the upright top rectangle
        cx, cy, half = rect.centerx, rect.centery, rect.width / 2
        for ux, uy in ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1.25), (-1.25, 0), (1.25, 0), (0, 1.25)):
            x, y = cx + ux * (half - pull), cy + uy * (half - pull)
            if all(math.hypot(x - px, y - py) > radius + pr + 1 for px, py, pr in pips):
                return x, y
        return rect.left + 4, rect.top + 4

    def keep_order(self, order: list[int]) -> None:
        """The dice resting on the felt swap spots (turns included) so that they lie left to right in ``order``."""
        resting = [d for d in order if self._dice[d].state == REST and not self._dice[d].held]
        spots = sorted(self._dice[d].spot() for d in resting)
        for d, (x, y, angle) in zip(resting, spots):
            die = self._dice[d]
            die.x, die.y, die.angle = x, y, angle
            die.home = (x, y)

    def rank(self, die: int) -> int:
        """Where a die comes in a tidy row, left to right (the key numbers' order, when the owner set one)."""
        if self.slot_order is not None and die in self.slot_order:
            return self.slot_order.index(die)
        return die

    def slot_centre(self, die: int) -> tuple[float, float]:
        """Where held die ``die`` sits: its slot of the hold row (split along its long side)."""
        if self.slot_order is not None and die in self.slot_order:
            die = self.slot_order.index(die)  # the slots follow the dice's key numbers
        row = self.hold_row
        if row.width >= row.height:
            return row.left + (die + 0.5) * row.width / self.count, float(row.centery)
        return float(row.centerx), row.top + (die + 0.5) * row.height / self.count

    def is_held(self, die: int) -> bool:
        return self._dice[die].held

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, cup: bool = True) -> None:
        """The dice, and the cup over them (``cup`` False: the owner draws it later, over its panels)."""
        dice = self._draw_order()
        for d in dice:  # all shadows first, so no shadow falls on a die
            x, y, q = self._felt_pose(d)
            draw_shadow(surface, self._view_of(d), x, y, 0.5 + d.z / self.size, heading(q))
        for d in dice:
            if d.index in self.highlight:
                glow = die_art.glow_surface(self.size, GLOW_COLOUR)
                surface.blit(glow, glow.get_rect(center=self.die_rect(d.index).center))
            x, y, q = self._felt_pose(d)
            assert d.labels is not None
            pose = Pose(x, y, 0.5 + d.z / self.size, q, d.labels)
            self.renderer.draw(surface, self._view_of(d), pose, self.looks[d.index], d.held, key=d.index)
            if self.focus == d.index:
                self._draw_focus(surface, self.die_rect(d.index))
        if cup:
            self.cup.draw(surface)

    def _draw_order(self) -> list[Die]:
        """Lower dice first; of dice as high, those further from under the camera first: a die's sides face
        the camera's foot, so a nearer die's top rightly covers a further one's side, never the other way."""
        seen = [d for d in self._dice if d.state not in (OFF, HAND) and d.labels is not None]
        cx, cy = self.tray.center
        return sorted(seen, key=lambda d: (round(d.z, 3), -math.hypot(d.x - cx, d.y - cy)))

    def _draw_focus(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ring = rect.inflate(12, 12)
        radius = int(ring.width * 0.24)
        pygame.draw.rect(surface, SHADOW, ring.inflate(4, 4), 2, border_radius=radius + 2)
        pygame.draw.rect(surface, FOCUS_COLOUR, ring, 3, border_radius=radius)
