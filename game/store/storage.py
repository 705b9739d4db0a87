"""Writing files so that nothing is ever half-written, and keeping bad files instead of deleting them.

``write_atomic`` writes a temporary file beside the target, flushes and
fsyncs it, keeps the previous version as ``NAME.bak`` and renames the new
one into place: a crash or a power cut leaves either the old file or the
new one, never a mix. ``move_aside`` renames a damaged file to
``NAME.damaged-TIME`` so the player's data is kept for a bug report.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

from filelock import FileLock

from game.errors import json_from
from game.paths import read_file
from game.rules.yamlsource import MAX_BYTES


def write_atomic(path: Path, text: str, backup: bool = True, mode: int | None = None) -> None:
    """``mode`` (say 0o600 for a file that holds a PIN) is set exactly, whatever the umask."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666 if mode is None else mode)
    if mode is not None:
        os.chmod(temporary, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    if backup and path.is_file():  # a FIFO or a folder in its place is no save to keep (copying one may block)
        # copy (not move) to the backup, so the file itself is never missing, not even for a moment
        spare = path.with_name(f".{path.name}.{os.getpid()}.bak.tmp")
        shutil.copyfile(path, spare)
        os.replace(spare, path.with_name(path.name + ".bak"))
    os.replace(temporary, path)
    _sync_folder(path.parent)


STALE_AFTER = 24 * 3600  # seconds: a temporary file this old was left by an interrupted write


def clean_stale_temporaries(*folders: Path) -> int:
    """Remove the temporary files of writes that a kill or a power cut interrupted (``.NAME.PID.tmp``), where
    that process is gone. Returns how many went."""
    removed = 0
    for folder in folders:
        try:
            candidates = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for path in candidates:
            parts = path.name.split(".")
            pid = next((int(part) for part in reversed(parts) if part.isdigit()), None)
            if pid is None or pid == os.getpid() or (process_alive(pid) and not _forgotten(path)):
                continue
            try:
                path.unlink()
                removed += 1
            except OSError:
                pass
    return removed


def _forgotten(path: Path) -> bool:
    """Untouched for a day: no write takes that long, so its process is gone (a pid used again since, or a
    system such as Windows where a pid cannot be asked about)."""
    try:
        return time.time() - path.stat().st_mtime > STALE_AFTER
    except OSError:
        return False


def process_alive(pid: int) -> bool:
    """Whether a process runs (where that cannot be told, it is taken to: its files are left alone)."""
    if os.name == "nt":  # os.kill there would end the process; the pid may be reused anyway
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or we cannot tell: leave its file alone
    return True


def _sync_folder(folder: Path) -> None:
    # The rename itself is only durable once the folder's entry is on disk (POSIX); Windows has no such call.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json(path: Path, data: Any, backup: bool = True) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")), backup)


def read_json(path: Path) -> Any:
    """A small JSON file's data. Raises OSError (FileNotFoundError: there is none; NotAFile: a FIFO, a folder...)
    or ValueError: not JSON, not UTF-8, nested too deep, or larger than any file of ours (``MAX_BYTES``; never more
    than that is read)."""
    raw = read_file(path, MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // 1024} KB")
    return json_from(raw)  # NotJSON, a ValueError, whatever is wrong (a 5,000-digit number too)


def move_aside(path: Path, why: str = "damaged") -> Path | None:
    """Rename a file out of the way (kept, not deleted), its name saying why and when: ``damaged`` or ``reset``
    (a reset the admin asked for: nothing was wrong with it); returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{why}-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def lock_for(path: Path, timeout: float = 10.0) -> FileLock:
    """A lock shared by every process that writes this file (two games finishing at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(str(path.with_name(path.name + ".lock")), timeout=timeout)
