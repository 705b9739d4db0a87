"""The scorecard table hands the dice over and moves to the results as the controller says (its ``TurnPassed``
and ``GameOver``), not as it works them out from the state: a turn the controller did not pass is not handed
over, a game it did not end is not shown as over."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.actions import Roll, Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.table.events import GameOver, TurnPassed


def _unheard(controller, kind) -> None:
    """The table hears nothing of ``kind`` from its controller (the events are dropped on their way)."""
    command, update = controller.command, controller.update
    controller.command = lambda c: [e for e in command(c) if not isinstance(e, kind)]
    controller.update = lambda *a, **k: [e for e in update(*a, **k) if not isinstance(e, kind)]


@pytest.mark.parametrize("heard", [True, False])
def test_the_dice_are_handed_over_when_the_controller_passes_the_turn(heard):
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ben")], seed=4, rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        if table.handoff is not None:
            driver.key(pygame.K_RETURN)
        if not heard:
            _unheard(table.controller, TurnPassed)
        table.act(Roll())
        assert driver.wait_until(lambda: not table.throwing, 3.0)
        box = max(session.state.options().scores, key=session.state.options().scores.get)
        table.act(Score(box))
        assert session.state.seat == 1 and table.handoff is None  # the box filled shows first
        assert driver.wait_until(lambda: table.moments.showing is None, 5.0)
        driver.step(0.2)
        assert table.handoff == (1 if heard else None)
    finally:
        driver.close()


@pytest.mark.parametrize("heard", [True, False])
def test_the_results_come_when_the_controller_says_the_game_is_over(heard):
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob", "computer", "greedy")], seed=4,
                      rolloff=False)
    brain, state = make_player("greedy", random.Random(1)), session.state
    while not (state.current_player() == 0 and state.card(0).filled() == 12 and state.dice is not None):
        session.act(brain.choose(state))
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        table = table_for(driver.app, session)
        driver.start(table)
        if not heard:
            _unheard(table.controller, GameOver)
        table.act(Score(next(iter(session.state.options().scores))))
        assert driver.wait_until(lambda: session.state.is_terminal(), 10.0)  # Bob fills his last box
        assert driver.wait_until(lambda: table.moments.showing is None, 5.0)
        driver.step(0.2)
        assert (driver.top.screen == "game_over") == heard
    finally:
        driver.close()
