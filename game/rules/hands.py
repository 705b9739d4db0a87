"""Hands of dice as probability: which hands a kept set of dice can become.

A *hand* is a sorted tuple of dice; a *keep* is the sorted tuple of dice
held before a roll. Everything is cached: five six-sided dice make only 252
hands and 462 keeps, so computer players (and the solver) look them up
rather than recompute them.
"""

from __future__ import annotations

import itertools
from functools import cache
from math import factorial


@cache
def all_hands(dice: int = 5, faces: int = 6) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.combinations_with_replacement(range(1, faces + 1), dice))


def _arrangements(hand: tuple[int, ...]) -> int:
    """How many ordered rolls give this sorted hand."""
    count = factorial(len(hand))
    for face in set(hand):
        count //= factorial(hand.count(face))
    return count


@cache
def keep_outcomes(keep: tuple[int, ...], dice: int = 5, faces: int = 6) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each hand that holding ``keep`` and rolling the rest can give, with its probability."""
    rolled = dice - len(keep)
    total = faces ** rolled
    outcomes = []
    for roll in itertools.combinations_with_replacement(range(1, faces + 1), rolled):
        outcomes.append((tuple(sorted(keep + roll)), _arrangements(roll) / total))
    return tuple(outcomes)


@cache
def reachable_keeps(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct set of dice one can hold from this sorted hand, from none to all."""
    found: set[tuple[int, ...]] = set()
    for size in range(len(hand) + 1):
        found.update(itertools.combinations(hand, size))
    return tuple(sorted(found, key=lambda k: (len(k), k)))
