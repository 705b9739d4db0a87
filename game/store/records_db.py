"""The records database: its file, opening it safely (checked, brought to this version), damage.

SQLite in WAL mode, one connection per thread kept open (closed before the file is moved). Every
write is one ``BEGIN IMMEDIATE`` transaction with a busy timeout, so two games finishing at once both
land and a kill leaves either the whole game or none of it. A file that is not a database, is shorter
than its header says or fails SQLite's check is moved aside (kept, with its -wal and -shm) and new
records start. SQLite's own errors carry no errno and no file name: writes that cannot happen become an
``OSError`` naming the file, as every other save does.

The tables, their versions and adding rows are ``records_tables``'s.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from pathlib import Path

from game.paths import NotAFile, read_file
from game.store.records_tables import VERSION, Progress, create, from_text_rows, from_version_3, from_version_4
from game.store.storage import lock_for, move_aside

BUSY_SECONDS = 10.0  # how long a writer waits for another to finish
TO_COMPACT = "compact"  # the key in ``meta`` while the file is still to be written anew (see ``compact``)
COMPACTING = 0.9  # how far an update is when its compaction starts
# How far a compaction is: SQLite takes about 590 steps (instructions) per page in use to write the file anew
# (measured on 20,000 and 100,000 games); it is looked at every 10,000.
STEPS_PER_PAGE, STEPS = 590, 10_000
_MAGIC = b"SQLite format 3\x00"
# The check at the first open in each process, at every size. integrity_check also proves that every index
# holds exactly its table's rows, which costs five to six times as much: on a million games (343 MB, in the
# page cache, 2-core VM) 4.6 s against 0.8 s for quick_check, so it ran only up to 64 MB and larger files went
# unchecked. quick_check still reads every page and checks every b-tree and every row's format, where a file
# cut short or spoiled shows. The game makes its first open at start-up in a thread of its own
# (records_prepare), so no screen waits even for that; the command line pays 0.2 s at 200,000 games.
CHECK = "quick_check"
_checked: set[str] = set()  # files this process has checked
_connections: dict[tuple[str, int], tuple[sqlite3.Connection, int]] = {}  # (file, thread): (connection, inode)
_newer: dict[str, int] = {}  # files of a newer version open read-only in this process: their version
_registry = threading.Lock()  # the two above, shared by the screen's thread and the one opening the records


class RecordsDamage(str):
    """The one-line message about a records file that could not be read, in English (for the command line).

    ``reason`` (unreadable, not_json, not_records for the old records.json; not_database, truncated,
    failed_check, mismatched for the database) and ``kept`` (the name the file was set aside as, if any) let a
    screen say it in the player's language."""

    problem: str
    reason: str
    kept: str | None

    def __new__(cls, problem: str, reason: str, kept: str | None = None) -> RecordsDamage:
        where = f"; kept as {kept}" if kept else ""
        message = super().__new__(cls, f"The records file could not be read ({problem}{where}); new records start now.")
        message.problem, message.reason, message.kept = problem, reason, kept
        return message

    def __reduce__(self) -> tuple[type[RecordsDamage], tuple[str, str, str | None]]:
        return (RecordsDamage, (self.problem, self.reason, self.kept))


class RecordsNewer(str):
    """The one-line message about records of a newer version, opened read-only (English, for the command line)."""

    reason = "newer"
    version: int

    def __new__(cls, version: int) -> RecordsNewer:
        message = super().__new__(cls, f"The records were written by a newer version of Dice Parlor (version {version} "
                                       f"of the file, this one knows {VERSION}): they are shown as they are, and no "
                                       "game is added to them here.")
        message.version = version
        return message

    def __reduce__(self) -> tuple[type[RecordsNewer], tuple[int]]:
        return (RecordsNewer, (self.version,))


def newer_version(path: Path) -> int | None:
    """The version of a newer game's file this process has open read-only, or None (a file it may write)."""
    with _registry:
        return _newer.get(str(path))


class Damaged(Exception):
    """The database is not sound; ``reason`` says how."""

    def __init__(self, problem: str, reason: str) -> None:
        super().__init__(problem)
        self.problem, self.reason = problem, reason


# SQLite's result codes (the low byte) as the errno a failing file write gives
_ERRNO = {sqlite3.SQLITE_FULL: errno.ENOSPC, sqlite3.SQLITE_READONLY: errno.EROFS,
          sqlite3.SQLITE_CANTOPEN: errno.EACCES, sqlite3.SQLITE_IOERR: errno.EIO, sqlite3.SQLITE_BUSY: errno.EBUSY,
          sqlite3.SQLITE_LOCKED: errno.EBUSY, sqlite3.SQLITE_PERM: errno.EACCES}


ROOM = 1024 * 1024  # bytes: with less free beside the file, an I/O error is the disk being full
DISK_FULL = "disk full"


def as_os_error(error: sqlite3.Error, path: Path) -> OSError:
    """SQLite's error as the OSError a file write gives. A full disk says "disk full" plainly: SQLite calls it
    SQLITE_FULL only where a write of its own failed; growing the -shm on a full disk is an I/O error
    (SQLITE_IOERR_SHMSIZE), so an I/O error with no room left beside the file is taken for what it is."""
    code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == sqlite3.SQLITE_FULL or code == sqlite3.SQLITE_IOERR and _no_room(path):
        return OSError(errno.ENOSPC, DISK_FULL, str(path))
    number = _ERRNO.get(code, errno.EIO)
    return OSError(number, f"{os.strerror(number)} ({error})", str(path))


def _no_room(path: Path) -> bool:
    try:
        found = os.statvfs(path.parent)
    except (OSError, AttributeError):  # Windows has no statvfs
        return False
    return found.f_bavail * found.f_frsize < ROOM


# SQLite's words for a statement that names a table or column the file does not have: its tables are not the
# ones its version says (a hand-made or half-copied file), which no retry mends.
_MISMATCH = ("no such table", "no such column", "has no column named")


def is_mismatch(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(words in str(error) for words in _MISMATCH)


def is_damage(error: sqlite3.Error) -> bool:
    """Damage in the file itself, not a failure to reach it (those are OperationalErrors: locked, full, I/O),
    tables that do not match its version included."""
    code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    return (code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or type(error) is sqlite3.DatabaseError
            or is_mismatch(error))


def damage_reason(error: sqlite3.Error) -> str:
    if "not a database" in str(error):
        return "not_database"
    return "mismatched" if is_mismatch(error) else "failed_check"


_expected: dict[str, set[str]] = {}  # this version's tables and their columns, from an empty file made once


def _layout(conn: sqlite3.Connection) -> dict[str, set[str]]:
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {table: {row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?)", (table,))}
            for table in tables}


def tables_problem(conn: sqlite3.Connection) -> str | None:
    """What is missing from the file's tables for this version, in words; None when every table and column is
    there (more is left alone)."""
    if not _expected:
        empty = sqlite3.connect(":memory:")
        try:
            create(empty)
            _expected.update(_layout(empty))
        finally:
            empty.close()
    found = _layout(conn)
    for table, columns in sorted(_expected.items()):
        if table not in found:
            return f"its tables do not match its version {VERSION}: no table {table}"
        missing = sorted(columns - found[table])
        if missing:
            return f"its tables do not match its version {VERSION}: table {table} has no column {missing[0]}"
    return None


def sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]


def move_db_aside(path: Path, why: str = "damaged") -> str | None:
    """Move the file and its -wal and -shm aside (kept); returns the name it was kept as."""
    close(path)
    kept = move_aside(path, why)
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
        header = read_file(path, 100)
    except FileNotFoundError:
        return None
    except NotAFile as error:  # a FIFO where the file should be: set aside like any damaged file, never waited on
        return Damaged(str(error), "not_database")
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


def connect(path: Path, progress: Progress | None = None) -> sqlite3.Connection:
    """This thread's connection to the database: opened, checked and brought to this version the first time,
    kept open after (a game added is one short transaction, not an open and a checkpoint). ``progress`` hears
    how far bringing an older file up to date is. Raises Damaged, or OSError when the file cannot be opened."""
    key = (str(path), threading.get_ident())
    if key in _connections:
        conn, inode = _connections[key]
        try:
            if path.stat().st_ino == inode:  # still the same file (not moved aside by someone else)
                return conn
        except OSError:
            pass
        close(path)
    with _registry:
        others = [k for k in _connections if k[1] == key[1]]
    for other in others:  # one records file at a time (tests use many)
        close(Path(other[0]))
    # The first open is made under a lock shared by every process: another one creating the file at this moment
    # has half a header on disk, which would look damaged, be moved aside, and take its games with it.
    with lock_for(path, timeout=BUSY_SECONDS):
        return _first_connect(path, key, progress)


def _first_connect(path: Path, key: tuple[str, int], progress: Progress | None) -> sqlite3.Connection:
    writable(path)
    # Read by hand only while this process has it open nowhere (see ``writable``): another thread's open
    # connection means it was checked already.
    with _registry:
        problem = None if any(k[0] == str(path) for k in _connections) else _header_problem(path)
    if problem:
        raise problem
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:  # a newer game's: shown as it is and never written, so going back to it loses nothing
            conn.execute("PRAGMA query_only = 1")
            with _registry:
                _connections[key] = (conn, path.stat().st_ino)
                _newer[str(path)] = version
            return conn
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")  # a finished game survives a power cut too
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if str(path) not in _checked and version:
            found = [row[0] for row in conn.execute(f"PRAGMA {CHECK}(5)")]
            if found != ["ok"]:
                raise Damaged(f"its check failed: {' '.join(' '.join(found).split())[:200]}", "failed_check")
        _checked.add(str(path))
        if version < VERSION:
            migrate(conn, progress)
        mismatch = tables_problem(conn)
        if mismatch:  # every write would fail for ever ("no such table"): set aside like a damaged file
            raise Damaged(mismatch, "mismatched")
        compact(conn, progress)  # one left to do by a start stopped during it
        with _registry:
            _connections[key] = (conn, path.stat().st_ino)
    except Damaged:
        conn.close()
        raise
    except sqlite3.Error as error:
        conn.close()
        if is_damage(error):
            raise Damaged(str(error), damage_reason(error)) from error
        raise as_os_error(error, path) from error
    except BaseException:
        conn.close()
        raise
    return conn


def close(path: Path | None = None, thread: int | None = None) -> None:
    """Close this process's connections to the file (all files without one), or only ``thread``'s: before the
    file is moved, or when the thread that opened one ends (its number may be given to a new thread)."""
    with _registry:
        keys = [k for k in _connections if (path is None or k[0] == str(path)) and thread in (None, k[1])]
        found = [_connections.pop(key)[0] for key in keys]
        for name in {k[0] for k in keys} - {k[0] for k in _connections}:
            _newer.pop(name, None)
    for conn in found:
        try:
            conn.close()
        except sqlite3.Error:
            pass


def migrate(conn: sqlite3.Connection, progress: Progress | None = None) -> None:
    """Bring the tables to this version, in one transaction (another process may be doing it too). A file of
    version 1 or 2 is then written anew (``compact``): its old rows would otherwise keep their room in it."""
    tell = progress or (lambda done: None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            create(conn)
        elif version < 3:
            conn.execute("PRAGMA secure_delete = OFF")  # the old rows' pages are given back by the compaction
            from_text_rows(conn, lambda done: tell(COMPACTING * done))
        elif version == 3:
            from_version_3(conn)
        elif version < VERSION:
            from_version_4(conn)
        if 0 < version < VERSION and (version < 3 or _mostly_free(conn)):
            # In the same transaction as the update: a stop anywhere after it leaves the compaction to do.
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (TO_COMPACT, f"from version {version}"))
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _mostly_free(conn: sqlite3.Connection) -> bool:
    """More than a quarter of the file is pages no table uses: a version 3 file whose compaction after its update
    from version 1 or 2 was stopped (nothing did it again then)."""
    return bool(_pages(conn, "freelist_count * 4 > page_count"))


def _pages(conn: sqlite3.Connection, what: str) -> int:
    pages: int = conn.execute(f"SELECT {what} FROM pragma_page_count, pragma_freelist_count").fetchone()[0]
    return pages


def compact(conn: sqlite3.Connection, progress: Progress | None = None) -> None:
    """Write the file anew (VACUUM) if the marker in ``meta`` says a compaction is still to do, then take the
    marker away. VACUUM is one transaction: a kill or a stop (``progress`` raising) during it changes nothing,
    the marker stays and the next first open does it again; a kill after it, before the marker goes, only
    means doing it once more. ``progress`` hears it go from 0.9 to 1 (the update before it had the rest)."""
    if not conn.execute("SELECT 1 FROM meta WHERE key = ?", (TO_COMPACT,)).fetchone():
        return
    tell = progress or (lambda done: None)
    tell(COMPACTING)
    used = max(1, _pages(conn, "page_count - freelist_count"))
    looks = [0]

    def meanwhile() -> int:
        looks[0] += 1
        tell(COMPACTING + (1 - COMPACTING) * min(0.99, looks[0] * STEPS / (used * STEPS_PER_PAGE)))
        return 0
    conn.set_progress_handler(meanwhile, STEPS)
    try:
        conn.execute("VACUUM")
    finally:
        conn.set_progress_handler(None, 0)
    conn.execute("DELETE FROM meta WHERE key = ?", (TO_COMPACT,))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # and the log, the size of the file by now, goes
    tell(1.0)
