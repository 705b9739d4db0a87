"""The longest game a variant file allows is saved and resumed, and a game too long to save is never lost
(issue 33: a 2,000-round Jackpot passed the checks, and at 50,000 moves its autosave was refused when read
back and set aside, so the game in progress was gone).

The longest match: 17 boxes, 6 dice, 10 rolls a turn, 6 seats, 6 games, every roll used and every die held
and released again before each roll. It must stay well inside the save's limits."""

from __future__ import annotations

import json
import random

import pytest
import yaml

from game.bots.levels import make_player
from game.engine.actions import Hold, Release, Roll, Score
from game.engine.session import MAX_LOG, Session
from game.engine.state import Seat
from game.rules.variant import MAX_BOXES
from game.rules.variants import find_variant, load_variant_file
from game.store.saves import MAX_SAVE_BYTES, SaveTooLong, load_saved, save_path, save_session


def _largest(tmp_path):
    """The largest scorecard game a file may describe: each limit of parse_variant at its most."""
    boxes = [{"id": f"face{i}", "name": f"Face {i}", "kind": "face", "face": i} for i in range(1, 7)]
    boxes += [{"id": f"kind{c}", "name": f"{c} alike", "kind": "of_a_kind", "count": c} for c in range(2, 7)]
    boxes += [{"id": f"pairs{c}", "name": f"{c} pairs", "kind": "pairs", "count": c} for c in range(1, 4)]
    boxes += [{"id": "small", "name": "Small", "kind": "straight", "length": 4, "score": 30},
              {"id": "large", "name": "Large", "kind": "straight", "length": 5, "score": 40},
              {"id": "chance", "name": "Chance", "kind": "chance"}]
    assert len(boxes) == MAX_BOXES
    data = {"format": 1, "name": "Largest", "description": "Every limit at its most.", "dice": 6, "faces": 6,
            "rolls_per_turn": 10, "players": {"min": 1, "max": 6}, "games": {"max": 6, "default": 6},
            "joker": "none", "boxes": boxes}
    path = tmp_path / "largest.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_variant_file(path)


def _play_thoroughly(session: Session) -> None:
    """Every roll of every turn, every die held and released again before each roll after the first."""
    variant = session.variant
    while not session.state.is_terminal():
        for roll in range(variant.rolls_per_turn):
            if roll:
                for die in range(variant.dice):
                    session.act(Hold(die))
                for die in range(variant.dice):
                    session.act(Release(die))
            session.act(Roll())
        card = session.state.card()
        session.act(Score(next(box for box in variant.box_ids if card.boxes.get(box) is None)))


def test_the_longest_match_a_variant_allows_saves_well_inside_the_limits_and_resumes(tmp_path):
    variant = _largest(tmp_path)
    session = Session(variant, [Seat(f"Seat {i}") for i in range(6)], games=6, seed=4, rolloff=False)
    _play_thoroughly(session)
    moves = len(session.log)
    assert moves > 50_000  # the old limit: this game's autosave was refused when read back
    assert moves * 4 < MAX_LOG
    save_session(session)
    assert save_path().stat().st_size * 4 < MAX_SAVE_BYTES
    resumed = load_saved(lambda name: variant)
    assert resumed.message is None
    assert resumed.session.state.to_json() == session.state.to_json()


def test_a_six_game_dutch_match_of_six_seats_is_far_inside_the_limits():
    variant = find_variant("dutch")
    session = Session(variant, [Seat(f"Seat {i}", "computer", "greedy") for i in range(6)], games=6, seed=8)
    players = [make_player("greedy", random.Random(i)) for i in range(6)]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
    save_session(session)
    assert len(session.log) * 20 < MAX_LOG and save_path().stat().st_size * 20 < MAX_SAVE_BYTES


def test_a_game_too_long_to_save_keeps_the_save_before_it(monkeypatch):
    from game.store import saves

    session = Session(find_variant("yatzy"), [Seat("Ann"), Seat("Bob")], seed=3, rolloff=False)
    session.act(Roll())
    save_session(session)
    before = save_path().read_bytes()
    session.act(Hold(0))
    session.act(Roll())
    with monkeypatch.context() as patch:  # not monkeypatch.undo(): that would drop DICE_PARLOR_HOME too
        patch.setattr(saves, "MAX_LOG", len(session.log) - 1)  # as if the game had grown past the limit
        with pytest.raises(SaveTooLong) as refused:
            save_session(session)
    assert isinstance(refused.value, OSError) and "too long to save" in str(refused.value)
    assert save_path().read_bytes() == before  # never replaced by a save that could not be read back
    resumed = load_saved(find_variant)
    assert resumed.message is None and resumed.session.state.to_json() == json.loads(before)["session"]["state"]


def test_at_the_table_a_game_too_long_to_save_is_said_once_and_play_goes_on(monkeypatch):
    import pygame
    from scene_driver import Driver

    from game.store import saves
    from scenes.scorecard.table import TableScene
    from scenes.ui.widgets import record_text

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("yatzy"), [Seat("Ann")], seed=9, rolloff=False)
        driver.start(TableScene(driver.app, session))
        driver.key(pygame.K_SPACE)  # a roll: an autosave
        driver.step(0.1)
        before = save_path().read_bytes()
        monkeypatch.setattr(saves, "MAX_LOG", len(session.log))  # the next move makes it too long
        record_text(True)
        driver.key(pygame.K_SPACE)
        driver.step(0.1)
        shown = " ".join(d.words for d in record_text(False))
        assert "too long to save" in shown and "kept" in shown and "cannot save in" not in shown
        saving = driver.app.saving
        assert saving.too_long and saving.failing is None  # no retries of a save that cannot fit
        assert save_path().read_bytes() == before  # the save before it is kept
        assert len(session.log) > len(json.loads(before)["session"]["log"])  # and play went on
    finally:
        driver.close()
