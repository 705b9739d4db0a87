"""What versions 1 and 2 of the records wrote (each text in every row) and version 3 (each text once, the undos
per game only), kept to test the migration from each and to measure it (benchmarks/bench_records.py): their
layouts and their way of adding games, as they were."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

VERSION_1 = """
CREATE TABLE results (
    id INTEGER PRIMARY KEY, variant TEXT NOT NULL, variant_name TEXT, date REAL NOT NULL,
    games INTEGER NOT NULL, solo INTEGER NOT NULL, undos INTEGER NOT NULL, seats INTEGER NOT NULL);
CREATE TABLE seats (
    result INTEGER NOT NULL REFERENCES results(id), seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT,
    level TEXT, total INTEGER NOT NULL, won INTEGER NOT NULL, upper_bonus INTEGER, five_alike INTEGER,
    variant TEXT NOT NULL, person INTEGER NOT NULL, games INTEGER NOT NULL, alone INTEGER NOT NULL,
    PRIMARY KEY (result, seat)) WITHOUT ROWID;
CREATE TABLE scores (
    result INTEGER NOT NULL REFERENCES results(id), seat INTEGER NOT NULL, game INTEGER NOT NULL,
    total INTEGER NOT NULL, variant TEXT NOT NULL, solo INTEGER NOT NULL, person INTEGER NOT NULL,
    name TEXT NOT NULL, date REAL NOT NULL, PRIMARY KEY (result, seat, game)) WITHOUT ROWID;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE INDEX results_by_variant ON results (variant);
CREATE INDEX scores_top ON scores (variant, solo, person, total DESC, date, result, seat, game);
CREATE INDEX scores_by_name ON scores (variant, person, name, date, result, game, total);
CREATE INDEX seats_by_name ON seats (variant, person, name, won, alone, games, upper_bonus, five_alike);
"""
VERSION_2 = """
CREATE TABLE players (
    variant TEXT NOT NULL, name TEXT NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    points INTEGER NOT NULL, best INTEGER NOT NULL, bonus INTEGER NOT NULL, bonus_games INTEGER NOT NULL,
    five INTEGER NOT NULL, five_games INTEGER NOT NULL, PRIMARY KEY (variant, name)) WITHOUT ROWID;
CREATE INDEX players_by_games ON players (variant, games DESC, name);
DROP INDEX seats_by_name;
"""
VERSION_3 = """
CREATE TABLE variants (id INTEGER PRIMARY KEY, variant TEXT NOT NULL UNIQUE);
CREATE TABLE names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE kinds (id INTEGER PRIMARY KEY, kind TEXT, level TEXT);
CREATE TABLE results (
    id INTEGER PRIMARY KEY, variant INTEGER NOT NULL REFERENCES variants(id),
    variant_name INTEGER REFERENCES names(id), date REAL NOT NULL, games INTEGER NOT NULL, solo INTEGER NOT NULL,
    undos INTEGER NOT NULL, seats INTEGER NOT NULL);
CREATE TABLE seats (
    result INTEGER NOT NULL REFERENCES results(id), seat INTEGER NOT NULL, name INTEGER NOT NULL REFERENCES names(id),
    kind INTEGER NOT NULL REFERENCES kinds(id), total INTEGER NOT NULL, won INTEGER NOT NULL, upper_bonus INTEGER,
    five_alike INTEGER, PRIMARY KEY (result, seat)) WITHOUT ROWID;
CREATE TABLE scores (
    variant INTEGER NOT NULL, person INTEGER NOT NULL, name INTEGER NOT NULL, date REAL NOT NULL,
    result INTEGER NOT NULL, game INTEGER NOT NULL, seat INTEGER NOT NULL, total INTEGER NOT NULL,
    solo INTEGER NOT NULL, PRIMARY KEY (variant, person, name, date, result, game, seat)) WITHOUT ROWID;
CREATE TABLE players (
    variant INTEGER NOT NULL, name INTEGER NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    points INTEGER NOT NULL, best INTEGER NOT NULL, bonus INTEGER NOT NULL, bonus_games INTEGER NOT NULL,
    five INTEGER NOT NULL, five_games INTEGER NOT NULL, PRIMARY KEY (variant, name)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE INDEX scores_top ON scores (variant, solo, total DESC, date, result, seat, game) WHERE person = 1;
CREATE INDEX players_by_games ON players (variant, games DESC);
"""
LAYOUTS = {1: VERSION_1, 2: VERSION_1 + VERSION_2, 3: VERSION_3}

_SUMS = """
INSERT INTO players (variant, name, games, wins, points, best, bonus, bonus_games, five, five_games)
SELECT g.variant, g.name, g.games, s.wins, g.points, g.best, s.bonus, s.bonus_games, s.five, s.five_games
FROM (SELECT variant, name, COUNT(*) AS games, SUM(total) AS points, MAX(total) AS best
      FROM scores WHERE result >= ?1 AND person GROUP BY +variant, +name) AS g
JOIN (SELECT variant, name, SUM(won AND NOT alone) AS wins, TOTAL(upper_bonus) AS bonus,
             TOTAL(CASE WHEN upper_bonus IS NOT NULL THEN games END) AS bonus_games, TOTAL(five_alike) AS five,
             TOTAL(CASE WHEN five_alike IS NOT NULL THEN games END) AS five_games
      FROM seats WHERE result >= ?1 AND person GROUP BY +variant, +name) AS s
  ON s.variant = g.variant AND s.name = g.name
WHERE true
ON CONFLICT (variant, name) DO UPDATE SET
    games = games + excluded.games, wins = wins + excluded.wins, points = points + excluded.points,
    best = MAX(best, excluded.best), bonus = bonus + excluded.bonus,
    bonus_games = bonus_games + excluded.bonus_games, five = five + excluded.five,
    five_games = five_games + excluded.five_games
"""


def create(conn: sqlite3.Connection, version: int) -> None:
    """An empty file of that version (WAL, as the game kept it)."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(LAYOUTS[version])
    conn.execute(f"PRAGMA user_version = {version}")


def _rows(entries: Iterable[dict], first: int):
    for number, entry in enumerate(entries, first):
        seats = entry["seats"]
        games, solo = entry.get("games", 1), bool(entry.get("solo", False))
        result = (number, entry["variant"], entry.get("variant_name"), entry["date"], games, solo,
                  entry.get("undos", 0), len(seats))
        seat_rows, score_rows = [], []
        for index, seat in enumerate(seats):
            person = seat.get("kind") != "computer"
            seat_rows.append((number, index, seat["name"], seat.get("kind"), seat.get("level"), seat["total"],
                              bool(seat.get("won")), seat.get("upper_bonus"), seat.get("five_alike"),
                              entry["variant"], person, games, len(seats) <= 1))
            for game, total in enumerate(seat.get("game_totals") or [seat["total"]]):
                score_rows.append((number, index, game, total, entry["variant"], solo, person, seat["name"],
                                   entry["date"]))
        yield result, seat_rows, score_rows


def _rows_3(entries: Iterable[dict], first: int, conn: sqlite3.Connection, sums: dict):
    """Version 3's rows: this version's, but a seat's undos were not kept (the game's count was)."""
    from game.store.records_tables import Numbers, _rows

    for result, seat_rows, score_rows, *_ in _rows(entries, first, Numbers(conn), sums):  # no coach then
        yield result, [row[:8] for row in seat_rows], score_rows


def insert_entries(conn: sqlite3.Connection, entries: Iterable[dict], version: int, batch: int = 20_000) -> int:
    """Add entries as that version did (in one transaction of its own); returns how many."""
    from game.store.records_tables import _ADD_SUMS

    conn.execute("BEGIN IMMEDIATE")
    first = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM results").fetchone()[0]
    added, results, seats, scores = 0, [], [], []

    def flush() -> None:
        conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany(f"INSERT INTO seats VALUES ({', '.join('?' * len(seats[0]))})", seats)
        conn.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", scores)
        results.clear(), seats.clear(), scores.clear()

    sums: dict = {}
    for result, seat_rows, score_rows in (_rows_3(entries, first, conn, sums) if version == 3 else
                                          _rows(entries, first)):
        results.append(result)
        seats.extend(seat_rows)
        scores.extend(score_rows)
        added += 1
        if len(results) >= batch:
            flush()
    if results:
        flush()
    if version == 2:
        conn.execute(_SUMS, (first,))
    elif version == 3:
        conn.executemany(_ADD_SUMS, [(*key, *values) for key, values in sorted(sums.items())])
    conn.execute("COMMIT")
    return added
