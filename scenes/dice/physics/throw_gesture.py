"""How a person throws: press and hold Roll (or Space, or a long touch) to shake the cup and let go to throw,
or drag across the felt and let go to throw that way, harder for a faster flick. A plain tap or Space still
rolls at once (the cup only tips). It owns the gesture's state and decides nothing about the game: it
answers with a :class:`Toss` when the dice should leave the hand, and the table asks the engine to roll.
"""

from __future__ import annotations

import math

from scenes.dice.physics.dice_throw import Toss

MAX_SHAKE = 3.0  # seconds: an arm tires; the dice go on their own (a key whose release never came, too)
FLICK_FROM = 36.0  # canvas pixels a drag must travel to be a throw rather than a tap on the felt
FLICK_WINDOW = 0.12  # seconds of the drag's end that set its direction and speed
FLICK_SPEED = 1400.0  # canvas pixels a second of an ordinary throw


class ThrowGesture:
    """Idle, shaking (``by``: "key" or "pointer"), or dragging across the felt."""

    def __init__(self):
        self.by: str | None = None
        self.dragging = False
        self.shaken = 0.0
        self._samples: list[tuple[float, tuple[float, float]]] = []  # (time, canvas pos) of the drag
        self._now = 0.0

    @property
    def active(self) -> bool:
        return self.by is not None or self.dragging

    @property
    def where(self) -> tuple[float, float] | None:
        """Where the cup is held: under the finger while dragging, at the player's edge otherwise."""
        return self._samples[-1][1] if self.dragging and self._samples else None

    def shake(self, by: str) -> None:
        self.by, self.dragging, self.shaken, self._samples = by, False, 0.0, []

    def start_drag(self, pos: tuple[float, float]) -> None:
        self.by, self.dragging, self.shaken = None, True, 0.0
        self._samples = [(self._now, pos)]

    def move(self, pos: tuple[float, float]) -> None:
        if self.dragging:
            self._samples.append((self._now, pos))
            self._samples = [s for s in self._samples if self._now - s[0] <= 1.0]

    def release(self, pos: tuple[float, float] | None = None) -> Toss | None:
        """The pointer let go: a toss, or None if that was no throw (a tap on the felt, nothing held)."""
        if self.dragging:
            if pos is not None:
                self._samples.append((self._now, pos))
            toss = self._flick()
            self.cancel()
            return toss
        if self.by == "pointer":
            return self._let_go()
        return None

    def key_up(self) -> Toss | None:
        return self._let_go() if self.by == "key" else None

    def cancel(self) -> None:
        self.by, self.dragging, self.shaken, self._samples = None, False, 0.0, []

    def update(self, dt: float) -> Toss | None:
        """Time passes; a shake held too long throws by itself."""
        self._now += dt
        if self.active:
            self.shaken += dt
        if self.by is not None and self.shaken >= MAX_SHAKE:
            return self._let_go()
        return None

    def aim_now(self) -> Toss | None:
        """The toss letting go now would make (None: a drag too short yet to be a throw), so the flight can be
        worked out while the hand still moves (scenes.dice.physics.throw_ahead)."""
        if self.dragging:
            return self._flick()
        return Toss(None, None, self._strength()) if self.by is not None else None

    def _strength(self) -> float:
        return 1.0 + 0.3 * min(1.0, self.shaken / 1.5)  # a good shake throws a little harder

    def _let_go(self) -> Toss:
        strength = self._strength()
        self.cancel()
        return Toss(None, None, strength)

    def _flick(self) -> Toss | None:
        if len(self._samples) < 2:
            return None
        (t0, first), (t1, last) = self._samples[0], self._samples[-1]
        if math.hypot(last[0] - first[0], last[1] - first[1]) < FLICK_FROM:
            return None
        recent = [s for s in self._samples if t1 - s[0] <= FLICK_WINDOW] or self._samples[-2:]
        (ta, a), (tb, b) = recent[0], self._samples[-1]
        if len(recent) < 2 or tb - ta < 1e-3:
            (ta, a) = self._samples[-2]
        dx, dy = b[0] - a[0], b[1] - a[1]
        if math.hypot(dx, dy) < 2:  # held still at the end: the whole drag's way
            dx, dy, ta = last[0] - first[0], last[1] - first[1], t0
        speed = math.hypot(dx, dy) / max(tb - ta, 1 / 60)
        return Toss(last, (dx, dy), max(0.5, min(2.0, speed / FLICK_SPEED)))
