"""Test helpers: states driven with scripted dice instead of a random generator."""

from __future__ import annotations

import os

from game.engine.actions import Dice, Hold, Roll, Score
from game.engine.families import new_state
from game.engine.state import CHANCE, Seat
from game.rules.variants import find_variant


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def fresh(variant_id: str, players: int = 1, games: int = 1, rolloff: bool = False):
    return new_state(find_variant(variant_id), seats(players), games, rolloff)


def roll(state, *faces: int) -> None:
    """Roll and land the rolled dice on these faces (in die order)."""
    state.apply(Roll())
    assert state.current_player() == CHANCE
    state.apply(Dice(tuple(faces)))


def hold(state, *dice: int) -> None:
    for die in dice:
        state.apply(Hold(die))


def turn(state, dice: tuple[int, ...], box: str) -> int:
    """One whole turn: roll these five dice, score them in this box; returns the points."""
    roll(state, *dice)
    seat = state.seat
    card = state.card(seat)
    before = card.boxes[box]
    assert before is None
    state.apply(Score(box))
    return card.boxes[box]


def set_card(state, seat: int = 0, **boxes: int) -> None:
    """Fill boxes directly (for joker set-ups)."""
    for box, score in boxes.items():
        state.card(seat).boxes[box] = score


def check_resume_continues(straight, variant, seed: int, cut: int, play) -> None:
    """Play ``cut`` moves, save and load, play both on with the same choices: one and the same game.

    ``play(session, rng, limit)`` makes up to ``limit`` moves with choices drawn from ``rng``.
    """
    import json
    import random

    from game.engine.session import Session, replay

    rng_a = random.Random(seed)
    play(straight, rng_a, cut)
    saved = json.loads(json.dumps(straight.to_json()))
    resumed = Session.from_json(saved, variant)
    assert resumed.state == straight.state
    assert replay(resumed.start, resumed.log) == straight.state
    rng_b = random.Random()
    rng_b.setstate(rng_a.getstate())
    play(straight, rng_a, 10**6)
    play(resumed, rng_b, 10**6)
    assert resumed.state.is_terminal() and resumed.state == straight.state
    assert resumed.log == straight.log


def texts_on_screen(driver) -> list[str]:
    """The words the next frame shows, as drawn (texts drawn over by a panel or veil left out)."""
    from scenes.ui.widgets import record_text

    record_text(True)
    try:
        driver.app.render()
    finally:
        drawn = record_text(False)
    return [d.words for d in drawn if not d.covered]


THOROUGH_TIMES = 10  # HYPOTHESIS_PROFILE=thorough: every property test tries this many times its examples


def continue_from_title(driver):
    """Leave the game for the title, as the menu's Quit does, and press Continue: the scene it resumes in."""
    from scenes.menus.title import TitleScene

    driver.app.stack.clear(TitleScene(driver.app))
    driver.step(0.1)
    assert driver.top.row.buttons[0].label == "Continue"
    driver.click(driver.top.row.buttons[0].rect.center)
    return driver.top


def kiosk_at_title(config):
    """A kiosk's app (instant animations) showing its title: the kiosk tests' start."""
    from scene_driver import Driver

    from scenes.menus.title import TitleScene

    driver = Driver(animation="instant", kiosk=config)
    driver.start(TitleScene(driver.app))
    driver.step(0.1)
    return driver


def examples(count: int) -> int:
    """A property test's number of examples: ``count``, or many more under the ``thorough`` profile (the
    profile alone cannot raise a number a test names itself)."""
    return count * THOROUGH_TIMES if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else count


def at_third_roll(driver, name: str, dice: tuple[int, ...], coached: bool, boxes: dict):
    """``name`` alone at classic with ``boxes`` filled, the third roll on the table showing ``dice`` (the log
    replays to this state), the coach on if ``coached``: the scorecard table for it, open in ``driver``."""
    from game.engine.session import Session
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat(name)], seed=3, rolloff=False)
    for state in (session.start, session.state):
        set_card(state, **boxes)
    for action in (Roll(), Dice(dice)) * 3:  # as if rolled three times
        session.state.apply(action)
        session.log.append(action)
        session.actors.append(-1 if isinstance(action, Dice) else 0)
    if coached:
        session.coached.add(0)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.step(0.2)
    return table, session
