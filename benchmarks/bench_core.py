"""Prints how many whole solitaire games per second each computer level plays on classic.

Goal on a 2-core machine: at least 500 greedy games per second.
Run: python benchmarks/bench_core.py [--variant classic] [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from private_home import use_private_home  # noqa: E402

use_private_home("bench_core")  # never the runner's saved game, settings or records

from game.cli import play_game  # noqa: E402
from game.rules.variants import find_variant  # noqa: E402


def games_per_second(variant_id: str, level: str, seconds: float) -> tuple[float, float]:
    variant = find_variant(variant_id)
    play_game(variant, [level], 0)  # warm the caches
    games, total, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        total += play_game(variant, [level], games).state.match_totals()[0]
        games += 1
    return games / (time.perf_counter() - start), total / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--levels", default="random,greedy,heuristic")
    args = parser.parse_args()
    for level in args.levels.split(","):
        rate, mean = games_per_second(args.variant, level, args.seconds)
        print(f"{args.variant:<10} {level:<10} {rate:8.1f} games/s   mean score {mean:6.1f}")


if __name__ == "__main__":
    main()
