"""The one-file app: the game ends with its launcher, and the folders killed launchers left are removed.

PyInstaller is not run here (CI builds the one-file app and kills its launcher, packaging/check_onefile.py):
these tests play the launcher with a plain Python process, and mark themselves frozen as the bundle is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import bundle

ROOT = Path(__file__).resolve().parent.parent


def _frozen(monkeypatch, folder: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(folder), raising=False)


def test_from_source_and_in_the_one_folder_app_nothing_is_unpacked(tmp_path, monkeypatch):
    assert bundle.unpacked_folder() is None
    _frozen(monkeypatch, tmp_path / "_internal")
    assert bundle.unpacked_folder() is None
    assert bundle.remove_stale_folders() == 0


def test_only_our_folders_of_dead_launchers_are_removed(tmp_path, monkeypatch):
    ours = tmp_path / "_MEI100001"
    dead = tmp_path / "_MEI100002"  # ours, its launcher killed
    living = tmp_path / "_MEI100003"  # ours, another copy of the game still running
    foreign = tmp_path / "_MEI100004"  # another PyInstaller app's: never touched
    for folder in (ours, dead, living, foreign):
        (folder / "lib").mkdir(parents=True)
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (dead / bundle.MARK).write_text(finished.stdout.strip())
    (living / bundle.MARK).write_text(str(os.getpid()))
    _frozen(monkeypatch, ours)
    assert bundle.remove_stale_folders() == 1
    assert not dead.exists() and living.exists() and foreign.exists() and ours.exists()


def _ended(pid: int) -> bool:
    """Gone, or a zombie nobody has reaped yet (a container's first process may never reap)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in "ZX"
    except OSError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_killed_launcher_takes_the_game_with_it(tmp_path):
    """A launcher (here a Python process) starts the game's stand-in, which asks to end with it; the launcher
    is killed with SIGKILL, as a task manager does; the game gets SIGTERM and stops cleanly."""
    folder = tmp_path / "_MEI424242"
    folder.mkdir()
    stopped = tmp_path / "stopped"
    game = textwrap.dedent(f"""
        import signal, sys, time
        sys.frozen, sys._MEIPASS = True, {str(folder)!r}
        sys.path.insert(0, {str(ROOT)!r})
        from game import bundle
        signal.signal(signal.SIGTERM, lambda *_: (open({str(stopped)!r}, "w").write("SIGTERM"), sys.exit(0)))
        bundle.end_with_launcher()
        print("ready", flush=True)
        time.sleep(60)
    """)
    launcher = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import subprocess, sys
        child = subprocess.Popen([sys.executable, "-c", {game!r}])
        print(child.pid, flush=True)
        child.wait()
    """)], stdout=subprocess.PIPE, text=True)
    child = int(launcher.stdout.readline())
    # the stand-in prints "ready" (into the launcher's pipe, which it shares) once it asked to end with it
    assert launcher.stdout.readline().strip() == "ready"
    assert (folder / bundle.MARK).read_text() == str(launcher.pid)
    deadline = time.monotonic() + 20
    launcher.kill()
    launcher.wait()
    # the file appears before its word is written: poll for the word, not only the file
    while not (stopped.exists() and stopped.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stopped.read_text() == "SIGTERM"
    while time.monotonic() < deadline:
        if _ended(child):
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the game outlived its launcher")
