"""What a hold goes for (issue 38, D1 and D2): only the goals the hold makes likelier than rolling all the dice, what
it already makes, and the upper bonus aimed at the points it still needs (not always "3 or more")."""

from __future__ import annotations

import random

import pytest

from game.bots.solver import advise, table_for
from game.coach.odds import all_odds, face_odds
from game.coach.reasons import bonus_count, hold_reasons
from game.rules import i18n
from game.rules.variants import find_variant


def _best_line(variant, card, hand, rolls_left, language="en"):
    options = advise(variant, table_for(variant), card, None, None, hand, rolls_left)
    reasons = hold_reasons(variant, card, options, rolls_left, hand=hand)
    i18n.set_language(language)
    try:
        return options, reasons, reasons[0].said(variant)
    finally:
        i18n.set_language("en")


def _yatzy_last_upper():
    """Yatzy with only Sixes open: 42 in the upper section, so the bonus (63) needs 21 more: four sixes."""
    variant = find_variant("yatzy")
    card = {box: 0 for box in variant.box_ids}
    card.update(ones=2, twos=4, threes=9, fours=12, fives=15, sixes=None)
    return variant, card


@pytest.mark.parametrize("language, line", [("en", "Goes for 4 or more sixes 9%"),
                                            ("nl", "Gaat voor 4 of meer zessen 9%")])
def test_the_upper_aim_is_what_the_bonus_still_needs(language, line):
    variant, card = _yatzy_last_upper()
    options, reasons, said = _best_line(variant, card, (1, 2, 3, 5, 6), 2, language)
    assert options[0].keep == (6,) and said == line
    aim, chance = reasons[0].goals[0]
    assert aim == ("face", 6, 4) and chance == face_odds(variant, 6, 4).chance((6,), 2)
    assert 0.085 < chance < 0.09  # four sixes from one: 8.8%, where three would be about 36%


def test_the_bonus_count_follows_the_card():
    variant = find_variant("classic")
    empty = {box: None for box in variant.box_ids}
    assert [bonus_count(variant, empty, face) for face in range(1, 7)] == [3] * 6  # par at the start
    ahead = {**empty, "fives": 25, "fours": 16}  # 41 in already: 22 more, 18 of them at par from 1-3 ...
    assert bonus_count(variant, ahead, 6) == 1  # ... so any sixes will do
    behind = {**empty, "fives": 10, "fours": 12, "threes": 6, "twos": 4, "aces": 2}  # 34: 29 more from Sixes alone
    assert bonus_count(variant, behind, 6) == 5
    assert bonus_count(variant, {**empty, "fives": 0, "fours": 0, "threes": 0}, 6) == 1  # out of reach: no aim


@pytest.mark.parametrize("language, line", [
    ("en", "Small Straight already made; goes for Large Straight 31%"),
    ("nl", "Kleine Straat al gemaakt; gaat voor Grote Straat 31%"),
])
def test_a_hold_says_what_it_already_makes(language, line):
    variant = find_variant("classic")
    card = {box: None for box in variant.box_ids}
    options, reasons, said = _best_line(variant, card, (1, 2, 3, 4, 6), 2, language)
    assert options[0].keep == (1, 2, 3, 4) and reasons[0].made == ("small_straight",)
    assert said == line


@pytest.mark.parametrize("name", ["classic", "yatzy", "official"])
def test_goes_for_names_only_goals_the_hold_makes_likelier(name):
    """On random positions, every goal of the best hold's line beats rolling all the dice for it; a hold of one die
    no longer "goes for" the chance of rolling them all."""
    variant, rng = find_variant(name), random.Random(38)
    said = 0
    for _ in range(150):
        card = {box: None for box in variant.box_ids}
        for box in rng.sample(variant.box_ids, rng.randint(0, len(card) - 2)):
            card[box] = 0 if variant.box(box).kind != "face" else variant.box(box).face * rng.randint(0, 4)
        hand, rolls_left = tuple(sorted(rng.randint(1, 6) for _ in range(5))), rng.choice((1, 2))
        options = advise(variant, table_for(variant), card, None, None, hand, rolls_left)
        reason = hold_reasons(variant, card, options, rolls_left, hand=hand).get(0)
        if reason is None or reason.key not in ("goes_for", "made_goes_for"):
            continue
        rolling_all = all_odds(variant, card, (), rolls_left)
        for aim, chance in reason.goals:
            if not isinstance(aim, tuple):
                assert chance > rolling_all[aim], (card, hand, options[0].keep, aim)
            said += 1
    assert said > 50
