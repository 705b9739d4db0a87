"""Where files live: the shipped assets and the user's own folders.

Assets are found beside the source tree in a checkout, inside the game
package when installed from a wheel (setup.py copies them there) and inside
the bundle when frozen by PyInstaller. User folders come from platformdirs; the
``DICE_PARLOR_HOME`` environment variable puts them all under one folder
(tests and portable installs use it). ``read_file`` reads a user's file and
refuses at once a FIFO, folder or device found where the file should be.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

APP_NAME = "dice-parlor"


def assets_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    package = Path(__file__).resolve().parent
    installed = package / "assets"  # first: above an installed package, site-packages may hold anyone's
    return installed if installed.is_dir() else package.parent / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def _user_dir(kind: str) -> Path:
    home = os.environ.get("DICE_PARLOR_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    finder = {
        "data": platformdirs.user_data_dir,
        "config": platformdirs.user_config_dir,
        "state": platformdirs.user_state_dir,
        "cache": platformdirs.user_cache_dir,
    }[kind]
    return Path(finder(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    return _user_dir("data")


def user_config_dir() -> Path:
    return _user_dir("config")


def user_state_dir() -> Path:
    return _user_dir("state")


def user_cache_dir() -> Path:
    """What the game can make again from its assets (compiled string catalogues): safe to delete."""
    return _user_dir("cache")


def user_variants_dir() -> Path:
    """Drop a variant YAML file here and it appears beside the shipped ones."""
    return user_data_dir() / "variants"


class NotAFile(OSError):
    """A FIFO, a folder, a device or a socket where one of the game's files should be. Reading a FIFO waits for a
    writer for ever (signals included) and a device may never end: such a file is refused at once instead, and
    the caller sets it aside or ignores it as it would a damaged file."""

    def __str__(self) -> str:
        return self.strerror or "not a file"


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    for test, words in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "not a regular file"


def refuse_unless_file(mode: int, path: Path | str) -> None:
    """Raise NotAFile unless ``mode`` (a stat's ``st_mode``) is a regular file's."""
    kind = _kind(mode)
    if kind is not None:
        raise NotAFile(errno.EINVAL, f"it is {kind}, not a file", str(path))


def unreadable(error: Exception) -> str:
    """Why a file could not be read, for a one-line message: a FIFO or a folder in its place in words; else the
    error's kind (its text may hold the file's bytes)."""
    return str(error) if isinstance(error, NotAFile) else type(error).__name__


# Opened without waiting: a FIFO swapped in after the look would otherwise block the open itself.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_file(path: Path | str, limit: int | None = None) -> bytes:
    """A user's file, whole or its first ``limit`` bytes, never blocking: anything but a regular file raises
    NotAFile (an OSError) at once. Every reader of a file the player can touch goes through here."""
    refuse_unless_file(os.stat(path).st_mode, path)  # looked at first: opening a device may itself do something
    fd = os.open(path, _READ_FLAGS)
    try:
        refuse_unless_file(os.fstat(fd).st_mode, path)  # and again: it may have been swapped since
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb") as handle:
        return handle.read() if limit is None else handle.read(limit)
