"""The exact chance of the upper bonus (issue 38): each option of ``advise`` says it, checked by hand on a last
turn (no table needed there), and 1 once the bonus is reached."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.bots.solver import advise, table_for
from game.coach.bonus_chance import option_chances
from game.rules.variants import find_variant

ROOT = Path(__file__).resolve().parent.parent
# Everything filled but Sixes, 45 in the upper section: the bonus (63) needs three sixes.
CARD = {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "three_kind": 20, "four_kind": 0,
        "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 0, "chance": 22}


def _no_table():
    raise AssertionError("a last turn needs no chance table")


def test_a_last_turn_chance_is_the_dice_s_own():
    variant = find_variant("official")
    table = table_for(variant)
    card = dict(CARD, sixes=None)
    options = advise(variant, table, card, None, None, [6, 6, 1, 2, 3], 2)
    chance = dict(zip([(o.kind, o.keep, o.box) for o in options],
                      option_chances(variant, table, _no_table, card, None, None, 2, options)))
    # hold the two sixes: one more six in three dice, twice
    assert chance[("keep", (6, 6), None)] == pytest.approx(1 - (5 / 6) ** 6)
    # hold 1 6 6: two dice, then (no six) the 1 goes back and three dice roll
    assert chance[("keep", (1, 6, 6), None)] == pytest.approx(1 - (25 / 36) * (5 / 6) ** 3)
    assert chance[("box", (), "sixes")] == 0.0  # 12 now: 57 in the end
    reached = dict(CARD, sixes=None, fives=25)  # 55 in the upper section: the two sixes make 67
    options = advise(variant, table, reached, None, None, [6, 6, 1, 2, 3], 0)
    assert option_chances(variant, table, _no_table, reached, None, None, 0, options) == [1.0]


def test_advise_gives_upper_bonus_chance_on_every_option():
    state = json.dumps({"card": CARD, "dice": [6, 6, 1, 2, 3], "rolls_left": 2})
    out = subprocess.run([sys.executable, "-m", "game", "advise", "--variant", "official", "--state", state],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    options = json.loads(out.stdout)["options"]
    assert all(0 <= o["upper_bonus_chance"] <= 1 for o in options)
    assert options[0]["keep"] == [6, 6] and options[0]["upper_bonus_chance"] == pytest.approx(1 - (5 / 6) ** 6,
                                                                                             abs=1e-6)
