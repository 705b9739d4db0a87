"""The difficulty ladder: mean solitaire score of every dial level on every shipped scorecard variant.

Goals (issue 17), classic, 2,000 games each: easy 190, medium 220, hard 240 (each within 5 points),
optimal the optimal player (its table's start value, 253.97). Every level plays the same seeds as
``dice-parlor simulate --variant V --players LEVEL --games N --seed S`` would, so each figure can be
checked one at a time. Also printed: the standard error of each mean, the share of games that earned
the upper bonus, the table's expected score from the start and the points each level gives away per
game (the summed ``loss`` of the options it took, in expected points). A game's expected final score
is the start value minus what it gives away; that sum varies far less between games than the score,
so ``table - given`` ("expected") estimates a level's true mean about four times more tightly. Not
for common rolls (Challenge): there the copies are valued as solitaire keeps, so the table and the
losses are the solitaire game's, not Challenge's, and only the measured mean counts.

Run: python benchmarks/bench_ladder.py [--games 2000] [--variants classic,...] [--seed 0] [--processes 2]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from private_home import use_private_home  # noqa: E402

use_private_home("bench_ladder")  # never the runner's saved game, settings or records

from game.bots.levels import make_player  # noqa: E402
from game.bots.solver import SHIPPED, table_for  # noqa: E402
from game.engine.session import Session  # noqa: E402
from game.engine.state import Seat  # noqa: E402
from game.rules.scoring import upper_bonus  # noqa: E402
from game.rules.variant import Variant  # noqa: E402
from game.rules.variants import find_variant  # noqa: E402

LEVELS = ("easy", "medium", "hard", "optimal")
GOALS = {"classic": {"easy": 190.0, "medium": 220.0, "hard": 240.0}}
TOLERANCE = 5.0


def play_recorded(variant: Variant, level: str, seed: int) -> tuple[int, bool, float]:
    """One solitaire game as ``game.cli.play_game`` plays it (the same dice, the same player's draws):
    (total, upper bonus earned, expected points given away: the summed ``loss`` of the options taken)."""
    session = Session(variant, [Seat(level, "computer", level)], seed=seed)
    player = make_player(level, random.Random(random.Random(seed ^ 0x5EED).randrange(2**31)), variant.family)
    given = 0.0
    choose_from = player.pick

    def pick(options):
        nonlocal given
        choice = choose_from(options)
        given += choice.loss
        return choice

    player.pick = pick
    while not session.state.is_terminal():
        session.act(player.choose(session.state))
    state = session.state
    return state.match_totals()[0], upper_bonus(variant, state.card(0).boxes) > 0, given


def play_chunk(job: tuple[str, str, list[int]]) -> list[tuple[int, bool, float]]:
    variant_id, level, seeds = job
    variant = find_variant(variant_id)
    return [play_recorded(variant, level, seed) for seed in seeds]


def game_seeds(games: int, seed: int) -> list[int]:
    seeds = random.Random(seed)  # as game.cli.simulate draws them
    return [seeds.randrange(2**31) for _ in range(games)]


def measure(pool: Pool, variant_id: str, games: int, seed: int, chunk: int = 50) -> dict[str, dict]:
    seeds = game_seeds(games, seed)
    jobs = [(variant_id, level, seeds[i:i + chunk]) for level in LEVELS for i in range(0, games, chunk)]
    played = pool.map(play_chunk, jobs, chunksize=1)
    rows: dict[str, list[tuple[int, bool, float]]] = {level: [] for level in LEVELS}
    for (_, level, _), results in zip(jobs, played):
        rows[level].extend(results)
    summary = {}
    for level, results in rows.items():
        totals = [total for total, _, _ in results]
        given = [points for _, _, points in results]
        summary[level] = {"mean": statistics.fmean(totals), "sd": statistics.stdev(totals),
                          "error": statistics.stdev(totals) / math.sqrt(len(totals)),
                          "bonus": sum(bonus for _, bonus, _ in results) / len(results),
                          "given": statistics.fmean(given),
                          "given_error": statistics.stdev(given) / math.sqrt(len(given))}
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per level and variant")
    parser.add_argument("--variants", default=",".join(SHIPPED))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    names = [name for name in args.variants.split(",") if name]
    print(f"{args.games} solitaire games per level, seed {args.seed}, {args.processes} processes")
    print(f"{'variant':<10}{'level':<9}{'mean':>8}{'± se':>7}{'sd':>7}{'bonus':>7}{'given':>8}{'± se':>6}"
          f"{'expected':>10}   goal")
    started = time.perf_counter()
    table_rows = []
    with Pool(args.processes) as pool:
        for name in names:
            variant = find_variant(name)
            start_value = table_for(variant).start_value
            began = time.perf_counter()
            summary = measure(pool, name, args.games, args.seed)
            for level, row in summary.items():
                goal = GOALS.get(name, {}).get(level)
                verdict = ""
                if goal is not None:
                    met = abs(row['mean'] - goal) <= TOLERANCE
                    verdict = f"{goal:.0f} ± {TOLERANCE:.0f}: {'met' if met else 'MISSED'}"
                elif level == "optimal":
                    verdict = f"{'' if variant.turns == 'solo' else 'solitaire '}table {start_value:.2f}"
                bonus = f"{row['bonus']:7.0%}" if variant.upper_bonus else f"{'-':>7}"
                expected = f"{start_value - row['given']:10.1f}" if variant.turns == "solo" else f"{'-':>10}"
                print(f"{name:<10}{level:<9}{row['mean']:8.1f}{row['error']:7.1f}{row['sd']:7.1f}{bonus}"
                      f"{row['given']:8.1f}{row['given_error']:6.1f}{expected}   {verdict}", flush=True)
            print(f"{name:<10}{len(LEVELS) * args.games} games in {time.perf_counter() - began:.1f} s", flush=True)
            table_rows.append((name, summary, start_value))
    print(f"all in {time.perf_counter() - started:.1f} s\n")
    print("| variant | " + " | ".join(LEVELS) + " | table |")
    print("|---|" + "---:|" * (len(LEVELS) + 1))
    for name, summary, start_value in table_rows:
        cells = " | ".join(f"{summary[level]['mean']:.1f} ± {summary[level]['error']:.1f}" for level in LEVELS)
        print(f"| {name} | {cells} | {start_value:.2f} |")


if __name__ == "__main__":
    main()
