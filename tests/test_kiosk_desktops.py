"""The kiosk under openbox keeps the screen across a desktop switch (Alt+mouse wheel, a pager, ``wmctrl -s``)."""

from __future__ import annotations

import time

from xserver import Game, Screen, wait_for

from game.store.kiosk import kiosk_path

SIZE = (1280, 800)


def _desktop(screen: Screen) -> str:
    return screen.run("xprop", "-root", "_NET_CURRENT_DESKTOP").stdout.split("=")[-1].strip()


def test_a_desktop_switch_does_not_get_past_the_kiosk(tmp_path):
    screen = Screen(SIZE, window_manager=True)
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text('admin_pin: "432109"\n')
    game = Game(screen, tmp_path / "home", "--kiosk")
    try:
        game.wait_log("screen: title")
        wait_for(game.has_the_screen, what="the kiosk to have the screen")
        window = game.window()
        switches = [(["wmctrl", "-s", "1"], "1"), (["wmctrl", "-s", "0"], "0"),
                    (["xdotool", "mousemove", "600", "400", "keydown", "alt", "click", "5", "keyup", "alt"], "1"),
                    # sent to desktop 0 alone (no longer on every desktop), then desktop 2 is shown
                    (["wmctrl", "-i", "-r", window, "-t", "0"], "1"), (["wmctrl", "-s", "2"], "2")]
        for switch, shown in switches:
            before = _desktop(screen)
            screen.run(*switch)
            asked = time.monotonic()
            wait_for(lambda: _desktop(screen) == shown, 1.0, what=f"desktop {shown} after {switch}")
            wait_for(game.has_the_screen, 1.0, what=f"the kiosk to have the screen within a second after {switch}")
            took = time.monotonic() - asked
            print(f"on screen {took:.2f} s after {' '.join(switch)} (desktop {before} -> {_desktop(screen)})")
        assert _desktop(screen) == "2", "the desktops did switch"
        assert game.process.poll() is None
    finally:
        game.stop()
        screen.close()


def test_the_kiosk_is_fullscreen_and_above_panels_and_stays_so_after_show_desktop(tmp_path):
    """A desktop's panel (icewm's taskbar, raised when the pointer touches the bottom edge) must not come over
    the kiosk: the window manager is asked for the fullscreen and above states, again whenever the kiosk takes
    the screen back."""
    screen = Screen(SIZE, window_manager=True)
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text('admin_pin: "432109"\n')
    game = Game(screen, tmp_path / "home", "--kiosk")
    try:
        game.wait_log("screen: title")
        wait_for(game.has_the_screen, what="the kiosk to have the screen")
        window = game.window()

        def states() -> str:
            return screen.run("xprop", "-id", window, "_NET_WM_STATE", check=False).stdout

        wait_for(lambda: "_NET_WM_STATE_ABOVE" in states() and "_NET_WM_STATE_FULLSCREEN" in states(), 5,
                 what=f"fullscreen and above (now {states().strip()})")
        screen.run("wmctrl", "-k", "on")  # show the desktop
        wait_for(game.has_the_screen, 2.0, what="the kiosk back after show desktop")
        screen.run("wmctrl", "-i", "-r", window, "-b", "remove,above")  # a panel or a tool took the state off
        screen.run("wmctrl", "-k", "on")
        wait_for(game.has_the_screen, 2.0, what="the kiosk back after show desktop")
        wait_for(lambda: "_NET_WM_STATE_ABOVE" in states() and "_NET_WM_STATE_FULLSCREEN" in states(), 2,
                 what=f"fullscreen and above again (now {states().strip()})")
    finally:
        game.stop()
        screen.close()
