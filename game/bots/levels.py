"""Every computer level in one place, easiest first: what each is called, which player plays it, and which
place on the dial (Easy, Medium, Hard, Perfect) it takes; and which level plays where no one chose one: a new
computer seat and a seat whose level is unknown (``USUAL_LEVEL``), the demo's seats (``DEMO_LEVELS``), a seat
the table plays with no player of its own (``stand_in``).

Adding a level is one line in its family's levels (``SCORECARD_LEVELS``, ``JACKPOT_LEVELS``, which game.kinds
names): the New game screen offers it (``available_levels``), the command line and the saved seats take its name,
and it is shown by its place on the dial (the string tables' ``newgame.level.easy`` ... ``perfect``). Only a
level with a new place on the dial needs a new label there (and ``DIAL`` its name); a level with none is shown by
its own name. tests/test_kinds.py checks this.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots.jackpot_players import GreedyJackpotPlayer, HeuristicJackpotPlayer, RandomJackpotPlayer
from game.bots.optimal import EasyPlayer, HardPlayer, MediumPlayer, OptimalPlayer
from game.bots.players import GreedyPlayer, HeuristicPlayer, RandomPlayer
from game.bots.solver_file import has_table
from game.kinds import parts
from game.rules.variant import Variant


@dataclass(frozen=True)
class Level:
    name: str
    player: type
    needs_table: bool = False  # plays from the solver's table (shipped, or built for a user's variant with numpy)
    dial: str = ""  # its place on the dial, where its kind of level is offered (with a table, or without one)


DIAL = ("easy", "medium", "hard", "perfect")  # the names people choose by, on screen and on the command line
USUAL_LEVEL = "heuristic"  # a new computer seat's, and what a seat of an unknown level plays (in every family)
DEMO_LEVELS = (USUAL_LEVEL, "greedy") * 3  # the demo's seats, in turn (every family has both)

# Each family's levels, easiest first (game.kinds names which a family has).
SCORECARD_LEVELS = (
    Level("random", RandomPlayer, dial="easy"), Level("greedy", GreedyPlayer, dial="medium"),
    Level("heuristic", HeuristicPlayer, dial="hard"),
    Level("easy", EasyPlayer, True, "easy"), Level("medium", MediumPlayer, True, "medium"),
    Level("hard", HardPlayer, True, "hard"), Level("optimal", OptimalPlayer, True, "perfect"),
)
JACKPOT_LEVELS = (
    Level("random", RandomJackpotPlayer, dial="easy"), Level("greedy", GreedyJackpotPlayer, dial="medium"),
    Level("heuristic", HeuristicJackpotPlayer, dial="hard"),
)
LEVELS: dict[str, tuple[Level, ...]] = parts("levels")  # by family


def level_names(family: str = "scorecard") -> list[str]:
    return [level.name for level in LEVELS[family]]


def dial_of(level: str | None) -> str | None:
    """Where a level stands on the dial, in any family: "easy", "medium", "hard", "perfect" (None: unknown)."""
    return next((known.dial for levels in LEVELS.values() for known in levels if known.name == level), None)


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
    numpy could build it, opened in the app), plays as the family's usual level rather than stopping the table."""
    needs_table = any(known.name == level and known.needs_table for known in LEVELS[family])
    if needs_table and variant is not None and not has_table(variant):
        level = USUAL_LEVEL
    try:
        return make_player(level or USUAL_LEVEL, rng, family)
    except ValueError:
        return stand_in(family, rng)


def stand_in(family: str = "scorecard", rng: random.Random | None = None):
    """The player for a seat that has none of its own (a person's seat the table plays for): the usual level."""
    return make_player(USUAL_LEVEL, rng, family)


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


def table_can_be_had(variant: Variant | None) -> bool:
    """Whether the solver's levels can play this variant: a scorecard game whose table is here (shipped or
    cached) or can be built (numpy)."""
    from game.bots.solver import can_build

    return variant is not None and variant.solvable and (has_table(variant) or can_build())


def dial_level(name: str, variant) -> Level:
    """The level a name given on the command line plays in this variant. A dial's name (easy, medium, hard,
    perfect) is the solver's level where the variant's table can be had, else the basic level of its place
    (Jackpot, a variant of your own without numpy); Perfect, which has no basic level, then plays the best
    there is. Any other level's own name is that level. ValueError names the known ones."""
    levels = LEVELS[variant.family]
    if name in DIAL:
        offered = [level for level in levels if level.needs_table == table_can_be_had(variant)]
        return next((level for level in offered if level.dial == name), offered[-1])
    for level in levels:
        if level.name == name:
            return level
    raise ValueError(f"unknown player '{name}' (known: {', '.join(known_names(variant.family))})")


def known_names(family: str = "scorecard") -> list[str]:
    """What the command line takes for a computer player: the dial's names, then every level of the family."""
    return list(DIAL) + [name for name in level_names(family) if name not in DIAL]
