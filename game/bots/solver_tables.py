"""The solitaire solver's tables: how they are built, stored and found.

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
and shipped compressed in ``assets/solver/VARIANT.npz``; a user's variant gets
its table built on first use and cached in ``user_data_dir()/solver``. Every
file carries the variant's ``rules_hash``: a table for other rules is never
used.
"""

from __future__ import annotations

import math
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from game.bots.solver_model import CHUNK, SolverTableError, _card, hand_values, joker_tables, model, plan_states, turn_value

from game.paths import asset, user_data_dir
from game.rules.scoring import box_options, hand_scores
from game.rules.variant import Variant

TABLE_FORMAT = 1
SHIPPED = ("classic", "official", "dutch", "fivezee", "yatzy", "challenge")

Progress = Callable[[float, str], None]






# ------------------------------------------------------------- the table --

@dataclass(eq=False)
class SolverTable:
    """Expected rest-of-game score for every between-turn state of one variant."""

    variant_id: str
    rules_hash: str
    values: np.ndarray  # float64 (2**boxes, U, F); NaN for unreachable states
    build_seconds: float = 0.0
    start64: float | None = None  # the start value as built, before any float32 rounding
    scoring: str = ""  # scoring_fingerprint() of the code that built it

    @property
    def flat(self) -> np.ndarray:
        return self.values.reshape(-1)

    @property
    def start_value(self) -> float:
        return float(self.values[0, 0, 0])

    def value(self, mask: int, upper: int, five: int) -> float:
        U, F = self.values.shape[1:]
        value = float(self.values[mask, min(upper, U - 1), five if F == 2 else 0])
        if math.isnan(value):
            raise SolverTableError(f"state (filled {mask:b}, upper {upper}, five {five}) cannot occur in a game")
        return value


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
    values = V.reshape(1 << n, m.U, m.F)
    seconds = time.perf_counter() - started
    tag = scoring_fingerprint(variant) if options is box_options else "custom"
    return SolverTable(variant.id, variant.rules_hash, values, seconds, float(values[0, 0, 0]), tag)


# ------------------------------------------------------------ the files --

def scoring_fingerprint(variant: Variant) -> str:
    """A hash of what the scoring code *does* for this variant, beside the YAML's ``rules_hash``.

    ``rules_hash`` covers the YAML; this covers :mod:`game.rules.scoring`: every
    hand's scores (ordinary and joker) and ``box_options`` for the five-alike
    hands on a fixed sample of cards. A table built before a change to the
    scoring code is refused like one built for other rules. About 10 ms.
    """
    import hashlib
    import random

    m = model(variant)
    digest = hashlib.sha256()
    for hand in m.geo.hands:
        for joker in (False, True):
            digest.update(repr(sorted(hand_scores(variant, hand, joker).items())).encode())
    n = m.n_boxes
    full = (1 << n) - 1
    rng = random.Random(20240601)
    masks = {0, full ^ m.five_bit} | {full ^ (1 << b) for b in range(n)}
    masks |= {full ^ (1 << b) ^ m.five_bit for b in range(n)}
    masks |= {rng.randrange(1 << n) | m.five_bit for _ in range(96)}
    for mask in sorted(masks - {full}):
        for five in range(2):
            card = _card(variant, mask, five)
            for row in m.five_rows:
                found = box_options(variant, card, m.geo.hands[row])
                digest.update(repr((mask, five, sorted(found.scores.items()), found.joker,
                                    found.five_alike_bonus)).encode())
    return digest.hexdigest()[:16]


def shipped_path(variant: Variant) -> Path:
    return asset("solver", f"{variant.id}.npz")


def user_path(variant: Variant) -> Path:
    return user_data_dir() / "solver" / f"{variant.id}-{variant.rules_hash}.npz"


def save_table(table: SolverTable, path: Path, dtype=np.float32) -> Path:
    """Write the table compressed; only the reachable states' values are stored."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    values = table.values.astype(dtype)
    stored = np.where(np.isnan(values), 0, values)  # zeros compress to nothing
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz.tmp")
    os.close(fd)
    with open(tmp, "wb") as out:
        np.savez_compressed(
            out, values=stored, reachable=~np.isnan(table.values),
            rules_hash=np.array(table.rules_hash), variant=np.array(table.variant_id),
            format=np.array(TABLE_FORMAT), start64=np.array(table.start_value if table.start64 is None
                                                            else table.start64),
            build_seconds=np.array(table.build_seconds), scoring=np.array(table.scoring),
        )
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a table is an ordinary file
    os.replace(tmp, path)
    return path


def load_table(path: Path, variant: Variant) -> SolverTable:
    """Read a table file; refuses one built for other rules (the variant's ``rules_hash``)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            stored_hash = str(data["rules_hash"])
            if int(data["format"]) != TABLE_FORMAT:
                raise SolverTableError(f"{path}: table format {int(data['format'])}, expected {TABLE_FORMAT}")
            if stored_hash != variant.rules_hash:
                raise SolverTableError(f"{path} was built for other rules of {variant.id} "
                                       f"(hash {stored_hash}, the variant's is now {variant.rules_hash})")
            scoring = str(data["scoring"])
            if scoring != scoring_fingerprint(variant):
                raise SolverTableError(f"{path} was built by other scoring code than this version's "
                                       f"(rebuild it: python -m game.bots.solver build {variant.id})")
            values = data["values"].astype(np.float64)
            values[~data["reachable"]] = np.nan
            start64 = float(data["start64"])
            seconds = float(data["build_seconds"])
    except SolverTableError:
        raise
    except (OSError, KeyError, ValueError, EOFError) as error:
        raise SolverTableError(f"{path}: not a solver table ({type(error).__name__}: {error})") from None
    m = model(variant)
    if values.shape != (1 << m.n_boxes, m.U, m.F):
        raise SolverTableError(f"{path}: table shape {values.shape} does not fit {variant.id}")
    return SolverTable(variant.id, stored_hash, values, seconds, start64, scoring)


_LOADED: dict[str, SolverTable] = {}


def table_for(variant: Variant, progress: Progress | None = None, build: bool = True) -> SolverTable:
    """The variant's table: loaded (shipped, then the user's cache) or, when ``build``, built and cached.

    A file made for other rules (the YAML changed since) is never used: it is
    rebuilt when ``build`` is true, else :class:`SolverTableError` says why.
    """
    key = variant.rules_hash
    if key in _LOADED:
        return _LOADED[key]
    problems = []
    for path in (shipped_path(variant), user_path(variant)):
        if path.is_file():
            try:
                table = load_table(path, variant)
            except SolverTableError as error:
                problems.append(str(error))
                continue
            _LOADED[key] = table
            return table
    if not build:
        why = "; ".join(problems) if problems else "no table has been built"
        raise SolverTableError(f"no solver table for {variant.id} with its current rules: {why}")
    table = build_values(variant, progress)
    try:
        save_table(table, user_path(variant))
    except OSError:
        pass  # a read-only home still gets the table for this session
    _LOADED[key] = table
    return table


def forget_loaded() -> None:
    """Drop the tables kept in memory (tests, or after a rebuild)."""
    _LOADED.clear()
