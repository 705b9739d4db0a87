"""Practice (issue 28): every decision the coach weighed is kept with the game and in the records, every slip with
its position; the Practice screen asks a stored slip again, a match's and Challenge's too, and answers it."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import texts_on_screen
from scene_driver import Driver

from game.bots.levels import make_player
from game.coach.coach import Coach, about, describe
from game.coach.slips import Slip
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.i18n import t
from game.rules.variants import find_variant
from game.store.records import add_result, open_records
from scenes.menus.practice_paint import Answer, box_rows


def coached_game(variant: str, names: list[str], games: int = 1, seed: int = 1, level: str = "greedy") -> Session:
    """A finished game of people who play like ``level``, every move judged by the coach as the table does."""
    session = Session(find_variant(variant), [Seat(name) for name in names], games=games, seed=seed, rolloff=False)
    coach = Coach(session)
    player = make_player(level, random.Random(seed))
    while not session.state.is_terminal():
        action = player.choose(session.state)
        coach.judge(action)
        session.act(action)
    return session


def practice(driver: Driver, person: str):
    driver.app.go("practice")
    driver.step(0.1)
    scene = driver.top
    assert scene.screen == "practice" and person in scene.people
    scene.other_person(scene.people.index(person))
    driver.step(0.1)
    return scene


def test_every_decision_is_counted_and_every_slip_kept_with_its_position():
    session = coached_game("classic", ["Ann"], seed=3)
    decisions = session.review.decisions
    assert len(decisions) >= 26  # at least a box for each of 13 turns and some holds (the last box is no choice)
    slips = session.review.slips(0)
    assert slips and len(slips) == sum(d.loss >= 0.05 for d in decisions)
    for data in slips:
        slip = Slip.from_dict(data, session.variant)
        assert slip is not None and slip.loss == pytest.approx(data["loss"], abs=1e-3) and slip.loss >= 0.05
        assert slip.best.loss == 0 and len(slip.options) >= 2
        said = [describe(option, session.variant) for option in slip.options]
        assert len(set(said)) == len(said)  # no two options of one list read the same
    saved = Session.from_json(session.to_json(), session.variant)  # kept with the game
    assert saved.review.to_json() == session.review.to_json()


def test_the_practice_screen_replays_a_stored_slip_and_answers_it(tmp_path):
    session = coached_game("classic", ["Ann"], seed=3)
    add_result(session)
    with open_records() as records:
        number, stored = records.slips("Ann")[0]
    costliest = max(session.review.slips(0), key=lambda slip: slip["loss"])
    assert stored == costliest
    driver = Driver(animation="instant")
    scene = practice(driver, "Ann")
    slip = scene.slip
    assert slip.number == number and slip.dice == tuple(stored["dice"])
    words = texts_on_screen(driver)
    assert t("practice.question") in words and t("practice.where", game=str(slip.variant.name), turn=slip.turn) \
        in " ".join(words)
    # the best move, chosen the way a player does: a box tapped on the card, or dice held and Roll
    best = slip.best
    if best.kind == "box":
        rect = dict(box_rows(slip))[best.box]
        driver.click(rect.center)
    else:
        wanted = list(best.keep)
        for i, face in enumerate(slip.dice):
            if face in wanted:
                wanted.remove(face)
                driver.key(getattr(pygame, f"K_{i + 1}"))
        driver.key(pygame.K_r)
    assert scene.answer is not None and scene.answer.index == 0 and scene.answer.right
    words = " ".join(texts_on_screen(driver))
    assert t("practice.right", best=describe(best, slip.variant)[:1].upper() + describe(best, slip.variant)[1:]) \
        in words
    with open_records() as records:  # answered right: it goes behind the others
        assert records.conn.execute("SELECT practised FROM slips WHERE id = ?", (number,)).fetchone() == (1,)
        assert records.slips("Ann")[0][0] != number
    driver.key(pygame.K_RETURN)  # Next
    assert scene.index == 1 and scene.answer is None
    driver.close()


def test_a_slip_from_a_match_is_replayed_with_its_game_and_the_old_choice_says_what_it_cost():
    session = coached_game("dutch", ["Ann", "Bob"], games=2, seed=5)
    add_result(session)
    driver = Driver(animation="instant")
    scene = practice(driver, "Bob")
    assert all(slip.games == 2 for slip in scene.slips)
    later = next(i for i, slip in enumerate(scene.slips) if slip.game == 1)  # one from the match's second game
    scene.index = later
    scene.begin()
    driver.step(0.1)
    slip = scene.slip
    assert t("practice.where_in_match", game=str(slip.variant.name), number=2, games=2, turn=slip.turn) in \
        " ".join(texts_on_screen(driver))
    scene.choose(slip.chosen)  # the same choice as in the game
    driver.step(0.1)
    words = " ".join(texts_on_screen(driver))
    assert t("practice.same_as_game") in words and not scene.answer.right
    assert scene.answer.verdict == t("practice.better", loss=about(slip.loss))
    yours = Answer(slip, slip.chosen)
    assert yours.lines[1][0] == t("practice.yours_line", chosen=describe(slip.chosen_option, slip.variant))
    driver.close()


def test_a_challenge_slip_is_replayed_with_its_markers_and_a_copy_out_of_range_is_refused():
    session = coached_game("challenge", ["Cas"], seed=7)
    add_result(session)
    driver = Driver(animation="instant")
    scene = practice(driver, "Cas")
    index = next(i for i, slip in enumerate(scene.slips) if slip.common)
    scene.index = index
    scene.begin()
    driver.step(0.1)
    slip = scene.slip
    assert t("practice.solitaire") in texts_on_screen(driver)
    low, high = slip.copy_range
    if high < len(slip.dice):  # too many picked: said, nothing answered
        for die in range(high + 1):
            scene.toggle(die)
        scene.roll()
        assert scene.answer is None and scene.warning == t("practice.hint_copy_range", low=low, high=high)
        scene.picked = set()
    wanted = list(slip.best.keep)
    for i, face in enumerate(slip.dice):
        if face in wanted:
            wanted.remove(face)
            driver.click(scene.paint.dice_rects(slip, scene.picked)[i].center)
    driver.key(pygame.K_r)
    assert scene.answer is not None and scene.answer.index == 0
    driver.close()


def test_with_no_slips_the_screen_says_how_to_get_some():
    driver = Driver(animation="instant")
    driver.app.go("practice")
    driver.step(0.1)
    assert t("practice.none") in " ".join(texts_on_screen(driver))
    driver.key(pygame.K_ESCAPE)
    driver.close()


def test_the_title_opens_practice_beside_records():
    driver = Driver(animation="instant")
    driver.app.go("title")
    driver.step(0.1)
    button = next(b for b in driver.top.row.buttons if b.label == t("practice.button"))
    records = next(b for b in driver.top.row.buttons if b.label == t("title.records"))
    assert button.rect.y == records.rect.y and not button.rect.colliderect(records.rect)
    driver.click(button.rect.center)
    assert driver.wait_until(lambda: driver.top.screen == "practice", 5)
    driver.close()
