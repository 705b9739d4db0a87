"""The upper bonus's chance tables ship with the game (issue 38): every shipped scorecard variant with an upper bonus
has its table in assets/solver beside its values, current with the rules and the scoring code, small, and each
figure what one turn worked out again in pure Python from the figures after it gives."""

from __future__ import annotations

import json
import random

import pytest

from game.bots.solver import SHIPPED, table_for
from game.bots.solver_file import read_header, scoring_fingerprint
from game.bots.solver_turn import Position, rules
from game.cli import main
from game.coach.bonus_chance import STEP, chances, shipped_path, start_chance
from game.rules.i18n import t
from game.rules.scoring import hand_scores
from game.rules.variants import find_variant

WITH_BONUS = [name for name in SHIPPED if find_variant(name).upper_bonus is not None]


def test_every_shipped_variant_with_an_upper_bonus_ships_its_chances_small():
    total = 0
    for name in WITH_BONUS:
        variant = find_variant(name)
        header = read_header(shipped_path(variant))
        assert (header["rules_hash"], header["scoring"]) == (variant.rules_hash, scoring_fingerprint(variant)), name
        total += shipped_path(variant).stat().st_size
    assert total < 5_000_000


def _cards(variant, count: int, seed: int):
    """The empty card, and cards with some boxes filled by what a roll scores there (a card a game can reach)."""
    rng = random.Random(seed)
    yield {box: None for box in variant.box_ids}
    for _ in range(count):
        card = {box: None for box in variant.box_ids}
        for box in rng.sample(variant.box_ids, rng.randrange(2, len(variant.box_ids) - 1)):
            hand = tuple(sorted(rng.randint(1, variant.faces) for _ in range(variant.dice)))
            card[box] = hand_scores(variant, hand)[box]
        yield card


@pytest.mark.parametrize("name", ["official", "yatzy", "fivezee"])
def test_the_shipped_chances_are_one_turn_worked_out_again(name):
    variant = find_variant(name)
    table = table_for(variant, build=False)
    found = chances(variant, table, build_it=False)
    assert found is not None  # shipped: nothing is built
    r = rules(variant)
    for card in _cards(variant, 2, seed=len(name)):
        pos = Position.of_card(variant, card)
        shipped = found[r.flat(pos.mask, pos.upper, pos.five)]
        again = start_chance(variant, table, lambda: found, card)
        assert shipped == pytest.approx(again, abs=2 * STEP), card
    assert 0 < found[0] < 1
    if name == "official":  # the optimal player reaches the bonus in 68% of games (Verhoeff's figure)
        assert found[0] == pytest.approx(0.68, abs=0.005)


def test_advise_gives_every_option_its_bonus_chance_from_the_first_turn(capsys):
    """Not only on a last turn: the shipped table gives it from the start, without building anything."""
    state = json.dumps({"card": {}, "dice": [6, 6, 2, 3, 1], "rolls_left": 2})
    assert main(["advise", "--variant", "official", "--state", state]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    said = [o["upper_bonus_chance"] for o in options]
    assert all(0 < chance < 1 for chance in said) and len(set(said)) > 10
    sixes = next(o for o in options if o.get("keep") == [6, 6])
    assert sixes["upper_bonus_chance"] > next(o for o in options if o.get("keep") == [1, 2, 3])["upper_bonus_chance"]


def test_the_coach_panel_says_each_option_s_bonus_chance_where_the_choice_changes_it():
    from game.coach.advice import work_out
    from game.coach.coach import BONUS_AT_STAKE, Coach, Exact, bonus_said
    from game.engine.actions import Roll
    from game.engine.session import Session
    from game.engine.state import Seat

    variant = find_variant("official")
    session = Session(variant, [Seat("Ann")], seed=2, rolloff=False)
    session.act(Roll())
    coach = Coach(session)
    advice = work_out(session.state, coach.table)
    assert len(advice.bonus) == len(advice.options) and len(set(advice.bonus)) > 1
    start = start_chance(variant, coach.table, lambda: chances(variant, coach.table, False), {})
    assert advice.bonus[0] <= 1 and max(advice.bonus) > start - 0.2
    assert coach.panel_line(0, advice) == coach.why(0, advice)  # the best option's line: its why alone
    far = [i for i, chance in enumerate(advice.bonus) if abs(chance - advice.bonus[0]) >= BONUS_AT_STAKE]
    near = [i for i, chance in enumerate(advice.bonus[1:], 1) if abs(chance - advice.bonus[0]) < BONUS_AT_STAKE]
    assert far and near
    for i in far:  # a choice that changes the bonus's chance much says so, against the best option's
        assert bonus_said(advice, i) in coach.panel_line(i, advice)
        assert bonus_said(advice, i) in (t("coach.bonus_out"), t("coach.bonus_made")) or "→" in bonus_said(advice, i)
    assert all(bonus_said(advice, i) is None for i in near)
    assert coach.bonus_outlook(0) == Exact(pytest.approx(start, abs=2 * STEP))  # read, not played out
    assert coach._outlook is None
