"""Random taps, keys and resizes on every table never crash the game (a seeded monkey)."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

KEYS = [pygame.K_SPACE, pygame.K_r, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_c,
        pygame.K_x, pygame.K_u, pygame.K_F1]


@pytest.mark.parametrize("variant_id", ["classic", "challenge", "jackpot", "yatzy"])
def test_a_monkey_at_the_table_breaks_nothing(variant_id):
    from scenes.registry import opening_for as opening_scene

    rng = random.Random(variant_id)
    driver = Driver(animation="instant")
    try:
        seats = [Seat("Ann"), Seat("Bob"), Seat("Cpu", "computer", "greedy")]
        driver.start(opening_scene(driver.app, Session(find_variant(variant_id), seats, seed=3)))
        for _step in range(400):  # ~20 turns of random taps, keys and resizes on each table
            roll = rng.random()
            if roll < 0.55:
                pos = (rng.randrange(1280), rng.randrange(800))
                driver.click(pos)
            elif roll < 0.95:
                driver.key(rng.choice(KEYS))
            else:
                size = rng.choice([(900, 600), (1280, 800), (640, 900)])
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
                driver.step(0.05)
            if not driver.app.stack.scenes:  # quit to the title and quit: start again
                break
        assert driver.app.stack.top is not None or not driver.app.running
    finally:
        driver.close()
