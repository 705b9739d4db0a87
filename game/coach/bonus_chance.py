"""The exact chance of the upper bonus under the optimal player's play (issue 38: "keeps the bonus in reach").

The solver's value table says which box and which hold the optimal player takes; following those choices, the
chance of ending the game with the upper bonus is worked out exactly, backwards like the values (a chance is
an expectation of 0 or 1, so the same keep and roll sums give it). Two parts:

- :func:`build` (numpy, like the value table): the chance for every state between turns, from the value table.
  :func:`chances` keeps it in the user's data folder (``VARIANT-HASH.bonus``: float32, read without numpy),
  so only the first question of a variant waits for it (about 20 s for a 13-box card on one core).
- :func:`option_chances`: for one moment of a turn, each option's chance (pure Python, a few milliseconds).

Ties between equally valued choices go to the first one, as in the builder of the values.
"""

from __future__ import annotations

import math
from array import array
from pathlib import Path

from game.bots.solver_turn import Position, expect_keeps, geometry, hand_values, move_value, rules
from game.paths import user_data_dir
from game.rules.scoring import box_options
from game.rules.variant import Variant

CHUNK = 4096  # states solved at once (the builder's memory stays small)


def _path(variant: Variant) -> Path:
    from game.bots.solver_file import file_stem

    return user_data_dir() / "solver" / f"{file_stem(variant.id)}-{variant.rules_hash}.bonus"


def chances(variant: Variant, table, build_it: bool = True) -> array | None:
    """The chance table of a variant (None: it has no upper bonus, or it is not built and ``build_it`` is false
    or numpy is missing)."""
    r = rules(variant)
    if not r.threshold:
        return None
    path = _path(variant)
    size = len(table.data)
    try:
        data = array("f")
        data.frombytes(path.read_bytes())
        if len(data) == size:
            return data
    except (OSError, ValueError):
        pass  # not built yet, or damaged: built again
    from game.bots.solver import can_build

    if not build_it or not can_build():
        return None
    data = build(variant, table)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data.tobytes())
        tmp.replace(path)
    except OSError:
        pass  # a read-only home: worked out again next time
    return data


def build(variant: Variant, table) -> array:
    """Every between-turn state's chance of the upper bonus under the values' choices (numpy)."""
    import numpy as np

    from game.bots.solver_model import expect_keeps as np_expect
    from game.bots.solver_model import joker_tables, model, plan_states

    m = model(variant)
    geo, n, T, U, F = m.geo, m.n_boxes, m.threshold, m.U, m.F
    V = np.frombuffer(table.data, dtype=np.dtype(table.data.typecode)).astype(np.float64)
    B = np.zeros(V.size)
    B.reshape(1 << n, U, F)[:, T, :] = 1.0  # the bonus is reached
    plan = plan_states(m)
    jokers = joker_tables(m)
    popcount = np.array([bin(x).count("1") for x in range(1 << n)])
    u_of = np.arange(U)[None, :, None]
    cols = np.nonzero((plan.compute & (u_of < T)).reshape(-1))[0]
    col_pop = popcount[cols // (U * F)]

    def after(cm, cu, cf, b, points):
        """(value, chance) of the state after scoring ``points`` (array) in box b."""
        total = cu + points
        if m.upper[b]:
            u2 = np.minimum(total, T)
            reward = points + m.bonus * ((cu < T) & (total >= T))
        else:
            u2, reward = np.broadcast_to(cu, np.broadcast(cu, points).shape), points
        f2 = (points > 0).astype(np.int64) if m.is_five[b] and F == 2 else np.broadcast_to(cf, u2.shape)
        nxt = ((cm | (1 << b)) * U + u2) * F + f2
        return reward + V[nxt], np.where(u2 >= T, 1.0, B[nxt])

    def solve(chunk):
        cm, cu, cf = chunk // (U * F), (chunk // F) % U, chunk % F
        H = np.full((len(geo.hands), chunk.size), -np.inf)
        BH = np.zeros_like(H)
        for b in range(n):
            open_ = (cm & (1 << b)) == 0
            if not open_.any():
                continue
            vals = m.values[b].astype(np.int64)[:, None]
            value, chance = after(cm[None, :], cu[None, :], cf[None, :], b, vals)
            value = np.where(open_[None, :], value, -np.inf)[m.value_of_hand[b]]
            better = value > H
            H = np.where(better, value, H)
            BH = np.where(better, chance[m.value_of_hand[b]], BH)
        if len(m.five_rows) and m.five_bit:
            sel = np.nonzero(cm & m.five_bit)[0]
            for i, row in enumerate(m.five_rows):
                best, chance_best = np.full(sel.size, -np.inf), np.zeros(sel.size)
                for b in range(n):
                    points = jokers.score[i, b][cm[sel], cf[sel]].astype(np.int64)
                    value, chance = after(cm[sel], cu[sel], cf[sel], b, points)
                    better = (points >= 0) & (value > best)
                    best, chance_best = np.where(better, value, best), np.where(better, chance, chance_best)
                BH[row, sel] = chance_best
        for _ in range(variant.rolls_per_turn - 1):
            H, BH = _best_keeps(geo, np_expect(geo, H), np_expect(geo, BH), np.where)
        B[chunk] = geo.first_roll @ BH

    for filled in range(n - 1, -1, -1):
        layer = cols[col_pop == filled]
        for i in range(0, layer.size, CHUNK):
            solve(layer[i:i + CHUNK])
    B[np.isnan(V)] = np.nan
    out = array("f")
    out.frombytes(B.astype(np.float32).tobytes())
    return out


def _best_keeps(geo, values, chances, where):
    """Each hand's best keep by value (itself included: roll none), and that keep's chance (ties: the bigger keep,
    as the values' builder keeps the first maximum)."""
    best, best_chance = values[0], chances[0]
    for s in range(1, geo.dice + 1):
        cur, cur_chance = values[s], chances[s]
        for parent in geo.parent[s] if where is None else geo.parent[s].T:
            if where is None:
                pv = [best[p] for p in parent]
                pc = [best_chance[p] for p in parent]
                cur_chance = [c2 if v2 > v else c for v, c, v2, c2 in zip(cur, cur_chance, pv, pc)]
                cur = [max(v, v2) for v, v2 in zip(cur, pv)]
            else:
                pv, pc = best[parent], best_chance[parent]
                better = pv > cur
                cur, cur_chance = where(better, pv, cur), where(better, pc, cur_chance)
        best, best_chance = cur, cur_chance
    return best, best_chance


def option_chances(variant: Variant, table, bonus, card: dict, upper: int | None, five: bool | None,
                   rolls_left: int, options) -> list[float | None]:
    """Each option's chance of the upper bonus (the ranked options of :func:`game.bots.solver.advise` for this
    moment: holds with ``rolls_left`` rolls to come, boxes now). ``bonus()`` gives the chance table (:func:`chances`);
    it is asked only where a box leaves a turn to play, so a last turn never needs it; None where it is needed and
    missing: every option's chance is then None."""
    r = rules(variant)
    if not r.threshold:
        return [None] * len(options)  # no upper bonus
    pos = Position.of_card(variant, card, upper, five)
    if pos.upper >= r.threshold:
        return [1.0] * len(options)

    def box_chance(box: str, points: int) -> float:
        b = variant.box_ids.index(box)
        mask, total = pos.mask | (1 << b), pos.upper + (points if r.upper[b] else 0)
        if total >= r.threshold:
            return 1.0
        if mask == (1 << r.n_boxes) - 1:
            return 0.0  # the card is full below the threshold
        five_now = int(points > 0) if r.is_five[b] and r.F == 2 else pos.five
        found = bonus()
        if found is None:
            raise _NoTable
        chance = found[r.flat(mask, total, five_now)]
        return 0.0 if math.isnan(chance) else float(chance)

    try:
        return _chances(variant, table, card, pos, rolls_left, options, box_chance)
    except _NoTable:
        return [None] * len(options)


class _NoTable(Exception):
    """The chance table is needed and not there."""


def _chances(variant, table, card, pos, rolls_left, options, box_chance) -> list[float]:
    r = rules(variant)
    geo = geometry(variant.dice, variant.faces)

    def stop_chance(hand) -> float:  # the chance after the hand's best box, as the values choose it
        found = box_options(variant, card, hand).scores
        box = max(found, key=lambda box: found[box] + move_value(r, table, pos, variant.box_ids.index(box),
                                                                 found[box])[0])
        return box_chance(box, found[box])

    values = hand_values(variant, table, pos) if rolls_left else []
    chances_now = [stop_chance(hand) for hand in geo.hands] if rolls_left else []
    for _ in range(rolls_left - 1):
        values, chances_now = _best_keeps(geo, expect_keeps(geo, values), expect_keeps(geo, chances_now), None)
    held = expect_keeps(geo, chances_now) if rolls_left else []
    said = []
    for option in options:
        if option.kind == "box":
            said.append(box_chance(option.box, option.points))
        else:
            keep = tuple(sorted(option.keep))
            said.append(float(held[len(keep)][geo.index[keep]]))
    return said


if __name__ == "__main__":  # python -m game.coach.bonus_chance VARIANT...: build and keep the chance tables
    import sys

    from game.bots.solver import table_for
    from game.rules.variants import find_variant

    for name in sys.argv[1:]:
        variant = find_variant(name)
        print(name, "built" if chances(variant, table_for(variant)) is not None else "has no upper bonus")
