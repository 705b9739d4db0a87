"""A person's hand on the dice: shaking the cup (press and hold Roll, Space or a long touch) and flicking the dice
across the felt, until they leave the hand as a ``Toss`` and the table is asked to roll.

A part of a table scene, handed the app (the cup's rattle), what to call to roll and whether a person may roll
now; each call is handed the tray the dice lie on (a table may lay out a new one)."""

from __future__ import annotations

from collections.abc import Callable

from scenes.dice.physics.dice_throw import Toss
from scenes.dice.physics.throw_gesture import ThrowGesture


class ThrowHand:
    def __init__(self, app, roll: Callable[[], None], may_roll: Callable[[], bool]):
        self.app, self.roll, self.may_roll = app, roll, may_roll
        self.gesture = ThrowGesture()  # a person shaking the cup or flicking the dice
        self.toss: Toss | None = None  # how a person's next throw leaves the hand

    def taken(self) -> Toss | None:
        """The throw the dice leave the hand with now (None: a computer's, or a plain tap: from the cup)."""
        toss, self.toss = self.toss, None
        return toss

    def handled(self, intent, tray, roll_button) -> bool:
        """True when ``intent`` was part of a throw."""
        gesture, kind = self.gesture, intent.kind
        if kind == "roll_up":
            self.let_go(gesture.key_up(), tray)
            return True
        if kind == "release" and gesture.active:
            shaking = gesture.by is not None
            toss = gesture.release(intent.pos)
            if toss is None:
                tray.cup.drop()
            self.let_go(toss, tray)
            return shaking or toss is not None
        if kind == "point" and gesture.dragging:
            gesture.move(intent.pos)
            return False  # hovering goes on as well
        if not self.may_roll() or gesture.active:
            return False
        if kind == "roll" or kind == "tap" and roll_button.rect.collidepoint(intent.pos):
            gesture.shake("key" if kind == "roll" else "pointer")
        elif kind == "tap" and tray.tray.collidepoint(intent.pos) and tray.die_at(intent.pos) is None:
            gesture.start_drag(intent.pos)
            tray.cup.shake(intent.pos)
        else:
            return False
        if not gesture.dragging:
            tray.cup.shake()
        tray.take_up(self.rolling(tray), gesture.aim_now())  # the dice go into the cup
        self.app.start_rattle(tray.cup.loudness())  # dragging the cup rattles too
        return True

    @staticmethod
    def rolling(tray) -> list[bool]:
        """The dice a roll now would throw: those not held (a table whose rolls differ says so; a wrong guess
        only costs the flight worked out while shaking)."""
        return [not tray.is_held(i) for i in range(tray.count)]

    def update(self, dt: float, tray) -> None:
        """The cup shakes as the hand does; the flight is worked out while the hand still shakes or drags."""
        gesture = self.gesture
        toss = gesture.update(dt)
        if gesture.active:
            if gesture.by is not None or gesture.where is not None:
                tray.cup.shake(gesture.where)
            if self.may_roll():
                tray.take_up(self.rolling(tray), gesture.aim_now())
            self.app.set_rattle(tray.cup.loudness())
        self.let_go(toss, tray)

    def let_go(self, toss: Toss | None, tray) -> None:
        """The dice leave the hand as ``toss`` says: the table is asked to roll (it says whether it may)."""
        if toss is None:
            return
        self.app.stop_rattle()
        self.toss = toss
        self.roll()
        if self.toss is not None:  # no roll came of it after all
            self.toss = None
            tray.cup.drop()
