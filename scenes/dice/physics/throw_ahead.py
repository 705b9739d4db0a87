"""A throw worked out ahead, while a person still shakes the cup or drags it: which dice are in the cup, the
flight last worked out to the end and the one being worked out now, each with the toss it was thrown from.

The engine rolls only when the dice leave the hand, but a flight needs no faces (the tray labels the dice to
land on them afterwards), so it can be worked out from the moment the cup is taken up. A shake grows a little
stronger as it goes on and a drag's flick is known only when it ends: a toss that strays from the one being
worked out starts a new flight, and the last whole one is kept meanwhile. Letting go takes the nearest one
that is near enough (``chosen``); only a toss far from both is worked out anew, still a share a frame."""

from __future__ import annotations

import math

from scenes.dice.physics.dice_throw import Throw, Toss
from scenes.dice.physics.throw_gesture import FLICK_SPEED

# A toss "near" a flight worked out to the end (no new one is begun): strength, where (die sides), which way.
NEAR_STRENGTH, NEAR_SPOT, NEAR_TURN = 0.1, 0.4, math.radians(8)
# A flight serves a toss this far from its own when the dice leave the hand, the difference not seen; one being
# worked out goes on while the hand stays this near it, else a moving
# hand would start a new flight every frame and never finish one. A flick's strength is its speed: wider.
SERVES_STRENGTH, SERVES_SPOT, SERVES_TURN = 0.16, 1.2, math.radians(15)
SERVES_FLICK = 0.35
# A flick's flight begun ahead of where the hand let go (it was guessed to go on) serves too: the cup follows
# through to it, in the flick's direction, up to this far (die sides), and pours there.
FOLLOW_THROUGH = 2.5
# A quick flick lets go before its own flight is worked out: a flight worked out while the dice lay still (see
# DiceTray._prepare) serves it then if it throws this near (strength, where in die sides, which way), so that the
# dice leave the hand at once; a little off the flick's line reads as the hand's own wobble, a wait does not.
READY_STRENGTH, READY_SPOT, READY_TURN = 0.6, 3.0, math.radians(30)
LEAD = 0.2  # seconds a dragged cup is guessed to go on before the hand lets go: its flight begins there


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
        self.ready: list[tuple[Toss, Throw]] = []  # flights worked out before the cup was taken up, whole

    def near(self, toss: Toss) -> bool:
        """Whether ``toss`` is near enough the flight being (or last) worked out: nothing new to begin."""
        if self.working is not None:  # the hand not gone past it: it may yet serve
            return self.serves(self.working[0], toss) or self.follows(self.working[0], toss)
        return self.done is not None and close(self.done[0], toss, NEAR_STRENGTH, NEAR_SPOT, NEAR_TURN, self.die)

    def serves(self, worked: Toss, toss: Toss) -> bool:
        strength = SERVES_FLICK if toss.pos is not None else SERVES_STRENGTH
        return close(worked, toss, strength, SERVES_SPOT, SERVES_TURN, self.die)

    def lead(self, toss: Toss) -> Toss:
        """Where a flight for a hand now at ``toss`` begins: a dragged cup a little further on its way (at most
        the follow-through, less a die), a shaken one where it is."""
        if toss.pos is None or toss.direction is None:
            return toss
        (x, y), (dx, dy) = toss.pos, toss.direction
        ahead = min((FOLLOW_THROUGH - 1) * self.die, toss.strength * FLICK_SPEED * LEAD) / (math.hypot(dx, dy) or 1.0)
        return Toss((x + dx * ahead, y + dy * ahead), toss.direction, toss.strength)

    def begin(self, toss: Toss, throw: Throw) -> None:
        """``throw`` is the flight from ``toss`` (as ``lead`` put it): one half worked out before is dropped."""
        self.working = (toss, throw)

    def work_out(self, step: float, budget: int) -> None:
        """A frame passes: ``step`` tray seconds in the cup, ``budget`` units of work (see Throw.work_out)."""
        self.in_hand += step
        if self.working is not None and self.working[1].work_out(budget):
            self.done, self.working = self.working, None

    def chosen(self, rolling: tuple[bool, ...], toss: Toss) -> tuple[Throw, tuple[float, float] | None] | None:
        """The dice leave the hand as ``toss`` says: the flight that serves it (a whole one first) and where
        the cup follows through to before it pours (None: where it is), or None."""
        if rolling != self.rolling:
            return None
        whole = ([self.done] if self.done is not None else []) + self.ready
        found = self._nearest(whole, toss, self.serves) or self._nearest(whole, toss, self.follows)
        found = found or self._nearest(whole, toss, self.roughly)
        if found is None and self.working is not None and (self.serves(self.working[0], toss)
                                                           or self.follows(self.working[0], toss)):
            found = self.working  # the right one, not whole yet: the dice wait in the cup for it
        if found is None:
            return None
        found[1].in_hand = self.in_hand
        worked = found[0]
        return found[1], (None if self.serves(worked, toss) or worked.pos is None else worked.pos)

    def _nearest(self, flights: list[tuple[Toss, Throw]], toss: Toss, test) -> tuple[Toss, Throw] | None:
        """Of ``flights``, the one passing ``test`` that begins nearest ``toss`` (then nearest its strength)."""
        def far(found: tuple[Toss, Throw]) -> tuple[float, float]:
            a = found[0]
            spot = 0.0 if a.pos is None or toss.pos is None else math.hypot(a.pos[0] - toss.pos[0],
                                                                           a.pos[1] - toss.pos[1])
            return spot, abs(a.strength - toss.strength)
        fits = [found for found in flights if test(found[0], toss)]
        return min(fits, key=far) if fits else None

    def roughly(self, worked: Toss, toss: Toss) -> bool:
        """Whether a flight worked out before the cup was taken up is near enough a quick flick to serve it."""
        return close(worked, toss, READY_STRENGTH, READY_SPOT, READY_TURN, self.die)

    def follows(self, worked: Toss, toss: Toss) -> bool:
        """Whether a flick's flight begun ahead of ``toss``, in its direction, is within a follow-through."""
        if worked.pos is None or toss.pos is None or not close(worked, toss, SERVES_FLICK, math.inf, SERVES_TURN):
            return False
        dx, dy = toss.direction
        norm = math.hypot(dx, dy) or 1.0
        ax, ay = (worked.pos[0] - toss.pos[0]) / self.die, (worked.pos[1] - toss.pos[1]) / self.die
        along, across = (ax * dx + ay * dy) / norm, (ay * dx - ax * dy) / norm
        return 0.0 <= along <= FOLLOW_THROUGH and abs(across) <= SERVES_SPOT
