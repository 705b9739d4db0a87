"""Where a person aims a tile on Jackpot's big rack: the keyboard's cursor (Left/Right over the columns and the
Chance Space), the column the mouse points at, and what the rack lights for it (the columns a tile may drop
into, the Chance Space, the ghost tile where it would land). A part of
:class:`scenes.jackpot.jackpot_table.JackpotTableScene` (its ``aim``); it decides no rule: the controller's
turn (game.table.jackpot_turn.JackpotTurn) says where a tile may go and where it lands, and is handed in."""

from __future__ import annotations

from game.engine.actions import Place
from game.table.jackpot_turn import CHANCE_SPACE, JackpotTurn


class Aim:
    def __init__(self):
        self.cursor: int | str | None = None  # the keyboard's column (or the Chance Space), shown on the rack
        self.hover: int | None = None  # the column the mouse points at

    def at(self, targets: tuple | list) -> int | str | None:
        """Where the cursor stands among ``targets`` (the turn's, when a person may drop a tile). It keeps its
        place from turn to turn; when that column has filled up (or the Chance Space is not to be had) it stands
        on the next open column to the right."""
        if self.cursor is None or not targets:
            return None
        if self.cursor in targets:
            return self.cursor
        columns = [c for c in targets if isinstance(c, int)]
        if isinstance(self.cursor, int):
            return next((c for c in columns if c > self.cursor), targets[-1])
        return columns[-1] if columns else targets[-1]

    def move(self, targets: tuple | list, step: int) -> None:
        """Left/Right: the cursor to the next target (the Chance Space is right of the last column), or shows it
        (from the column the mouse points at)."""
        if not targets:
            return
        here = self.at(targets)
        if here is not None:
            self.cursor = targets[(list(targets).index(here) + step) % len(targets)]
        elif isinstance(self.hover, int):
            ahead = [c for c in targets if isinstance(c, int) and (c > self.hover if step > 0 else c < self.hover)]
            self.cursor = (ahead[0] if step > 0 else ahead[-1]) if ahead else targets[0 if step > 0 else -1]
        else:
            self.cursor = targets[0 if step > 0 else -1]
        self.hover = None

    def point(self, column: int | None) -> None:
        """The mouse points at ``column`` (None: no column): its column is the one shown."""
        self.hover = column
        if column is not None:
            self.cursor = None

    def light(self, racks: list, big, turn: JackpotTurn, targets: tuple, symbol: str | None, chosen,
              placing: bool) -> None:
        """Light ``big`` (the rack in view, or None) for the tile to drop: the open columns and the Chance Space,
        the cursor, and a ghost where the tile would land. ``targets``: where a person may aim now (empty: not a
        person's drop); ``symbol``: their tile; ``chosen``: a computer's move, its ghost shown before it drops;
        ``placing``: nothing in the air or being summed up, so a drop can be shown."""
        for view in racks:
            if view is not big:
                view.lit_columns, view.chance_lit, view.ghost, view.focus = set(), False, None, None
        if big is None:
            return
        cursor = self.at(targets)
        big.focus = cursor
        bot_ghost = isinstance(chosen, Place) and chosen.target != CHANCE_SPACE
        if not (placing and turn.placing and (targets or bot_ghost)):
            big.lit_columns, big.chance_lit, big.ghost = set(), False, None
            return
        big.lit_columns = set(turn.columns)
        big.chance_lit = turn.chance_lit
        if turn.stage == "chance_option":
            symbol = turn.chance_tile
        column = chosen.target if bot_ghost else (cursor if cursor is not None else self.hover)
        if column == CHANCE_SPACE and not bot_ghost:
            valid = turn.chance_lit
        else:
            valid = turn.row(column) is not None
        big.ghost = (chosen.symbol, column) if bot_ghost and valid else ((symbol, column) if valid and symbol else None)
