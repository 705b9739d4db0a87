"""SIGTERM (systemd's stop) and SIGINT (Ctrl+C) end the real program cleanly: status 0, a log line, no wait."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from xserver import ROOT, wait_for


@pytest.mark.parametrize("how,args", [(signal.SIGTERM, ["--kiosk"]), (signal.SIGINT, []), (signal.SIGTERM, [])])
def test_a_signal_ends_the_game_with_status_0_and_a_log_line(tmp_path, how, args):
    home = tmp_path / "home"
    env = dict(os.environ, DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    log = home / "state" / "logs" / "dice-parlor.log"
    game = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: log.exists() and "screen: title" in log.read_text(), 30, what="the title")
        asked = time.monotonic()
        game.send_signal(how)
        status = game.wait(timeout=5)
        print(f"{how.name} to exit: {time.monotonic() - asked:.2f} s")
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert status == 0
    assert f"stopped by {how.name}" in log.read_text() and "exit status 0" in log.read_text()
