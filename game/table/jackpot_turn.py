"""What the seat to play may do now at Jackpot's table, and why not: the controller's answer
(``JackpotController.turn``), a frozen view the screens read instead of asking the rules themselves.

It says whether a person at this screen has the dice, the stage of the turn, the tiles the roll gives, where a
tile may drop (each column's landing row, the Chance Space), the Chance Option's choices, which move a tap or
key on a column (or the Chance Space) means, and why one is refused, as a string key the window words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import ChanceOption, Place

CHANCE_SPACE = "chance"  # as game.engine.jackpot_state names it


@dataclass(frozen=True)
class Why:
    """Why a move is refused: a string key of the catalogue and its values (the window words it)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def words(self) -> dict[str, Any]:
        return dict(self.values)


@dataclass(frozen=True)
class JackpotTurn:
    """What ``seat`` may do now (see the module docstring). ``stage`` is the state's ("roll", "place",
    "chance_option"), or "" while no move can be made (the lot, dice not landed yet, the game over)."""

    seat: int
    may_act: bool = False  # a person at this screen has the dice
    stage: str = ""
    symbols: tuple[str, ...] = ()  # the tiles the roll gives, one to pick (stage "place")
    landing: tuple[int | None, ...] = ()  # each column's row a tile dropped now lands in (None: full)
    chance_free: bool = False  # the seat's Chance Space holds no tile
    chance_tile: str | None = None  # the tile in it (at the Chance Option, the one kept, returned or dropped)
    chance_options: tuple[str, ...] = ()  # "keep", "return", "drop" at the Chance Option

    @property
    def may_roll(self) -> bool:
        return self.may_act and self.stage == "roll"

    @property
    def placing(self) -> bool:
        """A tile is to go somewhere: one the roll gave, or the Chance Space's at the Chance Option."""
        return self.stage == "chance_option" or self.stage == "place" and bool(self.symbols)

    @property
    def columns(self) -> tuple[int, ...]:
        """The columns with an open window."""
        return tuple(c for c, row in enumerate(self.landing) if row is not None)

    def row(self, column: Any) -> int | None:
        """The row a tile dropped into ``column`` now lands in (None: full, or no such column)."""
        return self.landing[column] if isinstance(column, int) and 0 <= column < len(self.landing) else None

    @property
    def chance_lit(self) -> bool:
        """A roll's tile may go into the Chance Space."""
        return self.stage == "place" and self.chance_free

    def targets(self) -> tuple[int | str, ...]:
        """Where the tile may go: the open columns, then the Chance Space (empty, for a roll's tile; or, at the
        Chance Option, the full one, to keep its tile)."""
        if self.stage == "chance_option":
            return (*self.columns, CHANCE_SPACE)
        if self.placing:
            return (*self.columns, CHANCE_SPACE) if self.chance_free else self.columns
        return ()

    def move(self, target: int | str, symbol: str | None = None) -> Any:
        """The move a tap or key on ``target`` means now (None: none at this stage): at the Chance Option a column
        drops the Chance Space's tile there and the Chance Space keeps it; else ``symbol`` goes to ``target``."""
        if self.stage == "chance_option":
            return ChanceOption("drop", target) if isinstance(target, int) else ChanceOption("keep")
        if self.stage == "place" and symbol is not None:
            return Place(symbol, target)
        return None

    def why_not(self, move: Any) -> Why | None:
        """Why the rules refuse ``move`` where a person would try it: a full column, a taken Chance Space."""
        target = move.target if isinstance(move, Place) else move.column if isinstance(move, ChanceOption) else None
        if isinstance(target, int) and 0 <= target < len(self.landing) and self.landing[target] is None:
            return Why("jackpot.column_full", (("column", target + 1),))
        if isinstance(move, Place) and target == CHANCE_SPACE and not self.chance_free:
            return Why("jackpot.chance_taken")
        return None


def jackpot_turn(state: Any, seat: int, may_act: bool) -> JackpotTurn:
    """The view of ``state`` (a JackpotState) for ``seat``, the seat to play."""
    if seat < 0 or state.pending is not None or state.phase != "play":
        return JackpotTurn(seat)
    landing = tuple(state.landing_row(seat, c) for c in range(len(state.variant.columns)))
    stage = state.stage
    return JackpotTurn(seat, may_act, stage, state.tile_symbols() if stage == "place" else (), landing,
                       state.chance[seat] is None, state.chance[seat],
                       ("keep", "return", "drop") if stage == "chance_option" else ())
