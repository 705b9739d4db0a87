"""Helpers for the Jackpot Yahtzee tests: docs/rules.md section 2 written out by hand,
rack pictures, scripted turns, and a plain reference scorer.

Nothing here reads the variant's YAML or ``game.rules.jackpot``: the facts below
are copied from docs/rules.md section 2 (and the sheet, the 1980 Jackpot sheet) so that the
tests compare the engine against the rules, not against itself.

Rack pictures are drawn as the rack stands, top row first::

    D            row 4: column 0 only
    O D          row 3: columns 0-1
    C C D        row 2: columns 0-2
    C C C D      row 1: columns 0-3
    C C C C D    row 0 (bottom): columns 0-4

with C cherry, O orange, B bell, D dollar and ``.`` an empty window.
"""

from __future__ import annotations

import json
from collections import Counter

from game.engine.actions import Dice, Place, Roll
from game.engine.families import new_state
from game.engine.state import CHANCE, Seat
from game.rules.variants import find_variant

# ----------------------------------------------------------- facts, by hand --

SYMBOLS = ("cherry", "orange", "bell", "dollar")
LETTER = {"C": "cherry", "O": "orange", "B": "bell", "D": "dollar"}
SUPPLY = {"cherry": 35, "orange": 28, "bell": 28, "dollar": 21}
TOTAL_TILES = 112
WHITE = ("orange", "orange", "bell", "bell", "cherry", "dollar")
YELLOW = ("cherry", "cherry", "cherry", "bell", "orange", "dollar")
# A face index (1-6, as a Dice chance step takes it) showing each symbol, read off the lists above.
WHITE_FACE = {"orange": 1, "bell": 3, "cherry": 5, "dollar": 6}
YELLOW_FACE = {"cherry": 1, "bell": 4, "orange": 5, "dollar": 6}
COLUMNS = (5, 4, 3, 2, 1)
CELLS = {(c, r) for c in range(5) for r in range(5) if r < 5 - c}
LINES = {
    "bottom row": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "second row": [(0, 1), (1, 1), (2, 1), (3, 1)],
    "third row": [(0, 2), (1, 2), (2, 2)],
    "long diagonal": [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],
    "middle diagonal": [(0, 3), (1, 2), (2, 1), (3, 0)],
    "short diagonal": [(0, 2), (1, 1), (2, 0)],
    "rising diagonal": [(0, 0), (1, 1), (2, 2)],
}
CHART = {
    "cherry": {3: 30, 4: 60, 5: 120},
    "orange": {3: 40, 4: 80, 5: 160},
    "bell": {3: 50, 4: 100, 5: 200},
    "dollar": {3: 100, 4: 200, 5: 400},
}
HIGH_ROUND_BONUS = (30, 60, 120)


def bonus_for(tiles: int) -> int:
    """The rack bonus for one symbol: 7 -> 50, 8 -> 70, 9 or more -> 100."""
    if tiles >= 9:
        return 100
    return {7: 50, 8: 70}.get(tiles, 0)


# ----------------------------------------------------------------- pictures --

def rack(picture: str) -> dict[tuple[int, int], str]:
    """A rack from a picture (top row first, see the module doc)."""
    rows = [line.split() for line in picture.strip("\n").splitlines() if line.strip()]
    assert len(rows) == 5, f"a rack picture has 5 rows, not {len(rows)}"
    out = {}
    for top_index, cells in enumerate(rows):
        row = 4 - top_index
        assert len(cells) == 5 - row, f"row {row} has {5 - row} windows: {cells}"
        for column, mark in enumerate(cells):
            if mark != ".":
                out[(column, row)] = LETTER[mark]
    return out


def partial(cells: list[tuple[int, int]], symbols: str) -> dict[tuple[int, int], str]:
    """A rack holding only these cells, one letter each."""
    assert len(cells) == len(symbols)
    return {cell: LETTER[s] for cell, s in zip(cells, symbols)}


# ----------------------------------------------------------- reference scorer --

def ref_lines(tiles: dict) -> list[tuple[str, str, int, int]]:
    """(line, symbol, run length, points) for every run of 3 or more side by side, per docs/rules.md section 2."""
    found = []
    for name, cells in LINES.items():
        run_symbol, run_length = None, 0
        runs = []
        for cell in cells + [None]:
            symbol = tiles.get(cell) if cell is not None else None
            if symbol is not None and symbol == run_symbol:
                run_length += 1
                continue
            if run_symbol is not None and run_length >= 3:
                runs.append((run_symbol, run_length))
            run_symbol, run_length = symbol, 1
        for symbol, length in runs:
            found.append((name, symbol, length, CHART[symbol][min(length, 5)]))
    return found


def ref_bonus(tiles: dict) -> int:
    return sum(bonus_for(n) for n in Counter(tiles.values()).values())


def ref_subtotal(tiles: dict) -> int:
    return sum(p for *_, p in ref_lines(tiles)) + ref_bonus(tiles)


# ------------------------------------------------------------ engine driving --

def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def jackpot(players: int = 2, rolloff: bool = False):
    return new_state(find_variant("jackpot"), seats(players), 1, rolloff)


def faces(w1: str, w2: str, y1: str, y2: str) -> Dice:
    """The chance step that shows these symbols on the two white and the two yellow dice."""
    return Dice((WHITE_FACE[w1], WHITE_FACE[w2], YELLOW_FACE[y1], YELLOW_FACE[y2]))


def roll(state, w1: str, w2: str, y1: str, y2: str) -> None:
    state.apply(Roll())
    assert state.current_player() == CHANCE
    state.apply(faces(w1, w2, y1, y2))


WILD = ("orange", "bell", "cherry", "dollar")  # white orange, white bell, yellow cherry, yellow dollar


def wild_turn(state, symbol: str, target) -> None:
    """A Wild Roll (four different) and this tile dropped into ``target``."""
    roll(state, *WILD)
    state.apply(Place(symbol, target))


def sync_supply(state) -> None:
    """Set the supply to what the racks and Chance Spaces leave of the 112 tiles (after direct set-ups)."""
    used = Counter(t for r in state.racks for t in r.values()) + Counter(c for c in state.chance if c)
    state.supply = {s: SUPPLY[s] - used[s] for s in SYMBOLS}
    assert all(v >= 0 for v in state.supply.values())


def set_rack(state, seat: int, tiles: dict) -> None:
    state.racks[seat] = dict(tiles)
    sync_supply(state)


def play_round(state, pictures: list[dict]) -> list[int]:
    """Fill every rack up to its picture by Wild Rolls in turn order; returns the seats in the order they played.

    Each tile goes to its column bottom up, so it must land on its picture cell. Ends when the round is scored.
    """
    rounds_before = len(state.scores)
    order = []
    while len(state.scores) == rounds_before:
        seat = state.current_player()
        order.append(seat)
        want = pictures[seat]
        missing = sorted((c, r) for (c, r) in want if (c, r) not in state.racks[seat])
        column, row = min(missing, key=lambda cell: (cell[0], cell[1]))
        assert state.landing_row(seat, column) == row
        wild_turn(state, want[(column, row)], column)
        if len(state.scores) == rounds_before:
            assert state.racks[seat][(column, row)] == want[(column, row)]
    return order


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def tiles_counted(state) -> int:
    """Supply + rack tiles + Chance Space tiles, counted here (not by ``tiles_in_play``)."""
    return (sum(state.supply.values()) + sum(len(r) for r in state.racks)
            + sum(1 for c in state.chance if c is not None))


def sounds_heard(app) -> list[str]:
    """A list that gathers every sound the app plays from now on, by name, in order (they still play)."""
    heard: list[str] = []
    play = app.play

    def playing(name: str, strength: float = 1.0) -> None:
        heard.append(name)
        play(name, strength)

    app.play = playing
    return heard
