"""The operator's log answers a complaint: what was played, what the admin pad did, the screen, the start
and the stop; one line per screen change. And a kiosk with no screen says so and stops, for systemd to retry."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest
from helpers import kiosk_at_title
from xserver import ROOT

from game.store.kiosk import NO_SCREEN_STATUS, KioskConfig

CONFIG = KioskConfig(game_idle=60, countdown=10, title_idle=30, admin_pin="432109", attract_variants=("classic",),
                     variants=("classic", "yatzy", "jackpot"), max_seats=3)


@pytest.fixture
def kiosk(caplog):
    caplog.set_level("INFO", logger="dice_parlor")
    driver = kiosk_at_title(CONFIG)
    yield driver
    driver.close()


def _lines(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.get_records("setup") + caplog.records]


def test_the_start_names_the_video_driver_and_the_screen(kiosk, caplog):
    width, height = kiosk.app.window.get_size()
    assert f"display: dummy driver, {width}x{height}" in _lines(caplog)


def test_a_game_started_and_finished_says_the_game_the_seats_and_the_scores(kiosk, caplog):
    from game.cli import play_game
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scenes.persist import remember

    session = Session(find_variant("yatzy"), [Seat("Ann"), Seat("Ben"), Seat("Cy", "computer", "greedy")], seed=4)
    kiosk.app.go("opening", session, how="clear")
    assert "game started: yatzy, 3 seats (2 people, 1 computer)" in _lines(caplog)
    played = play_game(find_variant("classic"), ["greedy", "greedy"], seed=2)
    remember(kiosk.app, played, None)
    totals = played.state.returns()
    names = [seat.name for seat in played.state.seats]
    assert f"game finished: classic ({names[0]} {totals[0]}, {names[1]} {totals[1]})" in _lines(caplog)


def test_a_question_over_the_table_is_no_screen_change(kiosk, caplog):
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant

    kiosk.app.go("opening", Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=1), how="clear")
    kiosk.step(0.5)
    for _ in range(2):
        kiosk.app.go("confirm", "Score zero?", "", "Yes", lambda: None)
        kiosk.step(0.1)
        kiosk.app.stack.pop()
        kiosk.step(0.1)
    screens = [line for line in _lines(caplog) if line.startswith("screen: ")]
    assert screens == ["screen: title", "screen: table"]


def test_a_pin_pad_left_alone_closing_itself_is_said(kiosk, caplog):
    kiosk.key(pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    kiosk.step(31.0)
    assert "admin: the PIN pad closed itself, unused for 30 s" in _lines(caplog)


def test_a_screen_not_taken_back_in_five_seconds_is_said_once_and_when_it_is_back(kiosk, caplog):
    kiosk.step(2.0)
    kiosk.app.kiosk.window_event(pygame.WINDOWMINIMIZED)
    kiosk.step(12.0)
    kiosk.app.kiosk.window_event(pygame.WINDOWRESTORED)
    said = [line for line in _lines(caplog) if line.startswith("window: ")]
    assert said == ["window: lost the screen (WindowMinimized); taking it back",
                    "window: could not take the screen back in 5 s; still trying",
                    "window: has the screen again, after 12 s"]


def test_a_kiosk_without_a_screen_exits_with_one_line_for_systemd_to_retry(tmp_path):
    home = tmp_path / "home"
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                                          "SDL_VIDEODRIVER")}
    env.update(DICE_PARLOR_HOME=str(home), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-m", "game", "--kiosk"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    ours = [line for line in done.stderr.splitlines() if line.startswith("dice-parlor:")]
    assert done.returncode == NO_SCREEN_STATUS and len(ours) == 1 and "no screen to show on" in ours[0]
    log = (home / "state" / "logs" / "dice-parlor.log").read_text()
    assert "DISPLAY unset" in log and f"exit status {NO_SCREEN_STATUS}" in log


def test_an_idle_reset_and_the_admins_reset_are_told_apart(kiosk, caplog):
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scenes.kiosk.panels import AdminPanel

    kiosk.app.go("opening", Session(find_variant("classic"), [Seat("Ann"), Seat("Ben")], seed=1), how="clear")
    kiosk.step(CONFIG.game_idle + CONFIG.countdown + 1)
    assert kiosk.top.screen == "title"
    kiosk.app.stack.push(AdminPanel(kiosk.app, kiosk.app.kiosk))
    kiosk.step(0.1)
    reset = next(button for button in kiosk.top.row.buttons if button.label == "Reset the table")
    reset.on_press()
    kiosk.step(0.1)
    said = [line for line in _lines(caplog) if line.startswith("table reset")]
    assert said == ["table reset: no touch for 60 s, then the 10 s countdown", "table reset by the admin"]


def test_pad_b_on_the_title_is_logged_as_the_pads_button_not_esc(caplog):
    from dataclasses import replace

    caplog.set_level("INFO", logger="dice_parlor")
    driver = kiosk_at_title(replace(CONFIG, gamepad=True))
    try:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                             button=pygame.CONTROLLER_BUTTON_B))
        driver.step(0.1)
        driver.key(pygame.K_ESCAPE)
    finally:
        driver.close()
    said = [line for line in _lines(caplog) if line.startswith("quit: ignored")]
    assert said == ["quit: ignored (pad B on the title)", "quit: ignored (Esc on the title)"]


def test_a_start_after_an_unclean_end_says_so_in_the_log(tmp_path):
    """A kill -9 or a power cut leaves the run's mark behind: the next start says so, and a clean end does not."""
    home = tmp_path / "home"
    (home / "state").mkdir(parents=True)
    (home / "state" / "kiosk-running").write_text('{"started": 1700000000}')
    (home / "config").mkdir()
    (home / "config" / "kiosk.yaml").write_text('admin_pin: "432109"\n')
    env = dict(os.environ, DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "game", "--kiosk", "--exit-after", "0.2"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    log = (home / "state" / "logs" / "dice-parlor.log").read_text()
    assert log.count("did not end cleanly") == 1 and "(started 2023-11-" in log
    assert not (home / "state" / "kiosk-running").exists()


def test_a_broken_user_variant_is_in_the_log_as_the_admin_panel_says(tmp_path):
    """The admin panel's heading says its problems are "also in the log": a refused variant file is."""
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "kiosk.yaml").write_text('admin_pin: "432109"\n')
    env = dict(os.environ, DICE_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    from game.paths import user_variants_dir

    folder = user_variants_dir()  # the tests' own home: the same layout under DICE_PARLOR_HOME
    relative = folder.relative_to(os.environ["DICE_PARLOR_HOME"])
    (home / relative).mkdir(parents=True)
    (home / relative / "broken.yaml").write_text("name: Broken\nboxes: 3\n")
    done = subprocess.run([sys.executable, "-m", "game", "--kiosk", "--exit-after", "0.2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    log = (home / "state" / "logs" / "dice-parlor.log").read_text()
    assert "WARNING" in log and "broken.yaml:" in log
