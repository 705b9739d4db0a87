"""Logging to a rotating file in the user's state folder (and, outside kiosk mode, warnings to the console)."""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys

from game.errors import one_line
from game.paths import NotAFile, refuse_unless_file
from game.store.logtail import log_path

LOG_BYTES = 1_000_000
LOG_FILES = 5


def setup_logging(kiosk: bool) -> str | None:
    """Returns the log file's path, or None when the state folder cannot be written."""
    root = logging.getLogger("dice_parlor")
    root.setLevel(logging.INFO)
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()
    path, refused = None, None
    try:
        log_path().parent.mkdir(parents=True, exist_ok=True)
        path = str(log_path())
        if os.path.lexists(path):  # opening a FIFO to write waits for a reader for ever: not a log at all
            refuse_unless_file(os.stat(path).st_mode, path)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_FILES,
                                                       encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    except NotAFile as error:
        path, refused = None, f"dice-parlor: no log kept: {error.filename}: {error}"
    except OSError:
        path = None
    if not kiosk:
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(logging.WARNING)
        root.addHandler(console)
    root.propagate = False
    if refused:
        print(refused, file=sys.stderr)  # the one place left to say it (a kiosk's journal too)
    return path


def close_logging() -> None:
    root = logging.getLogger("dice_parlor")
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()


# A question or the pause menu over a screen, not a screen: "confirm" then "table" again for every zero asked
# about said nothing the operator needed. What the answer leads to (the title, say) is the next line.
OVER_A_SCREEN = {"confirm", "pause"}


class ScreenTrail:
    """The operator's trail: which screen the customer was on, and when; one line each time the screen changes.

    A new scene of the screen already shown is no change: a results screen shown anew over the first, or the
    next attract game, is not a second "screen: game_over" at the same moment."""

    def __init__(self) -> None:
        self.last: str | None = None

    def __call__(self, scene) -> None:
        name = scene.screen_name()
        if name in OVER_A_SCREEN:
            return
        if name != self.last:
            logging.getLogger("dice_parlor.screens").info("screen: %s", name)
        self.last = name


def game_started(session) -> None:
    """The game, its seats, people and computers: what a visitor's complaint starts from."""
    seats = session.state.seats
    computers = sum(1 for seat in seats if seat.is_computer)
    logging.getLogger("dice_parlor.games").info(
        "game started: %s, %d seat%s (%d %s, %d computer%s)", session.variant.id, len(seats), "s" * (len(seats) != 1),
        len(seats) - computers, "person" if len(seats) - computers == 1 else "people", computers,
        "s" * (computers != 1))


def game_finished(session) -> None:
    scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(session.state.seats, session.state.returns()))
    logging.getLogger("dice_parlor.games").info("game finished: %s (%s)", session.variant.id, one_line(scores))
