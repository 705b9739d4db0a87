"""Prints how fast the records are with many games in them.

Fills a database with a million games (a realistic mix: every shipped variant, 1-6 seats, some computer
players, a few hundred names, matches of up to six games in Dutch) through the records' own insert path,
then prints: the time to add one finished game, the time for the records screen's data for one variant,
the whole ``dice-parlor records --json --variant X`` process over 200,000 games, and the take-over of a
200,000-game records.json. Everything lives in a temporary DICE_PARLOR_HOME.
Run: python benchmarks/bench_records.py [--games 1000000] [--small 200000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

VARIANTS = [("classic", 0.3), ("yatzy", 0.2), ("dutch", 0.15), ("official", 0.1), ("fivezee", 0.05),
            ("challenge", 0.1), ("jackpot", 0.1)]
LEVELS = ["random", "greedy", "heuristic", "optimal"]


def fake_entries(count: int, seed: int = 7):
    """Plausible results, oldest first: a few hundred names, one game in six solo, a third of seats computers."""
    rng = random.Random(seed)
    names = [f"{rng.choice(['Ann', 'Bob', 'Cas', 'Dirk', 'Eva', 'Fien', 'Gijs', 'Hanna'])} {i}" for i in range(400)]
    variants, weights = zip(*VARIANTS)
    date = time.time() - 3 * 365 * 86400
    for _ in range(count):
        variant = rng.choices(variants, weights)[0]
        seats = 1 if rng.random() < 1 / 6 else rng.randint(2, 6)
        games = rng.choice([1, 1, 1, 2, 3, 6]) if variant == "dutch" else 1
        date += rng.random() * 180
        found = []
        for seat in range(seats):
            computer = seat > 0 and rng.random() < 0.35
            totals = [max(0, int(rng.gauss(240, 60))) for _ in range(games)]
            found.append({"name": f"Cpu {seat}" if computer else rng.choice(names),
                          "kind": "computer" if computer else "person",
                          "level": rng.choice(LEVELS) if computer else None, "total": sum(totals),
                          "won": False, "game_totals": totals})
            if variant != "jackpot":
                found[-1].update(upper_bonus=rng.randint(0, games) if rng.random() < 0.4 else 0,
                                 five_alike=rng.randint(0, games) if rng.random() < 0.3 else 0)
        max(found, key=lambda s: s["total"])["won"] = True
        yield {"variant": variant, "variant_name": variant.title(), "date": date, "games": games,
               "solo": seats == 1, "undos": int(rng.random() < 0.05), "seats": found}


def fill(path: Path, count: int, chunk: int = 100_000) -> float:
    from game.store.records_db import close, connect, insert_entries

    start = time.perf_counter()
    conn = connect(path)
    entries = fake_entries(count)
    for _ in range(0, count, chunk):
        conn.execute("BEGIN IMMEDIATE")
        insert_entries(conn, (next(entries) for _ in range(min(chunk, count))))
        conn.execute("COMMIT")
        count -= chunk
    close(path)
    return time.perf_counter() - start


def screen_data(variant: str) -> None:
    """What the records screen reads for one variant: both high score tables, the players, one chart."""
    from game.store.records import open_records

    with open_records() as records:
        records.variants()
        for solo in (False, True):
            records.high_scores(variant, solo)
        players = records.player_stats(variant, most_games=True, limit=8)
        records.chart(variant, players[0].name)


def rows_stats(variant: str) -> float:
    """The statistics straight from the rows (no sums kept), to show why the sums table is there."""
    from game.store.records import records_path

    import sqlite3

    conn = sqlite3.connect(records_path())
    conn.execute("CREATE INDEX IF NOT EXISTS seats_by_name ON seats (variant, person, name, won, alone, "
                 "upper_bonus, five_alike)")  # the covering index this way needs (version 1 had it)
    start = time.perf_counter()
    conn.execute("""SELECT name, COUNT(*), SUM(total), MAX(total) FROM scores WHERE variant = ? AND person = 1
                    GROUP BY name""", (variant,)).fetchall()
    conn.execute("""SELECT name, SUM(won AND NOT alone), TOTAL(upper_bonus), TOTAL(five_alike) FROM seats
                    WHERE variant = ? AND person = 1 GROUP BY name""", (variant,)).fetchall()
    seconds = time.perf_counter() - start
    conn.close()
    return seconds


def timed(what, times: int) -> list[float]:
    found = []
    for _ in range(times):
        start = time.perf_counter()
        what()
        found.append(time.perf_counter() - start)
    return found


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def big(games: int) -> None:
    from game.cli import play_game
    from game.rules.variants import find_variant
    from game.store import records_db
    from game.store.records import add_result, records_path

    print(f"filling {games:,} games ... ", end="", flush=True)
    print(f"{fill(records_path(), games):.0f} s, {records_path().stat().st_size / 1e6:.0f} MB")
    records_db._checked.clear()
    start = time.perf_counter()
    screen_data("classic")
    print(f"first open in a process (the full check only up to {records_db.CHECK_BYTES >> 20} MB): "
          f"{time.perf_counter() - start:.2f} s")
    sessions = [play_game(find_variant("classic"), ["greedy", "greedy"], seed) for seed in range(20)]
    adds = [timed(lambda: add_result(sessions[i % 20]), 1)[0] for i in range(200)]
    print(f"add one game: median {ms(statistics.median(adds))}, slowest {ms(max(adds))} (goal < 10 ms)")
    for variant in ("classic", "fivezee"):
        screen = timed(lambda: screen_data(variant), 20)
        print(f"records screen data for {variant}: median {ms(statistics.median(screen))} (goal < 200 ms); "
              f"statistics from the rows instead of the sums: {ms(rows_stats(variant))}")


def small(games: int) -> None:
    from game.store.records import records_path

    fill(records_path(), games)
    env = dict(os.environ)
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "game", "records", "--json", "--variant", "classic"], cwd=ROOT,
                             env=env, capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - start)
    players = len(json.loads(out.stdout)["players"])
    print(f"`records --json --variant classic` over {games:,} games ({players} players, {len(out.stdout) / 1e6:.1f} MB "
          f"of JSON): median {statistics.median(runs):.2f} s (goal < 2 s)")


def take_over(games: int) -> None:
    from game.store.records import open_records, records_path

    old = records_path().with_name("records.json")
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(json.dumps({"format": 1, "results": list(fake_entries(games, seed=3))}), encoding="utf-8")
    start = time.perf_counter()
    with open_records() as records:
        counted = records.count()
    seconds = time.perf_counter() - start
    size = old.with_name("records.json.imported").stat().st_size / 1e6
    print(f"take-over of a {games:,}-game records.json ({size:.0f} MB): {seconds:.1f} s, {counted:,} games counted")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=200_000)
    args = parser.parse_args()
    for step, count in ((big, args.games), (small, args.small), (take_over, args.small)):
        with TemporaryDirectory() as home:
            os.environ["DICE_PARLOR_HOME"] = home
            step(count)


if __name__ == "__main__":
    main()
