"""Visitors at a kiosk: two people by default, words for a touch screen, and the next visitor starts afresh."""

from __future__ import annotations

import pygame
import pytest
from helpers import kiosk_at_title, texts_on_screen
from scene_driver import Driver

from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.kiosk import KioskConfig

CONFIG = KioskConfig(game_idle=60, countdown=10, title_idle=30, admin_pin="432109", attract_variants=("classic",),
                     variants=("classic", "yatzy", "jackpot"), max_seats=3)


@pytest.fixture
def kiosk():
    driver = kiosk_at_title(CONFIG)
    yield driver
    driver.close()


@pytest.mark.parametrize("variant", ["jackpot", "classic"])
def test_a_touch_kiosk_asks_for_a_tap_never_for_a_key(kiosk, variant):
    session = Session(find_variant(variant), [Seat("Ann"), Seat("Ben")], seed=3)
    kiosk.start(kiosk.app.scene("opening", session))
    kiosk.step(1.0)
    seen = set(texts_on_screen(kiosk))  # the roll-off, or Jackpot's lot and its first hand-over
    if kiosk.top.screen == "rolloff":
        kiosk.step(1.5)
        kiosk.click((640, 400))
        kiosk.step(1.5)
        seen |= set(texts_on_screen(kiosk))
    assert "Tap when ready" in seen or "Tap to skip" in seen
    assert not [words for words in seen if "Enter" in words], seen


def test_the_first_visitor_finds_two_people_and_the_next_one_the_same_after_going_back_to_the_title(kiosk):
    from scenes.menus.newgame import NewGameScene

    kiosk.click(kiosk.top.row.buttons[0].rect.center)  # Play
    scene = kiosk.top
    assert isinstance(scene, NewGameScene)
    assert [seat.computer for seat in scene.seats] == [False, False]
    scene._toggle_kind(1)  # this visitor plays the computer, with a third seat
    scene._add_seat_and_build()
    kiosk.click(scene.start.rect.center)
    kiosk.step(0.5)
    kiosk.click((640, 400))
    kiosk.key(pygame.K_ESCAPE)
    kiosk.step(0.4)
    kiosk.click(next(b for b in kiosk.top.row.buttons if b.label == "Quit to title").rect.center)
    kiosk.step(0.5)
    assert kiosk.top.screen == "confirm"
    kiosk.click(kiosk.top.row.buttons[-1].rect.center)  # yes, quit
    kiosk.step(0.5)
    assert kiosk.top.screen == "title"
    kiosk.step(5.0)  # the next visitor, well within the minute
    kiosk.click(kiosk.top.row.buttons[0].rect.center)
    assert [seat.computer for seat in kiosk.top.seats] == [False, False]


# --------------------------------------------------------- the operator --

def test_the_admin_panel_shows_every_problem_in_the_files_order_a_page_at_a_time():
    from game.rules.variants import load_all
    from game.store.kiosk import kiosk_path, load_kiosk
    from scenes.kiosk.panels import AdminPanel
    from scenes.menus.title import TitleScene

    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text("language: xx\nvariants: [nope]\nshow_cursor: 3\nidle: {countdown_seconds: 1}\n"
                            "colour: red\nseats: {min: 0}\nattract_variants: []\nsize: 3\nadmin_pin: '432109'\n")
    config = load_kiosk(load_all().names())
    assert len(config.problems) == 8
    driver = Driver(animation="instant", kiosk=config)
    driver.app.notice = "The records were damaged and set aside"
    driver.start(TitleScene(driver.app))
    driver.app.go("admin", driver.app.kiosk)
    driver.step(0.1)
    panel = driver.top
    assert isinstance(panel, AdminPanel) and len(panel.pages) > 1
    seen = []
    for _ in panel.pages:
        shown = " ".join(texts_on_screen(driver))
        assert "more in the log" not in shown and f"page {panel.page + 1} of {len(panel.pages)}" in shown
        seen += [problem for problem in config.problems + ("The records were damaged",)
                 if problem.split("kiosk.yaml")[-1] in shown]  # the path may break anywhere, the rest at spaces
        driver.click(next(b for b in panel.row.buttons if b.label == "Next").rect.center)
        driver.step(0.1)
    assert seen == [*config.problems, "The records were damaged"]  # each once, in the file's order
    assert panel.page == 0  # round again
    driver.close()


def _admin_panel(driver):
    from scenes.kiosk.panels import AdminPanel

    driver.app.go("admin", driver.app.kiosk)
    driver.step(0.1)
    assert isinstance(driver.top, AdminPanel)
    return driver.top


def _button(panel, label):
    return next(b for b in panel.row.buttons if b.label == label)


def test_reset_the_records_asks_for_a_second_tap(kiosk, monkeypatch):
    import scenes.kiosk.panels as panels

    done = []
    monkeypatch.setattr(panels, "reset_records", lambda: done.append(1))
    panel = _admin_panel(kiosk)
    kiosk.click(_button(panel, "Reset the records").rect.center)
    assert done == [] and "Tap again within 10 s" in " ".join(texts_on_screen(kiosk))
    kiosk.step(11.0)  # not confirmed in time: it asks again
    kiosk.click(_button(panel, "Reset the records").rect.center)
    assert done == []
    kiosk.click(_button(panel, "Tap again to reset").rect.center)
    assert done == [1] and _button(panel, "Reset the records")


def test_the_admin_panel_shows_where_the_log_is_and_its_last_lines(kiosk):
    from game.store.logtail import log_path

    log_path().parent.mkdir(parents=True, exist_ok=True)
    log_path().write_text("".join(f"2026-01-01 10:00:{n:02d} INFO dice_parlor.kiosk: line {n}\n" for n in range(80)))
    panel = _admin_panel(kiosk)
    kiosk.click(_button(panel, "The log").rect.center)
    shown = " ".join(texts_on_screen(kiosk))
    assert "Log: " in shown and "dice-parlor.log" in shown
    assert "line 79" in shown and "line 70" in shown and "line 0\n" not in shown
    kiosk.click(_button(panel, "The problems").rect.center)
    assert "line 79" not in " ".join(texts_on_screen(kiosk))


def test_the_admin_turns_the_sound_off_and_it_stays_off(kiosk):
    from game.store.settings import load_settings

    panel = _admin_panel(kiosk)
    was = kiosk.app.settings.sound
    kiosk.click(_button(panel, "Sound: on" if was else "Sound: off").rect.center)
    assert kiosk.app.settings.sound is (not was) and load_settings().sound is (not was)
    kiosk.click(_button(panel, "Sound: off" if was else "Sound: on").rect.center)
    assert kiosk.app.settings.sound is was and load_settings().sound is was


def test_the_admin_sets_the_idle_time_and_the_attract_mode_and_the_file_keeps_them(kiosk):
    from game.rules.variants import load_all
    from game.store.kiosk import kiosk_path, load_kiosk

    kiosk_path().parent.mkdir(parents=True, exist_ok=True)
    kiosk_path().write_text("admin_pin: '432109'\n")
    panel = _admin_panel(kiosk)
    kiosk.click(_button(panel, "Settings").rect.center)
    kiosk.click(_button(panel, "Game idle: 60 s").rect.center)
    kiosk.click(_button(panel, "Attract mode: on").rect.center)
    assert "Written into kiosk.yaml" in " ".join(texts_on_screen(kiosk))
    assert kiosk.app.kiosk.config.game_idle == 90 and not kiosk.app.kiosk.config.attract
    again = load_kiosk(load_all().names())
    assert (again.game_idle, again.attract, again.admin_pin, again.problems) == (90, False, "432109", ())
    kiosk.click(_button(panel, "Resume").rect.center)
    kiosk.step(CONFIG.title_idle + 5)
    assert kiosk.top.screen == "title" and not kiosk.app.kiosk.attract  # the title waits
