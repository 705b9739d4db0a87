"""The kiosk in a real X window (Xvfb), with and without the openbox window manager, driven by xdotool.

What a café owner does: tap through the screens, press the admin corner, try every way out, stop it
with SIGTERM. Positions are computed from the same layout code, mapped onto the 1920x1080 screen
(where the 16:10 table is letterboxed by 96 px on each side).
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from scene_driver import Driver
from xserver import Game, Screen, wait_for

from game.rules.variants import load_all
from game.store.kiosk import ADMIN_QUIT_STATUS, kiosk_path, load_kiosk
from scenes.ui.input import Viewport

SIZE = (1920, 1080)
PIN = "432109"


@pytest.fixture(params=["bare X", "openbox"])
def screen(request):
    screen = Screen(SIZE, window_manager=request.param == "openbox")
    yield screen
    screen.close()


@pytest.fixture
def openbox():
    screen = Screen(SIZE, window_manager=True)
    yield screen
    screen.close()


def _kiosk_home(tmp_path):
    """A kiosk.yaml with a known PIN in the tests' home (the game in the other process reads the same)."""
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text(f'admin_pin: "{PIN}"\nvariants: [classic, yatzy, jackpot]\n')
    return tmp_path / "home"


def _on_screen(logical: tuple[int, int]) -> tuple[int, int]:
    view = Viewport(SIZE)
    return (round(view.offset[0] + logical[0] * view.scale), round(view.offset[1] + logical[1] * view.scale))


def _layout():
    """The buttons' places as the kiosk draws them, found with the same scenes headless."""
    from scenes.menus.newgame import NewGameScene
    from scenes.menus.records_scene import RecordsScene
    from scenes.menus.title import TitleScene

    driver = Driver(animation="instant", kiosk=load_kiosk(load_all().names()))
    title = TitleScene(driver.app)
    driver.start(title)
    labels = {button.label: _on_screen(button.rect.center) for button in title.row.buttons}
    new_game = NewGameScene(driver.app)
    driver.start(new_game)
    labels["Back (new game)"] = _on_screen(new_game.row.buttons[-2].rect.center)
    records = RecordsScene(driver.app)
    driver.start(records)
    labels["Back (records)"] = _on_screen(records.row.buttons[0].rect.center)
    driver.close()
    return labels


def test_clicks_land_on_the_button_under_the_pointer(screen, tmp_path):
    home = _kiosk_home(tmp_path)
    places = _layout()
    game = Game(screen, home, "--kiosk")
    try:
        game.wait_log("screen: title")
        for label, expected in (("Play", "screen: new_game"), ("Back (new game)", "screen: title"),
                                ("Records", "screen: records"), ("Back (records)", "screen: title"),
                                ("Rules", "screen: rules")):
            seen = len(game.log_text())
            game.click(places[label])
            game.wait_log(expected, after=seen)
        screen.screenshot(tmp_path / "kiosk.png")
    finally:
        game.stop()


def test_the_screens_corner_and_the_pin_typed_on_a_keyboard_reach_the_admin(openbox, tmp_path):
    home = _kiosk_home(tmp_path)
    game = Game(openbox, home, "--kiosk")
    try:
        game.wait_log("screen: title")
        openbox.xdotool("mousemove", "3", "3", "mousedown", "1")  # in the letterbox, outside the table
        game.wait_log("screen: admin_pin", seconds=10)
        openbox.xdotool("mouseup", "1")
        openbox.xdotool("type", "--delay", "30", "1111")
        openbox.xdotool("key", "Return")
        game.wait_log("admin: refused")
        openbox.xdotool("type", "--delay", "30", PIN)
        openbox.xdotool("key", "KP_Enter")
        game.wait_log("screen: admin")
        assert PIN not in game.log_text() and "1111" not in game.log_text()
        quit_button = _admin_quit_button()
        game.click(quit_button)
        assert game.process.wait(timeout=10) == ADMIN_QUIT_STATUS
    finally:
        game.stop()


def _admin_quit_button() -> tuple[int, int]:
    from scenes.kiosk.panels import AdminPanel

    driver = Driver(animation="instant", kiosk=load_kiosk(load_all().names()))
    panel = AdminPanel(driver.app, driver.app.kiosk)
    place = next(b for b in panel.row.buttons if b.label == "Quit to desktop").rect.center
    driver.close()
    return _on_screen(place)


def test_sigterm_stops_the_kiosk_cleanly_and_at_once(screen, tmp_path):
    home = _kiosk_home(tmp_path)
    game = Game(screen, home, "--kiosk")
    try:
        game.wait_log("screen: title")
        asked = time.monotonic()
        game.process.send_signal(signal.SIGTERM)
        status = game.process.wait(timeout=5)  # systemd's TimeoutStopSec
        took = time.monotonic() - asked
        print(f"SIGTERM to exit: {took:.2f} s")
        assert status == 0 and "stopped by SIGTERM" in game.log_text()
    finally:
        game.stop()


QUIT_KEYS = ["alt+Tab", "alt+F4", "super", "Super_L", "Escape", "ctrl+q", "ctrl+alt+BackSpace", "alt+space",
             "ctrl+alt+Delete", "ctrl+Escape", "alt+F2"]


def test_no_key_and_no_window_manager_action_gets_past_the_kiosk(openbox, tmp_path):
    home = _kiosk_home(tmp_path)
    game = Game(openbox, home, "--kiosk")
    try:
        game.wait_log("screen: title")
        wait_for(game.has_the_screen, what="the kiosk to have the screen")
        window = game.window()
        for keys in QUIT_KEYS:
            openbox.xdotool("key", keys)
            wait_for(game.has_the_screen, 3, what=f"the kiosk to keep the screen after {keys}")
        for action in (["xdotool", "windowminimize", window], ["wmctrl", "-c", "Dice Parlor"],
                       ["wmctrl", "-k", "on"], ["xdotool", "key", "--window", window, "alt+F4"]):
            openbox.run(*action, check=False)
            wait_for(game.has_the_screen, 3, what=f"the kiosk to take the screen back after {action}")
        other = openbox.run  # another program's window opens over it and takes the focus
        xterm = __import__("subprocess").Popen(["xterm"], env=openbox.env())
        try:
            wait_for(lambda: other("xdotool", "search", "--class", "xterm", check=False).stdout.strip(),
                     what="xterm's window")
            wait_for(game.has_the_screen, 3, what="the kiosk to take the screen back from xterm")
        finally:
            xterm.kill()
            xterm.wait(timeout=5)
        assert game.process.poll() is None, "the kiosk quit"
        log = game.log_text()
        assert "quit: ignored" in log and "window: lost the screen" in log
        openbox.screenshot(tmp_path / "kiosk-after-quit-paths.png")
    finally:
        game.stop()
    assert os.path.exists(game.log)
