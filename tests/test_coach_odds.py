"""The odds of every hold (issue 28, point 1): each open pattern box's chance by the end of the turn, exact, checked
against a brute-force enumeration that shares nothing with the solver's tables."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from functools import cache

import pytest
from test_cli import run

from game.coach.odds import all_odds, box_odds, goals, hold_odds, makes, pattern_boxes
from game.rules.hands import reachable_keeps
from game.rules.variants import find_variant

SCORECARD = ["classic", "official", "yatzy", "dutch", "fivezee", "challenge"]


def _brute(variant, box):
    """The chance of the box with exact fractions: every ordered roll of the loose dice, every set of dice (by
    position) to hold between rolls, the best of them for this box."""
    faces = range(1, variant.faces + 1)

    @cache
    def after_roll(hand, rolls_left):  # a sorted hand showing, rolls_left rolls still allowed
        if makes(variant, box, hand):
            return Fraction(1)
        if rolls_left == 0:
            return Fraction(0)
        best = Fraction(0)
        for held in itertools.product((False, True), repeat=len(hand)):
            keep = tuple(d for d, h in zip(hand, held) if h)
            best = max(best, holding(keep, rolls_left))
        return best

    @cache
    def holding(keep, rolls_left):  # hold keep, roll the others now
        loose = variant.dice - len(keep)
        total = Fraction(0)
        for roll in itertools.product(faces, repeat=loose):
            total += after_roll(tuple(sorted(keep + roll)), rolls_left - 1)
        return total / variant.faces ** loose

    return holding


@pytest.mark.parametrize("name", SCORECARD)
def test_the_odds_of_a_hold_match_a_brute_force_enumeration(name):
    variant = find_variant(name)
    rng = random.Random(name)
    card = {box: None for box in variant.box_ids}
    brutes = {box: _brute(variant, box) for box in pattern_boxes(variant)}
    for _ in range(4):
        hand = tuple(sorted(rng.randint(1, variant.faces) for _ in range(variant.dice)))
        keeps = [k for k in reachable_keeps(hand) if 2 <= len(k) < variant.dice]  # big holds: a quick brute force
        for keep in rng.sample(keeps, min(3, len(keeps))):
            for rolls_left in (1, 2):
                odds = all_odds(variant, card, keep, rolls_left)
                assert set(odds) == set(pattern_boxes(variant))
                for box, chance in odds.items():
                    assert chance == pytest.approx(float(brutes[box](keep, rolls_left)), abs=1e-12), (box, keep)


def test_rolling_all_the_dice_matches_the_known_chances():
    """Rolling all five dice with two rolls to go: a Yahtzee 1.26%, and the same by the brute force."""
    variant = find_variant("classic")
    odds = box_odds(variant, "yahtzee")
    assert odds.chance((), 2) == pytest.approx(float(_brute(variant, "yahtzee")((), 2)), abs=1e-12)
    assert round(odds.chance((), 2), 4) == 0.0126
    three = hold_odds(variant, {b: None for b in variant.box_ids}, (5, 5, 5), 2)
    assert round(three["yahtzee"], 3) == 0.093 and round(three["four_kind"], 2) == 0.52
    assert "three_kind" not in three  # sure already: no odds to give


def test_filled_sure_and_hopeless_boxes_are_left_out():
    variant = find_variant("classic")
    card = {b: None for b in variant.box_ids}
    card["yahtzee"] = 0
    odds = hold_odds(variant, card, (2, 3, 4, 5), 1)
    assert "yahtzee" not in odds and "small_straight" not in odds  # filled; sure
    assert "four_kind" not in odds  # one die to roll cannot make four alike from 2 3 4 5
    assert odds["large_straight"] == pytest.approx(2 / 6)


def test_the_goals_of_a_hold_are_the_boxes_it_is_the_best_way_to():
    variant = find_variant("classic")
    card = {b: None for b in variant.box_ids}
    keeps = [k for k in reachable_keeps((1, 2, 5, 5, 5)) if len(k) < 5]
    odds = [all_odds(variant, card, k, 2) for k in keeps]
    assert goals(variant, odds, keeps.index((5, 5, 5))) == ["yahtzee", "four_kind"]  # the worthier goal first
    assert goals(variant, odds, keeps.index((2, 5)), most=1) == ["large_straight"]
    assert goals(variant, odds, keeps.index((1, 5, 5, 5))) == ["full_house", "four_kind"]  # then its likeliest
    assert goals(variant, odds, keeps.index((1, 5, 5)), most=1) == ["three_kind"]  # no best: its likeliest


def test_advise_gives_each_hold_its_odds_and_leaves_out_0_and_1():
    out = run("advise", "--variant", "classic", "--state",
              json.dumps({"card": {"three_kind": 20}, "dice": [5, 5, 5, 2, 1], "rolls_left": 2}))
    assert out.returncode == 0, out.stderr
    options = json.loads(out.stdout)["options"]
    keeps = {tuple(o["keep"]): o for o in options if o["kind"] == "keep"}
    assert keeps[(5, 5, 5)]["odds"] == pytest.approx({"four_kind": 0.517747, "full_house": 0.281636,
                                                      "small_straight": 0.236797, "large_straight": 0.060185,
                                                      "yahtzee": 0.093364}, abs=1e-6)
    for option in options:
        assert ("odds" in option) == (option["kind"] == "keep")
        assert all(0 < p < 1 for p in option.get("odds", {}).values())
        assert "three_kind" not in option.get("odds", {})


def _first_roll(driver, dice, **boxes):
    """Grandma alone at classic, ``boxes`` filled, her first roll showing ``dice``; the coach on."""
    from helpers import set_card

    from game.engine.actions import Dice, Roll
    from game.engine.session import Session
    from game.engine.state import Seat
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Grandma")], seed=3, rolloff=False)
    for state in (session.start, session.state):
        set_card(state, **boxes)
    for action in (Roll(), Dice(dice)):
        session.state.apply(action)
        session.log.append(action)
        session.actors.append(-1 if isinstance(action, Dice) else 0)
    session.coached.add(0)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.step(0.2)
    return table, session


@pytest.mark.parametrize("language, words", [
    ("en", "3 of a Kind already made; goes for Yahtzee 9%, 4 of a Kind 52%"),
    ("nl", "Three of a kind al gemaakt; gaat voor Yahtzee 9%, Carré 52%")])
def test_the_panel_names_the_goals_of_each_hold_with_their_chances(language, words, tmp_path):
    from helpers import texts_on_screen
    from scene_driver import Driver

    from game.rules import i18n

    driver = Driver(animation="instant", language=language)
    try:
        table, _ = _first_roll(driver, (5, 5, 5, 2, 1))
        options = table.coach.options()
        assert options[0].kind == "keep" and options[0].keep == (5, 5, 5)
        assert table.coach.goals(0) == [("yahtzee", pytest.approx(0.0933642)), ("four_kind", pytest.approx(0.5177469))]
        shown = texts_on_screen(driver)
        read = " ".join(shown)  # a reason too long for its cell goes on over a second line
        assert words in read, shown
        from game.coach.coach import describe
        said = [(describe(o, table.variant), table.coach.why(i)) for i, o in enumerate(options[:4])]
        assert all(why in read for _, why in said if why)  # under each option its line: its goals, or its cost
        assert len(set(said)) == len(said) and len({why for _, why in said}) == len(said)  # no two read the same
        if language == "en":
            import pygame
            pygame.image.save(driver.app.canvas, str(tmp_path / "coach_odds.png"))
    finally:
        driver.close()
        i18n.set_language("en")
