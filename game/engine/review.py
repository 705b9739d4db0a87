"""A match's review: every decision a person made where the coach had advice, and the slips among them.

A decision is one of a person's choices that the coach could weigh against the best one: what to hold before a
roll, which box to score, what to copy in Challenge. A move with only one option (the last open box) is no
choice and is not counted. Each decision keeps its cost (0 for the best); a costly one (a slip) also keeps its
position as plain data (``game.coach.slips``), so the records can hold it and Practice can set it again.

The session owns its review (it is saved with the game); the coach adds to it; an undo takes back the decisions
made at or after the point it goes back to. The records read the sums per seat and game and the slips.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

MAX_DECISIONS = 20_000  # a saved review longer than this is damaged (a match of 12 games of 8 people is ~ 4,000)
MAX_SLIP_CHARS = 20_000  # one slip's position as JSON: a Yatzy roll with every option is ~ 2,000


@dataclass
class Decision:
    seat: int
    game: int
    at: int  # where in the session's log the choice was made
    loss: float  # points against the best option, on average (0: the best)
    slip: dict[str, Any] | None = None  # a costly choice's position (``game.coach.slips``), kept for Practice


class Review:
    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    def add(self, decision: Decision) -> None:
        self.forget_from(decision.at)
        self.decisions.append(decision)

    def forget_from(self, at: int) -> None:
        """Drop the decisions made at this point of the log or after it (an undo went back past them)."""
        self.decisions = [d for d in self.decisions if d.at < at]

    def sums(self, seat: int, games: int) -> list[tuple[int, float]]:
        """Each game's (decisions, points they cost together) for a seat."""
        found: list[list[float]] = [[0, 0.0] for _ in range(games)]
        for d in self.decisions:
            if d.seat == seat and 0 <= d.game < games:
                found[d.game][0] += 1
                found[d.game][1] += d.loss
        return [(int(count), round(loss, 6)) for count, loss in found]

    def slips(self, seat: int) -> list[dict[str, Any]]:
        return [d.slip for d in self.decisions if d.seat == seat and d.slip is not None]

    def to_json(self) -> list[list[Any]]:
        return [[d.seat, d.game, d.at, round(d.loss, 6), d.slip] for d in self.decisions]

    @classmethod
    def from_json(cls, data: Any, seats: int) -> Review:
        """A saved review; anything odd in it is left out (a comfort: the game still opens)."""
        review = cls()
        if not isinstance(data, list) or len(data) > MAX_DECISIONS:
            return review
        for row in data:
            if not (isinstance(row, list) and len(row) == 5 and all(type(v) is int for v in row[:3])):
                continue
            seat, game, at, loss, slip = row
            if not (0 <= seat < seats and game >= 0 and at >= 0 and _points(loss)):
                continue
            if slip is not None and (not isinstance(slip, dict) or len(json.dumps(slip)) > MAX_SLIP_CHARS):
                slip = None
            review.decisions.append(Decision(seat, game, at, float(loss), slip))
        return review


def _points(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0
