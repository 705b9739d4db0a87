"""One turn of a scorecard game, solved in pure Python from the table of between-turn values.

The table (:mod:`game.bots.solver_file`) gives the expected rest-of-game score
of every state *between* turns. Within a turn the work is small, and done here
with the standard library only, from index tables built once per dice
geometry (:func:`geometry`):

1. every final hand's value: its best legal box's points + the bonuses the
   move earns + the table's value of the state it leads to;
2. per reroll, every keep's expectation: the mean, over the faces of one more
   die, of the keep one die bigger (``child``); and every hand's best keep:
   the best of the keep itself and of its one-die-smaller keeps (``parent``).

The additions and maxima are done in the same order as the numpy builder's
(:mod:`game.bots.solver_model`), so the values are the same to the last bit
(``tests/test_solver_runtime.py`` checks it). A solved turn is cached: the
three decisions of one turn share it.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import add

from game.errors import DiceParlorError
from game.rules.scoring import box_options, hand_scores, is_five_alike, upper_total
from game.rules.variant import MAX_BOXES, Variant


class SolverTableError(DiceParlorError):
    """No usable table: missing, built for other rules, damaged, or not buildable here."""


# ------------------------------------------------------------- geometry --

@dataclass(frozen=True, eq=False)
class Geometry:
    """Hands and keeps of ``dice`` dice with ``faces`` faces, as index lists.

    ``layers[s]`` lists the keeps of s dice (sorted tuples) in
    ``combinations_with_replacement`` order; ``layers[dice]`` are the hands, in
    the order of :func:`game.rules.hands.all_hands`. ``child[s][f][i]`` is the
    position in layer s+1 of keep i plus a die showing f+1; ``parent[s][j][i]``
    the position in layer s-1 of keep i without its j-th die.
    """

    dice: int
    faces: int
    layers: tuple[tuple[tuple[int, ...], ...], ...]
    index: dict  # keep -> position in its layer
    child: tuple[tuple[tuple[int, ...], ...], ...]
    parent: tuple[tuple[tuple[int, ...], ...], ...]
    first_roll: tuple[float, ...]  # probability of each hand when rolling all dice

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self.layers[self.dice]


@cache
def geometry(dice: int = 5, faces: int = 6) -> Geometry:
    layers = tuple(tuple(itertools.combinations_with_replacement(range(1, faces + 1), s)) for s in range(dice + 1))
    index = {keep: i for layer in layers for i, keep in enumerate(layer)}
    child = tuple(tuple(tuple(index[tuple(sorted(keep + (f,)))] for keep in layers[s]) for f in range(1, faces + 1))
                  for s in range(dice))
    parent = ((),) + tuple(tuple(tuple(index[keep[:j] + keep[j + 1:]] for keep in layers[s]) for j in range(s))
                           for s in range(1, dice + 1))
    total = faces ** dice
    probs = []
    for hand in layers[dice]:
        ways = math.factorial(dice)
        for f in set(hand):
            ways //= math.factorial(hand.count(f))
        probs.append(ways / total)
    return Geometry(dice, faces, layers, index, child, parent, tuple(probs))


def expect_keeps(geo: Geometry, top: list[float]) -> list[list[float]]:
    """From the value of every full hand, every keep's expected value (``result[s][i]``: keep i of s dice).

    The sums run face by face, then times 1/faces, as the numpy builder's do.
    """
    layers: list[list[float]] = [top] * (geo.dice + 1)
    scale = 1.0 / geo.faces
    for s in range(geo.dice - 1, -1, -1):
        get = layers[s + 1].__getitem__
        child = geo.child[s]
        acc = list(map(get, child[0]))
        for f in range(1, geo.faces):
            acc = list(map(add, acc, map(get, child[f])))
        layers[s] = [a * scale for a in acc]
    return layers


def best_keep_values(geo: Geometry, layers: list[list[float]]) -> list[float]:
    """For every hand, the best value over all keeps it contains (itself included)."""
    best = layers[0]
    for s in range(1, geo.dice + 1):
        cur = layers[s]
        for parent in geo.parent[s]:
            cur = list(map(max, cur, map(best.__getitem__, parent)))
        best = cur
    return best


# ---------------------------------------------------------------- rules --

@dataclass(frozen=True, eq=False)
class Rules:
    """What the solver needs to know about a variant's rules, as plain tuples."""

    variant: Variant
    geo: Geometry
    n_boxes: int
    threshold: int  # upper bonus threshold; 0 without an upper bonus
    bonus: int  # upper bonus points
    U: int  # upper totals tracked: 0..threshold
    F: int  # 2 when the five-alike box's points matter (a five-alike bonus), else 1
    five_bit: int  # 0 when the variant has no five-alike box
    upper: tuple[bool, ...]  # per box
    is_five: tuple[bool, ...]  # per box
    values: tuple[tuple[int, ...], ...]  # distinct ordinary scores of each box, ascending
    value_of_hand: tuple[tuple[int, ...], ...]  # per box: index into values[b] for each hand
    plain_values: tuple[frozenset, ...]  # per box: the indexes into values[b] some non-five-alike hand scores
    five_rows: tuple[int, ...]  # hand positions of the five-alike hands
    upper_scores: tuple[frozenset, ...]  # per upper box: every score box_options can ever put there

    def flat(self, mask: int, upper: int, five: int) -> int:
        return (mask * self.U + upper) * self.F + five


@lru_cache(maxsize=16)
def rules(variant: Variant) -> Rules:
    if not variant.solvable:
        raise SolverTableError(f"{variant.id} is not a scorecard game: the solver has nothing to say about it")
    boxes = variant.boxes
    if len(boxes) > MAX_BOXES:
        raise SolverTableError(f"{variant.id} has {len(boxes)} boxes: the solver handles at most {MAX_BOXES} "
                               f"(its table doubles with every box)")
    rule = variant.upper_bonus
    threshold, bonus = (rule.threshold, rule.points) if rule else (0, 0)
    geo = geometry(variant.dice, variant.faces)
    five_id = variant.five_alike_box
    five_score = variant.box(five_id).score if five_id else 0
    F = 2 if five_id and variant.five_alike_bonus and isinstance(five_score, int) and five_score > 0 else 1
    five_bit = (1 << variant.box_ids.index(five_id)) if five_id else 0
    five_rows = tuple(i for i, hand in enumerate(geo.hands) if is_five_alike(hand))
    scores = [hand_scores(variant, hand) for hand in geo.hands]
    values, value_of_hand, plain, upper_scores = [], [], [], []
    for box in boxes:
        column = [s[box.id] for s in scores]
        distinct = sorted(set(column))
        position = {v: i for i, v in enumerate(distinct)}
        values.append(tuple(distinct))
        value_of_hand.append(tuple(position[v] for v in column))
        plain.append(frozenset(position[v] for h, v in enumerate(column) if h not in five_rows))
        if box.upper:
            possible = {0} | set(column) | {hand_scores(variant, hand, True)[box.id] for hand in geo.hands}
            upper_scores.append(frozenset(possible))
    return Rules(variant, geo, len(boxes), threshold, bonus, threshold + 1, F, five_bit,
                 tuple(b.upper for b in boxes), tuple(b.kind == "five_alike" for b in boxes), tuple(values),
                 tuple(value_of_hand), tuple(plain), five_rows, tuple(upper_scores))


def card_of(variant: Variant, mask: int, five: int) -> dict[str, int | None]:
    """A card with the boxes of ``mask`` filled (0s; the five-alike box with its points when ``five``)."""
    card: dict[str, int | None] = {}
    for i, box in enumerate(variant.boxes):
        if mask >> i & 1:
            card[box.id] = box.score if (box.kind == "five_alike" and five) else 0
        else:
            card[box.id] = None
    return card


# ------------------------------------------------------------ one state --

@dataclass(frozen=True)
class Position:
    """A between-turn state: filled boxes, capped upper total, five-alike flag."""

    mask: int
    upper: int
    five: int

    @classmethod
    def of_card(cls, variant: Variant, card: dict[str, int | None], upper: int | None = None,
                five: bool | int | None = None) -> Position:
        r = rules(variant)
        mask = sum(1 << i for i, box in enumerate(variant.box_ids) if card.get(box) is not None)
        if upper is None:
            upper = upper_total(variant, card)
        if five is None:
            box = variant.five_alike_box
            five = box is not None and (card.get(box) or 0) > 0
        return cls(mask, min(int(upper), r.threshold), int(bool(five)) if r.F == 2 else 0)


def move_value(r: Rules, table, pos: Position, box: int, points: int) -> tuple[float, int]:
    """(bonuses earned + value of the next state, bonuses earned) for scoring ``points`` in box index ``box``.

    The five-alike bonus of the roll is not included (it does not depend on the box).
    """
    mask = pos.mask | (1 << box)
    upper, five, bonus = pos.upper, pos.five, 0
    if r.upper[box]:
        total = pos.upper + points
        if pos.upper < r.threshold <= total:
            bonus = r.bonus
        upper = min(total, r.threshold)
    if r.is_five[box] and r.F == 2:
        five = int(points > 0)
    return bonus + table.value(mask, upper, five), bonus


def hand_values(variant: Variant, table, pos: Position) -> list[float]:
    """The value of ending the turn in state ``pos`` with each hand: its best box, bonuses and next state."""
    r = rules(variant)
    data, T, P, U, F = table.data, r.threshold, r.bonus, r.U, r.F
    columns = []
    for b in range(r.n_boxes):
        bit = 1 << b
        if pos.mask & bit:
            continue
        base = (pos.mask | bit) * U
        worth = []
        for v in r.values[b]:
            if r.upper[b]:
                total = pos.upper + v
                reward = v + P if pos.upper < T <= total else v
                upper = min(total, T)
            else:
                reward, upper = v, pos.upper
            five = int(v > 0) if r.is_five[b] and F == 2 else pos.five
            worth.append(reward + data[(base + upper) * F + five])
        for i in r.plain_values[b]:
            if math.isnan(worth[i]):
                raise SolverTableError(f"the table has no value for a state after {pos}: it cannot occur in a game")
        columns.append(list(map(worth.__getitem__, r.value_of_hand[b])))
    if not columns:  # the card is full: no turn to play
        return [-math.inf] * len(r.geo.hands)
    hands = list(map(max, *columns)) if len(columns) > 1 else columns[0]
    # The five-alike hands straight from box_options (jokers), on a card of this state.
    card = card_of(variant, pos.mask, pos.five)
    for row in r.five_rows:
        options = box_options(variant, card, r.geo.hands[row])
        best = max(points + move_value(r, table, pos, variant.box_ids.index(box), points)[0]
                   for box, points in options.scores.items())
        hands[row] = best + options.five_alike_bonus
    return hands


@dataclass(eq=False)
class Turn:
    """One state's turn, solved: ``hand[h]`` is ending the turn with hand h (its best box);
    ``keeps[r][s][k]`` is holding keep k of s dice while r rolls are left, the roll that follows
    included (``keeps[0]`` is unused)."""

    hand: list[float]
    keeps: list[list[list[float]]]


_TURNS: OrderedDict[tuple, Turn] = OrderedDict()
_TURNS_LOCK = threading.Lock()  # the coach's advice is worked out in a thread of its own, the bots' on the main one


def solve_turn(variant: Variant, table, pos: Position) -> Turn:
    """Every hand's and keep's value for one between-turn state (cached for the last few states; safe across
    threads: two threads asking for the same new state may each work it out, one keeps its answer)."""
    key = (id(table), variant.rules_hash, pos)
    with _TURNS_LOCK:
        turn = _TURNS.get(key)
        if turn is not None:
            _TURNS.move_to_end(key)
            return turn
    geo = rules(variant).geo
    best = hand_values(variant, table, pos)
    turn = Turn(best, [[]])
    for _ in range(1, variant.rolls_per_turn):
        layers = expect_keeps(geo, best)
        turn.keeps.append(layers)
        best = best_keep_values(geo, layers)
    with _TURNS_LOCK:
        _TURNS[key] = turn
        if len(_TURNS) > 256:
            _TURNS.popitem(last=False)
    return turn
