"""A game far away at the ordinary table, against the in-memory room: the person at this window plays their
seat, a headless seat plays the other, and both come to the same scores; the far moves and the dice come
from the room; nothing is saved here, and a window opened again resumes from the room; a refusal shows.

The window's worker is turned by hand (``FarGame.work``) between frames: no thread, no sleeps."""

import random

import pytest
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.actions import Hold, Release, Roll
from game.online.account import Account
from game.online.far_game import FarGame
from game.online.lobby import AtOnce
from game.online.protocol import MOVE, RoomEvent, move_content
from game.online.referee import Referee
from game.online.seat import RoomSeat, computer
from game.online.transport import MemoryServer, MemoryTransport
from game.rules.variants import find_variant
from game.store.saves import save_path
from game.table.seats import Person
from scenes.online.far_table import FarLink, FarOpening, FarSeat
from scenes.table.play_scene import PlayScene

ANN, BOB = "@ann:example.org", "@bob:example.org"


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))
    driver = Driver(animation="instant")
    yield driver
    driver.close()


def lobby(server, user):
    return AtOnce(lambda account: MemoryTransport(server, account.user), find_variant, Account("mem", user, "tok"))


def a_game(server, variant="classic"):
    """Bob hosts and invites Ann, who joins; Bob's seat is a headless computer."""
    room = lobby(server, BOB).answer("host", {"variant": variant, "invites": [ANN]}).value[0]
    lobby(server, ANN).answer("join", {"room": room})
    transport = MemoryTransport(server, BOB)
    referee = Referee(find_variant)
    bob = RoomSeat(transport, room, referee, computer("heuristic", find_variant(variant), seed=3))
    bob.catch_up()
    return room, bob


def open_window(driver, server, room):
    game = FarGame(lambda: MemoryTransport(server, ANN), room, find_variant)
    driver.start(FarOpening(driver.app, game, start=False))
    return game


def at_table(driver):
    """The window shows the game's table: the kind's ordinary one, handed the far link part."""
    return isinstance(driver.top, PlayScene) and isinstance(driver.top.far, FarLink)


def turn(driver, game, bob, hands=None, seconds=0.1):
    """One round: Bob's seat does what is due, the window's worker turns, a frame passes; then the person here
    plays what they can before the room must answer (each move a click would have woken a frame for)."""
    for _ in range(8):
        sent = bob.act()
        bob.poll(0.0)
        if not sent:
            break
    game.work()
    driver.step(seconds)
    table = driver.top if at_table(driver) else None
    while hands is not None and table is not None and table.person_to_play() and not table.throwing \
            and not table.session.dice_pending:
        table.act(hands.choose(table.state))
        driver.app.redraw()


def test_a_whole_classic_game_at_the_table_ends_with_the_headless_seats_scores(driver):
    server = MemoryServer()
    room, bob = a_game(server)
    game = open_window(driver, server, room)
    hands = hands_of(7)  # the person's choices, made for the test
    table = None
    for _ in range(1000):
        turn(driver, game, bob, hands)
        if at_table(driver):
            table = driver.top
        if bob.over and bob.referee.result is not None and table is not None and table.state.is_terminal():
            break
    assert table is not None, "the table never opened"
    assert isinstance(table.controller.drivers[table.far.mine], Person)
    assert all(isinstance(d, FarSeat) for i, d in enumerate(table.controller.drivers) if i != table.far.mine)
    assert bob.referee.result is not None and not bob.referee.refusals, bob.referee.refusals
    assert table.state.is_terminal()
    window = dict(zip((ANN, BOB) if table.far.mine == 0 else (BOB, ANN), table.state.match_totals()))
    assert window == bob.referee.scores()  # the same game on both sides, to the point
    assert not save_path().exists()  # the room is the save


def play_until(driver, game, bob, hands, condition, rounds=600):
    for _ in range(rounds):
        if condition():
            return True
        turn(driver, game, bob, hands)
    return condition()


def test_closed_and_opened_again_the_window_resumes_from_the_room(driver):
    server = MemoryServer()
    room, bob = a_game(server)
    game = open_window(driver, server, room)
    hands = hands_of(11)
    assert play_until(driver, game, bob, hands,
                      lambda: at_table(driver) and sum(driver.top.state.match_totals()) > 0)
    before = len(bob.referee.session.log)
    driver.app.stack.pop()  # closed mid-game
    assert game.stopping.is_set() and not save_path().exists()
    again = open_window(driver, server, room)
    assert play_until(driver, again, bob, None, lambda: at_table(driver))
    table = driver.top
    assert len(table.session.log) >= before and table.state.to_json() == replayed(bob, len(table.session.log))
    assert play_until(driver, again, bob, hands, lambda: sum(table.state.match_totals()) > sum(
        bob.referee.session.state.match_totals()) - 1 and len(bob.referee.session.log) > before + 20)
    assert not bob.referee.refusals


def replayed(bob, entries):
    """The headless seat's game as it stood after ``entries`` entries of its log."""
    from game.engine.session import replay

    return replay(bob.referee.session.start, bob.referee.session.log[:entries]).to_json()


def test_a_move_the_room_refuses_is_shown_and_not_played(driver):
    server = MemoryServer()
    room, bob = a_game(server)
    game = open_window(driver, server, room)
    assert play_until(driver, game, bob, None, lambda: at_table(driver))
    table = driver.top
    assert table.seat == table.far.mine or play_until(driver, game, bob, None, lambda: table.seat == table.far.mine)
    at = len(bob.referee.session.log)
    server.post(room, RoomEvent(BOB, MOVE, move_content(at, Roll(), bytes(32))))  # out of turn, a made-up link
    log = list(table.session.log)
    turn(driver, game, bob)
    assert "bob's move could not be verified" in table.far.line
    assert table.session.log == log and table.seat == table.far.mine


def hands_of(seed=5):
    return make_player("heuristic", random.Random(seed), "scorecard")


def test_a_far_throw_waits_without_blocking_and_says_whose_dice(driver):
    server = MemoryServer()
    room, bob = a_game(server)
    game = open_window(driver, server, room)
    assert play_until(driver, game, bob, None, lambda: at_table(driver))
    table = driver.top
    assert play_until(driver, game, bob, None, lambda: table.seat == table.far.mine and table.person_to_play())
    table.act(Roll())  # Bob's app does not answer for now: the throw waits for his link
    driver.app.redraw()
    game.work()
    driver.step(0.1)
    assert table.session.dice_pending and table.tray.cup.visible  # the cup shakes meanwhile
    for _ in range(40):
        game.work()
        driver.step(0.1)
    assert table.far.line == "Waiting for bob's dice" and not table.tray.cup.visible
    turn(driver, game, bob)  # Bob's app answers
    turn(driver, game, bob)
    assert not table.session.dice_pending and table.state.dice is not None


def test_the_dice_held_at_the_window_go_with_its_roll(driver):
    server = MemoryServer()
    room, bob = a_game(server)
    game = open_window(driver, server, room)
    assert play_until(driver, game, bob, None, lambda: at_table(driver)
                      and driver.top.seat == driver.top.far.mine and driver.top.person_to_play())
    table = driver.top
    for move in (Roll(), "landed", Hold(1), Hold(3), Release(1), Roll()):
        if move == "landed":
            assert play_until(driver, game, bob, None, lambda: table.state.dice is not None and table.person_to_play())
            continue
        table.act(move)
        driver.app.redraw()
    assert play_until(driver, game, bob, None, lambda: not table.session.dice_pending and table.person_to_play())
    bob.poll(0.0)  # Bob's copy reads on: it has everything the window has
    far = bob.referee.session.state
    assert far.held == table.state.held and far.dice == table.state.dice and table.state.held[3]
