"""The coach tells the truth: its expected final score counts the card's points, an undone move is no slip, and
in Challenge it marks the dice it advises copying (issue 25, point 1)."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from helpers import at_third_roll, texts_on_screen
from scene_driver import Driver
from test_cli import run

from game.bots.levels import make_player
from game.engine.actions import Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.i18n import t
from game.rules.variants import find_variant

UPPER_FULL = {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}  # 63: the bonus earned


def _third_roll(driver, dice, coached=True, **boxes):
    """Grandma alone at classic, ``boxes`` filled, her third roll showing ``dice``; the coach on."""
    return at_third_roll(driver, "Grandma", dice, coached, boxes)


def _showing(dice, keep) -> set[int]:
    """The dice (by index, first ones first) that show the faces of ``keep``."""
    wanted, found = list(keep), set()
    for index, face in enumerate(dice):
        if face in wanted:
            wanted.remove(face)
            found.add(index)
    return found


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_panels_expected_final_score_counts_the_points_on_the_card(language):
    """With 63 in the upper boxes (35 bonus) and 25 in Full House on the card, the panel's number is the card's
    points plus those still to come, not the points still to come alone."""
    driver = Driver(animation="instant", language=language)
    try:
        table, session = _third_roll(driver, (6, 5, 4, 3, 2), **UPPER_FULL, full_house=25, three_kind=0,
                                     four_kind=0, small_straight=30)
        on_card = session.state.card(0).total(session.variant)
        assert on_card == 63 + 35 + 25 + 30
        options = table.coach.options()
        # the banner's words ("no rolls left") share the title's line while they show, where the dock is full
        assert driver.wait_until(lambda: not table.painter.banner_up(), 5)
        words = texts_on_screen(driver)
        assert t("table.coach_title") in words
        best = options[0]
        assert any(w.startswith(i18n.number(on_card + best.value, 1)) for w in words), words
        final = t("table.coach_final", final=i18n.number(on_card + best.value, 1), loss=t("table.coach_best"))
        assert final in words, (final, words)
        still_to_come = i18n.number(best.value, 1)
        assert not any(w.startswith(still_to_come + " ") for w in words)  # the old, unlabelled number is gone
        second = options[1]
        loss = round(best.value, 1) - round(second.value, 1)
        label = t("table.coach_less", points=i18n.number(loss, 1))
        assert t("table.coach_final", final=i18n.number(on_card + second.value, 1), loss=label) in words
        assert table.coach.on_card(0) == on_card
    finally:
        driver.close()
        i18n.set_language("en")


def test_advise_gives_each_option_its_final_score_beside_its_value():
    card = dict(UPPER_FULL, chance=20)
    out = run("advise", "--variant", "classic", "--state",
              json.dumps({"card": card, "dice": [6, 6, 6, 2, 1], "rolls_left": 0, "five_alike_bonus": 100}))
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    on_card = 63 + 35 + 20 + 100
    assert answer["on_card"] == on_card
    for option in answer["options"]:
        assert option["final"] == pytest.approx(on_card + option["value"], abs=1e-3)
    best = answer["options"][0]
    assert best["final"] > on_card and best["value"] < best["final"]
    bad = run("advise", "--variant", "classic", "--state", json.dumps({"card": {"aces": "x"}, "dice": [1] * 5}))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_an_undone_move_is_no_slip_on_the_results_screen():
    """Grandma scores five fives in 4 of a Kind, presses Undo and scores the Yahtzee, then plays her last turns
    as the coach would: the results screen says every choice was the best one, and names no undone move."""
    from scenes.menus.gameover import GameOverScene

    driver = Driver(animation="instant")
    try:
        open_boxes = ("four_kind", "yahtzee", "chance")
        table, session = _third_roll(driver, (5, 5, 5, 5, 5), **{box: 0 for box in find_variant("classic").box_ids
                                                                 if box not in open_boxes})
        table.act(Score("four_kind"))
        assert table.coach.costs[0] and table.coach.report(0)[0] > 20  # a slip, while it stands
        driver.key(pygame.K_u)
        assert session.state.card(0).boxes["four_kind"] is None
        assert table.coach.report(0) == (0, [])  # taken back: no slip
        table.act(Score("yahtzee"))
        brain = make_player("optimal", random.Random(1))
        for _ in range(400):
            if isinstance(driver.top, GameOverScene):
                break
            if driver.top is table and table.person_to_play() and not table.busy():
                table.act(brain.choose(session.state))
            driver.step(0.1)
        over = driver.top
        assert isinstance(over, GameOverScene)
        assert over.coach_lines() == [t("gameover.coach_perfect", name="Grandma")]
        words = " ".join(texts_on_screen(driver))
        assert "4 of a Kind" not in words and "slip" not in words
    finally:
        driver.close()


def test_a_move_taken_back_and_made_again_counts_once():
    driver = Driver(animation="instant")
    try:
        table, session = _third_roll(driver, (5, 5, 5, 5, 5), **{box: 0 for box in find_variant("classic").box_ids
                                                                 if box not in ("four_kind", "yahtzee")})
        table.act(Score("four_kind"))
        once = table.coach.report(0)[0]
        driver.key(pygame.K_u)
        table.act(Score("four_kind"))
        assert table.coach.report(0)[0] == once and len(table.coach.report(0)[1]) == 1
    finally:
        driver.close()


def test_challenges_coach_marks_the_dice_it_advises_copying():
    """"Coach on: the best move is marked": in Challenge the common dice the best copy takes glow, until the
    player picks dice of their own."""
    from scenes.scorecard.challenge_table import ChallengeTableScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("challenge"), [Seat("Ann")], seed=4, rolloff=False)
        table = ChallengeTableScene(driver.app, session)
        driver.start(table)
        driver.step(0.2)
        driver.key(pygame.K_c)
        assert 0 in table.coach.on and table.banner == t("table.coach_on")
        marked = 0
        for _ in range(6):  # a few rounds: each pick step with advice to copy something
            assert driver.wait_until(lambda: not table.busy() and table.person_to_play(), 5)
            state = table.cstate
            if state.stage == "pick":
                best = table.coach.options()[0]
                assert best.kind == "copy"
                driver.step(0.1)
                expected = _showing(state.common, best.keep)
                assert table.tray.highlight == expected and len(expected) == len(best.keep)
                marked += bool(expected)
                if state.copy_range()[0] < state.copy_range()[1]:  # a choice: the player's own pick glows instead
                    table.toggle(0)
                    driver.step(0.1)
                    assert table.tray.highlight == {0}
                    table.toggle(0)
                    driver.step(0.1)
                    assert table.tray.highlight == expected
            table.act(make_player("optimal", random.Random(2)).choose(state))
            driver.step(0.2)
        assert marked >= 2
    finally:
        driver.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_slips_dice_never_run_into_other_numbers(language):
    """"beurt 2, met 6 6 5 5 1 5 6 vasthouden" read as seven dice, and "beurt 5, 5 5 5 5 5" as six: the dice a slip
    was made with stand apart from the turn and from the dice it held."""
    import re
    from types import SimpleNamespace

    from game.coach.coach import Cost

    variant = find_variant("classic")
    keep = SimpleNamespace(kind="keep", keep=(5, 6), box=None, points=0)
    sixes = SimpleNamespace(kind="keep", keep=(6, 6), box=None, points=0)
    four = SimpleNamespace(kind="box", box="four_kind", points=25, keep=())
    yahtzee = SimpleNamespace(kind="box", box="yahtzee", points=50, keep=())
    i18n.set_language(language)
    try:
        for cost in (Cost(0, 2, 4.6, keep, sixes, variant, (6, 6, 5, 5, 1)),
                     Cost(0, 5, 50.0, four, yahtzee, variant, (5, 5, 5, 5, 5))):
            text = cost.text
            assert not re.search(r"\b[1-6]( [1-6]){5,}\b", text), text  # no run of more than five dice
            assert not re.search(r"^\D*\d+, [1-6] [1-6]", text), text  # the turn's number, then dice at once
            assert not re.search(r"[1-6], [1-6] [1-6]", text), text  # dice, then the dice held
            assert "5 5 5 5 5" in text or "6 6 5 5 1" in text
    finally:
        i18n.set_language("en")
