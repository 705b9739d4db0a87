"""Every seat's rack on Jackpot's table: the seat to play's large, the others small in a row beneath
(``arrange``), and the engine's tile events shown as the racks animate them (``show_tiles``). Functions handed
the racks (``RackView``\\ s, one a seat) and what they need; they decide nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.jackpot_state import CHANCE_SPACE, ChanceDropped, ChanceReturned, Placed
from scenes.jackpot.jackpot_paint import BIG_RACK, SMALL_RACKS


def arrange(racks: list, seat: int) -> None:
    """``seat``'s rack large, the others small in a row beneath."""
    racks[seat].rect = pygame.Rect(BIG_RACK)
    others = [s for s in range(len(racks)) if s != seat]
    width = SMALL_RACKS.width // max(3, len(others))
    for k, other in enumerate(others):
        racks[other].rect = pygame.Rect(SMALL_RACKS.x + k * width + 6, SMALL_RACKS.y + 34, width - 12,
                                        SMALL_RACKS.height - 40)


def show_tiles(racks: list, events, play: Callable[..., None], instant: bool) -> None:
    """The engine's events, as the racks show them: each tile to the window the engine put it in (``play``
    sounds it as it lands; ``instant``: every tile where it is going at once)."""
    for event in events:
        if isinstance(event, Placed):
            view = racks[event.seat]
            if event.target == CHANCE_SPACE:
                view.drop_chance(event.symbol, lambda: play("hold"))
            else:
                view.drop(event.symbol, event.target, lambda: play("clack", 0.8), row=event.row)
        elif isinstance(event, ChanceReturned):
            racks[event.seat].lift_chance(None)
        elif isinstance(event, ChanceDropped):
            racks[event.seat].lift_chance(event.column, lambda: play("clack", 0.8), row=event.row)
        # Rolled, Starter and RoundScored are shown elsewhere (the dice, the banner, the round's summary)
    if instant:
        for view in racks:
            view.skip()
