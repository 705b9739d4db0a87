"""The throw's physics on its own, without pygame: dice stay inside the rails, come to rest apart and flat,
and the work of a throw comes in small shares, the same throw for the same seed."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys

from scenes.dice.physics.cube import tilt
from scenes.dice.physics.dice_throw import Aim, simulate, throwing
from scenes.dice.physics.dice_world import RAIL_INSET, STEP_COST, Body, World

WIDTH, DEPTH = 8.0, 5.0


def test_the_physics_needs_no_pygame():
    code = ("import sys; import scenes.dice.physics.dice_world, scenes.dice.physics.dice_throw; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_thrown_dice_never_leave_the_rails_and_rest_flat_and_apart():
    for seed, count in itertools.product(range(8), (1, 5, 6)):
        flight = simulate(WIDTH, DEPTH, count, Aim((WIDTH / 2, 0.9), (0.2, 1.0)), random.Random(seed))
        for track in flight.poses:
            for x, y, z, _ in track:
                assert 0.5 <= x <= WIDTH - 0.5 and 0.5 <= y <= DEPTH - 0.5, (seed, count, x, y)
                assert z >= 0.45, (seed, count, z)
        for x, y, q in flight.rest:
            assert tilt(q) < 0.01
            assert 0.5 + RAIL_INSET - 0.01 <= x <= WIDTH - 0.5 - RAIL_INSET + 0.01
            assert 0.5 + RAIL_INSET - 0.01 <= y <= DEPTH - 0.5 - RAIL_INSET + 0.01
        for (ax, ay, _), (bx, by, _) in itertools.combinations(flight.rest, 2):
            assert math.hypot(ax - bx, ay - by) >= 0.95, (seed, count, "two dice lie inside each other")


def test_a_throw_is_worked_out_in_small_shares_each_the_cost_of_one_step():
    work = throwing(WIDTH, DEPTH, 5, Aim((WIDTH / 2, 0.9)), random.Random(3))
    costs = []
    try:
        while True:
            costs.append(next(work))
    except StopIteration as done:
        flight = done.value
    assert len(costs) > 100 and max(costs) < 200, max(costs)
    assert min(costs) >= STEP_COST  # a step costs at least itself
    same = simulate(WIDTH, DEPTH, 5, Aim((WIDTH / 2, 0.9)), random.Random(3))
    assert same.rest == flight.rest and same.poses == flight.poses


def test_a_step_costs_more_with_more_dice_moving():
    world = World(WIDTH, DEPTH)
    world.bodies = [Body(2 + 1.5 * k, 2.5, 3.0, (1.0, 0.0, 0.0, 0.0)) for k in range(3)]
    busy = world.step()
    for body in world.bodies[1:]:
        body.asleep = True
    assert world.step() < busy


def test_a_die_at_rest_against_a_rail_stays_inside_it():
    world = World(3.0, 3.0)
    body = Body(1.5, 1.5, 0.5, (1.0, 0.0, 0.0, 0.0))
    body.vx = 30.0  # slid hard at the right-hand rail
    world.bodies = [body]
    for _ in range(600):
        world.step()
    assert body.x <= 3.0 - 0.5 - RAIL_INSET + 0.02
