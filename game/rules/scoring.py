"""How a box scores a set of dice, and which boxes a roll may go in.

The rules of every scorecard variant meet here: box kinds from the YAML,
the joker modes of docs/rules.md section 1, the five-alike bonus and the upper
bonus. Everything is a pure function of the variant, the dice and one
seat's card, so the engine, the computer players, the coach and the
scorecard previews all agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rules.variant import Box, Variant


def counts_of(dice: tuple[int, ...], faces: int = 6) -> tuple[int, ...]:
    """counts[f] is how many dice show face f (index 0 unused)."""
    counts = [0] * (faces + 1)
    for die in dice:
        counts[die] += 1
    return tuple(counts)


def is_five_alike(dice: tuple[int, ...]) -> bool:
    """All dice alike: "five alike" in the rules, whatever the number of dice."""
    return len(dice) > 1 and all(d == dice[0] for d in dice)


def _longest_run(counts: tuple[int, ...]) -> int:
    best = run = 0
    for face in range(1, len(counts)):
        run = run + 1 if counts[face] else 0
        best = max(best, run)
    return best


def _pattern(box: Box, dice: tuple[int, ...], counts: tuple[int, ...], fh5: bool) -> int | None:
    """The "matching" sum if the dice make the box's pattern, else None (a kind's own fields, such as a face box's
    face, were checked present when the variant was read: the asserts say so to the type checker)."""
    kind = box.kind
    if kind == "face":
        assert box.face is not None
        return counts[box.face] * box.face
    if kind == "chance":
        return sum(dice)
    if kind == "of_a_kind":
        assert box.count is not None
        for face in range(len(counts) - 1, 0, -1):
            if counts[face] >= box.count:
                return face * box.count
        return None
    if kind == "pairs":
        pairs = [face for face in range(len(counts) - 1, 0, -1) if counts[face] >= 2]
        assert box.count is not None
        if len(pairs) < box.count:
            return None
        return 2 * sum(pairs[: box.count])
    if kind == "full_house":
        shape = sorted(c for c in counts if c)
        if shape == [2, 3] or (fh5 and len(dice) == 5 and shape == [5]):
            return sum(dice)
        return None
    if kind == "straight":
        if box.faces is not None:
            ok = all(counts[f] for f in box.faces)
        else:
            assert box.length is not None
            ok = _longest_run(counts) >= box.length
        return sum(dice) if ok else None
    if kind == "five_alike":
        return sum(dice) if is_five_alike(dice) else None
    raise ValueError(f"unknown box kind {kind}")


@lru_cache(maxsize=8192)
def hand_scores(variant: Variant, hand: tuple[int, ...], joker: bool = False) -> dict[str, int]:
    """Every box's score for a sorted hand; cached, since there are only 252 hands of five dice."""
    return {box.id: box_score(variant, box, hand, joker) for box in variant.boxes}


def box_score(variant: Variant, box: Box, dice: tuple[int, ...], joker: bool = False) -> int:
    """What the box scores with these dice; ``joker`` scores a lower box at full value."""
    if len(dice) != variant.dice and box.kind in ("five_alike", "full_house"):
        return 0  # a partial hand (Challenge markers being filled) cannot make these yet
    counts = counts_of(dice, variant.faces)
    matched = _pattern(box, dice, counts, variant.five_alike_full_house)
    if matched is None and joker and not box.upper:
        matched = _joker_pattern(box, dice)
    if matched is None:
        return 0
    if isinstance(box.score, int):
        return box.score
    if box.score == "total":
        return sum(dice)
    return matched


def _joker_pattern(box: Box, dice: tuple[int, ...]) -> int:
    # A joker meets any pattern; "matching" then counts the dice the pattern would use.
    face = dice[0]
    if box.kind == "of_a_kind":
        assert box.count is not None
        return face * box.count
    if box.kind == "pairs":
        assert box.count is not None
        return face * 2 * box.count
    return sum(dice)


@dataclass(frozen=True)
class Options:
    """The open boxes a roll may go in, each with its score, for one seat."""

    scores: dict[str, int]
    joker: bool  # the roll acts as a joker (shown on the card)
    five_alike_bonus: int  # bonus points this roll earns, whatever box it goes in


def box_options(variant: Variant, card: dict[str, int | None], dice: tuple[int, ...]) -> Options:
    """Every legal box for these dice, its score, and the bonus the roll earns.

    This is the joker table of docs/rules.md section 1 in code.
    """
    open_boxes = [b for b in variant.boxes if card.get(b.id) is None]
    five = variant.five_alike_box
    bonus = 0
    joker = False
    allowed = open_boxes
    if len(dice) == variant.dice and is_five_alike(dice) and five is not None and card.get(five) is not None:
        if variant.five_alike_bonus and (card.get(five) or 0) > 0:
            bonus = variant.five_alike_bonus
        mode = variant.joker
        upper = variant.face_box(dice[0])
        upper_open = upper is not None and card.get(upper) is None
        open_lower = [b for b in open_boxes if not b.upper]
        if mode == "official":
            joker = True
            if upper is not None and upper_open:
                allowed = [variant.box(upper)]
            elif open_lower:
                allowed = open_lower
        elif mode == "upper_filled" and not upper_open:
            # Lower boxes at full value; an open upper box takes it too, for its (zero) count. The sheet
            # only permits the lower boxes ("mag men ... noteren") and forces a zero upstairs once they are
            # all filled; this reading is the one behind the published optimum 254.5896 (docs/rules.md 4).
            joker = True
        elif mode == "free":
            joker = True
    table = hand_scores(variant, tuple(sorted(dice)), joker)
    scores = {b.id: table[b.id] for b in allowed}
    return Options(scores, joker, bonus)



def upper_total(variant: Variant, card: dict[str, int | None]) -> int:
    return sum(card.get(b) or 0 for b in variant.upper_boxes)


def upper_bonus(variant: Variant, card: dict[str, int | None]) -> int:
    rule = variant.upper_bonus
    if rule and upper_total(variant, card) >= rule.threshold:
        return rule.points
    return 0


def upper_bonus_needed(variant: Variant, card: dict[str, int | None]) -> int | None:
    """Points still needed for the upper bonus; 0 when earned, None when out of reach or absent."""
    rule = variant.upper_bonus
    if not rule:
        return None
    have = upper_total(variant, card)
    if have >= rule.threshold:
        return 0
    still_possible = have + sum(variant.dice * (variant.box(b).face or 0) for b in variant.upper_boxes
                                if card.get(b) is None and variant.box(b).kind == "face")
    return rule.threshold - have if still_possible >= rule.threshold else None
