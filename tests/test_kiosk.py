"""Kiosk mode: no way out but the admin's, touch first, idle timeouts on a fake clock, and a long soak."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from helpers import kiosk_at_title
from scene_driver import Driver

from game.store.kiosk import KioskConfig
from game.store.saves import save_path

CONFIG = KioskConfig(game_idle=60, countdown=10, title_idle=30, admin_pin="4321",
                     attract_variants=("classic", "jackpot"), variants=("classic", "yatzy", "jackpot"), max_seats=3)


@pytest.fixture
def kiosk():
    driver = kiosk_at_title(CONFIG)
    yield driver
    driver.close()


def _post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _key(driver, key, mod=0):
    driver.key(key, mod)


# ------------------------------------------------------------------ kiosk.yaml --
# (the file's fields, its mistakes and the PIN it gets: test_kiosk_config.py)


# --------------------------------------------------------------- no way out --

def test_every_quit_path_leaves_the_app_running(kiosk):
    from scenes.menus.title import TitleScene

    app = kiosk.app
    _post(pygame.QUIT)  # the window's close button, and Alt+F4 through the window manager
    kiosk.step(0.05)
    _key(kiosk, pygame.K_F4, pygame.KMOD_ALT)
    _key(kiosk, pygame.K_ESCAPE)  # Esc on the title quits a desktop game
    _key(kiosk, pygame.K_F11)  # and fullscreen stays
    app.quit()  # even a scene asking to quit
    assert app.running and app.fullscreen
    labels = [b.label for b in kiosk.top.row.buttons]
    assert isinstance(kiosk.top, TitleScene) and "Quit" not in labels and "Settings" not in labels


def test_the_pause_menu_offers_no_settings_and_quitting_goes_to_the_title(kiosk):
    from scenes.ui.dialogs import PauseMenu

    kiosk.click(kiosk.top.row.buttons[0].rect.center)  # Play
    kiosk.click(kiosk.top.start.rect.center)
    kiosk.step(0.5)
    kiosk.click((640, 400))  # skip the roll-off
    _key(kiosk, pygame.K_ESCAPE)
    kiosk.step(0.4)
    menu = kiosk.top
    assert isinstance(menu, PauseMenu)
    assert [b.label for b in menu.row.buttons] == ["Resume", "Rules of this game", "Quit to title"]
    assert kiosk.app.running


def _long_press_corner(driver, seconds: float):
    _post(pygame.MOUSEBUTTONDOWN, pos=driver.window_pos((20, 20)), button=1, touch=False)
    driver.step(seconds)
    _post(pygame.MOUSEBUTTONUP, pos=driver.window_pos((20, 20)), button=1, touch=False)
    driver.step(0.05)


def _enter_pin(driver, pin: str):
    pad = driver.top
    for digit in pin:
        driver.click(next(b for b in pad.row.buttons if b.label == digit).rect.center)
    driver.click(next(b for b in pad.row.buttons if b.label == "OK").rect.center)


def test_only_the_long_corner_press_and_the_right_pin_reach_the_admin_panel(kiosk):
    from scenes.kiosk.panels import AdminPanel, PinPad

    _long_press_corner(kiosk, 1.5)
    assert not isinstance(kiosk.top, PinPad)  # too short
    _long_press_corner(kiosk, 3.2)
    assert isinstance(kiosk.top, PinPad)
    _enter_pin(kiosk, "1111")
    assert isinstance(kiosk.top, PinPad) and kiosk.top.message == "Wrong PIN"
    _enter_pin(kiosk, "4321")
    panel = kiosk.top
    assert isinstance(panel, AdminPanel)
    kiosk.click(next(b for b in panel.row.buttons if b.label == "Quit to desktop").rect.center)
    assert not kiosk.app.running


def test_three_wrong_pins_lock_the_pad_for_a_minute(kiosk):
    from scenes.kiosk.panels import AdminPanel, PinPad

    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)  # the key combination
    assert isinstance(kiosk.top, PinPad)
    for _ in range(3):
        _enter_pin(kiosk, "0000")
    assert kiosk.top.message == "Locked for a minute"
    _enter_pin(kiosk, "4321")
    assert isinstance(kiosk.top, PinPad)  # even the right PIN waits
    kiosk.step(61.0)
    assert not isinstance(kiosk.top, PinPad)  # an untouched pad closes itself
    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    _enter_pin(kiosk, "4321")
    assert isinstance(kiosk.top, AdminPanel)
    kiosk.step(31.0)  # an admin who walks away leaves nothing open to the public
    assert not isinstance(kiosk.top, AdminPanel)


# ----------------------------------------------------------------- touch first --

def test_touch_only_new_game_with_names_from_a_list_and_the_kiosk_limits(kiosk):
    from scenes.menus.newgame import NewGameScene

    kiosk.click(kiosk.top.row.buttons[0].rect.center)
    scene = kiosk.top
    assert isinstance(scene, NewGameScene)
    assert [v.id for v in scene.variants] == ["classic", "yatzy", "jackpot"]
    field = scene._seat_rect(0)
    kiosk.click((field.x + 120, field.centery))
    assert scene.editing is None and not kiosk.app.input.text_mode  # no keyboard needed
    assert scene.seats[0].name != "Player 1"
    while len(scene.seats) < 3:
        scene._add_seat_and_build()
    scene._add_seat_and_build()
    assert len(scene.seats) == 3  # the kiosk allows three


def test_touch_targets_are_at_least_48_pixels(kiosk):
    from scenes.kiosk.panels import AdminPanel, PinPad
    from scenes.ui.dialogs import PauseMenu

    def sizes(scene):
        row = getattr(scene, "row", None) or getattr(scene, "buttons", None)
        return [(b.label, b.rect.width, b.rect.height) for b in row.buttons if b.rect.x >= 0]

    checked = sizes(kiosk.top)
    kiosk.click(kiosk.top.row.buttons[0].rect.center)
    checked += sizes(kiosk.top)
    kiosk.click(kiosk.top.start.rect.center)
    kiosk.step(0.3)
    kiosk.click((640, 400))
    checked += sizes(kiosk.top)
    for scene in (PauseMenu(kiosk.app, kiosk.top.variant, lambda: None), PinPad(kiosk.app, kiosk.app.kiosk),
                  AdminPanel(kiosk.app, kiosk.app.kiosk)):
        checked += sizes(scene)
    small = [c for c in checked if min(c[1], c[2]) < 48]
    assert len(checked) > 15 and small == []


# --------------------------------------------------------------------- idle --

def test_idle_title_plays_the_attract_mode_and_a_tap_returns(kiosk):
    from scenes.menus.title import TitleScene

    kiosk.step(29.0)
    assert not kiosk.app.kiosk.attract
    kiosk.step(2.0)
    assert kiosk.app.kiosk.attract and not isinstance(kiosk.top, TitleScene)
    kiosk.step(20.0)  # computers playing
    _post(pygame.MOUSEBUTTONDOWN, pos=kiosk.window_pos((640, 400)), button=1, touch=False)
    kiosk.step(0.05)
    assert isinstance(kiosk.top, TitleScene) and not kiosk.app.kiosk.attract


def test_an_abandoned_game_counts_down_and_returns_to_the_title_without_a_save(kiosk):
    from scenes.kiosk.panels import StillPlaying
    from scenes.menus.title import TitleScene

    kiosk.click(kiosk.top.row.buttons[0].rect.center)
    kiosk.click(kiosk.top.start.rect.center)
    kiosk.step(0.5)
    kiosk.click((640, 400))
    _key(kiosk, pygame.K_SPACE)
    assert not save_path().exists()  # a kiosk keeps no resumable game
    kiosk.step(59.0)
    assert not isinstance(kiosk.top, StillPlaying)
    kiosk.step(2.0)
    assert isinstance(kiosk.top, StillPlaying)
    kiosk.click((640, 400))  # still playing
    assert not isinstance(kiosk.top, StillPlaying)
    kiosk.step(61.0)
    assert isinstance(kiosk.top, StillPlaying)
    kiosk.step(11.0)
    assert isinstance(kiosk.top, TitleScene) and len(kiosk.app.stack.scenes) == 1
    assert not save_path().exists()


# ---------------------------------------------------------------------- soak --

@pytest.mark.skipif(not os.environ.get("DICE_PARLOR_SOAK"), reason="1.5-5 minutes: run when asked "
                    "(DICE_PARLOR_SOAK=1) or with benchmarks/bench_kiosk.py")
def test_the_attract_mode_runs_24_hours_with_memory_and_files_flat():
    from soak import judge, soak

    problems = judge(soak(24, step=1.0, draw_every=10.0))
    assert not problems, problems


# ------------------------------------------------- taps where aimed, any screen --

def _letterboxed(driver, size=(1920, 1080)):
    """A 16:9 screen: the 16:10 table is letterboxed left and right (96 px each at 1920x1080)."""
    driver.app.viewport.resize(size)
    assert driver.app.viewport.offset[0] > 0


def test_a_touch_lands_on_the_button_under_the_finger_on_a_letterboxed_screen(kiosk):
    from scenes.menus.newgame import NewGameScene

    _letterboxed(kiosk)
    play = kiosk.top.row.buttons[0]
    x, y = kiosk.window_pos(play.rect.center)
    width, height = kiosk.app.viewport.window
    finger = dict(touch_id=1, finger_id=1, dx=0.0, dy=0.0, pressure=1.0, x=x / width, y=y / height)
    _post(pygame.FINGERDOWN, **finger)
    _post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)  # SDL's mouse copy of the touch
    _post(pygame.FINGERUP, **finger)
    _post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True)
    kiosk.step(0.4)
    assert isinstance(kiosk.top, NewGameScene)
    assert len(kiosk.app.stack.scenes) == 2  # one tap, one action


def test_a_click_lands_on_the_button_under_the_pointer_on_a_letterboxed_screen(kiosk):
    from scenes.menus.records_scene import RecordsScene

    _letterboxed(kiosk)
    records = next(b for b in kiosk.top.row.buttons if b.label == "Records")
    kiosk.click(records.rect.center)
    assert isinstance(kiosk.top, RecordsScene)


def test_the_admin_corner_is_the_screens_own_corner_when_letterboxed(kiosk):
    from scenes.kiosk.panels import PinPad

    _letterboxed(kiosk)
    assert kiosk.app.viewport.to_logical((5, 5))[0] < 0  # the screen's corner is outside the table
    _post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=False)
    kiosk.step(3.2)
    assert isinstance(kiosk.top, PinPad)


def test_the_cursor_is_hidden_without_relative_mouse_mode(kiosk):
    assert pygame.mouse.get_visible()  # hidden by a transparent cursor: set_visible(False) would go relative
    assert not pygame.mouse.get_relative_mode()


# ------------------------------------------------------- the operator's log --

def test_the_log_names_every_screen_and_every_ignored_quit(kiosk, caplog):
    caplog.set_level("INFO", logger="dice_parlor")
    app = kiosk.app
    _post(pygame.QUIT)
    kiosk.step(0.05)
    _key(kiosk, pygame.K_F4, pygame.KMOD_ALT)
    _key(kiosk, pygame.K_q, pygame.KMOD_CTRL)
    _key(kiosk, pygame.K_ESCAPE)
    assert app.running
    kiosk.click(kiosk.top.row.buttons[0].rect.center)  # Play
    kiosk.click(kiosk.top.start.rect.center)
    kiosk.step(0.5)
    kiosk.click((640, 400))
    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    _enter_pin(kiosk, "9999")
    _enter_pin(kiosk, "4321")
    lines = [r.getMessage() for r in caplog.records]
    for expected in ("quit: ignored (the window's close button)", "quit: ignored (Alt+F4)",
                     "quit: ignored (Ctrl+Q)", "quit: ignored (Esc on the title)", "screen: new_game",
                     "screen: table", "screen: admin_pin", "admin: refused", "screen: admin", "admin: opened"):
        assert expected in lines, expected
    assert not any("4321" in line or "9999" in line for line in lines)  # never the digits


def test_the_attract_mode_logs_as_one_screen(kiosk, caplog):
    caplog.set_level("INFO", logger="dice_parlor")
    kiosk.step(31.0)
    assert "screen: attract" in [r.getMessage() for r in caplog.records]


# ---------------------------------------------------------- the admin's ways --

def test_the_pin_pad_takes_digit_keys_and_enter(kiosk):
    from scenes.kiosk.panels import AdminPanel

    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    for key in (pygame.K_4, pygame.K_KP3, pygame.K_2, pygame.K_KP1):
        _key(kiosk, key)
    _key(kiosk, pygame.K_RETURN)
    assert isinstance(kiosk.top, AdminPanel)


def test_the_lockout_survives_a_restart(kiosk):
    from scenes.kiosk.panels import PinPad
    from scenes.menus.title import TitleScene

    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    for _ in range(3):
        _enter_pin(kiosk, "0000")
    kiosk.close()
    again = Driver(animation="instant", kiosk=CONFIG)  # the power cycled, the same data folder
    again.start(TitleScene(again.app))
    _key(again, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    _enter_pin(again, "4321")
    assert isinstance(again.top, PinPad) and again.top.message == "Locked for a minute"
    again.close()


def test_without_a_valid_pin_the_admin_panel_stays_shut(caplog):
    from dataclasses import replace

    from scenes.kiosk.panels import PinPad
    from scenes.menus.title import TitleScene

    caplog.set_level("INFO", logger="dice_parlor")
    driver = Driver(animation="instant", kiosk=replace(CONFIG, admin_pin=None))
    driver.start(TitleScene(driver.app))
    _key(driver, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    for pin in ("", "2468", "0000", "1234"):
        _enter_pin(driver, pin)
        assert isinstance(driver.top, PinPad) and driver.top.message == "No admin PIN is set: see the kiosk's log"
    assert "admin: refused (no valid admin_pin in" in " ".join(r.getMessage() for r in caplog.records)
    driver.close()


def test_quit_to_desktop_ends_with_the_status_the_unit_does_not_restart(kiosk):
    from game.store.kiosk import ADMIN_QUIT_STATUS

    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    _enter_pin(kiosk, "4321")
    kiosk.click(next(b for b in kiosk.top.row.buttons if b.label == "Quit to desktop").rect.center)
    assert not kiosk.app.running and kiosk.app.exit_status == ADMIN_QUIT_STATUS
    unit = (Path(__file__).parent.parent / "packaging" / "dice-parlor-kiosk.service").read_text()
    assert f"RestartPreventExitStatus={ADMIN_QUIT_STATUS}" in unit and "Restart=always" in unit
    assert "KillSignal=SIGTERM" in unit and "TimeoutStopSec=5" in unit


def test_problems_go_to_the_admin_panel_never_to_the_customers_screen():
    from dataclasses import replace

    from scenes.kiosk.panels import AdminPanel
    from scenes.menus.title import TitleScene
    from scenes.ui.widgets import record_text

    problem = "/etc/kiosk.yaml:3: idle.game_seconds: must be from 10 to 3600, got 2 (default used)"
    driver = Driver(animation="instant", kiosk=replace(CONFIG, problems=(problem,)))
    driver.app.notice = "The records were damaged"
    driver.start(TitleScene(driver.app))
    record_text(True)
    driver.step(0.1)
    shown = " ".join(d.words for d in record_text(False))
    assert "idle.game_seconds" not in shown and "damaged" not in shown
    _key(driver, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    _enter_pin(driver, "4321")
    assert isinstance(driver.top, AdminPanel)
    record_text(True)
    driver.step(0.1)
    shown = " ".join(d.words for d in record_text(False))
    assert "idle.game_seconds" in shown and "damaged" in shown and "2 problems" in shown
    driver.close()


# ---------------------------------------------------------- told to stop --

def test_sigterm_ends_the_loop_cleanly_even_in_a_kiosk(kiosk, caplog):
    import os
    import signal

    from scenes.menus.title import TitleScene

    caplog.set_level("INFO", logger="dice_parlor")
    app = kiosk.app
    app.stack.clear()
    with app.stop:
        os.kill(os.getpid(), signal.SIGTERM)
        status = app.run(TitleScene(app))
    assert status == 0 and "stopped by SIGTERM" in [r.getMessage() for r in caplog.records]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # put back as it was


def _a_table_with_a_hold_not_saved_yet():
    """A classic table after a roll and a hold: the hold is not worth an autosave of its own."""
    from game.engine.actions import Hold
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from game.store.saves import load_saved
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant")
    session = Session(find_variant("classic"), [Seat("Ada")], seed=3, rolloff=False)
    driver.start(TableScene(driver.app, session))
    _key(driver, pygame.K_SPACE)
    driver.step(1.0)
    _key(driver, pygame.K_1)
    assert any(isinstance(action, Hold) for action in session.log)
    assert not any(isinstance(action, Hold) for action in load_saved(driver.app.catalogue.find).session.log)
    return driver, session


def test_a_stop_keeps_the_move_the_autosave_had_not_written_yet():
    from game.store.saves import load_saved

    driver, session = _a_table_with_a_hold_not_saved_yet()
    driver.app.flush()  # what a SIGTERM does before the loop returns
    saved = load_saved(driver.app.catalogue.find).session
    assert [type(a) for a in saved.log] == [type(a) for a in session.log]
    driver.close()


def test_closing_the_window_keeps_the_holds_made_since_the_last_save():
    from game.store.saves import load_saved
    from scenes.menus.title import TitleScene

    driver, session = _a_table_with_a_hold_not_saved_yet()
    _post(pygame.QUIT)  # the window's close button
    assert driver.app.run(TitleScene(driver.app)) == 0
    saved = load_saved(driver.app.catalogue.find).session
    assert [type(a) for a in saved.log] == [type(a) for a in session.log] and saved.state.held == session.state.held
    pygame.quit()


def test_a_lock_ended_from_a_shell_lets_the_right_pin_in_at_once(kiosk):
    from game.cli import main
    from scenes.kiosk.panels import AdminPanel, PinPad

    _key(kiosk, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    for _ in range(3):
        _enter_pin(kiosk, "0000")
    assert kiosk.top.message == "Locked for a minute"
    assert main(["kiosk-unlock"]) == 0  # the owner, over ssh
    _enter_pin(kiosk, "4321")
    assert isinstance(kiosk.top, AdminPanel) and not isinstance(kiosk.top, PinPad)


def test_a_pin_fixed_in_the_file_opens_the_panel_without_a_restart(tmp_path):
    """The owner who fixed a broken admin_pin line (from a shell) gets in at the next try."""
    from game.rules.variants import load_all
    from game.store.kiosk import kiosk_path, load_kiosk
    from scenes.kiosk.panels import AdminPanel
    from scenes.menus.title import TitleScene

    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text('idle: {game_seconds: 30}\nadmin_pin: "583920\n')
    driver = Driver(animation="instant", kiosk=load_kiosk(load_all().names()))
    try:
        driver.start(TitleScene(driver.app))
        _key(driver, pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
        _enter_pin(driver, "583920")
        assert not isinstance(driver.top, AdminPanel)
        kiosk_path().write_text('idle: {game_seconds: 30}\nadmin_pin: "583920"\n')
        _enter_pin(driver, "583920")
        assert isinstance(driver.top, AdminPanel)
    finally:
        driver.close()
