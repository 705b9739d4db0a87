"""Property tests: random legal play of every shipped scorecard variant.

Hypothesis draws the variant, the seats, the games (1-3), a seed for the
dice and the players' choices, and how eagerly the players score. For each
match played to the end we check:

- every seat scores exactly (boxes x games) times, and the match then ends;
- each scoring gives what the reference reading of docs/rules.md gives
  (``rules_helpers.ref_options``), bonus and joker flag included;
- each card's total is its boxes + the upper bonus (thresholds by hand) +
  its five-alike bonus, and that bonus is 100 per bonus-earning roll;
- JSON round trips, ``replay`` and ``Session.from_json`` reproduce the state;
- any action from a pool of every kind of action object that is not in
  ``legal_actions()`` raises IllegalAction and leaves ``to_json()`` as it
  was (chance steps are probed with ``is_legal`` on a clone, since their
  legal set is every face of every rolling die).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from helpers import check_resume_continues, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_helpers import FIVE_BONUS, FIVE_BOX, SCORECARD, UPPER_BONUS, all_ids, ref_options, upper_ids

from game.engine.actions import Copy, Dice, Hold, Release, Roll, Score
from game.engine.families import state_from_json
from game.engine.session import Session, replay
from game.engine.state import CHANCE, TERMINAL, Seat
from game.errors import IllegalAction
from game.rules.hands import all_hands
from game.rules.scoring import box_options
from game.rules.variants import find_variant

# The conftest's autouse fixture only points user folders at a temporary place: safe to share.
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

ALL_BOXES = sorted({b for vid in SCORECARD for b in all_ids(vid)} | {"nonsense", ""})
SORTED_COPIES = [c for size in range(0, 6) for c in itertools.combinations_with_replacement(range(1, 7), size)]
# Every kind of action object, valid or not, grouped so that each kind is probed evenly.
POOL = {
    "turn": [Roll()] + [Hold(d) for d in range(-1, 6)] + [Release(d) for d in range(-1, 6)],
    "score": [Score(b) for b in ALL_BOXES],
    "copy": [Copy(c) for c in SORTED_COPIES] + [Copy((0,)), Copy((7,)), Copy((1,) * 6), Copy((6,) * 6)],
    "dice": [Dice(()), Dice((1,)), Dice((6, 6, 6)), Dice((1, 2, 3, 4, 5)), Dice((6,) * 6), Dice((0, 1, 1, 1, 1)),
             Dice((7, 1, 1, 1, 1)), Dice((3, 3)), Dice((2, 4, 6, 1))],
}


def pool_sample(rng: random.Random) -> list:
    return (rng.sample(POOL["turn"], 5) + rng.sample(POOL["score"], 5) + rng.sample(POOL["copy"], 5)
            + rng.sample(POOL["dice"], 2))


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def probe(state, legal, rng: random.Random) -> None:
    """Pool actions outside the legal list are refused and change nothing; listed ones are legal."""
    for action in legal:
        assert state.is_legal(action), action
    before = snapshot(state)
    listed = set(legal)
    for action in pool_sample(rng):
        if action in listed:
            continue
        assert not state.is_legal(action), action
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action!r} is not in legal_actions() but was applied")
        assert snapshot(state) == before, action
    # Copy values are a multiset: an unsorted copy is legal exactly when its sorted form is listed.
    if legal and isinstance(legal[-1], Copy) and len(legal[-1].values) > 1:
        values = legal[-1].values
        assert state.is_legal(Copy(tuple(reversed(values)))) == (Copy(tuple(sorted(values))) in listed)


def probe_chance(state, rng: random.Random) -> None:
    """At a chance step exactly the faces 1-6 for each rolling die are legal; nothing else is."""
    rolling = state.chance_dice()
    assert rolling >= 1
    before = snapshot(state)
    for action in pool_sample(rng) + [Dice(tuple(rng.randint(1, 6) for _ in range(rolling)))]:
        ok = isinstance(action, Dice) and len(action.faces) == rolling and all(1 <= f <= 6 for f in action.faces)
        assert state.is_legal(action) == ok, action
        if not ok:
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action!r} was applied at a chance step")
            assert snapshot(state) == before


def choose(rng: random.Random, legal, eagerness: float):
    scores = [a for a in legal if isinstance(a, Score)]
    if scores and rng.random() < eagerness:
        return rng.choice(scores)
    return rng.choice(legal)


def scoring_dice(state, seat: int) -> tuple[int, ...]:
    if state.variant.turns == "common":
        return tuple(state.markers[seat])
    return state.dice


@st.composite
def matches(draw, vid: str):
    """Seats (up to 4 for Challenge, 3 otherwise), games (1-3), a seed, how eagerly players score."""
    max_players = 4 if vid == "challenge" else 3
    return (draw(st.integers(1, max_players)), draw(st.integers(1, 3)), draw(st.integers(0, 2**31 - 1)),
            draw(st.floats(0.3, 0.95)))


@pytest.mark.parametrize("vid", SCORECARD)
@settings(max_examples=examples(20), **SETTINGS)
@given(data=st.data())
def test_random_legal_play_follows_the_rules_to_the_end(vid, data):
    players, games, seed, eagerness = data.draw(matches(vid))
    variant = find_variant(vid)
    boxes = all_ids(vid)
    rng = random.Random(seed)
    session = Session(variant, [Seat(f"P{i + 1}") for i in range(players)], games, seed=seed)
    scorings = [0] * players
    bonus_rolls = [[0] * players for _ in range(games)]
    steps = 0
    while not session.state.is_terminal():
        state = session.state
        assert state.current_player() not in (CHANCE, TERMINAL)  # the session settles every chance step
        legal = state.legal_actions()
        assert legal
        if steps % 5 == 0:
            probe(state, legal, rng)
        action = choose(rng, legal, eagerness)
        if isinstance(action, Roll) and steps % 7 == 0:
            trial = state.clone()
            trial.apply(action)
            assert trial.current_player() == CHANCE
            probe_chance(trial, rng)
        if isinstance(action, Score):
            seat, game = state.current_player(), state.game
            card = state.card(seat)
            before = dict(card.boxes)
            dice = scoring_dice(state, seat)
            assert len(dice) == 5
            want, joker, bonus = ref_options(vid, before, dice)
            assert {a.box for a in legal if isinstance(a, Score)} == set(want)
            options = box_options(variant, before, dice)
            assert (options.scores, options.joker, options.five_alike_bonus) == (want, joker, bonus)
            jokers_before = list(card.jokers)
            session.act(action)
            assert card.boxes[action.box] == want[action.box]
            assert {b for b in boxes if card.boxes[b] != before[b]} == {action.box}
            if joker and action.box not in upper_ids(vid):
                assert card.jokers == jokers_before + [action.box]
            else:
                assert card.jokers == jokers_before
            scorings[seat] += 1
            bonus_rolls[game][seat] += bonus > 0
        else:
            session.act(action)
        steps += 1
        if steps % 40 == 0:
            state = session.state
            assert state_from_json(json.loads(snapshot(state)), variant) == state

    state = session.state
    assert scorings == [len(boxes) * games] * players
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    threshold, points = UPPER_BONUS[vid]
    for game in range(games):
        for seat in range(players):
            card = state.card(seat, game)
            assert card.is_full()
            upper = sum(card.boxes[b] for b in upper_ids(vid))
            assert card.five_alike_bonus == FIVE_BONUS[vid] * bonus_rolls[game][seat]
            expected = sum(card.boxes.values()) + (points if upper >= threshold else 0) + card.five_alike_bonus
            assert card.total(variant) == expected
    assert state.match_totals() == [sum(state.card(s, g).total(variant) for g in range(games)) for s in range(players)]
    best = max(state.match_totals())
    assert state.winners() == [s for s in range(players) if state.match_totals()[s] == best]

    # Saving, loading and replaying reproduce the match.
    assert state_from_json(json.loads(snapshot(state)), variant) == state
    assert replay(session.start, session.log) == state
    restored = Session.from_json(json.loads(json.dumps(session.to_json())), variant)
    assert restored.state == state and restored.log == session.log
    for _ in range(3):
        probe(state, [], rng)


@pytest.mark.parametrize("vid", SCORECARD)
@settings(max_examples=examples(15), **SETTINGS)
@given(data=st.data())
def test_a_match_saved_midway_resumes_identically(vid, data):
    """Stop after ``cut`` actions, save and load, play on with the same choices: the same match."""
    players, games, seed, eagerness = data.draw(matches(vid))
    cut = data.draw(st.integers(1, 400))
    variant = find_variant(vid)
    seats_ = [Seat(f"P{i + 1}") for i in range(players)]

    def play(session, rng, limit):
        done = 0
        while not session.state.is_terminal() and done < limit:
            session.act(choose(rng, session.state.legal_actions(), eagerness))
            done += 1

    check_resume_continues(Session(variant, seats_, games, seed=seed), variant, seed, cut, play)


@st.composite
def cards(draw, vid: str):
    """A card with each box open or holding a value it could hold (five-alike box 0 or 50); one stays open."""
    boxes = all_ids(vid)
    card = {}
    for box in boxes:
        if draw(st.booleans()):
            card[box] = None
        elif box == FIVE_BOX[vid]:
            card[box] = draw(st.sampled_from([0, 50]))
        else:
            card[box] = draw(st.integers(0, 30))
    card[draw(st.sampled_from(boxes))] = None
    return card


@st.composite
def card_and_dice(draw):
    vid = draw(st.sampled_from(SCORECARD))
    card = draw(cards(vid))
    if draw(st.booleans()):
        dice = (draw(st.integers(1, 6)),) * 5  # five alike half the time: the joker cases
    else:
        dice = tuple(draw(st.lists(st.integers(1, 6), min_size=5, max_size=5)))
    return vid, card, dice


@settings(max_examples=examples(800), **SETTINGS)
@given(card_and_dice())
def test_box_options_agree_with_the_rules_on_any_card(case):
    vid, card, dice = case
    options = box_options(find_variant(vid), card, dice)
    assert (options.scores, options.joker, options.five_alike_bonus) == ref_options(vid, card, dice)
    assert set(options.scores) <= {b for b, s in card.items() if s is None}
    assert options.scores  # some open box always takes the roll


def test_how_many_hands_fit_each_box():
    """Across all 252 hands of the classic card, how many hands fit each box (counted by hand)."""
    variant = find_variant("classic")
    empty = {b: None for b in variant.box_ids}
    fits = {b: 0 for b in variant.box_ids}
    for hand in all_hands(5, 6):
        for box, points in box_options(variant, empty, hand).scores.items():
            fits[box] += points > 0
    # Five alike: 6 hands. Large straight: 12345 and 23456. Full house: 6 x 5 (three of one, two of another).
    # Four or more alike: 6 x 5 (four and one other) + 6 = 36.
    # Three or more: 6 x C(5,2) (three and two different) + 6 x 5 (three and a pair) + 36 = 126.
    # Four in sequence: 1234+any, 2345+any, 3456+any are 6 hands each; 12345 and 23456 are in two of
    # those sets, and no hand is in 1234 and 3456: 18 - 2 = 16.
    # Aces: the hands without a 1 are the C(9,5) = 126 multisets of five dice from five faces.
    assert fits["yahtzee"] == 6
    assert fits["small_straight"] == 16
    assert fits["large_straight"] == 2
    assert fits["full_house"] == 30
    assert fits["four_kind"] == 36
    assert fits["three_kind"] == 126
    assert fits["chance"] == 252
    assert fits["aces"] == 252 - 126  # hands with no 1: multisets of 5 from 5 faces = C(9,5) = 126
