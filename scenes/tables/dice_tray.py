"""The dice on the felt: thrown, tumbling, bouncing and settling on faces the engine already drew.

The tray decides nothing about the game. The engine rolls; the owner hands
the results to :meth:`DiceTray.throw`, and the tray only animates toward
them: dice fly in from the player's edge, tumble (showing passing faces from
the tray's own random generator, for looks only), bounce off the walls and
each other, and settle square on the engine's faces.

Model, kept small on purpose: each die is a circle on the tray floor with a
fake height ``z`` (drawn larger, its shadow further off, while high). The
felt has friction, walls and dice have restitution, spin decays. Three rules
make the ending certain: no die settles before ``MIN_ROLL`` (a roll must be
seen), the felt grips harder after ``LATE``, and at ``FORCE_SETTLE`` every
die still moving settles anyway. Settling is a short ease onto a free spot
(square to the tray, inside it, clear of other dice and the hold row), so at
rest dice never overlap even though they collided as circles.

Times are tray seconds: ``update`` multiplies real seconds by ``speed``.
"""

from __future__ import annotations

import random
from typing import Callable

import pygame

from scenes.tables import die_art
from scenes.tables.dice_physics import (EASE, FINISH_BY, FLY, FOCUS_COLOUR, GLOW_COLOUR, HAND, HEIGHT_ZOOM, HOLD_TIME,
                                        OFF, REST, SUBSTEP, DicePhysics, _Die, _nearest_turn)
from scenes.ui.theme import SHADOW
from scenes.ui.tween import Clock



class DiceTray(DicePhysics):
    """Dice on a felt tray and in a hold row; see the module docstring for the model."""

    def __init__(self, tray: pygame.Rect, hold_row: pygame.Rect, count: int = 5, size: int = 72, seed: int = 0):
        self.tray = pygame.Rect(tray)
        self.hold_row = pygame.Rect(hold_row)
        self.keep_clear: list[pygame.Rect] = []  # where no die may come to rest (panels over the tray)
        self.slot_order: list[int] | None = None  # die in each hold slot, left to right (None: die i in slot i)
        self.count = count
        self.size = size
        self.speed = 1.0
        self.style = "ivory"
        self.focus: int | None = None
        self.highlight: set[int] = set()
        self.on_hit: Callable[[float], None] | None = None
        self.gap = max(4, round(size * 0.1))  # the least room between dice at rest
        self._rng = random.Random(seed)  # for looks only; the engine's generator is never touched
        self._clock = Clock()
        self._dice = [_Die(i) for i in range(count)]
        self._pending_hit = 0.0
        self._tidy_due = False  # dice moved: once all rest, any that found no free spot are laid out (see tidy)

    # ------------------------------------------------------------ the owner's calls

    def throw(self, faces: tuple[int, ...], rolling: list[bool]) -> None:
        """Dice with ``rolling[i]`` fly in from the player's edge and settle on ``faces[i]``."""
        if faces is None:
            raise ValueError("throw() needs the engine's faces; use place(None, ...) for an empty table")
        self.skip()  # a throw over an unfinished one: the old one lands first
        self._tidy_due = True
        thrown = []
        for die in self._dice:
            die.face = faces[die.index]
            if rolling[die.index]:
                thrown.append(die)
            elif die.state == OFF:  # a kept die never seen yet: put it down quietly
                self._put_down(die)
            else:
                die.shown = die.face  # a kept die always agrees with the engine
        self._rng.shuffle(thrown)  # which die leaves the hand where is not tied to its number
        aim = self._rng.uniform(-0.25, 0.25)  # the whole handful drifts a little left or right
        for k, x in enumerate(self._hand_positions(len(thrown))):
            fan = (k + 0.5) / len(thrown) - 0.5  # outer dice fly outward, as from an opening hand
            self._launch(thrown[k], x, aim + fan * 0.8)

    def place(self, faces: tuple[int, ...] | None, held: list[bool]) -> None:
        """Show dice at rest, no animation: held ones in their slots, the rest tidily in the tray.

        A die already resting at a free spot in the tray stays there, so placing the
        same dice again does not shuffle them. ``faces`` None clears the table.
        """
        self._clock = Clock()
        was_on_tray = {d.index for d in self._dice if d.state != OFF and not d.held}
        for die in self._dice:
            die.held = bool(held[die.index]) if die.index < len(held) else False
            die.stop()
            die.z, die.locked, die.entering = 0.0, True, False
            if faces is None:
                die.state, die.face, die.shown, die.home = OFF, None, None, None
                continue
            die.face = die.shown = faces[die.index]
            die.state = REST
            if die.held:
                die.x, die.y = self.slot_centre(die.index)
                die.angle = 0.0
        if faces is None:
            return
        loose = [d for d in self._dice if not d.held]
        for die in loose:
            die.state = OFF  # not a claim until it is put down again
        for die in loose:
            if die.index in was_on_tray and self._free(die.x, die.y, die):
                die.state, die.angle = REST, _nearest_turn(die.angle, 90) % 360
                die.home = (die.x, die.y)
        for die in loose:
            if die.state == OFF:
                self._put_down(die)
        self.tidy(glide=False)

    def set_held(self, die: int, held: bool) -> None:
        """Held dice glide to their slot in the hold row and get the gold mark; released ones glide back."""
        d = self._dice[die]
        if d.held == held:
            return
        d.held = held
        self._tidy_due = True
        if d.state == OFF:
            return
        if d.state in (HAND, FLY):  # caught mid-roll: it lands on its face in the hand
            self._lock(d)
            d.stop()
        if held:
            if d.state == REST:
                d.home = (d.x, d.y)
            x, y = self.slot_centre(die)
        else:
            x, y = self._find_spot(*(d.home or self._tray_point_near(d.x, d.y)), d)
        turn = die_art.symmetry(d.shown, self.style) if held else 90  # held dice sit upright
        self._ease(d, (x, y, _nearest_turn(d.angle, turn), 0.0), HOLD_TIME, self.size * 0.3, "in_out_cubic")

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds (times ``speed``) in fixed physics steps."""
        left = max(0.0, min(dt, 0.1)) * self.speed
        if left > 2 * FINISH_BY:  # a huge speed: nothing would be seen moving anyway
            self.skip()
            left = 0.0
        while left > 1e-9:
            step = min(SUBSTEP, left)
            left -= step
            self._step(step)
        if self._pending_hit > 0 and self.on_hit:
            self.on_hit(min(1.0, self._pending_hit))
        self._pending_hit = 0.0
        if self._tidy_due and not self.busy():
            self._tidy_due = False
            self.tidy()

    def tidy(self, glide: bool = True) -> None:
        """Dice at rest that found no free spot (a row the panels over the felt left tight, filled unevenly) lie
        down afresh: evenly spaced, in the order of their numbers, along the lowest line that holds them all."""
        loose = sorted((d for d in self._dice if d.state == REST and not d.held), key=lambda d: self.rank(d.index))
        if all(self._free(d.x, d.y, d) for d in loose):
            return
        for d, (x, y) in zip(loose, self._line(loose)):
            goal = (x, y, _nearest_turn(d.angle, 90) % 360, 0.0)
            if glide:
                self._ease(d, goal, HOLD_TIME, 0.0, "in_out_cubic")
            else:
                d.x, d.y, d.angle, d.home = x, y, goal[2], (x, y)

    def _line(self, dice: list[_Die]) -> list[tuple[float, float]]:
        """Spots for ``dice`` side by side across the tray, on the lowest line where each is free; none if no
        line holds them all."""
        lo_x, hi_x, lo_y, hi_y = self._bounds()
        step = (hi_x - lo_x) / max(1, len(dice) - 1)
        xs = [lo_x + i * step for i in range(len(dice))] if len(dice) > 1 else [float(self.tray.centerx)]
        others = [(d.x, d.y) for d in self._dice if d.state == REST and d not in dice]
        y = hi_y
        while y >= lo_y and (len(dice) < 2 or step >= self.size + self.gap):
            if all(self._free(x, y, d, others) for x, d in zip(xs, dice)):
                return [(x, y) for x in xs]
            y -= self.size * 0.2
        return []

    def busy(self) -> bool:
        return any(d.state in (HAND, FLY, EASE) for d in self._dice)

    def skip(self) -> None:
        """Every die at rest now, on its final face."""
        for die in self._dice:
            if die.state in (HAND, FLY):
                self._settle(die)
        self._clock.finish_all()

    def die_at(self, pos: tuple[int, int]) -> int | None:
        for die in reversed(self._draw_order()):  # the topmost die wins
            if self.die_rect(die.index).collidepoint(pos):
                return die.index
        return None

    def shown_faces(self) -> list[int | None]:
        return [None if d.state == OFF else d.shown for d in self._dice]

    def die_rect(self, die: int) -> pygame.Rect:
        """The die's square as drawn now (scaled up while high), unrotated."""
        d = self._dice[die]
        if d.state == OFF:
            return pygame.Rect(self.tray.center, (0, 0))
        side = round(self.size * self._zoom(d))
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(d.x), round(d.y))
        return rect

    def keep_order(self, order: list[int]) -> None:
        """The dice resting in the tray swap spots so that they lie left to right in ``order``."""
        resting = [d for d in order if self._dice[d].state == REST and not self._dice[d].held]
        spots = sorted((self._dice[d].x, self._dice[d].y) for d in resting)
        for d, (x, y) in zip(resting, spots):
            die = self._dice[d]
            die.x, die.y = x, y
            die.home = (x, y)

    def rank(self, die: int) -> int:
        """The dice's numbers keep their order in a tidy row too (a resumed turn lies as it landed)."""
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

    def top_of_last_row(self) -> int:
        """The top of the lowest row where dice rest: a panel over the tray that ends above it leaves them a row."""
        lowest_centre = self._bounds()[3]
        return int(lowest_centre) - (self.size + 2) // 2 - 1  # the square a resting die claims (see _free)

    def is_held(self, die: int) -> bool:
        return self._dice[die].held

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        dice = self._draw_order()
        for d in dice:  # all shadows first, so no shadow falls on a die
            self._draw_shadow(surface, d)
        for d in dice:
            if d.index in self.highlight:
                glow = die_art.glow_surface(self.size, GLOW_COLOUR)
                surface.blit(glow, glow.get_rect(center=(round(d.x), round(d.y))))
            frame = die_art.die_frame(d.shown, self.size, d.angle, self._zoom(d), self.style, d.held)
            surface.blit(frame, frame.get_rect(center=(round(d.x), round(d.y))))
            if self.focus == d.index:
                self._draw_focus(surface, self.die_rect(d.index))

    def _draw_order(self) -> list[_Die]:
        seen = [d for d in self._dice if d.state not in (OFF, HAND) and d.shown is not None]
        return sorted(seen, key=lambda d: d.z)  # lower dice first; sorted() keeps ties in die order

    def _zoom(self, d: _Die) -> float:
        return 1.0 + HEIGHT_ZOOM * max(0.0, d.z) / self.size

    def _draw_shadow(self, surface: pygame.Surface, d: _Die) -> None:
        # Light from the top-left: the higher the die, the further, larger and fainter its shadow.
        height = max(0.0, d.z) / self.size
        frame = die_art.shadow_frame(self.size, d.angle, 1.0 + 0.2 * height, 1.0 - min(0.6, 0.5 * height))
        dx = self.size * (0.05 + 0.4 * height)
        dy = self.size * (0.08 + 0.55 * height)
        surface.blit(frame, frame.get_rect(center=(round(d.x + dx), round(d.y + dy))))

    def _draw_focus(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ring = rect.inflate(12, 12)
        radius = int(ring.width * 0.24)
        pygame.draw.rect(surface, SHADOW, ring.inflate(4, 4), 2, border_radius=radius + 2)
        pygame.draw.rect(surface, FOCUS_COLOUR, ring, 3, border_radius=radius)

    # ------------------------------------------------------------ throwing



    # ------------------------------------------------------------ physics












    # ------------------------------------------------------------ settling and gliding







    # ------------------------------------------------------------ free spots





