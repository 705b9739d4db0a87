"""Today's dice in the window (issue 40): the title's button starts the day's game for the people chosen, each
throws the same dice, and the results show side by side with the best possible; a second try is practice."""

from __future__ import annotations

import random

import pytest
from helpers import texts_on_screen
from scene_driver import Driver

from game.bots.levels import make_player
from game.daily.dice import day_turns, day_variant_id, utc_day
from game.daily.play import day_session, play_day
from game.daily.results import load_results
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.records import open_records
from game.store.saves import load_saved
from game.store.seats import SeatSetup, TableSetup


def at_daily_screen(driver: Driver, names=("Ann", "Kid")):
    from scenes.menus.title import TitleScene

    people = tuple(SeatSetup(name, False, "heuristic", colour) for name, colour in zip(names, ("orange", "sky")))
    driver.app.last_setup = TableSetup(people + (SeatSetup("Bot", True, "greedy", "red"),))
    driver.start(TitleScene(driver.app))
    driver.step(0.5)
    title = driver.top
    driver.click(next(b for b in title.row.buttons if b.on_press == title.daily).rect.center)
    assert driver.top.screen == "daily"
    return driver.top


def play_out(driver: Driver, levels: list[str]) -> None:
    """The people at the table play (as these computer levels would choose) until the table is left."""
    table = driver.top
    players = [make_player(level, random.Random(i)) for i, level in enumerate(levels)]
    for _ in range(5000):
        if driver.top is not table:
            return
        state = table.state
        if not state.is_terminal():
            table.act(players[state.current_player()].choose(state))
            driver.app.redraw()
        driver.step(0.05)
    raise AssertionError("the day's game did not end")


def test_todays_dice_on_the_title_plays_the_same_dice_for_each_person_and_shows_them_side_by_side():
    driver = Driver(animation="instant")
    try:
        daily = at_daily_screen(driver)
        day = utc_day()
        variant = find_variant(day_variant_id(day))
        words = texts_on_screen(driver)
        assert any("UTC day" in w for w in words) and any(str(variant.name) in w for w in words)
        assert [name for name, _ in daily.people] == ["Ann", "Kid"]  # the people set up; not the computer
        driver.click(daily.start_button.rect.center)
        tables = []
        for name, other, level in (("Ann", "Kid", "greedy"), ("Kid", "Ann", "heuristic")):
            hand_over = driver.top  # the next player's name, the other told to look away; nothing of a game shows
            assert hand_over.screen == "daily_next" and driver.app.stack.visible() == [hand_over]
            assert all(s.state.is_terminal() for s in driver.app.stack.scenes if s.screen == "table")
            words = texts_on_screen(driver)
            assert f"{name}'s turn" in words and any(w.startswith(f"{other}, look away") for w in words)
            driver.click(hand_over.ready_button.rect.center)
            table = driver.top
            assert table.screen == "table" and [s.name for s in table.session.seats] == [name]  # alone
            assert table.session.dice.turns == tuple(map(tuple, day_turns(day, variant)))
            # the later player's game has not begun while the earlier one is played
            assert table.session.daily_round.sessions[-1] is table.session
            assert len(table.session.daily_round.sessions) == len(tables) + 1
            tables.append(table)
            play_out(driver, [level])
        results = driver.top
        assert results.screen == "daily_results"
        # Ann played as greedy and Kid as heuristic would: their scores are those levels' alone with the day's dice
        expected = [play_day(day, variant, level).state.match_totals()[0] for level in ("greedy", "heuristic")]
        assert [(c.result.name, c.result.score) for c in results.columns] == list(zip(["Ann", "Kid"], expected))
        assert results.best == play_day(day, variant, "optimal").state.match_totals()[0] >= max(expected)
        words = texts_on_screen(driver)
        assert str(expected[0]) in words and str(expected[1]) in words and "1 day in a row" in words
        assert all(c.split is not None for c in results.columns)  # the coach's luck and skill of each
        assert any(w.startswith("Dice against the average: ") for w in words)
        assert any(w.startswith("Choices cost: ") for w in words)
        kept = load_results().day_results(day, variant)
        assert [(r.name, r.score) for r in kept] == list(zip(["Ann", "Kid"], expected))
        assert load_saved(driver.app.catalogue.find).session is None  # the finished game's save is gone
        with open_records() as records:
            assert records.count() == 0  # the day's games are kept apart from the records of the others
        driver.click(results.row.buttons[0].rect.center)  # Copy Ann's line
        assert results.said
        driver.click(results.row.buttons[-1].rect.center)
        assert driver.top.screen == "title"
    finally:
        driver.close()


def test_a_second_try_the_same_day_is_practice_and_the_first_result_stays():
    from scenes.daily.results import DailyResultsScene
    from scenes.persist import keep_day

    driver = Driver(animation="instant")
    try:
        day = utc_day()
        variant = find_variant(day_variant_id(day))
        scores = []
        for level in ("greedy", "optimal"):
            session = day_session(day, variant, [Seat("Ann")])
            player = make_player(level, random.Random(1))
            while not session.state.is_terminal():
                session.act(player.choose(session.state))
            keep_day(driver.app, session)
            keep_day(driver.app, session)  # told twice (an undo and the box again): kept once
            scores.append(session.state.match_totals()[0])
        assert scores[0] != scores[1]
        screen = DailyResultsScene(driver.app, session)
        [column] = screen.columns
        assert column.result.score == scores[0] and column.practice == scores[1]
        assert load_results().practice_tries(day, "Ann") == 1
    finally:
        driver.close()


def test_leaving_everyone_out_cannot_start_and_says_so():
    driver = Driver(animation="instant")
    try:
        daily = at_daily_screen(driver)
        for button in list(daily.row.buttons[:2]):
            driver.click(button.rect.center)
        assert not driver.top.start_button.enabled and "Choose at least one person." in texts_on_screen(driver)
        driver.click(driver.top.row.buttons[0].rect.center)
        assert driver.top.start_button.enabled and driver.top.chosen == [True, False]
    finally:
        driver.close()


def _results_screen(driver: Driver) -> None:
    from scenes.daily.results import DailyResultsScene
    from scenes.persist import keep_day

    day = utc_day()
    variant = find_variant(day_variant_id(day))
    session = day_session(day, variant, [Seat("Annemarie-Louise"), Seat("Kid")])
    players = [make_player("greedy", random.Random(i)) for i in range(2)]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
    keep_day(driver.app, session)
    driver.start(DailyResultsScene(driver.app, session))
    driver.step(0.5)


def _hand_over_screen(driver: Driver) -> None:
    daily = at_daily_screen(driver, ("Annemarie-Louise", "Kid"))
    driver.click(daily.start_button.rect.center)
    assert driver.top.screen == "daily_next"


@pytest.mark.parametrize("language,text_size", [("pseudo", "normal"), ("nl", "normal"), ("en", "tv")])
@pytest.mark.parametrize("build", [at_daily_screen, _hand_over_screen, _results_screen],
                         ids=["daily", "daily-next", "daily-results"])
def test_no_text_of_todays_dice_leaves_its_box(build, language, text_size):
    from test_layout import drawn_texts, problems

    scale, drawn, _ = drawn_texts("daily", build, language, (1280, 800), text_size)
    assert drawn and not problems(drawn, scale), problems(drawn, scale)


def test_the_hand_over_starts_one_game_for_a_double_tap_and_going_back_shows_who_has_played():
    from game.daily.rounds import DailyRound
    from scenes.daily.next_person import DailyNextScene
    from scenes.ui.input import Intent

    driver = Driver(animation="instant")
    try:
        day = utc_day()
        round_ = DailyRound(day, find_variant(day_variant_id(day)), [("Ann", "orange"), ("Kid", "sky")])
        ann = round_.begin_next()
        player = make_player("greedy", random.Random(1))
        while not ann.state.is_terminal():
            ann.act(player.choose(ann.state))
        hand_over = DailyNextScene(driver.app, round_)
        driver.start(hand_over)
        driver.step(0.2)
        hand_over.handle(Intent("back"))  # Kid does not play now: the results of who has played
        results = driver.top
        assert results.screen == "daily_results" and [c.result.name for c in results.columns] == ["Ann"]
        round_.people.append(("Bob", None))
        hand_over = DailyNextScene(driver.app, round_)
        driver.start(hand_over)
        hand_over.ready()
        hand_over.ready()  # a second tap while the table opens
        assert [s.seats[0].name for s in round_.sessions] == ["Ann", "Kid"] and driver.top.screen == "table"
    finally:
        driver.close()
