"""Jackpot Yahtzee property tests: random legal play and the computer players to the end.

Hypothesis draws the seats (2-4), a seed for the dice and the choices, and
who fills each seat (random legal actions, or the greedy or heuristic
computer player). For each game played to the end we check, after every
action:

- the supply never goes negative or above its start, and supply + racks +
  Chance Spaces hold exactly 112 tiles (counted here, and by ``tiles_in_play``);
- racks hold only windows of the staircase, stacked without gaps (tiles fall);
- each roll grants what docs/rules.md section 2 says (class from the symbols,
  Chance Option only on three/four alike with a tile in the Chance Space,
  the symbols allowed, falling back to any symbol still in supply);
- turns pass to the left, skipping full racks; each round is scored only
  when every rack holds 15 tiles, by the reference scorer of
  ``jackpot_helpers`` with the High Round Bonus to every leader; the next
  round starts with a full supply, one seat to the left of the last starter;
- the game ends after exactly three rounds; totals and winners add up;
- JSON round trips, ``replay`` and ``Session.from_json`` reproduce the state;
- any action of a pool of every kind that is not in ``legal_actions()``
  raises IllegalAction and leaves ``to_json()`` as it was.
"""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter

import pytest
from helpers import check_resume_continues, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jackpot_helpers import (
    CELLS,
    HIGH_ROUND_BONUS,
    SUPPLY,
    SYMBOLS,
    TOTAL_TILES,
    WHITE,
    YELLOW,
    jackpot,
    ref_bonus,
    ref_lines,
    ref_subtotal,
    snapshot,
    tiles_counted,
)

from game.bots.levels import make_player
from game.engine.actions import ChanceOption, Copy, Dice, Hold, Place, Release, Roll, Score
from game.engine.families import state_from_json
from game.engine.session import Session, replay
from game.engine.state import CHANCE, TERMINAL, Seat
from game.errors import IllegalAction
from game.rules.variants import find_variant

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
V = find_variant("jackpot")
LEVELS = ("random", "greedy", "heuristic")

POOL = (
    [Roll(), Hold(0), Release(1), Score("chance"), Copy((1, 2)), Dice(()), Dice((1,)), Dice((2,)), Dice((4,)),
     Dice((5,)), Dice((0,)), Dice((1, 1, 1, 1)), Dice((6, 6, 6, 6)), Dice((7, 1, 1, 1)), Dice((1, 1, 1))]
    + [Place(s, t) for s in SYMBOLS + ("lemon",) for t in (-1, 0, 1, 2, 3, 4, 5, "chance", "rack")]
    + [ChanceOption(c, col) for c in ("keep", "return", "drop", "swap") for col in (None, -1, 0, 2, 4, 5)]
)


def probe(state, legal, rng: random.Random, k: int = 12) -> None:
    """Listed actions are legal; pool actions not listed are refused and change nothing."""
    listed = set(legal)
    for action in legal:
        assert state.is_legal(action), action
    before = snapshot(state)
    for action in rng.sample(POOL, k):
        if action in listed:
            assert state.is_legal(action)
            continue
        assert not state.is_legal(action), action
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before, action


def roll_class_by_hand(dice) -> str:
    shape = sorted(Counter(dice).values())
    return {(4,): "four_alike", (1, 3): "three_alike", (2, 2): "two_pairs", (1, 1, 2): "one_pair",
            (1, 1, 1, 1): "four_different"}[tuple(shape)]


def allowed_by_hand(roll_class: str, dice, supply) -> set[str]:
    counts = Counter(dice)
    if roll_class in ("four_different", "four_alike"):
        wanted = set(SYMBOLS)
    elif roll_class == "three_alike":
        wanted = {s for s in SYMBOLS if counts[s] == 3}
    else:
        wanted = {s for s in SYMBOLS if counts[s] == 2}
    have = {s for s in wanted if supply[s] > 0}
    return have or {s for s in SYMBOLS if supply[s] > 0}


def check_invariants(state) -> None:
    assert all(0 <= state.supply[s] <= SUPPLY[s] for s in SYMBOLS), state.supply
    assert tiles_counted(state) == TOTAL_TILES == state.tiles_in_play()
    for tiles in state.racks:
        assert set(tiles) <= CELLS and set(tiles.values()) <= set(SYMBOLS)
        assert all((c, r - 1) in tiles for c, r in tiles if r > 0), "tiles fall to the lowest open window"
    assert all(c is None or c in SYMBOLS for c in state.chance)


def next_seat_left(state_before_racks, seat: int, n: int) -> int:
    for step in range(1, n + 1):
        s = (seat + step) % n
        if len(state_before_racks[s]) < 15:
            return s
    raise AssertionError("every rack is full")


def check_round_scores(scores, racks, round_index: int) -> None:
    assert [len(r) for r in racks] == [15] * len(racks)
    assert all(set(r) == CELLS for r in racks)
    subtotals = [ref_subtotal(r) for r in racks]
    best = max(subtotals)
    for seat, (score, tiles) in enumerate(zip(scores, racks)):
        assert sorted(score.lines) == sorted(ref_lines(tiles)), seat
        assert sum(p for *_, p in score.bonus) == ref_bonus(tiles)
        assert score.subtotal == subtotals[seat]
        assert score.high_bonus == (HIGH_ROUND_BONUS[round_index] if subtotals[seat] == best else 0)
        assert score.total == score.subtotal + score.high_bonus


def play_and_check(players: int, seed: int, kinds: list[str], probe_every: int = 6) -> Session:
    rng = random.Random(seed)
    session = Session(V, [Seat(f"P{i + 1}") for i in range(players)], seed=seed)
    computer = {seat: make_player(kind, random.Random(seed + seat), family="jackpot")
                for seat, kind in enumerate(kinds) if kind != "random"}
    # the lot has been drawn already: the first chance step picks the starter
    assert isinstance(session.log[0], Dice) and len(session.log[0].faces) == 1
    starter = session.log[0].faces[0] - 1
    state = session.state
    assert state.phase == "play" and state.current_player() == starter == state.round_starter
    round_starters = [starter]
    steps = 0
    while not state.is_terminal():
        assert state.current_player() not in (CHANCE, TERMINAL)  # the session settles every chance step
        seat = state.current_player()
        if state.stage == "roll":
            assert len(state.racks[seat]) < 15, "a full rack never has a turn"
        legal = state.legal_actions()
        assert legal
        if steps % probe_every == 0:
            probe(state, legal, rng)
        action = computer[seat].choose(state) if seat in computer else rng.choice(legal)
        assert action in legal and state.is_legal(action), (kinds[seat], action)
        rounds_before = len(state.scores)
        session.act(action)
        check_invariants(state)

        if isinstance(action, Roll):
            drawn = session.log[-1].faces  # the chance step the session drew: the faces of the YAML's lists
            assert state.dice == (WHITE[drawn[0] - 1], WHITE[drawn[1] - 1], YELLOW[drawn[2] - 1],
                                  YELLOW[drawn[3] - 1])
            roll_class = roll_class_by_hand(state.dice)
            assert state.roll_class() == roll_class
            assert state.to_place == (2 if roll_class == "four_alike" else 1)
            chance_option = roll_class in ("three_alike", "four_alike") and state.chance[seat] is not None
            assert state.stage == ("chance_option" if chance_option else "place")
            if state.stage == "place":
                assert {a.symbol for a in state.legal_actions()} == allowed_by_hand(roll_class, state.dice,
                                                                                     state.supply)
        elif isinstance(action, Place):
            assert action.symbol in SYMBOLS

        if len(state.scores) > rounds_before:  # this action ended a round
            finished = len(state.scores) - 1
            check_round_scores(state.scores[finished], state.last_racks, finished)
            if not state.is_terminal():
                assert state.supply == SUPPLY and state.racks == [{}] * players
                assert state.chance == [None] * players
                round_starters.append((round_starters[-1] + 1) % players)
                assert state.current_player() == round_starters[-1] == state.round_starter
                assert state.round == finished + 1
        elif state.stage == "roll" and state.current_player() != seat:
            # the turn ended: to the left, skipping full racks (the racks as they are now)
            assert state.current_player() == next_seat_left(state.racks, seat, players)
        elif state.stage == "roll":
            assert next_seat_left(state.racks, seat, players) == seat  # everyone else is full
        steps += 1
        if steps % 50 == 0:
            assert state_from_json(json.loads(snapshot(state)), V) == state
    assert len(state.scores) == 3 and state.phase == "over" and state.round == 2
    assert len(round_starters) == 3
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    assert state.totals() == [sum(r[s].total for r in state.scores) for s in range(players)]
    best = max(state.totals())
    assert state.winners() == [s for s in range(players) if state.totals()[s] == best]
    return session


@settings(max_examples=examples(40), **SETTINGS)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_random_legal_play_follows_the_rules_to_the_end(players, seed, data):
    kinds = data.draw(st.lists(st.sampled_from(LEVELS), min_size=players, max_size=players))
    session = play_and_check(players, seed, kinds)
    state = session.state
    # Saving, loading and replaying reproduce the game.
    assert state_from_json(json.loads(snapshot(state)), V) == state
    assert replay(session.start, session.log) == state
    restored = Session.from_json(json.loads(json.dumps(session.to_json())), V)
    assert restored.state == state and restored.log == session.log
    rng = random.Random(seed)
    for _ in range(3):
        probe(state, [], rng)


@settings(max_examples=examples(30), **SETTINGS)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 400))
def test_a_game_saved_midway_resumes_identically(players, seed, cut):
    """Stop after ``cut`` actions, save and load, play on with the same choices: the same game."""
    seats_ = [Seat(f"P{i + 1}") for i in range(players)]

    def play(session, rng, limit):
        done = 0
        while not session.state.is_terminal() and done < limit:
            session.act(rng.choice(session.state.legal_actions()))
            done += 1

    check_resume_continues(Session(V, seats_, seed=seed), V, seed, cut, play)


@settings(max_examples=examples(60), **SETTINGS)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 120))
def test_chance_steps_accept_exactly_the_faces_of_the_dice(seed, steps):
    """Mid-game, after a Roll: exactly four faces 1-6 are legal; anything else is refused unchanged."""
    rng = random.Random(seed)
    session = Session(V, [Seat("A"), Seat("B"), Seat("C")], seed=seed)
    for _ in range(steps):
        if session.state.is_terminal():
            return
        session.act(rng.choice(session.state.legal_actions()))
    state = session.state.clone()
    if state.stage != "roll":
        return
    state.apply(Roll())
    assert state.current_player() == CHANCE and state.chance_faces() == [6, 6, 6, 6]
    before = snapshot(state)
    for faces in [(rng.randint(1, 6),) * 4, tuple(rng.randint(1, 6) for _ in range(4)), (0, 1, 1, 1),
                  (1, 7, 1, 1), (1, 1, 1), (1, 1, 1, 1, 1), (rng.randint(1, 6),)]:
        ok = len(faces) == 4 and all(1 <= f <= 6 for f in faces)
        assert state.is_legal(Dice(faces)) == ok
        if not ok:
            with pytest.raises(IllegalAction):
                state.apply(Dice(faces))
            assert snapshot(state) == before
    for action in (Roll(), Place("cherry", 0), ChanceOption("keep")):
        assert not state.is_legal(action)


@settings(max_examples=examples(300), **SETTINGS)
@given(faces=st.tuples(*[st.integers(1, 6)] * 4),
       supply=st.fixed_dictionaries({s: st.integers(0, 2) for s in SYMBOLS}),
       chance=st.sampled_from((None,) + SYMBOLS))
def test_any_roll_with_any_supply_grants_what_the_rules_say(faces, supply, chance):
    """Rule 3 and rule 8 on every roll, with symbols run out (all four out cannot happen: 112 > 64 tiles)."""
    if not any(supply.values()):
        supply["cherry"] = 1
    state = jackpot(2)
    state.supply = dict(supply)
    state.chance[0] = chance
    state.apply(Roll())
    state.apply(Dice(faces))
    dice = (WHITE[faces[0] - 1], WHITE[faces[1] - 1], YELLOW[faces[2] - 1], YELLOW[faces[3] - 1])
    assert state.dice == dice
    roll_class = roll_class_by_hand(dice)
    assert state.roll_class() == roll_class
    if roll_class in ("three_alike", "four_alike") and chance is not None:
        assert state.stage == "chance_option"
        assert set(state.legal_actions()) == {ChanceOption("keep"), ChanceOption("return")} | {
            ChanceOption("drop", c) for c in range(5)}
        state.apply(ChanceOption("keep"))
    assert state.stage == "place"
    want = allowed_by_hand(roll_class, dice, supply)
    spaces = {0, 1, 2, 3, 4} | ({"chance"} if chance is None else set())
    assert set(state.legal_actions()) == {Place(s, t) for s in want for t in spaces}


# ------------------------------------------------------------ computer players --

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_each_computer_level_plays_only_legal_actions_over_whole_games(level, players, seed):
    play_and_check(players, seed, [level] * players, probe_every=25)


def head_to_head(a: str, b: str, games: int = 40) -> tuple[list[int], list[int]]:
    """2-seat games, seeds 0..games-1, the levels swapping seats every game; (a's totals, b's totals)."""
    a_totals, b_totals = [], []
    for seed in range(games):
        levels = (a, b) if seed % 2 == 0 else (b, a)
        session = Session(V, [Seat("P1"), Seat("P2")], seed=1000 + seed)
        players = [make_player(level, random.Random(seed * 10 + i), family="jackpot")
                   for i, level in enumerate(levels)]
        while not session.state.is_terminal():
            state = session.state
            action = players[state.current_player()].choose(state)
            assert action in state.legal_actions()
            session.act(action)
        totals = session.state.totals()
        a_totals.append(totals[levels.index(a)])
        b_totals.append(totals[levels.index(b)])
    return a_totals, b_totals


def test_heuristic_beats_greedy_on_average():
    heuristic, greedy = head_to_head("heuristic", "greedy")
    assert statistics.mean(heuristic) > statistics.mean(greedy) + 150, (statistics.mean(heuristic),
                                                                        statistics.mean(greedy))
    assert sum(h > g for h, g in zip(heuristic, greedy)) >= 24


def test_greedy_beats_random_on_average():
    greedy, random_ = head_to_head("greedy", "random")
    assert statistics.mean(greedy) > statistics.mean(random_) + 200, (statistics.mean(greedy),
                                                                      statistics.mean(random_))
    assert sum(g > r for g, r in zip(greedy, random_)) >= 28
