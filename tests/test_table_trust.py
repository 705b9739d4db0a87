"""Defects seen at the table in a real window (issue 25), each pinned by a test that failed before its fix."""

from __future__ import annotations

import pygame
from helpers import continue_from_title
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


def test_a_resumed_challenge_shows_each_common_die_under_the_number_it_had():
    """The play test saw 1=5, 2=6 become 1=6, 2=5 after Continue."""
    from scenes.scorecard.challenge_table import ChallengeTableScene

    def shown(table) -> list[int]:
        return [table.cstate.common[die] for die in table.key_order]

    def resumed_after(driver, table):
        before, order = shown(table), list(table.key_order)
        resumed = continue_from_title(driver)
        assert isinstance(resumed, ChallengeTableScene) and resumed is not table
        assert shown(resumed) == before
        assert sorted(order, key=lambda die: resumed.tray.die_rect(die).x) == order  # the same order on the felt
        return resumed

    for seed in range(4):
        driver = Driver(animation="normal")
        try:
            session = Session(find_variant("challenge"), [Seat("Ann")], seed=seed, rolloff=False)
            table = ChallengeTableScene(driver.app, session)
            driver.start(table)
            driver.key(pygame.K_SPACE)
            assert driver.wait_until(lambda: not table.throwing and not table.tray.busy(), 10)
            table = resumed_after(driver, table)
            driver.key(pygame.K_1)
            driver.key(pygame.K_RETURN)  # one die copied: the next roll is of four
            driver.key(pygame.K_SPACE)
            assert driver.wait_until(lambda: not table.throwing and not table.tray.busy(), 10)
            assert len(table.cstate.common) == 4
            resumed_after(driver, table)
        finally:
            driver.close()


def test_a_language_chosen_in_the_menu_reaches_the_tables_buttons_before_the_menu_closes():
    from game.rules.i18n import t
    from scenes.jackpot.jackpot_table import JackpotTableScene
    from scenes.scorecard.table import TableScene

    for variant, scene, key in (("classic", TableScene, "table.roll"), ("jackpot", JackpotTableScene, "jackpot.roll")):
        driver = Driver()
        try:
            session = Session(find_variant(variant), [Seat("Ann"), Seat("Bo")], seed=3, rolloff=False)
            table = scene(driver.app, session)
            driver.start(table)
            driver.step(0.1)
            old = table.roll_button.label
            driver.key(pygame.K_ESCAPE)  # the pause menu
            settings = driver.app.go("settings")
            settings._language_picked("nl")  # a language picked in the settings' list
            driver.app.stack.pop()  # back to the pause menu, still over the table
            driver.step(0.1)
            assert driver.top.screen == "pause"
            assert table.roll_button.label == t(key) != old
        finally:
            driver.close()


def test_looking_at_the_card_hides_the_greyed_roll_and_leaves_the_held_label_alone():
    from screens import played

    from scenes.menus.gameover import GameOverScene
    from scenes.registry import table_for

    for variant, seats in (("classic", 2), ("classic", 6), ("challenge", 2)):
        driver = Driver(animation="instant")
        try:
            session = played(variant, seats, 10_000)
            table = table_for(driver.app, session)
            driver.start(table)
            over = GameOverScene(driver.app, session, 0)
            driver.app.stack.push(over)
            driver.step(1.0)
            driver.click(over.row.buttons[0].rect.center)  # Look at the card
            driver.step(0.1)
            assert over.reviewing
            assert over.bar.contains(table.layout.roll)  # no greyed Roll in view
            assert not over.bar.colliderect(table.layout.shelf)  # HELD and the dice shelf stay in view
            assert not over.bar.colliderect(table.layout.card)
        finally:
            driver.close()


def _round_ended(seed_from: int = 0, seats: int = 2):
    """A Jackpot session whose first round just ended with a tile in someone's Chance Space."""
    import random

    from screens import seats as make_seats

    from game.bots.levels import make_player

    for seed in range(seed_from, seed_from + 60):
        session = Session(find_variant("jackpot"), make_seats(seats, 0), 1, seed=seed, rolloff=False)
        players = [make_player("greedy", random.Random(i), "jackpot") for i in range(seats)]
        state = session.state
        while not state.scores:
            seat = state.current_player()
            session.act(state.legal_actions()[0] if seat < 0 else players[seat].choose(state))
        if any(state.last_chance):
            return session
    raise AssertionError("no round ended with a Chance Space held")


def test_the_round_summary_lights_each_line_without_words_over_the_tiles_and_shows_the_chance_space():
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.registry import table_for

    session = _round_ended()
    driver = Driver(animation="normal")
    try:
        driver.start(table_for(driver.app, session))
        summary = JackpotRoundScene(driver.app, session, 0)
        driver.app.stack.push(summary)
        while not summary.done():
            driver.step(0.4)
            assert all(view.label is None for view in summary.views)  # the list below says it; the rack stays clear
        held = [seat for seat, tile in enumerate(session.state.last_chance) if tile]
        assert all(summary.views[seat].chance() == session.state.last_chance[seat] for seat in held)
    finally:
        driver.close()


def test_the_records_write_every_score_the_same_way(monkeypatch):
    """A best of 1020 beside an average of 1,020 read as two kinds of number."""
    from helpers import texts_on_screen
    from screens import played

    from game.store import records
    from scenes.menus.records_scene import RecordsScene

    real = records.result_entry

    def big(session, when=None):
        entry = real(session, when)
        for seat in entry["seats"]:
            seat["total"] = seat["game_totals"][0] = 1020
        return entry

    monkeypatch.setattr(records, "result_entry", big)
    records.add_result(played("classic", 1, 10_000))
    driver = Driver(animation="instant")
    try:
        driver.start(RecordsScene(driver.app))
        driver.step(0.1)
        shown = texts_on_screen(driver)
        assert "1,020" in shown and shown.count("1,020") >= 3  # the high score, the average and the best
        assert "1020" not in shown
    finally:
        driver.close()


def test_the_titles_buttons_keep_their_places_whether_continue_is_there_or_not():
    from scenes.menus.title import TitleScene

    driver = Driver()
    try:
        driver.start(TitleScene(driver.app))
        driver.step(0.1)
        without = {b.label: b.rect.center for b in driver.top.row.buttons}
        session = Session(find_variant("classic"), [Seat("Ann")], seed=1, rolloff=False)
        driver.app.go("table", session)
        driver.step(0.1)
        driver.app.stack.clear(TitleScene(driver.app))  # the game is kept: Continue comes
        driver.step(0.1)
        labels = [b.label for b in driver.top.row.buttons]
        assert labels[0] == "Continue"
        placed = {b.label: b.rect.center for b in driver.top.row.buttons}
        for label in ("Records", "Rules", "Settings", "Quit"):
            assert placed[label] == without[label], label
    finally:
        driver.close()


def test_saved_just_now_ages_on_the_title(monkeypatch):
    from scenes.menus import title

    driver = Driver()
    try:
        session = Session(find_variant("classic"), [Seat("Ann")], seed=1, rolloff=False)
        driver.app.go("table", session)
        driver.step(0.1)
        driver.app.stack.clear(title.TitleScene(driver.app))
        driver.step(0.1)
        first = driver.top.row.buttons[0]
        assert "just now" in first.detail
        assert driver.top.wake_in() is not None and driver.top.wake_in() <= 60  # a frame when the words change
        later = title.time.time() + 125
        monkeypatch.setattr(title.time, "time", lambda: later)
        driver.step(0.1)
        assert "2 min ago" in first.detail
    finally:
        driver.close()


def test_the_first_game_tips_go_on_after_continue_where_the_game_was():
    """The play test saw the tips start again at "Roll the dice" on a game continued with the dice rolled."""
    from scenes.jackpot.jackpot_table import JackpotTableScene
    from scenes.scorecard.table import TableScene

    for variant, scene, moves, expected in (("classic", TableScene, (pygame.K_SPACE, pygame.K_1), "box"),
                                            ("jackpot", JackpotTableScene, (pygame.K_SPACE,), "jackpot_tile")):
        driver = Driver(animation="instant", walkthrough=True)
        try:
            seats = [Seat("Ann"), Seat("Bo", kind="computer", level="easy")]
            session = Session(find_variant(variant), seats, seed=3, rolloff=False)
            table = scene(driver.app, session)
            driver.start(table)
            driver.step(0.5)
            for key in moves:
                driver.key(key)
                assert driver.wait_until(lambda: not table.busy(), 10)
            assert table.walkthrough.step.key == expected
            resumed = continue_from_title(driver)
            assert isinstance(resumed, scene) and resumed is not table
            assert resumed.walkthrough.step.key == expected and resumed.walkthrough.active
        finally:
            driver.close()
