"""Prints how fast and how big the records are with many games in them.

Fills a database with a million games (a realistic mix: every shipped variant, 1-6 seats, some computer
players, a few hundred names, matches of up to six games in Dutch) through the records' own insert path,
then prints: its size, the check at the first open (quick_check, and the full integrity_check it replaced),
the time to add one finished game, the time for the records screen's data for one variant, the whole
``dice-parlor records --json --variant X`` process over 200,000 games, the take-over of a 200,000-game
records.json, and files of version 2 (each name in every row) and version 3 (the undos per game, not per seat)
of the same million games: their size and their update to this version. Everything lives in a temporary
DICE_PARLOR_HOME.
Run: python benchmarks/bench_records.py [--games 1000000] [--small 200000] [--skip-update]
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
sys.path.insert(0, str(ROOT / "tests"))  # records_old: what version 2 wrote
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
        undos = int(rng.random() < 0.05)
        found[0]["undos"] = undos  # the first seat (always a person) took a scoring back
        yield {"variant": variant, "variant_name": variant.title(), "date": date, "games": games,
               "solo": seats == 1, "undos": undos, "seats": found}


def fill(path: Path, count: int, chunk: int = 100_000) -> float:
    from game.store.records_db import close, connect
    from game.store.records_tables import insert_entries

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
    import sqlite3

    from game.store.records import records_path

    conn = sqlite3.connect(records_path())
    number = conn.execute("SELECT id FROM variants WHERE variant = ?", (variant,)).fetchone()[0]
    start = time.perf_counter()
    conn.execute("""SELECT name, COUNT(*), SUM(total), MAX(total) FROM scores WHERE variant = ? AND person = 1
                    GROUP BY name""", (number,)).fetchall()
    conn.execute("""SELECT s.name, SUM(s.won AND r.seats > 1), TOTAL(s.upper_bonus), TOTAL(s.five_alike)
                    FROM seats AS s JOIN results AS r ON r.id = s.result JOIN kinds AS k ON k.id = s.kind
                    WHERE r.variant = ? AND k.kind IS NOT 'computer' GROUP BY s.name""", (number,)).fetchall()
    seconds = time.perf_counter() - start
    conn.close()
    return seconds


def checks(path: Path) -> str:
    """Each check on its own connection, as at a first open (the file is in the page cache by now)."""
    import sqlite3

    found = []
    for pragma in ("quick_check", "integrity_check"):
        conn = sqlite3.connect(path)
        start = time.perf_counter()
        conn.execute(f"PRAGMA {pragma}").fetchall()
        found.append(f"{pragma} {time.perf_counter() - start:.2f} s")
        conn.close()
    return ", ".join(found)


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
    seconds = fill(records_path(), games)
    size = records_path().stat().st_size
    print(f"{seconds:.0f} s, {size / 1e6:.0f} MB ({size / games:.0f} MB per million games: bytes per game)")
    print(f"the checks at a first open: {checks(records_path())}")
    records_db._checked.clear()
    start = time.perf_counter()
    screen_data("classic")
    print(f"first open in a process ({records_db.CHECK}) and the screen's data: {time.perf_counter() - start:.2f} s")
    sessions = [play_game(find_variant("classic"), ["greedy", "greedy"], seed) for seed in range(20)]
    adds = [timed(lambda i=i: add_result(sessions[i % 20]), 1)[0] for i in range(200)]
    print(f"add one game: median {ms(statistics.median(adds))}, slowest {ms(max(adds))} (goal < 10 ms)")
    for variant in ("classic", "fivezee"):
        screen = timed(lambda variant=variant: screen_data(variant), 20)
        print(f"records screen data for {variant}: median {ms(statistics.median(screen))} (goal < 200 ms); "
              f"statistics from the rows instead of the sums: {ms(rows_stats(variant))}")


def update(games: int, version: int = 2, chunk: int = 100_000) -> None:
    """The same games in a file of an older version, and its update to this version at the first open."""
    import sqlite3

    import records_old

    from game.store.records import bring_up_to_date, records_path

    path = records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    records_old.create(conn, version)
    entries = fake_entries(games)
    for done in range(0, games, chunk):
        records_old.insert_entries(conn, (next(entries) for _ in range(min(chunk, games - done))), version)
    conn.close()
    before = path.stat().st_size
    print(f"version {version}, {games:,} games: {before / 1e6:.0f} MB ({before / games:.0f} MB per million)")
    marks = []
    start = time.perf_counter()
    bring_up_to_date(path, updating=lambda done: marks.append((time.perf_counter() - start, done)))
    seconds = time.perf_counter() - start
    rewritten = next((t for t, done in marks if done >= 0.9), seconds)
    print(f"its update to this version: {seconds:.1f} s ({rewritten:.1f} s for the tables, the rest to give the "
          f"room back), {path.stat().st_size / 1e6:.0f} MB after")


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
    """As the game does it at start-up: in a thread of its own, the screen looking how far it is."""
    from game.store.records import open_records, records_path
    from game.store.records_prepare import Preparation

    old = records_path().with_name("records.json")
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(json.dumps({"format": 1, "results": list(fake_entries(games, seed=3))}), encoding="utf-8")
    start = time.perf_counter()
    job, shown, gap, last = Preparation().start(), set(), 0.0, start
    while job.busy:
        time.sleep(0.01)
        now = time.perf_counter()
        if job.task and int(job.progress * 100) not in shown:
            shown.add(int(job.progress * 100))
            gap, last = max(gap, now - last), now
    seconds = time.perf_counter() - start
    with open_records() as records:
        counted = records.count()
    size = old.with_name("records.json.imported").stat().st_size / 1e6
    print(f"take-over of a {games:,}-game records.json ({size:.0f} MB): {seconds:.1f} s, {counted:,} games counted; "
          f"{len(shown)} different percentages shown, at most {gap:.1f} s apart")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=200_000)
    parser.add_argument("--skip-update", action="store_true", help="leave out the files of versions 2 and 3")
    args = parser.parse_args()
    steps = [(big, args.games), (small, args.small), (take_over, args.small)]
    steps += [] if args.skip_update else [(update, args.games), (lambda games: update(games, 3), args.games)]
    for step, count in steps:
        with TemporaryDirectory() as home:
            os.environ["DICE_PARLOR_HOME"] = home
            step(count)


if __name__ == "__main__":
    main()
