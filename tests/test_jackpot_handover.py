"""Who starts, and the hand-over between people, at Jackpot's table (as the scorecard table hands over): the
game's start says who starts, drawn by lot; when play passes from one person to another, "Ben's turn" waits
for Ben's tap (or Enter or Space), and Undo still works meanwhile. A computer's turns need no hand-over."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import texts_on_screen
from jackpot_helpers import sounds_heard
from scene_driver import Driver

from game.bots.jackpot_players import HeuristicJackpotPlayer
from game.engine.actions import Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.variants import find_variant
from game.store.saves import load_saved, save_session
from scenes.ui.dialogs import ConfirmDialog


def _with_starter(seats: list[Seat], starter: int) -> Session:
    """A new game whose lot chose ``starter`` (the first seed that does)."""
    for seed in range(100):
        session = Session(find_variant("jackpot"), seats, seed=seed)
        if session.state.seat == starter:
            assert session.start.phase == "lot"
            return session
    raise AssertionError("no seed lets that seat start")


def _opened(driver: Driver, session: Session):
    sounds = sounds_heard(driver.app)
    driver.start(driver.app.scene("opening", session))
    driver.step(0.1)
    return driver.top, sounds


def _ann_played_first(driver: Driver):
    """Ann and Ben, two people; the lot chose Ann, who took the dice and played her turn: Ben's is next."""
    session = _with_starter([Seat("Ann"), Seat("Ben")], 0)
    table, sounds = _opened(driver, session)
    driver.key(pygame.K_RETURN)  # Ann starts when ready
    _play_turn(driver, table, session)
    assert session.state.current_player() == 1
    return table, session, sounds


def _play_turn(driver: Driver, table, session: Session) -> None:
    """The person to play finishes their turn (a sensible move each time, made on the table)."""
    brain = HeuristicJackpotPlayer(random.Random(1))
    seat = session.state.current_player()
    while session.state.current_player() == seat:
        assert driver.wait_until(table.person_to_play, 5)
        table.act(brain.choose(session.state))


@pytest.mark.parametrize("language,starts,lot", [("en", "Ben starts", "Drawn by lot"),
                                                 ("nl", "Ben begint", "Door loting gekozen")])
def test_the_game_starts_by_saying_who_starts_and_a_person_goes_on_when_ready(language, starts, lot):
    driver = Driver(animation="fast", language=language)
    try:
        session = _with_starter([Seat("Ann"), Seat("Ben")], 1)
        table, sounds = _opened(driver, session)
        shown = texts_on_screen(driver)
        assert starts in shown and lot in shown and i18n.t("table.handoff_ready") in shown
        assert sounds == ["turn"] and not table.roll_button.enabled
        driver.key(pygame.K_SPACE)  # takes the dice; it does not roll yet
        assert session.log == session.log[:1] and table.person_to_play() and table.roll_button.enabled
        assert starts not in texts_on_screen(driver)
        driver.key(pygame.K_SPACE)
        assert isinstance(session.log[1], Roll) and session.state.current_player() in (-1, 1)
    finally:
        i18n.set_language("en")
        driver.close()


def test_a_computer_that_starts_is_named_and_plays_after_a_moment():
    driver = Driver(animation="normal")
    try:
        session = _with_starter([Seat("Ann"), Seat("Ada", "computer", "greedy")], 1)
        table, _ = _opened(driver, session)
        shown = texts_on_screen(driver)
        assert "Ada starts" in shown and "Drawn by lot" in shown
        assert i18n.t("table.handoff_ready") not in shown  # nobody is asked to tap for a computer
        driver.step(1.0)
        assert len(session.log) == 1 and table.handoff.seat == 1  # Ada waits while it shows
        assert driver.wait_until(lambda: len(session.log) > 1, 6)  # then plays, untouched
        assert table.handoff.seat is None and "Ada starts" not in texts_on_screen(driver)
    finally:
        driver.close()


def test_play_passing_from_one_person_to_another_is_handed_over():
    driver = Driver(animation="fast")
    try:
        table, session, sounds = _ann_played_first(driver)
        assert driver.wait_until(table.handoff.shown, 5)
        driver.step(0.05)
        assert "Ben's turn" in texts_on_screen(driver) and sounds.count("turn") == 2
        moves = len(session.log)
        driver.key(pygame.K_1)  # nothing is played through the hand-over
        assert len(session.log) == moves and not table.person_to_play() and table.handoff.shown()
        driver.click((640, 400))  # a tap anywhere (but Undo and Roll) takes the dice, rolls nothing
        assert len(session.log) == moves and table.handoff.seat is None and table.person_to_play()
        assert "Ben's turn" not in texts_on_screen(driver)
        driver.click(table.roll_button.rect.center)
        assert isinstance(session.log[moves], Roll)
        _play_turn(driver, table, session)
        assert driver.wait_until(table.handoff.shown, 5) and table.handoff.seat == 0  # and back to Ann
    finally:
        driver.close()


def test_a_tap_on_roll_at_the_hand_over_takes_the_dice_and_rolls():
    driver = Driver(animation="fast")
    try:
        table, session, _ = _ann_played_first(driver)
        assert driver.wait_until(table.handoff.shown, 5)
        moves = len(session.log)
        driver.click(table.roll_button.rect.center)  # ready and roll, in one tap
        assert table.handoff.seat is None and isinstance(session.log[moves], Roll) and session.state.seat == 1
    finally:
        driver.close()


def test_undo_works_from_the_hand_over_and_ann_plays_on():
    driver = Driver(animation="fast")
    try:
        table, session, _ = _ann_played_first(driver)
        assert driver.wait_until(table.handoff.shown, 5)
        driver.click(table.undo_button.rect.center)  # the hand-over names Ben: Ann is asked for her tile
        dialog = driver.top
        assert isinstance(dialog, ConfirmDialog) and session.undos == 0
        driver.step(0.5)  # (a dialog takes no tap in its first moment)
        driver.click(dialog.row.buttons[1].rect.center)  # Ann gives it back
        assert session.undos == 1 and session.state.current_player() == 0
        assert table.handoff.seat is None and table.person_to_play()  # Ann's tile back in her hand, no hand-over
        assert "Ben's turn" not in texts_on_screen(driver)
    finally:
        driver.close()


def test_a_computers_turn_needs_no_hand_over_to_or_from_the_one_person():
    driver = Driver(animation="instant")
    try:
        session = _with_starter([Seat("Ann"), Seat("Ada", "computer", "greedy")], 0)
        table, sounds = _opened(driver, session)
        driver.key(pygame.K_RETURN)  # who starts: said once
        for _ in range(3):
            _play_turn(driver, table, session)
            assert driver.wait_until(lambda: session.state.current_player() == 0 and table.person_to_play(), 20)
        assert table.handoff.seat is None and sounds.count("turn") == 1
    finally:
        driver.close()


def test_continue_hands_over_to_the_person_to_play_and_a_game_without_a_lot_starts_at_once():
    driver = Driver(animation="fast")
    try:
        _, session, _ = _ann_played_first(driver)
        save_session(session)
        driver.app.stack.clear()
        resumed = load_saved(find_variant).session
        table, _ = _opened(driver, resumed)
        assert table.handoff.seat == 1 and not table.handoff.starts and "Ben's turn" in texts_on_screen(driver)
        driver.app.stack.clear()
        fixed = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=1, rolloff=False)
        table, _ = _opened(driver, fixed)  # seat 0 starts by set-up, not by lot: nothing to announce
        assert table.handoff.seat is None and table.person_to_play()
    finally:
        driver.close()


@pytest.mark.parametrize("language,begins", [("en", "Round 2 of 3 begins"), ("nl", "Ronde 2 van 3 begint")])
def test_a_later_rounds_start_says_who_starts_it(language, begins):
    driver = Driver(animation="fast", language=language)
    try:
        session = _with_starter([Seat("Ann"), Seat("Ben")], 0)
        brain = HeuristicJackpotPlayer(random.Random(3))
        while session.state.round == 0:
            session.act(brain.choose(session.state) if session.state.current_player() >= 0
                        else session.legal_actions()[0])
        starter = session.state.seats[session.state.current_player()].name
        table, _ = _opened(driver, session)
        driver.wait_until(table.handoff.shown, 5)
        shown = texts_on_screen(driver)
        assert table.handoff.starts and begins in shown and i18n.t("jackpot.starts", name=starter) in shown
        driver.key(pygame.K_RETURN)
        assert table.person_to_play() and begins not in texts_on_screen(driver)
    finally:
        i18n.set_language("en")
        driver.close()
