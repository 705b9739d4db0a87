"""Jackpot Yahtzee, docs/rules.md section 2 and the rule sheet (the 1980 Jackpot sheet), rule by rule.

The expected values are worked out by hand from docs/rules.md / the sheet (the
facts are written out in ``jackpot_helpers``); dice are rolled through
``Dice`` face indices into the YAML's face lists, tiles are played through
``Place``/``ChanceOption`` on a real ``JackpotState``. Set-ups that would
take many turns (nearly full racks, a supply run dry) are written into the
state directly.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest
from jackpot_helpers import (
    CELLS,
    CHART,
    COLUMNS,
    HIGH_ROUND_BONUS,
    LINES,
    SUPPLY,
    SYMBOLS,
    WHITE,
    WILD,
    YELLOW,
    faces,
    jackpot,
    partial,
    play_round,
    rack,
    ref_lines,
    ref_subtotal,
    roll,
    seats,
    set_rack,
    snapshot,
    sync_supply,
    tiles_counted,
    wild_turn,
)

from game.engine.actions import ChanceOption, Dice, Hold, Place, Roll, Score
from game.engine.families import new_state, state_from_json
from game.engine.jackpot_state import CHANCE_SPACE, JackpotState, Returned, Starter
from game.engine.state import CHANCE, TERMINAL
from game.errors import IllegalAction
from game.rules.jackpot import classify, granted_symbols, rack_bonus, rack_score, score_lines
from game.rules.variants import find_variant

V = find_variant("jackpot")


def refused(state, action) -> None:
    """The action is not legal: not listed, ``is_legal`` says no, ``apply`` raises and changes nothing."""
    before = snapshot(state)
    assert action not in state.legal_actions()
    assert not state.is_legal(action)
    assert state.why_illegal(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


def placeable(state) -> set[str]:
    return {a.symbol for a in state.legal_actions() if isinstance(a, Place)}


def targets(state) -> set:
    return {a.target for a in state.legal_actions() if isinstance(a, Place)}


# -------------------------------------------------------- racks used below --
# Each with its score worked out by hand (line by line in the comment).

RACK_A = rack("""
D
D B
C C C
O O O O
B B B B B
""")  # bottom BBBBB bell 5 = 200, second OOOO orange 4 = 80, third CCC cherry 3 = 30; no diagonal; B6 O4 C3 D2
RACK_A_SCORE = 310

RACK_SHEET_BONUS = rack("""
B
B B
C B C
C B C B
C B C B C
""")  # no line has 3 alike side by side; 7 cherries (50) + 8 bells (70) = 120: the sheet's Rack Bonus example
RACK_SHEET_BONUS_SCORE = 120

RACK_DIAGONAL = rack("""
D
O D
C C D
C C C D
C C C C D
""")  # long diagonal 5 dollars 400 (not 400+200+100); bottom CCCC 60; second CCC 30; third C C D none;
# middle O C C C 30; short C C C 30 (its (2,0) also scores in the bottom row); rising C C D none;
# 9 cherries: bonus 100. 400 + 60 + 30 + 30 + 30 + 100 = 650
RACK_DIAGONAL_SCORE = 650

RACK_COLUMNS = rack("""
D
D O
D O B
D O B B
D O B O B
""")  # five dollars up column 0 and four oranges up column 1 score nothing; long diagonal D O B B B: bell 3 = 50
RACK_COLUMNS_SCORE = 50

RACK_MIDDLE_RUN = rack("""
B
B D
O D B
D O D O
O C C C O
""")  # bottom O CCC O: cherry 3 = 30; nothing else (middle diagonal B D D C has only 2 alike); B3 D4 O5 C3
RACK_MIDDLE_RUN_SCORE = 30

RACK_SIX_CHERRIES = rack("""
O
O B
O B C
C B C B
C B C B C
""")  # no runs; C6 B6 O3: no bonus
RACK_SIX_CHERRIES_SCORE = 0


# ---------------------------------------------------------------- the variant --

def test_variant_holds_the_figures_of_rules_md():
    assert {s.id: s.tiles for s in V.symbols} == SUPPLY
    assert sum(SUPPLY.values()) == 112
    assert [d.faces for d in V.dice] == [WHITE, WHITE, YELLOW, YELLOW]
    assert [d.colour for d in V.dice] == ["white", "white", "yellow", "yellow"]
    assert V.columns == COLUMNS and V.windows == 15
    assert set(V.cells()) == CELLS and len(CELLS) == 15
    for c, r in product(range(6), range(6)):
        assert ((c, r) in set(V.cells())) == (r < 5 - c)
    assert {line.name.get("en"): list(line.cells) for line in V.lines} == LINES
    assert {s: dict(chart) for s, chart in V.runs} == CHART
    assert list(V.rack_bonus) == [(7, 50), (8, 70), (9, 100)]
    assert V.high_round_bonus == HIGH_ROUND_BONUS and V.rounds == 3
    assert (V.min_players, V.max_players) == (2, 4)


def test_the_lines_are_the_rows_and_diagonals_rules_md_names():
    """Rows of 5, 4, 3 windows; diagonals down to the right of 5, 4, 3; one rising diagonal of 3; no column."""
    rows = [line for line in V.lines if len({r for _, r in line.cells}) == 1]
    assert sorted(len(line.cells) for line in rows) == [3, 4, 5]
    falling = [line for line in V.lines
               if all(c2 == c1 + 1 and r2 == r1 - 1 for (c1, r1), (c2, r2) in zip(line.cells, line.cells[1:]))]
    assert sorted(len(line.cells) for line in falling) == [3, 4, 5]
    rising = [line for line in V.lines
              if all(c2 == c1 + 1 and r2 == r1 + 1 for (c1, r1), (c2, r2) in zip(line.cells, line.cells[1:]))]
    assert [len(line.cells) for line in rising] == [3]
    assert len(V.lines) == 7
    assert not any(len({c for c, _ in line.cells}) == 1 for line in V.lines)  # columns never score


def test_help_states_the_starter_decision_and_the_main_rules():
    text = str(V.help)
    assert "drawn by lot" in text
    assert "to the left of the last round's starter" in text
    for words in ("Wild Roll", "Chance Option", "Chance Space", "supply", "High Round Bonus", "three rounds"):
        assert words in text, words


@pytest.mark.parametrize("index", range(1, 7))
def test_each_face_index_shows_the_yaml_face(index):
    state = jackpot()
    state.apply(Roll())
    state.apply(Dice((index,) * 4))
    assert state.dice == (WHITE[index - 1], WHITE[index - 1], YELLOW[index - 1], YELLOW[index - 1])


def test_the_face_counts_give_these_roll_class_counts():
    """All 6^4 = 1296 face combinations. By hand from the faces (white o2 b2 c1 d1, yellow c3 b1 o1 d1):
    four alike: cherry 1*1*3*3 + orange 2*2*1*1 + bell 2*2*1*1 + dollar 1 = 18;
    four different: whites {o,b} 8 x yellows {c,d} 6 = 48, {o,c} 4x2 = 8, {o,d} 4x6 = 24, {b,c} 4x2 = 8,
    {b,d} 4x6 = 24, {c,d} 2x2 = 4: 116."""
    counts = Counter()
    for f in product(range(6), repeat=4):
        counts[classify((WHITE[f[0]], WHITE[f[1]], YELLOW[f[2]], YELLOW[f[3]]))] += 1
    assert sum(counts.values()) == 1296
    assert counts["four_alike"] == 18
    assert counts["four_different"] == 116


# ------------------------------------------------------------- what a roll gives --

# (white, white, yellow, yellow), the roll class, the symbols the tile may be, tiles granted.
ROLLS = [
    pytest.param(("orange", "bell", "cherry", "dollar"), "four_different", set(SYMBOLS), 1,
                 id="sheet-3A-cherry-orange-bell-dollar-any-one-tile"),
    pytest.param(("dollar", "cherry", "orange", "bell"), "four_different", set(SYMBOLS), 1,
                 id="wild-other-dice"),
    pytest.param(("bell", "bell", "cherry", "orange"), "one_pair", {"bell"}, 1,
                 id="sheet-3B-two-bells-cherry-orange-bell"),
    pytest.param(("dollar", "orange", "bell", "dollar"), "one_pair", {"dollar"}, 1,
                 id="pair-of-dollars-across-colours"),
    pytest.param(("orange", "bell", "orange", "cherry"), "one_pair", {"orange"}, 1,
                 id="pair-of-oranges"),
    pytest.param(("cherry", "orange", "cherry", "orange"), "two_pairs", {"cherry", "orange"}, 1,
                 id="sheet-3C-two-cherries-two-oranges-either"),
    pytest.param(("bell", "bell", "dollar", "dollar"), "two_pairs", {"bell", "dollar"}, 1,
                 id="two-bells-two-dollars"),
    pytest.param(("dollar", "dollar", "dollar", "bell"), "three_alike", {"dollar"}, 1,
                 id="sheet-3D-three-dollars-and-a-bell-dollar"),
    pytest.param(("orange", "cherry", "cherry", "cherry"), "three_alike", {"cherry"}, 1,
                 id="three-cherries"),
    pytest.param(("cherry", "cherry", "cherry", "cherry"), "four_alike", set(SYMBOLS), 2,
                 id="sheet-3E-four-cherries-any-two-tiles"),
    pytest.param(("dollar", "dollar", "dollar", "dollar"), "four_alike", set(SYMBOLS), 2,
                 id="four-dollars-any-two-tiles"),
]


@pytest.mark.parametrize("dice,roll_class,symbols,tiles", ROLLS)
def test_what_a_roll_gives(dice, roll_class, symbols, tiles):
    assert classify(dice) == roll_class
    state = jackpot()
    roll(state, *dice)
    assert state.dice == dice
    assert state.roll_class() == roll_class
    assert state.stage == "place"  # the Chance Space is empty: no Chance Option even on three or four alike
    assert state.to_place == tiles
    assert placeable(state) == symbols
    assert targets(state) == {0, 1, 2, 3, 4, CHANCE_SPACE}
    assert set(state.legal_actions()) == {Place(s, t) for s in symbols for t in (0, 1, 2, 3, 4, CHANCE_SPACE)}
    for symbol in set(SYMBOLS) - symbols:
        refused(state, Place(symbol, 0))
    # the tile must be played: no rolling again, no passing
    refused(state, Roll())
    refused(state, ChanceOption("keep"))


def test_granted_symbols_pure():
    assert set(granted_symbols(("orange", "bell", "cherry", "dollar"), "any", SYMBOLS)) == set(SYMBOLS)
    assert granted_symbols(("bell", "bell", "cherry", "orange"), "pair", SYMBOLS) == ("bell",)
    assert set(granted_symbols(("cherry", "orange", "cherry", "orange"), "either_pair", SYMBOLS)) == {
        "cherry", "orange"}
    assert granted_symbols(("dollar", "dollar", "dollar", "bell"), "matching", SYMBOLS) == ("dollar",)


def test_four_alike_plays_any_two_tiles_alike_or_not():
    """Sheet 3E: on 4 cherries drop e.g. a bell and an orange."""
    state = jackpot()
    roll(state, "cherry", "cherry", "cherry", "cherry")
    state.apply(Place("bell", 2))
    assert state.seat == 0 and state.stage == "place" and state.to_place == 1
    assert placeable(state) == set(SYMBOLS)
    refused(state, Roll())
    state.apply(Place("orange", 2))
    assert state.racks[0] == {(2, 0): "bell", (2, 1): "orange"}
    assert state.seat == 1 and state.stage == "roll"
    assert state.supply == {**SUPPLY, "bell": 27, "orange": 27}


def test_four_alike_two_of_the_same_symbol():
    state = jackpot()
    roll(state, "dollar", "dollar", "dollar", "dollar")
    state.apply(Place("dollar", 0))
    state.apply(Place("dollar", 4))
    assert state.racks[0] == {(0, 0): "dollar", (4, 0): "dollar"}
    assert state.supply["dollar"] == 19


def test_with_two_tiles_at_most_one_goes_into_the_chance_space():
    state = jackpot()
    roll(state, "bell", "bell", "bell", "bell")
    state.apply(Place("dollar", CHANCE_SPACE))
    assert state.chance[0] == "dollar" and state.to_place == 1
    assert targets(state) == {0, 1, 2, 3, 4}
    refused(state, Place("cherry", CHANCE_SPACE))
    state.apply(Place("cherry", 1))
    assert state.racks[0] == {(1, 0): "cherry"} and state.seat == 1


def test_the_other_order_rack_first_then_chance_space():
    state = jackpot()
    roll(state, "bell", "bell", "bell", "bell")
    state.apply(Place("dollar", 3))
    assert targets(state) == {0, 1, 2, 3, 4, CHANCE_SPACE}
    state.apply(Place("orange", CHANCE_SPACE))
    assert state.chance[0] == "orange" and state.racks[0] == {(3, 0): "dollar"}


def test_one_tile_may_go_into_an_empty_chance_space_and_then_stays_there():
    state = jackpot()
    roll(state, "bell", "bell", "cherry", "orange")
    state.apply(Place("bell", CHANCE_SPACE))
    assert state.chance == ["bell", None] and state.racks[0] == {}
    wild_turn(state, "cherry", 0)  # seat 1
    roll(state, "bell", "bell", "cherry", "orange")  # seat 0 again, a pair: no Chance Option
    assert state.stage == "place" and state.chance[0] == "bell"
    assert targets(state) == {0, 1, 2, 3, 4}
    refused(state, Place("bell", CHANCE_SPACE))


# ----------------------------------------------------------------- the rack --

def test_a_tile_falls_to_the_lowest_open_window_of_its_column():
    state = jackpot()
    for row in range(5):
        assert state.landing_row(0, 0) == row
        wild_turn(state, SYMBOLS[row % 4], 0)  # seat 0
        assert state.racks[0][(0, row)] == SYMBOLS[row % 4]
        wild_turn(state, "cherry", 1 if row < 4 else 2)  # seat 1 keeps busy
    assert state.landing_row(0, 0) is None
    assert 0 not in state.open_columns(0)
    assert sorted(state.racks[0]) == [(0, r) for r in range(5)]


@pytest.mark.parametrize("column,height", list(enumerate(COLUMNS)))
def test_each_column_takes_its_height_and_then_is_refused(column, height):
    state = jackpot()
    for row in range(height):
        assert state.landing_row(0, column) == row
        wild_turn(state, "cherry", column)  # seat 0
        assert (column, row) in state.racks[0]
        wild_turn(state, "bell", CHANCE_SPACE if row == 0 else 0)  # seat 1
    assert state.landing_row(0, column) is None
    roll(state, *WILD)
    assert column not in targets(state)
    refused(state, Place("cherry", column))
    for bad in (-1, 5, 7):
        refused(state, Place("cherry", bad))
    assert state.landing_row(0, 5) is None and state.landing_row(0, -1) is None


# ------------------------------------------------------------- Chance Option --

def with_chance_tile(symbol: str = "dollar", players: int = 2):
    """Seat 0 to roll, with this tile in its Chance Space."""
    state = jackpot(players)
    state.chance[0] = symbol
    sync_supply(state)
    return state


def test_chance_option_on_three_alike_with_a_tile_in_the_chance_space():
    state = with_chance_tile("orange")
    roll(state, "dollar", "dollar", "dollar", "bell")  # sheet 3D: 3 dollars and a bell
    assert state.stage == "chance_option" and state.to_place == 1
    assert set(state.legal_actions()) == {ChanceOption("keep"), ChanceOption("return")} | {
        ChanceOption("drop", c) for c in range(5)}
    refused(state, Place("dollar", 0))  # the Chance Option comes first
    refused(state, Roll())


def test_chance_option_keep_leaves_the_tile_and_the_chance_space_closed():
    state = with_chance_tile("orange")
    roll(state, "dollar", "dollar", "dollar", "bell")
    state.apply(ChanceOption("keep"))
    assert state.chance[0] == "orange" and state.stage == "place"
    assert placeable(state) == {"dollar"} and targets(state) == {0, 1, 2, 3, 4}
    state.apply(Place("dollar", 2))
    assert state.racks[0] == {(2, 0): "dollar"} and state.chance[0] == "orange"
    assert tiles_counted(state) == 112


def test_chance_option_return_puts_the_tile_back_in_the_supply():
    state = with_chance_tile("orange")
    assert state.supply["orange"] == 27
    roll(state, "dollar", "dollar", "dollar", "bell")
    state.apply(ChanceOption("return"))
    assert state.chance[0] is None and state.supply["orange"] == 28
    # then the roll's tile, possibly into the now-empty Chance Space
    assert targets(state) == {0, 1, 2, 3, 4, CHANCE_SPACE}
    state.apply(Place("dollar", CHANCE_SPACE))
    assert state.chance[0] == "dollar" and state.racks[0] == {} and state.supply["dollar"] == 20
    assert tiles_counted(state) == 112


def test_chance_option_drop_lets_the_tile_fall_into_a_column():
    state = with_chance_tile("orange")
    set_rack(state, 0, {(1, 0): "bell", (1, 1): "bell"})
    roll(state, "dollar", "dollar", "dollar", "bell")
    state.apply(ChanceOption("drop", 1))
    assert state.racks[0] == {(1, 0): "bell", (1, 1): "bell", (1, 2): "orange"}
    assert state.chance[0] is None and state.supply["orange"] == 28 - 1  # it moved, it did not come from the supply
    state.apply(Place("dollar", CHANCE_SPACE))
    assert state.chance[0] == "dollar"
    assert tiles_counted(state) == 112


def test_chance_option_drop_into_a_full_column_is_refused():
    state = with_chance_tile("orange")
    set_rack(state, 0, {(3, 0): "bell", (3, 1): "cherry", (4, 0): "bell"})
    roll(state, "cherry", "cherry", "cherry", "cherry")
    assert state.stage == "chance_option"
    assert {a.column for a in state.legal_actions() if a.choice == "drop"} == {0, 1, 2}
    for column in (3, 4, 5, -1, None):
        refused(state, ChanceOption("drop", column))
    refused(state, ChanceOption("discard"))
    refused(state, ChanceOption("keep", 0))  # only a drop names a column
    refused(state, ChanceOption("return", 2))


def test_chance_option_on_four_alike_then_two_tiles():
    state = with_chance_tile("cherry")
    roll(state, "cherry", "cherry", "cherry", "cherry")  # sheet 3E
    assert state.stage == "chance_option" and state.to_place == 2
    state.apply(ChanceOption("return"))
    assert state.supply["cherry"] == 35
    state.apply(Place("bell", CHANCE_SPACE))
    refused(state, Place("orange", CHANCE_SPACE))
    state.apply(Place("orange", 0))
    assert state.chance[0] == "bell" and state.racks[0] == {(0, 0): "orange"} and state.seat == 1


def test_chance_option_is_not_offered_when_the_chance_space_is_empty():
    for dice in [("dollar", "dollar", "dollar", "bell"), ("cherry", "cherry", "cherry", "cherry")]:
        state = jackpot()
        roll(state, *dice)
        assert state.stage == "place"
        refused(state, ChanceOption("keep"))
        refused(state, ChanceOption("return"))
        refused(state, ChanceOption("drop", 0))


@pytest.mark.parametrize("dice", [("orange", "bell", "cherry", "dollar"), ("bell", "bell", "cherry", "orange"),
                                  ("cherry", "orange", "cherry", "orange")],
                         ids=["wild", "one-pair", "two-pairs"])
def test_chance_option_is_not_offered_on_wild_or_pairs(dice):
    state = with_chance_tile("bell")
    roll(state, *dice)
    assert state.stage == "place"
    assert not any(isinstance(a, ChanceOption) for a in state.legal_actions())
    refused(state, ChanceOption("return"))
    refused(state, ChanceOption("drop", 0))
    assert CHANCE_SPACE not in targets(state)


# ----------------------------------------------------------------- the supply --

def test_supply_counts_go_down_as_tiles_are_played():
    state = jackpot()
    wild_turn(state, "cherry", 0)
    wild_turn(state, "dollar", CHANCE_SPACE)
    assert state.supply == {**SUPPLY, "cherry": 34, "dollar": 20}
    assert state.tiles_in_play() == tiles_counted(state) == 112


def test_the_pairs_symbol_ran_out_any_other_symbol_in_supply():
    state = jackpot()
    state.supply["bell"] = 0
    roll(state, "bell", "bell", "cherry", "orange")
    assert placeable(state) == {"cherry", "orange", "dollar"}
    refused(state, Place("bell", 0))
    state.apply(Place("dollar", 0))
    assert state.racks[0] == {(0, 0): "dollar"} and state.supply["bell"] == 0


def test_the_three_alike_symbol_ran_out_others_still_in_supply_only():
    state = jackpot()
    state.supply["dollar"] = 0
    state.supply["orange"] = 0
    roll(state, "dollar", "dollar", "dollar", "bell")
    assert placeable(state) == {"cherry", "bell"}
    refused(state, Place("orange", 0))


def test_wild_and_jackpot_offer_only_symbols_still_in_supply():
    state = jackpot()
    state.supply["cherry"] = 0
    roll(state, *WILD)
    assert placeable(state) == {"orange", "bell", "dollar"}
    state.apply(Place("orange", 0))
    state.supply["bell"] = 1
    roll(state, "bell", "bell", "bell", "bell")  # seat 1
    state.apply(Place("bell", 0))
    assert state.supply["bell"] == 0
    assert placeable(state) == {"orange", "dollar"}  # the last bell went with the first tile


def test_two_pairs_with_one_pair_run_out_gives_the_other_pair():
    state = jackpot()
    state.supply["cherry"] = 0
    roll(state, "cherry", "orange", "cherry", "orange")
    assert placeable(state) == {"orange"}


def test_the_supply_is_refilled_and_racks_emptied_each_round():
    state = jackpot()
    set_rack(state, 1, RACK_A)
    play_round(state, [RACK_MIDDLE_RUN, RACK_A])
    assert state.round == 1 and len(state.scores) == 1
    assert state.supply == SUPPLY
    assert state.racks == [{}, {}] and state.chance == [None, None]
    assert state.last_racks == [RACK_MIDDLE_RUN, RACK_A]


# ------------------------------------------------------------- round flow --

def test_play_continues_to_the_left():
    state = jackpot(3)
    order = []
    for _ in range(7):
        order.append(state.current_player())
        wild_turn(state, "cherry", 0)
    assert order == [0, 1, 2, 0, 1, 2, 0]


def test_a_full_rack_skips_its_turns():
    state = jackpot(3)
    set_rack(state, 1, RACK_A)
    order = []
    for _ in range(5):
        order.append(state.current_player())
        wild_turn(state, "cherry", 0)
    assert order == [0, 2, 0, 2, 0]


def test_players_with_open_windows_play_on_until_every_rack_is_full():
    state = jackpot(2)
    set_rack(state, 0, RACK_A)
    missing = dict(RACK_MIDDLE_RUN)
    for cell in [(0, 4), (0, 3), (1, 3)]:
        del missing[cell]
    set_rack(state, 1, missing)
    state.seat = 1
    order = play_round(state, [RACK_A, RACK_MIDDLE_RUN])
    assert order == [1, 1, 1]  # seat 0 is full and skipped; the round ends with seat 1's last tile
    assert len(state.scores) == 1


def test_the_round_does_not_end_before_every_rack_is_full():
    state = jackpot(2)
    almost = dict(RACK_A)
    del almost[(4, 0)]
    set_rack(state, 0, almost)
    wild_turn(state, "bell", 4)
    assert len(state.racks[0]) == 15 and state.scores == [] and state.round == 0
    assert state.current_player() == 1


def test_a_tile_with_nowhere_to_go_returns_to_the_supply():
    """Second tile of a Jackpot: rack full after the first, Chance Space taken."""
    state = with_chance_tile("bell")
    almost = dict(RACK_SIX_CHERRIES)
    del almost[(4, 0)]
    set_rack(state, 0, almost)
    supply = dict(state.supply)
    roll(state, "cherry", "cherry", "cherry", "cherry")
    assert state.stage == "chance_option"
    state.apply(ChanceOption("keep"))
    assert targets(state) == {4}
    state.apply(Place("dollar", 4))
    assert Returned(0) in state.events
    assert state.supply == {**supply, "dollar": supply["dollar"] - 1}  # only one tile left the supply
    assert state.chance[0] == "bell" and len(state.racks[0]) == 15
    assert state.current_player() == 1 and state.stage == "roll"
    assert tiles_counted(state) == 112


def test_dropping_the_chance_tile_into_the_last_window_leaves_one_tile_for_the_chance_space():
    state = with_chance_tile("bell")
    almost = dict(RACK_SIX_CHERRIES)
    del almost[(4, 0)]
    set_rack(state, 0, almost)
    supply = dict(state.supply)
    roll(state, "orange", "orange", "orange", "orange")
    state.apply(ChanceOption("drop", 4))
    assert state.racks[0][(4, 0)] == "bell" and len(state.racks[0]) == 15
    assert targets(state) == {CHANCE_SPACE}
    state.apply(Place("dollar", CHANCE_SPACE))
    assert Returned(0) in state.events  # the second tile can go nowhere
    assert state.supply == {**supply, "dollar": supply["dollar"] - 1}
    assert state.current_player() == 1


def test_chance_space_tiles_are_discarded_at_scoring():
    """Six cherries in the rack and a seventh in the Chance Space: no rack bonus; the tile goes back."""
    state = jackpot(2)
    set_rack(state, 1, RACK_A)
    state.chance[0] = "cherry"
    state.chance[1] = "dollar"
    sync_supply(state)
    play_round(state, [RACK_SIX_CHERRIES, RACK_A])
    first = state.scores[0]
    assert first[0].subtotal == RACK_SIX_CHERRIES_SCORE == 0 and first[0].bonus == []
    assert first[1].subtotal == RACK_A_SCORE
    assert state.chance == [None, None] and state.supply == SUPPLY


def test_the_chance_spaces_are_kept_with_the_last_racks_to_show_the_round_as_it_stood():
    """Discarded at scoring, but the round's summary shows each rack as it was: Chance Space included."""
    state = jackpot(2)
    set_rack(state, 1, RACK_A)
    state.chance[0] = "cherry"
    sync_supply(state)
    play_round(state, [RACK_SIX_CHERRIES, RACK_A])
    assert state.chance == [None, None] and state.last_chance == ["cherry", None]
    saved = json.loads(snapshot(state))
    assert state_from_json(saved, V).last_chance == ["cherry", None]
    del saved["last_chance"]  # a save from before they were kept: empty Chance Spaces
    assert state_from_json(saved, V).last_chance == [None, None]


# --------------------------------------------------------------- scoring lines --

@pytest.mark.parametrize("name", list(LINES))
@pytest.mark.parametrize("symbol", SYMBOLS)
def test_each_line_filled_with_one_symbol_scores_its_length(name, symbol):
    cells = LINES[name]
    tiles = {cell: symbol for cell in cells}  # any other line shares at most one of these cells
    expected = CHART[symbol][len(cells)]
    found = score_lines(V, tiles)
    assert [(s.line, s.symbol, s.length, s.points) for s in found] == [(name, symbol, len(cells), expected)]
    assert rack_score(V, tiles) == expected


CHART_CASES = [  # bottom row (a row) and long diagonal (a diagonal), by hand from the chart
    ("CCCOB", "cherry", 3, 30), ("OOOOB", "orange", 4, 80), ("BBBBB", "bell", 5, 200),
    ("BDDDO", "dollar", 3, 100), ("ODDDD", "dollar", 4, 200), ("DDDDD", "dollar", 5, 400),
    ("CCCCC", "cherry", 5, 120), ("OOOOO", "orange", 5, 160), ("BCCCC", "cherry", 4, 60),
    ("OBBBC", "bell", 3, 50), ("BOOOC", "orange", 3, 40), ("BBBBO", "bell", 4, 100),
]


@pytest.mark.parametrize("line", ["bottom row", "long diagonal"])
@pytest.mark.parametrize("letters,symbol,length,points", CHART_CASES)
def test_runs_of_3_4_5_score_by_the_chart(line, letters, symbol, length, points):
    found = score_lines(V, partial(LINES[line], letters))
    assert [(s.symbol, s.length, s.points) for s in found] == [(symbol, length, points)]


@pytest.mark.parametrize("letters,points", [("CCC", 30), ("CCCC", 60), ("OOO", 40), ("OOOO", 80),
                                            ("BBB", 50), ("BBBB", 100), ("DDD", 100), ("DDDD", 200)])
def test_runs_in_the_shorter_lines(letters, points):
    length = len(letters)
    for name, cells in LINES.items():
        if len(cells) == length:
            assert [s.points for s in score_lines(V, partial(cells, letters))] == [points], name


@pytest.mark.parametrize("letters", ["CCOCC", "CODCO", "DDBDD", "BBOBB", "COCOC", "DD.DD", "CC...", ".BB.B"])
def test_no_three_alike_side_by_side_scores_nothing(letters):
    cells = [cell for cell, mark in zip(LINES["bottom row"], letters) if mark != "."]
    tiles = partial(cells, letters.replace(".", ""))
    assert score_lines(V, tiles) == [] and rack_score(V, tiles) == 0


def test_a_run_of_three_inside_a_line_of_five_with_other_symbols_around():
    for letters, symbol, cells in [("OCCCO", "cherry", [(1, 0), (2, 0), (3, 0)]),
                                   ("DOOOB", "orange", [(1, 0), (2, 0), (3, 0)]),
                                   ("CDBBB", "bell", [(2, 0), (3, 0), (4, 0)])]:
        found = score_lines(V, partial(LINES["bottom row"], letters))
        assert [(s.symbol, s.length, s.cells) for s in found] == [(symbol, 3, tuple(cells))]


def test_a_gap_breaks_a_run():
    tiles = partial([(0, 0), (1, 0), (3, 0), (4, 0)], "DDDD")  # (2, 0) empty
    assert score_lines(V, tiles) == []


def test_columns_never_score():
    for column, height in enumerate(COLUMNS):
        for symbol in SYMBOLS:
            tiles = {(column, r): symbol for r in range(height)}
            assert score_lines(V, tiles) == [], (column, symbol)


def test_one_tile_scores_in_a_row_and_a_diagonal_at_once():
    """Bottom row of cherries (120) and the rising diagonal through (0, 0) (30): (0, 0) counts in both."""
    tiles = partial(LINES["bottom row"], "CCCCC")
    tiles.update({(1, 1): "cherry", (2, 1): "bell", (2, 2): "cherry"})
    # (1, 1) also sits in the second row (- C B) and the short diagonal ((0, 2) empty, C, C): only 2 there;
    # (2, 1) bell is in the second row and the middle diagonal (-, -, B, C): nothing.
    found = {(s.line, s.points) for s in score_lines(V, tiles)}
    assert found == {("bottom row", 120), ("rising diagonal", 30)}
    assert sum(s.points for s in score_lines(V, tiles)) == 150
    assert rack_score(V, tiles) == 150 + 50  # and the 7 cherries earn the rack bonus


@pytest.mark.parametrize("tiles,score", [
    (RACK_A, RACK_A_SCORE), (RACK_SHEET_BONUS, RACK_SHEET_BONUS_SCORE), (RACK_DIAGONAL, RACK_DIAGONAL_SCORE),
    (RACK_COLUMNS, RACK_COLUMNS_SCORE), (RACK_MIDDLE_RUN, RACK_MIDDLE_RUN_SCORE),
    (RACK_SIX_CHERRIES, RACK_SIX_CHERRIES_SCORE)], ids=["A", "sheet-bonus", "diagonal", "columns", "middle-run",
                                                       "six-cherries"])
def test_whole_racks_score_what_was_worked_out_by_hand(tiles, score):
    assert len(tiles) == 15 and set(tiles) == CELLS
    assert rack_score(V, tiles) == score
    assert ref_subtotal(tiles) == score  # the reference scorer agrees with the hand figure too


def test_the_long_diagonal_of_five_dollars_scores_400_only():
    found = {(s.line, s.symbol, s.length, s.points) for s in score_lines(V, RACK_DIAGONAL)}
    assert found == {("long diagonal", "dollar", 5, 400), ("bottom row", "cherry", 4, 60),
                     ("second row", "cherry", 3, 30), ("middle diagonal", "cherry", 3, 30),
                     ("short diagonal", "cherry", 3, 30)}
    assert set(ref_lines(RACK_DIAGONAL)) == found


# ----------------------------------------------------------------- rack bonus --

@pytest.mark.parametrize("cherries,points", [(0, 0), (5, 0), (6, 0), (7, 50), (8, 70), (9, 100), (10, 100),
                                             (12, 100), (15, 100)])
def test_rack_bonus_steps(cherries, points):
    cells = sorted(CELLS)
    tiles = {cell: ("cherry" if i < cherries else SYMBOLS[1 + i % 3]) for i, cell in enumerate(cells)}
    # the other 15 - n tiles spread over three symbols: at most 5 each, no bonus for them
    got = rack_bonus(V, tiles)
    assert sum(p for s, _, p in got if s == "cherry") == points
    assert all(s == "cherry" for s, _, _ in got)


def test_the_sheets_rack_bonus_example_7_cherries_and_8_bells_is_120():
    assert Counter(RACK_SHEET_BONUS.values()) == {"cherry": 7, "bell": 8}
    assert sorted(rack_bonus(V, RACK_SHEET_BONUS)) == [("bell", 8, 70), ("cherry", 7, 50)]
    assert score_lines(V, RACK_SHEET_BONUS) == []
    assert rack_score(V, RACK_SHEET_BONUS) == 120


def test_tiles_anywhere_in_the_rack_count_for_the_bonus():
    tiles = {(0, r): "dollar" for r in range(5)}
    tiles.update({(1, r): "dollar" for r in range(2)})  # 7 dollars up two columns: no line, bonus 50
    assert score_lines(V, tiles) == []
    assert rack_bonus(V, tiles) == [("dollar", 7, 50)]


# ---------------------------------------------------------- rounds and bonuses --

def test_round_scores_through_the_engine_and_the_high_round_bonus():
    """Three rounds played tile by tile; figures from the racks above.

    Round 1: seat 0 RACK_A 310, seat 1 RACK_MIDDLE_RUN 30 -> seat 0 + 30.
    Round 2: seat 0 RACK_MIDDLE_RUN 30, seat 1 RACK_SHEET_BONUS 120 -> seat 1 + 60.
    Round 3: both RACK_COLUMNS 50 -> tied, both + 120.
    Totals: seat 0 340 + 30 + 170 = 540, seat 1 30 + 180 + 170 = 380.
    """
    state = jackpot(2)
    play_round(state, [RACK_A, RACK_MIDDLE_RUN])
    play_round(state, [RACK_MIDDLE_RUN, RACK_SHEET_BONUS])
    assert state.phase == "play" and state.round == 2
    play_round(state, [RACK_COLUMNS, RACK_COLUMNS])
    assert state.phase == "over" and state.is_terminal()
    table = [[(s.subtotal, s.high_bonus, s.total) for s in r] for r in state.scores]
    assert table == [[(310, 30, 340), (30, 0, 30)],
                     [(30, 0, 30), (120, 60, 180)],
                     [(50, 120, 170), (50, 120, 170)]]
    assert state.scores[1][1].bonus == [("cherry", 7, 50), ("bell", 8, 70)]
    assert sorted(state.scores[0][0].lines) == sorted([("bottom row", "bell", 5, 200),
                                                      ("second row", "orange", 4, 80),
                                                      ("third row", "cherry", 3, 30)])
    assert state.totals() == [540, 380]
    assert state.winners() == [0]
    assert state.last_racks == [RACK_COLUMNS, RACK_COLUMNS]
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    refused(state, Roll())
    assert snapshot(state_from_json(json.loads(snapshot(state)), V)) == snapshot(state)


def test_three_seats_tied_leaders_each_get_the_bonus_in_full():
    """Round 1 with RACK_COLUMNS (50), RACK_MIDDLE_RUN (30), RACK_COLUMNS (50): seats 0 and 2 get 30 each."""
    state = jackpot(3)
    play_round(state, [RACK_COLUMNS, RACK_MIDDLE_RUN, RACK_COLUMNS])
    assert [(s.subtotal, s.high_bonus) for s in state.scores[0]] == [(50, 30), (30, 0), (50, 30)]


def test_a_tied_game_has_every_leader_win():
    state = jackpot(2)
    for _ in range(3):
        play_round(state, [RACK_MIDDLE_RUN, RACK_MIDDLE_RUN])
    assert state.totals() == [30 + 30 + 30 + 60 + 30 + 120] * 2 == [300, 300]
    assert state.winners() == [0, 1]


def test_a_game_is_three_rounds_and_four_racks_fit_the_supply():
    state = jackpot(4)
    # 15 x 4 = 60 tiles a round: the pictures use 2 x (B6 O4 C3 D2) + 2 x (B3 D4 O5 C3)
    for _ in range(3):
        assert state.phase == "play"
        play_round(state, [RACK_A, RACK_MIDDLE_RUN, RACK_A, RACK_MIDDLE_RUN])
    assert state.phase == "over" and len(state.scores) == 3
    assert state.totals() == [340 + 370 + 430, 90, 340 + 370 + 430, 90]
    assert state.winners() == [0, 2]


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_seats_only(players):
    with pytest.raises(IllegalAction):
        new_state(V, seats(players), 1, rolloff=True)
    with pytest.raises(IllegalAction):
        JackpotState(V, seats(players), 1, rolloff=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_seats_allowed(players):
    state = new_state(V, seats(players), 1, rolloff=False)
    assert state.n == players and state.current_player() == 0
    assert state.supply == SUPPLY and state.racks == [{}] * players and state.chance == [None] * players


def test_a_game_has_no_matches():
    with pytest.raises(IllegalAction):
        new_state(V, seats(2), 2, rolloff=False)


# ---------------------------------------------------------------- who starts --

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lot_chooses_the_starter(players):
    for k in range(1, players + 1):
        state = jackpot(players, rolloff=True)
        assert state.phase == "lot" and state.current_player() == CHANCE
        assert state.chance_faces() == [players]
        assert state.legal_actions() == [Dice((i,)) for i in range(1, players + 1)]
        for bad in (Dice((0,)), Dice((players + 1,)), Dice((1, 1)), Roll(), Place("cherry", 0)):
            refused(state, bad)
        state.apply(Dice((k,)))
        assert state.phase == "play" and state.current_player() == k - 1
        assert state.legal_actions() == [Roll()]
        assert Starter(k - 1) in state.events


def test_each_later_round_starts_one_seat_to_the_left_of_the_last_starter():
    state = jackpot(3, rolloff=True)
    state.apply(Dice((3,)))  # the lot picks seat 2
    pictures = [RACK_MIDDLE_RUN, RACK_COLUMNS, RACK_MIDDLE_RUN]
    firsts = []
    for _ in range(3):
        order = play_round(state, pictures)
        firsts.append(order[0])
        assert order[:3] == [firsts[-1], (firsts[-1] + 1) % 3, (firsts[-1] + 2) % 3]
    assert firsts == [2, 0, 1]


def test_the_round_starter_rotates_past_the_end_of_the_table():
    state = jackpot(4, rolloff=True)
    state.apply(Dice((3,)))  # seat 2
    pictures = [RACK_MIDDLE_RUN, RACK_A, RACK_MIDDLE_RUN, RACK_A]
    assert [play_round(state, pictures)[0] for _ in range(3)] == [2, 3, 0]


# ------------------------------------------------------------- illegal actions --

def test_other_families_actions_are_refused():
    state = jackpot()
    for action in (Hold(0), Score("chance"), Dice((1, 1, 1, 1)), Place("cherry", 0), ChanceOption("keep")):
        refused(state, action)
    state.apply(Roll())
    for action in (Roll(), Place("cherry", 0), Dice((1, 1, 1)), Dice((0, 1, 1, 1)), Dice((7, 1, 1, 1)),
                   Dice((1, 1, 1, 1, 1))):
        refused(state, action)
    assert len(state.legal_actions()) == 6 ** 4
    state.apply(faces(*WILD))
    for action in (Place("lemon", 0), Place("cherry", "nowhere"), Place("cherry", None), Hold(1)):
        refused(state, action)


def test_the_state_round_trips_through_json_at_every_stage():
    state = with_chance_tile("orange")
    checkpoints = [snapshot(state)]
    state.apply(Roll())
    checkpoints.append(snapshot(state))
    state.apply(faces("dollar", "dollar", "dollar", "dollar"))
    assert state.stage == "chance_option"
    restored = state_from_json(json.loads(snapshot(state)), V)
    assert restored == state and restored.legal_actions() == state.legal_actions()
    state.apply(ChanceOption("drop", 0))
    state.apply(Place("bell", 0))
    restored = state_from_json(json.loads(snapshot(state)), V)
    assert restored == state and restored.to_place == 1 and restored.legal_actions() == state.legal_actions()
    restored.apply(Place("cherry", CHANCE_SPACE))
    state.apply(Place("cherry", CHANCE_SPACE))
    assert restored == state
    for text in checkpoints:
        assert snapshot(state_from_json(json.loads(text), V)) == text
