"""A whole throw, run before anything is drawn and recorded, so the tray can label each die for the face the
engine drew (:mod:`scenes.dice.physics.cube`) and play the flight back at any speed.

The dice leave the hand in a loose handful and fly under :mod:`scenes.dice.physics.dice_world`'s physics until
every one lies still. A throw where a die comes to rest where it may not (over a panel, on another die's
spot) or does not come to rest in time is thrown again from the next draws of the tray's random generator;
the engine's generator is never touched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Protocol

from scenes.dice.physics.cube import Quat, q_nlerp, q_random
from scenes.dice.physics.dice_world import REACH, STEP, Body, Hit, World


class _Wide(Protocol):
    width: int


class FeltView(Protocol):
    """What a throw needs of the camera (``scenes.dice.dice_render.Projection``, handed in: the physics draws
    nothing): the felt in pixels, pixels per die side, and which felt point a canvas pixel is over."""
    felt: _Wide
    size: float

    def felt_point(self, px: float, py: float) -> tuple[float, float]: ...


@dataclass(frozen=True)
class Toss:
    """How a person threw: from ``pos`` (canvas pixels, None for the player's edge) toward ``direction``
    (canvas pixels, any length; None for straight across the felt), ``strength`` 1 for an ordinary throw."""
    pos: tuple[float, float] | None = None
    direction: tuple[float, float] | None = None
    strength: float = 1.0

    def aim(self, view: FeltView, rng: random.Random) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where the dice leave the hand and which way they fly, in die sides on the felt ``view`` shows."""
        width = view.felt.width / view.size
        if self.pos is None:
            start = (width / 2 + rng.uniform(-0.12, 0.12) * width, 0.9)
        else:
            start = view.felt_point(*self.pos)
        if self.direction is None or math.hypot(*self.direction) < 1:
            return start, (rng.uniform(-0.25, 0.25), 1.0)
        return start, (self.direction[0], -self.direction[1])  # the felt's y runs up the screen


GIVE_UP = 2.2  # a die still leaning or rocking now tips down flat where it is
TIP_SAMPLES = 16  # recorded poses (0.18 s) of that fall
TRIES = 2  # throws at most, for one whose dice rest where they may (else the tray glides them aside)
SAMPLE_EVERY = 2  # steps between recorded poses (90 a second; played back in between)
LONGEST = GIVE_UP + TIP_SAMPLES * STEP * SAMPLE_EVERY  # seconds a flight lasts at most


@dataclass
class Flight:
    """A recorded throw: each die's pose every 1/120 s until all rest, and the impacts heard on the way."""
    poses: list[list[tuple[float, float, float, Quat]]]  # poses[die][k]: x, y, z, orientation at k / 120 s
    hits: list[Hit]
    settled: bool  # every die came to rest by itself (no die laid flat by hand)
    tries: int = 1
    rest: list[tuple[float, float, Quat]] = field(default_factory=list)  # where each die lies at the end

    @property
    def duration(self) -> float:
        return (len(self.poses[0]) - 1) * STEP * SAMPLE_EVERY if self.poses else 0.0

    def pose(self, die: int, t: float) -> tuple[float, float, float, Quat]:
        """Where die ``die`` is ``t`` seconds into the throw (between two samples, in between them)."""
        track = self.poses[die]
        k = t / (STEP * SAMPLE_EVERY)
        if k >= len(track) - 1:
            return track[-1]
        i = max(0, int(k))
        f = k - i
        (x0, y0, z0, q0), (x1, y1, z1, q1) = track[i], track[i + 1]
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, z0 + (z1 - z0) * f, q_nlerp(q0, q1, f)


class Throw:
    """One throw from the hand to rest, as the tray shows it: worked out a little at a time while the dice
    are in the hand, then played back. ``dice`` are the tray's dice, in the flight's order; ``world`` where
    the throw's world begins on the felt (die sides right of and up from its near left corner)."""

    def __init__(self, work: Generator[int, None, Flight], dice: list[int], world: tuple[float, float] = (0.0, 0.0)):
        self.work, self.dice, self.world = work, dice, world
        self.in_hand = 0.0  # tray seconds the dice have been in the hand
        self.left = False  # the dice have left it
        self.flight: Flight | None = None
        self.time = 0.0  # tray seconds since the dice left the hand
        self._heard = 0

    def work_out(self, budget: int | None) -> bool:
        """Work ``budget`` units now (a step's cost: see :meth:`World.step`; None: to the end); True once the
        flight is known. A count, not a clock, so the same throw takes the same frames on any machine."""
        try:
            while self.flight is None and (budget is None or budget > 0):
                cost = next(self.work)
                if budget is not None:
                    budget -= cost
        except StopIteration as done:
            self.flight = done.value
        return self.flight is not None

    def heard(self) -> list[Hit]:
        """The impacts since the last time asked, up to now."""
        hits = self.flight.hits if self.flight is not None else []
        start = self._heard
        while self._heard < len(hits) and hits[self._heard].time <= self.time:
            self._heard += 1
        return hits[start:self._heard]

    @property
    def over(self) -> bool:
        return self.flight is not None and self.time >= self.flight.duration


@dataclass(frozen=True)
class Aim:
    """How the dice leave the hand: from ``start`` (die sides on the felt), toward ``direction`` (a unit
    vector on the felt), with ``strength`` 1 for an ordinary throw (a hard flick up to 2, a soft one 0.5)."""
    start: tuple[float, float]
    direction: tuple[float, float] = (0.0, 1.0)
    strength: float = 1.0


RestCheck = Callable[[list[tuple[float, float, Quat]]], bool]


Zone = tuple[float, float, float, float]


def simulate(width: float, depth: float, count: int, aim: Aim, rng: random.Random,
             may_rest: RestCheck | None = None, obstacles: list[tuple[float, float, Quat]] = (),
             zones: list[Zone] = ()) -> Flight:
    """Throw ``count`` dice and record the flight until every die rests (at most ``GIVE_UP`` seconds).

    A die still leaning on an edge at ``GIVE_UP`` tips down flat where it is. A throw whose resting places
    ``may_rest`` refuses is thrown again with the next draws of ``rng`` (``TRIES`` throws at most; then the
    last one stands, and the tray glides dice aside where they may not lie).
    ``obstacles`` are dice lying on the felt (x, y, orientation) that the throw bounces off but never moves;
    ``zones`` are where no die's centre may come to rest (x0, y0, x1, y1): a die rolling to a stop there is
    eased out, as if the felt sloped away, so that a throw seldom has to be thrown again."""
    work = throwing(width, depth, count, aim, rng, may_rest, obstacles, zones)
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def throwing(width: float, depth: float, count: int, aim: Aim, rng: random.Random,
             may_rest: RestCheck | None = None, obstacles: list[tuple[float, float, Quat]] = (),
             zones: list[Zone] = ()) -> Generator[int, None, Flight]:
    """:func:`simulate` a little at a time: it yields after every step what that step cost (see
    :meth:`World.step`), so the tray can share the work out over the frames while the dice are still in the
    cup and no frame waits for a whole throw; the flight is the generator's return value."""
    flight = None
    for attempt in range(1, TRIES + 1):
        flight = yield from _one_throw(width, depth, count, aim, rng, obstacles, zones)
        flight.tries = attempt
        if may_rest is None or may_rest(flight.rest):
            break
    assert flight is not None
    return flight


def _one_throw(width: float, depth: float, count: int, aim: Aim, rng: random.Random,
               obstacles: list[tuple[float, float, Quat]], zones: list[Zone]) -> Generator[int, None, Flight]:
    world = World(width, depth)
    world.zones = list(zones)
    thrown = _launch(width, depth, count, aim, rng)
    world.bodies = thrown + [_lying(x, y, q) for x, y, q in obstacles]
    poses: list[list] = [[] for _ in range(count)]
    steps = 0
    settled = True
    while True:
        if steps % SAMPLE_EVERY == 0:
            for track, b in zip(poses, thrown):
                track.append((b.x, b.y, b.z, b.q))
            if all(b.asleep for b in thrown):
                break
        if world.time >= GIVE_UP:  # a die still leaning or rocking tips down flat where it is, in a fall
            settled = False
            leaning = {id(b): (b.z, b.q) for b in thrown if not b.asleep}
            for b in thrown:
                b.lay_flat()
            for k in range(1, TIP_SAMPLES + 1):
                t = (k / TIP_SAMPLES) ** 2  # gathering speed, as a fall does
                for track, b in zip(poses, thrown):
                    z, q = leaning.get(id(b), (b.z, b.q))
                    track.append((b.x, b.y, z + (b.z - z) * t, q_nlerp(q, b.q, t)))
            break
        cost = world.step()
        steps += 1
        yield cost
    rest = [(b.x, b.y, b.q) for b in thrown]
    return Flight(poses, world.hits, settled, rest=rest)


def _lying(x: float, y: float, q: Quat) -> Body:
    body = Body(x, y, 0.5, q)
    body.asleep = body.fixed = True
    return body


def _launch(width: float, depth: float, count: int, aim: Aim, rng: random.Random) -> list[Body]:
    """Dice leave the hand in a loose handful above ``aim.start``, flying toward ``aim.direction``."""
    dx, dy = aim.direction
    norm = math.hypot(dx, dy) or 1.0
    dx, dy = dx / norm, dy / norm
    side_x, side_y = -dy, dx  # across the throw
    bodies = []
    strength = max(0.3, min(2.2, aim.strength))
    # A handful as it leaves the cup: rows of up to three across the throw, neighbours at different heights
    # so no two begin inside each other; then the whole handful is moved, not squeezed, to clear the rails.
    per_row = min(3, count)
    spots = []
    for k in range(count):
        row, col = divmod(k, per_row)
        across = (col - (min(per_row, count - row * per_row) - 1) / 2) * 1.3 + rng.uniform(-0.1, 0.1)
        back = -row * 1.25 + rng.uniform(-0.1, 0.1)
        spots.append((aim.start[0] + side_x * across + dx * back, aim.start[1] + side_y * across + dy * back,
                      1.4 + 1.0 * ((row + col) % 2) + 0.5 * row + rng.uniform(0, 0.3)))
    low = REACH + 0.1
    shift_x = max(0.0, low - min(p[0] for p in spots)) - max(0.0, max(p[0] for p in spots) - (width - low))
    shift_y = max(0.0, low - min(p[1] for p in spots)) - max(0.0, max(p[1] for p in spots) - (depth - low))
    for k, (x, y, z) in enumerate(spots):
        body = Body(x + shift_x, y + shift_y, z, q_random(rng))
        speed = rng.uniform(9.0, 13.0) * strength
        turn = rng.uniform(-0.25, 0.25)
        fan = (k - (count - 1) / 2) * 0.08  # outer dice fly outward, as from an opening hand
        c, s = math.cos(turn + fan), math.sin(turn + fan)
        body.vx = speed * (dx * c - dy * s)
        body.vy = speed * (dx * s + dy * c)
        body.vz = rng.uniform(1.0, 5.0)
        spin = rng.uniform(12.0, 26.0) * min(1.5, strength)
        axis = (rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1) * 0.5)
        n = math.sqrt(sum(a * a for a in axis)) or 1.0
        body.wx, body.wy, body.wz = (a / n * spin for a in axis)
        bodies.append(body)
    return bodies
