"""Whole games between computer players (``dice-parlor simulate``, the benchmarks, the tests): each game played
through the engine, and the statistics of a run printed as a table."""

from __future__ import annotations

import random
import statistics
from typing import Any

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variant import Variant


def play_game(variant: Variant, levels: list[str], seed: int) -> Session:
    """One whole game with a computer player on every seat (``levels``: the levels' own names, see ``_levels``)."""
    seats = [Seat(f"{level.title()} {i + 1}", "computer", level) for i, level in enumerate(levels)]
    session = Session(variant, seats, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    players = [make_player(level, random.Random(rng.randrange(2**31)), variant.family) for level in levels]
    state = session.state
    while not state.is_terminal():
        session.act(players[state.current_player()].choose(state))
    return session


def simulate(variant: Variant, levels: list[str], games: int, seed: int,
             names: list[str] | None = None) -> dict[str, Any]:
    """``games`` whole games between ``levels``; ``names``: the players as named (a dial's name), else the levels."""
    names = names or levels
    seeds = random.Random(seed)
    scores: list[list[int]] = [[] for _ in levels]
    wins = [0] * len(levels)
    for _ in range(games):
        session = play_game(variant, levels, seeds.randrange(2**31))
        for seat, total in enumerate(session.state.match_totals()):
            scores[seat].append(total)
        for seat in session.state.winners():  # ties share the win: each tied leader counts one
            wins[seat] += 1
    return {
        "variant": variant.id,
        "games": games,
        "seed": seed,
        "seats": [
            {
                "player": name,
                "level": level,
                "mean": round(statistics.fmean(s), 3),
                "sd": round(statistics.pstdev(s), 3),
                "min": min(s),
                "max": max(s),
                "wins": wins[i],
            }
            for i, (name, level, s) in enumerate(zip(names, levels, scores))
        ],
    }


def print_simulation(result: dict[str, Any]) -> None:
    print(f"{result['variant']}: {result['games']} games, seed {result['seed']}")
    width = max([12] + [len(seat["player"]) + len(seat["level"]) + 4 for seat in result["seats"]])
    columns = {"mean": (".1f", 9), "sd": (".1f", 8), "min": ("", 6), "max": ("", 6), "wins": ("", 7)}
    cells = [{key: format(seat[key], kind) for key, (kind, _) in columns.items()} for seat in result["seats"]]
    # each column widens to its widest number and a gap: 6-digit scores or wins never run together
    widths = {key: max(least, *(len(row[key]) + 2 for row in cells)) for key, (_, least) in columns.items()}
    print(f"{'seat':<5}{'player':<{width}}" + "".join(f"{key:>{widths[key]}}" for key in columns))
    for i, (seat, row) in enumerate(zip(result["seats"], cells), 1):
        player = seat["player"] if seat["player"] == seat["level"] else f"{seat['player']} ({seat['level']})"
        print(f"{i:<5}{player:<{width}}" + "".join(f"{row[key]:>{widths[key]}}" for key in columns))
