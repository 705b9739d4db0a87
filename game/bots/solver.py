"""The optimal solitaire solver: move advice at any moment of a turn, and the ``optimal`` player.

The tables (expected rest-of-game score of every between-turn state) are
built with numpy by :mod:`game.bots.solver_tables` and stored and read without
it by :mod:`game.bots.solver_file`; a turn is solved from them in pure Python
(:mod:`game.bots.solver_turn`), from source and in the standalone app alike:

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
import importlib.util
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.bots.solver_file import (
    SHIPPED,
    SolverTable,
    find_table,
    forget_loaded,
    has_table,
    load_table,
    remember,
    save_table,
    shipped_path,
    user_path,
)
from game.bots.solver_turn import _TURNS, Position, SolverTableError, Turn, move_value, rules, solve_turn
from game.rules.hands import reachable_keeps
from game.rules.scoring import box_options
from game.rules.variant import Variant

__all__ = ["SHIPPED", "Option", "Position", "SolverTable", "SolverTableError", "Turn", "advise", "advise_state",
           "build_values", "can_build", "find_table", "forget_loaded", "has_table", "load_table", "move_value",
           "save_table", "shipped_path", "solve_turn", "table_for", "user_path", "_TURNS"]


@dataclass(frozen=True)
class Option:
    """One choice at a moment of a turn, with its expected final result.

    ``kind`` is ``"keep"`` (hold ``keep`` and roll the other dice), ``"box"``
    (score ``points`` in ``box`` now; ``bonus`` is what the move earns on top:
    the upper bonus reached, a five-alike bonus) or ``"copy"`` (Challenge:
    copy ``keep`` onto the markers). ``value`` is the expected score of the
    rest of the game from this moment, this turn included (the points still to
    come: the expected final score is the card's points now plus this);
    ``loss`` how much less than the best option that is.
    """

    kind: str
    value: float
    keep: tuple[int, ...] = ()
    box: str | None = None
    points: int = 0
    bonus: int = 0
    loss: float = 0.0

    def to_json(self, on_card: int | None = None, odds: dict[str, float] | None = None) -> dict[str, Any]:
        """The option as JSON; with the points on the card now, also its expected ``final`` score (those points
        plus ``value``, the points still to come); with ``odds`` (a keep's: :func:`game.coach.odds.hold_odds`),
        each open pattern box's chance by the end of the turn."""
        data: dict[str, Any] = {"kind": self.kind, "value": round(self.value, 4), "loss": round(self.loss, 4)}
        if on_card is not None:
            data["final"] = round(on_card + self.value, 4)
        if self.kind == "box":
            data.update(box=self.box, points=self.points, bonus=self.bonus)
        else:
            data["keep"] = list(self.keep)
        if odds is not None:
            data["odds"] = {box: round(chance, 6) for box, chance in odds.items()}
        return data


# ------------------------------------------------------------ the tables --

def can_build() -> bool:
    """Whether tables can be built here: numpy is installed (the standalone app has only the shipped ones)."""
    return importlib.util.find_spec("numpy") is not None


def build_values(variant: Variant, progress: Callable | None = None, **how) -> SolverTable:
    """Solve the variant (numpy: :func:`game.bots.solver_tables.build_values`)."""
    if not can_build():
        raise SolverTableError(f"building the solver table of {variant.id} needs numpy "
                               f"(pip install dice-parlor[solver])")
    from game.bots.solver_tables import build_values as build

    return build(variant, progress, **how)


def table_for(variant: Variant, progress: Callable | None = None, build: bool = True) -> SolverTable:
    """The variant's table: loaded (shipped, then the user's cache) or, when ``build``, built and cached.

    A file made for other rules (the YAML changed since) is never used: it is
    rebuilt when ``build`` is true (and numpy is there), else
    :class:`SolverTableError` says why.
    """
    try:
        return find_table(variant)
    except SolverTableError:
        if not build:
            raise
    table = build_values(variant, progress)
    try:
        save_table(table, user_path(variant))
    except OSError:
        pass  # a read-only home still gets the table for this session
    remember(table)
    return table


# ---------------------------------------------------------------- advice --

def _ranked(options: list[Option]) -> list[Option]:
    kind_order = {"box": 0, "keep": 1, "copy": 1}
    options.sort(key=lambda o: (-o.value, kind_order[o.kind], -len(o.keep), o.keep, o.box or ""))
    best = options[0].value if options else 0.0
    return [Option(o.kind, o.value, o.keep, o.box, o.points, o.bonus, best - o.value) for o in options]


def box_choices(variant: Variant, table: SolverTable, card: dict[str, int | None], pos: Position,
                dice: tuple[int, ...]) -> list[Option]:
    """Every legal box for these dice (``box_options``), valued."""
    r = rules(variant)
    options = box_options(variant, card, tuple(dice))
    found = []
    for box, points in options.scores.items():
        rest, bonus = move_value(r, table, pos, variant.box_ids.index(box), points)
        found.append(Option("box", points + options.five_alike_bonus + rest, box=box, points=points,
                            bonus=bonus + options.five_alike_bonus))
    return found


def advise(variant: Variant, table: SolverTable, card_boxes: dict[str, int | None], upper: int | Position | None,
           five_flag: bool | None, dice: Sequence[int], rolls_left: int) -> list[Option]:
    """Every option now, best first: keeps (while rolls are left) and the legal boxes.

    ``upper`` is the card's upper total (capped here; None reads it from the
    card) or a whole :class:`Position`; ``five_flag`` whether the five-alike
    box holds points (None: read it from the card). Keeping all the dice is
    not listed: it is the same as scoring now.
    """
    if table.rules_hash != variant.rules_hash:
        raise SolverTableError(f"this table is for other rules than {variant.id}'s")
    if len(dice) != variant.dice:
        raise ValueError(f"{variant.id} rolls {variant.dice} dice, not {len(dice)}")
    if not 0 <= rolls_left < variant.rolls_per_turn:
        raise ValueError(f"rolls left after a roll is 0 to {variant.rolls_per_turn - 1}, not {rolls_left}")
    pos = upper if isinstance(upper, Position) else Position.of_card(variant, card_boxes, upper, five_flag)
    _check_reachable(variant, table, pos)
    hand = tuple(sorted(dice))
    options = box_choices(variant, table, card_boxes, pos, hand)
    if rolls_left > 0:
        index = rules(variant).geo.index
        turn = solve_turn(variant, table, pos)
        layers = turn.keeps[rolls_left]
        for keep in reachable_keeps(hand):
            if len(keep) < len(hand):
                options.append(Option("keep", layers[len(keep)][index[keep]], keep=keep))
    return _ranked(options)


def _check_reachable(variant: Variant, table: SolverTable, pos: Position) -> None:
    """A card no game reaches (typed by hand: 7 points in Aces, an upper total with no upper box filled) is
    refused in players' words, before any of its moves is looked up."""
    try:
        if pos.upper >= 0:
            table.value(pos.mask, pos.upper, pos.five)
            return
    except SolverTableError:
        pass
    raise SolverTableError(f"no game reaches this card: {unreachable_words(variant, pos)}")


def unreachable_words(variant: Variant, pos: Position) -> str:
    """A between-turn position as a player says it: "Aces and Chance filled, 7 points in the upper section"."""
    filled = [str(box.name) for i, box in enumerate(variant.boxes) if pos.mask >> i & 1]
    boxes = "no box filled" if not filled else (
        f"{filled[0]} filled" if len(filled) == 1 else f"{', '.join(filled[:-1])} and {filled[-1]} filled")
    words = boxes
    if variant.upper_bonus:  # without one the table does not count the upper section
        upper = f"{pos.upper} or more" if pos.upper >= rules(variant).threshold else str(pos.upper)
        words += f", {upper} points in the upper section"
    if pos.five and variant.five_alike_box:
        words += f", points in {variant.box(variant.five_alike_box).name}"
    return words


def advise_state(state, seat: int | None = None, table: SolverTable | None = None) -> list[Option]:
    """The ranked options of the current seat (or ``seat``) in an engine state; [] when there is nothing to choose.

    Solo turns: after a roll, keeps and boxes. Challenge (common rolls):
    copies at a pick step, boxes at the score step (see the module notes).
    """
    variant = state.variant
    if state.phase != "play":
        return []
    table = table or table_for(variant)
    seat = state.seat if seat is None else seat
    card = state.card(seat).boxes
    if state.common_roll:
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
    index = rules(variant).geo.index
    turn = solve_turn(variant, table, pos)
    low, high = state.copy_range(seat)
    left = max(0, variant.rolls_per_turn - state.step)
    options = []
    for copy in sub_multisets(state.common, low, high):
        keep = tuple(sorted(markers + copy))
        if len(keep) == variant.dice:  # the markers are full: this hand is scored
            value = turn.hand[index[keep]]
        else:
            value = turn.keeps[left][len(keep)][index[keep]]
        options.append(Option("copy", value, keep=copy))
    return _ranked(options)


# ------------------------------------------------------------ command line --

def _print_progress(fraction: float, message: str) -> None:
    print(f"  [{fraction * 100:5.1f}%] {message}", flush=True)


def build_shipped(names: Sequence[str], folder=None, quiet: bool = False) -> list[dict[str, Any]]:
    """Build and write the tables of these variants (default folder: ``assets/solver``)."""
    from pathlib import Path

    from game.rules.variants import find_variant

    results = []
    for name in names:
        variant = find_variant(name)
        print(f"{variant.id}: building ({variant.summary()})", flush=True)
        table = build_values(variant, None if quiet else _print_progress)
        path = Path(folder) / shipped_path(variant).name if folder else shipped_path(variant)
        # float32 halves the file; keep float64 if the start value would not round the same
        typecode = "f"
        if round(array("f", [table.start_value])[0], 4) != round(table.start_value, 4):
            typecode = "d"
        save_table(table, path, typecode)
        stored = load_table(path, variant)
        result = {"variant": variant.id, "seconds": round(table.build_seconds, 2), "start": table.start_value,
                  "stored_start": stored.start_value, "bytes": path.stat().st_size,
                  "dtype": {"f": "float32", "d": "float64"}[typecode], "path": str(path)}
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
