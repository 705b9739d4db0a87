"""The result line to share anywhere: the date, the game, the score, and the card as coloured squares.

Each box is a square by how good its points are against the most that box can score: green from 60 % up (three
of a face, a full house, 18 in Chance), yellow below, black for a box crossed out with 0. The upper boxes make
the first row, the others the second, and a star marks the upper bonus. Nothing tells which faces were thrown:
the line spoils nobody's game of the day.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from game.engine.card import Card
from game.rules.hands import all_hands
from game.rules.scoring import hand_scores
from game.rules.variant import Variant

GOOD, SOME, NONE = "\U0001F7E9", "\U0001F7E8", "\u2B1B"  # green, yellow and black squares
GOOD_FROM = 0.6


@lru_cache(maxsize=16)
def box_most(variant: Variant) -> dict[str, int]:
    """Each box's most points from one hand (no jokers)."""
    most = {box: 0 for box in variant.box_ids}
    for hand in all_hands(variant.dice, variant.faces):
        for box, points in hand_scores(variant, hand).items():
            most[box] = max(most[box], points)
    return most


def square(variant: Variant, box: str, points: int | None) -> str:
    if not points:
        return NONE
    return GOOD if points >= GOOD_FROM * max(1, box_most(variant)[box]) else SOME


def card_picture(variant: Variant, card: Card) -> str:
    rows = []
    for boxes in (variant.upper_boxes, variant.lower_boxes):
        row = "".join(square(variant, box, card.boxes.get(box)) for box in boxes)
        if boxes is variant.upper_boxes and card.upper_bonus(variant):
            row += "\u2B50"
        rows.append(row)
    return "\n".join(row for row in rows if row)


def share_line(day: date, variant: Variant, score: int, card: Card, best: int | None = None) -> str:
    """``Dice Parlor daily 2026-11-28 · Yatzy · 231/276`` and the card's picture below (English: it goes anywhere,
    and its numbers and squares read in every language)."""
    of_best = f"/{best}" if best is not None else ""
    return f"Dice Parlor daily {day.isoformat()} \u00B7 {variant.name.get('en')} \u00B7 {score}{of_best}\n" + \
        card_picture(variant, card)
