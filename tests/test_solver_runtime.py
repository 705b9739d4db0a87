"""The solver at play time, without numpy (issue 17): the same advice as the numpy model, the table files.

The reference is the numpy route the advice took before (:mod:`game.bots.solver_model`'s hand values,
keep expectations and best keeps on the whole table): on 1,000 random reachable decisions of every
shipped scorecard variant, every option's value must agree to 1e-4 and the best option must be the same.
"""

from __future__ import annotations

import lzma
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.bots import solver, solver_model
from game.bots.levels import available_levels, make_player
from game.bots.solver import Turn, advise_state, move_value
from game.bots.solver_file import (
    MAGIC,
    SolverTable,
    find_table,
    forget_loaded,
    load_table,
    read_header,
    save_table,
    shipped_path,
)
from game.bots.solver_turn import SolverTableError, card_of, rules
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.scoring import box_options
from game.rules.variants import find_variant

ROOT = Path(__file__).resolve().parent.parent
SCORECARD = ("classic", "official", "dutch", "fivezee", "yatzy", "challenge")
DECISIONS = 300  # per variant: the two ways must agree to 1e-9 on every one, so a few hundred show it


_FLAT: dict = {}  # the last table made flat, kept from one call to the next


def numpy_turn(variant, table, pos):
    """A turn solved the numpy way (the advice's route before issue 17), as a :class:`Turn`."""
    key = id(table)
    if key not in _FLAT:
        _FLAT.clear()
        _FLAT[key] = np.asarray(table.data, dtype=np.float64)
    m = solver_model.model(variant)
    geo, r = m.geo, rules(variant)
    H = solver_model.hand_values(m, _FLAT[key], np.array([pos.mask]), np.array([pos.upper]), np.array([pos.five]))
    card = card_of(variant, pos.mask, pos.five)
    for row in m.five_rows:
        options = box_options(variant, card, geo.hands[row])
        best = max(points + move_value(r, table, pos, variant.box_ids.index(box), points)[0]
                   for box, points in options.scores.items())
        H[row, 0] = best + options.five_alike_bonus
    assert not np.isnan(H).any()
    turn = Turn([float(x) for x in H[:, 0]], [[]])
    best = H
    for _ in range(1, variant.rolls_per_turn):
        layers = solver_model.expect_keeps(geo, best)
        turn.keeps.append([[float(x) for x in layer[:, 0]] for layer in layers])
        best = solver_model.best_keep_values(geo, layers)
    return turn


def _name(option):
    return option.kind, option.box if option.kind == "box" else option.keep


def decisions(variant, count: int, seed: int):
    """``count`` distinct decisions of real games (random and heuristic players, so odd cards too)."""
    rng = random.Random(seed)
    seen = set()
    game = 0
    while True:
        seats = 2 if variant.min_players > 1 or variant.kind == "common" else 1
        levels = [("random", "greedy", "heuristic")[(game + i) % 3] for i in range(seats)]
        session = Session(variant, [Seat(f"s{i}", "computer", lvl) for i, lvl in enumerate(levels)],
                          seed=rng.randrange(2**31), rolloff=False)
        players = [make_player(level, random.Random(rng.randrange(2**31))) for level in levels]
        state = session.state
        while not state.is_terminal():
            seat = state.current_player()
            key = (state.game, seat, repr(state.card(seat).boxes), getattr(state, "dice", None),
                   getattr(state, "rolls_used", None), getattr(state, "common", None),
                   repr(getattr(state, "markers", None)), getattr(state, "stage", None))
            if key not in seen:
                seen.add(key)
                yield state
                if len(seen) >= count:
                    return
            session.act(players[seat].choose(state))
            state = session.state
        game += 1


@pytest.mark.parametrize("name", SCORECARD)
def test_pure_python_advice_equals_the_numpy_model(name, monkeypatch):
    variant = find_variant(name)
    table = load_table(shipped_path(variant), variant)
    compared = options_seen = 0
    worst = 0.0
    for state in decisions(variant, 4 * DECISIONS, seed=17):
        solver._TURNS.clear()
        ours = advise_state(state, table=table)
        if not ours:
            continue
        with monkeypatch.context() as patch:
            patch.setattr(solver, "solve_turn", numpy_turn)
            before = advise_state(state, table=table)
        assert {_name(o) for o in ours} == {_name(o) for o in before}
        theirs = {_name(o): o for o in before}
        for option in ours:
            worst = max(worst, abs(option.value - theirs[_name(option)].value),
                        abs(option.loss - theirs[_name(option)].loss))
        assert _name(ours[0]) == _name(before[0]), (state.to_json() if hasattr(state, "to_json") else state)
        compared += 1
        options_seen += len(ours)
        if compared == DECISIONS:
            break
    assert compared == DECISIONS and options_seen > 3 * DECISIONS
    assert worst <= 1e-4
    assert worst < 1e-9  # the same additions in the same order: the same numbers


def test_the_optimal_player_decides_as_before_move_by_move(monkeypatch):
    """A whole optimal game: each decision (several per turn, sharing one solved turn) as with numpy."""
    variant = find_variant("official")
    table = find_table(variant)
    player = make_player("optimal", random.Random(3))
    session = Session(variant, [Seat("Bot", "computer", "optimal")], seed=5, rolloff=False)
    while not session.state.is_terminal():
        state = session.state
        if state.dice is not None and state.rolls_used:
            with monkeypatch.context() as patch:
                patch.setattr(solver, "solve_turn", numpy_turn)
                best = advise_state(state, table=table)[0]
            assert _name(advise_state(state, table=table)[0]) == _name(best)
        session.act(player.choose(state))


# ------------------------------------------------------------ table files --

def test_a_table_file_round_trips_in_both_float_types_and_codecs(tmp_path):
    variant = find_variant("fivezee")
    table = find_table(variant)
    # each float type and each codec (double-precision lzma, the slowest to pack, adds nothing the others miss)
    for typecode, codec in (("f", "lzma"), ("f", "zlib"), ("d", "zlib")):
        path = save_table(table, tmp_path / f"{typecode}-{codec}.table", typecode, codec)
        again = load_table(path, variant)
        assert again.data.typecode == typecode and again.shape == table.shape
        assert np.array_equal(np.asarray(again.data, dtype=np.float64), np.asarray(table.data, dtype=np.float64),
                              equal_nan=True)
        assert read_header(path)["codec"] == codec
    assert (tmp_path / "f-lzma.table").stat().st_size < (tmp_path / "f-zlib.table").stat().st_size


def test_damaged_or_foreign_table_files_are_refused(tmp_path):
    variant = find_variant("official")
    good = shipped_path(variant).read_bytes()
    cases = {
        "truncated": good[:len(good) // 2],
        "flipped": good[:-100] + bytes([good[-100] ^ 0xFF]) + good[-99:],
        "no magic": b"PK\x03\x04" + good[4:],
        "empty": b"",
        "huge header": MAGIC + (10**9).to_bytes(4, "little"),
    }
    for what, data in cases.items():
        path = tmp_path / f"{what}.table"
        path.write_bytes(data)
        with pytest.raises(SolverTableError, match="solver table"):
            load_table(path, variant)
    with pytest.raises(SolverTableError, match="other rules"):
        load_table(shipped_path(variant), find_variant("classic"))


def test_the_values_are_not_stored_as_numpy_files():
    """The shipped tables: our header and an lzma stream, nothing numpy's."""
    for name in SCORECARD:
        data = shipped_path(find_variant(name)).read_bytes()
        assert data.startswith(MAGIC)
        header = read_header(shipped_path(find_variant(name)))
        assert header["type"] == "f" and header["codec"] == "lzma"
        payload = data[len(MAGIC) + 4 + len(json_bytes(header)):]
        assert lzma.decompress(payload)  # the codec carries its own check


def json_bytes(header: dict) -> bytes:
    import json

    return json.dumps(header, sort_keys=True).encode()


# ------------------------------------------------------------ without numpy --

NO_NUMPY = """
import sys
class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("numpy is not here (a test)")
        return None
sys.meta_path.insert(0, NoNumpy())
import importlib.util
importlib.util.find_spec = (lambda real: lambda name, *a: None if name.split('.')[0] == 'numpy'
                            else real(name, *a))(importlib.util.find_spec)
"""


def test_without_numpy_the_perfect_level_plays_and_advises():
    code = NO_NUMPY + """
from game.cli import main
from game.bots.levels import available_levels
from game.rules.variants import find_variant
assert available_levels("scorecard", find_variant("yatzy")) == ["easy", "medium", "hard", "optimal"]
main(["simulate", "--variant", "official", "--players", "optimal,hard", "--games", "3", "--json"])
main(["advise", "--variant", "challenge", "--state", '{"card": {}, "dice": [6, 6, 6, 2, 3], "rolls_left": 1}'])
assert "numpy" not in sys.modules
print("no numpy")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert '"player": "optimal"' in lines[0] and '"kind": "keep"' in lines[1] and lines[-1] == "no numpy"


def test_a_users_variant_without_numpy_gets_the_basic_levels(tmp_path, monkeypatch):
    from game.rules.variants import load_variant_file

    path = tmp_path / "mine.yaml"
    path.write_text("format: 1\nname: Mine\ndescription: Four boxes.\nplayers: {min: 1, max: 2}\njoker: none\n"
                    "boxes:\n  - {id: fives, name: Fives, kind: face, face: 5}\n"
                    "  - {id: sixes, name: Sixes, kind: face, face: 6}\n"
                    "  - {id: pair, name: Pair, kind: pairs, count: 1}\n  - {id: chance, name: Chance, kind: chance}\n")
    variant = load_variant_file(path)
    assert available_levels("scorecard", variant) == ["random", "greedy", "heuristic"]  # no table yet
    assert available_levels("scorecard", find_variant("classic")) == ["easy", "medium", "hard", "optimal"]
    forget_loaded()
    with monkeypatch.context() as patch:  # not monkeypatch.undo(): that drops DICE_PARLOR_HOME too, and the
        patch.setattr(solver, "can_build", lambda: False)  # table below went into the runner's real home
        with pytest.raises(SolverTableError, match="needs numpy"):
            solver.table_for(variant)
    solver.table_for(variant)  # numpy is here: built and cached
    assert available_levels("scorecard", variant) == ["easy", "medium", "hard", "optimal"]
    forget_loaded()


def test_a_table_keeps_floats_in_an_array_not_numpy():
    table = find_table(find_variant("classic"))
    assert isinstance(table, SolverTable) and type(table.data).__module__ == "array"
    assert round(table.start_value, 4) == 253.9702
