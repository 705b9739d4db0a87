"""The one-file app's unpacked folder: the game ends with its launcher, and folders that killed launchers
left behind are removed.

PyInstaller's one-file app is a launcher that unpacks the game into a temporary ``_MEI...`` folder, runs it
as a child process and removes the folder when the child ends. Killed outright (SIGKILL), the launcher can
do neither: the game would play on with no launcher, and the folder (about 60 MB) would stay. So on Linux
the game asks to be sent SIGTERM (a clean stop, the game kept) when its launcher ends, and at start it
removes the folders of earlier runs whose launcher is gone. Only folders marked as ours (a file naming the
launcher's process) are touched: another app's ``_MEI`` folders are never removed.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import sys
from pathlib import Path

from game.store.storage import process_alive

MARK = "dice-parlor.launcher"  # in our unpacked folder: the launcher's process id
PR_SET_PDEATHSIG = 1  # prctl(2): the signal to get when the parent process ends


def unpacked_folder() -> Path | None:
    """The one-file app's temporary folder; None from source or in the one-folder app (its ``_internal``)."""
    folder = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or folder is None or not Path(folder).name.startswith("_MEI"):
        return None
    return Path(folder)


def end_with_launcher() -> None:
    """Be stopped (SIGTERM) when the launcher ends, however it ends; mark the folder as ours."""
    folder = unpacked_folder()
    if folder is None:
        return
    launcher = os.getppid()
    try:
        (folder / MARK).write_text(str(launcher), encoding="ascii")
    except OSError:
        pass  # unmarked, a folder left behind is only left for the system's temporary cleaning
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        if os.getppid() != launcher:  # it ended before we asked
            os.kill(os.getpid(), signal.SIGTERM)


def remove_stale_folders() -> int:
    """Remove our unpacked folders whose launcher is gone (killed, so it could not); how many went."""
    ours = unpacked_folder()
    if ours is None:
        return 0
    removed = 0
    for folder in ours.parent.glob("_MEI*"):
        if folder == ours:
            continue
        try:
            launcher = int((folder / MARK).read_text(encoding="ascii"))
        except (OSError, ValueError):
            continue  # not ours, or not marked
        if launcher == os.getppid() or process_alive(launcher):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed += 1
    return removed
