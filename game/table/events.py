"""What the table tells its views after a command or a computer's move.

Views animate these; they never decide anything. Every move a seat makes comes first as ``Moved``, then
what it did: dice thrown, a die held, a box filled, tiles dropped, a turn passed, a round or a game over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Moved:
    """A seat made a move (the engine's action): said first, before what it did."""

    seat: int
    action: Any


@dataclass(frozen=True)
class Rolled:
    """Dice were thrown: ``faces`` of every die now on the table, ``rolling`` which of them left the hand."""

    seat: int
    faces: tuple[int | str, ...]  # numbers, or Jackpot's symbols
    rolling: tuple[bool, ...]


@dataclass(frozen=True)
class Held:
    seat: int
    die: int
    held: bool  # False: released


@dataclass(frozen=True)
class Scored:
    """A box was filled: its points, in which game of the match, and the seat's bonuses just before (the
    five-alike bonus and the upper bonus), so a view can cheer a bonus that came with it."""

    seat: int
    box: str
    points: int
    game: int
    bonuses_before: tuple[int, int]


@dataclass(frozen=True)
class Copied:
    """Challenge: a seat copied these values of the common roll onto its markers."""

    seat: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class Tiles:
    """Jackpot: what a move did to the racks (the engine's own events: Placed, ChanceDropped, ...), and the
    class of the roll it was made on."""

    seat: int
    events: tuple[object, ...]  # game.engine.jackpot_state's Placed, ChanceDropped, ...
    roll_class: str | None


@dataclass(frozen=True)
class TurnPassed:
    """The turn went from ``previous`` to ``seat``; ``hand_over``: one person gives the dice to another at
    this screen, who says they are ready (``Ready``) before playing."""

    seat: int
    previous: int
    hand_over: bool


@dataclass(frozen=True)
class RoundOver:
    """Jackpot: a round was scored (its index)."""

    round: int


@dataclass(frozen=True)
class GameOver:
    """A game of the match is over (``last``: the match is over too)."""

    game: int
    last: bool


@dataclass(frozen=True)
class Undone:
    """A move was taken back: ``seat`` plays on from just before it."""

    seat: int


@dataclass(frozen=True)
class UndoAsked:
    """``by`` asked to take back ``owner``'s ``move``, another person at this screen: the owner is asked
    ("Take back Kid's Small Straight?") and answers with ``AllowUndo`` or ``RefuseUndo``."""

    by: int
    owner: int
    move: Any


@dataclass(frozen=True)
class Previewed:
    """A computer chose its move and shows it a moment before making it (the box it will fill, the tile's
    ghost)."""

    seat: int
    action: Any


@dataclass(frozen=True)
class Refused:
    """A command the table did not take, and why (in plain words, for a log or a remote seat). ``reason`` names
    the why for a screen to say in the players' language (``refused.<reason>`` with ``words``: see
    game.table.refusals; a kind's own reason is a whole key, "jackpot.column_full"); it does not count in
    comparing two refusals."""

    command: Any
    why: str
    reason: str = field(default="not_now", compare=False)
    words: tuple[tuple[str, Any], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Picked:
    """Challenge: the seat's picks among the common dice changed (the dice it will copy); not a move."""

    seat: int
    picks: frozenset[int]


@dataclass(frozen=True)
class Focused:
    seat: int
    target: int | str


@dataclass(frozen=True)
class CoachAsked:
    seat: int


@dataclass(frozen=True)
class TipAsked:
    """The first-game tips' Next was asked for."""

    seat: int


@dataclass(frozen=True)
class TurnBegan:
    """The person handed the dice said they are ready: their turn begins."""

    seat: int
