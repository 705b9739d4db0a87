"""The operator's log file: where it is, and its last lines for the kiosk's admin panel."""

from __future__ import annotations

from pathlib import Path

from game.errors import one_line
from game.paths import refuse_unless_file, user_state_dir


def log_path() -> Path:
    """The log file (rotated beside it as .1 ... .5, by scenes.logs)."""
    return user_state_dir() / "logs" / "dice-parlor.log"


def last_lines(count: int, most_bytes: int = 16_384) -> list[str]:
    """The log's last ``count`` lines (read from its end, never the whole file), each on one line. Raises
    OSError when it cannot be read."""
    refuse_unless_file(log_path().stat().st_mode, str(log_path()))  # a FIFO would wait for a writer for ever
    with open(log_path(), "rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        handle.seek(max(0, size - most_bytes))
        tail = handle.read(most_bytes).decode("utf-8", errors="replace")
    lines = tail.splitlines()[1 if size > most_bytes else 0:]  # the first may be cut
    return [one_line(line, 160) for line in lines[-count:]]
