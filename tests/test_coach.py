"""The coach at the table: the best move marked, and the costly choices reported after the game."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


def _coached_roll(driver):
    """Ann against a computer at classic, the coach switched on with a click, the dice rolled."""
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=7,
                      rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    assert table.coach.available
    driver.click(table.coach_button.rect.center)
    assert 0 in table.coach.on
    driver.key(pygame.K_SPACE)
    return table, session


def test_the_coach_marks_the_best_keep_and_reports_costly_choices():
    driver = Driver(animation="instant")
    try:
        table, session = _coached_roll(driver)
        driver.step(0.2)
        options = table.coach.options()
        assert options and options[0].loss == 0 and all(a.value >= b.value for a, b in zip(options, options[1:]))
        best = options[0]
        if best.kind == "keep":
            assert sorted(session.state.dice[d] for d in table.tray.highlight) == sorted(best.keep)
        brain = make_player("greedy", random.Random(3))  # greedy is not optimal: it must cost something
        while not session.state.is_terminal():
            if driver.top is table and table.person_to_play():
                table.act(brain.choose(session.state))
            driver.step(0.1)
        total, worst = table.coach.report(0)
        assert total > 0 and worst and worst[0].loss >= worst[-1].loss
        assert worst[0].text.startswith("turn ") and "points on average" in worst[0].text
        assert worst[0].text.endswith("was better") and worst[0].dice  # the dice it was made with
        assert 1 not in table.coach.costs  # computers are not judged
    finally:
        driver.close()


def test_no_coach_for_jackpot():
    from game.coach.coach import Coach

    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Bob")], seed=1)
    assert not Coach(session).available


def _users_variant(variant_id: str, name: str, boxes: str):
    """A small variant of the user's own, in their variants folder (no shipped solver table for it)."""
    from game.paths import user_variants_dir
    from game.rules.variants import load_all

    folder = user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{variant_id}.yaml").write_text(
        f"format: 1\nname: {name}\ndescription: A few boxes.\nplayers: {{min: 1, max: 2}}\njoker: none\n"
        "boxes:\n" + boxes)
    return load_all(refresh=True).find(variant_id)


def test_a_users_own_variant_gets_its_coach_table_built_in_the_background():
    from scenes.scorecard.table import TableScene

    variant = _users_variant("mini", "Mini", "  - {id: fives, name: Fives, kind: face, face: 5}\n"
                             "  - {id: sixes, name: Sixes, kind: face, face: 6}\n"
                             "  - {id: pair, name: Pair, kind: pairs, count: 1}\n"
                             "  - {id: chance, name: Chance, kind: chance}\n")
    driver = Driver(animation="instant")
    try:
        table = TableScene(driver.app, Session(variant, [Seat("Ann")], seed=1))
        driver.start(table)
        assert table.coach.thread is not None  # no table yet: it is being built, the game goes on
        table.coach.thread.join(timeout=120)
        driver.step(0.1)
        assert table.coach.available and table.coach.progress is None
        assert table.coach_button.label == "Coach" and table.coach_button.enabled
        from game.bots.solver_file import user_path

        assert user_path(variant).is_file()  # cached for the next game
    finally:
        driver.close()


def test_without_numpy_a_users_variant_has_no_coach_and_the_button_says_why(monkeypatch):
    from game.bots import solver
    from game.rules.i18n import t
    from scenes.scorecard.table import TableScene

    monkeypatch.setattr(solver, "can_build", lambda: False)  # as in the standalone app
    variant = _users_variant("nonum", "No Numpy", "  - {id: sixes, name: Sixes, kind: face, face: 6}\n"
                             "  - {id: pair, name: Pair, kind: pairs, count: 1}\n"
                             "  - {id: chance, name: Chance, kind: chance}\n")
    driver = Driver(animation="instant")
    try:
        table = TableScene(driver.app, Session(variant, [Seat("Ann")], seed=1))
        driver.start(table)
        assert not table.coach.available and table.coach.thread is None and table.coach.missing
        driver.step(0.1)
        assert table.coach_button.rect.x >= 0 and table.coach_button.enabled  # shown: a tap says why
        driver.click(table.coach_button.rect.center)
        assert table.banner == t("table.coach_no_table") and "table" in table.banner
        assert 0 not in table.coach.on
    finally:
        driver.close()
    # A game saved with a Perfect seat where the table could be built, opened where it cannot: the seat plays
    # as the heuristic, and the game goes on to its end.
    from game.bots.players import HeuristicPlayer
    from game.engine.actions import Score

    driver = Driver(animation="instant")
    try:
        session = Session(variant, [Seat("Ann"), Seat("Max", "computer", "optimal")], seed=2, rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        assert isinstance(table.controller.drivers[1].player, HeuristicPlayer)
        while not session.state.is_terminal():
            if table.person_to_play():
                table.act(next(a for a in session.state.legal_actions() if isinstance(a, Score)) if
                          session.state.dice else session.state.legal_actions()[0])
            driver.step(0.2)
        assert session.state.is_terminal()
    finally:
        driver.close()


def test_every_option_names_its_dice_and_no_two_in_a_list_read_the_same():
    """Over many moments of many games, in every language: "holding two fives" and "holding three fives",
    never "holding the fives" for both."""
    from game.bots.solver import advise_state
    from game.coach.coach import describe
    from game.rules import i18n

    checked = 0
    for variant_id in ("classic", "yatzy", "challenge"):
        variant = find_variant(variant_id)
        for seed in range(6):
            session = Session(variant, [Seat("Ann")], seed=seed, rolloff=False)
            brain = make_player("greedy", random.Random(seed))
            while not session.state.is_terminal():
                state = session.state
                if state.dice is not None and state.current_player() >= 0 and getattr(state, "stage", "") != "roll":
                    options = advise_state(state)
                    for language in i18n.languages():
                        i18n.set_language(language)
                        words = [describe(option, variant) for option in options]
                        assert len(set(words)) == len(words), f"{language}: {sorted(words)}"
                    checked += 1
                session.act(brain.choose(state))
    i18n.set_language("en")
    assert checked > 200


def test_a_keep_says_how_many_dice_it_holds():
    from types import SimpleNamespace

    from game.coach.coach import describe

    variant = find_variant("classic")
    said = [describe(SimpleNamespace(kind="keep", keep=keep, box=None, points=None), variant)
            for keep in [(5,), (5, 5), (5, 5, 5), (2, 3, 4, 5), ()]]
    assert said == ["holding one five", "holding two fives", "holding three fives", "holding 2, 3, 4 and 5",
                    "rolling all the dice"]


def test_the_coach_switched_on_is_kept_with_the_saved_game():
    from game.rules.variants import load_all
    from game.store.saves import load_saved, save_session
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    try:
        table, session = _coached_roll(driver)
        driver.step(0.5)
        save_session(session)
        resumed = load_saved(load_all().find).session
        assert resumed is not None and resumed.coached == {0}
        again = TableScene(driver.app, resumed)
        assert again.coach.on == {0}
    finally:
        driver.close()


def _last_turns(driver, open_boxes: tuple[str, ...], dice: tuple[int, ...], coached: bool):
    """Ann near the end of a classic game: every box but ``open_boxes`` filled with 0 (no upper bonus to chase),
    her third roll on the table showing ``dice``; the coach switched on if ``coached``."""
    from helpers import at_third_roll

    boxes = {box: 0 for box in find_variant("classic").box_ids if box not in open_boxes}
    return at_third_roll(driver, "Ann", dice, coached, boxes)


def _pick_by_keys(driver, table, box: str):
    """Up/Down onto ``box`` and Enter, as a person at the keyboard; the screen on top afterwards."""
    for _ in range(20):
        if table.card.focus_box == box:
            break
        driver.key(pygame.K_DOWN)
    assert table.card.focus_box == box
    driver.key(pygame.K_RETURN)
    return driver.top


def test_when_the_coachs_best_move_is_a_zero_the_question_says_the_coach_agrees():
    """Fives open for 5 and Yahtzee for 0 with 6 5 4 3 1: the coach's best move is the zero in Yahtzee (a last
    turn's chance at fives is worth more than 5). The question before a zero says so instead of warning; it still
    asks, with the focus on going back, so a second Enter never scores 0 unseen."""
    from game.rules.i18n import t
    from scenes.ui.dialogs import ConfirmDialog

    driver = Driver(animation="instant")
    try:
        table, session = _last_turns(driver, ("fives", "yahtzee"), (6, 5, 4, 3, 1), coached=True)
        best = table.coach.options()[0]
        assert (best.kind, best.box, best.points) == ("box", "yahtzee", 0) and session.state.options().scores["fives"]
        assert table.card.focus_box == "yahtzee"  # the coach's mark: Enter takes its advice
        driver.key(pygame.K_RETURN)
        dialog = driver.top
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.message == t("table.zero_coach_agrees") and dialog.message != t("table.zero_message")
        assert dialog.row.buttons[dialog.row.focus].label == t("table.zero_no")  # the focus on going back
        assert [b.style for b in dialog.row.buttons if b.label == t("table.zero_yes")] == ["primary"], \
            "no red warning on a zero the coach itself advises"
        driver.key(pygame.K_RETURN)  # a second Enter
        assert driver.top is table and session.state.card(0).boxes["yahtzee"] is None  # nothing scored unseen
        dialog = _pick_by_keys(driver, table, "yahtzee")
        driver.key(pygame.K_RIGHT)  # onto "Score 0", on purpose
        driver.key(pygame.K_RETURN)
        assert session.state.card(0).boxes["yahtzee"] == 0 and driver.top is table
        assert not table.coach.costs.get(0)  # and it is no slip in the coach's review
    finally:
        driver.close()


@pytest.mark.parametrize("coached,open_boxes,dice,box", [
    (False, ("fives", "yahtzee"), (6, 5, 4, 3, 1), "yahtzee"),  # the same zero, no coach to agree
    (True, ("threes", "fours", "yahtzee"), (6, 6, 5, 4, 2), "threes"),  # the coach's best zero is Yahtzee's
], ids=["no-coach", "another-zero"])
def test_a_zero_the_coach_does_not_advise_still_warns(coached, open_boxes, dice, box):
    from game.rules.i18n import t

    driver = Driver(animation="instant")
    try:
        table, session = _last_turns(driver, open_boxes, dice, coached)
        if coached:
            assert table.coach.options()[0].box != box
        dialog = _pick_by_keys(driver, table, box)
        assert dialog is not table and dialog.message == t("table.zero_message")
        assert dialog.row.buttons[dialog.row.focus].label == t("table.zero_no")
        assert [b.style for b in dialog.row.buttons if b.label == t("table.zero_yes")] == ["danger"]
    finally:
        driver.close()


def _first_game_coached(driver: Driver):
    """Ann's first game (the tips on), the coach switched on."""
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann")], seed=7, rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.step(0.5)
    driver.key(pygame.K_c)
    return table, session


def test_the_coachs_panel_waits_for_the_first_game_tips_and_the_dice_stay_in_sight():
    """Tips at the top of the felt and the coach's panel at its foot would leave the dice no room between them:
    while a tip shows, the coach marks the best move (the dice glow, or its box has the focus) and its panel
    comes once the tips are done."""
    from helpers import texts_on_screen

    from game.rules.i18n import t

    driver = Driver(animation="instant", walkthrough=True)
    try:
        table, session = _first_game_coached(driver)
        driver.key(pygame.K_SPACE)
        assert driver.wait_until(lambda: not table.busy(), 5)
        driver.step(0.2)
        assert table.walkthrough_shown() and 0 in table.coach.on
        assert t("table.coach_title") not in texts_on_screen(driver)
        best = table.coach.options()[0]
        if best.kind == "keep":
            assert sorted(session.state.dice[d] for d in table.tray.highlight) == sorted(best.keep)
        else:
            assert table.card.focus_box == best.box
        tip = table.walkthrough.box()
        assert not any(table.tray.die_rect(d).colliderect(tip) for d in range(5))
        lay = [table.tray.die_rect(d) for d in range(5)]
        driver.key(pygame.K_ESCAPE)  # the tips skipped
        assert not table.walkthrough.active
        assert driver.wait_until(lambda: table.banner_time <= 0, 5)  # the banner's words share the dock a moment
        assert t("table.coach_title") in texts_on_screen(driver)
        (dock,) = table.tray.keep_clear  # the panels' dock, the same with the tips, the coach or neither
        assert not any(table.tray.die_rect(d).colliderect(dock) for d in range(5) if not session.state.held[d])
        assert [table.tray.die_rect(d) for d in range(5)] == lay, "the coach's panel moved a die"
    finally:
        driver.close()


def test_the_last_tip_goes_at_the_next_scoring_and_the_coachs_panel_comes():
    """The bonus tip asks nothing of the player: left alone it would keep the coach's panel away all game. It
    stays for one turn's reading and goes at the next scoring."""
    import random

    from helpers import texts_on_screen

    from game.bots.levels import make_player
    from game.engine.actions import Score
    from game.rules.i18n import t

    driver = Driver(animation="instant", walkthrough=True)
    try:
        table, session = _first_game_coached(driver)
        brain, scored = make_player("greedy", random.Random(0)), 0
        while scored < 2:
            assert driver.wait_until(lambda: not table.busy() and table.person_to_play(), 5)
            if scored == 1 and session.state.dice is None:
                assert table.walkthrough.active and table.walkthrough.step.key == "bonus"
                assert t("table.coach_title") not in texts_on_screen(driver)
            move = brain.choose(session.state)
            table.act(move)
            scored += isinstance(move, Score)
        assert driver.wait_until(lambda: not table.busy() and table.person_to_play(), 5)
        driver.key(pygame.K_SPACE)
        assert driver.wait_until(lambda: not table.busy(), 5)
        driver.step(0.2)
        assert not table.walkthrough.active
        assert driver.wait_until(lambda: table.banner_time <= 0, 5)  # its words on the panel's title line a moment
        assert t("table.coach_title") in texts_on_screen(driver)
    finally:
        driver.close()
