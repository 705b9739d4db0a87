"""The bonus outlook (issue 28, point 3): the chance of reaching the upper bonus under the coach's play, estimated by
playing the rest of the game out, with its margin; worked out in a thread, so the table never waits."""

from __future__ import annotations

import math

import pytest

from game.bots.solver import table_for
from game.coach.bonus import Estimate, estimate
from game.rules import i18n
from game.rules.i18n import t
from game.rules.variants import find_variant


def _binomial_at_least(n: int, k: int, p: float) -> float:
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def test_the_last_turn_matches_the_exact_chance():
    """Only Sixes open, 50 in the upper boxes: the bonus needs three sixes, and the best play holds every six, so
    each die has 1 - (5/6)^3 of ending a six: at least three of five, 35.5%."""
    variant = find_variant("classic")
    card = {box: 0 for box in variant.box_ids}
    card.update(aces=3, twos=6, threes=9, fours=12, fives=20, sixes=None)
    exact = _binomial_at_least(5, 3, 1 - (5 / 6) ** 3)
    found = estimate(variant, table_for(variant), card, games=3000, seed=5)
    assert abs(found.chance - exact) < found.margin, (found, exact)
    assert round(exact, 3) == 0.355


def test_from_the_start_the_best_play_reaches_the_bonus_about_two_times_in_three():
    """The optimal solitaire play earns the upper bonus in about 68% of games (Verhoeff's figure)."""
    variant = find_variant("classic")
    found = estimate(variant, table_for(variant), {box: None for box in variant.box_ids}, games=150, seed=1)
    assert abs(found.chance - 0.68) < found.margin and found.margin < 0.08


def test_the_margin_never_says_never():
    assert Estimate(0, 400).margin == 0.0075 and Estimate(200, 400).margin == pytest.approx(0.049, abs=1e-3)


@pytest.fixture
def no_chance_table(monkeypatch, tmp_path):
    """A variant whose exact chance table is not there (a user's own, no numpy): the outlook is played out."""
    from game.coach import bonus_chance

    monkeypatch.setattr(bonus_chance, "shipped_path", lambda variant: tmp_path / "none.bonus")
    bonus_chance.forget_loaded()
    yield
    bonus_chance.forget_loaded()


@pytest.mark.parametrize("language, words", [("en", " likely (±"), ("nl", " · kans ")])
def test_the_table_shows_the_outlook_beside_the_bonus_hint_while_the_coach_speaks(language, words, no_chance_table):
    from helpers import texts_on_screen
    from scene_driver import Driver
    from test_coach_odds import _first_roll

    driver = Driver(animation="instant", language=language)
    try:
        table, _ = _first_roll(driver, (5, 5, 5, 2, 1), aces=3, twos=6, threes=9, chance=20, full_house=25)
        assert table.coach.bonus_outlook(0) is None  # not worked out yet: the hint alone, no waiting
        outlook = table.coach._outlook[1]
        assert outlook.done.wait(120)
        driver.step(0.1)
        found = table.coach.bonus_outlook(0)
        assert found.games == 400
        hint = table.card.bonus_hint(0)
        said = t("table.coach_bonus", hint=hint, percent=f"{round(found.chance * 100)}%",
                 margin=i18n.number(100 * found.margin))
        shown = texts_on_screen(driver)
        assert said in shown and words in said, shown
        driver.app.settings.coach_threshold = 2  # a quiet coach keeps its outlook to itself too
        driver.step(0.1)
        assert hint in texts_on_screen(driver) and said not in texts_on_screen(driver)
    finally:
        driver.close()
        i18n.set_language("en")


def test_leaving_the_table_stops_the_outlook_being_worked_out(no_chance_table):
    """It would go on taking a core for seconds after the table is gone (the title's dice, the next game)."""
    from scene_driver import Driver
    from test_coach_odds import _first_roll

    from scenes.menus.title import TitleScene

    driver = Driver(animation="instant")
    try:
        table, _ = _first_roll(driver, (5, 5, 5, 2, 1), aces=3, twos=6, threes=9, chance=20, full_house=25)
        table.coach.bonus_outlook(0)
        outlook = table.coach._outlook[1]
        assert not outlook.done.is_set()  # 400 games to play out: seconds of work
        driver.app.stack.clear(TitleScene(driver.app))
        assert outlook.done.wait(2) and outlook.now is not None and outlook.now.games < 400
        assert table.coach._outlook is None
    finally:
        driver.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_with_the_shipped_chance_table_the_hint_gives_the_exact_chance(language):
    """Issue 38 (D6): no estimate where an exact figure exists: the table's own, the same at every look."""
    from helpers import texts_on_screen
    from scene_driver import Driver
    from test_coach_odds import _first_roll

    from game.bots.solver_turn import Position, rules
    from game.coach.bonus_chance import chances
    from game.coach.coach import percent

    driver = Driver(animation="instant", language=language)
    try:
        table, _ = _first_roll(driver, (5, 5, 5, 2, 1), aces=3, twos=6, threes=9, chance=20, full_house=25)
        assert table.coach.settle(30)
        driver.step(0.1)
        variant = table.state.variant
        card = table.state.card(0).boxes
        pos = Position.of_card(variant, card)
        exact = chances(variant, table.coach.table, False)[rules(variant).flat(pos.mask, pos.upper, pos.five)]
        found = table.coach.bonus_outlook(0)
        assert found.chance == exact and found.margin == 0 and table.coach._outlook is None  # nothing played out
        said = t("table.coach_bonus_exact", hint=table.card.bonus_hint(0), percent=percent(exact))
        assert said in texts_on_screen(driver) and "±" not in said
    finally:
        driver.close()
        i18n.set_language("en")
