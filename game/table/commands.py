"""What a seat may ask of the table, besides the engine's own moves.

A command is either one of the engine's actions (``Roll``, ``Hold``, ``Release``, ``Score``, ``Copy``,
``Place``, ``ChanceOption``: :mod:`game.engine.actions`), or one of the table's own below. Each is a small
frozen value, so a command can be queued, logged, or sent from a seat far away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from game.engine.actions import ChanceOption, Copy, Hold, Place, Release, Roll, Score


@dataclass(frozen=True)
class Toggle:
    """Hold a die that lies on the felt, or release a held one: whichever it needs."""

    die: int


@dataclass(frozen=True)
class CopyPicked:
    """Challenge: copy the dice picked (``Toggle`` picks and unpicks them) onto the seat's markers."""


@dataclass(frozen=True)
class Undo:
    """``seat`` asks to take back the last box filled (or tile dropped), while the next seat has not acted: its
    own move at once; another person's at this screen once they agree (``UndoAsked``, then ``AllowUndo``)."""

    seat: int


@dataclass(frozen=True)
class AllowUndo:
    """The person whose move another asked to take back agrees: it is taken back."""

    owner: int


@dataclass(frozen=True)
class RefuseUndo:
    """The person whose move another asked to take back says no: it stays."""

    owner: int


@dataclass(frozen=True)
class Ready:
    """The next person has the dice (a hot-seat hand-over): their turn may begin."""


@dataclass(frozen=True)
class Focus:
    """Point at a die (its index) or a box (its id), or Jackpot's column or Chance Space: shown, not played."""

    target: int | str


@dataclass(frozen=True)
class AskCoach:
    """Switch the coach on or off for the seat to play (or ask a quiet coach to speak)."""


@dataclass(frozen=True)
class NextTip:
    """The first-game tips' Next."""


Move: TypeAlias = Roll | Hold | Release | Score | Copy | Place | ChanceOption
MOVES = (Roll, Hold, Release, Score, Copy, Place, ChanceOption)
