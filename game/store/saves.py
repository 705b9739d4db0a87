"""The autosave: the game in progress, kept in the user's data folder after every move that matters.

``save_session`` writes atomically (see :mod:`game.store.storage`) with the previous
save kept as a backup. ``load_saved`` gives back the session, or a one-line
message when the file could not be used: a damaged save is moved aside
(kept, never deleted) and, where the backup is sound, play resumes from it.
"""

from __future__ import annotations

import errno
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import __version__
from game.engine.session import MAX_LOG, Session
from game.errors import DiceParlorError, NotJSON, SaveError, UnknownVariant, json_from, shown
from game.paths import read_file, user_data_dir
from game.rules.i18n import t
from game.rules.variant import Variant
from game.store.storage import move_aside, write_atomic

FindVariant = Callable[[str], Variant]  # game.rules.variants.find_variant, or a test's own

SAVE_FILE = "autosave.json"
LAST_FILE = "last_game.json"  # the last finished game, whole: `dice-parlor review --last` replays it
MAX_SAVE_BYTES = 16 * 1024 * 1024  # the longest match a variant allows saves in about 2 MB (see MAX_LOG)


def save_path() -> Path:
    return user_data_dir() / SAVE_FILE


@dataclass
class Resumed:
    session: Session | None
    message: str | None = None  # what happened to a file that could not be used, in one line (English, for logs)
    saved_at: float | None = None
    kept: str | None = None  # the name a damaged save was set aside as
    from_backup: bool = False  # the save before it was resumed instead

    def notice(self) -> str | None:
        """The message in the player's language (the technical cause stays in the log)."""
        if not self.message:
            return None
        said = t("saves.not_resumed_kept", kept=self.kept) if self.kept else t("saves.not_resumed")
        return f"{said} {t('saves.from_backup')}" if self.from_backup else said

    def summary(self) -> str:
        """"Classic Yahtzee - Ann, Ada - saved 5 min ago" for the Continue button."""
        if not self.session:
            return ""
        names = ", ".join(seat.name for seat in self.session.seats)
        return f"{self.session.variant.name.get('en')} - {names} - saved {_ago(self.saved_at)}"


def _ago(when: float | None) -> str:
    if when is None:
        return "earlier"
    minutes = int(max(0.0, time.time() - when) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 48 * 60:
        return f"{minutes // 60} h ago"
    return time.strftime("%d %b %Y", time.localtime(when))


class SaveTooLong(OSError):
    """A game longer than a save may hold (one that could not be read back): it is not written, so the save
    before it stays as it was, and play goes on from memory."""


def save_session(session: Session, path: Path | None = None) -> None:
    """Write the game in progress; raises ``SaveTooLong`` (an OSError) rather than write a save that
    ``load_saved`` would refuse and set aside, which would lose the game."""
    path = path or save_path()
    data = {"app": "dice-parlor", "version": __version__, "saved_at": time.time(), "session": session.to_json()}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if len(session.log) > MAX_LOG or len(text.encode("utf-8")) > MAX_SAVE_BYTES:
        raise SaveTooLong(errno.EFBIG, f"the game is too long to save ({len(session.log)} moves); the save "
                                       f"before it is kept", str(path))
    write_atomic(path, text)


def keep_last(session: Session, path: Path | None = None) -> None:
    """Keep a finished game with its moves (the records keep each seat's totals only), for its review."""
    save_session(session, path or user_data_dir() / LAST_FILE)


def load_last(find_variant: FindVariant, path: Path | None = None) -> Session | None:
    """The last finished game kept by :func:`keep_last` (None: none yet). Raises SaveError for a damaged file."""
    path = path or user_data_dir() / LAST_FILE
    if not path.exists():
        return None
    return _read(path, find_variant)[0]


def delete_save(path: Path | None = None) -> None:
    path = path or save_path()
    for candidate in (path, path.with_name(path.name + ".bak")):
        try:
            candidate.unlink()
        except FileNotFoundError:
            pass


def _read(path: Path, find_variant: FindVariant) -> tuple[Session, float | None]:
    raw = read_file(path, MAX_SAVE_BYTES + 1)  # never more than the cap into memory; a FIFO is refused, not waited on
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"it is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB")
    try:
        data: Any = json_from(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("it is not text") from None
    except NotJSON as error:
        raise SaveError(f"it is {error}") from None
    if not isinstance(data, dict) or data.get("app") != "dice-parlor" or "session" not in data:
        raise SaveError("it is not a Dice Parlor save")
    inner = data["session"]
    if not isinstance(inner, dict) or not isinstance(inner.get("variant"), str):
        raise SaveError("it holds no game")
    if isinstance(inner.get("format"), int) and inner["format"] > 1:
        raise SaveError(f"it was written by a newer version of Dice Parlor ({shown(data.get('version', '?'))})")
    try:
        variant = find_variant(inner["variant"])
    except UnknownVariant:
        raise SaveError(f"its variant {shown(inner['variant'])} is no longer installed") from None
    saved_at = data.get("saved_at")
    try:
        session = Session.from_json(inner, variant)
    except SaveError:
        raise
    except Exception as error:  # a hand-edited file can break anything: it is damaged, never a crash
        raise SaveError(f"it is damaged ({type(error).__name__})") from None
    return session, saved_at if isinstance(saved_at, (int, float)) else None


def load_saved(find_variant: FindVariant, path: Path | None = None) -> Resumed:
    """The saved game, if there is a usable one; damaged files are moved aside with a message."""
    path = path or save_path()
    backup = path.with_name(path.name + ".bak")
    if not path.exists():
        if backup.exists():  # stopped between two writes: the backup is the last sound save
            try:
                session, saved_at = _read(backup, find_variant)
                return Resumed(session, None, saved_at)
            except (SaveError, DiceParlorError, OSError, RecursionError):
                move_aside(backup)
        return Resumed(None)
    try:
        session, saved_at = _read(path, find_variant)
        return Resumed(session, None, saved_at)
    except (SaveError, DiceParlorError, OSError, RecursionError, MemoryError) as error:
        kept = move_aside(path)
        where = f" (kept as {kept.name})" if kept else ""
        problem = f"The saved game could not be resumed: {error}{where}."
    if backup.exists():
        try:
            session, saved_at = _read(backup, find_variant)
            return Resumed(session, problem + " Resuming from the save before it.", saved_at,
                           kept.name if kept else None, True)
        except (SaveError, DiceParlorError, OSError, RecursionError):
            move_aside(backup)
    return Resumed(None, problem, None, kept.name if kept else None)
