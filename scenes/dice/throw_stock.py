"""Throws worked out while the dice lie still, so that a quick flick (or a tap) finds its flight ready when the
hand lets go (scenes.dice.physics.throw_ahead).

The tray hands the stock what a throw depends on (its ``key``: which dice would go, the panels, the felt and
the die's size), the dice that would go and how to plan a flight; the stock keeps what it has worked out for
that key, and each throw is taken once (the same flight twice would be seen). It draws from a generator of its
own, so a table that never uses a stocked throw draws exactly as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import pygame

from scenes.dice.physics.dice_throw import Throw, Toss


def likely_tosses(tray: pygame.Rect, size: int) -> list[Toss]:
    """The throws a person most likely makes next: a tap or a shake, then flicks up the felt from their edge
    (straight, to either side, and from either side inward), let go some two dice up from it."""
    x, y, side = tray.centerx, tray.bottom - size * 2.2, size * 2.5
    return [Toss(), Toss((x, y), (0.0, -1.0)), Toss((x, y), (-0.45, -1.0)), Toss((x, y), (0.45, -1.0)),
            Toss((x - side, y), (0.2, -1.0)), Toss((x + side, y), (-0.2, -1.0))]


class ThrowStock:
    """What has been worked out for one key: the throws done, the one in hand and the tosses still to go."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed * 7919 + 1)
        self.key: Hashable = None  # what the stock is worked out for (None: nothing yet, or all of it taken)
        self.done: list[tuple[Toss, Throw]] = []
        self.working: tuple[Toss, Throw] | None = None
        self.tosses: list[Toss] = []

    def preparing(self, key: Hashable, loose: bool) -> bool:
        """Throws are still being worked out for ``key`` (``loose``: some die would go at all)."""
        if self.key != key:
            return loose
        return self.working is not None or bool(self.tosses)

    def prepare(self, key: Hashable, tosses: Callable[[], list[Toss]], plan: Callable[[Toss, random.Random], Throw],
                share: int) -> None:
        """A share of the next stocked throw worked out (``tosses``: those to stock when the key is new, none
        when no die would go; ``plan``: a toss's flight, drawn from the generator handed to it)."""
        if self.key != key:
            self.key, self.done, self.working, self.tosses = key, [], None, tosses()
        if self.working is None and self.tosses:
            toss = self.tosses.pop(0)
            self.working = (toss, plan(toss, self.rng))
        if self.working is not None and self.working[1].work_out(share):
            self.done.append(self.working)
            self.working = None

    def take(self, key: Hashable) -> list[tuple[Toss, Throw]]:
        """The throws worked out for ``key``, each used once; the stock starts again after."""
        done, same = self.done, key is not None and self.key == key
        self.key, self.done, self.working, self.tosses = None, [], None, []
        return list(done) if same else []
