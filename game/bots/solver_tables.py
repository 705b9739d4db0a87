"""The solitaire solver's tables: how they are built (numpy; needed only here, not to play).

For a scorecard variant the table holds, for every state *between* turns, the
expected score of the rest of the game under optimal solitaire play. A state
is three numbers:

- ``mask``: which boxes are filled, one bit per box in the variant's order;
- ``upper``: the upper total, capped at the bonus threshold (always 0 when the
  variant has no upper bonus);
- ``five``: 1 when the five-alike box holds a positive score (only tracked when
  the variant pays a five-alike bonus; a five-alike box filled with 0 and one
  filled with 50 differ in this bit, their filled-ness is in the mask).

"The rest of the game" counts every future box score, the upper bonus at the
moment the upper total reaches the threshold, and every five-alike bonus.

The values come from backward induction over masks, fewest open boxes first.
All the states of one layer (the same number of filled boxes) have their turn
solved together with numpy, in batches: states are the columns of every array,
hands and keeps the rows.

1. Every final hand's best box: its points + the bonuses the move earns + the
   value of the next state. Scores and legality are those of
   :func:`game.rules.scoring.box_options`: the five-alike hands' rows come from
   calling it on a card of every mask (:func:`joker_tables`), the other hands
   score as :func:`game.rules.scoring.hand_scores` says in every open box, which is
   what ``box_options`` returns for them (the tests check both).
2. Per reroll: a keep's expectation is the mean, over the faces of one more
   die, of the keep one die bigger (6 row additions per keep: 462 keeps of
   five dice, 252 of them whole hands); a hand's best keep is the best of the
   keep itself and of its one-die-smaller keeps' best (5 row maxima at most).
3. The first roll: the expectation over all hands.

Geometry (dice, faces), rolls per turn, boxes, bonuses and joker mode all come
from the variant, so a user's YAML gets a table the same way.

Upper totals that can no longer reach the threshold all have the same value
(the bonus is lost either way), so only one of them is computed per mask and
the others are filled in from it. Unreachable states hold NaN.

Tables of the shipped variants are built with ``python -m game.bots.solver build``
and shipped in ``assets/solver/VARIANT.table``; a user's variant gets its table
built on first use (where numpy is installed) and cached in
``user_data_dir()/solver``. The files, and reading them without numpy, are
:mod:`game.bots.solver_file`; playing from them is :mod:`game.bots.solver_turn`.
"""

from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from game.bots.solver_file import SolverTable, scoring_fingerprint
from game.bots.solver_model import CHUNK, hand_values, joker_tables, model, plan_states, turn_value
from game.rules.scoring import box_options
from game.rules.variant import Variant

Progress = Callable[[float, str], None]


def build_values(variant: Variant, progress: Progress | None = None, threads: int | None = None,
                 options: Callable = box_options) -> SolverTable:
    """Solve the variant: backward induction over the filled boxes, fewest open boxes first.

    ``options`` is the rule for where a five-alike roll may go (tests pass
    other readings of the joker rule; everything else uses ``box_options``).
    """
    started = time.perf_counter()
    m = model(variant)
    n = m.n_boxes
    plan = plan_states(m)
    jokers = joker_tables(m, options)
    V = np.full((1 << n) * m.U * m.F, np.nan)
    full = (1 << n) - 1
    V[m.flat(full, np.arange(m.U), 0)] = 0.0  # the game is over: nothing more to score
    if m.F == 2:
        V[m.flat(full, np.arange(m.U), 1)] = 0.0
    masks_all = np.arange(1 << n)
    popcount = np.array([bin(x).count("1") for x in range(1 << n)])
    cols = np.nonzero(plan.compute.reshape(-1))[0]
    col_mask = cols // (m.U * m.F)
    col_pop = popcount[col_mask]
    total = int(np.count_nonzero(col_pop < n))
    done = 0

    def solve(chunk: np.ndarray) -> None:
        cm = chunk // (m.U * m.F)
        cu = (chunk // m.F) % m.U
        cf = chunk % m.F
        H = hand_values(m, V, cm, cu, cf, jokers)
        V[chunk] = turn_value(m, H, variant.rolls_per_turn)

    # numpy lets go of the GIL in its loops: two threads keep both cores busy.
    pool = ThreadPoolExecutor(max(1, min(threads or os.cpu_count() or 1, 8)))
    for filled in range(n - 1, -1, -1):
        layer = cols[col_pop == filled]
        list(pool.map(solve, [layer[i:i + CHUNK] for i in range(0, layer.size, CHUNK)]))
        done += layer.size
        # dead upper totals share their representative's value
        layer_masks = masks_all[popcount == filled]
        copy = plan.copy_from[layer_masks]
        u = np.arange(m.U)
        src_m, src_u = np.nonzero((copy != u[None, :]) & plan.reachable[layer_masks][:, :, 0])
        if src_m.size:
            for f in range(m.F):
                dst = m.flat(layer_masks[src_m], src_u, f)
                src = m.flat(layer_masks[src_m], copy[src_m, src_u], f)
                ok = plan.reachable[layer_masks[src_m], src_u, f]
                V[dst[ok]] = V[src[ok]]
        if progress:
            progress(done / max(total, 1), f"{variant.id}: {n - filled} open boxes solved "
                                           f"({done}/{total} states, {time.perf_counter() - started:.1f} s)")
    pool.shutdown()
    seconds = time.perf_counter() - started
    tag = scoring_fingerprint(variant) if options is box_options else "custom"
    data = array("d")
    data.frombytes(V.astype(np.float64).tobytes())
    return SolverTable(variant.id, variant.rules_hash, data, (1 << n, m.U, m.F), seconds, float(V[0]), tag)
