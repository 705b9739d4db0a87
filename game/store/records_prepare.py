"""Opening the records at start-up, away from the screen: checked, brought up to date, the old records.json
taken over, in a thread of its own with its own connection, telling how far it is.

The screen asks ``busy``, ``task`` and ``progress`` (a small scene says "Bringing your records over… 40%") and
writes nothing to the records until it is done: a game finished meanwhile waits in memory (scenes.persist) and
lands after, once. Each piece of work is one transaction, so a kill (or the game closed) in the middle leaves
the file as it was, and the next start does that piece again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from game.store.records import bring_up_to_date, records_path
from game.store.records_db import close


class Stopped(Exception):
    """The work was asked to stop (the game is closing): it is given up, and done again at the next start."""


class Preparation:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or records_path()
        self.task: str | None = None  # "updating" (an older file) or "taking_over" (records.json): worth showing
        self.progress = 0.0  # how far that task is, 0 to 1
        self.message: str | None = None  # a damaged file set aside (RecordsDamage), once done
        self.error: Exception | None = None  # why the records could not be opened, once done
        self._stop = threading.Event()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> Preparation:
        # A daemon: a game closed mid-way does not wait for it (the transaction is dropped, as by a kill).
        self._thread = threading.Thread(target=self._run, name="records", daemon=True)
        self._thread.start()
        return self

    @property
    def busy(self) -> bool:
        return self._thread is not None and not self._done.is_set()

    def wait(self, seconds: float | None = None) -> bool:
        """Until the work is done (or ``seconds`` have passed); whether it is."""
        return self._done.wait(seconds)

    def stop(self, seconds: float = 1.0) -> None:
        """Ask the work to stop, and wait a little for it: it stops at its next step (every few hundred games)."""
        self._stop.set()
        self.wait(seconds)

    def _noting(self, task: str) -> Callable[[float], None]:
        def note(done: float) -> None:
            if self._stop.is_set():
                raise Stopped
            self.task, self.progress = task, done
        return note

    def _run(self) -> None:
        try:
            self.message = bring_up_to_date(self.path, self._noting("updating"), self._noting("taking_over"))
        except Exception as error:  # the screen's thread says it (and tries again itself when a game ends)
            # Asked to stop: the Stopped raised in a long SQL statement comes back as SQLite's "interrupted".
            self.error = None if self._stop.is_set() else error
        finally:
            close(self.path, threading.get_ident())  # its number may be given to another thread
            self._done.set()
