"""A kiosk's run, marked in the state folder while it lasts: a mark found at the next start means the last run
did not end cleanly (a crash, a ``kill -9``, a power cut), and the operator's log says so."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from game.paths import user_state_dir
from game.store.storage import read_json, write_atomic

RUNNING_FILE = "kiosk-running"  # in the state folder while a kiosk runs; left behind, it says the last end was unclean


class RunMark:
    """Marks a kiosk's run in the state folder, so the next start can say that the last one did not end cleanly
    (a crash, a ``kill -9``, a power cut): the operator's log then holds a line where the run broke off."""

    def __init__(self, path: Path | None = None, wall: Callable[[], float] = time.time):
        self.path = path or user_state_dir() / RUNNING_FILE
        self.wall = wall

    def start(self) -> str | None:
        """Mark this run; returns the line for the log when the last run left its mark behind."""
        said = None
        try:
            data = read_json(self.path)
            began = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(float(data["started"])))
            said = f"kiosk: the last run (started {began}) did not end cleanly: a crash, a kill or a power cut"
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError, OverflowError):
            said = "kiosk: the last run did not end cleanly: a crash, a kill or a power cut"
        try:
            write_atomic(self.path, json.dumps({"started": self.wall(), "pid": os.getpid()}), backup=False)
        except OSError:
            pass  # only the next start's line is lost
        return said

    def end(self) -> None:
        """Take this process's mark off (another run's, a crashed kiosk's, is left for the next kiosk to see)."""
        try:
            if read_json(self.path).get("pid") == os.getpid():
                self.path.unlink()
        except (OSError, ValueError, AttributeError):
            pass
