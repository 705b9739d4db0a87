"""Every worked example of the printed rule sheets (docs/rules.md lists them), for each variant it applies to.

Sheet 001 draws its dice as ASCII pips; the faces below were counted by hand
(a diagonal of three pips is a 3, two opposite corners a 2, four corners a 4,
four corners and the centre a 5, two columns of three a 6, one centre pip a 1).
The examples of sheets 001 (classic), 002 (Dutch), 003 (FiveZee) and 004
(Challenge) use no joker, so they hold for every variant with the 13-box card;
the joker examples name their own variants.
"""

from __future__ import annotations

import pytest
from helpers import fresh, roll, set_card, turn
from rules_helpers import CARD13, UPPER13, challenge_round_to_markers, check, common_roll, copy, empty_card, seats

from game.engine.actions import Dice, Roll, Score
from game.engine.families import new_state
from game.errors import IllegalAction
from game.rules.scoring import box_options
from game.rules.variants import find_variant


def check_all(variants, dice, expected: dict, **filled) -> None:
    """Each box of ``expected`` scores its points with these dice in each of these variants."""
    for vid in variants:
        for box, points in expected.items():
            check(vid, dice, box, points, **filled)


# ============================================================ sheet 001 (classic) ==

def test_sheet001_upper_section_3_3_3_2_4_threes_9_twos_2_fours_4():
    check_all(CARD13 + ["yatzy"], (3, 3, 3, 2, 4), {"threes": 9, "twos": 2, "fours": 4})


def test_sheet001_three_of_a_kind_5_5_5_2_1_scores_18():
    check_all(CARD13, (5, 5, 5, 2, 1), {"three_kind": 18, "chance": 18, "fives": 15, "twos": 2, "aces": 1})


def test_sheet001_four_of_a_kind_2_2_2_2_6_scores_14():
    check_all(CARD13, (2, 2, 2, 2, 6), {"four_kind": 14, "three_kind": 14, "chance": 14, "twos": 8, "sixes": 6})


def test_sheet001_full_house_3_3_3_5_5_scores_25():
    check_all(CARD13, (3, 3, 3, 5, 5), {"full_house": 25, "three_kind": 19, "chance": 19, "threes": 9, "fives": 10})


@pytest.mark.parametrize("four", [(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)], ids=["1234", "2345", "3456"])
def test_sheet001_small_straight_any_fifth_die_scores_30(four):
    for any_die in range(1, 7):  # the sheet's fifth die reads "Any"
        dice = four + (any_die,)
        for vid in CARD13:
            check(vid, dice, "small_straight", 30)
            check(vid, dice, "chance", sum(dice))  # "You could instead score in the Chance box"
            check(vid, dice, "aces" if four[0] == 1 else "sixes", dice.count(1) if four[0] == 1 else 6 * dice.count(6))


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)], ids=["12345", "23456"])
def test_sheet001_large_straight_scores_40_or_30_as_small(dice):
    # "You could instead score in the Small Straight box, the Chance box, or the appropriate Upper Section box."
    check_all(CARD13, dice, {"large_straight": 40, "small_straight": 30, "chance": sum(dice), "fives": 5})


def test_sheet001_yahtzee_1_1_1_1_1_scores_50():
    check_all(CARD13 + ["yatzy"], (1, 1, 1, 1, 1), {"FIVE": 50})


def test_sheet001_chance_1_4_5_6_6_scores_22():
    check_all(CARD13 + ["yatzy"], (1, 4, 5, 6, 6), {"chance": 22})


def test_sheet001_yahtzee_bonus_100_after_50_and_none_after_0():
    state = fresh("classic")
    assert turn(state, (1, 1, 1, 1, 1), "yahtzee") == 50
    assert turn(state, (6, 6, 6, 6, 6), "sixes") == 30
    assert turn(state, (3, 3, 3, 3, 3), "chance") == 15
    assert state.card(0).five_alike_bonus == 200  # "a YAHTZEE bonus for each additional YAHTZEE"
    zero = fresh("classic")
    assert turn(zero, (1, 2, 3, 4, 6), "yahtzee") == 0
    turn(zero, (6, 6, 6, 6, 6), "sixes")
    assert zero.card(0).five_alike_bonus == 0  # "already entered zero ... you do not earn a YAHTZEE bonus"


def test_sheet001_a_game_is_13_boxes_and_63_upper_earns_35():
    state = fresh("classic")
    assert len(state.variant.boxes) == 13
    for dice, box in [((1, 1, 1, 5, 6), "aces"), ((2, 2, 2, 5, 6), "twos"), ((3, 3, 3, 5, 6), "threes"),
                      ((4, 4, 4, 5, 6), "fours"), ((5, 5, 5, 1, 6), "fives"), ((6, 6, 6, 1, 2), "sixes")]:
        turn(state, dice, box)
    card = state.card(0)
    assert card.upper_total(state.variant) == 63 and card.upper_bonus(state.variant) == 35
    for box in ["three_kind", "four_kind", "full_house", "small_straight", "large_straight", "yahtzee"]:
        turn(state, (1, 2, 2, 4, 6), box)  # three_kind etc. all 0
    assert not state.is_terminal()
    turn(state, (1, 2, 2, 4, 6), "chance")
    assert state.is_terminal()
    assert card.total(state.variant) == 63 + 35 + 15


# ============================================================= sheet 002 (Dutch) ==

def test_sheet002_voorbeeld_3_3_3_5_5_drieen_9_vijven_10_three_of_a_kind_19_full_house_25_chance_19():
    scores = {"threes": 9, "fives": 10, "three_kind": 19, "full_house": 25, "chance": 19}
    # F: "(Elk willekeurig leeg vakje) 0" - every other box takes the roll for 0.
    zeros = {"aces": 0, "twos": 0, "fours": 0, "sixes": 0, "four_kind": 0, "small_straight": 0,
             "large_straight": 0, "FIVE": 0}
    assert len(scores) + len(zeros) == 13
    check_all(CARD13, (3, 3, 3, 5, 5), {**scores, **zeros})


def test_sheet002_voorbeeld_with_a_to_e_filled_a_zero_goes_in_an_empty_box():
    for vid in CARD13:
        card = empty_card(vid, threes=6, fives=15, three_kind=22, full_house=25, chance=17)
        options = box_options(find_variant(vid), card, (3, 3, 3, 5, 5))
        assert set(options.scores) == {b for b, s in card.items() if s is None}
        assert set(options.scores.values()) == {0}, vid


JOKER_VIJF_VIEREN = {"three_kind": 20, "four_kind": 20, "chance": 20, "full_house": 25, "small_straight": 30,
                     "large_straight": 40}


@pytest.mark.parametrize("five", [50, 0])
def test_sheet002_joker_five_4s_with_vieren_filled(five):
    # "of 20 punten bij Three of a kind, Carré of Chance, of 25 punten bij Full House, of 30 punten
    # bij Kleine Straat, of 40 punten bij Grote Straat" - the Yahtzee box holding 50 or a zero.
    for vid in ["dutch", "fivezee", "challenge", "official"]:
        card = empty_card(vid, FIVE=five, fours=12)
        options = box_options(find_variant(vid), card, (4, 4, 4, 4, 4))
        assert options.joker is True
        lower = {box: points for box, points in options.scores.items() if box not in UPPER13}
        assert lower == JOKER_VIJF_VIEREN, vid
        # the open upper boxes: only for a zero, and only where the rule leaves the choice (not official's)
        upper = {box: points for box, points in options.scores.items() if box in UPPER13}
        assert upper == ({} if vid == "official" else {b: 0 for b in UPPER13 if b != "fours"}), vid
        # "Men kan ook de Yahtzee bonuspunten opsparen": 100 only when the first Yahtzee holds 50.
        assert options.five_alike_bonus == (100 if five == 50 else 0)
    state = fresh("dutch")
    set_card(state, 0, yahtzee=five, fours=12)
    roll(state, 4, 4, 4, 4, 4)
    state.apply(Score("small_straight"))  # Kleine Straat
    card = state.card(0)
    assert card.boxes["small_straight"] == 30 and card.jokers == ["small_straight"]
    assert card.five_alike_bonus == (100 if five == 50 else 0)


def test_sheet002_joker_with_the_lower_half_full_a_zero_in_the_upper_half():
    lower = dict(three_kind=10, four_kind=0, full_house=25, small_straight=30, large_straight=0, chance=20)
    options = box_options(find_variant("dutch"), empty_card("dutch", yahtzee=50, fours=12, aces=3, **lower),
                          (4, 4, 4, 4, 4))
    assert options.joker is True
    assert options.scores == {"twos": 0, "threes": 0, "fives": 0, "sixes": 0}


def test_sheet002_vieren_open_the_yahtzee_is_a_normal_roll():
    # "Is het overeenkomstige vakje in de bovenste helft niet ingevuld, dan ... geldt het als een normale worp."
    options = box_options(find_variant("dutch"), empty_card("dutch", yahtzee=50), (4, 4, 4, 4, 4))
    assert options.joker is False
    assert options.scores["fours"] == 20 and options.scores["three_kind"] == 20
    assert options.scores["full_house"] == 0 and options.scores["small_straight"] == 0
    assert options.scores["large_straight"] == 0 and options.scores["aces"] == 0
    assert options.five_alike_bonus == 100


def test_sheet002_straten_kleine_straat_30_grote_straat_40():
    for dice in [(1, 2, 3, 4, 6), (2, 3, 4, 5, 5), (3, 4, 5, 6, 6)]:  # "1-4, 2-5, 3-6"
        check_all(["dutch"], dice, {"small_straight": 30, "large_straight": 0})
    for dice in [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)]:  # "1-5, 2-6"; N.B. also 30 in Kleine Straat
        check_all(["dutch"], dice, {"large_straight": 40, "small_straight": 30})


def test_sheet002_bonuspunten_35_at_63_and_the_box_names():
    state = fresh("dutch")
    set_card(state, 0, aces=3, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert state.card(0).upper_bonus(state.variant) == 35
    set_card(state, 0, aces=2)
    assert state.card(0).upper_bonus(state.variant) == 0
    names = {b.id: b.name.get("nl") for b in state.variant.boxes}
    assert names["threes"] == "Drieën" and names["fives"] == "Vijven" and names["four_kind"] == "Carré"
    assert names["small_straight"] == "Kleine Straat" and names["large_straight"] == "Grote Straat"


def test_sheet002_partij_of_up_to_6_games_of_13_rounds_and_highest_throw_starts():
    variant = find_variant("dutch")
    state = new_state(variant, seats(2), 6, rolloff=True)
    assert len(state.cards) == 6 and all(len(card.boxes) == 13 for card in state.cards[0])
    state.apply(Roll())
    state.apply(Dice((1, 2, 3, 4, 5)))  # 15
    state.apply(Roll())
    state.apply(Dice((6, 6, 1, 1, 2)))  # 16: "het hoogste aantal ogen" starts
    assert state.phase == "play" and state.seat == 1
    with pytest.raises(IllegalAction):
        new_state(variant, seats(2), 7, rolloff=False)


# =========================================================== sheet 003 (FiveZee) ==

def test_sheet003_upper_1_3_4_4_3_threes_6_aces_1_fours_8():
    check_all(CARD13, (1, 3, 4, 4, 3), {"threes": 6, "aces": 1, "fours": 8})
    check_all(["yatzy"], (1, 3, 4, 4, 3), {"threes": 6, "ones": 1, "fours": 8})


SHEET003_TABLE = [  # slot, example dice, points, as printed in the sheet's Combinations table
    ("three_kind", (5, 3, 5, 5, 1), 19),
    ("four_kind", (3, 3, 3, 5, 3), 17),
    ("full_house", (2, 2, 3, 3, 2), 25),
    ("small_straight", (3, 4, 5, 6, 3), 30),
    ("large_straight", (2, 3, 4, 5, 6), 40),
    ("FIVE", (2, 2, 2, 2, 2), 50),
    ("chance", (2, 2, 4, 6, 1), 15),
]


@pytest.mark.parametrize("box,dice,points", SHEET003_TABLE,
                         ids=["3kind_5_3_5_5_1_is_19", "4kind_3_3_3_5_3_is_17", "full_house_2_2_3_3_2_is_25",
                              "small_3_4_5_6_3_is_30", "large_2_3_4_5_6_is_40", "fivezee_2_2_2_2_2_is_50",
                              "chance_2_2_4_6_1_is_15"])
def test_sheet003_combinations_table(box, dice, points):
    check_all(CARD13, dice, {box: points})


def test_sheet003_bonus_35_at_83_as_printed():
    state = fresh("fivezee")
    set_card(state, 0, aces=3, twos=6, threes=9, fours=16, fives=25, sixes=24)  # 83
    assert state.card(0).upper_bonus(state.variant) == 35
    set_card(state, 0, aces=2)  # 82
    assert state.card(0).upper_bonus(state.variant) == 0
    set_card(state, 0, aces=3, twos=6, threes=9, fours=12, fives=15, sixes=18)  # 63 is not enough here
    assert state.card(0).upper_bonus(state.variant) == 0


def test_sheet003_fivezee_50_then_100_bonus_only_after_the_50():
    state = fresh("fivezee")
    assert turn(state, (2, 2, 2, 2, 2), "fivezee") == 50
    turn(state, (2, 2, 2, 2, 2), "twos")
    assert state.card(0).five_alike_bonus == 100
    zero = fresh("fivezee")
    turn(zero, (1, 2, 3, 4, 6), "fivezee")  # "i.e., you didn't take a zero"
    turn(zero, (2, 2, 2, 2, 2), "twos")
    assert zero.card(0).five_alike_bonus == 0


UPPER_1346 = dict(aces=2, threes=9, fours=12, sixes=18)


@pytest.mark.parametrize("five", [50, 0])
def test_sheet003_wildcard_fives_not_wild_threes_wild_with_1_3_4_6_filled(five):
    """"if you have used the 1's, 3's, 4's, and 6's ... a FiveZee in 5's, you cannot use it as a
    wildcard but you could use a FiveZee in 3's" - "regardless of whether you got any points for the first one"."""
    for vid in ["fivezee", "dutch", "challenge"]:  # every upper_filled variant reads the same
        variant = find_variant(vid)
        card = empty_card(vid, FIVE=five, **UPPER_1346)
        fives = box_options(variant, card, (5, 5, 5, 5, 5))
        assert fives.joker is False, vid
        assert fives.scores == {"twos": 0, "fives": 25, "three_kind": 25, "four_kind": 25,
                                "full_house": 25 if vid == "fivezee" else 0,  # a FiveZee is always a full house
                                "small_straight": 0, "large_straight": 0, "chance": 25}, vid
        threes = box_options(variant, card, (3, 3, 3, 3, 3))
        assert threes.joker is True, vid
        # wild: the lower boxes at full value, or a zero in an open upper box (docs/rules.md's upper_filled reading)
        assert threes.scores == {"twos": 0, "fives": 0, "three_kind": 15, "four_kind": 15, "full_house": 25,
                                 "small_straight": 30, "large_straight": 40, "chance": 15}, vid
        assert fives.five_alike_bonus == threes.five_alike_bonus == (100 if five == 50 else 0)


def test_sheet003_a_fivezee_always_scores_in_3kind_4kind_full_house_and_chance():
    variant = find_variant("fivezee")
    for face in range(1, 7):
        for card in [empty_card("fivezee"), empty_card("fivezee", fivezee=0),
                     empty_card("fivezee", fivezee=50, **{["aces", "twos", "threes", "fours", "fives",
                                                           "sixes"][face - 1]: 0})]:
            scores = box_options(variant, card, (face,) * 5).scores
            for box in ["three_kind", "four_kind", "chance"]:
                assert scores[box] == 5 * face, (face, card, box)
            assert scores["full_house"] == 25, (face, card)


# ========================================================= sheet 004 (Challenge) ==

def _markers_then_score(state, steps, box) -> int:
    """Play one Challenge round alone: each step is (common roll, values copied); then score."""
    for common, copied in steps:
        common_roll(state, *common)
        copy(state, *copied)
    assert state.stage == "score"
    card = state.card(0)
    state.apply(Score(box))
    return card.boxes[box]


def test_sheet004_threes_9_from_the_markers():
    state = fresh("challenge")
    assert _markers_then_score(state, [((3, 3, 2, 4, 6), (3, 3)), ((3, 1, 5), (3,)), ((2, 4), (2, 4))],
                               "threes") == 9
    check_all(["challenge"], (3, 3, 3, 2, 4), {"threes": 9})


def test_sheet004_two_aces_score_2_in_aces():
    # "The player may enter the total of ANY NUMBER of the same value dice": two aces, 2 points.
    state = fresh("challenge")
    assert _markers_then_score(state, [((1, 1, 4, 6, 6), (1, 1, 4, 6, 6))], "aces") == 2


def test_sheet004_three_of_a_kind_scores_18():
    state = fresh("challenge")
    steps = [((5, 5, 5, 3, 4), (5, 5, 5)), ((2, 6), (2,)), ((1,), (1,))]  # markers 5 5 5 2 1
    assert _markers_then_score(state, steps, "three_kind") == 18


def test_sheet004_four_of_a_kind_scores_14_or_14_as_three_of_a_kind():
    check_all(["challenge"], (2, 2, 2, 2, 6), {"four_kind": 14, "three_kind": 14})
    state = fresh("challenge")
    assert _markers_then_score(state, [((2, 2, 6, 1, 1), (2, 2, 6)), ((2, 2), (2, 2))], "four_kind") == 14


def test_sheet004_full_house_25_or_19_or_9_or_10_or_19():
    check_all(["challenge"], (3, 3, 3, 5, 5),
              {"full_house": 25, "three_kind": 19, "threes": 9, "fives": 10, "chance": 19})


def test_sheet004_a_zero_by_choice_and_a_zero_when_nothing_fits():
    # "A player can place a zero ... rather than a score, if he believes it to be to his advantage."
    state = fresh("challenge")
    assert _markers_then_score(state, [((3, 3, 3, 5, 5), (3, 3, 3, 5, 5))], "yahtzee") == 0
    assert _markers_then_score(state, [((1, 2, 4, 5, 6), (1, 2, 4, 5, 6))], "four_kind") == 0


def test_sheet004_63_earns_35_and_the_yahtzee_bonus_counts_in_the_total():
    state = fresh("challenge")
    set_card(state, 0, aces=3, twos=6, threes=9, fours=12, fives=15, sixes=18)
    challenge_round_to_markers(state, (2, 2, 2, 2, 2))
    state.apply(Score("yahtzee"))
    challenge_round_to_markers(state, (2, 2, 2, 2, 2))  # twos filled: a joker and a bonus
    state.apply(Score("large_straight"))
    card = state.card(0)
    assert card.boxes["large_straight"] == 40 and card.five_alike_bonus == 100
    assert card.total(state.variant) == 63 + 35 + 50 + 40 + 100


def test_sheet004_thirteen_rounds_six_games_a_card_one_to_four_players():
    variant = find_variant("challenge")
    assert len(variant.boxes) == 13 and variant.max_games == 6
    assert (variant.min_players, variant.max_players) == (1, 4)
    state = new_state(variant, seats(2), 1, rolloff=False)
    for _ in range(13):
        challenge_round_to_markers(state, (1, 2, 3, 4, 6))
        for _seat in range(2):
            state.apply(Score(next(b for b, s in state.card().boxes.items() if s is None)))
    assert state.is_terminal()
