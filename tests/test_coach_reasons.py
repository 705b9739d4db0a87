"""Why this option, in words (issue 28, point 2): a box's line says why it is best, or what it costs, from what it
scores now against what is still to come; in English and Dutch."""

from __future__ import annotations

import pytest

from game.bots.solver import Option
from game.coach.reasons import why_box
from game.rules import i18n
from game.rules.variants import find_variant

VARIANT = find_variant("classic")


def _ranked(*options: Option) -> list[Option]:
    best = max(o.value for o in options)
    return [Option(o.kind, o.value, o.keep, o.box, o.points, o.bonus, best - o.value)
            for o in sorted(options, key=lambda o: -o.value)]


def _said(language, options):
    i18n.set_language(language)
    try:
        return [why_box(options, i, VARIANT) for i in range(len(options))]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, words", [
    ("en", ["3 of a Kind scores 3.0 more now, but leaves 6.5 less to come", "3.0 more now, but 6.5 less to come",
            "17 less now, and only 6.1 more to come"]),
    ("nl", ["Three of a kind levert nu 3,0 meer op, maar laat 6,5 minder over wat nog komt",
            "Nu 3,0 meer, maar 6,5 minder wat nog komt", "Nu 17 minder, en maar 6,1 meer wat nog komt"]),
])
def test_a_box_that_keeps_more_to_come_says_so(language, words):
    """Sixes (18) beats 3 of a Kind (21): 3 fewer now, 6.5 more to come; Aces (1): 17 fewer now, 6.1 more to come."""
    options = _ranked(Option("box", 249.92, box="sixes", points=18), Option("box", 246.42, box="three_kind", points=21),
                      Option("box", 239.0, box="aces", points=1))
    assert _said(language, options) == words


@pytest.mark.parametrize("language, words", [
    ("en", ["A zero here costs least: a zero in Yahtzee costs 6.2 more", "A zero here costs 6.2 more than in Aces",
            "Stops too soon: rolling on is worth 12 more"]),
    ("nl", ["Een nul hier kost het minst: een nul bij Yahtzee kost 6,2 meer", "Een nul hier kost 6,2 meer dan bij Enen",
            "Stopt te vroeg: doorgooien is 12 meer waard"]),
])
def test_the_cheapest_zero_and_stopping_too_soon(language, words):
    zeros = _ranked(Option("box", 200.0, box="aces", points=0), Option("box", 193.8, box="yahtzee", points=0))
    stop = _ranked(Option("keep", 212.0, keep=(6, 6)), Option("box", 200.0, box="chance", points=17))
    assert _said(language, zeros) == words[:2]
    assert _said(language, stop) == [None, words[2]]  # a hold's line is its goals, not this


@pytest.mark.parametrize("language, words", [
    ("en", ["Earns 35 bonus points", "Stop here: rolling on is worth 4.0 less",
            "2.0 more now than Chance, for 1.0 less to come", "4.0 less now and 1.0 less to come",
            "2.0 more now than Chance, and no less to come"]),
    ("nl", ["Levert 35 bonuspunten op", "Stop hier: doorgooien is 4,0 minder waard", "Nu 2,0 meer dan Chance, voor 1,0 "
            "minder wat nog komt", "Nu 4,0 minder en 1,0 minder wat nog komt", "Nu 2,0 meer dan Chance, en niet minder "
            "wat nog komt"]),
])
def test_bonus_stop_and_more_now(language, words):
    bonus = _ranked(Option("box", 250.0, box="sixes", points=24, bonus=35),
                    Option("box", 240.0, box="chance", points=20))
    stop = _ranked(Option("box", 210.0, box="chance", points=20), Option("keep", 206.0, keep=(6,)))
    now = _ranked(Option("box", 210.0, box="twos", points=6), Option("box", 209.0, box="chance", points=4),
                  Option("box", 205.0, box="fours", points=2))
    even = _ranked(Option("box", 210.0, box="twos", points=6), Option("box", 208.0, box="chance", points=4))
    assert [_said(language, bonus)[0], _said(language, stop)[0], _said(language, now)[0], _said(language, now)[2],
            _said(language, even)[0]] == words


def test_every_reason_exists_in_both_languages():
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[1] / "assets" / "strings"
    keys = [set(yaml.safe_load((root / lang / "coach.yaml").read_text(encoding="utf-8"))["why"])
            for lang in ("en", "nl")]
    assert keys[0] == keys[1] and len(keys[0]) == 12
