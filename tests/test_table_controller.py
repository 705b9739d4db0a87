"""The table without a window: whole games of every kind driven by commands alone, and the table's own
policies (who may act, the hand-over, undo, the computers' pace) checked move by move."""

import random
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from game.bots.levels import make_player
from game.engine.actions import Hold, Place, Release, Roll, Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.table.commands import AskCoach, Focus, NextTip, Ready, Toggle, Undo
from game.table.controller import CONTROLLERS, ChallengeController, JackpotController, controller_for
from game.table.events import (
    CoachAsked,
    Copied,
    Focused,
    GameOver,
    Held,
    Moved,
    Picked,
    Previewed,
    Refused,
    Rolled,
    RoundOver,
    Scored,
    Tiles,
    TipAsked,
    TurnBegan,
    TurnPassed,
    Undone,
)
from game.table.pace import PACES, UNDO_GRACE
from game.table.seats import Computer, Person

VARIANTS = ["classic", "official", "dutch", "fivezee", "yatzy", "challenge", "jackpot"]


def session_of(variant_id: str, kinds: str, games: int = 1, seed: int = 5) -> Session:
    """A session whose seats are people ("p") and computers ("c"), in order."""
    seats = [Seat(f"S{i}", "computer" if kind == "c" else "person", "heuristic" if kind == "c" else None)
             for i, kind in enumerate(kinds)]
    return Session(find_variant(variant_id), seats, games=games, seed=seed, rolloff=False)


def play_out(table, rng: random.Random, limit: int = 20_000) -> list:
    """Play to the end with commands alone: each person (a heuristic player's hands) takes the dice when
    handed them and moves by commands; computers move on the table's clock."""
    family = table.session.variant.family
    hands = make_player("heuristic", rng, family)
    events: list = []
    for _ in range(limit):
        if table.state.is_terminal():
            return events
        if table.is_person(table.seat):
            if table.awaiting is not None:
                events += table.command(Ready())
            else:
                said = table.command(hands.choose(table.state))
                assert not any(isinstance(e, Refused) for e in said), said
                events += said
        else:
            events += table.update(1.0)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("kinds", ["pc", "pp", "cc"])
def test_a_whole_game_of_every_kind_is_played_with_commands_and_told_as_events(variant_id, kinds):
    variant = find_variant(variant_id)
    if not variant.min_players <= len(kinds) <= variant.max_players:
        kinds = kinds + kinds[-1] * (variant.min_players - len(kinds))
    table = controller_for(session_of(variant_id, kinds))
    events = play_out(table, random.Random(3))
    state = table.state
    moves = [e for e in events if isinstance(e, Moved)]
    assert [e.action for e in moves] == [a for a in table.session.log if type(a).__name__ != "Dice"]
    assert [e for e in events if isinstance(e, GameOver)] == [GameOver(0, True)]
    if variant.family == "scorecard":
        scored = [e for e in events if isinstance(e, Scored)]
        assert len(scored) == len(variant.box_ids) * state.n
        for event in scored:  # the points told are the points on the card
            assert state.cards[0][event.seat].boxes[event.box] == event.points
    else:
        assert len([e for e in events if isinstance(e, RoundOver)]) == variant.rounds
        assert any(isinstance(e, Tiles) and e.events for e in events)
    rolled = [e for e in events if isinstance(e, Rolled)]
    assert rolled and all(len(e.faces) == len(e.rolling) and all(e.faces) for e in rolled)
    persons = kinds.count("p")
    hand_overs = [e for e in events if isinstance(e, TurnPassed) and e.hand_over]
    if persons < 2 or isinstance(table, ChallengeController):
        assert hand_overs == [] and not any(isinstance(e, TurnBegan) for e in events)
    else:  # every hand-over between two people is taken with Ready
        hand_overs += [table.opening] if table.opening.hand_over else []
        assert len(hand_overs) == len([e for e in events if isinstance(e, TurnBegan)]) > 0


def test_every_kind_of_game_has_a_controller():
    from game.engine.families import STATES

    assert set(CONTROLLERS) == set(STATES)


def test_a_match_of_games_says_each_game_over_and_then_the_match():
    table = controller_for(session_of("dutch", "pc", games=3))
    events = play_out(table, random.Random(1))
    assert [e for e in events if isinstance(e, GameOver)] == [GameOver(0, False), GameOver(1, False),
                                                               GameOver(2, True)]


def test_the_controller_needs_no_window():
    """A whole game in a fresh interpreter, with pygame made unimportable: nothing under game.table needs it."""
    code = ("import sys; sys.modules['pygame'] = None\n"
            "sys.path.insert(0, 'tests')\n"
            "import random, test_table_controller as t\n"
            "from game.table.controller import controller_for\n"
            "table = controller_for(t.session_of('classic', 'pc'))\n"
            "t.play_out(table, random.Random(2))\n"
            "print(table.state.is_terminal())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_a_person_may_act_only_on_their_own_turn():
    table = controller_for(session_of("classic", "cp"))
    assert table.seat == 0 and not table.may_move()
    refused = table.command(Roll())
    assert len(refused) == 1 and isinstance(refused[0], Refused) and table.session.log == []
    assert isinstance(table.command(AskCoach())[0], Refused)


def test_two_people_hand_the_dice_over_and_moves_wait_for_ready():
    table = controller_for(session_of("classic", "pp"))
    assert table.awaiting == 0  # the first player takes the dice too
    assert isinstance(table.command(Roll())[0], Refused) and table.session.log == []
    assert table.command(Ready()) == [TurnBegan(0)]
    events = table.command(Roll())
    assert isinstance(events[0], Moved) and isinstance(events[1], Rolled) and events[1].rolling == (True,) * 5
    box = table.state.options().scores
    events = table.command(Score(next(iter(box))))
    assert isinstance(events[-1], TurnPassed) and events[-1] == TurnPassed(1, 0, True)
    assert table.awaiting == 1 and not table.may_move()


def test_toggle_holds_then_releases_a_die():
    table = controller_for(session_of("classic", "p"))
    assert isinstance(table.command(Toggle(0))[0], Refused)  # no dice on the felt yet
    table.command(Roll())
    assert table.command(Toggle(2))[1:] == [Held(0, 2, True)]
    assert table.command(Toggle(2))[1:] == [Held(0, 2, False)]
    assert [a for a in table.session.log if isinstance(a, (Hold, Release))] == [Hold(2), Release(2)]


def test_an_illegal_move_is_refused_with_the_engines_reason():
    table = controller_for(session_of("classic", "p"))
    refused = table.command(Score("chance"))
    assert isinstance(refused[0], Refused) and refused[0].why and table.session.log == []


def test_undo_takes_back_a_persons_box_until_the_next_seat_acts():
    table = controller_for(session_of("classic", "pc"))
    table.command(Roll())
    box = next(iter(table.state.options().scores))
    table.command(Score(box))
    assert table.seat == 1 and table.may_undo()
    assert table.command(Undo(0)) == [Undone(0)]
    assert table.seat == 0 and table.state.card(0).boxes[box] is None and table.may_move()
    table.command(Score(box))
    while table.seat == 1 and not any(isinstance(a, Roll) for a in table.session.log[-1:]):
        table.update(1.0)
    assert not table.may_undo() and isinstance(table.command(Undo(0))[0], Refused)


def test_a_demo_and_a_kiosk_that_keeps_nothing_take_nothing_back():
    for options in ({"demo": True}, {"undo": False}):
        table = controller_for(session_of("classic", "pc"), **options)
        while not table.session.log or table.seat != 1:
            table.command(Roll()) if table.is_person(table.seat) and not table.session.log else table.update(1.0)
            if table.is_person(table.seat) and table.session.log:
                table.command(Score(next(iter(table.state.options().scores))))
        assert not table.may_undo()


def test_a_computer_waits_its_pace_and_for_the_views():
    table = controller_for(session_of("classic", "c"), pace=PACES["relaxed"])
    assert table.update(0.5) == []  # its turn's first pause is 0.7 s
    assert table.update(0.5, ready=False) == []  # dice still in the air: the clock waits too
    events = table.update(0.3)
    assert isinstance(events[0], Moved) and isinstance(events[1], Rolled)


def test_a_computer_after_a_person_waits_while_the_box_may_be_taken_back():
    table = controller_for(session_of("classic", "pc"))
    table.command(Roll())
    table.command(Score(next(iter(table.state.options().scores))))
    assert table.wait == UNDO_GRACE
    assert table.update(UNDO_GRACE - 0.1) == [] and table.update(0.2) != []


def test_the_undo_grace_is_real_time_at_any_animation_speed():
    """The table's pauses shrink with faster animations; a person's time to take their box back does not."""
    for speed in (1.0, 2.2, 4.0):
        table = controller_for(session_of("classic", "pc"))
        table.command(Roll())
        table.command(Score(next(iter(table.state.options().scores))))
        assert table.update(UNDO_GRACE - 0.1, speed=speed) == [] and table.may_undo()
        assert table.update(0.2, speed=speed) != []


def test_an_instant_computer_does_not_wait_for_an_undo_after_the_box_was_seen():
    table = controller_for(session_of("classic", "pc"), pace=PACES["instant"])
    table.command(Roll())
    table.command(Score(next(iter(table.state.options().scores))))
    assert table.update(0.5, ready=False) == []  # the box shows: Undo is there meanwhile
    assert table.update(0.01) != []  # then it plays at once


def test_a_computer_shows_its_box_before_filling_it():
    table = controller_for(session_of("classic", "c"), pace=PACES["instant"])
    events = []
    while not any(isinstance(e, Previewed) for e in events):
        events = table.update(0.01)
    chosen = events[0].action
    assert isinstance(chosen, Score) and table.wait >= PACES["instant"].show
    assert table.update(0.01, speed=1000.0) == []  # the box shows a moment, even at the instant pace...
    filled = table.update(PACES["instant"].show, speed=1000.0)  # ...in real time, at any animation speed
    assert filled[0] == Moved(0, chosen)


def test_jackpot_shows_its_tile_before_dropping_it_and_says_what_the_racks_did():
    table = controller_for(session_of("jackpot", "cc"), pace=PACES["quick"])
    assert isinstance(table, JackpotController)
    events = []
    for _ in range(200):
        events += table.update(0.5)
        if any(isinstance(action, Place) for action in table.session.log):
            break
    previews = [e for e in events if isinstance(e, Previewed)]
    assert previews and all(isinstance(e.action, Place) for e in previews)
    tiles = [e for e in events if isinstance(e, Tiles) and e.roll_class is not None]
    assert tiles


def test_the_coach_tips_and_focus_are_commands_of_the_person_to_play():
    table = controller_for(session_of("classic", "p"))
    assert table.command(AskCoach()) == [CoachAsked(0)]
    assert table.command(NextTip()) == [TipAsked(0)]
    assert table.command(Focus("chance")) == [Focused(0, "chance")]


def test_challenge_copies_are_told_and_dice_are_picked_not_held():
    table = controller_for(session_of("challenge", "pp"))
    table.command(Roll())
    moves = len(table.session.log)
    assert table.command(Toggle(0)) == [Picked(0, frozenset({0}))] and len(table.session.log) == moves
    assert table.command(Toggle(0)) == [Picked(0, frozenset())]
    copy = next(a for a in table.state.legal_actions() if type(a).__name__ == "Copy")
    events = table.command(copy)
    assert Copied(0, copy.values) in events


@dataclass
class FarAway:
    """A seat that is not at this screen: its moves arrive when they arrive (here, from a list)."""

    inbox: list = field(default_factory=list)
    takes_commands = False
    paced = False

    def next_move(self, state):
        return self.inbox.pop(0) if self.inbox else None


def test_a_seat_far_away_fits_the_same_controller():
    session = session_of("classic", "pc")
    far = FarAway()
    table = controller_for(session, [Person(), far])
    table.command(Roll())
    table.command(Score(next(iter(table.state.options().scores))))
    assert table.update(10.0) == []  # nothing has arrived: the table waits, without a pace
    far.inbox.append(Roll())
    events = table.update(0.0)
    assert isinstance(events[1], Rolled) and events[0].seat == 1
    assert isinstance(table.command(Roll())[0], Refused)  # this screen's person cannot move for it


def test_computers_drivers_are_made_from_the_seats_levels():
    table = controller_for(session_of("classic", "pcc"))
    assert isinstance(table.drivers[0], Person)
    assert all(isinstance(d, Computer) for d in table.drivers[1:])
    same = controller_for(session_of("classic", "pcc"))
    state = table.state.clone()
    assert type(table.drivers[1].player) is type(same.drivers[1].player)
    assert table.drivers[1].player.choose(state) == same.drivers[1].player.choose(state)
