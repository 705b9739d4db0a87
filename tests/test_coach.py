"""The coach at the table: the best move marked, and the costly choices reported after the game."""

from __future__ import annotations

import random

import pygame

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

from scene_driver import Driver


def _coached_roll(driver):
    """Ann against a computer at classic, the coach switched on with a click, the dice rolled."""
    from scenes.tables.table import TableScene

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
    from scenes.tables.coach import Coach

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
    from scenes.tables.table import TableScene

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
    from scenes.tables.table import TableScene

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
        assert isinstance(table.players[1], HeuristicPlayer)
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
    from game.rules import i18n
    from scenes.tables.coach import describe

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

    from scenes.tables.coach import describe

    variant = find_variant("classic")
    said = [describe(SimpleNamespace(kind="keep", keep=keep, box=None, points=None), variant)
            for keep in [(5,), (5, 5), (5, 5, 5), (2, 3, 4, 5), ()]]
    assert said == ["holding one five", "holding two fives", "holding three fives", "holding 2 3 4 5",
                    "rolling all the dice"]


def test_the_coach_switched_on_is_kept_with_the_saved_game():
    from game.store.saves import load_saved, save_session
    from game.rules.variants import load_all
    from scenes.tables.table import TableScene

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
