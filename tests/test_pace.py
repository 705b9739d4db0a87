"""The computer players' pace (Settings): Relaxed as before, Quick, Instant; Instant still shows each
computer turn's dice and the box it chose, for a moment."""

from __future__ import annotations

import pytest
from scene_driver import Driver

from game.engine.actions import Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

STEP = 0.05


def _two_computer_turns(pace: str, variant: str = "classic") -> tuple[float, list[float]]:
    """Seconds (of the game's clock) until two computers have each taken a turn, and how long each chosen box
    showed before it was scored."""
    driver = Driver(animation="normal")
    try:
        driver.app.settings.computer_pace = pace
        seats = [Seat("Cpu", "computer", "greedy"), Seat("Bot", "computer", "greedy"), Seat("Ann")]
        session = Session(find_variant(variant), seats, seed=3, rolloff=False)
        driver.start(driver.app.scene("table", session))
        table = driver.top
        elapsed, shown, since = 0.0, [], None
        while table.seat != 2 and elapsed < 60:
            if isinstance(table.controller.chosen, Score):
                since = elapsed if since is None else since
            elif since is not None:
                shown.append(elapsed - since)
                since = None
            driver.step(STEP)
            elapsed += STEP
        assert table.seat == 2, "the computers never finished their turns"
        if since is not None:  # the last box was scored in the step that ended the loop
            shown.append(elapsed - since)
        return elapsed, shown
    finally:
        driver.close()


def test_quick_and_instant_are_quicker_and_instant_still_shows_the_box_chosen():
    relaxed, relaxed_shown = _two_computer_turns("relaxed")
    quick, _ = _two_computer_turns("quick")
    instant, instant_shown = _two_computer_turns("instant")
    assert instant < quick < relaxed
    assert relaxed > 3 * instant  # a pace one notices
    assert len(instant_shown) == 2 and all(seconds >= 0.75 for seconds in instant_shown)
    assert len(relaxed_shown) == 2


@pytest.mark.parametrize("variant", ["challenge", "jackpot"])
def test_every_table_plays_its_computers_at_the_instant_pace(variant):
    relaxed, _ = _two_computer_turns("relaxed", variant)
    instant, _ = _two_computer_turns("instant", variant)
    assert instant < relaxed


def _after_a_person_scores(animation: str, pace: str, coach: bool = False) -> tuple[float, float]:
    """Ann (a person) rolls and fills a box; then a computer plays. Seconds (made-up time, in frame steps) from
    her scoring until the computer's first move (Undo is gone then), and from her box seen until the computer
    has filled its own."""
    import pygame

    driver = Driver(animation=animation)
    try:
        driver.app.settings.computer_pace = pace
        seats = [Seat("Ann"), Seat("Cpu", "computer", "greedy")]
        session = Session(find_variant("classic"), seats, seed=3, rolloff=False)
        table = driver.app.scene("table", session)
        driver.start(table)
        driver.step(0.5)
        if coach:
            driver.key(pygame.K_c)
            assert 0 in table.coach.on
        driver.key(pygame.K_SPACE)
        assert driver.wait_until(lambda: not table.throwing, 5)
        options = session.state.options().scores
        table.act(Score(max(options, key=options.get)))
        scored, elapsed, seen = len(session.log), 0.0, None
        first_move = None
        while not isinstance(session.log[-1], Score) or len(session.log) == scored:
            if seen is None and table.moments.showing is None:
                seen = elapsed
            if first_move is None and len(session.log) > scored:
                first_move = elapsed
                assert not table.undo_allowed()
            elif first_move is None:
                assert table.undo_allowed()  # Undo is there until the computer moves
            driver.step(STEP)
            elapsed += STEP
            assert elapsed < 30, "the computer never filled its box"
        return first_move, elapsed - seen
    finally:
        driver.close()


@pytest.mark.parametrize("animation", ["normal", "fast"])
def test_undo_stays_the_same_real_time_at_any_animation_speed(animation):
    """Against a relaxed computer, Undo stays while the box is seen and 2.5 s more, however fast the dice fly."""
    from game.table.pace import UNDO_GRACE

    first_move, _ = _after_a_person_scores(animation, "relaxed")
    assert first_move >= 1.5 + UNDO_GRACE - STEP


def test_an_instant_computer_after_a_person_plays_its_turn_in_under_a_second():
    """The README's promise, with the coach on: from the person's box seen to the computer's box filled."""
    _, turn = _after_a_person_scores("normal", "instant", coach=True)
    assert turn < 1.0
