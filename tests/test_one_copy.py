"""One copy of the table at a time on one user's files: a second start brings the first to the front, says so
and leaves with status 0; the commands still work beside a running game; a killed copy never blocks a start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from xserver import ROOT, wait_for

from game.store.one_copy import ALREADY_RUNNING, OneCopy


def _env(home):
    return dict(os.environ, DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def _start(home, *args):
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=_env(home),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _run(home, *args, timeout=60):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=_env(home), capture_output=True,
                          text=True, timeout=timeout)


def _log(home):
    path = home / "state" / "logs" / "dice-parlor.log"
    return path.read_text() if path.exists() else ""


def _stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_a_second_start_says_so_brings_the_first_forward_and_leaves(tmp_path):
    home = tmp_path / "home"
    first = _start(home)
    try:
        wait_for(lambda: "screen: title" in _log(home), 30, what="the first copy's title")
        asked = time.monotonic()
        second = _run(home, timeout=30)
        took = time.monotonic() - asked
        print(f"the second start left after {took:.2f} s")
        assert second.returncode == 0, second.stderr
        assert second.stdout.strip() == ALREADY_RUNNING
        assert took < 5
        wait_for(lambda: "brought to the front" in _log(home), 10, what="the first copy to hear of it")
        assert first.poll() is None  # the first plays on
        for command in (["records"], ["variants"],
                        ["check-variant", str(ROOT / "assets" / "variants" / "classic.yaml")],
                        ["simulate", "--variant", "classic", "--players", "heuristic", "--games", "2"],
                        ["advise", "--variant", "classic", "--state",
                         '{"card": {}, "dice": [1, 2, 3, 4, 5], "rolls_left": 0}']):
            done = _run(home, *command)
            assert done.returncode == 0, (command, done.stderr)
            assert ALREADY_RUNNING not in done.stdout
    finally:
        _stop(first)
    assert first.returncode == 0


def test_a_killed_copy_never_blocks_the_next_start(tmp_path):
    home = tmp_path / "home"
    first = _start(home)
    try:
        wait_for(lambda: "screen: title" in _log(home), 30, what="the first copy's title")
        first.kill()  # no clean end: the lock file stays behind
        first.wait()
    finally:
        _stop(first)
    assert (home / "data" / "running.lock").exists()
    again = _run(home, "--exit-after", "0.5")
    assert again.returncode == 0, again.stderr
    assert ALREADY_RUNNING not in again.stdout
    assert _log(home).count("starting") == 2


def test_the_lock_is_let_go_and_a_read_only_home_still_plays(tmp_path):
    first, second = OneCopy(tmp_path / "a"), OneCopy(tmp_path / "a")
    assert first.take() and not second.take()
    assert not first.asked()
    second.ask_to_front()
    assert first.asked() and not first.asked()  # once per start
    first.release()
    assert second.take()
    second.release()
    if os.name != "nt" and os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert OneCopy(locked).take()  # no lock can be had: the game still starts
        finally:
            locked.chmod(0o700)


@pytest.mark.parametrize("args", [["--demo", "classic"]])
def test_a_demo_is_one_copy_too(tmp_path, args):
    home = tmp_path / "home"
    first = _start(home, *args)
    try:
        wait_for(lambda: "screen: table" in _log(home), 30, what="the demo's table")
        assert _run(home, *args, timeout=30).stdout.strip() == ALREADY_RUNNING
    finally:
        _stop(first)
