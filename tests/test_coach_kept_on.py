"""The coach stays as the player left it (issue 38, D9): switched on, it is on again at their next game, "Play again"
included; switched off, it stays off. The setting survives a restart (settings.json)."""

from __future__ import annotations

from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.settings import Settings, load_settings, read_settings


def _table(driver, *names: str):
    from scenes.scorecard.table import TableScene

    seats = [Seat(name) for name in names] + [Seat("Ada", "computer", "greedy")]
    table = TableScene(driver.app, Session(find_variant("classic"), seats, seed=4, rolloff=False))
    driver.start(table)
    return table


def test_a_coach_left_on_is_on_at_the_next_game_and_off_when_left_off():
    driver = Driver(animation="instant")
    try:
        table = _table(driver, "Ann")
        assert table.coach.on == set()  # nobody asked for it yet
        table.toggle_coach()
        assert table.coach.on == {0} and load_settings().coach_for == ["Ann"]  # kept on disk at once
        again = _table(driver, "Ann")
        assert again.coach.on == {0}
        assert _table(driver, "Bob").coach.on == set()  # another person's game: theirs to switch
        again.toggle_coach()  # off: and off at the next game
        assert again.coach.on == set() and load_settings().coach_for == []
        assert _table(driver, "Ann").coach.on == set()
    finally:
        driver.close()


def test_play_again_keeps_the_coach_on():
    from screens import SCREENS

    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        driver.app.settings.keep_coach("Ann", True)  # Ann switched the coach on in the game just over
        dict(SCREENS)["gameover-coached"](driver)
        driver.top.play_again()
        for _ in range(200):
            if isinstance(driver.top, TableScene):
                break
            driver.step(0.1)
        assert isinstance(driver.top, TableScene) and driver.top.state.seats[0].name == "Ann"
        assert driver.top.coach.on == {0} and driver.top.session.coached == {0}  # saved with the new game too
    finally:
        driver.close()


def test_a_resumed_game_keeps_the_seats_it_was_saved_with():
    from game.engine.actions import Roll, Score
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        driver.app.settings.keep_coach("Ann", True)
        session = Session(find_variant("classic"), [Seat("Ann")], seed=4, rolloff=False)
        session.act(Roll())
        session.act(Score("chance"))  # a game under way, saved with the coach off
        table = TableScene(driver.app, session)
        driver.start(table)
        assert table.coach.on == set()
    finally:
        driver.close()


def test_the_setting_is_checked_like_the_others(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"coach_for": ["Ann", 3]}')
    settings, problems = read_settings(path)
    assert settings.coach_for == [] and len(problems) == 1 and "coach_for" in problems[0]
    kept = Settings()
    for n in range(40):
        kept.keep_coach(f"P{n}", True)
    kept.keep_coach("P39", False)
    assert len(kept.coach_for) == 31 and kept.coach_for[-1] == "P38"  # the latest 32, then one switched off
