"""One copy of the table at a time on one user's files: two copies would play into the same autosave, and the
one closed last would lose the other's game without a word.

The running copy holds a lock on ``running.lock`` beside the autosave. The operating system lets go of it
when the process ends, however it ends (a kill, a crash, a power cut), so a stale lock never blocks a start.
A second start finds the lock taken, touches ``running.front`` to ask the running copy to come to the front,
and leaves. The commands (records, variants, advise, simulate, check-variant) take no lock.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from filelock import FileLock, Timeout

from game.paths import user_data_dir

LOCK_FILE = "running.lock"
FRONT_FILE = "running.front"  # touched by a second start: "come to the front"
ALREADY_RUNNING = "Dice Parlor is already running"


class OneCopy:
    """The running copy's hold on the user's files (``take``), and its look for a second start (``asked``)."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or user_data_dir()
        self.lock: FileLock | None = None
        self._seen: int | None = None  # the front file's time of change when last looked at

    def take(self) -> bool:
        """True when this copy may run: the lock is ours, or cannot be had at all (a read-only home: then the
        autosave cannot be written either, and nothing is lost by a second copy). False: another copy runs."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.folder / LOCK_FILE), timeout=0, thread_local=False)
            lock.acquire()
        except Timeout:
            return False
        except OSError:
            return True
        self.lock = lock
        self._seen = self._front_time()
        return True

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def ask_to_front(self) -> None:
        """From a second start: ask the running copy to show its window (it looks every half second)."""
        path = self.folder / FRONT_FILE
        try:
            # Opened without waiting: a FIFO in its place would block a plain touch for ever.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o666))
            now = time.time_ns()
            os.utime(path, ns=(now, now))  # a new time even where touching an existing file keeps it
        except OSError:
            pass  # the running copy stays where it is; this start still leaves

    def asked(self) -> bool:
        """Whether a second start asked to see this copy since the last look."""
        if self.lock is None:
            return False
        seen, self._seen = self._seen, self._front_time()
        return self._seen is not None and self._seen != seen

    def _front_time(self) -> int | None:
        try:
            return (self.folder / FRONT_FILE).stat().st_mtime_ns
        except OSError:
            return None

    def __enter__(self) -> OneCopy:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()
