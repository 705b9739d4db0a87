"""A held shake works the throw out before the dice leave the hand: letting go throws at once, the dice are in
the cup (not on the felt) while it is shaken, and a shake that comes to nothing puts them back as they lay."""

from __future__ import annotations

import pygame
import pytest

from scenes.dice.dice_tray import FOLLOW_TIME, WORK_RATE, DiceTray, Toss
from scenes.dice.physics import dice_world
from scenes.dice.physics.dice_throw import LONGEST
from scenes.dice.physics.throw_ahead import Ahead
from scenes.dice.physics.throw_gesture import ThrowGesture

TRAY = pygame.Rect(60, 150, 760, 450)
HOLD = pygame.Rect(60, 640, 760, 100)
SIZE = 72
FRAME = 1 / 60


@pytest.fixture(autouse=True, scope="module")
def _display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def at_rest(tray: DiceTray) -> None:
    for _ in range(int((LONGEST + 2) / FRAME)):
        if not tray.busy():
            return
        tray.update(FRAME)
    raise AssertionError("the dice never came to rest")


def shake(tray: DiceTray, rolling: list[bool], seconds: float, toss=lambda: Toss(None, None, 1.0)) -> None:
    """A person holds the cup ``seconds``: the table takes the dice up every frame, as play_scene does."""
    for _ in range(round(seconds / FRAME)):
        tray.cup.shake()
        tray.take_up(rolling, toss())
        tray.update(FRAME)


def test_letting_go_of_a_held_shake_throws_at_once_on_the_engines_faces():
    for seed in range(5):
        tray = DiceTray(TRAY, HOLD, size=SIZE, seed=seed)
        shake(tray, [True] * 5, 0.6)
        tray.throw((6, 5, 4, 3, 2), [True] * 5, Toss(None, None, 1.05))
        tray.update(FRAME)
        assert tray._throw.left, "the dice waited in the cup after the hand let go"
        assert tray.cup.dice == 0
        at_rest(tray)
        assert tray.shown_faces() == [6, 5, 4, 3, 2]


def test_a_tap_still_shows_the_dice_in_the_cup_a_moment():
    """A quick press: the cup scoops, shakes a moment, pours (not the whole wait of working the throw out)."""
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=3)
    shake(tray, [True] * 5, 2 * FRAME)
    tray.throw((1, 1, 1, 1, 1), [True] * 5, Toss(None, None, 1.0))
    frames = 0
    while not tray._throw.left:
        tray.update(FRAME)
        frames += 1
    assert 6 <= frames <= 40, frames
    at_rest(tray)
    assert tray.shown_faces() == [1] * 5


def test_while_shaken_the_thrown_dice_are_in_the_cup_and_held_ones_in_the_hold_row():
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=1)
    tray.place((1, 2, 3, 4, 5), [False, True, False, False, True])
    lay = {i: tray.die_rect(i) for i in range(5)}
    shake(tray, [True, False, True, True, False], 0.3)
    assert tray.cup.dice == 3
    assert tray.shown_faces() == [None, 2, None, None, 5]  # on the felt no more: at the cup's mouth
    for i in (1, 4):
        assert tray.is_held(i) and tray.hold_row.collidepoint(tray.die_rect(i).center)
    tray.cup.drop()  # the shake came to nothing (the key let go off the table, a drag too short)
    tray.update(FRAME)
    assert tray.cup.dice == 0 and not tray.busy()
    assert tray.shown_faces() == [1, 2, 3, 4, 5]
    assert {i: tray.die_rect(i) for i in range(5)} == lay, "the dice lie again just where they lay"


def test_a_drag_is_worked_out_as_it_goes_and_a_far_flick_still_lands(monkeypatch):
    """The flick's end is near the toss worked out (begun a little further on, where the hand was going): the
    cup follows through and pours at once. A flick far from it is worked out anew, a share a frame (never the
    whole throw in one frame)."""
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=2)
    shake(tray, [True] * 5, 0.5, lambda: Toss((400.0, 520.0), (20.0, -300.0), 1.2))
    tray.throw((2, 2, 3, 3, 3), [True] * 5, Toss((405.0, 522.0), (24.0, -300.0), 1.25))
    frames = 0
    while not tray._throw.left:
        tray.update(FRAME)
        frames += 1
    assert frames <= round(FOLLOW_TIME / FRAME) + 1, "the dice waited in the cup after the flick"
    assert tray.cup.pos[1] < 522 - SIZE, "the cup followed through up the felt, the flick's way"
    at_rest(tray)
    assert tray.shown_faces() == [2, 2, 3, 3, 3]
    done = []
    real_step = dice_world.World.step
    monkeypatch.setattr(dice_world.World, "step", lambda self, *a: done.append(real_step(self, *a)) or done[-1])
    shake(tray, [True] * 5, 0.5, lambda: Toss((400.0, 520.0), (20.0, -300.0), 1.2))
    tray.throw((4, 4, 4, 4, 1), [True] * 5, Toss((600.0, 400.0), (-300.0, -10.0), 1.8))  # flicked the other way
    frames = []
    while tray.busy():
        done.clear()
        tray.update(FRAME)
        frames.append(sum(done))
    assert max(frames) <= WORK_RATE / 30 + 3 * dice_world.STEP_COST * 6 + 100
    assert tray.shown_faces() == [4, 4, 4, 4, 1]


def test_a_stronger_shake_begins_a_new_flight_and_keeps_the_last_whole_one():
    ahead = Ahead((True,) * 5, {})
    assert not ahead.near(Toss(None, None, 1.0))
    assert ahead.chosen((True,) * 5, Toss(None, None, 1.0)) is None
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=4)
    shake(tray, [True] * 5, 1.5, lambda: Toss(None, None, 1.0 + 0.3 * min(1.0, tray.cup.shaken / 1.5)))
    ahead = tray._ahead
    assert ahead.done is not None, "a flight was worked out to the end while the cup was shaken"
    assert ahead.done[0].strength > 1.1, "the flight follows the shake as it grows stronger"
    assert ahead.chosen((True,) * 5, Toss(None, None, 1.3)) is not None
    assert ahead.chosen((True, False, True, True, True), Toss(None, None, 1.3)) is None


def test_a_flights_begun_ahead_of_the_hand_serves_it_only_on_its_way():
    ahead = Ahead((True,) * 5, {}, SIZE)
    hand = Toss((400.0, 500.0), (0.0, -300.0), 1.0)
    led = ahead.lead(hand)
    assert led.pos[0] == 400.0 and 500.0 - 2 * SIZE < led.pos[1] < 500.0 - 0.5 * SIZE
    assert ahead.follows(led, hand), "the hand, behind its flight's start, follows through to it"
    assert not ahead.follows(led, Toss((400.0, led.pos[1] - 40), (0.0, -300.0), 1.0)), "gone past it"
    assert not ahead.follows(led, Toss((400.0, 500.0), (300.0, 0.0), 1.0)), "flicked another way"
    assert not ahead.follows(led, Toss((400.0, 500.0), (0.0, -300.0), 1.6)), "far harder"


def flick(tray: DiceTray, start: tuple[float, float], way: tuple[float, float], frames: int = 8) -> Toss:
    """A quick drag from ``start`` by ``way`` (canvas pixels) over ``frames`` frames, as play_scene feeds it."""
    gesture = ThrowGesture()
    gesture.start_drag(start)
    tray.cup.shake(start)
    tray.take_up([True] * 5, gesture.aim_now())
    tray.update(FRAME)
    x, y = start
    for _ in range(frames):
        gesture.update(FRAME)
        x, y = x + way[0] / frames, y + way[1] / frames
        gesture.move((x, y))
        tray.cup.shake(gesture.where)
        tray.take_up([True] * 5, gesture.aim_now())
        tray.update(FRAME)
    gesture.update(FRAME)
    return gesture.release((x, y))


@pytest.mark.parametrize("seed, start, way", [(1, (440, 560), (10, -150)), (2, (300, 570), (60, -140)),
                                              (3, (560, 560), (-50, -150))])
def test_a_quick_flick_leaves_the_hand_within_two_frames(seed, start, way):
    """No long shake: the flight a flick needs was worked out while the dice lay still, so letting go throws
    at once (by frames of the tray's clock), and the dice still land on the engine's faces."""
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=seed)
    tray.stock_wanted = True  # as a table sets it: a person may throw next, at a speed the flight is seen
    tray.place((1, 2, 3, 4, 5), [False] * 5)
    for _ in range(600):  # the table keeps frames coming while it works them out (a second or two)
        if not tray.preparing():
            break
        tray.update(FRAME)
    assert not tray.preparing()
    toss = flick(tray, start, way)
    assert toss is not None and toss.pos is not None
    tray.throw((6, 6, 2, 3, 1), [True] * 5, toss)
    frames = 0
    while not (tray._throw is not None and tray._throw.left):
        tray.update(FRAME)
        frames += 1
        assert frames <= 2, "the dice waited in the cup after the flick let go"
    at_rest(tray)
    assert tray.shown_faces() == [6, 6, 2, 3, 1]


def test_no_throw_is_worked_out_ahead_unless_the_table_wants_one():
    """A computer never flicks and at the instant speed no flight is seen: the tray works nothing out ahead
    then (every idle frame of every table would pay for it)."""
    tray = DiceTray(TRAY, HOLD, size=SIZE, seed=5)
    tray.place((1, 2, 3, 4, 5), [False] * 5)
    for _ in range(120):
        tray.update(FRAME)
    assert not tray.preparing() and tray._stock.done == [] and tray._stock.working is None
