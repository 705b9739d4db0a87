"""Throwing as a person does, through the real table scene: shake the cup and let go, flick across the felt,
a plain tap, a computer's throw, Instant pace, and the same seed throwing the same."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


def _table(animation: str = "normal", seed: int = 4, seats=None):
    from scenes.scorecard.table import TableScene

    driver = Driver(animation=animation)
    session = Session(find_variant("classic"), seats or [Seat("Ann")], seed=seed, rolloff=False)
    scene = TableScene(driver.app, session)
    driver.start(scene)
    if scene.handoff is not None:
        driver.key(pygame.K_RETURN)
    return driver, scene, session


def _post(kind: int, driver: Driver, pos=None, **extra) -> None:
    if pos is not None:
        extra["pos"] = driver.window_pos(pos)
    pygame.event.post(pygame.event.Event(kind, **extra))


@pytest.fixture
def table():
    driver, scene, session = _table()
    yield driver, scene, session
    driver.close()


def test_holding_roll_shakes_the_cup_and_letting_go_throws(table):
    driver, scene, session = table
    rolls = len(session.log)
    _post(pygame.MOUSEBUTTONDOWN, driver, scene.roll_button.rect.center, button=1, touch=False)
    driver.step(0.6)
    assert scene.hand.gesture.by == "pointer" and scene.tray.cup.shaking
    assert len(session.log) == rolls and not scene.throwing, "nothing is rolled while the cup is shaken"
    loud = scene.tray.cup.loudness()
    driver.step(0.6)
    assert scene.tray.cup.loudness() > loud, "the rattle grows louder the longer the shake"
    _post(pygame.MOUSEBUTTONUP, driver, scene.roll_button.rect.center, button=1, touch=False)
    driver.step(0.05)
    assert session.state.dice is not None and scene.throwing and not scene.hand.gesture.active
    assert driver.wait_until(lambda: not scene.throwing, 4)
    assert scene.tray.shown_faces() == list(session.state.dice)


def test_holding_space_shakes_and_letting_go_throws(table):
    driver, scene, session = table
    _post(pygame.KEYDOWN, driver, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.step(0.5)
    assert scene.tray.cup.shaking and not scene.throwing
    _post(pygame.KEYUP, driver, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.step(0.05)
    assert scene.throwing
    assert driver.wait_until(lambda: not scene.throwing, 4)
    assert scene.tray.shown_faces() == list(session.state.dice)


def test_a_shake_whose_release_never_comes_throws_by_itself(table):
    driver, scene, session = table
    _post(pygame.KEYDOWN, driver, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    assert driver.wait_until(lambda: scene.throwing, 4)
    assert session.state.dice is not None


def test_a_flick_across_the_felt_throws_the_dice_that_way(table):
    driver, scene, session = table
    felt = scene.tray.tray
    start = (felt.left + 80, felt.bottom - 60)
    _post(pygame.MOUSEBUTTONDOWN, driver, start, button=1, touch=False)
    driver.step(1 / 60)
    for k in range(1, 7):
        _post(pygame.MOUSEMOTION, driver, (start[0] + 40 * k, start[1] - 12 * k), rel=(40, -12), buttons=(1, 0, 0),
              touch=False)
        driver.step(1 / 60)
    assert scene.tray.cup.visible, "the cup goes with the finger"
    end = (start[0] + 280, start[1] - 84)
    _post(pygame.MOUSEBUTTONUP, driver, end, button=1, touch=False)
    driver.step(1 / 60)
    assert scene.throwing
    assert driver.wait_until(lambda: not scene.throwing, 4)
    xs = [scene.tray._dice[d].x for d in range(5)]
    assert sum(xs) / 5 > end[0] - 40, "thrown toward the right, where the flick went"
    assert scene.tray.shown_faces() == list(session.state.dice)


def test_a_tap_on_the_felt_is_no_throw(table):
    driver, scene, session = table
    driver.click(scene.tray.tray.center)
    assert not scene.throwing and session.state.dice is None and not scene.tray.cup.visible


def test_a_plain_click_or_space_still_rolls_at_once(table):
    driver, scene, session = table
    driver.click(scene.roll_button.rect.center)
    assert scene.throwing or session.state.dice is not None
    assert driver.wait_until(lambda: not scene.throwing, 4)
    driver.key(pygame.K_SPACE)
    assert scene.throwing


def test_held_dice_stay_on_the_hold_row_through_a_shaken_throw(table):
    driver, scene, session = table
    driver.key(pygame.K_SPACE)
    assert driver.wait_until(lambda: not scene.throwing, 4)
    driver.key(pygame.K_1)
    driver.key(pygame.K_2)
    assert driver.wait_until(lambda: not scene.tray.busy(), 2)
    held = [d for d in range(5) if session.state.held[d]]
    assert len(held) == 2
    where = {d: scene.tray.die_rect(d) for d in held}
    _post(pygame.KEYDOWN, driver, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.step(0.3)
    _post(pygame.KEYUP, driver, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.step(0.05)
    while scene.throwing:
        assert {d: scene.tray.die_rect(d) for d in held} == where
        driver.step(0.05)


def test_instant_pace_lands_at_once_and_shows_no_cup():
    driver, scene, session = _table("instant")
    try:
        driver.key(pygame.K_SPACE)
        driver.step(0.02)
        assert not scene.tray.busy() and not scene.tray.cup.visible
        assert scene.tray.shown_faces() == list(session.state.dice)
    finally:
        driver.close()


def test_a_computer_throws_from_the_cup():
    driver, scene, session = _table("normal", seats=[Seat("Bot", "computer", "greedy")])
    try:
        assert driver.wait_until(lambda: scene.throwing, 10)
        assert scene.tray.cup.visible, "the cup tips the dice out"
        assert driver.wait_until(lambda: not scene.throwing, 4)
        assert scene.tray.shown_faces() == list(session.state.dice)
    finally:
        driver.close()


def test_a_replay_of_the_same_game_throws_the_same():
    def throws(seed: int) -> list:
        driver, scene, session = _table("normal", seed=seed)
        try:
            seen = []
            for _ in range(2):
                driver.key(pygame.K_SPACE)
                assert driver.wait_until(lambda: not scene.throwing, 4)
                seen.append([(round(d.x, 3), round(d.y, 3), round(d.angle, 3)) for d in scene.tray._dice])
                driver.key(pygame.K_1)
            return seen
        finally:
            driver.close()
    assert throws(21) == throws(21)


def test_a_faster_flick_throws_harder_and_a_short_drag_is_no_throw():
    from scenes.dice.physics.throw_gesture import ThrowGesture

    def flick(pixels_per_step: float, steps: int = 6):
        gesture = ThrowGesture()
        gesture.start_drag((100.0, 400.0))
        for k in range(1, steps + 1):
            gesture.update(1 / 60)
            gesture.move((100.0 + pixels_per_step * k, 400.0 - pixels_per_step * k / 2))
        return gesture.release()

    slow, fast = flick(6), flick(30)
    assert slow is not None and fast is not None and fast.strength > slow.strength
    assert fast.direction[0] > 0 and fast.direction[1] < 0, "up and to the right, as the finger went"
    assert flick(2, steps=3) is None, "a drag of a few pixels is a tap on the felt, not a throw"


def test_a_long_shake_throws_a_little_harder_than_a_short_one():
    from scenes.dice.physics.throw_gesture import ThrowGesture

    def shake(seconds: float):
        gesture = ThrowGesture()
        gesture.shake("key")
        for _ in range(round(seconds * 60)):
            gesture.update(1 / 60)
        return gesture.key_up()

    assert shake(1.5).strength > shake(0.1).strength >= 1.0
