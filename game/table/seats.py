"""Who sits at each seat, and how their moves reach the table.

A seat is driven by a ``Driver``. A person at this screen (``Person``) moves by commands, which the
controller takes only on that seat's turn. A computer (``Computer``) is asked for its move when the table
is ready for it, at the computers' pace. A seat far away would be a driver whose ``next_move`` returns the
move once it has arrived (None meanwhile), with ``paced`` False: the controller needs no change for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from game.bots.levels import player_for_seat


class Driver(Protocol):
    takes_commands: bool  # a person at this screen: moves come as commands from its input
    paced: bool  # its moves wait the computers' pace, and may be shown a moment before they are made

    def next_move(self, state: Any) -> Any:
        """The seat's move now, or None while it has none (a person's moves come as commands instead)."""


@dataclass
class Person:
    takes_commands = True
    paced = False

    def next_move(self, state: Any) -> Any:
        return None


@dataclass
class Computer:
    player: Any  # a computer player (game.bots): choose(state) -> action
    takes_commands = False
    paced = True

    def next_move(self, state: Any) -> Any:
        return self.player.choose(state)


def drivers_for(session: Any, demo: bool = False) -> list[Driver]:
    """A driver for every seat of a session: its people at this screen, its computers each with its own
    generator drawn from the session's seed (a replay plays the same). In a demo every seat is a computer."""
    rng = random.Random(session.seed ^ 0xB07)
    variant = session.variant
    drivers: list[Driver] = []
    for seat in session.seats:
        if seat.is_computer or demo:
            player = player_for_seat(seat.level if seat.is_computer else None, random.Random(rng.randrange(2**31)),
                                     variant.family, variant)
            drivers.append(Computer(player))
        else:
            drivers.append(Person())
    return drivers
