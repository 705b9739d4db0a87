"""The game-over screen as the play test met it: which button looks chosen, the coach's words, the log."""

from __future__ import annotations

import pygame
from scene_driver import Driver
from screens import played

from scenes.ui import theme


def _results(driver: Driver, variant: str = "classic", seats: int = 2):
    """A finished game with its results on screen, past the moment a key still meant for the table is ignored."""
    from scenes.menus.gameover import GameOverScene
    from scenes.registry import table_for

    session = played(variant, seats, 10_000)
    driver.start(table_for(driver.app, session))
    over = GameOverScene(driver.app, session, 0)
    driver.app.stack.push(over)
    driver.step(1.0)
    return over


def _looks_yellow(driver: Driver, button) -> bool:
    """The button's face, below its shine and clear of its label, in the primary style's yellow."""
    driver.app.render()
    r, g, b, _ = driver.app.canvas.get_at((button.rect.x + 12, button.rect.bottom - 9))
    return r > 200 and g > 150 and b < 140


def _point(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.window_pos(pos), rel=(1, 1),
                                         buttons=(0, 0, 0), touch=False))
    driver.step(0.05)


def test_play_again_stops_looking_chosen_when_the_focus_or_the_pointer_is_on_another_button():
    driver = Driver(animation="instant")
    try:
        over = _results(driver)
        review, play_again, new_game, title = over.row.buttons
        assert _looks_yellow(driver, play_again)  # nothing chosen yet: the suggestion shows
        driver.key(pygame.K_TAB)  # "Look at the card", above the row
        assert review.focus and not _looks_yellow(driver, play_again)
        driver.key(pygame.K_TAB)
        assert play_again.focus and _looks_yellow(driver, play_again)
        driver.key(pygame.K_TAB)
        assert new_game.focus and not play_again.focus
        assert not _looks_yellow(driver, play_again)  # only "New game" looks chosen now
        driver.key(pygame.K_TAB)
        assert title.focus and not _looks_yellow(driver, play_again)
        driver.key(pygame.K_TAB)  # round again to "Look at the card"
        driver.key(pygame.K_TAB)  # and "Play again"
        assert play_again.focus and _looks_yellow(driver, play_again)
    finally:
        driver.close()


def test_the_pointer_and_the_keys_choose_one_button_between_them():
    driver = Driver(animation="instant")
    try:
        over = _results(driver)
        review, play_again, new_game, title = over.row.buttons
        _point(driver, title.rect.center)
        assert title.hover and not _looks_yellow(driver, play_again)  # the pointer chose "Title"
        driver.key(pygame.K_TAB)
        assert review.focus and not title.hover  # the keys moved on: "Title" no longer looks chosen
        assert over.row.chosen() is review
        _point(driver, new_game.rect.center)
        assert new_game.focus and not review.focus  # the focus follows the pointer: Enter presses what shows
        assert over.row.chosen() is new_game and not _looks_yellow(driver, play_again)
    finally:
        driver.close()


def test_every_row_with_one_suggestion_lets_it_step_back():
    """The widget itself: a pause menu's Resume, a dialog's primary, any row's one primary among others."""
    from scenes.ui.input import Intent
    from scenes.ui.widgets import Button, ButtonRow

    driver = Driver()
    try:
        surface = pygame.Surface((600, 100))
        buttons = [Button(pygame.Rect(10 + 190 * i, 10, 180, 70), label, lambda: None, style=style)
                   for i, (label, style) in enumerate([("Resume", "primary"), ("Rules", "quiet"),
                                                       ("Quit", "danger")])]
        row = ButtonRow(buttons)
        resume = buttons[0]

        def yellow() -> bool:
            surface.fill(theme.PAPER)
            row.draw(surface)
            r, g, b, _ = surface.get_at((resume.rect.x + 12, resume.rect.bottom - 9))
            return r > 200 and g > 150 and b < 140

        assert yellow()
        row.handle(Intent("nav", key="next"), 0.0)
        row.handle(Intent("nav", key="next"), 0.0)
        assert buttons[1].focus and not yellow()
        row.handle(Intent("nav", key="prev"), 0.0)
        assert resume.focus and yellow()
        # A table's buttons are apart, not one choice: Roll keeps its yellow while Menu is pointed at.
        table = ButtonRow(buttons, one_choice=False)
        table.handle(Intent("point", pos=buttons[1].rect.center), 0.0)
        surface.fill(theme.PAPER)
        table.draw(surface)
        assert surface.get_at((resume.rect.x + 12, resume.rect.bottom - 9))[0] > 200
    finally:
        driver.close()


def _coach_review(language: str):
    """A person's coached game over in ``language``: the coach's rows and every text as drawn."""
    from screens import SCREENS

    from scenes.ui.widgets import record_text

    driver = Driver(animation="instant", language=language)
    try:
        dict(SCREENS)["gameover-coached"](driver)
        record_text(True)
        driver.app.render()
        drawn = record_text(False)
        return [row for person in driver.top.coach_rows()[0] for row in person], drawn
    finally:
        record_text(False)
        driver.close()


def test_the_coachs_review_reads_from_the_sofa_in_players_words():
    import re

    from test_layout import contrast

    from game.rules import i18n
    from game.rules.i18n import t

    for language in i18n.languages():
        rows, drawn = _coach_review(language)
        review = [d for d in drawn if d.words in rows]
        assert rows and len(review) == len(rows), language
        i18n.set_language(language)
        results = [d for d in drawn if not d.covered and d.words in ("Ann", t("gameover.game_row", game=1))]
        assert len(results) == 2
        assert min(d.size for d in review) >= max(d.size for d in results), language  # as big as the rest, or bigger
        assert min(contrast(d.colour, d.background) for d in review) >= 7, language  # ink on paper, not grey
        words = " ".join(rows)
        assert not re.search(r"expected|verwacht|loss\b|verlies", words), words  # no jargon
        assert not re.search(r"\d[.,]\d\d", words), words  # whole points, or one decimal at most
        assert re.search(r"\b[1-6]( [1-6]){4}\b", words), words  # the dice the costly choice was made with
        assert "Ann" in words
    i18n.set_language("en")


def test_a_long_match_with_four_people_keeps_the_review_on_the_screen():
    from types import SimpleNamespace

    from game.coach.coach import Cost
    from scenes.menus.gameover import GameOverScene
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        session = played("dutch", 4, 100_000, games=6)
        assert session.state.is_terminal()
        table = table_for(driver.app, session)
        driver.start(table)
        chance = SimpleNamespace(kind="box", box="chance", points=10, keep=())
        twos = SimpleNamespace(kind="box", box="twos", points=8, keep=())
        for seat in range(4):
            table.coach.costs[seat] = [Cost(3, 7, 12.25, chance, twos, session.variant, (3, 3, 3, 2, 1), 6)]
        over = GameOverScene(driver.app, session, 5, coach=table.coach)
        driver.app.stack.push(over)
        driver.step(1.0)
        box = over.box()
        assert pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).contains(box)
        people, _ = over.coach_rows()
        assert len(people) == 4  # everyone's costliest choice, shorter words where room is short
        assert all("3 3 3 2 1" in " ".join(lines) and "12 points" in " ".join(lines) for lines in people)
        assert all("game 4, turn 7" in " ".join(lines) for lines in people)  # a match: which game
    finally:
        driver.close()


def _screens_logged(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("screen: ")]


def test_a_finished_game_shows_its_results_once_and_logs_them_once(caplog):
    """The last box scored by a person with the keys: one results screen on the stack, one line in the log."""
    import logging
    import random

    from game.bots.levels import make_player
    from game.engine.actions import Score
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scenes.menus.gameover import GameOverScene
    from scenes.registry import table_for

    caplog.set_level(logging.INFO, logger="dice_parlor")
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob", "computer", "greedy")], seed=4,
                      rolloff=False)
    brain = make_player("greedy", random.Random(1))
    state = session.state
    while not (state.current_player() == 0 and state.card(0).filled() == 12 and state.dice is not None):
        session.act(brain.choose(state))
    driver = Driver(animation="instant")
    try:
        table = table_for(driver.app, session)
        driver.start(table)
        driver.step(0.5)
        driver.key(pygame.K_DOWN)  # the one open box
        driver.key(pygame.K_RETURN)
        driver.wait_until(lambda: isinstance(driver.top, GameOverScene), 5.0)  # Bob's last turn, each box seen
        driver.step(1.0)
        assert state.is_terminal()
        assert [type(scene) for scene in driver.app.stack.scenes] == [type(table), GameOverScene]
        assert _screens_logged(caplog) == ["screen: table", "screen: game_over"]
        assert isinstance(session.log[-1], Score)
    finally:
        driver.close()


def test_one_screen_change_is_one_line_in_the_log(caplog):
    """The results shown anew (another scene of the same screen, as the next attract game is) are no new screen:
    "screen: game_over" once at that moment, not twice."""
    import logging

    from scenes.menus.gameover import GameOverScene

    caplog.set_level(logging.INFO, logger="dice_parlor")
    driver = Driver(animation="instant")
    try:
        over = _results(driver)
        driver.app.stack.push(GameOverScene(driver.app, over.session, 0))
        driver.step(0.1)
        assert _screens_logged(caplog) == ["screen: game_over"]
        driver.key(pygame.K_F1)  # another screen between: the results are logged again when they come back
        driver.key(pygame.K_ESCAPE)
        assert _screens_logged(caplog)[-3:] == ["screen: game_over", "screen: help", "screen: game_over"]
    finally:
        driver.close()


def test_jackpot_results_show_each_round_and_the_total_not_a_game_1_row():
    """A Jackpot game is three rounds, not a match of games: the results list each round's scores and the sum."""
    from helpers import texts_on_screen

    driver = Driver(animation="instant")
    try:
        over = _results(driver, "jackpot", 3)
        state = over.state
        shown = texts_on_screen(driver)
        assert "Game 1" not in shown
        for number, scores in enumerate(state.scores, 1):
            assert f"Round {number}" in shown
            assert all(str(score.total) in shown for score in scores)
        assert "Total" in shown and all(str(total) in shown for total in state.totals())
        assert len(state.scores) == 3
        assert [sum(scores[seat].total for scores in state.scores) for seat in range(state.n)] == state.totals()
    finally:
        driver.close()


def test_jackpots_side_panel_after_the_last_round_says_the_rounds_score_with_its_bonus():
    """The last round's racks stay in view at the game's end: "this round" says the score the summary gave
    (the High Round Bonus in it), not the racks' lines alone."""
    from helpers import texts_on_screen

    from scenes.registry import table_for

    driver = Driver(animation="instant")
    try:
        session = played("jackpot", 3, 10_000)
        last = session.state.scores[-1]
        assert any(score.high_bonus for score in last)
        driver.start(table_for(driver.app, session))
        driver.step(0.5)
        while driver.top is not None and type(driver.top).__name__ != "JackpotTableScene":
            driver.app.stack.pop()
        shown = texts_on_screen(driver)
        assert all(f"this round: {score.total}" in shown for score in last), [w for w in shown if "round" in w]
    finally:
        driver.close()
