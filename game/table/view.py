"""What one seat may do at the table now, and why not: the controller's answer, as one frozen value.

The screens read this (and the events) instead of judging for themselves: whether Roll and the Copy button
can be pressed, which boxes may be filled and for how many points, Challenge's picked dice, who is to be
handed the dice, what the seat may take back. A seat far away could be sent the same value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Copy, Roll, Score
from game.table.undo import UndoRight, undo_right


@dataclass(frozen=True)
class TableView:
    """The table as ``seat`` sees it now. ``may_act``: that seat may make a move at once (else ``why_not``)."""

    seat: int
    to_play: int  # the seat whose turn it is (-1: nobody's, the match is over)
    may_act: bool
    why_not: str  # empty when ``may_act``
    awaiting: int | None  # the person at this screen to be handed the dice before their turn begins
    moves: tuple[Any, ...]  # the legal moves of ``seat`` now (none unless it may act)
    boxes: tuple[tuple[str, int], ...]  # the boxes it may fill now, with their points
    picks: frozenset[int] = frozenset()  # Challenge: the common dice it has picked to copy
    pick_range: tuple[int, int] = (0, 0)  # Challenge: how few and how many it may copy (0, 0: not picking now)
    undo: UndoRight = UndoRight(None)

    @property
    def may_roll(self) -> bool:
        return Roll() in self.moves

    @property
    def may_copy(self) -> bool:
        """Challenge: the picked dice may be copied as they are."""
        return self.pick_range != (0, 0) and self.pick_range[0] <= len(self.picks) <= self.pick_range[1] \
            and self.may_act

    def points(self, box: str) -> int | None:
        """The points ``box`` would score now (None: it may not be filled now)."""
        return dict(self.boxes).get(box)


def why_seat_waits(table: Any, seat: int) -> str:
    """Why ``seat`` may not move now (empty: it may), in the words of the controller's refusals."""
    if table.session.dice_pending:
        return "the dice have not landed yet"
    if table.seat < 0:
        return "the match is over"
    if not table.is_person(seat):
        return "that seat does not play at this screen"
    if table.seat != seat:
        return f"it is {table.state.seats[table.seat].name}'s turn"
    if table.awaiting is not None:
        return "the next player has not taken the dice yet"
    return ""


def view_for(table: Any, seat: int) -> TableView:
    """The view of ``table`` (a ``TableController``) for ``seat``."""
    why = why_seat_waits(table, seat)
    state = table.state
    moves = tuple(state.legal_actions()) if not why else ()
    options = state.options() if not why and any(isinstance(m, Score) for m in moves) else None
    boxes = tuple((box, options.scores[box]) for box in state.variant.box_ids if box in options.scores) \
        if options else ()
    picking = not why and any(isinstance(m, Copy) for m in moves)
    return TableView(seat, table.seat, not why, why, table.awaiting, moves, boxes,
                     frozenset(table.picks) if picking else frozenset(),
                     state.copy_range() if picking else (0, 0), undo_right(table, seat))
