"""Whole games of every scorecard variant played through the real scenes with injected events.

Person seats are played by a script that decides with a computer player's
judgement but acts only through mouse clicks and keys on the screen; the
computer seats play themselves. At the end, what the people did (read from
the session's log) is exactly what the script clicked, and the final scores
are what the engine gives when the log is replayed from the start.
"""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.bots.players import GreedyPlayer, HeuristicPlayer
from game.engine.actions import Copy, Hold, Release, Roll, Score
from game.engine.session import Session, replay
from game.engine.state import Seat
from game.rules.variants import find_variant

VARIANTS = ["classic", "official", "dutch", "fivezee", "challenge", "yatzy"]


def _person_step(driver: Driver, table, brain, intended: list, use_keys: bool) -> None:
    """Decide like the brain would, then do it with clicks or keys on the table."""
    state = table.state
    action = brain.choose(state)
    intended.append(action)
    if isinstance(action, Roll):
        if use_keys:
            driver.key(pygame.K_SPACE)
        else:
            driver.click(table.roll_button.rect.center)
    elif isinstance(action, (Hold, Release)):
        if use_keys:
            driver.key(getattr(pygame, f"K_{table.key_for(action.die)}"))
        else:
            driver.click(table.tray.die_rect(action.die).center)
    elif isinstance(action, Copy):
        wanted, chosen = list(action.values), set()
        for die, face in enumerate(state.common):
            if face in wanted:
                wanted.remove(face)
                chosen.add(die)
        for die in sorted(chosen ^ table.selected):  # some may start selected (a forced copy)
            driver.click(table.tray.die_rect(die).center)
        driver.key(pygame.K_RETURN) if use_keys else driver.click(table.copy_button.rect.center)
    elif isinstance(action, Score):
        options = state.options()
        driver.click(table.card.box_rect(action.box, state.seat).center)
        if options.scores[action.box] == 0 and any(options.scores.values()):
            dialog = driver.top
            driver.click(dialog.row.buttons[1].rect.center)  # "Score 0"
    else:
        raise AssertionError(f"unexpected action {action}")


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_whole_game_through_the_scenes(variant_id):
    from scenes.menus.rolloff import RollOffScene
    from scenes.scorecard.table import TableScene

    variant = find_variant(variant_id)
    seats = [Seat("Ann", "person"), Seat("Bot", "computer", "greedy"), Seat("Cas", "person")]
    session = Session(variant, seats, 1, seed=sum(map(ord, variant_id)))
    driver = Driver(animation="instant")
    try:
        driver.start(RollOffScene(driver.app, session))
        driver.click((640, 400))  # skip the roll-off
        table = driver.top
        assert isinstance(table, TableScene)
        brains = {0: GreedyPlayer(random.Random(1)), 2: HeuristicPlayer(random.Random(2))}
        intended: dict[int, list] = {0: [], 2: []}
        for _ in range(4000):
            if session.state.is_terminal():
                break
            top = driver.top
            if top is not table:  # a hand-off or a dialog over the table
                driver.step(0.1)
                continue
            if table.handoff is not None:
                driver.key(pygame.K_RETURN)
                continue
            seat = session.state.current_player()
            if seat in brains and table.person_to_play():
                _person_step(driver, table, brains[seat], intended[seat], use_keys=seat == 2)
            else:
                driver.step(0.1)
        assert session.state.is_terminal()
        done = [a for a in session.log if not hasattr(a, "faces")]
        by_people = {0: [], 2: []}
        state = session.start.clone()
        for action in session.log:
            if state.phase == "play" and state.current_player() in by_people and not hasattr(action, "faces"):
                by_people[state.current_player()].append(action)
            state.apply(action)
        assert by_people == intended
        assert replay(session.start, session.log).match_totals() == session.state.match_totals()
        assert all(card.is_full() for card in session.state.cards[0])
        assert done  # something was played
        from scenes.menus.gameover import GameOverScene

        assert driver.wait_until(lambda: isinstance(driver.top, GameOverScene), 3.0)  # once the last box was seen
    finally:
        driver.close()
