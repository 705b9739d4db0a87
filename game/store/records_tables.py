"""The records' tables: their layout, bringing a file of an older version up to date, and adding games.

Each text is kept once and rows refer to it by number (version 3): a game's id in ``variants``, every name (the
players', and the games' English names) in ``names``, who sat in a seat (a person, or a computer at its level)
in ``kinds``. Versions 1 and 2 repeated these texts in every seat and score row and in two indexes: 756 MB per
million games, against about half that now.

Version 4 keeps on each seat the scorings it took back (``seats.undos``), so only the score of the person who
undid is marked; before, only the game's count was kept (``results.undos``, still the game's whole count), and
every seat of a game brought over from then carries it: who took them back is not known.

Version 5 keeps what the coach saw of people's choices: each game's count of decisions and what they cost
(``decisions``), and each costly one's position (``slips``) for Practice. A game kept before has neither.

Tables (``PRAGMA user_version`` 5):
  variants  each game's id once: classic, yatzy, ... (only games with a result are listed)
  names     each name once: the players', and the games' English names
  kinds     each kind of seat once: a person; a computer at its level
  results   one per finished game or match: variant, its English name, date, games, solo, undos, seats
  seats     one per seat of a result: name, kind, match total, won, upper bonuses, five alikes, undos
  scores    one per game of each seat, kept in the order a player's chart reads them (variant, person, name,
            date); ``scores_top`` orders people's games by total for the high scores
  players   one per (variant, name) of people: sums kept in the same transaction as each game
  decisions one per game of a person whose choices the coach weighed: how many, and their cost in points
  slips     one per costly choice: who, its cost, the position as JSON (``game.coach.slips``), times practised
  meta      what was taken over from the old records.json; a compaction still to do (records_db)
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, overload

VERSION = 5
Progress = Callable[[float], None]  # told how far a long piece of work is, 0 to 1
Row = tuple[Any, ...]  # a row of one of the tables below, its columns in order
# A player's sums by (variant, name): games, wins, points, best (None till a game), bonus, its games, five, its games
Sums = dict[tuple[int, int | None], list[Any]]
T = TypeVar("T")

# What version 5 added (a version 4 file gets them as they are; the layout has them from the start).
DECISIONS = """
CREATE TABLE decisions (
    result INTEGER NOT NULL REFERENCES results(id), seat INTEGER NOT NULL, game INTEGER NOT NULL,
    count INTEGER NOT NULL, loss REAL NOT NULL, PRIMARY KEY (result, seat, game)) WITHOUT ROWID;
CREATE TABLE slips (
    id INTEGER PRIMARY KEY, result INTEGER NOT NULL REFERENCES results(id), seat INTEGER NOT NULL,
    name INTEGER NOT NULL REFERENCES names(id), loss REAL NOT NULL, position TEXT NOT NULL,
    practised INTEGER NOT NULL DEFAULT 0);
CREATE INDEX slips_by_name ON slips (name, practised, loss DESC);
"""
LAYOUT = """
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
    five_alike INTEGER, undos INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (result, seat)) WITHOUT ROWID;
CREATE TABLE scores (
    variant INTEGER NOT NULL, person INTEGER NOT NULL, name INTEGER NOT NULL, date REAL NOT NULL,
    result INTEGER NOT NULL, game INTEGER NOT NULL, seat INTEGER NOT NULL, total INTEGER NOT NULL,
    solo INTEGER NOT NULL, PRIMARY KEY (variant, person, name, date, result, game, seat)) WITHOUT ROWID;
CREATE TABLE players (
    variant INTEGER NOT NULL, name INTEGER NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    points INTEGER NOT NULL, best INTEGER NOT NULL, bonus INTEGER NOT NULL, bonus_games INTEGER NOT NULL,
    five INTEGER NOT NULL, five_games INTEGER NOT NULL, PRIMARY KEY (variant, name)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
{FROM_4}""".replace("{FROM_4}", DECISIONS.strip() + "\n")
INDEXES = """
CREATE INDEX scores_top ON scores (variant, solo, total DESC, date, result, seat, game) WHERE person = 1;
CREATE INDEX players_by_games ON players (variant, games DESC);
"""

# Every person's sums, from the rows (after a migration; a game added sums its own rows in Python: ``_add_sums``).
ALL_SUMS = """
INSERT INTO players (variant, name, games, wins, points, best, bonus, bonus_games, five, five_games)
SELECT g.variant, g.name, g.games, s.wins, g.points, g.best, s.bonus, s.bonus_games, s.five, s.five_games
FROM (SELECT variant, name, COUNT(*) AS games, SUM(total) AS points, MAX(total) AS best
      FROM scores WHERE person = 1 GROUP BY variant, name) AS g
JOIN (SELECT r.variant, s.name, SUM(s.won AND r.seats > 1) AS wins, TOTAL(s.upper_bonus) AS bonus,
             TOTAL(CASE WHEN s.upper_bonus IS NOT NULL THEN r.games END) AS bonus_games,
             TOTAL(s.five_alike) AS five, TOTAL(CASE WHEN s.five_alike IS NOT NULL THEN r.games END) AS five_games
      FROM seats AS s JOIN results AS r ON r.id = s.result JOIN kinds AS k ON k.id = s.kind
      WHERE k.kind IS NOT 'computer' GROUP BY r.variant, s.name) AS s
  ON s.variant = g.variant AND s.name = g.name
"""

# A game kept before version 4 has only its whole count of undos: every one of its seats carries it.
SEAT_UNDOS = """UPDATE seats SET undos = (SELECT undos FROM results WHERE id = seats.result)
                WHERE result IN (SELECT id FROM results WHERE undos > 0)"""
FROM_VERSION_3 = ["ALTER TABLE seats ADD COLUMN undos INTEGER NOT NULL DEFAULT 0", SEAT_UNDOS]
FROM_VERSION_4 = [statement for statement in DECISIONS.split(";") if statement.strip()]

# Versions 1 and 2 kept the same rows (2 added the sums, which are counted again from the rows): each text is
# numbered in text order, so the scores go in already sorted. Each step with its share of the time it takes
# (measured on 200,000 games).
FROM_TEXT_ROWS = [
    (0, "DROP INDEX IF EXISTS results_by_variant"), (0, "DROP INDEX IF EXISTS scores_top"),
    (0, "DROP INDEX IF EXISTS scores_by_name"), (0, "DROP INDEX IF EXISTS seats_by_name"),
    (0, "DROP INDEX IF EXISTS players_by_games"), (0, "DROP TABLE IF EXISTS players"),
    (0, "ALTER TABLE results RENAME TO old_results"), (0, "ALTER TABLE seats RENAME TO old_seats"),
    (0, "ALTER TABLE scores RENAME TO old_scores"),
    *((0, statement) for statement in LAYOUT.split(";") if statement.strip()),  # the indexes come after the rows
    (1, "INSERT INTO variants (variant) SELECT DISTINCT variant FROM old_results ORDER BY variant"),
    (7, """INSERT INTO names (name) SELECT name FROM old_seats
           UNION SELECT variant_name FROM old_results WHERE variant_name IS NOT NULL ORDER BY 1"""),
    (1, "INSERT INTO kinds (kind, level) SELECT DISTINCT kind, level FROM old_seats"),
    (4, """INSERT INTO results SELECT r.id, v.id, n.id, r.date, r.games, r.solo, r.undos, r.seats
           FROM old_results AS r JOIN variants AS v ON v.variant = r.variant
           LEFT JOIN names AS n ON n.name = r.variant_name ORDER BY r.id"""),
    (15, """INSERT INTO seats SELECT s.result, s.seat, n.id, k.id, s.total, s.won, s.upper_bonus, s.five_alike, 0
            FROM old_seats AS s JOIN names AS n ON n.name = s.name
            JOIN kinds AS k ON k.kind IS s.kind AND k.level IS s.level ORDER BY s.result, s.seat"""),
    (35, """INSERT INTO scores SELECT v.id, s.person, n.id, s.date, s.result, s.game, s.seat, s.total, s.solo
            FROM old_scores AS s JOIN variants AS v ON v.variant = s.variant JOIN names AS n ON n.name = s.name
            ORDER BY 1, 2, 3, 4, 5, 6, 7"""),
    (1, SEAT_UNDOS), (15, ALL_SUMS),
    *((share, statement) for share, statement in zip((16, 1), INDEXES.split(";"))),
    (1, "DROP TABLE old_scores"), (1, "DROP TABLE old_seats"), (1, "DROP TABLE old_results"),
]


def create(conn: sqlite3.Connection) -> None:
    """This version's tables in a new, empty file (inside the caller's transaction)."""
    for statement in (LAYOUT + INDEXES).split(";"):
        if statement.strip():
            conn.execute(statement)


def from_version_3(conn: sqlite3.Connection) -> None:
    """A version 3 file brought to this version (inside the caller's transaction): each seat's undos, then as
    version 4."""
    for statement in FROM_VERSION_3:
        conn.execute(statement)
    from_version_4(conn)


def from_version_4(conn: sqlite3.Connection) -> None:
    """A version 4 file brought to this version (inside the caller's transaction): the coach's tables, empty (its
    games were kept without them)."""
    for statement in FROM_VERSION_4:
        conn.execute(statement)


def from_text_rows(conn: sqlite3.Connection, progress: Progress) -> None:
    """A version 1 or 2 file brought to this version (inside the caller's transaction). A long step is heard
    from while it runs (SQLite's progress handler): its share moves on with its time against the time the steps
    before took for theirs, kept short of the step's end; and a ``progress`` that raises stops it there."""
    total, done, started = sum(share for share, _ in FROM_TEXT_ROWS), 0, time.perf_counter()
    try:
        for share, statement in FROM_TEXT_ROWS:
            begun = time.perf_counter()
            pace = (begun - started) / done if done else None  # seconds per share so far

            def meanwhile(done: float = done, share: float = share, begun: float = begun,
                          pace: float | None = pace) -> int:
                guess = min(0.9, (time.perf_counter() - begun) / (pace * share)) if pace and share else 0.0
                progress((done + guess * share) / total)
                return 0
            conn.set_progress_handler(meanwhile, 1_000_000)
            conn.execute(statement)
            done += share
            progress(done / total)
    finally:
        conn.set_progress_handler(None, 0)


class Numbers:
    """Each text's number in its table, added the first time it is met (inside the caller's transaction)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.known: dict[Row, int] = {}

    def _number(self, table: str, columns: tuple[str, ...], values: Row) -> int:
        key = (table, *values)
        number: int | None = self.known.get(key)
        if number is None:
            where = " AND ".join(f"{column} IS ?" for column in columns)  # IS: a person's level is NULL
            row = self.conn.execute(f"SELECT id FROM {table} WHERE {where}", values).fetchone()
            number = row[0] if row else self.conn.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(values))})", values).lastrowid
            assert number is not None  # the row found, or the one just inserted
            self.known[key] = number
        return number

    def variant(self, variant: str) -> int:
        return self._number("variants", ("variant",), (variant,))

    @overload
    def name(self, name: str) -> int: ...

    @overload
    def name(self, name: str | None) -> int | None: ...

    def name(self, name: str | None) -> int | None:
        return None if name is None else self._number("names", ("name",), (name,))

    def kind(self, kind: str | None, level: str | None) -> int:
        return self._number("kinds", ("kind", "level"), (kind, level))


def _or(value: T | None, default: T) -> T:
    return default if value is None else value


def _rows(entries: Iterable[dict[str, Any]], first: int, numbers: Numbers, sums: Sums
          ) -> Iterator[tuple[Row, list[Row], list[Row], list[Row], list[Row]]]:
    """Each entry's result row, seat rows, score rows, and the coach's decision and slip rows; its people's games
    are added to ``sums``."""
    for number, entry in enumerate(entries, first):
        seats = entry["seats"]
        # a hand-edited records.json may say null where the game wrote a number: the old defaults, as absent
        games, solo = _or(entry.get("games"), 1), bool(entry.get("solo", False))
        variant = numbers.variant(entry["variant"])
        undos = _or(entry.get("undos"), 0)
        result = (number, variant, numbers.name(entry.get("variant_name")), entry["date"], games, solo, undos,
                  len(seats))
        seat_rows: list[Row] = []
        score_rows: list[Row] = []
        decision_rows: list[Row] = []
        slip_rows: list[Row] = []
        for index, seat in enumerate(seats):
            name = numbers.name(seat["name"])
            person = seat.get("kind") != "computer"
            seat_rows.append((number, index, name, numbers.kind(seat.get("kind"), seat.get("level")), seat["total"],
                              bool(seat.get("won")), seat.get("upper_bonus"), seat.get("five_alike"),
                              _or(seat.get("undos"), undos)))  # an older entry: the game's count, every seat
            totals = seat.get("game_totals") or [seat["total"]]
            for game, total in enumerate(totals):
                score_rows.append((variant, person, name, entry["date"], number, game, index, total, solo))
            if person:
                _add_sums(sums, (variant, name), seat, totals, games, len(seats) > 1)
                _coach_rows(seat, number, index, name, decision_rows, slip_rows)
        yield result, seat_rows, score_rows, decision_rows, slip_rows


def _coach_rows(seat: dict[str, Any], number: int, index: int, name: int | None, decisions: list[Row],
                slips: list[Row]) -> None:
    """A person's decisions (a count and their cost for each game) and slips, as ``result_entry`` gives them;
    anything else in their place is left out."""
    for game, sums in enumerate(seat.get("decisions") or []):
        if isinstance(sums, list) and len(sums) == 2 and type(sums[0]) is int and sums[0] > 0 and \
                isinstance(sums[1], (int, float)) and math.isfinite(sums[1]) and sums[1] >= 0:
            decisions.append((number, index, game, sums[0], float(sums[1])))
    for slip in seat.get("slips") or []:
        loss = slip.get("loss") if isinstance(slip, dict) else None
        if isinstance(loss, (int, float)) and math.isfinite(loss) and loss > 0:
            slips.append((number, index, name, float(loss), json.dumps(slip, separators=(",", ":"))))


def _add_sums(sums: Sums, key: tuple[int, int | None], seat: dict[str, Any], totals: list[int], games: int,
              others: bool) -> None:
    """One person's seat in a player's sums: the same as ``ALL_SUMS`` counts from the rows."""
    found = sums.setdefault(key, [0, 0, 0, None, 0, 0, 0, 0])
    bonus, five = seat.get("upper_bonus"), seat.get("five_alike")
    found[0] += len(totals)
    found[1] += bool(seat.get("won")) and others
    found[2] += sum(totals)
    found[3] = max(totals) if found[3] is None else max(found[3], *totals)
    found[4] += bonus or 0
    found[5] += games if bonus is not None else 0
    found[6] += five or 0
    found[7] += games if five is not None else 0


_ADD_SUMS = """
INSERT INTO players (variant, name, games, wins, points, best, bonus, bonus_games, five, five_games)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (variant, name) DO UPDATE SET
    games = games + excluded.games, wins = wins + excluded.wins, points = points + excluded.points,
    best = MAX(best, excluded.best), bonus = bonus + excluded.bonus,
    bonus_games = bonus_games + excluded.bonus_games, five = five + excluded.five,
    five_games = five_games + excluded.five_games
"""


def insert_entries(conn: sqlite3.Connection, entries: Iterable[dict[str, Any]], batch: int = 20_000) -> int:
    """Add entries (``result_entry``'s shape) inside the caller's transaction; returns how many."""
    first: int = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM results").fetchone()[0]
    numbers = Numbers(conn)
    added = 0
    results: list[Row] = []
    seats: list[Row] = []
    scores: list[Row] = []
    decisions: list[Row] = []
    slips: list[Row] = []
    sums: Sums = {}

    def flush() -> None:
        conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)
        scores.sort()  # in the table's order: each page is visited once
        conn.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", scores)
        conn.executemany("INSERT INTO decisions VALUES (?, ?, ?, ?, ?)", decisions)
        conn.executemany("INSERT INTO slips (result, seat, name, loss, position) VALUES (?, ?, ?, ?, ?)", slips)
        for rows in (results, seats, scores, decisions, slips):
            rows.clear()

    for result, seat_rows, score_rows, decision_rows, slip_rows in _rows(entries, first, numbers, sums):
        results.append(result)
        seats.extend(seat_rows)
        scores.extend(score_rows)
        decisions.extend(decision_rows)
        slips.extend(slip_rows)
        added += 1
        if len(results) >= batch:
            flush()
    flush()
    conn.executemany(_ADD_SUMS, [(*key, *values) for key, values in sorted(sums.items())])
    return added


def bulk_insert(conn: sqlite3.Connection, entries: Iterable[dict[str, Any]], after: Progress | None = None) -> int:
    """``insert_entries`` for many entries at once (the take-over, the benchmark), in the caller's transaction:
    a bigger page cache, and into empty records without the high scores' index, built once after (sorting it
    once is several times quicker than growing it row by row). ``after`` is told how far that last part is."""
    cache = conn.execute("PRAGMA cache_size").fetchone()[0]
    conn.execute("PRAGMA cache_size = -262144")  # up to 256 MB while it lasts
    try:
        indexes = []
        if conn.execute("SELECT id FROM results LIMIT 1").fetchone() is None:
            indexes = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                                   ).fetchall()
            for name, _ in indexes:
                conn.execute(f'DROP INDEX "{name}"')
        added = insert_entries(conn, entries)
        for done, (_, sql) in enumerate(indexes, 1):
            conn.execute(sql)
            if after:
                after(done / len(indexes))
    finally:
        conn.execute(f"PRAGMA cache_size = {cache}")
    return added
