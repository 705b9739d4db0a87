"""Logging to a rotating file in the user's state folder (and, outside kiosk mode, warnings to the console)."""

from __future__ import annotations

import logging
import logging.handlers
import sys

from game.paths import user_state_dir

LOG_BYTES = 1_000_000
LOG_FILES = 5


def setup_logging(kiosk: bool) -> str | None:
    """Returns the log file's path, or None when the state folder cannot be written."""
    root = logging.getLogger("dice_parlor")
    root.setLevel(logging.INFO)
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()
    path = None
    try:
        folder = user_state_dir() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        path = str(folder / "dice-parlor.log")
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_FILES,
                                                       encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    except OSError:
        path = None
    if not kiosk:
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(logging.WARNING)
        root.addHandler(console)
    root.propagate = False
    return path


def close_logging() -> None:
    root = logging.getLogger("dice_parlor")
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()


def log_screen(scene) -> None:
    """The operator's trail: which screen the customer was on, and when (told by the scene stack)."""
    logging.getLogger("dice_parlor.screens").info("screen: %s", scene.screen_name())
