"""Luck and skill after the game (issue 28, point 5): what a person's dice were worth against the average and what
their choices cost add up to their score less the expected score at the start, exactly."""

from __future__ import annotations

import random

import pytest

from game.bots.levels import make_player
from game.coach.coach import Coach
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


def _play(variant_id: str, seed: int, level: str, seats: int = 1):
    session = Session(find_variant(variant_id), [Seat(name) for name in ("Ann", "Ben")[:seats]], seed=seed,
                      rolloff=False)
    coach = Coach(session)
    brain = make_player(level, random.Random(seed))
    while not session.state.is_terminal():
        action = brain.choose(session.state)
        coach.judge(action)  # as the table does before each person's move
        session.act(action)
    return session, coach


@pytest.mark.parametrize("variant_id, level, seats", [("classic", "greedy", 1), ("classic", "random", 1),
                                                      ("yatzy", "greedy", 2), ("official", "optimal", 1),
                                                      ("fivezee", "greedy", 1), ("challenge", "greedy", 2),
                                                      ("challenge", "random", 2)])
def test_luck_and_skill_add_up_to_the_score_less_the_expected_start(variant_id, level, seats):
    for seed in range(4):
        session, coach = _play(variant_id, seed, level, seats)
        for seat in range(seats):
            split = coach.luck_and_skill(seat)
            assert split is not None
            score = session.state.card(seat).total(session.variant)
            assert split.start == pytest.approx(coach.table.start_value, abs=1e-9)
            assert split.luck - split.skill == pytest.approx(score - split.start, abs=1e-6), (seed, seat)
            assert split.skill >= 0
            if level == "optimal":
                assert split.skill < 1e-6  # the best play costs nothing: its whole difference is luck
            slips = coach.report(seat)[0]
            assert slips <= split.skill + 1e-9  # the slips the report counts are part of the choices' cost


def test_luck_averages_out_over_many_games():
    """Over seeded games of the best play, the dice are on average neither kind nor cruel (within the noise)."""
    lucks = [_play("classic", seed, "optimal")[1].luck_and_skill(0).luck for seed in range(20)]  # the bound scales
    mean = sum(lucks) / len(lucks)
    assert abs(mean) < 3 * 60 / len(lucks) ** 0.5  # a game's sd is about 60 points


def test_an_undo_takes_its_luck_and_skill_back():
    session, coach = _play("classic", 1, "greedy")
    whole = coach.luck_and_skill(0)
    coach.forget_from(len(session.log) - 3)
    assert coach.luck_and_skill(0) != whole


@pytest.mark.parametrize("language, kinder, choices", [
    ("en", "Ann, your dice were 17 points kinder than average", "; your choices cost 42. Your biggest slip: turn 1,"),
    ("nl", "Ann, je stenen waren 17 punten gunstiger dan gemiddeld",
     "; je keuzes kostten 42. Je grootste misser: beurt 1,"),
])
def test_the_game_over_report_says_luck_and_skill_in_words(language, kinder, choices):
    """A person's whole greedy game through the table (seed 8): expected 254.0 at the start, dice 17.5 kinder,
    choices 42.4 costlier, 229 scored."""
    from scene_driver import Driver
    from screens import SCREENS

    from game.rules import i18n

    driver = Driver(animation="instant", language=language)
    try:
        dict(SCREENS)["gameover-coached"](driver)
        over = driver.top
        split = over.coach.luck_and_skill(0, over.game)
        score = over.state.card(0).total(over.state.variant)
        assert score == 229 and split.luck - split.skill == pytest.approx(score - split.start, abs=1e-6)
        said = " ".join(over.coach_rows()[0][0])
        assert said.startswith(kinder + choices), said
    finally:
        driver.close()
        i18n.set_language("en")


def test_dice_less_kind_than_average_and_no_slip_read_as_such():
    from game.coach.coach import LuckAndSkill, luck_and_skill_said
    from game.rules import i18n

    for language, words in (("en", "Bo, your dice were 8.5 points less kind than average, and every choice you made "
                                   "was the best one."),
                            ("nl", "Bo, je stenen waren 8,5 punten ongunstiger dan gemiddeld, en elke keuze die je "
                                   "maakte was de beste.")):
        i18n.set_language(language)
        assert luck_and_skill_said("Bo", LuckAndSkill(250.0, -8.5, 0.01), None) == words
    i18n.set_language("en")
