"""Why a hold, in words (issue 28, point 2): each hold's line is built from its exact odds, and every number in it is
true: checked against a brute-force enumeration that shares nothing with the odds' tables, on random positions of
every scorecard variant. No two options of one list read the same, in English and Dutch."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from game.bots.solver import advise, table_for
from game.coach.coach import describe
from game.coach.odds import makes
from game.coach.reasons import hold_reasons
from game.rules import i18n
from game.rules.variants import find_variant

SCORECARD = ["classic", "official", "yatzy", "dutch", "fivezee", "challenge"]


@cache
def _brute(variant, aim):
    """The chance of an aim (a box, or ("face", f, n): n or more dice showing f) by the end of the turn, as exact
    fractions: every ordered roll of the loose dice, every set of dice (by position) to hold, the best for the aim."""
    hit = ((lambda hand: hand.count(aim[1]) >= aim[2]) if isinstance(aim, tuple)
           else (lambda hand: makes(variant, aim, hand)))

    @cache
    def after_roll(hand, rolls_left):
        if hit(hand):
            return Fraction(1)
        if rolls_left == 0:
            return Fraction(0)
        return max(holding(tuple(d for d, h in zip(hand, held) if h), rolls_left)
                   for held in itertools.product((False, True), repeat=len(hand)))

    @cache
    def holding(keep, rolls_left):
        loose = variant.dice - len(keep)
        total = sum(after_roll(tuple(sorted(keep + roll)), rolls_left - 1)
                    for roll in itertools.product(range(1, variant.faces + 1), repeat=loose))
        return Fraction(total) / variant.faces ** loose

    return holding


def _moments(variant, rng, count):
    for _ in range(count):
        card = {box: None for box in variant.box_ids}
        for box in rng.sample(variant.box_ids, rng.randint(0, len(card) - 1)):
            card[box] = 0 if variant.box(box).kind != "face" else variant.box(box).face * rng.randint(0, 4)
        hand = tuple(sorted(rng.randint(1, variant.faces) for _ in range(variant.dice)))
        yield card, hand, rng.choice((1, 1, 2))


def _check(variant, card, options, reasons, rolls_left, hand):
    kept = {i: tuple(sorted(options[i].keep)) for i in reasons}
    for i, reason in reasons.items():
        option = options[i]
        brute = lambda aim, keep=kept[i]: float(_brute(variant, aim)(keep, rolls_left))  # noqa: E731
        small = len(kept[i]) < 2 and rolls_left > 1  # a slow brute force: the key's logic is still checked
        if reason.key in ("goes_for", "made_goes_for", "too_long_for", "as_good_for"):
            for aim, chance in reason.goals:
                assert 0 < chance < 1
                if not small:
                    assert chance == pytest.approx(brute(aim), abs=1e-12), (aim, kept[i])
        if i == 0:
            assert reason.key in ("goes_for", "made_goes_for", "made", "roll_on", "worth_more")
            for box in reason.made:  # made: sure with this hold, not when rolling all the dice
                assert reason.odds[box] == 1 and float(_brute(variant, box)((), rolls_left)) < 1
            if reason.key == "roll_on":
                assert options[1].kind == "box" and reason.box == options[1].box
                assert reason.loss == options[1].loss
            continue
        assert reason.loss == option.loss
        if options[0].kind == "box":
            assert option.loss >= 0.05 or reason.key in ("as_good", "as_good_for")
            assert reason.key in ("too_long", "too_long_for") and reason.box == options[0].box
            assert Counter(reason.rolled) + Counter(option.keep) == Counter(options[0].keep or hand)
            continue
        best = kept[0]
        assert Counter(best) + Counter(reason.extra) - Counter(reason.missing) == Counter(kept[i])
        assert reason.extra or reason.missing
        if reason.key in ("as_good", "as_good_for"):
            assert option.loss < 0.05
            continue
        assert option.loss >= 0.05
        if reason.key == "less_to_come":
            continue
        before = float(_brute(variant, reason.aim)(best, rolls_left))
        if not small and len(best) >= 2 or rolls_left == 1:
            assert reason.before == pytest.approx(before, abs=1e-12)
            assert reason.after == pytest.approx(brute(reason.aim) if not small else reason.after, abs=1e-12)
        if reason.key in ("gives_up", "last_chance"):
            assert reason.before > 0 and reason.odds[reason.aim] == 0
            assert (reason.key == "last_chance") == (sum(v is None for v in card.values()) == 1)
        elif reason.key == "lower":
            assert reason.before - reason.after >= 0.005
        else:
            assert reason.key == "higher" and reason.after - reason.before >= 0.005


@pytest.mark.parametrize("name", SCORECARD)
def test_every_number_in_a_holds_line_is_true(name):
    variant = find_variant(name)
    table = table_for(variant)
    rng = random.Random(name)
    for card, hand, rolls_left in _moments(variant, rng, 6):
        options = advise(variant, table, card, None, None, hand, rolls_left)
        reasons = hold_reasons(variant, card, options, rolls_left, hand=hand)
        assert set(reasons) <= {i for i, o in enumerate(options) if o.kind == "keep"}
        costly = [i for i, o in enumerate(options) if o.kind == "keep" and o.loss >= 0.05]
        assert set(costly) <= set(reasons)  # every costly hold says what it costs
        _check(variant, card, options, reasons, rolls_left, hand)


@pytest.mark.parametrize("name", SCORECARD)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_no_two_options_of_one_list_read_the_same(name, language):
    from game.coach.reasons import why_box

    variant = find_variant(name)
    table = table_for(variant)
    rng = random.Random(f"{name}{language}")
    i18n.set_language(language)
    try:
        for card, hand, rolls_left in _moments(variant, rng, 25):
            options = advise(variant, table, card, None, None, hand, rolls_left)
            reasons = hold_reasons(variant, card, options, rolls_left, hand=hand)
            lines = [reasons[i].said(variant) if i in reasons else why_box(options, i, variant)
                     for i in range(len(options))]
            said = [(describe(o, variant), line) for o, line in zip(options, lines)]
            assert len(set(said)) == len(said)
            holds = [line for i, line in enumerate(lines) if i in reasons]
            assert len(set(holds)) == len(holds), holds  # a hold's line alone tells it from the others
            assert all("{" not in line for line in lines if line)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, words", [
    ("en", ["3 of a Kind already made; goes for Yahtzee 9%, 4 of a Kind 52%", "Adding 1: 4 of a Kind 52% → 42%",
            "Adding 2: 4 of a Kind 52% → 42%", "Without 5: 3 of a Kind 100% → 69%"]),
    ("nl", ["Three of a kind al gemaakt; gaat voor Yahtzee 9%, Carré 52%", "Met 1 erbij: Carré 52% → 42%",
            "Met 2 erbij: Carré 52% → 42%", "Zonder 5: Three of a kind 100% → 69%"]),
])
def test_three_fives_in_words(language, words):
    variant = find_variant("classic")
    card = {box: None for box in variant.box_ids}
    options = advise(variant, table_for(variant), card, None, None, (5, 5, 5, 2, 1), 2)
    i18n.set_language(language)
    try:
        reasons = hold_reasons(variant, card, options, 2)
        assert [reasons[i].said(variant) for i in range(4)] == words
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, words", [("en", "6 instead of 2 3 4: gives up your last chance at Large Straight"),
                                             ("nl", "6 in plaats van 2 3 4: je laatste kans op Grote Straat is weg")])
def test_the_last_turn_gives_up_the_last_chance(language, words):
    variant = find_variant("classic")
    card = {box: 0 for box in variant.box_ids}
    card["large_straight"] = None
    options = advise(variant, table_for(variant), card, None, None, (2, 3, 4, 6, 6), 1)
    i18n.set_language(language)
    try:
        reasons = hold_reasons(variant, card, options, 1)
        six = next(i for i, o in enumerate(options) if o.keep == (6, 6))
        assert reasons[six].key == "last_chance" and reasons[six].said(variant) == words
    finally:
        i18n.set_language("en")


def test_a_challenge_copy_is_weighed_with_the_markers_held():
    """Challenge: a copy's odds hold the seat's markers too (solitaire odds, as the panel's title says)."""
    variant = find_variant("challenge")
    card = {box: None for box in variant.box_ids}
    from game.bots.solver import Option

    options = [Option("copy", 250.0, keep=(5,)), Option("copy", 240.0, keep=(5, 6), loss=10.0)]
    reasons = hold_reasons(variant, card, options, 1, base=(5, 5))
    assert reasons[0].goals[0] == ("yahtzee", pytest.approx(float(_brute(variant, "yahtzee")((5, 5, 5), 1))))
    assert reasons[1].extra == (6,) and reasons[1].missing == ()
