"""Thrown dice as rigid cubes: gravity, the felt, the rails and each other, simulated in three dimensions.

Pure Python (no pygame), in die sides and seconds: a die is a cube 1 across with rounded edges, of mass 1.
A cube's inertia is the same about every axis (m s^2 / 6), which keeps the rotational maths to cross
products. Contacts are the eight rounded corners against the felt, the four rails and the other dice,
solved with sequential impulses (restitution, Coulomb friction), a few iterations a step. That is enough
for what a throw shows: a die lands on a corner, bounces, rolls over its edges, rocks, knocks another and
tips flat. Why we wrote this rather than use a library: see docs/architecture.md.

A whole throw is run and recorded by :mod:`scenes.dice.physics.dice_throw`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scenes.dice.physics.cube import Quat, flatten, q_normalise, tilt

# The world, in die sides and seconds. Gravity is a real die's slowed to a third, so a throw reads.
GRAVITY = 150.0
ROUND = 0.12  # edge and corner radius
REACH = math.sqrt(3) * (0.5 - ROUND) + ROUND  # centre to the furthest point of the die
RAIL_INSET = 0.07  # the rails stand this far in, so even a die's square outline (corners unrounded) stays inside
STEP = 1 / 180
ITERATIONS = 4
FELT_FRICTION, RAIL_FRICTION, DIE_FRICTION = 0.55, 0.3, 0.25
FELT_BOUNCE, RAIL_BOUNCE, DIE_BOUNCE = 0.35, 0.55, 0.5
BOUNCE_FROM = 1.2  # slower impacts do not bounce (resting contacts stay still)
SLOP = 0.004  # penetration left alone, so resting contacts do not jitter
CORRECT = 0.6  # share of deeper penetration pushed out each step
ROLLING_DRAG = 2.2  # per second, on spin while a die touches the felt: felt is soft
LATE, LATE_DRAG = 1.4, 6.0  # from here the felt grips harder, so every throw ends soon
COCKED_TIME, TIP_SPIN, TIP_SLIDE = 0.2, 4.0, 1.5  # a die leaning this long is tipped toward flat
WAKE_SPEED = 0.3  # a die lying still that is pushed this hard moves again (its number is painted on later)
ZONE_PUSH = 140.0  # sizes per s², on a die touching the felt where it may not rest (more than friction holds)
SLEEP_SPEED, SLEEP_SPIN, SLEEP_TIME, SLEEP_TILT = 0.15, 0.8, 0.12, 6.0  # still enough, long enough, flat enough
STEP_COST = 3  # what moving one die costs, and a step itself, in contacts solved (for sharing work out)
HEARD_FROM = 1.0  # impact speeds below this make no sound
LOUDEST = 14.0  # impact speed of a full-strength click

_CORNERS = tuple((sx * (0.5 - ROUND), sy * (0.5 - ROUND), sz * (0.5 - ROUND))
                 for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1))


class Body:
    """One die: centre, velocity, orientation and spin (world frame: x east, y toward the far rail, z up)."""

    __slots__ = ("x", "y", "z", "vx", "vy", "vz", "q", "wx", "wy", "wz", "m", "asleep", "still", "felt", "fixed",
                 "cocked")

    def __init__(self, x: float, y: float, z: float, q: Quat):
        self.x, self.y, self.z, self.q = x, y, z, q
        self.vx = self.vy = self.vz = self.wx = self.wy = self.wz = 0.0
        self.m = _matrix(q)
        self.asleep = False
        self.still = 0.0  # seconds it has been nearly still on the felt
        self.felt = False  # touched the felt this step
        self.fixed = False  # a die lying still that this throw must not move (it keeps its face)
        self.cocked = 0.0  # seconds it has leant, nearly still, on an edge (against a die or a rail)

    def corners(self) -> list[tuple[float, float, float]]:
        """The centres of the rounded corners, relative to the die's centre, in the world frame."""
        m = self.m
        return [(m[0] * a + m[1] * b + m[2] * c, m[3] * a + m[4] * b + m[5] * c, m[6] * a + m[7] * b + m[8] * c)
                for a, b, c in _CORNERS]

    def lay_flat(self) -> None:
        self.q = flatten(self.q)
        self.m = _matrix(self.q)
        self.z = 0.5
        self.vx = self.vy = self.vz = self.wx = self.wy = self.wz = 0.0
        self.asleep = True


def _matrix(q: Quat) -> tuple[float, ...]:
    w, x, y, z = q
    return (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))


class _Contact:
    """One touching point: body ``a`` against the felt, a rail or body ``b``; ``n`` points from b to a."""

    __slots__ = ("a", "b", "n", "ra", "rb", "depth", "kn", "bias", "jn", "jt", "friction", "speed", "material")

    def __init__(self, a: Body, b: Body | None, n, ra, rb, depth: float, friction: float, bounce: float,
                 material: str):
        self.a, self.b, self.n, self.ra, self.rb, self.depth = a, b, n, ra, rb, depth
        self.friction, self.material = friction, material
        self.kn = _effective(a, b, n, ra, rb)
        self.speed = -_relative(a, b, ra, rb, n)  # closing speed when it began
        self.bias = bounce * self.speed if self.speed > BOUNCE_FROM else 0.0
        self.jn = 0.0
        self.jt = (0.0, 0.0, 0.0)


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _inv_mass(body: Body | None) -> float:
    return 0.0 if body is None or body.asleep else 1.0


def _effective(a: Body, b: Body | None, n, ra, rb) -> float:
    """The inverse of the mass an impulse along ``n`` meets at this contact (inertia 1/6 on every axis)."""
    ca = _cross(ra, n)
    k = _inv_mass(a) * (1 + 6 * (ca[0] ** 2 + ca[1] ** 2 + ca[2] ** 2))
    if b is not None and not b.asleep:
        cb = _cross(rb, n)
        k += 1 + 6 * (cb[0] ** 2 + cb[1] ** 2 + cb[2] ** 2)
    return k


def _point_velocity(body: Body | None, r) -> tuple[float, float, float]:
    if body is None:
        return (0.0, 0.0, 0.0)
    return (body.vx + body.wy * r[2] - body.wz * r[1], body.vy + body.wz * r[0] - body.wx * r[2],
            body.vz + body.wx * r[1] - body.wy * r[0])


def _relative(a: Body, b: Body | None, ra, rb, n) -> float:
    ua, ub = _point_velocity(a, ra), _point_velocity(b, rb)
    return (ua[0] - ub[0]) * n[0] + (ua[1] - ub[1]) * n[1] + (ua[2] - ub[2]) * n[2]


def _push(body: Body | None, r, j, sign: float) -> None:
    """Apply impulse ``sign * j`` at ``r`` (mass 1, inertia 1/6)."""
    if body is None or body.asleep:
        return
    jx, jy, jz = j[0] * sign, j[1] * sign, j[2] * sign
    body.vx += jx
    body.vy += jy
    body.vz += jz
    body.wx += 6 * (r[1] * jz - r[2] * jy)
    body.wy += 6 * (r[2] * jx - r[0] * jz)
    body.wz += 6 * (r[0] * jy - r[1] * jx)


@dataclass
class Hit:
    """An impact worth hearing: when, which die, how hard (0 to 1) and against what."""
    time: float
    die: int
    strength: float
    material: str  # "felt", "rail" or "die"


class World:
    """Dice on a felt ``width`` x ``depth`` die sides, walled by rails on all four sides."""

    def __init__(self, width: float, depth: float):
        self.width, self.depth = width, depth
        self.bodies: list[Body] = []
        self.time = 0.0
        self.hits: list[Hit] = []
        # Where no die may come to rest (x0, y0, x1, y1 for its centre): under panels and the hold row.
        self.zones: list[tuple[float, float, float, float]] = []
        self._heard: dict[int, float] = {}

    def step(self, dt: float = STEP) -> int:
        """Advance ``dt`` seconds; answers what the step cost, in contacts solved and dice moved (a step's
        time is near proportional to it, so a caller can share the work out over frames)."""
        awake = [b for b in self.bodies if not b.asleep]
        for b in awake:
            b.vz -= GRAVITY * dt
        contacts = self._contacts()
        for _ in range(ITERATIONS):
            for c in contacts:
                self._solve(c)
        late = self.time > LATE
        for b in awake:
            if b.felt:
                drag = math.exp(-(LATE_DRAG if late else ROLLING_DRAG) * dt)
                b.wx, b.wy, b.wz = b.wx * drag, b.wy * drag, b.wz * drag
                if late:
                    b.vx, b.vy = b.vx * drag, b.vy * drag
                way = self._way_out(b)
                if way is not None:  # resting here is not allowed: the felt slopes it gently out
                    b.vx += way[0] * ZONE_PUSH * dt
                    b.vy += way[1] * ZONE_PUSH * dt
            b.x += b.vx * dt
            b.y += b.vy * dt
            b.z += b.vz * dt
            w, x, y, z = b.q
            h = 0.5 * dt
            b.q = q_normalise((w - h * (b.wx * x + b.wy * y + b.wz * z), x + h * (b.wx * w + b.wy * z - b.wz * y),
                               y + h * (b.wy * w + b.wz * x - b.wx * z), z + h * (b.wz * w + b.wx * y - b.wy * x)))
            b.m = _matrix(b.q)
        self._correct(contacts)
        self._hear(contacts)
        self.time += dt
        for b in awake:
            self._maybe_sleep(b, dt)
        return len(contacts) + STEP_COST * len(awake) + STEP_COST

    # ------------------------------------------------------------ contacts

    def _contacts(self) -> list[_Contact]:
        found: list[_Contact] = []
        bodies = self.bodies
        for b in bodies:
            b.felt = False
            if b.asleep:
                continue
            near_floor = b.z < REACH
            reach = REACH + RAIL_INSET
            near_rail = b.x < reach or b.x > self.width - reach or b.y < reach or b.y > self.depth - reach
            if not (near_floor or near_rail):
                continue
            for r in b.corners():
                px, py, pz = b.x + r[0], b.y + r[1], b.z + r[2]
                if pz < ROUND:
                    b.felt = True
                    found.append(self._touch(b, r, (0.0, 0.0, 1.0), ROUND - pz, FELT_FRICTION, FELT_BOUNCE, "felt"))
                edge = ROUND + RAIL_INSET
                for n, depth in (((1.0, 0.0, 0.0), edge - px), ((-1.0, 0.0, 0.0), px + edge - self.width),
                                 ((0.0, 1.0, 0.0), edge - py), ((0.0, -1.0, 0.0), py + edge - self.depth)):
                    if depth > 0:
                        found.append(self._touch(b, r, n, depth, RAIL_FRICTION, RAIL_BOUNCE, "rail"))
        for i, a in enumerate(bodies):
            for b in bodies[i + 1:]:
                if a.asleep and b.asleep:
                    continue
                dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
                if dx * dx + dy * dy + dz * dz < (2 * REACH) ** 2:
                    found += self._dice_touch(a, b) + self._dice_touch(b, a)
        return found

    def _touch(self, b: Body, r, n, depth: float, friction: float, bounce: float, material: str) -> _Contact:
        ra = (r[0] - ROUND * n[0], r[1] - ROUND * n[1], r[2] - ROUND * n[2])
        return _Contact(b, None, n, ra, None, depth, friction, bounce, material)

    def _dice_touch(self, a: Body, b: Body) -> list[_Contact]:
        """Corners of ``a`` inside ``b``: each pushed out through ``b``'s nearest face."""
        found = []
        m = b.m
        limit = 0.5 + ROUND
        for r in a.corners():
            wx, wy, wz = a.x + r[0] - b.x, a.y + r[1] - b.y, a.z + r[2] - b.z
            local = (m[0] * wx + m[3] * wy + m[6] * wz, m[1] * wx + m[4] * wy + m[7] * wz,
                     m[2] * wx + m[5] * wy + m[8] * wz)
            if max(abs(local[0]), abs(local[1]), abs(local[2])) >= limit:
                continue
            axis = min(range(3), key=lambda k: limit - abs(local[k]))
            depth = limit - abs(local[axis])
            sign = 1.0 if local[axis] >= 0 else -1.0
            n = (m[axis] * sign, m[3 + axis] * sign, m[6 + axis] * sign)
            ra = (r[0] - ROUND * n[0], r[1] - ROUND * n[1], r[2] - ROUND * n[2])
            rb = (ra[0] + a.x - b.x, ra[1] + a.y - b.y, ra[2] + a.z - b.z)
            if b.asleep and not b.fixed and -_relative(a, None, ra, rb, n) > WAKE_SPEED:
                b.asleep, b.still = False, 0.0
            found.append(_Contact(a, b, n, ra, rb, depth, DIE_FRICTION, DIE_BOUNCE, "die"))
        return found

    def _solve(self, c: _Contact) -> None:
        """One pass over one contact: the normal impulse (never pulling), then friction against the sliding,
        at most ``friction`` times the normal impulse so far. Written out long hand: this is the hot loop."""
        a, b, n, ra, rb = c.a, c.b, c.n, c.ra, c.rb
        nx, ny, nz = n
        # Velocity of a's contact point, less b's.
        ux = a.vx + a.wy * ra[2] - a.wz * ra[1]
        uy = a.vy + a.wz * ra[0] - a.wx * ra[2]
        uz = a.vz + a.wx * ra[1] - a.wy * ra[0]
        moving_b = b is not None and not b.asleep
        if b is not None:
            ux -= b.vx + b.wy * rb[2] - b.wz * rb[1]
            uy -= b.vy + b.wz * rb[0] - b.wx * rb[2]
            uz -= b.vz + b.wx * rb[1] - b.wy * rb[0]
        vn = ux * nx + uy * ny + uz * nz
        total = c.jn + (c.bias - vn) / c.kn
        if total < 0.0:
            total = 0.0
        j = total - c.jn
        c.jn = total
        if j:
            _push(a, ra, (nx * j, ny * j, nz * j), 1.0)
            if moving_b:
                _push(b, rb, (nx * j, ny * j, nz * j), -1.0)
        # Sliding left after that impulse: the tangential part of the new relative velocity.
        ux = a.vx + a.wy * ra[2] - a.wz * ra[1]
        uy = a.vy + a.wz * ra[0] - a.wx * ra[2]
        uz = a.vz + a.wx * ra[1] - a.wy * ra[0]
        if b is not None:
            ux -= b.vx + b.wy * rb[2] - b.wz * rb[1]
            uy -= b.vy + b.wz * rb[0] - b.wx * rb[2]
            uz -= b.vz + b.wx * rb[1] - b.wy * rb[0]
        vn = ux * nx + uy * ny + uz * nz
        tx, ty, tz = ux - vn * nx, uy - vn * ny, uz - vn * nz
        slide = math.sqrt(tx * tx + ty * ty + tz * tz)
        if slide < 1e-9:
            return
        tx, ty, tz = tx / slide, ty / slide, tz / slide
        rt = ra[0] * tx + ra[1] * ty + ra[2] * tz
        k = 1 + 6 * (ra[0] ** 2 + ra[1] ** 2 + ra[2] ** 2 - rt * rt)
        if moving_b:
            rt = rb[0] * tx + rb[1] * ty + rb[2] * tz
            k += 1 + 6 * (rb[0] ** 2 + rb[1] ** 2 + rb[2] ** 2 - rt * rt)
        jt = -slide / k
        old = c.jt
        ax, ay, az = old[0] + jt * tx, old[1] + jt * ty, old[2] + jt * tz
        size = math.sqrt(ax * ax + ay * ay + az * az)
        cap = c.friction * total
        if size > cap:
            ax, ay, az = ax * cap / size, ay * cap / size, az * cap / size
        c.jt = (ax, ay, az)
        step = (ax - old[0], ay - old[1], az - old[2])
        _push(a, ra, step, 1.0)
        if moving_b:
            _push(b, rb, step, -1.0)

    def _correct(self, contacts: list[_Contact]) -> None:
        """Push bodies out of what they sank into (the deepest corner of each; dice share the push)."""
        pushes: dict[int, list[float]] = {}
        for c in contacts:
            depth = c.depth
            if depth <= SLOP:
                continue
            amount = (depth - SLOP) * CORRECT * (0.5 if c.b is not None and not c.b.asleep else 1.0)
            for body, sign in ((c.a, 1.0), (c.b, -1.0)):
                if body is None or body.asleep:
                    continue
                p = pushes.setdefault(id(body), [0.0, 0.0, 0.0, body])  # type: ignore[list-item]
                for k in range(3):
                    want = c.n[k] * amount * sign
                    if abs(want) > abs(p[k]):
                        p[k] = want
        for px, py, pz, body in pushes.values():
            body.x += px
            body.y += py
            body.z += pz

    def _hear(self, contacts: list[_Contact]) -> None:
        for c in contacts:
            if c.speed < HEARD_FROM:
                continue
            die = self.bodies.index(c.a) if not c.a.asleep else self.bodies.index(c.b)  # type: ignore[arg-type]
            if self.time - self._heard.get(die, -1.0) < 0.05:
                continue
            self._heard[die] = self.time
            self.hits.append(Hit(self.time, die, min(1.0, c.speed / LOUDEST), c.material))

    def _way_out(self, b: Body) -> tuple[float, float] | None:
        """Which way a die on the felt must go to leave a zone where no die may rest (None: it may rest here).
        Out through the nearest side that is not a rail."""
        for x0, y0, x1, y1 in self.zones:
            if not (x0 < b.x < x1 and y0 < b.y < y1):
                continue
            exits = [(b.x - x0, (-1.0, 0.0)) if x0 > 0.01 else None,
                     (x1 - b.x, (1.0, 0.0)) if x1 < self.width - 0.01 else None,
                     (b.y - y0, (0.0, -1.0)) if y0 > 0.01 else None,
                     (y1 - b.y, (0.0, 1.0)) if y1 < self.depth - 0.01 else None]
            exits = [e for e in exits if e is not None]
            if exits:
                return min(exits)[1]
        return None

    def _maybe_sleep(self, b: Body, dt: float) -> None:
        speed = math.sqrt(b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
        spin = math.sqrt(b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
        slow = speed < SLEEP_SPEED and spin < SLEEP_SPIN  # (the felt's touch may flicker while a die leans)
        leaning = tilt(b.q) >= SLEEP_TILT
        if slow and b.felt and not leaning and self._way_out(b) is None:
            b.still += dt
            if b.still >= SLEEP_TIME:
                b.lay_flat()
            return
        b.still = 0.0
        moving = speed > 4 * SLEEP_SPEED or spin > 4 * SLEEP_SPIN  # a leaning die jitters a little: not moving
        b.cocked = b.cocked + dt if leaning and not moving else 0.0
        if b.cocked >= COCKED_TIME:  # a die leaning still on an edge: the felt gives, and it tips down flat
            b.cocked = 0.0
            m = b.m
            top = max(range(3), key=lambda k: abs(m[6 + k]))
            sign = 1.0 if m[6 + top] > 0 else -1.0
            nx, ny = m[top] * sign, m[3 + top] * sign  # the top face's normal, leaning this way
            lean = math.hypot(nx, ny) or 1.0
            b.wx += ny / lean * TIP_SPIN  # turn about n x up, the horizontal axis square to the lean: toward flat
            b.wy += -nx / lean * TIP_SPIN
            b.vx += nx / lean * TIP_SLIDE  # and off whatever props its high side up
            b.vy += ny / lean * TIP_SLIDE
