"""Kiosk mode: no way out but the admin's, touch first, idle timeouts on a fake clock, and a long soak."""

from __future__ import annotations

import statistics

import pygame
import pytest

from game.kiosk import KioskConfig, load_kiosk, kiosk_path
from game.saves import save_path
from game.variants import load_all

from scene_driver import Driver

CONFIG = KioskConfig(game_idle=60, countdown=10, title_idle=30, admin_pin="4321",
                     attract_variants=("classic", "jackpot"), variants=("classic", "yatzy", "jackpot"), max_seats=3)


@pytest.fixture
def kiosk():
    from scenes.title import TitleScene

    driver = Driver(animation="instant", kiosk=CONFIG)
    driver.start(TitleScene(driver.app))
    driver.step(0.1)
    yield driver
    driver.close()


def _post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _key(driver, key, mod=0):
    driver.key(key, mod)


# ------------------------------------------------------------------ kiosk.yaml --

def test_no_file_means_the_defaults():
    config, problem = load_kiosk(load_all().names())
    assert config == KioskConfig() and problem is None


def test_a_kiosk_file_sets_what_it_names():
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text("variants: [yatzy, jackpot]\nseats: {min: 2, max: 3}\nidle: {game_seconds: 45}\n"
                            "admin_pin: '9876'\nshow_cursor: true\n")
    config, problem = load_kiosk(load_all().names())
    assert problem is None
    assert config.variants == ("yatzy", "jackpot") and (config.min_seats, config.max_seats) == (2, 3)
    assert config.game_idle == 45 and config.title_idle == KioskConfig().title_idle
    assert config.admin_pin == "9876" and config.show_cursor


@pytest.mark.parametrize("text,expected", [
    ("variants: [classic, parcheesi]\n", ":1: variants: unknown variant 'parcheesi'"),
    ("admin_pin: 12\n", ":1: admin_pin: must be 4 to 8 digits"),
    ("idle: {game_seconds: 2}\n", ":1: idle.game_seconds: must be from 10 to 3600, got 2"),
    ("seats: {min: 3, max: 2}\n", ":1: seats.max: must be at least min (3), got 2"),
    ("colour: red\n", ":1: colour: unknown key"),
    ("variants: [classic\n", "yaml: not valid YAML"),
])
def test_a_kiosk_file_with_a_mistake_gets_one_line_and_the_defaults(text, expected):
    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text(text)
    config, problem = load_kiosk(load_all().names())
    assert config == KioskConfig()
    assert expected in problem and problem.startswith(str(kiosk_path())) and "\n" not in problem


# --------------------------------------------------------------- no way out --

def test_every_quit_path_leaves_the_app_running(kiosk):
    from scenes.title import TitleScene

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
    from scenes.dialogs import PauseMenu

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
    from scenes.kiosk import AdminPanel, PinPad

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
    from scenes.kiosk import AdminPanel, PinPad

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
    from scenes.newgame import NewGameScene

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
    from scenes.dialogs import PauseMenu
    from scenes.kiosk import AdminPanel, PinPad

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
    from scenes.title import TitleScene

    kiosk.step(29.0)
    assert not kiosk.app.kiosk.attract
    kiosk.step(2.0)
    assert kiosk.app.kiosk.attract and not isinstance(kiosk.top, TitleScene)
    kiosk.step(20.0)  # computers playing
    _post(pygame.MOUSEBUTTONDOWN, pos=kiosk.window_pos((640, 400)), button=1, touch=False)
    kiosk.step(0.05)
    assert isinstance(kiosk.top, TitleScene) and not kiosk.app.kiosk.attract


def test_an_abandoned_game_counts_down_and_returns_to_the_title_without_a_save(kiosk):
    from scenes.kiosk import StillPlaying
    from scenes.title import TitleScene

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

def test_the_attract_mode_runs_24_hours_with_memory_and_files_flat():
    from soak import soak

    result = soak(24, step=1.0, draw_every=10.0)
    samples = result["samples"]
    assert result["attract"] and result["games"] > 50
    assert len({files for _, files in samples}) == 1  # no file handle leaks
    memory = [rss for rss, _ in samples]
    # caches fill in the first hours; after that the resident size only wobbles with the allocator
    growth = (statistics.median(memory[-6:]) - statistics.median(memory[6:12])) / 12
    assert growth < 1.0, f"{growth:.2f} MB per simulated hour: {memory}"
