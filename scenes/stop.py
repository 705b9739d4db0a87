"""Stopping cleanly: SIGTERM (systemd's stop) and SIGINT (Ctrl+C) noted for the loop to see."""

from __future__ import annotations

import logging
import os
import signal
from typing import Any


class StopSignals:
    """SIGTERM (systemd's stop) and SIGINT (Ctrl+C) end the game cleanly, kiosk or not.

    Used as a context manager around the whole run: the handler only notes the signal, and the loop
    sees it within a frame, keeps the autosave and returns 0. SDL's own handlers are switched off (they
    would turn the signal into a window-close, which a kiosk ignores).
    """

    NUMBERS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self) -> None:
        self.signal: str | None = None
        self._previous: dict = {}

    def _noted(self, number: int, _frame: Any) -> None:
        self.signal = signal.Signals(number).name

    def __enter__(self) -> "StopSignals":
        self._previous = {number: signal.signal(number, self._noted) for number in self.NUMBERS}
        return self

    def __exit__(self, *_: Any) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)


EXIT_FILE = "DICE_PARLOR_EXIT_FILE"  # set by packaging/dice-parlor-kiosk-start


def say_exit(status: int) -> None:
    """The exit status, in the log and, for a start command that cannot see it (cage exits 0 whatever its
    program returned), in the file ``$DICE_PARLOR_EXIT_FILE`` names."""
    logging.getLogger("dice_parlor").info("exit status %d", status)
    path = os.environ.get(EXIT_FILE)
    if path:
        try:
            with open(path, "w", encoding="ascii") as file:
                file.write(f"{status}\n")
        except OSError as error:
            logging.getLogger("dice_parlor").warning("exit status not written to %s: %s", path, error.strerror)
