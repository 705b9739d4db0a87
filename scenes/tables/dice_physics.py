"""How thrown dice move: the physics of the tray (flight, landing, sliding, tumbling, collisions with the
walls and each other) and the settling onto free spots, clear of each other and the hold row. See
:mod:`scenes.tables.dice_tray` for the model; this is its motion, as a part of :class:`DiceTray`."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.ui.theme import WHITE

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


class DicePhysics:
    """The motion half of the dice tray: needs the tray's dice, rects, size and random generator."""

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

    def rank(self, die: int) -> int:
        """Where a die comes in a tidy row, left to right."""
        return die

    def _put_down(self, d: _Die) -> None:
        """At rest at once, at the next tidy free spot in the tray (a row across the middle)."""
        pitch = self.size * 1.45
        x = self.tray.centerx + (self.rank(d.index) - (self.count - 1) / 2) * pitch
        d.x, d.y = self._find_spot(x, self.tray.centery, d)
        d.z, d.angle, d.state, d.shown, d.locked = 0.0, 0.0, REST, d.face, True
        d.stop()
        d.home = (d.x, d.y)

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
