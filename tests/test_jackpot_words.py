"""What the Jackpot table says a player did: both tiles of a Jackpot alike said once, in plural ("Ann took two
dollars (Jackpot)"), in English and Dutch; tiles that differ, or went to different places, a line each."""

from __future__ import annotations

import pytest
from helpers import texts_on_screen
from jackpot_helpers import WHITE_FACE, YELLOW_FACE
from scene_driver import Driver
from test_jackpot_table import _click_action, _Loaded

from game.engine.actions import Place, Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.variants import find_variant


def _ann_rolls_a_jackpot(driver: Driver, symbol: str):
    """Ann (a person) rolls four of ``symbol``, Ada (a computer) plays after her."""
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=4,
                      rolloff=False)
    session.rng = _Loaded([WHITE_FACE[symbol]] * 2 + [YELLOW_FACE[symbol]] * 2)
    table = driver.app.scene("table", session)
    driver.start(table)
    _click_action(driver, table, Roll(), use_keys=True)
    assert driver.wait_until(lambda: not table.throwing, 5)
    return table, session


def _said_after(driver: Driver, table, moves: list[Place]) -> list[str]:
    """Ann makes these moves (by keys); the picker's lines just after the last, and the words on screen."""
    for move in moves:
        _click_action(driver, table, move, use_keys=True)
    assert table.session.state.current_player() == 1  # Ada's turn: what Ann did is said until Ada rolls
    return table.heading.deed_text().split("\n"), " ".join(texts_on_screen(driver))


@pytest.mark.parametrize("language,said", [("en", "Ann took two dollars (Jackpot)"),
                                           ("nl", "Ann nam twee dollars (Jackpot)")])
def test_two_alike_tiles_of_a_jackpot_are_said_once_in_plural(language, said):
    driver = Driver(animation="fast", language=language)
    try:
        table, _ = _ann_rolls_a_jackpot(driver, "dollar")
        lines, shown = _said_after(driver, table, [Place("dollar", 0), Place("dollar", 1)])
        assert lines == [said]
        assert said in shown and i18n.t("jackpot.symbol.dollar.a") not in shown  # not "a dollar" twice
    finally:
        i18n.set_language("en")
        driver.close()


def test_two_different_tiles_of_a_jackpot_are_a_line_each():
    driver = Driver(animation="fast")
    try:
        table, _ = _ann_rolls_a_jackpot(driver, "bell")
        lines, _ = _said_after(driver, table, [Place("dollar", 0), Place("cherry", 1)])
        assert lines == ["Ann took a dollar (Jackpot)", "Ann took a cherry (Jackpot)"]
    finally:
        driver.close()


def test_alike_tiles_in_the_rack_and_the_chance_space_are_a_line_each():
    driver = Driver(animation="fast")
    try:
        table, _ = _ann_rolls_a_jackpot(driver, "cherry")
        lines, _ = _said_after(driver, table, [Place("bell", 0), Place("bell", "chance")])
        assert lines == ["Ann took a bell (Jackpot)", "Ann put a bell in the Chance Space (Jackpot)"]
    finally:
        driver.close()


def test_a_computers_roll_says_what_it_gets_not_an_order_to_the_room():
    """"Two pairs: take a bell or a cherry" is said to a person; of a computer's roll the table says "Bot takes
    ...", in English and Dutch."""
    import random

    from scene_driver import Driver

    from game.bots.levels import make_player
    from game.engine.actions import Roll
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules import i18n
    from game.rules.variants import find_variant

    for language, takes in (("en", " takes "), ("nl", " neemt ")):
        driver = Driver(animation="instant", language=language)
        try:
            session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Bot", "computer", "heuristic")], seed=5,
                              rolloff=False)
            table = driver.app.scene("table", session)
            driver.start(table)
            bot = make_player("heuristic", random.Random(0), "jackpot")
            while session.state.current_player() != 1 or session.state.stage != "roll":
                session.act(bot.choose(session.state))
            session.act(Roll())
            words = table.heading.grant_text()
            assert "Bot" + takes in words, words
            assert i18n.t("jackpot.take", roll="X", what="Y").split("X")[1].strip(": ").split()[0] not in words.split(
                "Bot")[0], words
        finally:
            driver.close()
