"""Taking over the records.json of earlier versions: read (and checked) as they read it, every game added
to the database in one transaction, then the file renamed ``records.json.imported`` and kept.

A marker in the database (the file's size and time) says a file was taken over, so a stop between the
commit and the rename never counts a game twice; a damaged file is moved aside with the old message.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from game.store.records_db import RecordsDamage, bulk_insert
from game.store.storage import move_aside

JSON_FILE = "records.json"


def read_json(path: Path) -> tuple[list[dict], str | None]:
    """The entries, and a one-line message if the file was damaged (it is then moved aside, kept)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as error:
        return _damaged(path, str(error), "unreadable")
    try:
        data = json.loads(text)
    except ValueError as error:
        return _damaged(path, f"not complete JSON ({error.msg})", "not_json")
    entries = data.get("results") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(_sound(e) for e in entries):
        return _damaged(path, "its entries are not records", "not_records")
    return entries, None


def _count(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)


def _sound(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("variant"), str)
            and isinstance(entry.get("date"), (int, float)) and isinstance(entry.get("seats"), list)
            and _count(entry.get("games", 1)) and _count(entry.get("undos", 0))
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("total"), int)
                    and _count(s.get("upper_bonus")) and _count(s.get("five_alike"))
                    and all(isinstance(t, int) for t in s.get("game_totals", []))
                    for s in entry["seats"]))


def _damaged(path: Path, problem: str, reason: str) -> tuple[list[dict], str]:
    kept = move_aside(path)
    return [], RecordsDamage(problem, reason, kept.name if kept else None)


def _signature(path: Path) -> str:
    found = path.stat()
    return f"took over {path.name}: {found.st_size} bytes, {found.st_mtime_ns}"


def take_over(conn: sqlite3.Connection, folder: Path) -> str | None:
    """If the old file is there, add its games (once); returns the old damage message if it had one."""
    path = folder / JSON_FILE
    try:
        signature = _signature(path)
    except FileNotFoundError:
        return None
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not path.exists() or conn.execute("SELECT 1 FROM meta WHERE key = ?", (signature,)).fetchone():
            conn.execute("ROLLBACK")  # taken over, but stopped before the rename
        else:
            entries, message = read_json(path)
            if message:
                conn.execute("ROLLBACK")
                return message
            bulk_insert(conn, entries)
            conn.execute("INSERT INTO meta VALUES (?, ?)", (signature, str(len(entries))))
            conn.execute("COMMIT")
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
