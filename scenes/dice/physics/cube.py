"""A die as a cube: its orientation (a unit quaternion), its faces, and which number each face carries.

Pure Python, no pygame: the physics (:mod:`scenes.dice.physics.dice_world`) turns cubes, the renderer
(:mod:`scenes.dice.dice_render`) draws them. Lengths are in die sides (a die is 1 across).

Body frame: x right, y toward the far rail, z up, as the die lies before it is turned. Which number sits on
which body face is a *labelling*, chosen after the throw has been simulated: the face that ends up on top
gets the number the engine drew. The labelling is fixed before the die is seen, so no face ever changes on
screen.
"""

from __future__ import annotations

import math
import random

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]  # (w, x, y, z)

AXES: tuple[Vec, ...] = ((1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0),
                         (0.0, -1.0, 0.0), (0.0, 0.0, 1.0), (0.0, 0.0, -1.0))

# A Western die in its own label frame: 1 on top, 2 toward the viewer, 3 on the right (1-2-3 turn
# counter-clockwise about their corner); opposite faces add up to 7.
LABEL_NORMALS: dict[int, Vec] = {1: (0.0, 0.0, 1.0), 6: (0.0, 0.0, -1.0), 2: (0.0, -1.0, 0.0),
                                 5: (0.0, 1.0, 0.0), 3: (1.0, 0.0, 0.0), 4: (-1.0, 0.0, 0.0)}


def q_mul(a: Quat, b: Quat) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def q_axis_angle(axis: Vec, angle: float) -> Quat:
    x, y, z = axis
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    s = math.sin(angle / 2) / n
    return (math.cos(angle / 2), x * s, y * s, z * s)


def q_normalise(q: Quat) -> Quat:
    n = math.sqrt(sum(c * c for c in q)) or 1.0
    return (q[0] / n, q[1] / n, q[2] / n, q[3] / n)


def q_random(rng: random.Random) -> Quat:
    """A uniformly random orientation (Shoemake's method)."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return (a * math.sin(2 * math.pi * u2), a * math.cos(2 * math.pi * u2),
            b * math.sin(2 * math.pi * u3), b * math.cos(2 * math.pi * u3))


def q_matrix(q: Quat) -> tuple[float, ...]:
    """The rotation as a row-major 3x3 matrix: world = M @ body."""
    w, x, y, z = q
    return (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))


def q_nlerp(a: Quat, b: Quat, t: float) -> Quat:
    if sum(x * y for x, y in zip(a, b)) < 0:
        b = (-b[0], -b[1], -b[2], -b[3])
    return q_normalise(tuple(x + (y - x) * t for x, y in zip(a, b)))  # type: ignore[arg-type]


def up_axis(q: Quat) -> int:
    """Index into AXES of the body face that points most nearly up."""
    m = q_matrix(q)
    ups = (m[6], -m[6], m[7], -m[7], m[8], -m[8])  # the world z of each body axis
    return max(range(6), key=lambda k: ups[k])


def tilt(q: Quat) -> float:
    """Degrees between the top face's normal and straight up (0 for a die lying flat)."""
    m = q_matrix(q)
    top = max(abs(m[6]), abs(m[7]), abs(m[8]))
    return math.degrees(math.acos(min(1.0, top)))


def flatten(q: Quat) -> Quat:
    """The nearest orientation lying flat: the smallest turn that brings the top face square to the felt."""
    m = q_matrix(q)
    k = up_axis(q)
    ax = AXES[k]
    n = (m[0] * ax[0] + m[1] * ax[1] + m[2] * ax[2],
         m[3] * ax[0] + m[4] * ax[1] + m[5] * ax[2],
         m[6] * ax[0] + m[7] * ax[1] + m[8] * ax[2])  # that face's normal in the world
    cross = (n[1], -n[0], 0.0)  # n x up
    s = math.hypot(cross[0], cross[1])
    if s < 1e-12:
        return q
    return q_normalise(q_mul(q_axis_angle(cross, math.asin(min(1.0, s))), q))


def yaw(q: Quat) -> float:
    """Degrees a die lying flat is turned about the vertical, counter-clockwise on screen, modulo 90."""
    m = q_matrix(q)
    k = up_axis(q)
    side = AXES[(k + 2) % 6]  # a body axis square to the top one
    x, y = (m[0] * side[0] + m[1] * side[1] + m[2] * side[2], m[3] * side[0] + m[4] * side[1] + m[5] * side[2])
    return math.degrees(math.atan2(y, x)) % 90


# ---------------------------------------------------------------- labels

# The 24 turns of a cube, as signed permutation matrices (row-major 3x3 of -1, 0, 1).
def _cube_turns() -> list[tuple[int, ...]]:
    import itertools

    turns = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = [0] * 9
            for row, col in enumerate(perm):
                m[row * 3 + col] = signs[row]
            det = (m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
                   + m[2] * (m[3] * m[7] - m[4] * m[6]))
            if det == 1:
                turns.append(tuple(m))
    return turns


CUBE_TURNS = _cube_turns()


def _apply(m: tuple[int, ...], v: Vec) -> Vec:
    return (m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
            m[6] * v[0] + m[7] * v[1] + m[8] * v[2])


def _transpose(m: tuple[int, ...]) -> tuple[int, ...]:
    return (m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8])


class Labels:
    """Which number (1 to 6) each body face carries, and how each face's picture is turned.

    ``faces`` lists, for each of the six body faces (in :data:`AXES` order), the number on it and two body
    vectors ``(across, down)`` that run along that face's picture: pips and symbols are laid out on them.
    """

    def __init__(self, turn: tuple[int, ...]):
        self.turn = turn  # body -> label frame
        back = _transpose(turn)
        self.faces: list[tuple[int, Vec, Vec]] = []
        for axis in AXES:
            label_normal = _apply(turn, axis)
            number = next(k for k, n in LABEL_NORMALS.items() if n == label_normal)
            across, down = _picture_axes(label_normal)
            self.faces.append((number, _apply(back, across), _apply(back, down)))

    def number_on(self, axis: int) -> int:
        return self.faces[axis][0]

    @staticmethod
    def landing(top_axis: int, number: int, rng: random.Random) -> Labels:
        """A labelling that puts ``number`` on body face ``top_axis`` (one of four, by ``rng``)."""
        return rng.choice(Labels.options(top_axis, number))

    @staticmethod
    def upright_landing(q: Quat, number: int) -> Labels:
        """Of the labellings that put ``number`` on top of a die turned ``q``, the one whose picture reads most
        nearly upright from the player's seat."""
        m = q_matrix(q)
        top = up_axis(q)

        def lean(labels: Labels) -> float:
            across = labels.faces[top][1]
            return abs(math.atan2(m[3] * across[0] + m[4] * across[1] + m[5] * across[2],
                                  m[0] * across[0] + m[1] * across[1] + m[2] * across[2]))
        return min(Labels.options(top, number), key=lean)

    @staticmethod
    def options(top_axis: int, number: int) -> list[Labels]:
        """The four labellings that put ``number`` on body face ``top_axis`` (its picture turned four ways)."""
        want = LABEL_NORMALS[number]
        return [Labels(m) for m in CUBE_TURNS if _apply(m, AXES[top_axis]) == want]


def _picture_axes(normal: Vec) -> tuple[Vec, Vec]:
    """For a face of the label frame: the directions of its picture's right and down, so that the top face
    (1) reads upright from the player's seat and the others follow a real die's layout."""
    x, y, z = normal
    if z:
        return (1.0, 0.0, 0.0), (0.0, -z, 0.0)
    if y:
        return (-y, 0.0, 0.0), (0.0, 0.0, -1.0)
    return (0.0, x, 0.0), (0.0, 0.0, -1.0)
