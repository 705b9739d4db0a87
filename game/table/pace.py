"""How fast computers play: the Settings' "Computer players", and each kind of game's pauses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    wait: float  # their pauses between moves, times this
    dice: float  # their dice fly this much faster (over 100: they land at once)
    show: float  # seconds their chosen box or tile shows before it is taken, at the least
    scored: float  # seconds the dice and the box just filled stay in view before the next player's turn
    grace: float  # seconds a computer waits before its turn, once a person's box was seen, while they may undo


UNDO_GRACE = 2.5  # real seconds, at any animation speed: a person's time to think again is not the dice's
# Instant keeps its promise (a computer's turn in under a second): Undo is there while the person's box shows.
PACES = {"relaxed": Pace(1.0, 1.0, 0.0, 1.5, UNDO_GRACE), "quick": Pace(0.35, 2.0, 0.5, 1.0, UNDO_GRACE),
         "instant": Pace(0.0, 1000.0, 0.8, 0.5, 0.0)}


def pace_named(name: str | None) -> Pace:
    return PACES.get(name or "relaxed", PACES["relaxed"])
