"""The kiosk's systemd unit and its start script (packaging/): on an X11 display or under cage, the unit
sees the game's own exit status, so "Quit to desktop" stays quit and a stop is a clean stop.

cage refuses to run as root and needs a seat: here a stand-in on the PATH does what matters about it, it
runs the game and exits 0 whatever the game returned (`cage -- sh -c 'exit 3'` gives 0). A real cage, run
as an ordinary user, is in the README's kiosk section."""

from __future__ import annotations

import configparser
import os
import signal
import subprocess
import sys
import time

import pytest

from game.store.kiosk import ADMIN_QUIT_STATUS, kiosk_path

from xserver import ROOT, Screen, wait_for

START = ROOT / "packaging" / "dice-parlor-kiosk-start"
UNIT = ROOT / "packaging" / "dice-parlor-kiosk.service"
PIN = "432109"


def test_the_unit_names_its_display_keeps_stderr_and_has_its_own_start_limit():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(UNIT)
    service, section = unit["Service"], unit["Unit"]
    assert service["Environment"].startswith("DISPLAY=") and service["StandardError"] == "journal"
    assert service["ExecStart"].endswith("/dice-parlor-kiosk-start")
    assert service["Restart"] == "always" and service["RestartPreventExitStatus"] == str(ADMIN_QUIT_STATUS)
    assert service["KillMode"] == "mixed" and service["TimeoutStopSec"] == "5"
    restarts_a_minute = 60 / int(service["RestartSec"])
    assert int(section["StartLimitIntervalSec"]) == 60 and int(section["StartLimitBurst"]) > restarts_a_minute
    assert unit["Install"]["WantedBy"] == "default.target"  # a plain openbox session has no graphical-session


@pytest.fixture
def kiosk_run(tmp_path):
    """The start script on a real X screen, with a cage that exits 0 whatever, and the game as its command."""
    screen = Screen((1280, 800))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "cage").write_text('#!/bin/sh\n[ "$1" = "--" ] && shift\n"$@"\nexit 0\n')
    (bin_dir / "dice-parlor").write_text(f'#!/bin/sh\ncd "{ROOT}" && exec "{sys.executable}" -m game "$@"\n')
    for name in ("cage", "dice-parlor"):
        (bin_dir / name).chmod(0o755)
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text(f'admin_pin: "{PIN}"\n')
    home = os.environ["DICE_PARLOR_HOME"]
    env = screen.env(PATH=f"{bin_dir}:{os.environ['PATH']}", SDL_AUDIODRIVER="dummy", DICE_PARLOR_HOME=home,
                     PYGAME_HIDE_SUPPORT_PROMPT="1", TMPDIR=str(tmp_path))  # a killed script's folder stays here
    log = kiosk_path().parent.parent / "state" / "logs" / "dice-parlor.log"
    started = []

    def start(*args: str) -> subprocess.Popen:
        process = subprocess.Popen([str(START), *args], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        started.append(process)
        wait_for(lambda: log.exists() and "screen: title" in log.read_text(), 90, what="the title")  # a loaded machine
        return process

    yield start, screen, log, env
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
    screen.close()


def test_a_cage_exits_0_whatever_the_game_returns(kiosk_run):
    *_, env = kiosk_run
    assert subprocess.run(["cage", "--", "sh", "-c", "exit 3"], env=env).returncode == 0


@pytest.mark.parametrize("how", [[], ["--cage"]], ids=["X11", "cage"])
def test_quit_to_desktop_ends_the_start_script_with_the_status_the_unit_does_not_restart(kiosk_run, how):
    start, screen, log, _ = kiosk_run
    process = start(*how)
    screen.xdotool("key", "ctrl+alt+a")
    wait_for(lambda: "screen: admin_pin" in log.read_text(), what="the PIN pad")
    screen.xdotool("type", "--delay", "30", PIN)
    screen.xdotool("key", "Return")
    wait_for(lambda: "screen: admin\n" in log.read_text(), what="the admin panel")
    screen.xdotool("key", "Tab", "Tab", "Tab", "Tab", "Return")  # Resume, Reset, Reset records, Quit
    assert process.wait(timeout=20) == ADMIN_QUIT_STATUS
    assert "admin: quit to desktop" in log.read_text()


@pytest.mark.parametrize("how", [[], ["--cage"]], ids=["X11", "cage"])
def test_a_stop_sent_to_the_start_script_alone_stops_the_game_cleanly_within_a_second(kiosk_run, how):
    start, _, log, _ = kiosk_run
    process = start(*how)
    asked = time.monotonic()
    process.send_signal(signal.SIGTERM)  # KillMode=mixed: systemd's stop reaches the start script only
    assert process.wait(timeout=5) == 0
    took = time.monotonic() - asked
    print(f"SIGTERM to the start script's end: {took:.2f} s")
    assert took < 1.0 and "stopped by SIGTERM" in log.read_text() and "exit status 0" in log.read_text()
