"""Issue 29: a new computer level is a line in game/bots/levels.py (and, for a new place on the dial, its label in
the string tables), nothing else. Here a made-up level, Expert, is added to Jackpot's levels the way that line
would, and every place that takes a level takes it: the New game screen offers it by its label, the command line
plays it, and the saved seats bring it back at the next start."""

from __future__ import annotations

import json

import pytest
from scene_driver import Driver

from game.bots import levels
from game.bots.jackpot_players import HeuristicJackpotPlayer
from game.rules import i18n
from game.store.seats import seats_path


@pytest.fixture
def expert(monkeypatch):
    """What adding the level would change: its line in LEVELS, its place at the end of the dial, its label."""
    monkeypatch.setitem(levels.LEVELS, "jackpot",
                        levels.LEVELS["jackpot"] + (levels.Level("expert", HeuristicJackpotPlayer, dial="expert"),))
    monkeypatch.setattr(levels, "DIAL", levels.DIAL + ("expert",))
    import scenes.menus.newgame as newgame

    monkeypatch.setattr(newgame, "DIAL", levels.DIAL)  # the same tuple an edit would change, imported by name there
    english = i18n._lookup  # the catalogue's new entry: its label in English
    monkeypatch.setattr(i18n, "_lookup", lambda language, key, count=None:
                        "Expert" if key == "newgame.level.expert" else english(language, key, count))
    return "expert"


def _level_button(scene, seat: int):
    return next(button for button in scene.row.buttons if getattr(button, "id", None) == ("level", seat))


def test_the_new_game_screen_offers_it_by_its_label_and_the_next_start_brings_it_back(expert):
    from scenes.menus.newgame import NewGameScene

    driver = Driver()
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.2)
        scene._pick_variant(next(i for i, v in enumerate(scene.variants) if v.id == "jackpot"))
        ada = next(i for i, seat in enumerate(scene.seats) if seat.computer)
        assert expert in levels.available_levels("jackpot", scene.variant)
        for _ in range(len(levels.LEVELS["jackpot"])):
            if scene.seats[ada].level == expert:
                break
            scene._cycle_level(ada)
        assert scene.seats[ada].level == expert and _level_button(scene, ada).label == "Expert"
        driver.click(scene.start.rect.center)
        assert driver.top is not scene  # the game began, Expert at the table
    finally:
        driver.close()
    kept = json.loads(seats_path().read_text(encoding="utf-8"))
    assert kept["seats"][ada]["level"] == expert
    driver = Driver()  # the next start: the saved seats' reader takes the level
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.2)
        assert not driver.app.last_setup.problems
        assert scene.variant.id == "jackpot" and scene.seats[ada].level == expert
        assert _level_button(scene, ada).label == "Expert"
    finally:
        driver.close()


def test_the_command_line_plays_it(expert, capsys):
    from game.cli import main

    assert main(["simulate", "--variant", "jackpot", "--players", f"{expert},heuristic", "--games", "2",
                 "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert [(seat["player"], seat["level"]) for seat in seats] == [(expert, expert), ("heuristic", "heuristic")]
    assert main(["simulate", "--variant", "jackpot", "--players", "nope,heuristic", "--games", "1"]) == 2
    assert expert in capsys.readouterr().err  # named among the players known


def test_without_the_line_it_is_unknown_everywhere():
    assert "expert" not in levels.level_names("jackpot") and levels.dial_of("expert") is None
    assert isinstance(levels.player_for_seat("expert", None, "jackpot"), HeuristicJackpotPlayer)  # the usual one
