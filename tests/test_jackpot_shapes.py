"""Every shape of Jackpot a variant file may take plays to its end: racks of one to 8x8 windows, one to four
symbols of 1 to 200 tiles, one to six seats, every kind of grant. A supply too small to fill the racks
ends the round when no tile is left to give (docs/rules.md, section 2); it used to go on for ever, every
turn handing its tile back."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
import yaml

from game.bots.levels import make_player
from game.engine.families import new_state
from game.engine.state import Seat
from game.rules.jackpot import CHOICES, ROLL_CLASSES, SYMBOLS, parse_jackpot

ROOT = Path(__file__).resolve().parent.parent
RACKS = {"two windows": [1, 1], "a staircase": [3, 4, 5], "8x8": [8] * 8}
GRANTS = {
    "the sheet's": None,
    "two of any, always the Chance Option": {"tiles": 2, "choice": "any", "chance_option": True},
    "one matching, never the Chance Option": {"tiles": 1, "choice": "matching", "chance_option": False},
    "every choice in turn": "mixed",
}


def jackpot_shape(seats: int, symbols: int, tiles: int, rack: str, grant: str, rounds: int = 2):
    """The shipped Jackpot with its supply, rack, seats and grants changed."""
    data = yaml.safe_load((ROOT / "assets" / "variants" / "jackpot.yaml").read_text(encoding="utf-8"))
    ids = SYMBOLS[:symbols]
    data["players"] = {"min": seats, "max": seats}
    data["symbols"] = [s | {"tiles": tiles} for s in data["symbols"] if s["id"] in ids]
    data["dice"] = [d | {"faces": [ids[(i + n) % symbols] for i in range(6)]} for n, d in enumerate(data["dice"])]
    columns = RACKS[rack]
    bottom = [[c, 0] for c in range(len(columns))] if len(columns) > 1 else [[0, 0], [0, 1]]
    data["rack"] = {"columns": columns, "lines": [{"name": "bottom row", "cells": bottom}]}
    data["runs"] = {s: {2: 10, 3: 30} for s in ids}
    data["rack_bonus"] = [{"tiles": 1, "points": 5}]
    data["high_round_bonus"] = [30] * rounds
    data["rounds"] = rounds
    if GRANTS[grant] == "mixed":
        data["grants"] = {roll_class: {"tiles": 1 + n % 2, "choice": CHOICES[n % len(CHOICES)],
                                       "chance_option": n % 2 == 0} for n, roll_class in enumerate(ROLL_CLASSES)}
    elif GRANTS[grant]:
        data["grants"] = {roll_class: dict(GRANTS[grant]) for roll_class in ROLL_CLASSES}
    return parse_jackpot(data, "shape.yaml", "shape")


SHAPES = list(itertools.product([1, 3, 6], [1, 4], [1, 200], RACKS, GRANTS))


@pytest.mark.parametrize("seats,symbols,tiles,rack,grant", SHAPES,
                         ids=[f"{s} seats-{n} symbols of {t}-{r}-{g}" for s, n, t, r, g in SHAPES])
def test_every_shape_plays_to_the_end_with_the_bots(seats, symbols, tiles, rack, grant):
    variant = jackpot_shape(seats, symbols, tiles, rack, grant)
    state = new_state(variant, [Seat(f"Bot {n}", "computer", "greedy") for n in range(seats)])
    levels = ["random", "greedy", "heuristic"]
    bots = [make_player(levels[n % 3], random.Random(n), "jackpot") for n in range(seats)]
    rng = random.Random(7)
    # Each turn puts a tile into a rack or the Chance Space, or hands one back to a supply that then ends the
    # round: a bound far above the longest game (six 8x8 racks, two rounds) and far below "never".
    most = 40 * variant.rounds * seats * (variant.windows + 1)
    for _ in range(most):
        if state.is_terminal():
            break
        if state.pending is not None:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(bots[state.current_player()].choose(state))
    assert state.is_terminal(), f"not over after {most} moves: round {state.round}, supply {state.supply}"
    assert len(state.scores) == variant.rounds


def test_a_supply_too_small_ends_the_round_when_it_runs_out():
    variant = jackpot_shape(6, 4, 1, "8x8", "the sheet's", rounds=1)  # four tiles for six racks of 64
    state = new_state(variant, [Seat(f"P{n}") for n in range(6)], rolloff=False)
    bot = make_player("greedy", random.Random(1), "jackpot")
    rng = random.Random(3)
    for _ in range(10_000):  # bounded: it used to go on for ever
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()) if state.pending is not None else bot.choose(state))
    assert state.is_terminal()
    placed = sum(len(rack) for rack in state.last_racks) + sum(c is not None for c in state.last_chance)
    assert placed == 4  # every tile was given before the round ended


def test_a_round_that_runs_out_of_tiles_ends_at_the_table_too():
    from scene_driver import Driver

    from game.engine.session import Session
    from scenes.menus.gameover import GameOverScene

    variant = jackpot_shape(3, 1, 5, "a staircase", "the sheet's")  # five cherries for three racks of 12
    seats = [Seat(name, "computer", level) for name, level in (("Ada", "heuristic"), ("Bram", "greedy"),
                                                                ("Cas", "random"))]
    driver = Driver(animation="instant")
    try:
        session = Session(variant, seats, 1, seed=4)
        driver.start(driver.app.scene("opening", session, demo=True))
        assert driver.wait_until(lambda: isinstance(driver.top, GameOverScene), seconds=600, step=0.5)
        assert session.state.is_terminal() and len(session.state.scores) == variant.rounds
    finally:
        driver.close()
