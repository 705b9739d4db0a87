"""A throw worked out ahead, while a person still shakes the cup or drags it: which dice are in the cup, the
flight last worked out to the end and the one being worked out now, each with the toss it was thrown from.

The engine rolls only when the dice leave the hand, but a flight needs no faces (the tray labels the dice to
land on them afterwards), so it can be worked out from the moment the cup is taken up. A shake grows a little
stronger as it goes on and a drag's flick is known only when it ends: a toss that strays from the one being
worked out starts a new flight, and the last whole one is kept meanwhile. Letting go takes the nearest one
that is near enough (``chosen``); only a toss far from both is worked out anew, still a share a frame."""

from __future__ import annotations

import math

from scenes.tables.dice_throw import Throw, Toss

# A toss "near" the one being worked out (no new flight is begun): strength, where (die sides), which way.
NEAR_STRENGTH, NEAR_SPOT, NEAR_TURN = 0.1, 0.4, math.radians(8)
# A flight still serves a toss this far from its own when the dice leave the hand: the difference is not seen.
SERVES_STRENGTH, SERVES_SPOT, SERVES_TURN = 0.16, 0.8, math.radians(15)


def close(a: Toss, b: Toss, strength: float, spot: float, turn: float, die: float = 1.0) -> bool:
    """Whether toss ``b`` throws like ``a`` to within those margins (``spot`` in die sides of ``die`` pixels)."""
    if abs(a.strength - b.strength) > strength or (a.pos is None) != (b.pos is None):
        return False
    if (a.direction is None) != (b.direction is None):
        return False
    if a.pos is not None and math.hypot(a.pos[0] - b.pos[0], a.pos[1] - b.pos[1]) > spot * die:
        return False
    if a.direction is not None:
        t = math.atan2(a.direction[1], a.direction[0]) - math.atan2(b.direction[1], b.direction[0])
        if abs((t + math.pi) % (2 * math.pi) - math.pi) > turn:
            return False
    return True


class Ahead:
    """Dice in the cup (``before``: each one's state before it went in), and their flights worked out ahead."""

    def __init__(self, rolling: tuple[bool, ...], before: dict[int, str], die: float = 1.0):
        self.rolling, self.before, self.die = rolling, before, die
        self.done: tuple[Toss, Throw] | None = None  # the last flight worked out to the end
        self.working: tuple[Toss, Throw] | None = None  # the one being worked out
        self.in_hand = 0.0  # tray seconds the dice have been in the cup

    def near(self, toss: Toss) -> bool:
        """Whether ``toss`` is near enough the flight being (or last) worked out: nothing new to begin."""
        latest = self.working or self.done
        return latest is not None and close(latest[0], toss, NEAR_STRENGTH, NEAR_SPOT, NEAR_TURN, self.die)

    def begin(self, toss: Toss, throw: Throw) -> None:
        self.working = (toss, throw)  # one half worked out before is dropped: the hand has moved on

    def work_out(self, step: float, budget: int) -> None:
        """A frame passes: ``step`` tray seconds in the cup, ``budget`` units of work (see Throw.work_out)."""
        self.in_hand += step
        if self.working is not None and self.working[1].work_out(budget):
            self.done, self.working = self.working, None

    def chosen(self, rolling: tuple[bool, ...], toss: Toss) -> Throw | None:
        """The dice leave the hand as ``toss`` says: the flight that serves it (a whole one first), or None."""
        if rolling != self.rolling:
            return None
        for found in (self.done, self.working):
            if found is not None and close(found[0], toss, SERVES_STRENGTH, SERVES_SPOT, SERVES_TURN, self.die):
                found[1].in_hand = self.in_hand
                return found[1]
        return None
