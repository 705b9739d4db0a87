"""The records database: its file, its tables and their versions, opening it safely, writing rows.

SQLite in WAL mode, one connection per thread kept open (closed before the file is moved). Every
write is one ``BEGIN IMMEDIATE`` transaction with a busy timeout, so two games finishing at once both
land and a kill leaves either the whole game or none of it. A file that is not a database, is shorter
than its header says or fails ``PRAGMA integrity_check`` is moved aside (kept, with its -wal and -shm)
and new records start. SQLite's own errors carry no errno and no file name: writes that cannot happen
become an ``OSError`` naming the file, as every other save does.

Tables (``PRAGMA user_version`` 2):
  results  one per finished game or match (what ``add_result`` adds): variant, date, games, solo, undos
  seats    one per seat of a result: name, kind, level, match total, won, upper bonuses, five alikes
  scores   one per game of each seat (a match of six games has six), with what the screens filter by
  players  one per (variant, name) of people: sums kept in the same transaction as each insert (version 2)
  meta     what was taken over from the old records.json
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from pathlib import Path
from typing import Iterable, Iterator

from game.store.storage import lock_for, move_aside

BUSY_SECONDS = 10.0  # how long a writer waits for another to finish
VERSION = 2
_MAGIC = b"SQLite format 3\x00"
# The full check reads every page (about 1.5 s for 100,000 games): at the first open in a process, up to
# this size. Past it SQLite's own checks as it reads (a damaged page is an error, handled as damage) remain.
CHECK_BYTES = 64 * 1024 * 1024
_checked: set[str] = set()  # files this process has checked
_connections: dict[tuple[str, int], tuple[sqlite3.Connection, int]] = {}  # (file, thread): (connection, inode)

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
# Statistics over a million games summed row by row take longer than a screen may wait: keep the sums.
VERSION_2 = """
CREATE TABLE players (
    variant TEXT NOT NULL, name TEXT NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    points INTEGER NOT NULL, best INTEGER NOT NULL, bonus INTEGER NOT NULL, bonus_games INTEGER NOT NULL,
    five INTEGER NOT NULL, five_games INTEGER NOT NULL, PRIMARY KEY (variant, name)) WITHOUT ROWID;
CREATE INDEX players_by_games ON players (variant, games DESC, name);
DROP INDEX seats_by_name;
"""
MIGRATIONS = {1: VERSION_1, 2: VERSION_2}  # the script that brings version n-1 to n

# The sums of the new results (id >= ?) added to each player's row: games, points and best from the
# scores, wins and the bonuses from the seats. "+variant" keeps SQLite on the key's range of new rows
# rather than a walk along a whole index that is already grouped.
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


class RecordsDamage(str):
    """The one-line message about a records file that could not be read, in English (for the command line).

    ``reason`` (unreadable, not_json, not_records for the old records.json; not_database, truncated,
    failed_check, newer for the database) and ``kept`` (the name the file was set aside as, if any) let a screen
    say it in the player's language."""

    problem: str
    reason: str
    kept: str | None

    def __new__(cls, problem: str, reason: str, kept: str | None = None) -> "RecordsDamage":
        where = f"; kept as {kept}" if kept else ""
        message = super().__new__(cls, f"The records file could not be read ({problem}{where}); new records start now.")
        message.problem, message.reason, message.kept = problem, reason, kept
        return message

    def __reduce__(self):
        return (RecordsDamage, (self.problem, self.reason, self.kept))


class Damaged(Exception):
    """The database is not sound; ``reason`` says how."""

    def __init__(self, problem: str, reason: str) -> None:
        super().__init__(problem)
        self.problem, self.reason = problem, reason


# SQLite's result codes (the low byte) as the errno a failing file write gives
_ERRNO = {sqlite3.SQLITE_FULL: errno.ENOSPC, sqlite3.SQLITE_READONLY: errno.EROFS,
          sqlite3.SQLITE_CANTOPEN: errno.EACCES, sqlite3.SQLITE_IOERR: errno.EIO, sqlite3.SQLITE_BUSY: errno.EBUSY,
          sqlite3.SQLITE_LOCKED: errno.EBUSY, sqlite3.SQLITE_PERM: errno.EACCES}


def as_os_error(error: sqlite3.Error, path: Path) -> OSError:
    code = _ERRNO.get((getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF, errno.EIO)
    return OSError(code, f"{os.strerror(code)} ({error})", str(path))


def is_damage(error: sqlite3.Error) -> bool:
    """Damage in the file itself, not a failure to reach it (those are OperationalErrors: locked, full, I/O)."""
    code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or type(error) is sqlite3.DatabaseError


def sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]


def move_db_aside(path: Path) -> str | None:
    """Move the file and its -wal and -shm aside (kept); returns the name it was kept as."""
    close(path)
    kept = move_aside(path)
    for extra, suffix in zip(sidecars(path), ("-wal", "-shm")):
        try:
            os.replace(extra, extra.with_name((kept.name if kept else extra.name + ".old") + suffix))
        except FileNotFoundError:
            pass
        except OSError:
            pass  # the database itself is out of the way; a stale -shm is rebuilt by SQLite
    return kept.name if kept else None


def _header_problem(path: Path) -> Damaged | None:
    """Cheap checks before SQLite reads the file: its magic, and (with no log beside it) its length."""
    try:
        size = path.stat().st_size
        with open(path, "rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        return None
    if size == 0:
        return None  # a new, empty database
    if len(header) < 100 or not header.startswith(_MAGIC):
        return Damaged("it is not a records database", "not_database")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    wal = sidecars(path)[0]
    logged = wal.exists() and wal.stat().st_size > 0  # pages may be in the log (even mid-checkpoint)
    valid = header[24:28] == header[92:96]
    if not logged and valid and pages and (size < pages * page_size or size % page_size):
        return Damaged(f"it is shorter than it should be: {size} of {pages * page_size} bytes", "truncated")
    return None


def writable(path: Path) -> None:
    """SQLite quietly opens a file it may not write read-only and its errors name no file: opening a file
    beside it first gives the system's own error (EROFS, EACCES, ENOSPC, a folder that is a file) with its name.

    Never the database file itself: closing any descriptor of it drops every POSIX lock this process holds on
    it, SQLite's included, and another process may then think itself the last one and take the log (with the
    games in it) away."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o666))
    except OSError as error:
        error.filename = error.filename or str(path)
        raise


def connect(path: Path) -> sqlite3.Connection:
    """This thread's connection to the database: opened, checked and brought to this version the first time,
    kept open after (a game added is one short transaction, not an open and a checkpoint). Raises Damaged, or
    OSError when the file cannot be opened."""
    key = (str(path), threading.get_ident())
    if key in _connections:
        conn, inode = _connections[key]
        try:
            if path.stat().st_ino == inode:  # still the same file (not moved aside by someone else)
                return conn
        except OSError:
            pass
        close(path)
    for other in [k for k in _connections if k[1] == key[1]]:  # one records file at a time (tests use many)
        close(Path(other[0]))
    # The first open is made under a lock shared by every process: another one creating the file at this moment
    # has half a header on disk, which would look damaged, be moved aside, and take its games with it.
    with lock_for(path, timeout=BUSY_SECONDS):
        return _first_connect(path, key)


def _first_connect(path: Path, key: tuple[str, int]) -> sqlite3.Connection:
    writable(path)
    # Read by hand only while this process has it open nowhere (see ``writable``): another thread's open
    # connection means it was checked already.
    problem = None if any(k[0] == str(path) for k in _connections) else _header_problem(path)
    if problem:
        raise problem
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")  # a finished game survives a power cut too
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if str(path) not in _checked and version and path.stat().st_size <= CHECK_BYTES:
            found = [row[0] for row in conn.execute("PRAGMA integrity_check(5)")]
            if found != ["ok"]:
                raise Damaged(f"its check failed: {' '.join(' '.join(found).split())[:200]}", "failed_check")
        _checked.add(str(path))
        if version > VERSION:
            raise Damaged(f"it was written by a newer version of the game (version {version})", "newer")
        if version < VERSION:
            migrate(conn)
        _connections[key] = (conn, path.stat().st_ino)
    except Damaged:
        conn.close()
        raise
    except sqlite3.Error as error:
        conn.close()
        if is_damage(error):
            reason = "not_database" if "not a database" in str(error) else "failed_check"
            raise Damaged(str(error), reason) from error
        raise as_os_error(error, path) from error
    except BaseException:
        conn.close()
        raise
    return conn


def close(path: Path | None = None) -> None:
    """Close this process's connections to the file (all files without one): before it is moved."""
    for key in [k for k in _connections if path is None or k[0] == str(path)]:
        conn, _ = _connections.pop(key)
        try:
            conn.close()
        except sqlite3.Error:
            pass


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the tables to this version, in one transaction (another process may be doing it too)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for step in range(version + 1, VERSION + 1):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    conn.execute(statement)
            if step == 2 and version >= 1:
                conn.execute(_SUMS, (0,))  # the sums of what version 1 kept
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _rows(entries: Iterable[dict], first: int) -> Iterator[tuple[tuple, list[tuple], list[tuple]]]:
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


def insert_entries(conn: sqlite3.Connection, entries: Iterable[dict], batch: int = 20_000) -> int:
    """Add entries (``result_entry``'s shape) inside the caller's transaction; returns how many."""
    first = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM results").fetchone()[0]
    added, results, seats, scores = 0, [], [], []

    def flush() -> None:
        conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)
        conn.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", scores)
        results.clear(), seats.clear(), scores.clear()

    for result, seat_rows, score_rows in _rows(entries, first):
        results.append(result)
        seats.extend(seat_rows)
        scores.extend(score_rows)
        added += 1
        if len(results) >= batch:
            flush()
    flush()
    conn.execute(_SUMS, (first,))
    return added


def bulk_insert(conn: sqlite3.Connection, entries: Iterable[dict]) -> int:
    """``insert_entries`` for many entries at once (the take-over, the benchmark), in the caller's transaction:
    a bigger page cache, and into empty records without the indexes, built once after (sorting them once is
    several times quicker than growing them row by row)."""
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
        for _, sql in indexes:
            conn.execute(sql)
    finally:
        conn.execute(f"PRAGMA cache_size = {cache}")
    return added

