"""docs/rules.md section 1, rule by rule, for every scorecard variant it applies to.

Each expected value is worked out by hand from docs/rules.md; every case is
checked twice: by ``game.rules.scoring.box_options`` on a card, and through the
engine (roll the dice, or for Challenge copy them as markers, then Score).
"""

from __future__ import annotations

import pytest
from helpers import fresh, hold, roll, set_card, turn
from rules_helpers import (
    CARD13,
    FIVE_BOX,
    SCORECARD,
    SOLO13,
    UPPER_BONUS,
    all_ids,
    challenge_round_to_markers,
    check,
    empty_card,
    engine_score,
    lower_ids,
    seats,
    upper_ids,
)

from game.engine.actions import Dice, Hold, Release, Roll, Score
from game.engine.families import new_state
from game.engine.state import CHANCE, TERMINAL
from game.errors import IllegalAction
from game.rules.scoring import box_options
from game.rules.variants import find_variant

# -------------------------------------------------------------- upper section --

UPPER_CASES = [  # dice, face, expected: the sum of the dice showing that face
    ((1, 1, 1, 2, 3), 1, 3),
    ((2, 2, 5, 6, 6), 2, 4),
    ((3, 3, 3, 3, 1), 3, 12),
    ((4, 1, 4, 1, 4), 4, 12),
    ((5, 2, 5, 2, 2), 5, 10),
    ((6, 1, 2, 3, 4), 6, 6),
    ((6, 6, 6, 6, 6), 6, 30),
    ((1, 2, 3, 4, 5), 6, 0),
    ((2, 3, 4, 5, 6), 1, 0),
]


@pytest.mark.parametrize("vid", SCORECARD)
def test_upper_box_sums_the_dice_of_its_face(vid):
    for dice, face, expected in UPPER_CASES:
        check(vid, dice, upper_ids(vid)[face - 1], expected)


# ---------------------------------------------------------- n of a kind --

KIND_CASES = [  # dice, box, classic-card points (all dice), yatzy points (matching dice only)
    ((2, 2, 2, 5, 6), "three_kind", 17, 6),
    ((6, 1, 6, 6, 6), "three_kind", 25, 18),  # four alike also make three
    ((4, 4, 4, 4, 4), "three_kind", 20, 12),  # five alike too (five-alike box still open)
    ((1, 1, 2, 2, 3), "three_kind", 0, 0),
    ((3, 3, 5, 5, 6), "three_kind", 0, 0),
    ((3, 3, 3, 3, 6), "four_kind", 18, 12),
    ((5, 5, 5, 5, 5), "four_kind", 25, 20),
    ((3, 3, 3, 6, 6), "four_kind", 0, 0),
    ((1, 2, 3, 4, 5), "four_kind", 0, 0),
]


@pytest.mark.parametrize("vid", SCORECARD)
def test_three_and_four_of_a_kind(vid):
    for dice, box, card13, yatzy in KIND_CASES:
        check(vid, dice, box, yatzy if vid == "yatzy" else card13)


# ------------------------------------------------------------- full house --

FULL_HOUSE_CASES = [  # dice, classic card (25), yatzy (sum of all dice)
    ((3, 3, 3, 5, 5), 25, 19),
    ((6, 6, 1, 1, 1), 25, 15),
    ((2, 5, 2, 5, 2), 25, 16),
    ((2, 2, 2, 2, 5), 0, 0),  # four and one is not a full house
    ((1, 2, 3, 4, 5), 0, 0),
    ((1, 1, 2, 2, 3), 0, 0),  # two pairs is not a full house
]


@pytest.mark.parametrize("vid", SCORECARD)
def test_full_house(vid):
    for dice, card13, yatzy in FULL_HOUSE_CASES:
        check(vid, dice, "full_house", yatzy if vid == "yatzy" else card13)


def test_five_alike_as_full_house_only_in_fivezee():
    # Five-alike box open: no joker anywhere. Full House "needs two different numbers" except in
    # fivezee, where a FiveZee "meets the requirements for ... full house".
    for vid, expected in [("classic", 0), ("official", 0), ("dutch", 0), ("challenge", 0), ("fivezee", 25),
                          ("yatzy", 0)]:
        check(vid, (4, 4, 4, 4, 4), "full_house", expected)


@pytest.mark.parametrize("five", [50, 0])
def test_fivezee_five_alike_is_a_full_house_without_a_joker(five):
    # Fours still open: upper_filled gives no joker, yet the FiveZee counts as a Full House.
    options = box_options(find_variant("fivezee"), empty_card("fivezee", fivezee=five), (4, 4, 4, 4, 4))
    assert options.joker is False
    assert options.scores["full_house"] == 25
    assert options.scores["small_straight"] == 0 and options.scores["large_straight"] == 0
    points, card = engine_score("fivezee", (4, 4, 4, 4, 4), "full_house", fivezee=five)
    assert points == 25 and card.jokers == []
    assert card.five_alike_bonus == (100 if five == 50 else 0)


# --------------------------------------------------------------- straights --

SMALL_CASES = [  # dice, classic card small straight (any four in sequence, 30)
    ((1, 2, 3, 4, 6), 30),
    ((2, 3, 4, 5, 5), 30),
    ((3, 4, 5, 6, 1), 30),
    ((6, 5, 4, 3, 3), 30),
    ((1, 2, 3, 4, 5), 30),  # a large straight qualifies for the small one too
    ((2, 3, 4, 5, 6), 30),
    ((1, 2, 4, 5, 6), 0),
    ((1, 3, 4, 5, 1), 0),
    ((1, 1, 2, 2, 3), 0),
]
LARGE_CASES = [
    ((1, 2, 3, 4, 5), 40),
    ((6, 2, 4, 3, 5), 40),
    ((1, 2, 3, 4, 6), 0),
    ((1, 3, 4, 5, 6), 0),
    ((2, 3, 4, 5, 5), 0),
]


@pytest.mark.parametrize("vid", CARD13)
def test_small_straight_is_any_four_in_sequence_for_30(vid):
    for dice, expected in SMALL_CASES:
        check(vid, dice, "small_straight", expected)


@pytest.mark.parametrize("vid", CARD13)
def test_large_straight_is_five_in_sequence_for_40(vid):
    for dice, expected in LARGE_CASES:
        check(vid, dice, "large_straight", expected)


def test_dutch_large_straight_may_go_in_the_small_straight_box_for_30():
    # Seed 002: "Een Grote Straat mag ook voor 30 punten in het vakje Kleine Straat genoteerd worden."
    for dice in [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (5, 3, 6, 4, 2)]:
        check("dutch", dice, "small_straight", 30)
        check("dutch", dice, "large_straight", 40)


YATZY_STRAIGHTS = [  # dice, small (exactly 1-5, 15), large (exactly 2-6, 20)
    ((1, 2, 3, 4, 5), 15, 0),
    ((5, 4, 3, 2, 1), 15, 0),
    ((2, 3, 4, 5, 6), 0, 20),  # a 2-6 straight does NOT fit the small straight
    ((6, 5, 4, 3, 2), 0, 20),
    ((1, 2, 3, 4, 6), 0, 0),
    ((1, 2, 3, 4, 4), 0, 0),
    ((3, 4, 5, 6, 6), 0, 0),
]


def test_yatzy_straights_are_exact():
    for dice, small, large in YATZY_STRAIGHTS:
        check("yatzy", dice, "small_straight", small)
        check("yatzy", dice, "large_straight", large)


# ------------------------------------------------------------ yatzy pairs --

PAIR_CASES = [  # dice, one pair (the highest pair), two pairs (two different pairs)
    ((3, 3, 1, 2, 4), 6, 0),
    ((3, 3, 5, 5, 1), 10, 16),
    ((6, 6, 6, 2, 1), 12, 0),
    ((2, 2, 2, 4, 4), 8, 12),  # a full house holds two different pairs
    ((4, 4, 4, 4, 1), 8, 0),  # four alike is not two pairs
    ((6, 6, 6, 6, 6), 12, 0),
    ((1, 1, 2, 2, 6), 4, 6),
    ((1, 2, 3, 4, 6), 0, 0),
]


def test_yatzy_one_pair_and_two_pairs():
    for dice, one, two in PAIR_CASES:
        check("yatzy", dice, "one_pair", one)
        check("yatzy", dice, "two_pairs", two)


# ------------------------------------------------------- five alike, chance --

@pytest.mark.parametrize("vid", SCORECARD)
def test_five_alike_scores_50_and_nothing_less_will_do(vid):
    for face in range(1, 7):
        check(vid, (face,) * 5, "FIVE", 50)
    for dice in [(1, 1, 1, 1, 2), (6, 6, 6, 6, 5), (1, 2, 3, 4, 5)]:
        check(vid, dice, "FIVE", 0)


@pytest.mark.parametrize("vid", SCORECARD)
def test_chance_is_the_total(vid):
    for dice, total in [((1, 3, 4, 5, 6), 19), ((6, 6, 6, 6, 5), 29), ((1, 1, 1, 1, 2), 6), ((2, 2, 3, 3, 3), 13)]:
        check(vid, dice, "chance", total)


# ---------------------------------------------------------- zero anywhere --

MISS13 = {  # box -> a roll that does not meet its rule
    "aces": (2, 3, 4, 5, 6), "twos": (1, 3, 4, 5, 6), "threes": (1, 2, 4, 5, 6), "fours": (1, 2, 3, 5, 6),
    "fives": (1, 2, 3, 4, 6), "sixes": (1, 2, 3, 4, 5), "three_kind": (1, 2, 3, 4, 6),
    "four_kind": (1, 1, 1, 2, 3), "full_house": (1, 1, 1, 1, 2), "small_straight": (1, 1, 2, 2, 5),
    "large_straight": (1, 2, 3, 4, 6), "FIVE": (1, 1, 1, 1, 2),
}
MISS_YATZY = {
    "ones": (2, 3, 4, 5, 6), "twos": (1, 3, 4, 5, 6), "threes": (1, 2, 4, 5, 6), "fours": (1, 2, 3, 5, 6),
    "fives": (1, 2, 3, 4, 6), "sixes": (1, 2, 3, 4, 5), "one_pair": (1, 2, 3, 4, 6), "two_pairs": (2, 2, 2, 2, 5),
    "three_kind": (1, 1, 2, 2, 3), "four_kind": (1, 1, 1, 2, 2), "small_straight": (2, 3, 4, 5, 6),
    "large_straight": (1, 2, 3, 4, 5), "full_house": (1, 1, 1, 1, 2), "yatzy": (1, 1, 1, 1, 2),
}
@pytest.mark.parametrize("vid", SCORECARD)
def test_a_roll_that_misses_a_box_may_still_go_there_for_zero(vid):
    misses = MISS_YATZY if vid == "yatzy" else MISS13
    assert len(misses) == len(all_ids(vid)) - 1  # every box but Chance, which every roll meets
    for box, dice in misses.items():
        check(vid, dice, box, 0)


@pytest.mark.parametrize("vid", SCORECARD)
def test_any_open_box_may_take_an_ordinary_roll(vid):
    # "exactly one open box must be filled, with its score or a zero" (the Challenge sheet: "a zero ... if he
    # believes it to be to his advantage"): every open box is legal, none else.
    variant = find_variant(vid)
    card = empty_card(vid, chance=20, **{upper_ids(vid)[0]: 3})
    for dice in [(1, 2, 3, 4, 6), (3, 3, 3, 5, 5), (6, 6, 6, 6, 2)]:
        options = box_options(variant, card, dice)
        assert set(options.scores) == set(all_ids(vid)) - {"chance", upper_ids(vid)[0]}, dice
        assert options.joker is False and options.five_alike_bonus == 0


# ------------------------------------------------------------ upper bonus --

def _upper_card(vid: str, scores: list[int]) -> dict:
    return dict(zip(upper_ids(vid), scores))


AT_63 = [3, 6, 9, 12, 15, 18]  # three of each: 63
BELOW_63 = [2, 6, 9, 12, 15, 18]  # 62
AT_83 = [3, 6, 9, 16, 25, 24]  # 83
BELOW_83 = [2, 6, 9, 16, 25, 24]  # 82
OVER = [5, 10, 15, 20, 25, 30]  # 105


BONUS_CASES = {  # variant -> (upper scores, bonus): 35 at 63; fivezee 35 at 83; yatzy 50 at 63
    **{v: [(AT_63, 35), (BELOW_63, 0), (OVER, 35)] for v in ["classic", "official", "dutch", "challenge"]},
    "fivezee": [(AT_83, 35), (BELOW_83, 0), (AT_63, 0), (OVER, 35)],
    "yatzy": [(AT_63, 50), (BELOW_63, 0), (OVER, 50)],
}


@pytest.mark.parametrize("vid", SCORECARD)
def test_upper_bonus_at_the_threshold_and_one_below(vid):
    for upper, bonus in BONUS_CASES[vid]:
        state = fresh(vid)
        set_card(state, 0, **_upper_card(vid, upper))
        card = state.card(0)
        assert card.upper_total(state.variant) == sum(upper)
        assert card.upper_bonus(state.variant) == bonus, (vid, upper)
        assert card.total(state.variant) == sum(upper) + bonus


@pytest.mark.parametrize("vid", SCORECARD)
def test_upper_bonus_earned_in_play_at_exactly_the_threshold(vid):
    """A whole solitaire game: the upper boxes reach exactly the threshold, the rest score 0 or chance."""
    threshold, points = UPPER_BONUS[vid]
    state = fresh(vid)
    # Three of each face makes 63; fivezee's 83 needs 4 fours, 5 fives, 4 sixes (16 + 25 + 24 + 18 = 83).
    counts = [3, 3, 3, 4, 5, 4] if threshold == 83 else [3, 3, 3, 3, 3, 3]
    filler = {1: 2, 2: 1, 3: 4, 4: 6, 5: 6, 6: 3}  # other dice, never completing a pattern by accident
    played = []
    for face, n in zip(range(1, 7), counts):
        dice = (face,) * n + (filler[face],) * (5 - n) if n < 5 else (face,) * 5
        played.append((dice, upper_ids(vid)[face - 1], face * n))
    for box in lower_ids(vid):
        played.append(((1, 2, 3, 4, 6) if box != "chance" else (1, 1, 2, 2, 3), box, None))
    expected_total = 0
    for dice, box, want in played:
        if vid == "challenge":
            challenge_round_to_markers(state, dice)
            card = state.card(0)
            state.apply(Score(box))
            got = card.boxes[box]
        else:
            got = turn(state, dice, box)
        if want is not None:
            assert got == want, (box, dice)
        expected_total += got
    assert state.is_terminal()
    card = state.card(0, 0)
    assert card.upper_total(state.variant) == threshold
    assert card.upper_bonus(state.variant) == points
    assert card.total(state.variant) == expected_total + points


# ---------------------------------------------------------- Yahtzee bonus --

def _score_somewhere(state, dice) -> tuple[str, int, object]:
    """Roll (or copy) these dice and score them in the first legal box; returns (box, points, card)."""
    if state.variant.turns == "common":
        challenge_round_to_markers(state, dice)
    else:
        roll(state, *dice)
    card = state.card(0)
    box = next(a.box for a in state.legal_actions() if isinstance(a, Score))
    state.apply(Score(box))
    return box, card.boxes[box], card


@pytest.mark.parametrize("vid", CARD13)
def test_each_further_yahtzee_earns_100_when_the_box_holds_50(vid):
    state = fresh(vid)
    five = FIVE_BOX[vid]
    if vid == "challenge":
        challenge_round_to_markers(state, (5, 5, 5, 5, 5))
    else:
        roll(state, 5, 5, 5, 5, 5)
    state.apply(Score(five))
    card = state.card(0)
    assert card.boxes[five] == 50 and card.five_alike_bonus == 0
    _score_somewhere(state, (5, 5, 5, 5, 5))
    assert card.five_alike_bonus == 100
    _score_somewhere(state, (2, 2, 2, 2, 2))
    assert card.five_alike_bonus == 200
    _score_somewhere(state, (2, 2, 2, 2, 3))  # not five alike: no bonus
    assert card.five_alike_bonus == 200
    assert card.total(state.variant) == sum(s or 0 for s in card.boxes.values()) + 200


@pytest.mark.parametrize("vid", CARD13)
def test_no_yahtzee_bonus_when_the_box_holds_0(vid):
    state = fresh(vid)
    five = FIVE_BOX[vid]
    if vid == "challenge":
        challenge_round_to_markers(state, (1, 2, 3, 4, 6))
    else:
        roll(state, 1, 2, 3, 4, 6)
    state.apply(Score(five))
    card = state.card(0)
    assert card.boxes[five] == 0
    for dice in [(5, 5, 5, 5, 5), (6, 6, 6, 6, 6), (5, 5, 5, 5, 5)]:
        _score_somewhere(state, dice)
    assert card.five_alike_bonus == 0


def test_yatzy_has_no_five_alike_bonus():
    state = fresh("yatzy")
    assert turn(state, (3, 3, 3, 3, 3), "yatzy") == 50
    assert turn(state, (3, 3, 3, 3, 3), "threes") == 15
    assert turn(state, (6, 6, 6, 6, 6), "chance") == 30
    card = state.card(0)
    assert card.five_alike_bonus == 0
    assert card.total(state.variant) == 95


@pytest.mark.parametrize("vid", CARD13)
def test_yahtzee_bonus_is_independent_of_the_joker(vid):
    for five, bonus in [(50, 100), (0, 0)]:
        _bonus_either_way(vid, five, bonus)


def _bonus_either_way(vid, five, bonus):
    # Matching upper box open (a joker only in official) and filled (a joker in official and
    # upper_filled, never in classic): the bonus depends on the five-alike box alone.
    for filled in ({}, {"sixes": 12}):
        options = box_options(find_variant(vid), empty_card(vid, FIVE=five, **filled), (6, 6, 6, 6, 6))
        assert options.five_alike_bonus == bonus, (vid, filled)


# -------------------------------------------------------------- the turn --

@pytest.mark.parametrize("vid", SOLO13 + ["yatzy"])
def test_a_turn_is_up_to_three_rolls_holding_any_dice_and_one_box(vid):
    state = fresh(vid, 2)
    assert state.legal_actions() == [Roll()]  # the first roll: all five dice
    state.apply(Roll())
    assert state.current_player() == CHANCE and state.chance_dice() == 5
    state.apply(Dice((1, 2, 3, 4, 5)))
    hold(state, 0, 2, 4)
    state.apply(Release(2))  # take back a keeper
    state.apply(Roll())
    assert state.pending == (1, 2, 3)
    state.apply(Dice((6, 6, 6)))
    assert state.dice == (1, 6, 6, 6, 5)
    state.apply(Release(0))  # keepers of the first roll may be rerolled too
    state.apply(Roll())
    assert state.pending == (0, 1, 2, 3)
    state.apply(Dice((2, 2, 2, 2)))
    assert state.rolls_left() == 0
    for action in [Roll(), Hold(1), Release(4)]:
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert state.seat == 0
    state.apply(Score("chance"))
    assert state.card(0).boxes["chance"] == 13
    assert state.card(0).filled() == 1 and state.seat == 1 and state.dice is None


@pytest.mark.parametrize("vid", SOLO13 + ["yatzy"])
def test_a_box_is_filled_once_per_game_and_scoring_needs_a_roll(vid):
    state = fresh(vid, 1)
    with pytest.raises(IllegalAction):
        state.apply(Score("chance"))
    turn(state, (2, 2, 3, 3, 3), "chance")
    roll(state, 6, 6, 6, 6, 5)
    assert Score("chance") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already filled"):
        state.apply(Score("chance"))
    assert state.card(0).boxes["chance"] == 13


@pytest.mark.parametrize("vid", SCORECARD)
def test_game_ends_when_every_box_is_filled_and_highest_total_wins(vid):
    n_boxes = len(all_ids(vid))
    state = fresh(vid, 1 if vid == "challenge" else 2)
    for _k in range(n_boxes * state.n):
        assert not state.is_terminal()
        box = next(b for b, s in state.card().boxes.items() if s is None)
        if vid == "challenge":
            challenge_round_to_markers(state, (6, 6, 5, 5, 4))
            state.apply(Score(box))
        else:
            dice = (6, 6, 5, 5, 4) if state.seat == 0 else (1, 1, 2, 2, 4)
            turn(state, dice, box)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert all(card.is_full() for card in state.cards[0])
    assert state.winners() == [0]


@pytest.mark.parametrize("vid", SOLO13 + ["yatzy"])
def test_turns_pass_clockwise_and_a_match_is_won_on_the_sum_of_its_games(vid):
    state = fresh(vid, 3, games=2)
    n_boxes = len(all_ids(vid))
    order = []
    for game in range(2):
        for _ in range(n_boxes * 3):
            order.append(state.seat)
            box = next(b for b, s in state.card().boxes.items() if s is None)
            # Seat 2 wins game 1 by a little, seat 1 wins game 2 by a lot: seat 1 wins the match.
            dice = {0: (1, 1, 2, 2, 4), 1: (1, 1, 2, 2, 4) if game == 0 else (6, 6, 5, 5, 4),
                    2: (1, 1, 2, 2, 5)}[state.seat]
            turn(state, dice, box)
    assert order[:4] == [0, 1, 2, 0]
    assert order[n_boxes * 3: n_boxes * 3 + 4] == [1, 2, 0, 1]  # the next game starts one seat to the left
    assert state.is_terminal()
    g1, g2 = state.game_totals(0), state.game_totals(1)
    assert g1[2] > g1[1] and g2[1] > g2[2]
    assert state.match_totals() == [g1[s] + g2[s] for s in range(3)]
    assert state.winners() == [1]


@pytest.mark.parametrize("vid", SCORECARD)
def test_rolloff_highest_total_starts_and_ties_roll_again(vid):
    state = new_state(find_variant(vid), seats(3), 1, rolloff=True)
    assert state.phase == "rolloff"
    for faces in [(6, 6, 1, 1, 1), (6, 5, 4, 3, 2), (5, 5, 5, 2, 3)]:  # 15, 20, 20
        state.apply(Roll())
        assert state.chance_dice() == 5  # every player rolls all five dice
        state.apply(Dice(faces))
    assert state.phase == "rolloff" and state.contenders == [1, 2]
    for faces in [(1, 1, 1, 1, 1), (2, 1, 1, 1, 1)]:
        state.apply(Roll())
        state.apply(Dice(faces))
    assert state.phase == "play" and state.starter == 2 and state.current_player() == 2
    assert state.card(2).filled() == 0 and state.dice is None


def test_seat_counts_and_match_length():
    for vid, low, high in [("classic", 1, 6), ("official", 1, 6), ("dutch", 1, 6), ("fivezee", 1, 6),
                           ("challenge", 1, 4), ("yatzy", 1, 6)]:
        _seats_and_games(vid, low, high)


def _seats_and_games(vid, low, high):
    variant = find_variant(vid)
    with pytest.raises(IllegalAction):
        new_state(variant, seats(low - 1), 1, rolloff=False)
    for n in (low, high):
        assert new_state(variant, seats(n), 1, rolloff=False).n == n
    with pytest.raises(IllegalAction):
        new_state(variant, seats(high + 1), 1, rolloff=False)
    for games in (1, 6):  # a match is 1 to 6 games
        assert len(new_state(variant, seats(1), games, rolloff=False).cards) == games
    for games in (0, 7):
        with pytest.raises(IllegalAction):
            new_state(variant, seats(1), games, rolloff=False)
