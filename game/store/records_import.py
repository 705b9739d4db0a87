"""Taking over the records.json of earlier versions: read (and checked) as they read it, every game added
to the database in one transaction, then the file renamed ``records.json.imported`` and kept.

A marker in the database (the file's size and time) says a file was taken over, so a stop between the
commit and the rename never counts a game twice, and a stop before the commit leaves nothing: the next
start does it all again. A damaged file is moved aside with the old message.

The file is read one game at a time (``_games``), each added as it is read: how far into the file that is
says how far the take-over is, and the games read are let go as they are added. Reading it whole kept every
game alive at once, and Python's garbage collector walked them all again and again (4 of the 5 seconds a
200,000-game file took to read). Anything unusual in the file sends it back to the old reader, so every file
gives the same games or the same message as before.
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.errors import NotJSON, json_from
from game.paths import read_file
from game.store.records_db import RecordsDamage
from game.store.records_tables import Progress, bulk_insert
from game.store.storage import move_aside

JSON_FILE = "records.json"
READING = 0.9  # the share of a take-over's time spent reading and adding the games; the rest is the index
_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's own whitespace
_DECODER = json.JSONDecoder()


class _Unusual(Exception):
    """Something ``_games`` does not read (a damaged file, another shape): the old reader decides."""


def read_json(path: Path) -> tuple[list[dict[str, Any]], str | None]:
    """The entries, and a one-line message if the file was damaged (it is then moved aside, kept)."""
    try:
        text = read_file(path).decode("utf-8")  # a FIFO in its place is refused, not waited on
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as error:
        return _damaged(path, str(error), "unreadable")
    try:
        data = json_from(text)
    except NotJSON as error:
        return _damaged(path, str(error), "not_json")
    entries = data.get("results") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(_sound(e) for e in entries):
        return _damaged(path, "its entries are not records", "not_records")
    return entries, None


SQLITE_INT = 2 ** 63  # SQLite keeps whole numbers in 64 bits: a larger one would fail the take-over, not be refused


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -SQLITE_INT < value < SQLITE_INT


def _count(value: Any) -> bool:
    return value is None or (_whole(value) and value >= 0)


def _date(value: Any) -> bool:
    """Seconds since 1970 as a date can show them (JSON lets a hand-edited file say Infinity or NaN)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value < 2 ** 40)


def _sound(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("variant"), str)
            and _date(entry.get("date")) and isinstance(entry.get("seats"), list)
            and _count(entry.get("games", 1)) and _count(entry.get("undos", 0))
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) and _whole(s.get("total"))
                    and isinstance(s.get("kind"), (str, type(None))) and isinstance(s.get("level"), (str, type(None)))
                    and _count(s.get("upper_bonus")) and _count(s.get("five_alike")) and _count(s.get("undos"))
                    and isinstance(s.get("game_totals", []), list)
                    and all(_whole(t) for t in s.get("game_totals", []))
                    for s in entry["seats"]))


def _games(text: str, progress: Progress) -> Iterator[dict[str, Any]]:
    """The games of the file's "results", one by one, each checked as ``read_json`` checks them. Raises
    _Unusual for anything else: not an object, a "results" that is not a list or comes twice, a bad game."""
    end, seen = len(text), False

    def skip(at: int) -> int:
        space = _SPACE.match(text, at)
        assert space is not None  # it matches no space at all too
        return space.end()

    def expect(at: int, char: str) -> int:
        if text[at:at + 1] != char:
            raise _Unusual(at)
        return skip(at + 1)

    try:
        at = expect(skip(0), "{")
        while text[at:at + 1] != "}":
            if text[at:at + 1] != '"':
                raise _Unusual(at)  # a key is a string
            key, at = _DECODER.raw_decode(text, at)
            at = expect(skip(at), ":")
            if key != "results":
                _, at = _DECODER.raw_decode(text, at)
            elif seen or text[at:at + 1] != "[":
                raise _Unusual(at)
            else:
                seen, at = True, skip(at + 1)
                count = 0
                while text[at:at + 1] != "]":
                    entry, at = _DECODER.raw_decode(text, at)
                    if not _sound(entry):
                        raise _Unusual(at)
                    yield entry
                    count += 1
                    if count % 500 == 0:
                        progress(at / end)
                    at = skip(at)
                    if text[at:at + 1] == ",":
                        at = skip(at + 1)
                    elif text[at:at + 1] != "]":
                        raise _Unusual(at)
                at = skip(at + 1)
            if text[at:at + 1] == ",":
                at = skip(at + 1)
            elif text[at:at + 1] != "}":
                raise _Unusual(at)
        if skip(at + 1) != end or not seen:
            raise _Unusual(at)
    except (ValueError, TypeError, RecursionError) as error:  # JSON's own errors (and a number past the digit
        raise _Unusual(str(error)) from error  # limit, a nesting too deep); a key that is not a string


def _damaged(path: Path, problem: str, reason: str) -> tuple[list[dict[str, Any]], str]:
    kept = move_aside(path)
    return [], RecordsDamage(problem, reason, kept.name if kept else None)


def _signature(path: Path) -> str:
    found = path.stat()
    return f"took over {path.name}: {found.st_size} bytes, {found.st_mtime_ns}"


def take_over(conn: sqlite3.Connection, folder: Path, progress: Progress | None = None) -> str | None:
    """If the old file is there, add its games (once); returns the old damage message if it had one.
    ``progress`` hears how far it is (only when there is a file to take over)."""
    path = folder / JSON_FILE
    try:
        signature = _signature(path)
    except FileNotFoundError:
        return None
    tell = progress or (lambda done: None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not path.exists() or conn.execute("SELECT 1 FROM meta WHERE key = ?", (signature,)).fetchone():
            conn.execute("ROLLBACK")  # taken over, but stopped before the rename
        else:
            tell(0.0)
            message, added = _add_games(conn, path, tell)
            if message:
                conn.execute("ROLLBACK")
                return message
            conn.execute("INSERT INTO meta VALUES (?, ?)", (signature, str(added)))
            conn.execute("COMMIT")
            tell(1.0)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    target, counter = path.with_name(path.name + ".imported"), 1
    while target.exists():  # a second take-over (an older version wrote one again) keeps the first
        counter += 1
        target = path.with_name(f"{path.name}.imported-{counter}")
    try:
        os.replace(path, target)
    except FileNotFoundError:
        pass  # another process starting at the same moment took it over and renamed it
    return None


def _add_games(conn: sqlite3.Connection, path: Path, tell: Progress) -> tuple[str | None, int]:
    """The file's games added (inside the caller's transaction), as they are read; or the damage message."""
    after = lambda done: tell(READING + (1 - READING) * done)  # noqa: E731
    try:
        text = read_file(path).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        text = None  # the old reader says what is wrong
    if text is not None:
        conn.execute("SAVEPOINT reading")
        try:
            added = bulk_insert(conn, _games(text, lambda done: tell(READING * done)), after)
            conn.execute("RELEASE reading")
            return None, added
        except _Unusual:
            conn.execute("ROLLBACK TO reading")
            conn.execute("RELEASE reading")
        del text
    entries, message = read_json(path)
    return message, 0 if message else bulk_insert(conn, entries, after)
