"""A whole game by keyboard alone: from the title screen to the game-over screen, no mouse event at all.

The test decides what to play with a computer player's choice, but acts only by keys, as a person would:
Tab and arrows move the focus, Enter acts, Space rolls, number keys hold, Esc goes back.
"""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.actions import Hold, Release, Roll, Score
from game.rules.i18n import t
from game.store.records import read_records

MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.FINGERDOWN, pygame.FINGERUP)


def focus_on(driver, row, label: str, key=pygame.K_TAB, tries: int = 30) -> None:
    """Move the visible focus with ``key`` until it rests on the button labelled ``label``."""
    for _ in range(tries):
        if row.focus is not None and row.buttons[row.focus].label == label:
            assert row.buttons[row.focus].focus  # the focus is drawn, not only kept
            return
        driver.key(key)
    raise AssertionError(f"no focus reached {label!r}: {[b.label for b in row.buttons]}")


def play_turn_by_keys(driver, table, player) -> None:
    state = table.state
    seat = table.seat
    guard = 0
    while state.current_player() == seat and not state.is_terminal() and guard < 60:
        guard += 1
        if table.handoff is not None:
            driver.key(pygame.K_RETURN)
            continue
        if table.throwing:
            driver.step(0.1)
            continue
        action = player.choose(state)
        if isinstance(action, Roll):
            driver.key(pygame.K_SPACE)
        elif isinstance(action, (Hold, Release)):
            driver.key(pygame.K_1 + table.key_for(action.die) - 1)
        elif isinstance(action, Score):
            for _ in range(20):
                if table.card.focus_box == action.box:
                    break
                driver.key(pygame.K_DOWN)
            assert table.card.focus_box == action.box
            game = state.game
            driver.key(pygame.K_RETURN)
            top = driver.top
            if top is not table and top.screen == "confirm":  # "score 0 here?": the focus starts on going back
                focus_on(driver, top.row, top.row.buttons[-1].label, pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
            driver.step(0.2)
            if state.game != game or state.is_terminal():
                return
        else:
            raise AssertionError(f"unexpected action {action}")


def test_a_whole_game_by_keyboard_alone():
    driver = Driver(animation="instant")
    pygame.event.set_blocked(list(MOUSE))  # a stray mouse event would make the test a lie
    try:
        from scenes.menus.title import TitleScene

        driver.start(TitleScene(driver.app))
        driver.step(0.5)
        title = driver.top
        focus_on(driver, title.row, t("title.play"))
        driver.key(pygame.K_RETURN)
        driver.step(0.4)
        newgame = driver.top
        assert type(newgame).__name__ == "NewGameScene"
        assert newgame.seats[0].computer is False  # the first seat is a person
        driver.key(pygame.K_RETURN)  # no focus yet: Enter starts the game as set up
        for _ in range(200):
            if type(driver.top).__name__ in ("TableScene",):
                break
            driver.key(pygame.K_RETURN)  # the roll-off: Enter skips ahead
            driver.step(0.3)
        table = driver.top
        assert type(table).__name__ == "TableScene"
        player = make_player("greedy", random.Random(3))
        turns = 0
        while not table.state.is_terminal() and turns < 200:
            seat = table.seat
            if seat >= 0 and not table.state.seats[seat].is_computer:
                play_turn_by_keys(driver, table, player)
                turns += 1
            else:
                driver.step(0.2)  # a computer seat plays at its own pace
            if driver.top is not table:
                break
        assert table.state.is_terminal()
        driver.wait_until(lambda: type(driver.top).__name__ == "GameOverScene", 10)
        over = driver.top
        driver.step(1.0)
        driver.key(pygame.K_RETURN)
        assert driver.top is over  # a stray Enter does not skip the results
        focus_on(driver, over.row, t("gameover.play_again"))
        driver.key(pygame.K_RETURN)
        driver.step(0.5)
        assert driver.top is not over  # a button chosen, Enter acts
        entries, problem = read_records()
        assert problem is None and len(entries) == 1  # the finished game is in the records
    finally:
        pygame.event.set_allowed(None)
        driver.close()


def tab_order(driver, row) -> list[str]:
    """The buttons' labels in the order Tab visits them, once round, from no focus."""
    seen = []
    for _ in row.buttons:
        driver.key(pygame.K_TAB)
        assert row.focus is not None and row.buttons[row.focus].focus  # the focus is drawn, not only kept
        seen.append(row.buttons[row.focus].label)
    return seen


def reading_order(row) -> list[str]:
    """The buttons' labels as the screen reads: from the top down, and left to right along a line."""
    return [b.label for b in sorted(row.buttons, key=lambda b: (b.rect.top, b.rect.left))]


@pytest.mark.parametrize("games", [1, 2], ids=["game-over", "between-games"])
def test_tab_on_the_results_follows_the_screen_from_look_at_the_card_to_the_row_below(games):
    """"Look at the card" stands above the row of Play again (or Next game), New game and Title: Tab reaches it
    first, then the row left to right; Enter on it shows the card, where Tab reads the bar left to right too."""
    from screens import played

    from scenes.menus.gameover import GameOverScene
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        session, brain = played("classic", 2, 0, games=games), make_player("greedy", random.Random(1))
        while session.state.game == 0 and not session.state.is_terminal():  # the first game, finished
            session.act(brain.choose(session.state))
        driver.start(table_for(driver.app, session))
        over = GameOverScene(driver.app, session, 0)
        driver.app.stack.push(over)
        driver.step(1.0)  # past the moment a key still meant for the table is ignored
        order = tab_order(driver, over.row)
        assert order == reading_order(over.row) and order[0] == t("gameover.review")
        assert len(order) == (4 if games == 1 else 2)
        focus_on(driver, over.row, t("gameover.review"))
        driver.key(pygame.K_RETURN)
        assert over.reviewing
        assert tab_order(driver, over.review_row) == reading_order(over.review_row)
        assert tab_order(driver, over.review_row)[0] == t("gameover.results")
    finally:
        driver.close()


def test_tab_onto_a_name_and_type_it():
    from scenes.menus.newgame import NewGameScene

    driver = Driver(animation="instant")
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.2)
        for _ in range(30):
            driver.key(pygame.K_TAB)
            if scene.editing == 0:
                break
        assert scene.editing == 0 and driver.app.input.text_mode  # the field takes the keys at once
        driver.type_text("Grandma")
        driver.key(pygame.K_TAB)  # and Tab moves on
        assert scene.seats[0].name == "Grandma" and scene.editing is None
    finally:
        driver.close()
