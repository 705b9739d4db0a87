"""Stopping cleanly: SIGTERM (systemd's stop) and SIGINT (Ctrl+C) noted for the loop to see, a stop that
cuts short what only shows, the exit status said (and written for the kiosk's start script), and a kiosk
with no screen to show on."""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.store.kiosk import NO_SCREEN_STATUS
from game.store.kiosk_run import RunMark
from scenes.logs import close_logging


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
        self._showing = 0  # inside parts that only show what was decided: a stop may cut them short

    def _noted(self, number: int, _frame: Any) -> None:
        self.signal = signal.Signals(number).name
        if self._showing:
            self._showing = 0
            raise StopNow(self.signal)

    @contextmanager
    def showing(self) -> Iterator[None]:
        """A part that only shows what was already decided and kept (a frame; a throw's flight, worked out
        whole before the dice move, which took 0.3 to 1.2 s on a busy 2-core kiosk): a stop signal ends it at
        once (StopNow, caught by the loop), so the game exits within a second of any stop."""
        self._showing += 1
        try:
            yield
        finally:
            self._showing = max(0, self._showing - 1)

    def __enter__(self) -> StopSignals:
        self._previous = {number: signal.signal(number, self._noted) for number in self.NUMBERS}
        return self

    def __exit__(self, *_: Any) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)


class StopNow(BaseException):
    """A stop signal that cut short a part that only shows (StopSignals.showing); not an error, so no
    ``except Exception`` takes it."""


EXIT_FILE = "DICE_PARLOR_EXIT_FILE"  # set by packaging/dice-parlor-kiosk-start


def say_exit(status: int) -> None:
    """The exit status, in the log and, for a start command that cannot see it (cage exits 0 whatever its
    program returned), in the file ``$DICE_PARLOR_EXIT_FILE`` names."""
    logging.getLogger("dice_parlor").info("exit status %d", status)
    RunMark().end()  # a clean end: a kiosk's next start has nothing to say about it
    path = os.environ.get(EXIT_FILE)
    if path:
        try:
            with open(path, "w", encoding="ascii") as file:
                file.write(f"{status}\n")
        except OSError as error:
            logging.getLogger("dice_parlor").warning("exit status not written to %s: %s", path, error.strerror)


def no_screen(error: Exception) -> int:
    """A kiosk with nothing to show on: one line in the log and on stderr (the journal), and a status that
    systemd restarts, so the game is back once the display is."""
    logging.getLogger("dice_parlor").error("%s", error)
    print(f"dice-parlor: {error}", file=sys.stderr)
    pygame.quit()
    say_exit(NO_SCREEN_STATUS)
    close_logging()
    return NO_SCREEN_STATUS
