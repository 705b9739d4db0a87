"""The computer players' pace (Settings): Relaxed as before, Quick, Instant; Instant still shows each
computer turn's dice and the box it chose, for a moment."""

from __future__ import annotations

import pytest

from game.engine.actions import Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

from scene_driver import Driver

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
