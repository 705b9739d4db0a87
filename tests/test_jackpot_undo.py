"""Undo in Jackpot never crosses a round's end: once a round is scored (and its summary shown), its last tile
stays where it is, through the engine and at the table; a tile within a round can still be taken back."""

from __future__ import annotations

import pygame
from jackpot_helpers import rack, snapshot, sync_supply
from scene_driver import Driver

from game.engine.actions import Place, Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.saves import load_saved, save_session

FULL = rack("""
    D
    D B
    C C C
    O O O O
    B B B B B
""")


def _one_window_left(seats: list[Seat], round_index: int = 0) -> Session:
    """A session whose round ends with the next tile: Ann's rack is full, Ben (to play) has one window left,
    in column 4. Set up in the session's start as well, so an undo's replay starts from the same table."""
    session = Session(find_variant("jackpot"), seats, seed=2, rolloff=False)
    for state in (session.start, session.state):
        state.round = round_index
        state.racks = [dict(FULL), {cell: tile for cell, tile in FULL.items() if cell != (4, 0)}]
        sync_supply(state)
        state.seat = 1
    return session


def _ben_ends_the_round(session: Session) -> None:
    """Ben rolls and drops his tile(s) into the rack's last window (a Jackpot's second tile into his Chance
    Space): the round is scored."""
    rounds = len(session.state.scores)
    session.act(Roll())
    while len(session.state.scores) == rounds:
        moves = session.legal_actions()
        session.act(next((m for m in moves if isinstance(m, Place) and m.target == 4), moves[0]))


def test_the_move_that_ends_a_round_cannot_be_taken_back():
    session = _one_window_left([Seat("Ann"), Seat("Ben")])
    _ben_ends_the_round(session)
    assert len(session.state.scores) == 1 and session.state.round == 1  # scored; round 2 begins
    totals, before = session.state.totals(), snapshot(session.state)
    assert session.undoable() is None and not session.undo()
    assert snapshot(session.state) == before and session.state.totals() == totals
    assert session.undos == 0


def test_the_round_end_stays_a_floor_after_continue():
    """A game saved right after a round's end and picked up with Continue: the floor is found again."""
    session = _one_window_left([Seat("Ann"), Seat("Ben")])
    _ben_ends_the_round(session)
    save_session(session)
    resumed = load_saved(find_variant).session
    assert resumed.state == session.state
    assert resumed.undoable() is None and not resumed.undo()


def test_the_last_round_ends_the_game_and_stays_ended():
    session = _one_window_left([Seat("Ann"), Seat("Ben")], round_index=2)
    _ben_ends_the_round(session)
    assert session.state.is_terminal() and session.undoable() is None and not session.undo()
    assert session.state.is_terminal()


def test_within_a_round_a_tile_can_still_be_taken_back_and_the_next_round_undoes_its_own():
    session = _one_window_left([Seat("Ann"), Seat("Ben")])
    _ben_ends_the_round(session)
    starter = session.state.seat  # round 2 starts one seat to the left of round 1
    session.act(Roll())
    while session.state.current_player() == starter:
        session.act(next(m for m in session.legal_actions() if isinstance(m, Place)))
    assert session.undoable() is not None and session.undo()  # that tile came back
    assert session.state.current_player() == starter and session.state.round == 1
    assert len(session.state.scores) == 1  # round 1 untouched


def test_at_the_table_undo_does_not_reopen_a_round_whose_summary_was_shown():
    """The play test: U at the start of round 2 reopened round 1 and showed its summary again."""
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.jackpot.jackpot_table import JackpotTableScene

    driver = Driver(animation="instant")
    try:
        session = _one_window_left([Seat("Ann", "computer", "greedy"), Seat("Ben")])
        table = JackpotTableScene(driver.app, session)
        driver.start(table)
        assert driver.wait_until(table.person_to_play, 5)
        driver.key(pygame.K_SPACE)  # Ben rolls
        assert driver.wait_until(lambda: not table.throwing, 5)
        while len(session.state.scores) == 0:
            driver.key(pygame.K_5)  # his last window, column 5 (a Jackpot's second tile: the Chance Space)
            if len(session.state.scores) == 0 and session.state.stage == "place":
                driver.key(pygame.K_c)
        assert driver.wait_until(lambda: isinstance(driver.top, JackpotRoundScene), 10)
        summary = driver.top
        driver.key(pygame.K_RETURN)  # every line
        driver.key(pygame.K_RETURN)  # on to round 2
        assert driver.top is table and summary not in driver.app.stack.scenes
        totals = session.state.totals()
        driver.key(pygame.K_u)
        driver.step(0.5)
        assert driver.top is table  # no summary again
        assert session.state.round == 1 and len(session.state.scores) == 1 and session.state.totals() == totals
        assert not table.undo_button.enabled and table.undo_button.rect.right < 0  # no Undo offered at all
    finally:
        driver.close()
