"""The solver's model of a scorecard game, in numpy: the dice geometry (hands, keeps and their
probabilities), a variant's states (which boxes are filled, the upper total, the five-alike state), the
joker rows, and one turn's value from the values after it. :mod:`game.bots.solver_tables` builds, stores
and finds the tables from these."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from game.bots.solver_turn import SolverTableError, card_of
from game.rules.scoring import box_options, hand_scores, is_five_alike
from game.rules.variant import MAX_BOXES, Variant

CHUNK = 768  # states per numpy batch: big enough to hide Python, small enough for the caches
# MAX_BOXES (game.rules.variant): 2**17 masks x upper totals is about 130 MB of float64 while building


# ------------------------------------------------------------- geometry --

@dataclass(frozen=True, eq=False)
class Geometry:
    """Hands and keeps of ``dice`` dice with ``faces`` faces, as index arrays.

    ``layers[s]`` lists the keeps of s dice (sorted tuples) in
    ``combinations_with_replacement`` order; ``layers[dice]`` are the hands, in
    the order of :func:`game.rules.hands.all_hands`.
    """

    dice: int
    faces: int
    layers: tuple[tuple[tuple[int, ...], ...], ...]
    index: dict  # keep -> position in its layer
    child: tuple[np.ndarray, ...]  # child[s][i, f-1]: position in layer s+1 of keep + (f,)
    parent: tuple[np.ndarray, ...]  # parent[s][i, j]: position in layer s-1 of keep minus its j-th die
    first_roll: np.ndarray  # probability of each hand when rolling all dice

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self.layers[self.dice]


@cache
def geometry(dice: int = 5, faces: int = 6) -> Geometry:
    layers = tuple(tuple(itertools.combinations_with_replacement(range(1, faces + 1), s)) for s in range(dice + 1))
    index = {keep: i for layer in layers for i, keep in enumerate(layer)}
    child = tuple(
        np.array([[index[tuple(sorted(keep + (f,)))] for f in range(1, faces + 1)] for keep in layers[s]],
                 dtype=np.intp)
        for s in range(dice)
    )
    parent = (np.zeros((1, 0), dtype=np.intp),) + tuple(
        np.array([[index[keep[:j] + keep[j + 1:]] for j in range(s)] for keep in layers[s]], dtype=np.intp)
        for s in range(1, dice + 1)
    )
    total = faces ** dice
    probs = []
    for hand in layers[dice]:
        ways = math.factorial(dice)
        for f in set(hand):
            ways //= math.factorial(hand.count(f))
        probs.append(ways / total)
    return Geometry(dice, faces, layers, index, child, parent, np.array(probs))


def expect_keeps(geo: Geometry, top: np.ndarray) -> list[np.ndarray]:
    """From the value of every full hand (rows of ``top``), every keep's expected value.

    ``result[s]`` has one row per keep of s dice: the mean, over the rolled
    dice, of the value of the hand they complete (``result[dice]`` is ``top``).
    """
    layers: list[np.ndarray] = [top] * (geo.dice + 1)
    scale = 1.0 / geo.faces
    tmp = np.empty((len(geo.layers[geo.dice - 1]),) + top.shape[1:])
    for s in range(geo.dice - 1, -1, -1):
        above, child = layers[s + 1], geo.child[s]
        acc = np.take(above, child[:, 0], axis=0)
        part = tmp[:len(acc)]
        for f in range(1, geo.faces):
            np.take(above, child[:, f], axis=0, out=part)
            acc += part
        acc *= scale
        layers[s] = acc
    return layers


def best_keep_values(geo: Geometry, layers: list[np.ndarray], inplace: bool = False) -> np.ndarray:
    """For every hand, the best value over all keeps it contains (itself included).

    With ``inplace`` the layers are overwritten with their best sub-keep values.
    """
    best = layers[0]
    tmp = np.empty_like(layers[geo.dice])
    for s in range(1, geo.dice + 1):
        cur = layers[s] if inplace else layers[s].copy()
        parent = geo.parent[s]
        part = tmp[:len(cur)]
        for j in range(parent.shape[1]):
            np.take(best, parent[:, j], axis=0, out=part)
            np.maximum(cur, part, out=cur)
        best = cur
    return best


# ---------------------------------------------------------------- model --

@dataclass(eq=False)
class Model:
    """What the solver needs to know about a variant's rules, as arrays."""

    variant: Variant
    geo: Geometry
    n_boxes: int
    threshold: int  # upper bonus threshold; 0 without an upper bonus
    bonus: int  # upper bonus points
    U: int  # upper totals tracked: 0..threshold
    F: int  # 2 when the five-alike box's 50 matters (a five-alike bonus), else 1
    five_bit: int  # 0 when the variant has no five-alike box
    upper: np.ndarray  # bool per box
    is_five: np.ndarray  # bool per box
    values: list[np.ndarray]  # distinct ordinary scores of each box
    value_of_hand: list[np.ndarray]  # per box: index into values[b] for each hand
    five_rows: np.ndarray  # hand positions of the five-alike hands
    upper_scores: list[set[int]] = field(default_factory=list)

    def flat(self, mask, upper, five):
        return (mask * self.U + upper) * self.F + five

    def upper_submask(self, masks: np.ndarray) -> np.ndarray:
        sub = np.zeros_like(masks)
        for j, b in enumerate(np.nonzero(self.upper)[0]):
            sub |= ((masks >> int(b)) & 1) << j
        return sub


@lru_cache(maxsize=16)
def model(variant: Variant) -> Model:
    if not variant.solvable:
        raise SolverTableError(f"{variant.id} is not a scorecard game: the solver has nothing to say about it")
    boxes = variant.boxes
    rule = variant.upper_bonus
    threshold, bonus = (rule.threshold, rule.points) if rule else (0, 0)
    if len(boxes) > MAX_BOXES:
        raise SolverTableError(f"{variant.id} has {len(boxes)} boxes: the solver handles at most {MAX_BOXES} "
                               f"(its table doubles with every box)")
    geo = geometry(variant.dice, variant.faces)
    five_id = variant.five_alike_box
    five_score = variant.box(five_id).score if five_id else 0
    F = 2 if five_id and variant.five_alike_bonus and isinstance(five_score, int) and five_score > 0 else 1
    five_bit = (1 << variant.box_ids.index(five_id)) if five_id else 0
    values, value_of_hand, upper_scores = [], [], []
    for box in boxes:
        scores = np.array([hand_scores(variant, hand)[box.id] for hand in geo.hands])
        distinct, inverse = np.unique(scores, return_inverse=True)
        values.append(distinct.astype(np.float64))
        value_of_hand.append(inverse.astype(np.intp))
        if box.upper:
            # every score box_options can ever put here, for the reachable upper totals
            possible = {0}
            for hand in geo.hands:
                possible.add(hand_scores(variant, hand)[box.id])
                possible.add(hand_scores(variant, hand, True)[box.id])
            upper_scores.append(possible)
    five_rows = np.array([i for i, hand in enumerate(geo.hands) if is_five_alike(hand)], dtype=np.intp)
    return Model(
        variant, geo, len(boxes), threshold, bonus, threshold + 1, F, five_bit,
        np.array([b.upper for b in boxes]), np.array([b.kind == "five_alike" for b in boxes]),
        values, value_of_hand, five_rows, upper_scores,
    )


@dataclass(eq=False)
class JokerTables:
    """``box_options`` for the five-alike hands on every card with the five-alike box filled.

    ``score[i, b, mask, five]`` is what box b scores for five-alike hand i, or
    -1 when the roll may not go there; ``bonus[i, mask, five]`` the five-alike
    bonus the roll earns. Masks with the five-alike box open are left at the
    ordinary scores (``box_options`` has no joker then).
    """

    score: np.ndarray
    bonus: np.ndarray


def joker_tables(m: Model, options: Callable = box_options) -> JokerTables:
    v = m.variant
    n = m.n_boxes
    rows = len(m.five_rows)
    biggest = max([int(x.max()) for x in m.values] + [v.five_alike_bonus or 0] +
                  [max(hand_scores(v, m.geo.hands[r], True).values()) for r in m.five_rows])
    small = np.int16 if biggest < 2 ** 15 else np.int32
    score = np.full((rows, n, 1 << n, m.F), -1, dtype=small)
    bonus = np.zeros((rows, 1 << n, m.F), dtype=small)
    if not m.five_bit or not rows:
        return JokerTables(score, bonus)
    index = {box: i for i, box in enumerate(v.box_ids)}
    hands = [m.geo.hands[r] for r in m.five_rows]
    full = (1 << n) - 1
    for mask in range(1 << n):
        if not mask & m.five_bit or mask == full:
            continue
        for five in range(m.F):
            card = card_of(v, mask, five)
            for i, hand in enumerate(hands):
                found = options(v, card, hand)
                for box, points in found.scores.items():
                    score[i, index[box], mask, five] = points
                bonus[i, mask, five] = found.five_alike_bonus
    return JokerTables(score, bonus)


# ------------------------------------------------------ the states to solve --

@dataclass(eq=False)
class StatePlan:
    """Which (mask, upper, five) states are reachable, and which of them are computed."""

    reachable: np.ndarray  # bool (2**n, U, F)
    compute: np.ndarray  # bool (2**n, U, F): reachable, and not a copy of a dead upper total
    copy_from: np.ndarray  # int (2**n, U): the upper total whose value a dead one shares (else itself)


def plan_states(m: Model) -> StatePlan:
    n, U, T = m.n_boxes, m.U, m.threshold
    upper_boxes = list(np.nonzero(m.upper)[0])
    k = len(upper_boxes)
    reach_sub = np.zeros((1 << k, U), dtype=bool)
    reach_sub[0, 0] = True
    best_rest = np.zeros(1 << k, dtype=np.int64)  # most the open upper boxes can still add
    top = [max(s) for s in m.upper_scores]
    for sub in range(1 << k):
        best_rest[sub] = sum(top[j] for j in range(k) if not sub >> j & 1)
        if sub == 0:
            continue
        j = (sub & -sub).bit_length() - 1
        prev = np.nonzero(reach_sub[sub ^ (1 << j)])[0]
        for s in m.upper_scores[j]:
            reach_sub[sub, np.minimum(prev + s, T)] = True
    masks = np.arange(1 << n, dtype=np.int64)
    sub = m.upper_submask(masks)
    reach_u = reach_sub[sub]  # (2**n, U)
    u = np.arange(U)
    dead = (u[None, :] < T) & (u[None, :] + best_rest[sub][:, None] < T)
    dead_reach = reach_u & dead
    # the representative of the dead upper totals: the first reachable one
    first_dead = np.where(dead_reach.any(axis=1), dead_reach.argmax(axis=1), -1)
    copy_from = np.where(dead_reach, first_dead[:, None], u[None, :])
    compute_u = reach_u & (copy_from == u[None, :])
    five_ok = np.ones((1 << n, m.F), dtype=bool)
    if m.F == 2:
        five_ok[:, 1] = (masks & m.five_bit) != 0
    reachable = reach_u[:, :, None] & five_ok[:, None, :]
    compute = compute_u[:, :, None] & five_ok[:, None, :]
    return StatePlan(reachable, compute, copy_from)


# ------------------------------------------------------------ one turn --

def hand_values(m: Model, V: np.ndarray, cm: np.ndarray, cu: np.ndarray, cf: np.ndarray,
                jokers: JokerTables | None = None) -> np.ndarray:
    """The value of ending the turn with each hand (rows) for each state (columns).

    Value = the best legal box's points + the bonuses the move earns + the
    value of the state it leads to. ``V`` is the flat value table. The
    five-alike hands on cards with a filled five-alike box come from
    ``jokers`` (built from ``box_options``); without it those rows keep their
    ordinary scores, for the caller to replace.
    """
    T, P = m.threshold, m.bonus
    nh = len(m.geo.hands)
    H = np.full((nh, cm.size), -np.inf)
    tmp = np.empty_like(H)
    below = cu < T
    for b in range(m.n_boxes):
        bit = 1 << b
        open_ = (cm & bit) == 0
        if not open_.any():
            continue
        vals = m.values[b]
        m2 = cm | bit
        if m.upper[b]:
            total = cu[None, :] + vals.astype(np.int64)[:, None]
            u2 = np.minimum(total, T)
            reward = vals[:, None] + P * (below[None, :] & (total >= T))
        else:
            u2 = cu[None, :]
            reward = vals[:, None]
        if m.is_five[b] and m.F == 2:
            f2 = (vals > 0).astype(np.int64)[:, None]
        else:
            f2 = cf[None, :]
        nxt = V[(m2[None, :] * m.U + u2) * m.F + f2]
        vb = np.where(open_[None, :], reward + nxt, -np.inf)
        np.take(vb, m.value_of_hand[b], axis=0, out=tmp)
        np.maximum(H, tmp, out=H)
    if jokers is not None and len(m.five_rows) and m.five_bit:
        sel = np.nonzero(cm & m.five_bit)[0]
        if sel.size:
            H[:, sel] = joker_rows_into(m, V, cm[sel], cu[sel], cf[sel], jokers, H[:, sel])
    return H


def joker_rows_into(m: Model, V, cm, cu, cf, jokers: JokerTables, H: np.ndarray) -> np.ndarray:
    """``H`` with the five-alike rows replaced by their ``box_options`` values (five-alike box filled)."""
    T, P = m.threshold, m.bonus
    below = cu < T
    for i, row in enumerate(m.five_rows):
        best = np.full(cm.size, -np.inf)
        for b in range(m.n_boxes):
            points = jokers.score[i, b][cm, cf].astype(np.int64)
            ok = points >= 0
            if not ok.any():
                continue
            if m.upper[b]:
                total = cu + points
                u2 = np.minimum(total, T)
                reward = points + P * (below & (total >= T))
            else:
                u2, reward = cu, points
            value = reward + V[((cm | (1 << b)) * m.U + u2) * m.F + cf]
            best = np.where(ok, np.maximum(best, value), best)
        H[row] = best + jokers.bonus[i][cm, cf]
    return H


def turn_value(m: Model, H: np.ndarray, rolls: int) -> np.ndarray:
    """The value before the first roll of a turn, from the final hands' values."""
    geo = m.geo
    best = H
    for _ in range(rolls - 1):
        best = best_keep_values(geo, expect_keeps(geo, best), inplace=True)
    return geo.first_roll @ best
