"""Tweens on made-up time: exact end values, easings, callbacks, speed and finishing early."""

import pytest

from scenes.ui.tween import EASINGS, Clock


class Thing:
    x = 0.0
    pos = (0.0, 0.0)


@pytest.mark.parametrize("easing", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_exactly_at_1(easing):
    f = EASINGS[easing]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_a_tween_finishes_exactly_on_its_end_value_and_calls_back_once():
    clock, thing, done = Clock(), Thing(), []
    clock.tween(thing, "x", 10.0, 0.5, "out_back", on_done=lambda: done.append(clock.time))
    for _ in range(7):
        clock.tick(0.1)
    assert thing.x == 10.0
    assert done == [pytest.approx(0.5)]
    assert not clock.busy()


def test_tuples_tween_component_wise():
    clock, thing = Clock(), Thing()
    clock.tween(thing, "pos", (10.0, -4.0), 1.0, "linear")
    clock.tick(0.25)
    assert thing.pos == pytest.approx((2.5, -1.0))


def test_a_new_tween_on_the_same_attribute_replaces_the_old():
    clock, thing = Clock(), Thing()
    clock.tween(thing, "x", 100.0, 1.0)
    clock.tick(0.5)
    clock.tween(thing, "x", -5.0, 0.2)
    clock.tick(1.0)
    assert thing.x == -5.0 and len(clock.tweens) == 0


def test_speed_scales_time_and_finish_all_jumps_to_the_end():
    clock, thing, done = Clock(speed=2.0), Thing(), []
    clock.tween(thing, "x", 1.0, 1.0, "linear")
    clock.tick(0.25)
    assert thing.x == pytest.approx(0.5)
    clock.tween(thing, "pos", (3.0, 3.0), 5.0, on_done=lambda: done.append(True))
    clock.finish_all()
    assert thing.x == 1.0 and thing.pos == (3.0, 3.0) and done == [True]


def test_after_calls_when_its_time_comes():
    clock, calls = Clock(), []
    clock.after(0.3, lambda: calls.append("a"))
    clock.tick(0.2)
    assert calls == []
    clock.tick(0.2)
    assert calls == ["a"]
