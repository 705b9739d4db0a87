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

import math
import random
from dataclasses import dataclass
from typing import Callable

import pygame

from scenes.tables import die_art
from scenes.ui.theme import SHADOW, WHITE
from scenes.ui.tween import Clock

# States of one die.
OFF = "off"  # not on the table
HAND = "hand"  # thrown, not yet out of the hand (a short stagger)
FLY = "fly"  # moving under the physics
EASE = "ease"  # a scripted glide: settling, or sliding to or from the hold row
REST = "rest"

# Timing, in tray seconds from the throw.
MIN_ROLL = 0.45  # no die settles sooner: a roll must be seen
LATE = 0.6  # from here the felt grips harder, so every die slows for good
FORCE_SETTLE = 0.9  # a die still moving now settles anyway
FINISH_BY = 1.12  # every settle ease ends by this time (the promise is 1.2 s)
SETTLE_TIME = (0.1, 0.2)  # the final ease: shorter when the free spot is close
HOLD_TIME = 0.2  # the slide to or from the hold row
LAUNCH_STAGGER = 0.06  # dice leave the hand a little apart
SUBSTEP = 1 / 240  # physics step; the same steps at any speed, so fast is exactly twice as quick

# Physics, in die sizes so any tray and die size feels the same.
RADIUS = 0.6  # collision circle, as a share of the side
GRAVITY = 28.0  # sizes per s²
FLOOR_BOUNCE = 0.42  # a falling die keeps this share of its speed
MIN_BOUNCE = 1.0  # sizes per s: slower landings just stop
FELT_GRAB = 0.8  # horizontal speed kept on each landing
WALL_BOUNCE = 0.55
DIE_BOUNCE = 0.6
FRICTION = 7.0  # sizes per s², while sliding on the felt
DAMPING, LATE_DAMPING = 1.0, 5.0  # per second, on top of friction
SPIN_DECAY, LATE_SPIN_DECAY, AIR_SPIN_DECAY = 2.5, 8.0, 0.4  # per second
SPIN_KICK = 0.6  # degrees per second of spin per px/s of glancing speed
SETTLE_SPEED = 0.9  # sizes per s: slow enough to settle
LOCK_SPEED = 2.5  # sizes per s: below this on the felt, the final face shows for good
TUMBLE = 0.9  # face changes per size travelled
AIR_TUMBLE = 7.0  # extra face changes per second in the air

# Looks.
HEIGHT_ZOOM = 0.35  # extra scale per die size of height
HIT_SPEED = 12.0  # sizes per s of impact that make a full-strength clack
MIN_HIT = 0.06  # softer touches make no sound
HIT_GAP = 0.06  # seconds between clacks of the same die
FOCUS_COLOUR = WHITE
GLOW_COLOUR = (150, 230, 255)


@dataclass
class _Die:
    index: int
    state: str = OFF
    face: int | None = None  # the engine's face, where this die ends
    shown: int | None = None  # the face drawn now
    held: bool = False
    x: float = 0.0  # centre on the floor, canvas pixels
    y: float = 0.0
    z: float = 0.0  # height above the felt, pixels
    angle: float = 0.0  # degrees, counter-clockwise
    vx: float = 0.0
    vy: float = 0.0
    vz: float = 0.0
    spin: float = 0.0  # degrees per second
    age: float = 0.0  # tray seconds since the throw
    delay: float = 0.0  # still in the hand for this long
    entering: bool = False  # crossing the player's edge: the near wall is not there yet
    locked: bool = True  # showing its final face for good
    tumble: float = 0.0  # progress toward the next passing face
    cooldown: float = 0.0  # until this die may clack again
    start: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # an ease: from (x, y, angle, z)
    goal: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # ... to here
    arc: float = 0.0  # ... lifted this high midway
    progress: float = 0.0  # ... this far (tweened 0 to 1)
    home: tuple[float, float] | None = None  # its last resting spot in the tray

    @property
    def speed(self) -> float:
        return math.hypot(self.vx, self.vy)

    @property
    def grounded(self) -> bool:
        return self.z <= 0.0 and self.vz == 0.0

    def stop(self) -> None:
        self.vx = self.vy = self.vz = self.spin = 0.0


def _nearest_turn(angle: float, turn: float) -> float:
    return round(angle / turn) * turn


class DiceTray:
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

    # ------------------------------------------------------------ the owner's calls

    def throw(self, faces: tuple[int, ...], rolling: list[bool]) -> None:
        """Dice with ``rolling[i]`` fly in from the player's edge and settle on ``faces[i]``."""
        if faces is None:
            raise ValueError("throw() needs the engine's faces; use place(None, ...) for an empty table")
        self.skip()  # a throw over an unfinished one: the old one lands first
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

    def set_held(self, die: int, held: bool) -> None:
        """Held dice glide to their slot in the hold row and get the gold mark; released ones glide back."""
        d = self._dice[die]
        if d.held == held:
            return
        d.held = held
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

    def _hand_positions(self, n: int) -> list[float]:
        """Where thrown dice cross the player's edge: spread around a point near the middle."""
        if n == 0:
            return []
        r = RADIUS * self.size
        spread = min(self.tray.width - 2 * r, n * 2.3 * r)
        centre = self.tray.centerx + self._rng.uniform(-0.12, 0.12) * self.tray.width
        centre = max(self.tray.left + r + spread / 2, min(self.tray.right - r - spread / 2, centre))
        return [centre - spread / 2 + (k + 0.5) * spread / n + self._rng.uniform(-0.15, 0.15) * r
                for k in range(n)]

    def _launch(self, d: _Die, x: float, sideways: float) -> None:
        """Out of the hand at the player's edge: up into the air and across the felt."""
        rng, s = self._rng, self.size
        self._clock.tweens = [t for t in self._clock.tweens if t.target is not d]
        d.state, d.held, d.locked, d.entering = HAND, False, False, True
        d.age, d.delay, d.tumble, d.cooldown, d.home = 0.0, rng.uniform(0, LAUNCH_STAGGER), rng.random(), 0.0, None
        d.x, d.y, d.z = x, self.tray.bottom + 0.3 * s, s * rng.uniform(0.5, 0.85)
        d.vy = -self.tray.height * rng.uniform(0.7, 1.7)
        d.vx = abs(d.vy) * (sideways + rng.uniform(-0.2, 0.2))
        d.vz = s * rng.uniform(2.5, 4.0)
        d.angle = rng.uniform(0, 360)
        d.spin = rng.choice((-1, 1)) * rng.uniform(300, 800)
        d.shown = rng.randint(1, 6)

    # ------------------------------------------------------------ physics

    def _step(self, dt: float) -> None:
        for d in self._dice:
            if d.state == HAND:
                d.age += dt
                d.delay -= dt
                if d.delay <= 0:
                    d.state = FLY
        flying = [d for d in self._dice if d.state == FLY]
        if flying:
            for d in flying:
                self._move(d, dt)
            self._collide(flying)
            for d in flying:
                self._walls(d)
            for d in flying:
                if self._ready_to_settle(d):
                    self._settle(d)
        self._clock.tick(dt)
        for d in self._dice:
            if d.state == EASE:
                self._apply_ease(d)

    def _move(self, d: _Die, dt: float) -> None:
        d.age += dt
        d.cooldown -= dt
        if d.z > 0 or d.vz > 0:
            d.vz -= GRAVITY * self.size * dt
            d.z += d.vz * dt
            d.spin *= math.exp(-AIR_SPIN_DECAY * dt)
            if d.z <= 0:
                self._land(d)
        else:
            self._slide(d, dt)
        d.x += d.vx * dt
        d.y += d.vy * dt
        d.angle += d.spin * dt
        self._tumble(d, dt)

    def _land(self, d: _Die) -> None:
        impact = -d.vz
        d.z = 0.0
        self._hit(d, impact / (HIT_SPEED * self.size * 0.6))
        d.vz = impact * FLOOR_BOUNCE if impact > MIN_BOUNCE * self.size else 0.0
        d.vx *= FELT_GRAB  # the felt grabs a die as it lands ...
        d.vy *= FELT_GRAB
        d.spin = d.spin * 0.6 + self._rng.uniform(-1, 1) * impact * 0.8  # ... and twists it

    def _slide(self, d: _Die, dt: float) -> None:
        late = d.age > LATE
        speed = d.speed
        if speed > 0:
            slower = max(0.0, speed - FRICTION * self.size * dt) * math.exp(-(LATE_DAMPING if late else DAMPING) * dt)
            d.vx *= slower / speed
            d.vy *= slower / speed
        d.spin *= math.exp(-(LATE_SPIN_DECAY if late else SPIN_DECAY) * dt)

    def _tumble(self, d: _Die, dt: float) -> None:
        """While it moves fast a die rolls over, showing passing faces; slow on the felt, it shows its own."""
        if d.locked:
            return
        if d.grounded and d.speed < LOCK_SPEED * self.size:
            self._lock(d)
            return
        d.tumble += (d.speed / self.size * TUMBLE + (AIR_TUMBLE if d.z > 0 else 0.0)) * dt
        if d.tumble >= 1.0:
            d.tumble %= 1.0
            d.shown = self._rng.choice([f for f in range(1, 7) if f != d.shown])

    def _lock(self, d: _Die) -> None:
        d.locked = True
        d.shown = d.face

    def _collide(self, flying: list[_Die]) -> None:
        resting = [d for d in self._dice if d.state in (REST, EASE) and not d.held]
        for k, a in enumerate(flying):
            for b in flying[k + 1:]:
                self._bump(a, b, True)
            for b in resting:
                self._bump(a, b, False)

    def _bump(self, a: _Die, b: _Die, b_moves: bool) -> None:
        """Two circles that overlap are pushed apart and, if closing, bounce (equal masses; a resting die stays)."""
        reach = 2 * RADIUS * self.size
        dx, dy = a.x - b.x, a.y - b.y
        if dx * dx + dy * dy >= reach * reach:
            return
        dist = math.hypot(dx, dy)
        nx, ny = (dx / dist, dy / dist) if dist > 1e-6 else (1.0, 0.0)
        push = reach - dist
        share = 0.5 if b_moves else 1.0
        a.x += nx * push * share
        a.y += ny * push * share
        bvx, bvy = (b.vx, b.vy) if b_moves else (0.0, 0.0)
        closing = (a.vx - bvx) * nx + (a.vy - bvy) * ny
        if closing >= 0:
            return
        impulse = -(1 + DIE_BOUNCE) * closing * share
        a.vx += impulse * nx
        a.vy += impulse * ny
        glancing = -(a.vx - bvx) * ny + (a.vy - bvy) * nx  # sideways speed twists both dice
        a.spin += glancing * SPIN_KICK
        if b_moves:
            b.x -= nx * push * share
            b.y -= ny * push * share
            b.vx -= impulse * nx
            b.vy -= impulse * ny
            b.spin -= glancing * SPIN_KICK
            self._hit(b, -closing / (HIT_SPEED * self.size))
        self._hit(a, -closing / (HIT_SPEED * self.size))

    def _walls(self, d: _Die) -> None:
        r = RADIUS * self.size
        left, right = self.tray.left + r, self.tray.right - r
        top, bottom = self.tray.top + r, self.tray.bottom - r
        if d.x < left and d.vx < 0 or d.x > right and d.vx > 0:
            self._hit(d, abs(d.vx) / (HIT_SPEED * self.size))
            d.spin += d.vy * SPIN_KICK * (1 if d.x < left else -1)
            d.vx = -d.vx * WALL_BOUNCE
        d.x = max(left, min(right, d.x))
        if d.y < top and d.vy < 0:
            self._hit(d, -d.vy / (HIT_SPEED * self.size))
            d.spin -= d.vx * SPIN_KICK
            d.vy = -d.vy * WALL_BOUNCE
        d.y = max(top, d.y)
        if d.entering:
            d.entering = d.y > bottom
            if d.entering and d.vy > 0:  # knocked back toward the hand: nudge it in again
                d.vy = -d.vy * WALL_BOUNCE
        elif d.y > bottom:
            if d.vy > 0:
                self._hit(d, d.vy / (HIT_SPEED * self.size))
                d.spin += d.vx * SPIN_KICK
                d.vy = -d.vy * WALL_BOUNCE
            d.y = bottom
        self._avoid_hold_row(d, r)

    def _avoid_hold_row(self, d: _Die, r: float) -> None:
        """A hold row inside the tray is a raised box: landed dice bounce off it (flying ones pass over)."""
        block = self.hold_row.clip(self.tray)
        if not block.width or not block.height or d.z > 0.25 * self.size:
            return
        cx, cy = max(block.left, min(block.right, d.x)), max(block.top, min(block.bottom, d.y))
        dx, dy = d.x - cx, d.y - cy
        dist = math.hypot(dx, dy)
        if dist >= r:
            return
        if dist > 1e-6:
            nx, ny = dx / dist, dy / dist
        else:  # the centre is inside: leave by the nearest side
            exits = [(d.x - block.left, -1.0, 0.0), (block.right - d.x, 1.0, 0.0),
                     (d.y - block.top, 0.0, -1.0), (block.bottom - d.y, 0.0, 1.0)]
            depth, nx, ny = min(exits)
            dist = -depth
        d.x += nx * (r - dist)
        d.y += ny * (r - dist)
        closing = d.vx * nx + d.vy * ny
        if closing < 0:
            self._hit(d, -closing / (HIT_SPEED * self.size))
            d.vx -= (1 + WALL_BOUNCE) * closing * nx
            d.vy -= (1 + WALL_BOUNCE) * closing * ny

    def _hit(self, d: _Die, strength: float) -> None:
        if strength < MIN_HIT or d.cooldown > 0:
            return
        d.cooldown = HIT_GAP
        self._pending_hit = max(self._pending_hit, strength)  # one clack per update, the loudest

    # ------------------------------------------------------------ settling and gliding

    def _ready_to_settle(self, d: _Die) -> bool:
        if d.age >= FORCE_SETTLE:
            return True
        return d.age >= MIN_ROLL and d.grounded and not d.entering and d.speed < SETTLE_SPEED * self.size

    def _settle(self, d: _Die) -> None:
        """Glide to the nearest free spot, square to the tray, on the final face."""
        self._lock(d)
        lead = 0.05  # aim a little ahead, so the die's own momentum carries it there
        x, y = self._find_spot(d.x + d.vx * lead, d.y + d.vy * lead, d)
        angle = _nearest_turn(d.angle + d.spin * lead, 90)
        reach = min(1.0, math.hypot(x - d.x, y - d.y) / self.size + abs(angle - d.angle) / 90)
        duration = SETTLE_TIME[0] + reach * (SETTLE_TIME[1] - SETTLE_TIME[0])
        duration = min(duration, max(0.05, FINISH_BY - d.age))
        d.stop()
        self._ease(d, (x, y, angle, 0.0), duration, 0.0, "out_cubic")

    def _ease(self, d: _Die, goal: tuple[float, float, float, float], duration: float, arc: float,
              easing: str) -> None:
        d.start = (d.x, d.y, d.angle, max(0.0, d.z))
        d.goal, d.arc, d.progress, d.state = goal, arc, 0.0, EASE
        self._clock.tween(d, "progress", 1.0, duration, easing, on_done=lambda: self._rest(d))

    def _apply_ease(self, d: _Die) -> None:
        t = d.progress
        d.x, d.y, d.angle, z = (a + (b - a) * t for a, b in zip(d.start, d.goal))
        d.z = z + d.arc * math.sin(math.pi * min(1.0, max(0.0, t)))

    def _rest(self, d: _Die) -> None:
        if d.state != EASE:
            return
        d.x, d.y, angle, _ = d.goal
        d.angle, d.z, d.state = angle % 360, 0.0, REST
        d.stop()
        if not d.held:
            d.home = (d.x, d.y)

    def _put_down(self, d: _Die) -> None:
        """At rest at once, at the next tidy free spot in the tray (a row across the middle)."""
        pitch = self.size * 1.45
        x = self.tray.centerx + (d.index - (self.count - 1) / 2) * pitch
        d.x, d.y = self._find_spot(x, self.tray.centery, d)
        d.z, d.angle, d.state, d.shown, d.locked = 0.0, 0.0, REST, d.face, True
        d.stop()
        d.home = (d.x, d.y)

    # ------------------------------------------------------------ free spots

    def _claims(self, exclude: _Die) -> list[tuple[float, float]]:
        """Where the other dice are, or are gliding to, at rest."""
        spots = []
        for d in self._dice:
            if d is exclude:
                continue
            if d.state == REST:
                spots.append((d.x, d.y))
            elif d.state == EASE:
                spots.append(d.goal[:2])
        return spots

    def _bounds(self) -> tuple[float, float, float, float]:
        """The box a resting die's centre must stay in to lie wholly inside the tray."""
        half = self.size / 2 + max(2, self.size * 0.05)
        lo_x, hi_x = self.tray.left + half, self.tray.right - half
        lo_y, hi_y = self.tray.top + half, self.tray.bottom - half
        if lo_x > hi_x:
            lo_x = hi_x = self.tray.centerx
        if lo_y > hi_y:
            lo_y = hi_y = self.tray.centery
        return lo_x, hi_x, lo_y, hi_y

    def _tray_point_near(self, x: float, y: float) -> tuple[float, float]:
        lo_x, hi_x, lo_y, hi_y = self._bounds()
        return max(lo_x, min(hi_x, x)), max(lo_y, min(hi_y, y))

    def _free(self, x: float, y: float, d: _Die, claims: list[tuple[float, float]] | None = None) -> bool:
        lo_x, hi_x, lo_y, hi_y = self._bounds()
        if not (lo_x - 0.01 <= x <= hi_x + 0.01 and lo_y - 0.01 <= y <= hi_y + 0.01):
            return False
        square = pygame.Rect(0, 0, self.size + 2, self.size + 2)
        square.center = (round(x), round(y))
        if square.colliderect(self.hold_row) or square.collidelist(self.keep_clear) >= 0:
            return False
        room = self.size + self.gap
        claims = self._claims(d) if claims is None else claims
        return all(abs(x - cx) >= room or abs(y - cy) >= room for cx, cy in claims)

    def _find_spot(self, x: float, y: float, d: _Die) -> tuple[float, float]:
        """The free resting spot nearest to (x, y): rings of candidates, growing outward."""
        x, y = self._tray_point_near(x, y)
        claims = self._claims(d)
        if self._free(x, y, d, claims):
            return x, y
        step = self.size * 0.2
        rings = int(max(self.tray.width, self.tray.height) / step) + 1
        for ring in range(1, rings + 1):
            radius = ring * step
            points = max(8, int(2 * math.pi * radius / step))
            turn = ring * 2.39996  # the golden angle: no ring favours one direction
            free = []
            for k in range(points):
                a = turn + 2 * math.pi * k / points
                cx, cy = self._tray_point_near(x + radius * math.cos(a), y + radius * math.sin(a))
                if self._free(cx, cy, d, claims):
                    free.append((cx, cy))
            if free:
                return min(free, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
        return x, y  # a tray too small for its dice: overlap rather than leave it
