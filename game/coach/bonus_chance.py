"""The exact chance of the upper bonus under the optimal player's play (issue 38: "keeps the bonus in reach").

The solver's value table says which box and which hold the optimal player takes; following those choices, the
chance of ending the game with the upper bonus is worked out exactly, backwards like the values (a chance is
an expectation of 0 or 1, so the same keep and roll sums give it). Two parts:

- :func:`build` (numpy, like the value table): the chance for every state between turns, from the value table.
  The shipped scorecard variants' chances are shipped beside their values (``assets/solver/VARIANT.bonus``, the
  value table's file format: :mod:`game.bots.solver_file`, built by ``python -m game.coach.bonus_chance --ship``);
  another variant's are built on first need and kept in the user's data folder (``VARIANT-HASH.bonus``), read
  without numpy either way (about 100 s for a 13-box card on one core).
- :func:`option_chances`: for one moment of a turn, each option's chance (pure Python, a few milliseconds).

Ties between equally valued choices go to the first one, as in the builder of the values.
"""

from __future__ import annotations

import math
from array import array
from pathlib import Path

from game.bots.solver_turn import Position, expect_keeps, geometry, hand_values, move_value, rules
from game.paths import asset, user_data_dir
from game.rules.scoring import box_options
from game.rules.variant import Variant

CHUNK = 4096  # states solved at once (the builder's memory stays small)


SUFFIX = ".bonus"
_LOADED: dict[str, array] = {}  # by rules hash: a file is read once a run
_UNREADABLE: set[str] = set()  # rules hashes whose files were there but could not be used


def shipped_path(variant: Variant) -> Path:
    from game.bots.solver_file import file_stem

    return asset("solver", f"{file_stem(variant.id)}{SUFFIX}")


def user_path(variant: Variant) -> Path:
    from game.bots.solver_file import file_stem

    return user_data_dir() / "solver" / f"{file_stem(variant.id)}-{variant.rules_hash}{SUFFIX}"


def _read(variant: Variant, size: int) -> array | None:
    """The chance table from its file (shipped, then the user's), if one fits the rules and the scoring code."""
    from game.bots.solver_file import SolverTableError, load_table

    for path in (shipped_path(variant), user_path(variant)):
        try:
            if path.is_file():
                found = load_table(path, variant).data
                if len(found) == size:
                    return found
        except (OSError, SolverTableError):
            continue  # another version's, or damaged: the next one, or built again
    return None


def chances(variant: Variant, table, build_it: bool = True) -> array | None:
    """The chance table of a variant (None: it has no upper bonus, or it is neither shipped nor built, and
    ``build_it`` is false or numpy is missing)."""
    r = rules(variant)
    if not r.threshold:
        return None
    if variant.rules_hash in _LOADED:
        return _LOADED[variant.rules_hash]
    data = _read(variant, len(table.data))
    if data is None:
        from game.bots.solver import can_build

        _UNREADABLE.add(variant.rules_hash)

        if not build_it or not can_build():
            return None
        data = build(variant, table)
        try:
            save(variant, data, user_path(variant))
        except OSError:
            pass  # a read-only home: worked out again next run
    _LOADED[variant.rules_hash] = data
    return data


STEP = 2 ** -16  # a chance is kept to the nearest 1/65536 (within 8e-6): a float32 holds it exactly, and the
# file is half the size of the full float32's (the shipped ones, about 0.5 MB a 13-box card)


def save(variant: Variant, data: array, path: Path, seconds: float = 0.0) -> Path:
    """Write a chance table in the value table's format (lzma'd float32 byte planes, the rules' hash and the
    scoring code's fingerprint in its header), each chance to the nearest :data:`STEP`."""
    from game.bots.solver_file import SolverTable, save_table, scoring_fingerprint, shape_of

    kept = array("f", (x if math.isnan(x) else round(x / STEP) * STEP for x in data))
    return save_table(SolverTable(variant.id, variant.rules_hash, kept, shape_of(variant), seconds, float(data[0]),
                                  scoring_fingerprint(variant)), path)


def shipped_or_kept(variant: Variant) -> bool:
    """Whether a chance table for the variant's rules is there to read (headers only: cheap)."""
    from game.bots.solver_file import SolverTableError, fits, read_header

    if variant.rules_hash in _UNREADABLE:
        return False
    for path in (shipped_path(variant), user_path(variant)):
        try:
            if path.is_file() and fits(read_header(path), variant):
                return True
        except (OSError, SolverTableError):
            continue
    return False


def unreadable(variant: Variant) -> bool:
    """Whether the variant's chance file was tried and could not be used (cheap: for the frame's thread)."""
    return variant.rules_hash in _UNREADABLE


def loaded(variant: Variant) -> array | None:
    """The chance table if this run has it in memory already (never reads a file: for the frame's own thread)."""
    return _LOADED.get(variant.rules_hash)


def start_chance(variant: Variant, table, bonus, card: dict) -> float | None:
    """The chance of the upper bonus from the start of a turn with this card (before its first roll), worked out
    from the chances after it (pure Python: the table's own figure, one turn rebuilt)."""
    from game.bots.solver import Option

    return option_chances(variant, table, bonus, card, None, None, variant.rolls_per_turn, [Option("keep", 0.0)])[0]


def forget_loaded() -> None:
    """Drop the chance tables kept in memory (tests)."""
    _LOADED.clear()
    _UNREADABLE.clear()


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


def main(argv: list[str] | None = None) -> int:
    """``python -m game.coach.bonus_chance [--ship] VARIANT...``: build the chance tables (``--ship``: into
    ``assets/solver``, as shipped; else the user's data folder)."""
    import argparse
    import time

    from game.bots.solver import table_for
    from game.rules.variants import find_variant

    parser = argparse.ArgumentParser(prog="python -m game.coach.bonus_chance", description=main.__doc__)
    parser.add_argument("--ship", action="store_true", help="write into assets/solver (the shipped tables)")
    parser.add_argument("variants", nargs="+", metavar="VARIANT")
    args = parser.parse_args(argv)
    for name in args.variants:
        variant = find_variant(name)
        if not rules(variant).threshold:
            print(name, "has no upper bonus")
            continue
        start = time.perf_counter()
        data = build(variant, table_for(variant))
        path = save(variant, data, shipped_path(variant) if args.ship else user_path(variant),
                    time.perf_counter() - start)
        print(f"{name}: {path} ({path.stat().st_size} bytes, {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
