"""The engine's turn structure, legality, matches, roll-off, JSON and replay."""

import json
import random

import pytest
from helpers import fresh, hold, roll, seats, turn

from game.bots.levels import make_player
from game.engine.actions import Dice, Hold, Release, Roll, Score, action_from_json
from game.engine.families import new_state, state_from_json
from game.engine.session import Session, replay
from game.engine.state import TERMINAL, Seat
from game.errors import IllegalAction, SaveError
from game.rules.variants import find_variant


def test_a_turn_is_up_to_three_rolls_with_holds_that_may_be_released():
    state = fresh("classic")
    assert state.legal_actions() == [Roll()]
    roll(state, 1, 2, 3, 4, 5)
    hold(state, 0, 1)
    state.apply(Release(0))
    state.apply(Roll())
    assert state.pending == (0, 2, 3, 4)  # die 0 was released, die 1 stays
    state.apply(Dice((6, 6, 6, 6)))
    assert state.dice == (6, 2, 6, 6, 6)
    roll(state, 6, 6, 6, 6)
    assert state.rolls_left() == 0
    assert Roll() not in state.legal_actions()
    assert not any(isinstance(a, (Hold, Release)) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="no rolls left"):
        state.apply(Roll())


def test_may_stop_after_the_first_roll():
    state = fresh("classic")
    roll(state, 2, 2, 2, 5, 5)
    state.apply(Score("full_house"))
    assert state.card().boxes["full_house"] == 25


def test_illegal_actions_raise_and_leave_the_state_untouched():
    state = fresh("classic", 2)
    roll(state, 1, 1, 1, 1, 1)
    state.apply(Score("yahtzee"))
    roll(state, 3, 4, 5, 6, 1)
    before = json.dumps(state.to_json())
    for action in [Score("yahtzee"), Score("nonsense"), Hold(7), Release(2), Dice((1,)), Roll(), Score("aces")]:
        if action in state.legal_actions():
            continue
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert json.dumps(state.to_json()) == before
    state.apply(Score("aces"))  # seat 2 may still use their own aces


def test_every_box_once_and_game_ends_after_all_boxes():
    state = fresh("classic")
    for box in state.variant.box_ids:
        turn(state, (1, 2, 3, 4, 6), box)
        with pytest.raises(IllegalAction):
            if not state.is_terminal():
                roll(state, 1, 2, 3, 4, 6)
                state.apply(Score(box))
        if not state.is_terminal():
            state.apply(Score(next(b for b, s in state.card().boxes.items() if s is None)))
            break
    assert state.card().filled() == 2


def test_holding_every_die_blocks_the_roll():
    state = fresh("classic")
    roll(state, 1, 2, 3, 4, 5)
    hold(state, 0, 1, 2, 3, 4)
    assert Roll() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="every die is held"):
        state.apply(Roll())


def test_turns_pass_to_the_left_and_the_game_ends_when_every_box_is_filled():
    state = fresh("classic", 3)
    order = []
    for _ in range(13 * 3):
        order.append(state.seat)
        roll(state, 1, 2, 3, 4, 6)
        state.apply(Score(next(b for b, s in state.card().boxes.items() if s is None)))
    assert order[:6] == [0, 1, 2, 0, 1, 2]
    assert state.is_terminal() and state.current_player() == TERMINAL


def test_rolloff_highest_total_starts_and_ties_throw_again():
    state = new_state(find_variant("classic"), seats(3), rolloff=True)
    assert state.phase == "rolloff"
    for faces in [(6, 6, 6, 1, 1), (1, 1, 1, 1, 1), (5, 5, 5, 3, 2)]:  # 20, 5, 20: seats 0 and 2 tie
        state.apply(Roll())
        state.apply(Dice(faces))
    assert state.phase == "rolloff" and state.contenders == [0, 2] and state.seat == 0
    state.apply(Roll())
    state.apply(Dice((1, 2, 3, 4, 5)))
    state.apply(Roll())
    state.apply(Dice((6, 6, 6, 6, 6)))
    assert state.phase == "play" and state.starter == 2 and state.seat == 2
    assert state.rolloff_rounds == [{0: 20, 1: 5, 2: 20}, {0: 15, 2: 30}]
    assert state.dice is None and state.rolls_used == 0


def test_a_solo_game_has_no_rolloff():
    state = new_state(find_variant("classic"), seats(1), rolloff=True)
    assert state.phase == "play"


def test_a_match_of_games_keeps_every_column_and_is_won_on_the_sum():
    variant = find_variant("dutch")
    state = new_state(variant, seats(2), games=2, rolloff=False)
    for game in range(2):
        assert state.game == game
        assert state.seat == game % 2  # the next game starts one seat to the left
        for _ in range(13 * 2):
            faces = (6, 6, 6, 5, 5) if state.seat == 1 and game == 0 else (1, 2, 3, 4, 6)
            roll(state, *faces)
            state.apply(Score(next(b for b, s in state.card().boxes.items() if s is None)))
    assert state.is_terminal()
    totals = [state.game_totals(g) for g in range(2)]
    assert state.match_totals() == [totals[0][s] + totals[1][s] for s in range(2)]
    assert state.winners() == [1]
    # The results after the first game: its row, and the match so far (the second game not in it yet).
    first = totals[0]
    assert state.result_rows(0) == [("gameover.game_row", {"game": 1}, first), ("gameover.match_row", {}, first)]
    assert state.result_rows(1)[-1] == ("gameover.match_row", {}, state.match_totals())
    assert state.result_row_count() == 3


def test_ties_share_the_win():
    state = fresh("classic", 2)
    for _ in range(26):
        roll(state, 1, 2, 3, 4, 6)
        state.apply(Score(next(b for b, s in state.card().boxes.items() if s is None)))
    assert state.winners() == [0, 1]


@pytest.mark.parametrize("variant_id", ["classic", "official", "dutch", "fivezee", "challenge", "yatzy"])
def test_json_round_trip_and_replay_at_every_step(variant_id):
    variant = find_variant(variant_id)
    session = Session(variant, [Seat("A", "computer", "greedy"), Seat("B", "computer", "random")], seed=7)
    players = [make_player("greedy", random.Random(1)), make_player("random", random.Random(2))]
    steps = 0
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
        data = json.loads(json.dumps(session.state.to_json()))
        assert state_from_json(data, variant) == session.state
        steps += 1
        if steps % 17 == 0:
            restored = Session.from_json(json.loads(json.dumps(session.to_json())), variant)
            assert restored.state == session.state
            assert restored.rng.getstate() == session.rng.getstate()
    assert replay(session.start, session.log) == session.state
    assert [action_from_json(a.to_json()) for a in session.log] == session.log


def test_same_seed_same_actions_same_game():
    variant = find_variant("classic")
    def run(seed):
        session = Session(variant, [Seat("A", "computer", "heuristic")], seed=seed)
        player = make_player("heuristic", random.Random(3))
        while not session.state.is_terminal():
            session.act(player.choose(session.state))
        return session.state.to_json(), [a.to_json() for a in session.log]
    assert run(11) == run(11)
    assert run(11) != run(12)


def test_a_resumed_session_draws_the_same_dice_as_one_never_stopped():
    variant = find_variant("classic")
    a = Session(variant, seats(2), seed=5)
    a.act(Roll())
    a.act(Roll())  # roll-off
    b = Session.from_json(json.loads(json.dumps(a.to_json())), variant)
    a.act(Roll())
    b.act(Roll())
    assert a.state.dice == b.state.dice and a.log == b.log


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format=99),
    lambda d: d["log"].append({"type": "score", "box": "nonsense"}),
    lambda d: d["log"].append({"type": "teleport"}),
    lambda d: d["state"]["cards"][0][0]["boxes"].update(aces=5),
    lambda d: d["start"].update(seats="nobody"),
    lambda d: d.pop("rng"),
])
def test_damaged_saves_raise_save_error(damage):
    variant = find_variant("classic")
    session = Session(variant, seats(2), seed=5)
    session.act(Roll())
    session.act(Roll())
    session.act(Roll())
    data = json.loads(json.dumps(session.to_json()))
    damage(data)
    with pytest.raises(SaveError):
        Session.from_json(data, variant)


def test_a_changed_variant_refuses_an_old_state():
    official = find_variant("official")
    data = fresh("classic").to_json()
    data["variant"] = "official"
    with pytest.raises(SaveError, match="rules of official have changed"):
        state_from_json(data, official)


def test_seat_counts_and_games_are_checked():
    with pytest.raises(IllegalAction, match="1 to 4 players"):
        new_state(find_variant("challenge"), seats(5))
    with pytest.raises(IllegalAction, match="1 to 6 games"):
        new_state(find_variant("classic"), seats(1), games=7)
