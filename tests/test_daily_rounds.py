"""Several people at one screen play today's dice one after the other, each a whole game alone (issue 40): a
later person's game never begins while an earlier one is being played, and luck and skill come from the coach."""

from __future__ import annotations

import random
from datetime import date

import pytest

from game.bots.levels import make_player
from game.daily.dice import day_turns
from game.daily.play import luck_and_skill, play_day
from game.daily.rounds import DailyRound, NotYourTurn
from game.rules.variants import find_variant

DAY = date(2026, 11, 28)


def finish(session, level: str = "greedy") -> None:
    player = make_player(level, random.Random(3))
    while not session.state.is_terminal():
        session.act(player.choose(session.state))


def test_each_person_plays_alone_in_order_and_nobody_starts_before_the_one_before_has_finished():
    variant = find_variant("yatzy")
    round_ = DailyRound(DAY, variant, [("Ann", "orange"), ("Bob", "sky"), ("Kid", None)])
    assert round_.next_name == "Ann" and round_.look_away() == ["Bob", "Kid"]
    ann = round_.begin_next()
    assert [s.name for s in ann.seats] == ["Ann"] and ann.seats[0].colour == "orange"
    assert ann.dice.turns == tuple(map(tuple, day_turns(DAY, variant)))
    ann.act(make_player("greedy", random.Random(1)).choose(ann.state))  # Ann's game is under way
    with pytest.raises(NotYourTurn, match="Ann's game is still being played"):
        round_.begin_next()
    assert len(round_.sessions) == 1 and round_.playing is ann and not round_.everyone_played
    finish(ann)
    assert round_.playing is None and round_.next_name == "Bob" and round_.look_away() == ["Ann", "Kid"]
    bob = round_.begin_next()
    assert [s.name for s in bob.seats] == ["Bob"] and bob is not ann
    with pytest.raises(NotYourTurn):
        round_.begin_next()
    finish(bob, "heuristic")
    kid = round_.begin_next()
    assert not round_.everyone_played
    finish(kid)
    assert round_.everyone_played and round_.next_name is None
    with pytest.raises(NotYourTurn, match="everyone has played"):
        round_.begin_next()
    assert [s.seats[0].name for s in round_.sessions] == ["Ann", "Bob", "Kid"]
    # alone with the day's dice, each game is the one that level plays alone that day
    assert bob.state.match_totals()[0] == play_day(DAY, variant, "heuristic").state.match_totals()[0]


def test_luck_and_skill_are_the_coachs_and_add_up_to_the_score():
    variant = find_variant("yatzy")
    session = play_day(DAY, variant, "greedy")
    luck, skill = luck_and_skill(session)
    from game.coach.review import review_session

    review = review_session(session, 0)
    assert (luck, skill) == (review.luck, review.skill) and skill > 0
    assert review.start + luck - skill == pytest.approx(session.state.match_totals()[0], abs=1e-6)
    best = play_day(DAY, variant, "optimal")
    assert luck_and_skill(best)[1] == pytest.approx(0, abs=1e-6)  # the optimal player's choices cost nothing
