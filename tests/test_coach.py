"""The coach at the table: the best move marked, and the costly choices reported after the game."""

from __future__ import annotations

import random

import pygame

from game.players import make_player
from game.session import Session
from game.state import Seat
from game.variants import find_variant

from scene_driver import Driver


def test_the_coach_marks_the_best_keep_and_reports_costly_choices():
    from scenes.table import TableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=7,
                          rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        assert table.coach.available
        driver.click(table.coach_button.rect.center)
        assert 0 in table.coach.on
        driver.key(pygame.K_SPACE)
        driver.step(0.2)
        options = table.coach.options()
        assert options and options[0].loss == 0 and all(a.value >= b.value for a, b in zip(options, options[1:]))
        best = options[0]
        if best.kind == "keep":
            assert sorted(session.state.dice[d] for d in table.tray.highlight) == sorted(best.keep)
        brain = make_player("greedy", random.Random(3))  # greedy is not optimal: it must cost something
        while not session.state.is_terminal():
            if driver.top is table and table.person_to_play():
                table.act(brain.choose(session.state))
            driver.step(0.1)
        total, worst = table.coach.report(0)
        assert total > 0 and worst and worst[0].loss >= worst[-1].loss
        assert worst[0].text.startswith("Turn ") and "was best" in worst[0].text
        assert 1 not in table.coach.costs  # computers are not judged
    finally:
        driver.close()


def test_no_coach_for_jackpot():
    from scenes.coach import Coach

    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Bob")], seed=1)
    assert not Coach(session).available
