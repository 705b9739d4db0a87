"""The optimal solitaire solver: move advice at any moment of a turn, and the ``optimal`` player.

The tables (expected rest-of-game score of every between-turn state) are
built and stored by :mod:`game.bots.solver_tables`; this module reads a turn from
them:

- :func:`advise` ranks every option of a moment of a turn, best first: each
  proper set of dice to hold (while rolls are left) and each legal box. An
  option's ``value`` is the expected score of the rest of the game from this
  moment under optimal play, this turn's points included: for a box, its
  points + the bonuses the move earns + the value of the state it leads to.
- :func:`advise_state` reads everything from an engine state.
- The optimal player (:mod:`game.bots.optimal`, level ``optimal``) plays
  through the same legal actions as the other computer players.

Challenge (common rolls) and multi-seat games use the solitaire values: the
solver plays every seat as if it were alone. In Challenge the values of the
copies are the solitaire keep values (as if markers could still be taken
back and the next roll held exactly the missing dice); boxes are exact.

Build the shipped tables with ``python -m game.bots.solver build [VARIANT...]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from game.rules.hands import reachable_keeps
from game.rules.scoring import box_options, upper_total
from game.rules.variant import Variant

if TYPE_CHECKING:
    import numpy as np

    from game.bots.solver_model import Model
    from game.bots.solver_tables import SolverTable

# The tables need numpy; this module imports it only when advice is asked for, so importing
# the players (game.bots.levels, game.bots.optimal) stays light and works without numpy.
_FROM_TABLES = {"SHIPPED", "SolverTable", "build_values", "load_table", "save_table", "shipped_path", "table_for",
                "user_path"}
_FROM_MODEL = {"Model", "SolverTableError", "best_keep_values", "expect_keeps", "hand_values", "model"}


def _tables():
    from game.bots import solver_tables

    return solver_tables


def _model():
    from game.bots import solver_model

    return solver_model


@dataclass(frozen=True)
class Option:
    """One choice at a moment of a turn, with its expected final result.

    ``kind`` is ``"keep"`` (hold ``keep`` and roll the other dice), ``"box"``
    (score ``points`` in ``box`` now; ``bonus`` is what the move earns on top:
    the upper bonus reached, a five-alike bonus) or ``"copy"`` (Challenge:
    copy ``keep`` onto the markers). ``value`` is the expected score of the
    rest of the game from this moment, this turn included; ``loss`` how much
    less than the best option that is.
    """

    kind: str
    value: float
    keep: tuple[int, ...] = ()
    box: str | None = None
    points: int = 0
    bonus: int = 0
    loss: float = 0.0

    def to_json(self) -> dict:
        data: dict = {"kind": self.kind, "value": round(self.value, 4), "loss": round(self.loss, 4)}
        if self.kind == "box":
            data.update(box=self.box, points=self.points, bonus=self.bonus)
        else:
            data["keep"] = list(self.keep)
        return data


@dataclass(frozen=True)
class Position:
    """A between-turn state: filled boxes, capped upper total, five-alike flag."""

    mask: int
    upper: int
    five: int

    @classmethod
    def of_card(cls, variant: Variant, card: dict[str, int | None], upper: int | None = None,
                five: bool | int | None = None) -> "Position":
        m = _model().model(variant)
        mask = sum(1 << i for i, box in enumerate(variant.box_ids) if card.get(box) is not None)
        if upper is None:
            upper = upper_total(variant, card)
        if five is None:
            box = variant.five_alike_box
            five = box is not None and (card.get(box) or 0) > 0
        return cls(mask, min(int(upper), m.threshold), int(bool(five)) if m.F == 2 else 0)


# ------------------------------------------------------------ one state --

def move_value(m: Model, table: SolverTable, pos: Position, box: int, points: int) -> tuple[float, int]:
    """(bonuses earned + value of the next state, bonuses earned) for scoring ``points`` in box index ``box``.

    The five-alike bonus of the roll is not included (it does not depend on the box).
    """
    mask = pos.mask | (1 << box)
    upper, five, bonus = pos.upper, pos.five, 0
    if m.upper[box]:
        total = pos.upper + points
        if pos.upper < m.threshold <= total:
            bonus = m.bonus
        upper = min(total, m.threshold)
    if m.is_five[box] and m.F == 2:
        five = int(points > 0)
    return bonus + table.value(mask, upper, five), bonus


@dataclass(eq=False)
class Turn:
    """One state's turn, solved: ``hand[h]`` is ending the turn with hand h (its best box);
    ``keeps[r][s][k]`` is holding keep k of s dice while r rolls are left, the roll that follows
    included (``keeps[0]`` is unused)."""

    hand: np.ndarray
    keeps: list[list[np.ndarray]] = field(default_factory=list)


_TURNS: "OrderedDict[tuple, Turn]" = OrderedDict()


def solve_turn(variant: Variant, table: SolverTable, pos: Position) -> Turn:
    """Every hand's and keep's value for one between-turn state (cached for the last few states)."""
    key = (id(table), variant.rules_hash, pos)
    turn = _TURNS.get(key)
    if turn is not None:
        _TURNS.move_to_end(key)
        return turn
    import numpy as np

    sm = _model()
    m = sm.model(variant)
    geo = m.geo
    one = np.array([pos.mask]), np.array([pos.upper]), np.array([pos.five])
    H = sm.hand_values(m, table.flat, *one)
    # The five-alike hands straight from box_options, on a card of this state.
    card = _card_of(variant, pos)
    for row in m.five_rows:
        options = box_options(variant, card, geo.hands[row])
        best = max(points + move_value(m, table, pos, variant.box_ids.index(box), points)[0]
                   for box, points in options.scores.items())
        H[row, 0] = best + options.five_alike_bonus
    if np.isnan(H).any():
        raise sm.SolverTableError(f"the table has no value for a state after {pos}: it cannot occur in a game")
    turn = Turn(H[:, 0].copy(), [[]])
    best = H
    for _ in range(1, variant.rolls_per_turn):
        layers = sm.expect_keeps(geo, best)
        turn.keeps.append([layer[:, 0].copy() for layer in layers])
        best = sm.best_keep_values(geo, layers)
    _TURNS[key] = turn
    if len(_TURNS) > 256:
        _TURNS.popitem(last=False)
    return turn


def _card_of(variant: Variant, pos: Position) -> dict[str, int | None]:
    card: dict[str, int | None] = {}
    for i, box in enumerate(variant.boxes):
        if pos.mask >> i & 1:
            card[box.id] = box.score if (box.kind == "five_alike" and pos.five) else 0
        else:
            card[box.id] = None
    return card


# ---------------------------------------------------------------- advice --

def _ranked(options: list[Option]) -> list[Option]:
    kind_order = {"box": 0, "keep": 1, "copy": 1}
    options.sort(key=lambda o: (-o.value, kind_order[o.kind], -len(o.keep), o.keep, o.box or ""))
    best = options[0].value if options else 0.0
    return [Option(o.kind, o.value, o.keep, o.box, o.points, o.bonus, best - o.value) for o in options]


def box_choices(variant: Variant, table: SolverTable, card: dict[str, int | None], pos: Position,
                dice: tuple[int, ...]) -> list[Option]:
    """Every legal box for these dice (``box_options``), valued."""
    m = _model().model(variant)
    options = box_options(variant, card, tuple(dice))
    found = []
    for box, points in options.scores.items():
        rest, bonus = move_value(m, table, pos, variant.box_ids.index(box), points)
        found.append(Option("box", points + options.five_alike_bonus + rest, box=box, points=points,
                            bonus=bonus + options.five_alike_bonus))
    return found


def advise(variant: Variant, table: SolverTable, card_boxes: dict[str, int | None], upper: "int | Position | None",
           five_flag: bool | None, dice: Sequence[int], rolls_left: int) -> list[Option]:
    """Every option now, best first: keeps (while rolls are left) and the legal boxes.

    ``upper`` is the card's upper total (capped here; None reads it from the
    card) or a whole :class:`Position`; ``five_flag`` whether the five-alike
    box holds points (None: read it from the card). Keeping all the dice is
    not listed: it is the same as scoring now.
    """
    if table.rules_hash != variant.rules_hash:
        raise _model().SolverTableError(f"this table is for other rules than {variant.id}'s")
    if len(dice) != variant.dice:
        raise ValueError(f"{variant.id} rolls {variant.dice} dice, not {len(dice)}")
    if not 0 <= rolls_left < variant.rolls_per_turn:
        raise ValueError(f"rolls left after a roll is 0 to {variant.rolls_per_turn - 1}, not {rolls_left}")
    pos = upper if isinstance(upper, Position) else Position.of_card(variant, card_boxes, upper, five_flag)
    hand = tuple(sorted(dice))
    options = box_choices(variant, table, card_boxes, pos, hand)
    if rolls_left > 0:
        m = _model().model(variant)
        turn = solve_turn(variant, table, pos)
        layers = turn.keeps[rolls_left]
        for keep in reachable_keeps(hand):
            if len(keep) < len(hand):
                options.append(Option("keep", float(layers[len(keep)][m.geo.index[keep]]), keep=keep))
    return _ranked(options)


def advise_state(state, seat: int | None = None, table: SolverTable | None = None) -> list[Option]:
    """The ranked options of the current seat (or ``seat``) in an engine state; [] when there is nothing to choose.

    Solo turns: after a roll, keeps and boxes. Challenge (common rolls):
    copies at a pick step, boxes at the score step (see the module notes).
    """
    from game.engine.challenge import CommonRollState

    variant = state.variant
    if state.phase != "play":
        return []
    table = table or _tables().table_for(variant)
    seat = state.seat if seat is None else seat
    card = state.card(seat).boxes
    if isinstance(state, CommonRollState):
        return _advise_common(state, seat, table)
    if state.dice is None or state.rolls_used == 0 or seat != state.seat:
        return []
    return advise(variant, table, card, None, None, state.dice, state.rolls_left())


def _advise_common(state, seat: int, table: SolverTable) -> list[Option]:
    from game.engine.challenge import sub_multisets

    variant = state.variant
    card = state.card(seat).boxes
    pos = Position.of_card(variant, card)
    markers = tuple(state.markers[seat])
    if state.stage == "score" and len(markers) == variant.dice:
        return _ranked(box_choices(variant, table, card, pos, markers))
    if state.stage != "pick" or state.common is None or not state.empties(seat):
        return []
    m = _model().model(variant)
    turn = solve_turn(variant, table, pos)
    low, high = state.copy_range(seat)
    left = max(0, variant.rolls_per_turn - state.step)
    options = []
    for copy in sub_multisets(state.common, low, high):
        keep = tuple(sorted(markers + copy))
        if len(keep) == variant.dice:  # the markers are full: this hand is scored
            value = float(turn.hand[m.geo.index[keep]])
        else:
            value = float(turn.keeps[left][len(keep)][m.geo.index[keep]])
        options.append(Option("copy", value, keep=copy))
    return _ranked(options)


def __getattr__(name: str):
    if name in _FROM_TABLES:
        return getattr(_tables(), name)
    if name in _FROM_MODEL:
        return getattr(_model(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------ command line --

def _print_progress(fraction: float, message: str) -> None:
    print(f"  [{fraction * 100:5.1f}%] {message}", flush=True)


def build_shipped(names: Sequence[str], folder=None, quiet: bool = False) -> list[dict]:
    """Build and write the tables of these variants (default folder: ``assets/solver``)."""
    from pathlib import Path

    import numpy as np

    from game.bots.solver_tables import build_values, load_table, save_table, shipped_path
    from game.rules.variants import find_variant

    results = []
    for name in names:
        variant = find_variant(name)
        print(f"{variant.id}: building ({variant.summary()})", flush=True)
        table = build_values(variant, None if quiet else _print_progress)
        path = Path(folder) / f"{variant.id}.npz" if folder else shipped_path(variant)
        # float32 halves the file; keep float64 if the start value would not round the same
        dtype = np.float32
        if round(float(np.float32(table.start_value)), 4) != round(table.start_value, 4):
            dtype = np.float64
        save_table(table, path, dtype)
        stored = load_table(path, variant)
        result = {"variant": variant.id, "seconds": round(table.build_seconds, 2), "start": table.start_value,
                  "stored_start": stored.start_value, "bytes": path.stat().st_size, "dtype": np.dtype(dtype).name,
                  "path": str(path)}
        print(f"{variant.id}: {table.start_value:.8f} from the start (stored {stored.start_value:.8f}, "
              f"{result['dtype']}), built in {table.build_seconds:.1f} s, {result['bytes'] / 1e6:.2f} MB "
              f"-> {path}", flush=True)
        results.append(result)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bots.solver", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build solver tables and write them to assets/solver/")
    build.add_argument("variants", nargs="*", help="variant ids or YAML files (default: the shipped scorecard "
                                                   "variants)")
    build.add_argument("--out", help="write the tables to this folder instead of assets/solver/")
    build.add_argument("--quiet", action="store_true", help="no progress lines")
    value = commands.add_parser("value", help="print a variant's optimal expected score from the start")
    value.add_argument("variant")
    args = parser.parse_args(argv)
    from game.bots.solver_tables import SHIPPED, table_for

    if args.command == "build":
        started = time.perf_counter()
        build_shipped(args.variants or SHIPPED, args.out, args.quiet)
        print(f"done in {time.perf_counter() - started:.1f} s")
        return 0
    from game.rules.variants import find_variant

    variant = find_variant(args.variant)
    print(f"{variant.id}: {table_for(variant, _print_progress).start_value:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
