"""How fast the computers play at a table, and how long a filled box stays in view, as the player chose.

A part of a table scene, handed whether the table is a demo and where the chosen pace and the animations'
speed are read (both may change in the menu while the game goes on)."""

from __future__ import annotations

from collections.abc import Callable

from game.table.pace import PACES, Pace, pace_named


class ComputerPace:
    def __init__(self, demo: bool, chosen: Callable[[], str], animation_speed: Callable[[], float]):
        self.demo, self.chosen, self.animation_speed = demo, chosen, animation_speed

    def pace(self) -> Pace:
        """The computer players' pace; a demo (and the kiosk's attract mode) is watched at the relaxed one."""
        return PACES["relaxed"] if self.demo else pace_named(self.chosen())

    def box_seconds(self, computer: bool) -> float:
        """Seconds a filled box stays in view with its dice before the next turn: a computer's at its pace; a
        person's as at the relaxed pace (briefly at the instant animations)."""
        if self.animation_speed() > 100:
            return PACES["instant"].scored
        return self.pace().scored if computer else PACES["relaxed"].scored

    def dice(self, computer: bool) -> float:
        """How much faster the dice fly now: a computer's, at its pace; a person's, as the animations are."""
        return self.pace().dice if computer else 1.0
