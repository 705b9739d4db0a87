"""Who may take back which move: the controller's answer, for any seat, and why not in players' words.

A seat takes back only its own move. A move made by a seat that takes no commands at this screen (a
computer, a player far away) is never taken back from here. At one screen, a person may ask to take back
another person's move: that person is asked first, and their answer decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Place, Score


@dataclass(frozen=True)
class UndoRight:
    """What ``seat`` may take back now: ``move`` (None: nothing, and ``why`` says why not), ``owner``'s move,
    at once or once the owner agrees (``asks``). True when there is something to take back or to ask for."""

    seat: int | None
    move: Any = None
    owner: int = -1
    asks: bool = False
    why: str = ""

    def __bool__(self) -> bool:
        return self.move is not None


def undo_right(table: Any, seat: int | None) -> UndoRight:
    """Judge an undo asked by ``seat`` at ``table`` (a ``TableController``) now."""
    session = table.session
    if not table.undo_on:
        return UndoRight(seat, why="a demo takes nothing back" if table.demo else "this table takes no moves back")
    index = session.undoable()
    if index is None:
        return UndoRight(seat, why=nothing_now(table))
    owner, move = session.actors[index], session.log[index]
    named, what = name(table, owner), move_words(session, move)
    if seat is None:
        return UndoRight(seat, why="nobody at this screen has had the dice yet")
    if not table.is_person(seat):
        asker = name(table, seat) if 0 <= seat < len(table.drivers) else "that seat"
        return UndoRight(seat, why=f"{asker} does not play at this screen: only a person here can take a move back")
    if not table.is_person(owner):
        return UndoRight(seat, why=f"{named}'s {what} was not played at this screen: it cannot be taken back here")
    return UndoRight(seat, move, owner, asks=owner != seat)


def nothing_now(table: Any) -> str:
    """Why nothing can be taken back: the last move was no box or tile, or someone has played since."""
    if table.session.dice_pending:
        return "the dice have not landed yet"
    return "there is nothing to take back now: only the last box filled or tile dropped, before anyone plays on"


def name(table: Any, seat: int) -> str:
    return str(table.state.seats[seat].name)


def move_words(session: Any, move: Any) -> str:
    """A move as players say it: the box's name ("Small Straight"), "tile"."""
    if isinstance(move, Score):
        return str(session.variant.box(move.box).name)
    return "tile" if isinstance(move, Place) else "move"
