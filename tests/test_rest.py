"""A screen at rest draws nothing: after its animations end, no frame is drawn (no flip) until input, a
timer or an animation asks for one. The scene driver also checks, at every step without a frame, that
the screen would look exactly as last drawn (a picture that changed unasked would stay stale)."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver
from screens import SCREENS

from scenes.ui.stack import Scene

# The roll-off throws for one seat after another, then goes on to the table by itself; "Still playing?"
# counts down (a frame a second, its own test below).
MOVING = {"rolloff", "kiosk-still-playing"}
SETTLE = 15.0  # seconds: the longest animation on any screen (the confetti) has ended by then


@pytest.mark.parametrize("build", [build for name, build in SCREENS if name not in MOVING],
                         ids=[name for name, _ in SCREENS if name not in MOVING])
def test_a_screen_at_rest_draws_no_frames_and_wakes_on_input(build):
    driver = Driver()
    try:
        build(driver)
        driver.step(SETTLE)
        coach = getattr(driver.top, "coach", None)
        if coach is not None:  # its bonus outlook is worked out in a thread: each sharper estimate is a frame
            assert coach.settle_outlook(120)
            driver.step(0.25)
        drawn = driver.app.frames
        for _ in range(40):  # ten seconds as the loop spends them at rest: short sleeps, then a look
            driver.step(0.25)
        assert driver.app.frames == drawn, f"{driver.app.frames - drawn} frames drawn at rest"
        assert not driver.app.animating()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 1), buttons=(0, 0, 0)))
        driver.step(0.05)
        assert driver.app.frames == drawn + 1  # the pointer moved: hover may have changed, one frame
    finally:
        driver.close()


class _Clockwork(Scene):
    """A scene whose picture follows the clock without saying it animates: the driver must catch it."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((int(self.clock.time * 50) % 256, 0, 0))


def test_the_driver_catches_a_picture_that_changes_at_rest():
    driver = Driver()
    try:
        driver.start(_Clockwork(driver.app))
        driver.step(0.05)
        with pytest.raises(AssertionError, match="changed at rest"):
            for _ in range(20):
                driver.step(0.1)
    finally:
        driver.close()


def test_a_countdown_draws_once_a_second():
    from game.store.kiosk import KioskConfig
    from scenes.kiosk.controller import KioskController
    from scenes.kiosk.panels import StillPlaying

    driver = Driver()
    try:
        KioskController(driver.app, KioskConfig())
        driver.start(driver.app.scene("title"))
        driver.app.stack.push(StillPlaying(driver.app, 10.0, lambda: None))
        driver.step(0.05)
        drawn = driver.app.frames
        for _ in range(80):  # four seconds in short steps
            driver.step(0.05)
        assert 3 <= driver.app.frames - drawn <= 5
    finally:
        driver.close()


def test_the_pace_draws_when_asked_after_an_animation_and_when_a_timer_is_due():
    from scenes.pace import REST_WAIT, Pace

    pace = Pace()
    assert pace.frame_due(False, False, 0, 0.0)  # the first frame
    pace.drawn(0)
    assert not pace.frame_due(False, False, 0, 0.0)
    pace.redraw()
    assert pace.frame_due(False, False, 0, 0.0)
    pace.drawn(0)
    assert pace.frame_due(False, True, 0, 0.0) and pace.frame_due(False, False, 0, 0.0)  # and where it stopped
    assert not pace.frame_due(False, False, 0, 0.0)
    assert pace.frame_due(False, False, 1, 0.0)  # the stack changed
    pace.drawn(1)
    assert pace.plan_rest(None, 10.0) == REST_WAIT and pace.plan_rest(0.1, 10.0) == 0.1
    assert not pace.frame_due(False, False, 1, 10.05) and pace.frame_due(False, False, 1, 10.1)


def test_a_rest_ends_at_once_on_a_stop_signal():
    from types import SimpleNamespace

    from scenes.pace import Pace

    pygame.display.init()  # the dummy driver (conftest)
    pygame.event.clear()
    assert Pace.rest(60.0, SimpleNamespace(signal="SIGTERM")) == []  # not a minute later
