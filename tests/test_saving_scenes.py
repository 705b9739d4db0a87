"""Saving through the screens: Continue on the title, Undo on the table, records when a game ends."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import continue_from_title
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.actions import Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.records import read_records
from game.store.saves import load_saved, save_path


def test_every_move_is_saved_and_continue_resumes_it_exactly():
    from scenes.menus.title import TitleScene
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("dutch"), [Seat("Ann"), Seat("Bot", "computer", "greedy")], 2, seed=6,
                          rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        driver.key(pygame.K_SPACE)
        driver.key(pygame.K_1)
        driver.key(pygame.K_SPACE)
        assert load_saved(find_variant).session.state.rolls_used == 2  # the roll is saved, dice and all
        driver.app.stack.clear(TitleScene(driver.app))
        driver.step(0.1)
        title = driver.top
        assert title.row.buttons[0].label == "Continue" and "Dutch" in title.row.buttons[0].detail
        driver.click(title.row.buttons[0].rect.center)
        resumed = driver.top
        assert isinstance(resumed, TableScene)
        assert resumed.state.dice == session.state.dice and resumed.state.rolls_used == 2
        assert resumed.state.held == session.state.held
    finally:
        driver.close()


def test_continue_shows_each_die_under_the_number_it_had():
    """Keys 1-5 number the dice as they landed at the turn's first roll; a resumed turn keeps those numbers,
    the held dice in their slots and the loose ones in the same order left to right (the play test saw
    held dice 1 and 3 swap faces after Continue)."""
    from scenes.scorecard.table import TableScene

    def shown(table) -> list[int]:
        return [table.state.dice[die] for die in table.key_order]  # the face under each key, 1-5

    for seed in range(6):
        driver = Driver(animation="normal")
        try:
            session = Session(find_variant("classic"), [Seat("Ann")], seed=seed, rolloff=False)
            table = TableScene(driver.app, session)
            driver.start(table)
            driver.key(pygame.K_SPACE)
            assert driver.wait_until(lambda: not table.throwing, 10)
            driver.key(pygame.K_1)
            driver.key(pygame.K_3)
            driver.key(pygame.K_SPACE)
            assert driver.wait_until(lambda: not table.throwing, 10)
            before, order = shown(table), list(table.key_order)
            loose = [die for die in order if not table.state.held[die]]
            resumed = continue_from_title(driver)
            assert isinstance(resumed, TableScene) and resumed is not table
            assert resumed.key_order == order and shown(resumed) == before
            assert sorted(loose, key=lambda die: resumed.tray.die_rect(die).x) == loose  # the same order on the felt
            held = [die for die in order if resumed.state.held[die]]
            assert sorted(held, key=lambda die: resumed.tray.die_rect(die).x) == held  # and in the hold row
        finally:
            driver.close()


def test_the_undo_button_takes_back_a_scoring():
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob")], seed=3, rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        driver.key(pygame.K_RETURN)  # Ann's hand-off
        driver.key(pygame.K_SPACE)
        before = session.state.to_json()
        driver.click(table.card.box_rect("chance", 0).center)
        assert session.state.card(0).boxes["chance"] is not None and table.can_undo
        driver.step(0.4)
        driver.click(table.undo_button.rect.center)
        assert driver.top is not table  # the hand-over already names Bob: Ann is asked, and gives it back
        driver.step(0.5)
        driver.click(driver.top.row.buttons[1].rect.center)
        assert session.state.to_json() == before and session.undos == 1
        assert load_saved(find_variant).session.state.to_json() == before
    finally:
        driver.close()


def test_a_finished_game_is_recorded_and_its_save_removed():
    from scenes.menus.gameover import GameOverScene
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("yatzy"), [Seat("Ann")], seed=9)
        table = TableScene(driver.app, session)
        driver.start(table)
        brain = make_player("greedy", random.Random(1))
        while not session.state.is_terminal():
            action = brain.choose(session.state)
            table.act(action)
            driver.step(0.05)
            if isinstance(action, Score) and not session.state.is_terminal():
                assert save_path().exists()
        assert driver.wait_until(lambda: isinstance(driver.top, GameOverScene), 3.0)  # once the last box was seen
        assert not save_path().exists()
        entries, _ = read_records()
        assert len(entries) == 1 and entries[0]["seats"][0]["total"] == session.state.match_totals()[0]
    finally:
        driver.close()


@pytest.mark.parametrize("language,said", [("en", "The saved game could not be resumed; it was kept as"),
                                           ("nl", "Het bewaarde spel kon niet worden hervat; het is bewaard als")])
def test_a_damaged_save_is_reported_on_the_title(language, said):
    from game.rules.i18n import t
    from scenes.menus.title import TitleScene

    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text("{not json")
    driver = Driver(language=language)
    try:
        driver.start(TitleScene(driver.app))
        driver.step(0.1)
        assert driver.app.notice.startswith(said)
        assert "JSON" not in driver.app.notice  # the technical cause goes to the log, not to the player
        assert driver.top.row.buttons[0].label == t("title.play")
    finally:
        driver.close()


def test_a_new_game_asks_before_it_replaces_the_saved_one():
    from game.store.saves import load_saved, save_session
    from scenes.menus.newgame import NewGameScene

    kept = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=1, rolloff=False)
    save_session(kept)
    driver = Driver()
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.2)
        driver.key(pygame.K_RETURN)  # start
        dialog = driver.top
        assert dialog is not scene and "Ann, Ben" in dialog.message
        driver.key(pygame.K_RETURN)  # the focus is on Cancel: nothing is lost
        assert driver.top is scene
        assert load_saved(find_variant).session.variant.id == "jackpot"
        driver.key(pygame.K_RETURN)
        driver.step(1.0)  # past the dialog's guard against a tap meant for the screen below
        driver.click(driver.top.row.buttons[1].rect.center)  # "Start anyway"
        assert type(driver.top).__name__ in ("RollOffScene", "TableScene")
    finally:
        driver.close()


def test_a_long_first_name_does_not_hide_the_others_on_continue():
    from scene_driver import Driver

    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from game.store.saves import Resumed
    from scenes.menus.title import CONTINUE_WIDTH, DETAIL_SIZE, continue_detail

    driver = Driver()
    try:
        seats = [Seat("Maximiliaan Alexander Willem van Oranje")] + [Seat(name) for name in ("Ann", "Bob", "Cas",
                                                                                       "Dee", "Eef")]
        session = Session(find_variant("classic"), seats, seed=1)
        detail = continue_detail(Resumed(session), CONTINUE_WIDTH - 16, DETAIL_SIZE)
        assert all(name in detail for name in ("Ann", "Bob", "Cas", "Dee", "Eef", "Maxim")) and "…" in detail
    finally:
        driver.close()
