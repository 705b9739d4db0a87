"""``dice-parlor review --weaknesses`` (issue 38): which kinds of decision cost a player the most, over the games the
records hold and the last game, each costly choice counted once."""

from __future__ import annotations

import json
import random

import pytest

from game.bots.levels import make_player
from game.bots.solver import Option
from game.cli import main
from game.coach.weaknesses import Costly, weaknesses
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


def _kinds(chosen: Option, best: Option, turn: int = 1, rolls_left: int = 1) -> list[str]:
    return Costly(find_variant("classic"), chosen, best, turn, rolls_left, 3.0).kinds()


def test_each_decision_is_sorted_into_the_kinds_it_belongs_to():
    three_fives, pair = Option("keep", 200.0, keep=(5, 5, 5)), Option("keep", 199.0, keep=(5, 5))
    assert _kinds(Option("keep", 190.0, keep=(6, 6)), three_fives) == ["holds", "five_alike", "too_few", "early"]
    assert _kinds(Option("keep", 190.0, keep=(2, 3, 4)), pair, turn=7) == ["holds", "straights", "too_many",
                                                                            "middle"]
    sixes = Option("box", 210.0, box="sixes", points=18)
    assert _kinds(Option("box", 190.0, box="yahtzee", points=0), sixes, turn=13) == [
        "boxes", "lower_boxes", "zeros", "late"]
    assert _kinds(Option("box", 190.0, box="aces", points=2), three_fives) == ["boxes", "upper_boxes", "stopping",
                                                                                "early"]
    assert _kinds(pair, sixes, turn=10) == ["holds", "rolling_on", "five_alike", "late"]


def test_the_costliest_kind_comes_first_and_best_choices_do_not_count():
    variant = find_variant("classic")
    best = Option("keep", 200.0, keep=(5, 5, 5))
    costly = [Costly(variant, Option("keep", 190.0, keep=(6, 6)), best, 1, 1, 10.0),
              Costly(variant, Option("box", 198.0, box="chance", points=20), best, 12, 1, 2.0),
              Costly(variant, Option("keep", 199.99, keep=(5, 5)), best, 1, 1, 0.01)]
    found = {w.kind: (w.times, w.loss) for w in weaknesses(costly)}
    assert found == {"holds": (1, 10.0), "five_alike": (1, 10.0), "too_few": (1, 10.0), "early": (1, 10.0),
                     "boxes": (1, 2.0), "lower_boxes": (1, 2.0), "stopping": (1, 2.0), "late": (1, 2.0)}
    assert weaknesses(costly)[0].kind == "holds" and weaknesses(costly)[0].words == "choosing which dice to hold"


def _played(seed: int = 4) -> Session:
    """Ann plays a solo game of classic by the greedy player's choices, the coach weighing each one."""
    from game.coach.coach import Coach

    session = Session(find_variant("classic"), [Seat("Ann")], seed=seed, rolloff=False)
    coach = Coach(session)
    brain = make_player("greedy", random.Random(seed))
    while not session.state.is_terminal():
        action = brain.choose(session.state)
        coach.judge(action)
        session.act(action)
    return session


def _weak(capsys, *args: str) -> dict:
    assert main(["review", "--weaknesses", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_weaknesses_over_the_records_count_the_last_game_once(capsys):
    from game.coach.review import AS_GOOD, review_session
    from game.store.records import add_result
    from game.store.saves import keep_last

    session = _played()
    costly = [d for d in review_session(session).decisions if d.choices > 1 and d.loss >= AS_GOOD]
    add_result(session)  # the records and the last game hold the same game
    found = _weak(capsys)
    kinds = {w["kind"]: w for w in found["weaknesses"]}
    assert found["name"] == "Ann" and found["games"] == 1 and found["costly"] == len(costly) > 0
    for parts in (("holds", "boxes"), ("early", "middle", "late")):  # each decision is in one of these
        assert sum(kinds.get(k, {"times": 0})["times"] for k in parts) == len(costly)
        assert sum(kinds.get(k, {"loss": 0})["loss"] for k in parts) == pytest.approx(sum(d.loss for d in costly),
                                                                                   abs=1e-3)
    assert found["loss"] == pytest.approx(sum(d.loss for d in review_session(session).decisions), abs=1e-3)
    losses = [w["loss"] for w in found["weaknesses"]]
    assert losses == sorted(losses, reverse=True)
    # A later game kept as the last one but not in the records (they could not be written): it counts too.
    later = _played(seed=5)
    keep_last(later)
    more = _weak(capsys, "--name", "Ann")
    assert more["games"] == 2 and more["costly"] > found["costly"]
    text_ok = main(["review", "--weaknesses"])
    out = capsys.readouterr().out
    assert text_ok == 0 and out.startswith("Ann: ") and "choosing which dice to hold" in out


def test_weaknesses_without_any_game_say_so_in_one_line(capsys):
    assert main(["review", "--weaknesses"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no reviewed games yet" in err[0]
    assert main(["review", "--weaknesses", "--last"]) == 2
    assert "--weaknesses goes alone" in capsys.readouterr().err


def test_practice_asks_the_same_position_once_a_round():
    """Issue 38, D13: a position met again in another game (the same card, dice and move) is asked once a round."""
    from game.store.records import add_result, open_records

    add_result(_played())
    with open_records() as records:
        before = records.slips("Ann")
        number = before[0][0]
        for _ in range(3):  # the same costly choice made in three more games
            records.conn.execute("""INSERT INTO slips (result, seat, name, loss, position)
                SELECT result, seat, name, loss, position FROM slips WHERE id = ?""", (number,))
        after = records.slips("Ann")
    positions = [json.dumps(data, sort_keys=True) for _, data in after]
    assert len(set(positions)) == len(positions) and [n for n, _ in after] == [n for n, _ in before]
