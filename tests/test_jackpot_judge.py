"""Jackpot's controller is the one judge: it answers what the seat to play may do (the columns a tile may drop
into and the row it lands in, the Chance Space, the Chance Option's choices), its refusals carry their reason
in the player's words, and the rack's view asks the rules where a tile lands instead of knowing it itself."""

from __future__ import annotations

import pygame
from jackpot_helpers import sync_supply

from game.engine.actions import ChanceOption, Place, Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.variants import find_variant
from game.table.controller import controller_for
from game.table.events import Refused, TurnPassed
from game.table.jackpot_turn import CHANCE_SPACE
from game.table.seats import Computer, Person
from scenes.jackpot.rack_view import RackView


def _ann_to_place(chance: str | None = None, seed: int = 3):
    """Ann (a person) to place a tile, her first column full (and ``chance`` in her Chance Space); Kid next."""
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Kid")], seed=seed, rolloff=False)
    for state in (session.start, session.state):
        state.racks[0] = {(0, row): "cherry" for row in range(5)} | {(1, 0): "bell"}
        state.chance[0] = chance
        sync_supply(state)
    table = controller_for(session, [Person(), Person()])
    table.command(Roll())
    if table.state.stage == "chance_option":
        table.command(ChanceOption("keep"))
    assert table.state.stage == "place"
    return table


def test_the_turn_says_where_the_tile_may_go_and_where_it_lands():
    table = _ann_to_place()
    turn = table.turn()
    assert turn.seat == 0 and turn.may_act and turn.stage == "place" and not turn.may_roll
    assert turn.symbols == table.state.tile_symbols() and turn.placing
    assert turn.landing == (None, 1, 0, 0, 0) and turn.columns == (1, 2, 3, 4)
    assert turn.targets() == (1, 2, 3, 4, CHANCE_SPACE) and turn.chance_lit
    assert turn.move(2, "bell") == Place("bell", 2) and turn.row(1) == 1 and turn.row(9) is None


def test_a_refused_drop_carries_its_reason_worded_for_the_window():
    table = _ann_to_place(chance="bell")
    symbol = table.turn().symbols[0]
    assert table.turn().targets() == (1, 2, 3, 4) and not table.turn().chance_lit
    moves = len(table.session.log)
    for move, key, values in ((Place(symbol, 0), "jackpot.column_full", {"column": 1}),
                              (Place(symbol, CHANCE_SPACE), "jackpot.chance_taken", {})):
        [refused] = table.command(move)
        assert isinstance(refused, Refused) and refused.why and refused.reason == key
        assert i18n.t(refused.reason, **dict(refused.words)) == i18n.t(key, **values)
    assert len(table.session.log) == moves  # nothing dropped


def test_the_chance_option_is_answered_and_a_turn_not_yours_gives_nothing_to_do():
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Bot", "computer", "greedy")], seed=1,
                      rolloff=False)
    state = session.state
    state.stage, state.chance[0], state.dice = "chance_option", "bell", ("bell",) * 4
    table = controller_for(session, [Person(), Computer(None)])
    turn = table.turn()
    assert turn.chance_options == ("keep", "return", "drop") and turn.chance_tile == "bell"
    assert turn.targets() == (0, 1, 2, 3, 4, CHANCE_SPACE)
    assert turn.move(CHANCE_SPACE) == ChanceOption("keep") and turn.move(3) == ChanceOption("drop", 3)
    state.seat = 1
    assert not table.turn().may_act and not table.turn().may_roll


def test_a_person_after_a_person_is_handed_over_by_the_turn_passed_event():
    table = _ann_to_place()
    events = []
    while table.seat == 0:
        turn = table.turn()
        events += table.command(turn.move(turn.targets()[0], turn.symbols[0]))
    assert TurnPassed(1, 0, True) in events and table.awaiting == 1 and not table.turn().may_act


def test_the_rack_view_lands_tiles_where_the_rules_do():
    state = _ann_to_place().state
    view = RackView(pygame.Rect(0, 0, 500, 400), state.variant.columns)
    view.set_tiles(dict(state.racks[0]), None)
    assert [view.landing_row(c) for c in range(5)] == [state.landing_row(0, c) for c in range(5)]
    view.drop("bell", 1)  # no row given (a preview): the rules' lowest open window
    assert view.tiles()[(1, 1)] == "bell"
