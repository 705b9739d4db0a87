"""Jackpot Yahtzee's rules as data: symbols, dice, the staircase rack, scoring lines and charts.

Everything numeric lives in ``assets/variants/jackpot.yaml`` and is read
into the frozen :class:`JackpotVariant` here; this module also scores a
rack (runs in lines, rack bonus) and classifies a roll of the symbol dice.
The state machine that plays it is :mod:`game.engine.jackpot_state`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Container
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.rules.schema import Fields
from game.rules.variant import MAX_POINTS, Text, game_texts, read_text

Cell = tuple[int, int]  # (column, row), row 0 at the bottom
ROLL_CLASSES = ("four_different", "one_pair", "two_pairs", "three_alike", "four_alike")
CHOICES = ("any", "pair", "either_pair", "matching")


@dataclass(frozen=True)
class Symbol:
    id: str
    name: Text
    tiles: int


@dataclass(frozen=True)
class SymbolDie:
    colour: str
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    name: Text  # in the player's language; its English is the line's id in saved games
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Grant:
    """What a class of roll gives: how many tiles, which symbols, and whether the Chance Option comes first."""

    tiles: int
    choice: str
    chance_option: bool = False


@dataclass(frozen=True)
class JackpotVariant:
    id: str
    name: Text
    description: Text
    help: Text
    symbols: tuple[Symbol, ...]
    dice: tuple[SymbolDie, ...]
    columns: tuple[int, ...]
    lines: tuple[Line, ...]
    runs: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # symbol -> ((length, points), ...)
    rack_bonus: tuple[tuple[int, int], ...]  # (tiles, points), ascending
    high_round_bonus: tuple[int, ...]
    grants: tuple[tuple[str, Grant], ...]
    min_players: int = 2
    max_players: int = 4
    source: str = ""
    family: str = "jackpot"
    kind = "jackpot"  # the engine that plays it (game.engine.families)
    solvable = False  # the solver knows the scorecard games only: no coach, no Perfect
    plays_in_terminal = False  # played on the table only
    max_games: int = 1
    default_games: int = 1
    turns: str = "jackpot"

    @property
    def rounds(self) -> int:
        return len(self.high_round_bonus)

    @property
    def symbol_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.symbols)

    def symbol(self, symbol_id: str) -> Symbol:
        return next(s for s in self.symbols if s.id == symbol_id)

    @property
    def windows(self) -> int:
        return sum(self.columns)

    def cells(self) -> list[Cell]:
        return [(c, r) for c, height in enumerate(self.columns) for r in range(height)]

    def run_points(self, symbol: str, length: int) -> int:
        chart = dict(dict(self.runs)[symbol])
        best = max((n for n in chart if n <= length), default=None)
        return chart[best] if best is not None else 0

    @property
    def shortest_run(self) -> int:
        return min(n for _, chart in self.runs for n, _ in chart)

    def grant(self, roll_class: str) -> Grant:
        return dict(self.grants)[roll_class]

    @cached_property
    def rules_hash(self) -> str:
        rules = {"symbols": [(s.id, s.tiles) for s in self.symbols], "dice": [d.faces for d in self.dice],
                 "columns": self.columns, "lines": [line.cells for line in self.lines], "runs": self.runs,
                 "rack_bonus": self.rack_bonus, "high": self.high_round_bonus,
                 "grants": [(k, g.tiles, g.choice, g.chance_option) for k, g in self.grants]}
        return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()[:16]

    def summary(self) -> str:
        supply = ", ".join(f"{s.tiles} {s.id}" for s in self.symbols)
        return (f"{self.id}: {self.name} - {len(self.dice)} symbol dice, a rack of {self.windows} windows in "
                f"{len(self.columns)} columns, {len(self.lines)} scoring lines, {self.rounds} rounds, "
                f"tiles {supply}, {self.min_players}-{self.max_players} players")


# ------------------------------------------------------------------ rules --

def classify(symbols: list[str] | tuple[str, ...]) -> str:
    """The class of a roll of four symbol dice (sheet rule 3, A to E)."""
    shape = sorted(Counter(symbols).values(), reverse=True)
    if shape[0] == 4:
        return "four_alike"
    if shape[0] == 3:
        return "three_alike"
    if shape == [2, 2]:
        return "two_pairs"
    if shape[0] == 2:
        return "one_pair"
    return "four_different"


def granted_symbols(symbols: list[str] | tuple[str, ...], choice: str, all_symbols: tuple[str, ...]) -> tuple[str, ...]:
    """The symbols a roll lets the player take, before the supply is considered."""
    counts = Counter(symbols)
    if choice == "any":
        return all_symbols
    if choice == "pair":
        return tuple(s for s in all_symbols if counts[s] == 2)
    if choice == "either_pair":
        return tuple(s for s in all_symbols if counts[s] == 2)
    return tuple(s for s in all_symbols if counts[s] >= 3)  # matching


@dataclass(frozen=True)
class LineScore:
    line: str
    symbol: str
    length: int
    points: int
    cells: tuple[Cell, ...]


def score_lines(variant: JackpotVariant, rack: dict[Cell, str]) -> list[LineScore]:
    """Every scoring run: in each line, the longest run of one symbol side by side, if long enough."""
    found = []
    shortest = variant.shortest_run
    for line in variant.lines:
        best: tuple[int, int] | None = None  # (start, length)
        start = 0
        cells = line.cells
        while start < len(cells):
            symbol = rack.get(cells[start])
            end = start + 1
            while symbol is not None and end < len(cells) and rack.get(cells[end]) == symbol:
                end += 1
            if symbol is not None and end - start >= shortest and (best is None or end - start > best[1]):
                best = (start, end - start)
            start = end
        if best:
            run = cells[best[0]: best[0] + best[1]]
            symbol = rack[run[0]]
            found.append(LineScore(line.name.get("en"), symbol, best[1], variant.run_points(symbol, best[1]),
                                   tuple(run)))
    return found


def rack_bonus(variant: JackpotVariant, rack: dict[Cell, str]) -> list[tuple[str, int, int]]:
    """(symbol, tiles, points) for each symbol with enough tiles anywhere in the rack."""
    counts = Counter(rack.values())
    bonuses = []
    for symbol in variant.symbol_ids:
        points = 0
        for tiles, value in variant.rack_bonus:
            if counts[symbol] >= tiles:
                points = value
        if points:
            bonuses.append((symbol, counts[symbol], points))
    return bonuses


def landing_row(columns: tuple[int, ...] | list[int], rack: Container[Cell], column: int) -> int | None:
    """The rule of the rack: a tile dropped into ``column`` falls to its lowest open window (the row of the
    ``(column, row)`` cells ``rack`` leaves free), None when the column is full or there is no such column.
    The state and the rack's view both ask it, so a tile never lands in one window and shows in another."""
    if not 0 <= column < len(columns):
        return None
    return next((row for row in range(columns[column]) if (column, row) not in rack), None)


def rack_score(variant: JackpotVariant, rack: dict[Cell, str]) -> int:
    """Lines plus rack bonus: a round's sub total before the High Round Bonus."""
    return sum(s.points for s in score_lines(variant, rack)) + sum(p for _, _, p in rack_bonus(variant, rack))


# ---------------------------------------------------------------- parsing --

# What the table has pictures for: a file may use these symbols and die colours only.
SYMBOLS = ("cherry", "orange", "bell", "dollar")
DIE_COLOURS = ("white", "yellow")
MAX_TILES = 200  # of one symbol in the supply
MAX_COLUMN = 8  # columns in a rack, and windows in a column: what the rack view can draw
MAX_LINES = 24
MAX_ROUNDS = 10

_TOP = {"format", "family", "name", "description", "help", "players", "rounds", "symbols", "dice", "rack", "runs",
        "rack_bonus", "high_round_bonus", "grants"}


def parse_jackpot(data: Any, file: str, variant_id: str) -> JackpotVariant:
    top = Fields(file, "", data, getattr(data, "line", 1), _TOP)
    top.integer("format", 1, low=1, high=1)
    name, description, help_text = game_texts(top)
    players = top.sub("players", {"min", "max"})
    low, high = players.integer("min", low=1, high=6), players.integer("max", low=1, high=6)
    if high < low:
        raise players.fail("max", f"must be at least min ({low}), got {high}")
    symbols = _symbols(top, file)
    ids = tuple(s.id for s in symbols)
    dice = _dice(top, file, ids)
    columns, lines = _rack(top.sub("rack", {"columns", "lines"}), file)

    runs_f = top.sub("runs", set(ids))
    runs = []
    for symbol in ids:
        chart = runs_f.get(symbol, dict)
        if not chart or not all(_whole(k) and _whole(v) and 2 <= k <= MAX_COLUMN and 0 <= v <= MAX_POINTS
                                for k, v in chart.items()):
            raise runs_f.fail(symbol, f"must map run lengths (2 to {MAX_COLUMN}) to points (0 to {MAX_POINTS})")
        runs.append((symbol, tuple(sorted(chart.items()))))

    bonus = []
    for index, item, line in top.items("rack_bonus", 10):
        f = Fields(file, f"rack_bonus[{index}]", item, getattr(item, "line", line), {"tiles", "points"})
        bonus.append((f.integer("tiles", low=1, high=sum(columns)), f.integer("points", low=0, high=MAX_POINTS)))
    high_bonus = top.get("high_round_bonus", list)
    if not high_bonus or not all(_whole(v) and 0 <= v <= MAX_POINTS for v in high_bonus):
        raise top.fail("high_round_bonus", f"must list one bonus per round, each 0 to {MAX_POINTS} points")
    if len(high_bonus) > MAX_ROUNDS:  # the list's length is the number of rounds: it has the rounds' bounds
        raise top.fail("high_round_bonus", f"lists {len(high_bonus)} bonuses, one per round; a game has at most "
                                           f"{MAX_ROUNDS} rounds")
    rounds = top.integer("rounds", len(high_bonus), low=1, high=MAX_ROUNDS)
    if rounds != len(high_bonus):
        raise top.fail("high_round_bonus", f"lists {len(high_bonus)} bonuses for {rounds} rounds")

    grants_f = top.sub("grants", set(ROLL_CLASSES))
    grants = []
    for roll_class in ROLL_CLASSES:
        g = grants_f.sub(roll_class, {"tiles", "choice", "chance_option"})
        grants.append((roll_class, Grant(g.integer("tiles", low=1, high=2), g.choice("choice", CHOICES),
                                         g.get("chance_option", bool, False))))
    return JackpotVariant(
        id=variant_id, name=name, description=description, help=help_text, symbols=tuple(symbols),
        dice=tuple(dice), columns=tuple(columns), lines=tuple(lines), runs=tuple(runs),
        rack_bonus=tuple(sorted(bonus)), high_round_bonus=tuple(high_bonus), grants=tuple(grants),
        min_players=low, max_players=high, source=file,
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _symbols(top: Fields, file: str) -> list[Symbol]:
    symbols: list[Symbol] = []
    for index, item, line in top.items("symbols", len(SYMBOLS)):
        f = Fields(file, f"symbols[{index}]", item, getattr(item, "line", line), {"id", "name", "tiles"})
        symbol = Symbol(f.choice("id", SYMBOLS), read_text(f, "name"), f.integer("tiles", low=1, high=MAX_TILES))
        if symbol.id in (s.id for s in symbols):
            raise f.fail("id", f"'{symbol.id}' is already a symbol")
        symbols.append(symbol)
    return symbols


def _dice(top: Fields, file: str, ids: tuple[str, ...]) -> list[SymbolDie]:
    dice: list[SymbolDie] = []
    for index, item, line in top.items("dice", 4):
        f = Fields(file, f"dice[{index}]", item, getattr(item, "line", line), {"colour", "faces"})
        faces = f.get("faces", list)
        if len(faces) != 6 or any(face not in ids for face in faces):  # the dice are drawn as cubes
            raise f.fail("faces", f"must list 6 faces, each one of the symbols ({', '.join(ids)})")
        dice.append(SymbolDie(f.choice("colour", DIE_COLOURS), tuple(faces)))
    if len(dice) != 4:
        raise top.fail("dice", f"the roll classes are those of four dice, not {len(dice)}")
    return dice


def _rack(rack: Fields, file: str) -> tuple[list[int], list[Line]]:
    columns = rack.get("columns", list)
    if not 1 <= len(columns) <= MAX_COLUMN or not all(_whole(h) and 1 <= h <= MAX_COLUMN for h in columns):
        raise rack.fail("columns", f"must list 1 to {MAX_COLUMN} column heights, each a whole number from 1 to "
                                   f"{MAX_COLUMN}")
    cells = {(c, r) for c, h in enumerate(columns) for r in range(h)}
    lines: list[Line] = []
    for index, item, line in rack.items("lines", MAX_LINES):
        f = Fields(file, f"rack.lines[{index}]", item, getattr(item, "line", line), {"name", "cells"})
        raw = f.get("cells", list)
        pairs = [p for p in raw if isinstance(p, list) and len(p) == 2 and all(_whole(n) for n in p)]
        if len(pairs) != len(raw) or not 2 <= len(raw) <= MAX_COLUMN:
            raise f.fail("cells", f"must list 2 to {MAX_COLUMN} [column, row] pairs of whole numbers")
        points = tuple((c, r) for c, r in pairs)
        outside = [p for p in points if p not in cells]
        if outside:
            raise f.fail("cells", f"{list(outside[0])} is not a window of the rack")
        if len(set(points)) != len(points):
            raise f.fail("cells", "names a window twice")
        lines.append(Line(read_text(f, "name"), points))
    return columns, lines
