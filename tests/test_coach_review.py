"""The turn-by-turn review (issue 38): every decision of a finished game against the optimal one, with
``loss = final_best - final_chosen``, the losses summing to ``skill`` and ``score = start + luck - skill``."""

from __future__ import annotations

import json
import random

import pytest

from game.bots.levels import make_player
from game.cli import main
from game.coach.review import CLASSES, ReviewError, class_of, review_session
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.simulate import play_game


def _review_json(capsys, *args: str) -> dict:
    assert main(["review", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _check_identities(review: dict) -> None:
    for d in review["decisions"]:
        assert d["loss"] == pytest.approx(d["final_best"] - d["final_chosen"], abs=2e-4)
        assert d["loss"] >= 0
        assert d["class"] == class_of(d["loss"])
    assert sum(d["loss"] for d in review["decisions"]) == pytest.approx(review["skill"], abs=0.01)
    assert review["start"] + review["luck"] - review["skill"] == pytest.approx(review["score"], abs=0.01)


@pytest.mark.parametrize("variant_id, level", [("official", "hard"), ("official", "easy"), ("yatzy", "medium"),
                                               ("classic", "greedy"), ("fivezee", "hard")])
def test_the_review_splits_the_score_into_start_luck_and_skill(variant_id, level):
    variant = find_variant(variant_id)
    for seed in range(3):
        review = review_session(play_game(variant, [level], seed))
        data = review.to_json()
        _check_identities(data)
        assert review.start == pytest.approx(review.decisions[0].before)
        assert review.skill > 0  # these levels slip now and then
        turns = {d.turn for d in review.decisions if d.kind == "box"}
        assert turns == set(range(1, len(variant.boxes) + 1))  # every box is one decision


def test_the_optimal_player_loses_nothing():
    review = review_session(play_game(find_variant("official"), ["optimal"], 5))
    assert all(d.loss < 1e-9 and d.chosen == d.best for d in review.decisions)
    assert review.skill == 0 and set(review.counts()) == {name for name, _ in CLASSES}
    assert review.counts()["slip"] == review.counts()["blunder"] == 0


def test_classes_follow_their_stated_thresholds():
    assert [class_of(loss) for loss in (0, 0.049, 0.05, 0.99, 1.0, 4.99, 5.0, 40)] == [
        "best", "best", "close", "close", "slip", "slip", "blunder", "blunder"]


def test_the_review_agrees_with_the_coach_at_the_table():
    """The coach weighs a person's choices as they are made; the review replays the log afterwards: the same."""
    from game.coach.coach import Coach

    variant = find_variant("yatzy")
    session = Session(variant, [Seat("Ann"), Seat("Ben")], seed=3, rolloff=False)
    coach = Coach(session)
    brain = make_player("greedy", random.Random(3))
    while not session.state.is_terminal():
        action = brain.choose(session.state)
        coach.judge(action)
        session.act(action)
    for seat in (0, 1):
        split, review = coach.luck_and_skill(seat), review_session(session, seat)
        assert (review.start, review.luck, review.skill) == pytest.approx((split.start, split.luck, split.skill))
        assert review.score == session.state.card(seat).total(variant)


def test_review_on_the_command_line_plays_and_reviews_one_game(capsys):
    hard = _review_json(capsys, "--variant", "official", "--seed", "5", "--level", "hard")
    _check_identities(hard)
    assert hard["level"] == "hard" and hard["seed"] == 5 and hard["skill"] > 0
    assert hard["classes"]["blunder"] == "loss >= 5"
    perfect = _review_json(capsys, "--variant", "official", "--seed", "5", "--level", "perfect")
    _check_identities(perfect)
    assert all(d["loss"] == 0 and d["class"] == "best" for d in perfect["decisions"]) and perfect["skill"] == 0
    assert perfect["start"] == hard["start"]


def test_review_last_replays_the_last_game_in_the_records(capsys):
    from game.store.records import add_result

    assert main(["review", "--last", "--json"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "dice-parlor: no finished game kept yet: play one to the end first"]
    variant = find_variant("classic")
    session = Session(variant, [Seat("Ann"), Seat("Easy", "computer", "easy")], seed=9, rolloff=False)
    players = [make_player("greedy", random.Random(1)), make_player("easy", random.Random(2))]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
    add_result(session)
    ann = _review_json(capsys, "--last")
    _check_identities(ann)
    assert ann["name"] == "Ann" and ann["score"] == session.state.card(0).total(variant)
    assert ann == review_session(session, 0).to_json()
    assert _review_json(capsys, "--last", "--seat", "2")["name"] == "Easy"


@pytest.mark.parametrize("args, problem", [
    ((), "review takes --last, --game NUMBER, or --variant V --level L [--seed S]"),
    (("--variant", "official"), "--variant needs --level"),
    (("--variant", "jackpot", "--level", "hard"), "jackpot has no optimal player"),
    (("--variant", "official", "--level", "genius"), "unknown player 'genius'"),
])
def test_review_refuses_bad_arguments_in_one_line(capsys, args, problem):
    assert main(["review", *args]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and problem in lines[0]


def test_a_game_without_the_seat_is_refused():
    session = play_game(find_variant("official"), ["optimal"], 1)
    with pytest.raises(ReviewError):
        review_session(session, seat=0, game=1)


def test_the_game_over_screen_opens_the_review_turn_by_turn():
    """A coached person's whole game, then "Turn by turn" on the results: every real decision with its expected
    final score, the costly ones with the best choice, the loss and the class; Esc goes back to the results."""
    import pygame
    from scene_driver import Driver
    from screens import SCREENS

    from game.rules.i18n import t
    from scenes.menus.turn_review import TurnReviewScene

    driver = Driver(animation="instant")
    try:
        dict(SCREENS)["gameover-coached"](driver)
        over = driver.top
        button = next(b for b in over.row.buttons if b.label == t("gameover.turn_by_turn"))
        assert over.box().contains(button.rect)
        driver.step(1.0)
        driver.click(button.rect.center)
        page = driver.top
        assert isinstance(page, TurnReviewScene)
        review = page.review
        assert review.score == over.state.card(0).total(over.state.variant)
        split = over.coach.luck_and_skill(0, over.game)
        assert (review.luck, review.skill) == pytest.approx((split.luck, split.skill))
        text = page.text()
        costly = [d for d in review.decisions if d.choices > 1 and d.loss >= 0.05]
        assert costly and text.count(" less: ") == len(costly)
        assert text.count(", the best") == sum(d.choices > 1 and d.loss < 0.05 for d in review.decisions)
        assert t("gameover.review_class.blunder") in text or t("gameover.review_class.slip") in text
        scrolled = page.scroll
        driver.key(pygame.K_DOWN)
        assert page.max_scroll() > 0 and page.scroll > scrolled  # a whole game is longer than the page
        driver.key(pygame.K_ESCAPE)
        assert driver.top is over
    finally:
        driver.close()
