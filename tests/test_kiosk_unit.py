"""The kiosk's systemd unit and its start script (packaging/): on an X11 display or under cage, the unit
sees the game's own exit status, so "Quit to desktop" stays quit and a stop is a clean stop.

cage refuses to run as root and needs a seat: here a stand-in on the PATH does what matters about it, it
runs the game and exits 0 whatever the game returned (`cage -- sh -c 'exit 3'` gives 0). A real cage, run
as an ordinary user, is in docs/kiosk.md."""

from __future__ import annotations

import configparser
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from xserver import ROOT, Screen, wait_for

from game.store.kiosk import ADMIN_QUIT_STATUS, kiosk_path

START = ROOT / "packaging" / "dice-parlor-kiosk-start"
UNIT = ROOT / "packaging" / "dice-parlor-kiosk.service"
PIN = "432109"


def test_the_unit_keeps_stderr_and_has_its_own_start_limit():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(UNIT)
    service, section = unit["Service"], unit["Unit"]
    assert service["StandardError"] == "journal"
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
    # as a real cage: it refuses a DISPLAY (it would try X), and gives its program Xwayland's display
    (bin_dir / "cage").write_text(f'#!/bin/sh\n[ -n "${{DISPLAY:-}}" ] && exit 1\nexport DISPLAY={screen.display}\n'
                                  '[ "$1" = "--" ] && shift\n"$@"\nexit 0\n')
    (bin_dir / "dice-parlor").write_text(f'#!/bin/sh\ncd "{ROOT}" && exec "{sys.executable}" -m game "$@"\n')
    for name in ("cage", "dice-parlor"):
        (bin_dir / name).chmod(0o755)
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text(f'admin_pin: "{PIN}"\n')
    home = os.environ["DICE_PARLOR_HOME"]
    env = screen.env(PATH=f"{bin_dir}:{os.environ['PATH']}", SDL_AUDIODRIVER="dummy", DICE_PARLOR_HOME=home,
                     PYGAME_HIDE_SUPPORT_PROMPT="1", TMPDIR=str(tmp_path),  # a killed script's folder stays here
                     XDG_RUNTIME_DIR=str(tmp_path))  # its own count of failed starts
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
    without_x = {key: value for key, value in env.items() if key != "DISPLAY"}  # as the start script runs it
    assert subprocess.run(["cage", "--", "sh", "-c", "exit 3"], env=without_x).returncode == 0


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


# ---- the start script on its own, with stand-ins for cage, the game and sleep (no X needed) ----

FAKE_GAME = """#!{python}
import os, signal, sys, time
folder = os.environ["FAKE_FOLDER"]
with open(os.path.join(folder, "game-display"), "w") as out:
    out.write(os.environ.get("DISPLAY", "unset"))
how = os.environ.get("FAKE_GAME", "exit 0")
if how == "kill -9":
    os.kill(os.getpid(), signal.SIGKILL)
if how == "run":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with open(os.path.join(folder, "game-pid"), "w") as out:
        out.write(str(os.getpid()))
    while True:
        time.sleep(60)
sys.exit(int(how.split()[1]))
"""
# cage (wlroots) with DISPLAY or WAYLAND_DISPLAY set opens a window there: with no X it fails, as in the audit
FAKE_CAGE = """#!/bin/sh
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then echo "Failed to open xcb connection" >&2; exit 1; fi
[ "$1" = "--" ] && shift
"$@"
exit 0
"""
FAKE_SLEEP = """#!/bin/sh
echo "$1" >> "$FAKE_FOLDER/slept"
"""


@pytest.fixture
def script(tmp_path):
    """Runs the start script with stand-ins on the PATH; returns (run, folder, env)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("dice-parlor", FAKE_GAME.format(python=sys.executable)), ("cage", FAKE_CAGE),
                       ("sleep", FAKE_SLEEP)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (tmp_path / "tmp").mkdir()
    (tmp_path / "run").mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PATH=f"{bin_dir}:{os.environ['PATH']}", FAKE_FOLDER=str(tmp_path), TMPDIR=str(tmp_path / "tmp"),
               XDG_RUNTIME_DIR=str(tmp_path / "run"))

    def run(*args: str, **extra: str) -> int:
        return subprocess.run([str(START), *args], env=dict(env, **extra), timeout=30,
                              stderr=subprocess.DEVNULL).returncode

    return run, tmp_path, env


def test_the_unit_sets_no_display_that_would_send_cage_to_x():
    """A unit's Environment= wins over the user manager's (systemd.exec(5)): a DISPLAY there would reach cage
    under docs/kiosk.md's `systemctl --user edit` override, which replaces only ExecStart."""
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(UNIT)
    assert "DISPLAY" not in unit["Service"].get("Environment", "")
    assert "wins over this line" not in UNIT.read_text()


def test_cage_starts_even_with_a_display_in_the_environment(script):
    run, folder, _ = script
    assert run("--cage", DISPLAY=":0") == 0
    assert (folder / "game-display").read_text() == "unset"  # no X of its own: cage's (Xwayland's) alone


@pytest.mark.parametrize("given, used", [(None, ":0"), (":1", ":1")], ids=["no DISPLAY", "imported DISPLAY"])
def test_on_x11_the_game_shows_on_the_managers_display_else_on_0(script, given, used):
    run, folder, _ = script
    assert run(**({"DISPLAY": given} if given else {})) == 0
    assert (folder / "game-display").read_text() == used


@pytest.mark.parametrize("how", [[], ["--cage"]], ids=["X11", "cage"])
def test_a_game_killed_with_kill_9_is_a_failure_not_a_success(script, how):
    run, *_ = script
    assert run(*how, FAKE_GAME="kill -9") == 128 + signal.SIGKILL


@pytest.mark.parametrize("how", [[], ["--cage"]], ids=["X11", "cage"])
def test_sighup_to_the_start_script_stops_the_game_and_leaves_no_folder(script, how):
    _, folder, env = script
    process = subprocess.Popen([str(START), *how], env=dict(env, FAKE_GAME="run"), stderr=subprocess.DEVNULL,
                               start_new_session=True)
    pid_file = folder / "game-pid"
    try:
        wait_for(lambda: pid_file.exists() and pid_file.read_text(), 20, what="the game")
        game = int(pid_file.read_text())
        process.send_signal(signal.SIGHUP)
        assert process.wait(timeout=10) == 0
        assert not _alive(game), "the game outlived its start script"
        assert list((folder / "tmp").iterdir()) == []
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
        if pid_file.exists() and pid_file.read_text() and _alive(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)  # an orphan (the bug): not left running


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie no one has reaped yet is not running
        return stat.read().split(")")[-1].split()[0] != "Z"


def test_failed_starts_in_a_row_wait_longer_each_time_and_a_good_end_starts_afresh(script):
    run, folder, _ = script
    slept = folder / "slept"
    for _ in range(7):
        assert run(FAKE_GAME="exit 1") == 1
    assert slept.read_text().split() == ["10", "20", "40", "80", "120", "120"]
    assert run(FAKE_GAME="exit 4") == 4  # no screen yet: one more wait
    assert run() == 0
    slept.unlink()
    assert run() == 0 and not slept.exists()


def test_the_kiosk_page_has_its_fences_on_lines_of_their_own():
    """A fence that shares its line with text (```` ``` A file that is ````) swallowed "Running unattended"
    into a code block. The kiosk's section moved from the README to docs/kiosk.md, read whole."""
    kiosk = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")
    stray = [line for line in kiosk.splitlines() if "```" in line and not re.fullmatch(r"```\w*", line.strip())]
    assert stray == []
    outside = re.sub(r"^```\w*\n.*?^```$", "", kiosk, flags=re.S | re.M)
    assert "**Running unattended.**" in outside
