"""One die on the table: where it lies or flies, how it is turned, and what its faces carry. The tray moves
dice; a die only answers questions about itself."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from scenes.dice.dice_spots import Spot
from scenes.dice.physics.cube import Labels, Quat, q_axis_angle, q_matrix, q_mul, up_axis

OFF, HAND, FLY, EASE, REST = "off", "hand", "fly", "ease", "rest"  # HAND: in the cup, its throw worked out
TOP = 4  # index in cube.AXES of the body face that is up when a die lies unturned (+z)


@dataclass
class Die:
    index: int
    state: str = OFF
    face: Hashable = None  # the engine's face, where this die ends
    held: bool = False
    x: float = 0.0  # centre on the felt, canvas pixels
    y: float = 0.0
    z: float = 0.0  # lift above lying on the felt, pixels
    angle: float = 0.0  # turn about the vertical, degrees counter-clockwise
    base: Quat = (1.0, 0.0, 0.0, 0.0)  # lying flat, unturned; the die's orientation is turn(angle) * base
    labels: Labels | None = None
    q: Quat | None = None  # in flight: the recorded orientation
    start: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # a glide: from (x, y, angle, z)
    goal: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # ... to here
    arc: float = 0.0  # ... lifted this high midway
    progress: float = 0.0
    home: tuple[float, float] | None = None  # its last resting spot on the felt

    def orientation(self) -> Quat:
        if self.state == FLY and self.q is not None:
            return self.q
        return q_mul(q_axis_angle((0.0, 0.0, 1.0), math.radians(self.angle)), self.base)

    def spot(self) -> Spot:
        return (self.x, self.y, self.angle)

    def glide_to(self, goal: tuple[float, float, float, float], arc: float) -> None:
        """Start a glide to ``goal`` (x, y, turn, lift), lifted ``arc`` pixels midway; the tray tweens
        ``progress`` from 0 to 1."""
        self.start = (self.x, self.y, self.angle, max(0.0, self.z))
        self.goal, self.arc, self.progress, self.state = goal, arc, 0.0, EASE

    def follow_glide(self) -> None:
        t = self.progress
        self.x, self.y, self.angle, z = (a + (b - a) * t for a, b in zip(self.start, self.goal))
        self.z = z + self.arc * math.sin(math.pi * min(1.0, max(0.0, t)))

    def end_glide(self) -> None:
        if self.state != EASE:
            return
        self.x, self.y, self.angle, _ = self.goal
        self.z, self.state = 0.0, REST
        if not self.held:
            self.home = (self.x, self.y)

    def picture_turn(self) -> float:
        """Degrees the top face's picture is turned on screen, lying as it lies now."""
        if self.labels is None:
            return 0.0
        m = q_matrix(self.base)
        across = self.labels.faces[up_axis(self.base)][1]
        wx = m[0] * across[0] + m[1] * across[1] + m[2] * across[2]
        wy = m[3] * across[0] + m[4] * across[1] + m[5] * across[2]
        return math.degrees(math.atan2(wy, wx)) + self.angle

    def upright(self, angle: float, symbols: bool) -> float:
        """The turn nearest ``angle`` at which the top face's picture reads upright (pips: any that looks so)."""
        across = self.picture_turn() - self.angle
        symmetry = 360 if symbols else (180 if self.face in (2, 3, 6) else 90)
        return round((angle + across) / symmetry) * symmetry - across


def heading(q: Quat) -> float:
    """Roughly how a die is turned about the vertical, for its shadow: the most level body axis's heading."""
    m = q_matrix(q)
    k = min(range(3), key=lambda c: abs(m[6 + c]))
    return math.degrees(math.atan2(m[3 + k], m[k])) % 90
