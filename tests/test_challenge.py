"""Challenge Yahtzee's common rolls, docs/rules.md section 3 (engine: game.engine.challenge.CommonRollState)."""

from __future__ import annotations

import json

import pytest
from rules_helpers import challenge_round_to_markers, common_roll, copy, seats

from game.engine.actions import Copy, Dice, Hold, Release, Roll, Score
from game.engine.challenge import CommonRollState
from game.engine.families import new_state, state_from_json
from game.engine.state import CHANCE, TERMINAL
from game.errors import IllegalAction
from game.rules.variants import find_variant


def challenge(players: int = 1, games: int = 1, rolloff: bool = False) -> CommonRollState:
    state = new_state(find_variant("challenge"), seats(players), games, rolloff)
    assert isinstance(state, CommonRollState)
    return state


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def score_everyone(state) -> list[int]:
    """Every seat scores its markers in its first open box; returns the seats in the order they scored."""
    order = []
    while state.stage == "score" and not state.is_terminal():
        seat = state.current_player()
        assert seat not in order, "a seat scores once a round"
        order.append(seat)
        state.apply(Score(next(b for b, s in state.card(seat).boxes.items() if s is None)))
    return order


def test_the_roller_passes_to_the_left_each_round():
    state = challenge(3)
    rollers = []
    for _ in range(7):
        assert state.stage == "roll" and state.step == 1
        rollers.append(state.current_player())
        assert state.legal_actions() == [Roll()]  # only the roller acts: a roll of the common dice
        challenge_round_to_markers(state, (1, 2, 3, 4, 6))
        score_everyone(state)
    assert rollers == [0, 1, 2, 0, 1, 2, 0]


def test_the_rolloff_winner_is_the_first_roller():
    state = challenge(3, rolloff=True)
    for faces in [(1, 1, 1, 1, 1), (6, 6, 6, 6, 5), (2, 2, 2, 2, 2)]:
        state.apply(Roll())
        state.apply(Dice(faces))
    assert state.phase == "play" and state.current_player() == 1
    common_roll(state, 1, 2, 3, 4, 5)
    assert state.current_player() == 1  # the roller copies first


def test_step_one_rolls_all_five_then_the_most_empty_markers_decide():
    state = challenge(3)
    state.apply(Roll())
    assert state.current_player() == CHANCE and state.chance_dice() == 5
    state.apply(Dice((2, 2, 5, 6, 6)))
    copy(state, 2, 2)  # seat 0: 3 empty
    copy(state, 2, 5, 6, 6)  # seat 1: 1 empty
    copy(state)  # seat 2 copies nothing: 5 empty
    assert state.step == 2 and state.current_player() == 0
    state.apply(Roll())
    assert state.chance_dice() == 5  # seat 2 still needs five
    state.apply(Dice((1, 3, 3, 4, 6)))
    copy(state, 3, 3, 6)  # seat 0: full
    copy(state)  # seat 1: still 1 empty
    copy(state, 1, 4)  # seat 2: 3 empty
    assert state.step == 3
    state.apply(Roll())
    assert state.chance_dice() == 3  # max(0, 1, 3)
    state.apply(Dice((5, 5, 2)))
    assert state.current_player() == 1  # seat 0 is full and is skipped
    with pytest.raises(IllegalAction):
        copy(state)  # step 3: must fill every empty marker
    copy(state, 5)
    copy(state, 2, 5, 5)
    assert state.stage == "score"
    # Markers stay for the round: each seat holds what it copied at every step.
    assert sorted(state.markers[0]) == [2, 2, 3, 3, 6]
    assert sorted(state.markers[1]) == [2, 5, 5, 6, 6]
    assert sorted(state.markers[2]) == [1, 2, 4, 5, 5]


def test_step_two_rolls_as_many_as_the_emptiest_player_needs():
    state = challenge(3)
    common_roll(state, 4, 4, 4, 1, 2)
    copy(state, 4, 4, 4)  # 2 empty
    copy(state, 1, 2, 4, 4)  # 1 empty
    copy(state, 4, 4)  # 3 empty
    state.apply(Roll())
    assert state.chance_dice() == 3


def test_players_copy_in_turn_order_from_the_roller_and_full_players_are_skipped():
    state = challenge(4)
    challenge_round_to_markers(state, (1, 2, 3, 4, 6))
    score_everyone(state)
    assert state.current_player() == 1  # round 2: seat 1 rolls
    common_roll(state, 6, 6, 6, 5, 5)
    picked = []
    for values in [(6, 6, 6, 5, 5), (), (6,), (5, 5, 6, 6, 6)]:
        picked.append(state.current_player())
        copy(state, *values)
    assert picked == [1, 2, 3, 0]
    state.apply(Roll())
    assert state.chance_dice() == 5  # seat 2 copied nothing
    state.apply(Dice((1, 1, 1, 1, 1)))
    picked = []
    for values in [(1,), (1, 1)]:
        picked.append(state.current_player())
        copy(state, *values)
    assert picked == [2, 3]  # seats 1 and 0 are full


def test_copying_nothing_is_allowed_at_steps_one_and_two_but_step_three_fills_all():
    state = challenge(1)
    for step, faces in [(1, (1, 2, 3, 4, 5)), (2, (6, 6, 6, 6, 6))]:
        assert state.step == step
        common_roll(state, *faces)
        assert Copy(()) in state.legal_actions()
        copy(state)
        assert state.markers[0] == []
    assert state.step == 3
    common_roll(state, 3, 3, 4, 4, 5)
    assert {a for a in state.legal_actions()} == {Copy((3, 3, 4, 4, 5))}
    before = snapshot(state)
    for short in [(), (3, 3), (3, 3, 4, 4)]:
        with pytest.raises(IllegalAction):
            copy(state, *short)
        assert snapshot(state) == before
    copy(state, 3, 3, 4, 4, 5)
    assert state.stage == "score"


def test_when_everyone_is_full_after_step_one_there_is_no_step_two():
    state = challenge(2)
    common_roll(state, 2, 3, 4, 5, 6)
    copy(state, 2, 3, 4, 5, 6)
    copy(state, 2, 3, 4, 5, 6)
    assert state.stage == "score" and state.step == 1
    assert Roll() not in state.legal_actions()
    assert {a.box for a in state.legal_actions()} == set(state.variant.box_ids)
    assert state.card(0).boxes["large_straight"] is None
    state.apply(Score("large_straight"))
    assert state.card(0).boxes["large_straight"] == 40


def test_everybody_scores_every_round_in_order_from_the_roller():
    state = challenge(3)
    for round_ in range(3):
        challenge_round_to_markers(state, (3, 3, 3, 5, 5))
        order = score_everyone(state)
        assert order == [(round_ + k) % 3 for k in range(3)]
        assert [state.card(s).filled() for s in range(3)] == [round_ + 1] * 3
    # Different markers from the same common rolls: each seat scores its own five markers.
    common_roll(state, 6, 6, 1, 2, 3)
    copy(state, 6, 6)  # seat 0
    copy(state, 1, 2, 3)  # seat 1
    copy(state, 1, 2, 3, 6, 6)  # seat 2: full
    common_roll(state, 6, 6, 6)
    copy(state, 6, 6, 6)
    copy(state, 6, 6)  # seat 1: 1 2 3 6 6
    assert state.stage == "score"
    state.apply(Score("sixes"))  # seat 0: 6 6 6 6 6
    state.apply(Score("chance"))  # seat 1: 1 2 3 6 6
    state.apply(Score("small_straight"))  # seat 2: 1 2 3 6 6 - no four in sequence
    assert state.card(0).boxes["sixes"] == 30
    assert state.card(1).boxes["chance"] == 18
    assert state.card(2).boxes["small_straight"] == 0


def test_legal_copies_are_exactly_the_sub_multisets_of_the_roll():
    state = challenge(1)
    common_roll(state, 6, 2, 5, 6, 2)
    # 0-2 twos x 0-1 five x 0-2 sixes = 18 multisets, written out by hand.
    expected = {(), (2,), (5,), (6,), (2, 2), (2, 5), (2, 6), (5, 6), (6, 6), (2, 2, 5), (2, 2, 6), (2, 5, 6),
                (2, 6, 6), (5, 6, 6), (2, 2, 5, 6), (2, 2, 6, 6), (2, 5, 6, 6), (2, 2, 5, 6, 6)}
    actions = state.legal_actions()
    assert len(actions) == len(set(actions)) == 18
    assert {a.values for a in actions} == expected
    for action in actions:
        assert state.is_legal(action)
    copy(state, 2, 5)  # 3 markers empty
    common_roll(state, 6, 1, 6)  # step 2 rolls 3 dice
    assert {a.values for a in state.legal_actions()} == {(), (1,), (6,), (1, 6), (6, 6), (1, 6, 6)}
    copy(state, 6)  # 2 empty
    common_roll(state, 4, 1)
    assert state.legal_actions() == [Copy((1, 4))]  # step 3: exactly the empty markers


def test_step_three_copies_are_the_sub_multisets_of_exactly_the_empty_size():
    state = challenge(2)
    common_roll(state, 1, 2, 3, 4, 5)
    copy(state, 1, 2)  # seat 0: 3 empty
    copy(state, 1, 2, 3, 4)  # seat 1: 1 empty
    common_roll(state, 6, 6, 6)
    copy(state)
    copy(state)
    common_roll(state, 1, 4, 1)
    assert {a.values for a in state.legal_actions()} == {(1, 1, 4)}
    copy(state, 1, 1, 4)
    assert {a.values for a in state.legal_actions()} == {(1,), (4,)}
    copy(state, 4)
    assert state.stage == "score"


def test_illegal_actions_are_refused_and_leave_the_state_untouched():
    state = challenge(2)
    before = snapshot(state)
    for action in [Copy((1,)), Score("chance"), Hold(0), Release(0), Dice((1, 2, 3, 4, 5))]:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before
    common_roll(state, 2, 2, 3, 5, 6)
    before = snapshot(state)
    for action in [Copy((4,)), Copy((2, 2, 2)), Copy((3, 3)), Copy((1, 2, 2, 3, 5, 6)), Copy((7,)),
                   Copy((0,)), Roll(), Score("chance"), Hold(0), Dice((1,))]:
        assert not state.is_legal(action)
        assert action not in state.legal_actions()
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before
    copy(state, 2, 2, 3, 5, 6)
    copy(state, 2, 2, 3, 5, 6)
    before = snapshot(state)
    for action in [Copy(()), Roll(), Score("nonsense")]:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before
    state.apply(Score("chance"))
    with pytest.raises(IllegalAction):  # seat 1 scores now; seat 0 cannot score twice
        state.apply(Score("nonsense"))
    state.apply(Score("chance"))  # each seat has its own card
    assert state.card(0).boxes["chance"] == state.card(1).boxes["chance"] == 18


def test_thirteen_rounds_a_game_and_the_match_goes_on():
    state = challenge(2, games=2)
    rounds = [0, 0]
    while not state.is_terminal():
        game = state.game
        challenge_round_to_markers(state, (1, 2, 3, 4, 6))
        assert len(score_everyone(state)) == 2
        rounds[game] += 1
    assert rounds == [13, 13]
    assert state.current_player() == TERMINAL
    assert all(card.is_full() for game in state.cards for card in game)


def test_solitaire_is_a_whole_game_with_one_roller():
    state = challenge(1)
    for _ in range(13):
        assert state.current_player() == 0 and state.stage == "roll"
        common_roll(state, 5, 5, 5, 2, 2)
        copy(state, 5, 5, 5)
        common_roll(state, 2, 2)
        copy(state, 2, 2)
        assert state.stage == "score"
        state.apply(Score(next(b for b, s in state.card(0).boxes.items() if s is None)))
    assert state.is_terminal()
    # 5 5 5 2 2 in every box: fives 15, twos 4, 3K 19, FH 25, chance 19, the rest 0.
    assert state.card(0, 0).total(state.variant) == 4 + 15 + 19 + 25 + 19


@pytest.mark.parametrize("players", [0, 5])
def test_one_to_four_players(players):
    with pytest.raises(IllegalAction):
        challenge(players)
    for n in range(1, 5):
        assert challenge(n).n == n


def test_a_saved_round_keeps_its_markers_roller_and_step():
    state = challenge(3)
    challenge_round_to_markers(state, (1, 2, 3, 4, 6))
    score_everyone(state)
    common_roll(state, 3, 3, 4, 4, 5)
    copy(state, 3, 3)
    restored = state_from_json(json.loads(snapshot(state)), state.variant)
    assert restored == state
    assert (restored.roller, restored.step, restored.stage) == (1, 1, "pick")
    assert restored.markers == [[], [3, 3], []] and restored.current_player() == 2
    copy(restored, 4, 4)
    copy(state, 4, 4)
    assert restored == state


def test_undo_at_a_new_round_after_a_short_last_roll_puts_the_common_dice_back():
    """The last step of a round may roll fewer dice; an undo after both scorings used to crash the table."""
    import random

    from scene_driver import Driver

    from game.engine.actions import Score
    from game.engine.session import Session
    from scenes.registry import table_for

    driver = Driver(animation="instant")
    rng = random.Random(4)
    for seed in range(40):
        session = Session(find_variant("challenge"), seats(2), seed=seed, rolloff=False)
        table = table_for(driver.app, session)
        driver.app.stack.clear(table)
        short = False
        while not session.state.is_terminal():
            state = session.state
            if state.stage == "roll" and state.common:
                short = short or len(state.common) < state.variant.dice
            before = len(session.log)
            action = rng.choice(state.legal_actions())
            table.act(action)
            driver.step(0.05)
            if isinstance(action, Score) and state.stage == "roll" and short and table.undo_allowed():
                table.undo()  # used to raise IndexError in the tray
                driver.step(0.1)
                assert table.tray.count == len(session.state.common or ()) or not session.state.common
                driver.close()
                return
            assert len(session.log) > before
    driver.close()
    raise AssertionError("no round ended on a short roll with an undo to take")
