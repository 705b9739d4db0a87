"""The joker table of docs/rules.md section 1, one table of cases per mode.

Each case: the boxes already filled, five alike on the table, and by hand:
the exact set of legal boxes with their points, whether the roll acts as a
joker, and the five-alike bonus it earns. Every case is checked on
``box_options`` and through the engine (Score each legal box on a clone; an
open box that is not legal is refused and leaves the state untouched).
"""

from __future__ import annotations

import itertools
import json

import pytest
from helpers import roll, set_card
from rules_helpers import (
    CARD13,
    FIVE_BOX,
    UPPER13,
    challenge_round_to_markers,
    empty_card,
    free_variant,
    ref_options,
    state_of,
)

from game.engine.actions import Score
from game.errors import IllegalAction
from game.rules.hands import all_hands
from game.rules.scoring import box_options
from game.rules.variants import find_variant

# Every lower box filled (FIVE is the variant's five-alike box; its value is set per case).
LOWER_FULL = dict(three_kind=10, four_kind=0, full_house=25, small_straight=30, large_straight=0, chance=20)
# The six lower boxes at a joker's full value for five 4s: Full House 25, Small 30, Large 40, the others 20.
JOKER_LOWER_4S = dict(three_kind=20, four_kind=20, full_house=25, small_straight=30, large_straight=40, chance=20)
# Five 4s as an ordinary roll on the classic card: Full House needs two numbers, straights are 0.
ORDINARY_UPPER_4S = dict(aces=0, twos=0, threes=0, fours=20, fives=0, sixes=0)
ORDINARY_LOWER_4S = dict(three_kind=20, four_kind=20, full_house=0, small_straight=0, large_straight=0, chance=20)


def _resolve(vid: str, table: dict) -> dict:
    return {FIVE_BOX[vid] if k == "FIVE" else k: v for k, v in table.items()}


def verify(variant, filled: dict, dice: tuple, legal: dict, joker: bool, bonus: int) -> None:
    vid = variant.id
    filled = _resolve(vid, filled)
    legal = _resolve(vid, legal)
    card = {b: None for b in variant.box_ids}
    card.update(filled)

    # The pure function.
    options = box_options(variant, card, dice)
    assert options.scores == legal
    assert options.joker is joker
    assert options.five_alike_bonus == bonus

    # The engine: a one-seat game with this card, the dice rolled (or copied as Challenge markers).
    state = state_of(variant)
    set_card(state, 0, **filled)
    if variant.turns == "common":
        challenge_round_to_markers(state, dice)
    else:
        roll(state, *dice)
    assert state.options() == options
    assert {a.box for a in state.legal_actions() if isinstance(a, Score)} == set(legal)
    before = json.dumps(state.to_json(), sort_keys=True)
    for box in variant.box_ids:
        if box in legal:
            trial = state.clone()
            trial.apply(Score(box))
            got = trial.card(0, 0)
            assert got.boxes[box] == legal[box]
            assert got.five_alike_bonus == bonus
            lower_joker = joker and not variant.box(box).upper
            assert got.jokers == ([box] if lower_joker else []), (box, got.jokers)
            assert got.total(variant) == (sum(s for s in got.boxes.values() if s is not None)
                                          + got.upper_bonus(variant) + bonus)
        else:
            with pytest.raises(IllegalAction):
                state.apply(Score(box))
            assert json.dumps(state.to_json(), sort_keys=True) == before


# ----------------------------------------------------------- none (classic) --

NONE_CASES = [
    pytest.param({}, (4, 4, 4, 4, 4),
                 {**ORDINARY_UPPER_4S, **ORDINARY_LOWER_4S, "yahtzee": 50}, False, 0,
                 id="yahtzee-box-open-scores-normally-50-in-yahtzee"),
    pytest.param({"yahtzee": 50}, (4, 4, 4, 4, 4),
                 {**ORDINARY_UPPER_4S, **ORDINARY_LOWER_4S}, False, 100,
                 id="yahtzee-50-fours-open-ordinary-roll-plus-bonus"),
    pytest.param({"yahtzee": 0}, (4, 4, 4, 4, 4),
                 {**ORDINARY_UPPER_4S, **ORDINARY_LOWER_4S}, False, 0,
                 id="yahtzee-0-fours-open-no-bonus"),
    pytest.param({"yahtzee": 50, "fours": 12}, (4, 4, 4, 4, 4),
                 {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0, **ORDINARY_LOWER_4S}, False, 100,
                 id="yahtzee-50-fours-filled-still-no-joker"),
    pytest.param({"yahtzee": 0, "sixes": 18, "three_kind": 20, "four_kind": 9, "chance": 22}, (6, 6, 6, 6, 6),
                 {"aces": 0, "twos": 0, "threes": 0, "fours": 0, "fives": 0,
                  "full_house": 0, "small_straight": 0, "large_straight": 0}, False, 0,
                 id="sixes-filled-full-house-and-straights-score-0"),
    pytest.param({"yahtzee": 50, "fours": 12, **LOWER_FULL}, (4, 4, 4, 4, 4),
                 {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}, False, 100,
                 id="all-lower-filled-zero-in-an-open-upper-box"),
    pytest.param({"yahtzee": 50, **LOWER_FULL}, (4, 4, 4, 4, 4),
                 {**ORDINARY_UPPER_4S}, False, 100,
                 id="all-lower-filled-fours-open-fours-score-20"),
]


@pytest.mark.parametrize("filled,dice,legal,joker,bonus", NONE_CASES)
def test_joker_none_classic(filled, dice, legal, joker, bonus):
    verify(find_variant("classic"), filled, dice, legal, joker, bonus)


# ------------------------------------------------------------------ official --

OFFICIAL_CASES = [
    pytest.param({}, (4, 4, 4, 4, 4),
                 {**ORDINARY_UPPER_4S, **ORDINARY_LOWER_4S, "yahtzee": 50}, False, 0,
                 id="yahtzee-box-open-scores-normally-50-in-yahtzee"),
    pytest.param({"yahtzee": 50}, (4, 4, 4, 4, 4), {"fours": 20}, True, 100,
                 id="yahtzee-50-forced-into-open-fours"),
    pytest.param({"yahtzee": 0}, (4, 4, 4, 4, 4), {"fours": 20}, True, 0,
                 id="yahtzee-0-forced-into-open-fours-no-bonus"),
    pytest.param({"yahtzee": 50}, (1, 1, 1, 1, 1), {"aces": 5}, True, 100,
                 id="yahtzee-50-forced-into-open-aces"),
    pytest.param({"yahtzee": 50, "fours": 12}, (4, 4, 4, 4, 4), {**JOKER_LOWER_4S}, True, 100,
                 id="yahtzee-50-fours-filled-any-lower-box-full-value"),
    pytest.param({"yahtzee": 0, "fours": 0}, (4, 4, 4, 4, 4), {**JOKER_LOWER_4S}, True, 0,
                 id="yahtzee-0-fours-filled-joker-without-bonus"),
    pytest.param({"yahtzee": 50, "sixes": 24, "full_house": 25, "large_straight": 40}, (6, 6, 6, 6, 6),
                 {"three_kind": 30, "four_kind": 30, "small_straight": 30, "chance": 30}, True, 100,
                 id="sixes-filled-only-the-open-lower-boxes"),
    pytest.param({"yahtzee": 50, "fours": 12, **LOWER_FULL}, (4, 4, 4, 4, 4),
                 {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}, True, 100,
                 id="all-lower-filled-zero-in-an-open-upper-box"),
    pytest.param({"yahtzee": 0, **LOWER_FULL}, (4, 4, 4, 4, 4), {"fours": 20}, True, 0,
                 id="all-lower-filled-fours-open-forced-into-fours"),
]


@pytest.mark.parametrize("filled,dice,legal,joker,bonus", OFFICIAL_CASES)
def test_joker_official(filled, dice, legal, joker, bonus):
    verify(find_variant("official"), filled, dice, legal, joker, bonus)


# ---------------------------------------------- upper_filled (dutch, fivezee, challenge) --

UPPER_ZEROS_4S = {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}  # fours is filled


def _ordinary_lower(vid: str) -> dict:
    # Five alike always makes a Full House in fivezee (its sheet); elsewhere it needs two numbers.
    return {**ORDINARY_LOWER_4S, "full_house": 25 if vid == "fivezee" else 0}


UPPER_FILLED_CASES = [
    pytest.param({}, lambda v: {**ORDINARY_UPPER_4S, **_ordinary_lower(v), "FIVE": 50}, False, 0,
                 id="five-box-open-scores-normally-50-in-five-box"),
    pytest.param({"FIVE": 50}, lambda v: {**ORDINARY_UPPER_4S, **_ordinary_lower(v)}, False, 100,
                 id="five-50-fours-open-ordinary-roll-anywhere"),
    pytest.param({"FIVE": 0}, lambda v: {**ORDINARY_UPPER_4S, **_ordinary_lower(v)}, False, 0,
                 id="five-0-fours-open-ordinary-roll-no-bonus"),
    pytest.param({"FIVE": 50, "fours": 12}, lambda v: {**UPPER_ZEROS_4S, **JOKER_LOWER_4S}, True, 100,
                 id="five-50-fours-filled-joker-any-lower-box-or-a-zero-upstairs"),
    pytest.param({"FIVE": 0, "fours": 16}, lambda v: {**UPPER_ZEROS_4S, **JOKER_LOWER_4S}, True, 0,
                 id="five-0-fours-filled-joker-regardless-of-the-zero"),
    pytest.param({"FIVE": 50, "fours": 12, "three_kind": 18, "small_straight": 30}, lambda v: {
                 **UPPER_ZEROS_4S, "four_kind": 20, "full_house": 25, "large_straight": 40, "chance": 20}, True, 100,
                 id="fours-filled-the-open-lower-boxes-at-full-value"),
    pytest.param({"FIVE": 50, "fours": 12, **LOWER_FULL},
                 lambda v: {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}, True, 100,
                 id="all-lower-filled-zero-in-an-open-upper-box"),
    pytest.param({"FIVE": 0, **LOWER_FULL}, lambda v: {**ORDINARY_UPPER_4S}, False, 0,
                 id="all-lower-filled-fours-open-ordinary-roll"),
]


@pytest.mark.parametrize("vid", ["dutch", "fivezee", "challenge"])
@pytest.mark.parametrize("filled,legal,joker,bonus", UPPER_FILLED_CASES)
def test_joker_upper_filled(vid, filled, legal, joker, bonus):
    verify(find_variant(vid), filled, (4, 4, 4, 4, 4), legal(vid), joker, bonus)


# ------------------------------------------------------ free (house rule) --

FREE_CASES = [
    pytest.param({}, {**ORDINARY_UPPER_4S, **ORDINARY_LOWER_4S, "yahtzee": 50}, False, 0,
                 id="yahtzee-box-open-scores-normally-50-in-yahtzee"),
    pytest.param({"yahtzee": 50}, {**ORDINARY_UPPER_4S, **JOKER_LOWER_4S}, True, 100,
                 id="yahtzee-50-fours-open-any-box-lower-at-full-value"),
    pytest.param({"yahtzee": 0, "fours": 8}, {"aces": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0,
                                               **JOKER_LOWER_4S}, True, 0,
                 id="yahtzee-0-fours-filled-any-open-box-no-bonus"),
    pytest.param({"yahtzee": 50, **LOWER_FULL}, {**ORDINARY_UPPER_4S}, True, 100,
                 id="all-lower-filled-upper-boxes-as-they-score"),
]


@pytest.mark.parametrize("filled,legal,joker,bonus", FREE_CASES)
def test_joker_free(tmp_path, filled, legal, joker, bonus):
    verify(free_variant(tmp_path), filled, (4, 4, 4, 4, 4), legal, joker, bonus)


# ---------------------------------------------- every hand, many cards --

def _cards(vid: str):
    """Card set-ups that matter to the joker: five box open/50/0, upper boxes, lower boxes filled."""
    five = FIVE_BOX[vid]
    yield empty_card(vid)
    for five_score, upper_filled, lower_full in itertools.product((50, 0), (0, 2, 4, 6), (False, True)):
        card = empty_card(vid)
        card[five] = five_score
        for box in UPPER13[:upper_filled]:  # aces.. filled, the rest open
            card[box] = 0
        if lower_full:
            card.update(LOWER_FULL)
        if all(s is not None for s in card.values()):
            continue
        yield card


@pytest.mark.parametrize("vid", CARD13 + ["yatzy", "free"])
def test_box_options_follow_the_rules_table_for_every_hand(vid, tmp_path):
    """All 252 hands against the reference reading of docs/rules.md (tests/rules_helpers.py)."""
    variant = free_variant(tmp_path) if vid == "free" else find_variant(vid)
    cards = [empty_card(vid)] if vid == "yatzy" else list(_cards(vid))
    for card in cards:
        for hand in all_hands(5, 6):
            for dice in {hand, hand[::-1], hand[2:] + hand[:2]}:
                options = box_options(variant, card, dice)
                expected = ref_options(vid, card, dice)
                assert (options.scores, options.joker, options.five_alike_bonus) == expected, (card, dice)
