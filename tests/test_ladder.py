"""The difficulty ladder (issue 17): Easy < Medium < Hard < Perfect, apart, and each level's habits.

The figures of the ladder itself, final scores included, are measured by ``benchmarks/bench_ladder.py``;
here 60 seeded games per level check the order and the gaps, judged by the standard errors the games
themselves show.
Besides the final scores, every choice's cost (the ``loss`` of the option taken, in expected points)
is summed per game: a game's expected final score is the start value minus that sum, and the sum
varies far less from game to game than the score, so it separates the levels sharply.
"""

from __future__ import annotations

import math
import random
import statistics

from game.bots.levels import make_player
from game.bots.optimal import EasyPlayer, HardPlayer, MediumPlayer
from game.bots.solver import Option
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

LADDER = ("easy", "medium", "hard", "optimal")
GAMES = 60  # per level: the gaps in points given away are then 12 standard errors or more


def play_recorded(level: str, seed: int) -> tuple[int, float, float]:
    """(final total, points given away by the choices, the costliest single choice) of one solitaire game."""
    variant = find_variant("classic")
    session = Session(variant, [Seat("a", "computer", level)], seed=seed)
    player = make_player(level, random.Random(seed ^ 0x5EED))
    losses = []
    choose_from = player.pick

    def pick(options):
        choice = choose_from(options)
        losses.append(choice.loss)
        return choice

    player.pick = pick
    while not session.state.is_terminal():
        session.act(player.choose(session.state))
    return session.state.match_totals()[0], sum(losses), max(losses)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def test_the_ladder_is_ordered_and_apart_on_classic():
    games = {level: [play_recorded(level, seed) for seed in range(GAMES)] for level in LADDER}
    given = {level: mean_and_error([g[1] for g in played]) for level, played in games.items()}

    assert given["optimal"] == (0.0, 0.0)
    for lower, upper in zip(LADDER, LADDER[1:]):
        gap = given[lower][0] - given[upper][0]
        error = math.hypot(given[lower][1], given[upper][1])
        # Each level gives away clearly more than the next: its expected final score (the start value less
        # what it gave away) is lower. The final scores themselves need ~200 games a level to show the
        # same steps (hard and perfect are 11 points apart): the benchmark plays those.
        assert gap > 5 * error, (lower, upper, given)
    # A strong human makes small mistakes only
    assert max(g[2] for g in games["hard"]) <= HardPlayer.max_loss


def option(kind: str, loss: float, points: int = 0, box: str | None = None) -> Option:
    return Option(kind, 250.0 - loss, keep=(6, 6) if kind == "keep" else (), box=box, points=points, loss=loss)


def picks(player_class, options: list[Option], times: int = 3000) -> dict[str, int]:
    player = player_class(random.Random(7))
    counts: dict[str, int] = {}
    for _ in range(times):
        chosen = player.pick(options)
        name = chosen.box or "keep"
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_hard_never_makes_a_blunder_and_easy_sometimes_does():
    options = [option("box", 0.0, 12, "sixes"), option("box", 3.0, 12, "fours"),
               option("box", HardPlayer.max_loss + 1.0, 12, "chance")]
    hard, easy = picks(HardPlayer, options), picks(EasyPlayer, options)
    assert "chance" not in hard and hard["sixes"] > hard.get("fours", 0) > 0
    assert easy.get("chance", 0) > 0 and easy["sixes"] > easy["fours"] > easy["chance"]


def test_a_casual_player_is_drawn_to_the_big_score_of_the_moment():
    """Two boxes equally good in the long run (the sixes toward the upper bonus, or 24 in three of a
    kind): the more casual the player, the more often the bigger score now."""
    options = [option("box", 0.0, 18, "sixes"), option("box", 0.0, 24, "three_kind")]
    share = {cls.level: picks(cls, options)["three_kind"] / 3000 for cls in (HardPlayer, MediumPlayer, EasyPlayer)}
    assert 0.45 < share["hard"] < 0.55  # no greed: a coin toss between equal options
    assert share["hard"] < share["medium"] < share["easy"], share


def test_every_level_still_plays_the_best_move_when_it_is_the_only_sensible_one():
    options = [option("box", 0.0, 50, "yahtzee")] + [option("box", 20.0 + i, 0, f"box{i}") for i in range(12)]
    for cls in (EasyPlayer, MediumPlayer, HardPlayer):
        assert picks(cls, options, 500)["yahtzee"] >= 490, cls.level
