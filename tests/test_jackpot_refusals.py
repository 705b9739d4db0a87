"""A drop the rules refuse is said, not swallowed: a full column's key (or a tap on it) and a taken Chance Space
tell the person why, over what they are to do, with a low thud; nothing moves, and the next drop works."""

from __future__ import annotations

import pygame
import pytest
from helpers import texts_on_screen
from jackpot_helpers import sounds_heard, sync_supply
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.variants import find_variant


def _ann_with_a_full_first_column(driver: Driver, chance: str | None = None):
    """Ann (a person) to roll, her tall first column already full (and a tile in her Chance Space if asked);
    Ada, a computer, plays after her."""
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=3,
                      rolloff=False)
    for state in (session.start, session.state):
        state.racks[0] = {(0, row): "cherry" for row in range(5)}
        state.chance[0] = chance
        sync_supply(state)
    table = driver.app.scene("table", session)
    driver.start(table)
    sounds = sounds_heard(driver.app)
    driver.key(pygame.K_SPACE)
    assert driver.wait_until(lambda: not table.throwing, 5)
    if session.state.stage == "chance_option":
        driver.key(pygame.K_c)  # keep it: on to the tile
    assert session.state.stage == "place" and table.person_to_play()
    return table, session, sounds


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_full_columns_key_says_it_is_full_and_thuds(language):
    driver = Driver(animation="fast", language=language)
    try:
        table, session, sounds = _ann_with_a_full_first_column(driver)
        moves = len(session.log)
        said = i18n.t("jackpot.column_full", column=1)
        assert said not in texts_on_screen(driver)
        driver.key(pygame.K_1)
        assert len(session.log) == moves and session.state.stage == "place"  # nothing dropped
        assert sounds[-1] == "zero"
        shown = texts_on_screen(driver)
        assert said in shown
        assert any(line.startswith(i18n.t("jackpot.roll_class." + session.state.roll_class()).rstrip("!"))
                   for line in shown)  # and still what to do
        driver.step(3.0)  # a moment later the words go
        assert said not in texts_on_screen(driver)
        driver.key(pygame.K_2)  # an open column takes the tile
        assert len(session.log) > moves and (1, 0) in session.state.racks[0]
    finally:
        i18n.set_language("en")
        driver.close()


def test_a_tap_on_a_full_column_is_said_too_and_a_move_clears_the_words():
    driver = Driver(animation="fast")
    try:
        table, session, sounds = _ann_with_a_full_first_column(driver)
        big = table.racks[0]
        driver.click(big.window_rect(0, 2).center)
        assert sounds[-1] == "zero" and "Column 1 is full: choose another" in texts_on_screen(driver)
        driver.click(big.window_rect(3, 0).center)  # the move is made at once: the refusal is past
        assert (3, 0) in session.state.racks[0]
        assert "Column 1 is full: choose another" not in texts_on_screen(driver)
    finally:
        driver.close()


def test_a_taken_chance_space_is_said():
    driver = Driver(animation="fast")
    try:
        table, session, sounds = _ann_with_a_full_first_column(driver, chance="bell")
        moves = len(session.log)
        driver.key(pygame.K_c)
        assert len(session.log) == moves and sounds[-1] == "zero"
        assert "Your Chance Space already holds a tile" in texts_on_screen(driver)
    finally:
        driver.close()


def test_open_columns_and_a_computers_turn_say_no_refusal():
    driver = Driver(animation="fast")
    try:
        table, session, sounds = _ann_with_a_full_first_column(driver)
        for key in (pygame.K_3, pygame.K_4):  # a Jackpot's second tile too
            if session.state.current_player() == 0:
                driver.key(key)
        assert "zero" not in sounds and table.heading.refusal is None
        assert session.state.current_player() == 1  # Ada's turn
        driver.key(pygame.K_1)  # Ann's full column's key says nothing on a turn not hers
        assert table.heading.refusal is None and "zero" not in sounds
    finally:
        driver.close()
