"""Issue 29: a third kind of game adds its state, its table and its entry in game.kinds, not branches. Issue 35
item 5: that entry is the one registration of the game's side, from which the per-kind tables (variants.PARSERS,
explain.RULES_LINES, families.STATES, levels.LEVELS, controller.CONTROLLERS) are derived; the screens register
each kind's table under the same name (registry.TABLES).

Outside the rules and the engine nothing asks which class a game or its state is: each kind says what is asked
of it (the variant: ``solvable``, ``plays_in_terminal``; the state: ``common_roll``, ``bonuses_won``,
``result_rows``, ``result_row_count``)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.bots import levels
from game.bots.solver_file import SolverTableError
from game.bots.solver_turn import rules
from game.engine.families import STATES, new_state
from game.engine.session import Session
from game.engine.state import Seat
from game.errors import VariantError
from game.kinds import FAMILIES, KINDS, part, parts
from game.rules import i18n
from game.rules.explain import RULES_LINES, rules_text
from game.rules.variants import PARSERS, load_all, load_variant_file
from game.store.records import result_entry

ROOT = Path(__file__).resolve().parent.parent
KIND_CLASSES = {"Variant", "JackpotVariant", "ScorecardState", "CommonRollState", "JackpotState"}
OWN_ROOMS = ("game.rules", "game.engine")  # where the kinds are defined: they may tell their own classes apart
EXCEPTIONS: dict[str, str] = {}  # "module:line" -> why it must test a kind's class (none is needed today)


def _kind_tests(source: str) -> list[int]:
    """The lines that test something against a kind's class: isinstance / issubclass with one of them (alone or
    in a tuple, by any name it was imported as), or ``type(x) is / == / != Class``."""
    tree = ast.parse(source)
    names = set(KIND_CLASSES)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {alias.asname for alias in node.names if alias.name in KIND_CLASSES and alias.asname}

    def is_kind(node) -> bool:
        if isinstance(node, ast.Tuple):
            return any(is_kind(item) for item in node.elts)
        return isinstance(node, ast.Name) and node.id in names or isinstance(node, ast.Attribute) and \
            node.attr in KIND_CLASSES

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance",
                                                                                              "issubclass"):
            if len(node.args) == 2 and is_kind(node.args[1]):
                found.append(node.lineno)
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Call) and \
                isinstance(node.left.func, ast.Name) and node.left.func.id == "type":
            if any(is_kind(other) for other in node.comparators):
                found.append(node.lineno)
    return found


def _modules() -> dict[str, Path]:
    return {".".join(path.relative_to(ROOT).with_suffix("").parts): path
            for package in ("game", "scenes") for path in (ROOT / package).rglob("*.py")}


def test_no_one_outside_the_rules_and_the_engine_asks_which_class_a_game_is():
    found = [f"{name}:{line}" for name, path in sorted(_modules().items())
             if not name.startswith(OWN_ROOMS) for line in _kind_tests(path.read_text(encoding="utf-8"))]
    assert [place for place in found if place not in EXCEPTIONS] == [], \
        "ask the variant or the state what it says about itself (see tests/test_kinds.py), not its class"
    assert len(_modules()) > 100  # the scan sees the code


def test_the_finder_finds_each_way_of_asking():
    source = ("from game.rules.variant import Variant as Scorecard\nfrom game.engine import state\n"
              "isinstance(v, Scorecard)\nisinstance(s, (int, state.ScorecardState))\ntype(s) is JackpotState\n"
              "issubclass(c, JackpotVariant)\nisinstance(s, CommonRollState)\nv.solvable\n")
    assert _kind_tests(source) == [3, 4, 5, 6, 7]


# ----------------------------------------------------------------- every kind answers --

def _one_of_each_kind() -> dict:
    found: dict = {}
    for variant in load_all().variants:
        found.setdefault(variant.kind, variant)
    return found


SHIPPED = _one_of_each_kind()


def test_every_kind_is_shipped_once_at_least():
    assert set(SHIPPED) == set(STATES)


def _played(variant) -> Session:
    """A whole game of it, the usual level on every seat (each seat a stand-in)."""
    seats = [Seat(f"Seat {i + 1}", "computer", levels.USUAL_LEVEL) for i in range(max(2, variant.min_players))]
    session = Session(variant, seats, seed=29)
    players = [levels.stand_in(variant.family, random.Random(i)) for i in range(len(seats))]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
    return session


@pytest.mark.parametrize("kind", sorted(STATES))
def test_every_kind_says_what_the_others_ask_of_it(kind):
    variant = SHIPPED[kind]
    assert isinstance(variant.solvable, bool) and isinstance(variant.plays_in_terminal, bool)
    assert variant.family in PARSERS and variant.family in RULES_LINES and variant.family in levels.LEVELS
    assert str(rules_text(variant)).strip()
    if variant.solvable:  # the solver does know it
        assert rules(variant)
    else:
        with pytest.raises(SolverTableError):
            rules(variant)
    session = _played(variant)
    state = session.state
    assert isinstance(state, STATES[kind])
    rows = state.result_rows(state.games - 1)
    assert len(rows) == state.result_row_count() >= 1
    for key, values, totals in rows:
        assert key in i18n.table("en") and str(i18n.t(key, **values)) and len(totals) == state.n
    assert rows[-1][2] == state.match_totals()  # the last row, in bold, is what the winner won by
    for seat in range(state.n):
        bonuses = state.bonuses_won(seat)
        assert set(bonuses) <= {"upper_bonus", "five_alike"}
        assert all(count is None or 0 <= count <= state.games for count in bonuses.values())
    entry = result_entry(session)  # the records take what it says
    assert all(seat.items() >= state.bonuses_won(i).items() for i, seat in enumerate(entry["seats"]))


def test_a_fresh_state_of_every_kind_has_its_results_rows_to_come():
    for kind, variant in SHIPPED.items():
        state = new_state(variant, [Seat("A"), Seat("B")], rolloff=False)
        assert len(state.result_rows(0)) <= state.result_row_count(), kind


@pytest.mark.parametrize("family", sorted(levels.LEVELS))
def test_every_family_has_the_levels_played_where_no_one_chose(family):
    names = levels.level_names(family)
    assert levels.USUAL_LEVEL in names and set(levels.DEMO_LEVELS) <= set(names)
    assert levels.stand_in(family, random.Random(1)) is not None
    assert levels.player_for_seat("no such level", random.Random(1), family) is not None
    assert all(level.dial in levels.DIAL + ("",) for level in levels.LEVELS[family])


# ----------------------------------------------------------------- one registration --

def test_every_part_a_kind_names_is_there_in_its_room():
    from game.bots.levels import Level
    from game.engine.state import GameState
    from game.table.controller import TableController

    for kind in KINDS.values():
        assert issubclass(part(kind.state, "game.engine"), GameState), kind.name
        assert issubclass(part(kind.controller, "game.table"), TableController), kind.name
        family = kind.family
        assert FAMILIES[family.name] is family  # one family of that name
        assert callable(part(family.parser, "game.rules")) and callable(part(family.rules_lines, "game.rules"))
        assert all(isinstance(level, Level) for level in part(family.levels, "game.bots"))


def test_the_per_kind_tables_are_derived_from_the_registration():
    from game.table.controller import CONTROLLERS

    assert STATES == parts("state") and CONTROLLERS == parts("controller") and set(STATES) == set(KINDS)
    assert PARSERS == parts("parser") and RULES_LINES == parts("rules_lines") and set(PARSERS) == set(FAMILIES)
    assert set(levels.LEVELS) == set(FAMILIES)


def test_a_room_takes_only_its_own_parts():
    with pytest.raises(ValueError, match="not in game.rules"):
        part(KINDS["solo"].state, "game.rules")
    with pytest.raises(ValueError, match="not in game.engine"):
        part("game.engineering.Thing", "game.engine")  # a room is a package, not a prefix


def test_a_file_of_a_family_no_kind_has_names_the_families_there_are(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("format: 1\nfamily: poker\nname: Odd\n", encoding="utf-8")
    with pytest.raises(VariantError) as refused:
        load_variant_file(path)
    assert "family" in str(refused.value) and all(name in str(refused.value) for name in FAMILIES)


def test_every_kind_has_its_table_and_the_tables_keys():
    from scenes.registry import TABLES
    from scenes.ui import bindings

    assert set(TABLES) == set(KINDS)
    for name, table in TABLES.items():
        assert table.bindings in bindings.SCREENS, name


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_state_says_whether_its_roll_is_common(kind):
    state = new_state(SHIPPED[kind], [Seat("A"), Seat("B")], rolloff=False)
    assert state.common_roll is (kind == "common")
