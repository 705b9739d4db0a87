"""Every computer level in one place, easiest first: what each is called and which player plays it.

Adding a level is one line here (and its label in the string tables, ``newgame.level_NAME``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots.jackpot_players import GreedyJackpotPlayer, HeuristicJackpotPlayer, RandomJackpotPlayer
from game.bots.optimal import EasyPlayer, HardPlayer, MediumPlayer, OptimalPlayer
from game.bots.players import GreedyPlayer, HeuristicPlayer, RandomPlayer
from game.bots.solver_file import has_table
from game.rules.variant import Variant


@dataclass(frozen=True)
class Level:
    name: str
    player: type
    needs_table: bool = False  # plays from the solver's table (shipped, or built for a user's variant with numpy)


LEVELS: dict[str, tuple[Level, ...]] = {  # by family, easiest first
    "scorecard": (
        Level("random", RandomPlayer), Level("greedy", GreedyPlayer), Level("heuristic", HeuristicPlayer),
        Level("easy", EasyPlayer, True), Level("medium", MediumPlayer, True), Level("hard", HardPlayer, True),
        Level("optimal", OptimalPlayer, True),
    ),
    "jackpot": (
        Level("random", RandomJackpotPlayer), Level("greedy", GreedyJackpotPlayer),
        Level("heuristic", HeuristicJackpotPlayer),
    ),
}


def level_names(family: str = "scorecard") -> list[str]:
    return [level.name for level in LEVELS[family]]


def make_player(level: str, rng: random.Random | None = None, family: str = "scorecard"):
    """A computer player of this level for a variant family (``scorecard`` or ``jackpot``)."""
    for known in LEVELS[family]:
        if known.name == level:
            return known.player(rng)
    raise ValueError(f"unknown computer level '{level}' (known: {', '.join(level_names(family))})")


def player_for_seat(level: str | None, rng: random.Random | None = None, family: str = "scorecard",
                    variant: Variant | None = None):
    """The player for a seat read back from a save: an unknown level (a hand-edited file, a level of
    another family), or a level that needs a table this variant does not have (a user's variant saved where
    numpy could build it, opened in the app), plays as the family's heuristic rather than stopping the table."""
    needs_table = any(known.name == level and known.needs_table for known in LEVELS[family])
    if needs_table and variant is not None and not has_table(variant):
        level = "heuristic"
    try:
        return make_player(level or "heuristic", rng, family)
    except ValueError:
        return make_player("heuristic", rng, family)


def seat_players(session) -> dict:
    """A player for each computer seat of a scorecard game, each with its own generator drawn from the session's
    seed (a replay plays the same)."""
    rng = random.Random(session.seed ^ 0xB07)
    return {i: player_for_seat(seat.level, random.Random(rng.randrange(2**31)), variant=session.variant)
            for i, seat in enumerate(session.seats) if seat.is_computer}


def available_levels(family: str = "scorecard", variant: Variant | None = None) -> list[str]:
    """The levels to offer for a variant, easiest first: the solver's dial (easy, medium, hard, optimal)
    where the family has one and the variant's table is there (shipped, or built and cached: a user's
    variant gets it only where numpy can build it), else the levels that need no table."""
    levels = LEVELS[family]
    basic = [level.name for level in levels if not level.needs_table]
    dial = [level.name for level in levels if level.needs_table]
    if dial and (variant is None or has_table(variant)):
        return dial
    return basic
