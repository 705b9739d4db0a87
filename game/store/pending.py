"""Finished games whose result the records could not take yet (a full or read-only disk, a newer version's
records): kept in ``pending-results.json`` in the user's data folder, written whole or not at all, until they can.

Before, such a result lived only in memory and in the autosave one move before the end: quitting, or a New game
that replaced the save, lost it. Each kept result has a number of its own; the records note that number in the
same transaction that adds the game (``records.add_waiting``), so a stop between adding and clearing this file
never counts a game twice. A damaged file is moved aside (kept), as every other file of ours.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.store.records_import import _sound
from game.store.storage import move_aside, read_json, write_json

PENDING_FILE = "pending-results.json"
KEY = "kept"  # the number a kept result carries; the records' meta notes it as "pending NUMBER"


def pending_path() -> Path:
    return user_data_dir() / PENDING_FILE


def waiting(path: Path | None = None) -> list[dict[str, Any]]:
    """The results waiting for the records, oldest first; a file that cannot be used is set aside (none then)."""
    path = path or pending_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return []
    except (OSError, ValueError):
        move_aside(path)
        return []
    if not isinstance(data, list) or not all(_sound(e) and isinstance(e.get(KEY), str) for e in data):
        move_aside(path)
        return []
    return data


def keep(entry: dict[str, Any], path: Path | None = None) -> None:
    """Add one finished game's result (``records.result_entry``) to the waiting ones. Raises OSError when it
    cannot be written: the caller holds the result in memory then."""
    path = path or pending_path()
    write_json(path, waiting(path) + [dict(entry, **{KEY: uuid.uuid4().hex})], backup=False)


def taken(numbers: set[str], path: Path | None = None) -> None:
    """The records hold these results now: they leave the file (the file goes once it is empty)."""
    path = path or pending_path()
    left = [entry for entry in waiting(path) if entry[KEY] not in numbers]
    if left:
        write_json(path, left, backup=False)
    else:
        path.unlink(missing_ok=True)
