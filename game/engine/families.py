"""Which state plays which kind of game: the engine's look-up of what game.kinds registers.

A scorecard variant is played with ``solo`` turns (ScorecardState) or ``common`` rolls (Challenge's
CommonRollState); a Jackpot variant by JackpotState. Every state rebuilds itself from JSON with its own
``from_json`` classmethod, so a clone is always of the same kind. Each state also says what its results are,
so no one outside the engine asks which kind it is: ``bonuses_won(seat)`` (what the records count beside the
totals), ``result_rows(last)`` and ``result_row_count()`` (the results' table). tests/test_kinds.py checks that
every kind here answers them.
"""

from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Seat
from game.kinds import parts

STATES: dict[str, type[GameState]] = parts("state")  # by the variant's kind, as game.kinds names them


def state_class(variant: Any) -> type[GameState]:
    return STATES[variant.kind]


def new_state(variant: Any, seats: list[Seat], games: int = 1, rolloff: bool = True) -> GameState:
    """A fresh match of a variant, with the engine its kind names."""
    return state_class(variant)(variant, seats, games, rolloff)


def state_from_json(data: Any, variant: Any) -> GameState:
    """Rebuild a state from its ``to_json``; damaged data raises SaveError."""
    return state_class(variant).from_json(data, variant)
