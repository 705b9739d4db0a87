"""Online play's core against an in-memory room: whole games, the dice nobody can choose, the referee that
catches a cheater, and a copy killed mid-game that picks the game up from the room's history alone."""

import secrets
from collections import Counter

import pytest

from game.engine.actions import Dice, Hold, Roll, Score
from game.online import dice
from game.online.protocol import (
    ANCHOR,
    MOVE,
    RESULT,
    REVEAL,
    SETUP,
    ProtocolError,
    RoomEvent,
    move_content,
    read_move,
    reveal_content,
    setup_content,
)
from game.online.referee import Referee
from game.online.seat import RoomSeat, computer, find_game, host_game, new_setup
from game.online.transport import MemoryServer, MemoryTransport, OnlineError
from game.rules.variants import find_variant

ANN, BOB, EVE = "@ann:example.org", "@bob:example.org", "@eve:example.org"


def table(variant_id="classic"):
    """Ann hosts a game for herself and Bob; both seats found their game (Bob by his invitation)."""
    server = MemoryServer()
    variant = find_variant(variant_id)
    host_game(MemoryTransport(server, ANN), new_setup(ANN, variant_id, [ANN, BOB]), variant.name)
    return server, [seat_of(server, user, variant, seed) for user, seed in ((ANN, 1), (BOB, 2))]


def seat_of(server, user, variant, seed, invited=True):
    transport = MemoryTransport(server, user)
    room, referee = find_game(transport, user, find_variant, invited)
    return RoomSeat(transport, room, referee, computer("medium", variant, seed))


def play(seats, until=lambda: False, rounds=20_000):
    for _ in range(rounds):
        for seat in seats:
            if until() or all(seat.over and seat.referee.result is not None for seat in seats):
                return
            seat.poll()
            seat.act()
    raise AssertionError("the game did not end")


def replayed(server, room):
    referee = Referee(find_variant)
    for event in server.rooms[room].timeline:
        referee.feed(event)
    return referee


@pytest.mark.parametrize("variant_id", ["classic", "jackpot"])
def test_two_seats_play_a_whole_game_and_anyone_can_check_it_from_the_history(variant_id):
    server, seats = table(variant_id)
    play(seats)
    room = seats[0].room
    fresh = replayed(server, room)
    assert fresh.over and not fresh.refusals and fresh.result == fresh.scores()
    assert seats[0].referee.scores() == seats[1].referee.scores() == fresh.scores()
    assert fresh.session.state.to_json() == seats[1].referee.session.state.to_json()
    timeline = server.rooms[room].timeline
    moves = [event.content["move"]["type"] for event in timeline if event.type == MOVE]
    reveals = sum(event.type == REVEAL for event in timeline)
    throws = sum(isinstance(action, Dice) for action in fresh.session.log)
    assert not {"hold", "release"} & set(moves)  # holding goes with the roll: no event of its own
    assert reveals == throws * 2 - moves.count("roll")  # each throw: the roller's link in its roll, the other's
    said = [event.content["body"] for event in timeline if event.type == "m.room.message"]
    assert len(said) == 2 and "Dice Parlor" in said[0] and said[1].startswith("Game over:")


def test_a_game_of_holds_keeps_them_in_the_roll():
    server, seats = table()
    play(seats, until=lambda: any(e.type == MOVE and "held" in e.content for e in server.rooms[seats[0].room].timeline))
    referee = replayed(server, seats[0].room)
    held = next(e.content["held"] for e in server.rooms[seats[0].room].timeline if "held" in e.content)
    assert held and any(isinstance(action, Hold) for action in referee.session.log) and not referee.refusals


def test_faces_come_from_every_link_and_every_face_is_equally_likely():
    links = [secrets.token_bytes(32), secrets.token_bytes(32)]
    first = dice.faces("game", 0, links, [6] * 5)
    assert first == dice.faces("game", 0, links, [6] * 5)  # anyone derives the same
    others = {dice.faces("game", 0, [links[0], secrets.token_bytes(32)], [6] * 5) for _ in range(20)}
    assert len(others) > 1  # the other seat's link changes the faces: the roller alone cannot know them
    counts = Counter()
    for step in range(3000):
        counts.update(dice.faces("g", step, links, [6] * 5))
    assert set(counts) == set(range(1, 7))
    assert all(abs(count - 2500) < 250 for count in counts.values()), counts  # 15,000 faces: ~2500 each
    lot = Counter(dice.faces("g", step, links, [1000])[0] for step in range(2000))
    assert min(lot) >= 1 and max(lot) <= 1000


def test_a_units_that_would_favour_low_faces_are_thrown_away(monkeypatch):
    units = iter([dice.UNIT - 1, dice.UNIT - 4, 7])  # 2**32 % 6 == 4: the top four are past the last multiple
    monkeypatch.setattr(dice, "_units", lambda seed: units)
    assert dice.faces("g", 0, [b"x"], [6]) == (7 % 6 + 1,)


def test_a_chain_links_back_to_its_anchor():
    chain = dice.Chain.new(50)
    assert all(dice.follows(chain.link(k), chain.link(k - 1) if k > 1 else chain.anchor) for k in range(1, 51))
    assert dice.Chain(chain.seed, 50).anchor == chain.anchor
    with pytest.raises(IndexError):
        chain.link(51)


# ----------------------------------------------------------------------------------------------- cheats --
def started():
    """A game where both seats have anchored, and Ann is to roll."""
    server, seats = table()
    play(seats, until=lambda: replayed(server, seats[0].room).to_play() is not None)  # the room: before the roll
    for seat in seats:
        seat.poll()  # everyone has seen everything: the same moment of the game for both
    assert seats[0].referee.to_play() == seats[1].referee.to_play() is not None
    return server, seats, seats[0].room


def cheat(server, room, seats, event):
    """``event`` posted straight into the room; every seat judges it."""
    server.post(room, event)
    for seat in seats:
        seat.poll()
    return [verdict for seat in seats for verdict in seat.referee.refusals]


def test_a_wrong_link_is_caught_and_the_throw_waits_for_the_right_one():
    server, seats, room = started()
    roller = seats[0].referee.to_play()
    mover = seats[[ANN, BOB].index(roller)]
    other = seats[1 - [ANN, BOB].index(roller)]
    mover.act()  # the roll, with its link
    mover.poll(), other.poll()
    assert other.referee.session.dice_pending
    wrong = RoomEvent(other.user, REVEAL, reveal_content(other.referee.step, secrets.token_bytes(32)))
    refused = cheat(server, room, seats, wrong)
    assert len(refused) == 2 and "does not follow" in refused[0].why and "could not be verified" in refused[0].why
    assert all(seat.referee.session.dice_pending for seat in seats)  # never applied
    other.act()  # the honest link
    for seat in seats:
        seat.poll()
    assert not any(seat.referee.session.dice_pending for seat in seats)


def test_a_move_out_of_turn_is_refused():
    server, seats, room = started()
    waiting = [user for user in (ANN, BOB) if user != seats[0].referee.to_play()][0]
    at = len(seats[0].referee.session.log)
    refused = cheat(server, room, seats, RoomEvent(waiting, MOVE, move_content(at, Roll(), secrets.token_bytes(32))))
    assert refused and "turn, not theirs" in refused[0].why and len(seats[0].referee.session.log) == at


def test_picking_ones_own_faces_is_refused_every_way():
    server, seats, room = started()
    roller, referee = seats[0].referee.to_play(), seats[0].referee
    at = len(referee.session.log)
    faces = {"version": 1, "at": at, "move": {"type": "dice", "faces": [6, 6, 6, 6, 6]}}
    refused = cheat(server, room, seats, RoomEvent(roller, MOVE, faces))
    assert "nobody picks the dice" in refused[-1].why
    # a link of a chain made up now, to steer the faces: it does not follow the published anchor
    steer = RoomEvent(roller, MOVE, move_content(at, Roll(), dice.Chain.new(10).link(1)))
    assert "does not follow" in cheat(server, room, seats, steer)[-1].why
    anchor = RoomEvent(roller, ANCHOR, {"version": 1, "anchor": "0" * 64}, roller)  # a new anchor: a new chain
    assert "cannot change" in cheat(server, room, seats, anchor)[-1].why
    assert len(referee.session.log) == at and not referee.session.dice_pending


def test_an_illegal_move_and_a_stranger_are_refused():
    server, seats, room = started()
    roller, referee = seats[0].referee.to_play(), seats[0].referee
    at = len(referee.session.log)
    refused = cheat(server, room, seats, RoomEvent(roller, MOVE, move_content(at, Score("chance"))))
    assert refused[-1].why.endswith(referee.session.state.why_illegal(Score("chance")))  # the rules' own words
    refused = cheat(server, room, seats, RoomEvent(EVE, MOVE, move_content(at, Roll(), secrets.token_bytes(32))))
    assert f"{EVE} is not seated" in refused[-1].why
    refused = cheat(server, room, seats, RoomEvent(roller, MOVE, move_content(at + 5, Roll())))
    assert "at move" in refused[-1].why
    setup = setup_content(new_setup(ANN, "classic", [ANN, EVE]))
    assert "cannot change" in cheat(server, room, seats, RoomEvent(ANN, SETUP, setup, ""))[-1].why
    assert len(referee.session.log) == at


def test_false_scores_are_refused():
    server, seats = table()
    play(seats, until=lambda: seats[0].over)
    room = seats[0].room
    lie = {user: 999 for user in (ANN, BOB)}
    refused = cheat(server, room, seats, RoomEvent(BOB, RESULT, {"version": 1, "scores": lie}))
    assert "not the game's" in refused[-1].why and seats[0].referee.result in (None, seats[0].referee.scores())


@pytest.mark.parametrize("content", [{"version": 1, "at": 0, "move": {"type": "roll"}, "x": 0.5},
                                     {"version": 2, "at": 0, "move": {"type": "roll"}},
                                     {"version": 1, "at": True, "move": {"type": "roll"}}, "roll"])
def test_a_content_with_floats_or_of_another_version_is_not_read(content):
    with pytest.raises(ProtocolError) as error:
        read_move(content)
    assert "\n" not in str(error.value)


# ------------------------------------------------------------------------------------------- resuming --
def test_a_killed_copy_resumes_from_the_rooms_history_alone():
    server, seats = table()
    room = seats[0].room
    play(seats, until=lambda: len(seats[1].referee.session.log) > 60)
    del seats[1]  # Bob's copy is gone, and everything it kept
    variant = find_variant("classic")
    again = seat_of(server, BOB, variant, 9, invited=True)  # an empty home: it finds its game in the room
    assert again.room == room and len(again.referee.session.log) > 60
    play([seats[0], again])
    assert again.referee.scores() == seats[0].referee.scores() and not again.referee.refusals


def test_a_seat_whose_secret_is_gone_says_so():
    server, seats = table()
    play(seats, until=lambda: seats[0].referee.started)
    server.private.clear()
    fresh = seat_of(server, BOB, find_variant("classic"), 3)
    with pytest.raises(OnlineError, match="dice secret for this game is lost"):
        for _ in range(200):
            fresh.poll()
            fresh.act()
            seats[0].poll()
            seats[0].act()


def test_a_finished_game_is_not_found_to_play_on():
    server, seats = table()
    play(seats)
    assert find_game(MemoryTransport(server, BOB), BOB, find_variant, True) is None


def test_the_memory_room_refuses_what_a_homeserver_would():
    server, seats = table()
    with pytest.raises(OnlineError):
        seats[1].transport.put_state(seats[0].room, ANCHOR, ANN, {"version": 1, "anchor": "0" * 64})
    with pytest.raises(OnlineError):
        seats[1].transport.put_state(seats[0].room, SETUP, "", {"version": 1})
    seats[0].transport.send(seats[0].room, "m.room.message", {"body": "hi"}, "same")
    seats[0].transport.send(seats[0].room, "m.room.message", {"body": "hi"}, "same")  # a retry: sent once
    assert sum(e.content.get("body") == "hi" for e in server.rooms[seats[0].room].timeline) == 1


def test_the_derivation_matches_the_test_vector_in_the_docs():
    import hashlib
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "online.md").read_text()
    links = [hashlib.sha256(name).digest() for name in (b"ann", b"bob")]
    assert all(link.hex() in text for link in links)
    said = re.search(r"`(\d( \d){4})` at throw 0 and `(\d( \d){4})` at throw 1", text)
    for step, group in ((0, 1), (1, 3)):
        assert dice.faces("example", step, links, [6] * 5) == tuple(map(int, said.group(group).split()))
