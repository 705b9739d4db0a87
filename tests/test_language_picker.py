"""Settings' language list: each language named in itself, picked by click, keys or pad; Back keeps it."""

from __future__ import annotations

import pygame
from scene_driver import Driver

from game.rules import i18n
from game.store.settings import load_settings


def _open(driver):
    from scenes.menus.language_picker import LanguagePicker
    from scenes.menus.settings_scene import SettingsScene

    settings = SettingsScene(driver.app)
    driver.start(settings)
    driver.step(0.4)
    driver.click(settings.row.buttons[0].rect.center)
    driver.step(0.4)
    assert isinstance(driver.top, LanguagePicker)
    return settings, driver.top


def test_every_language_is_listed_in_its_own_words():
    driver = Driver()
    try:
        _, picker = _open(driver)
        labels = [button.label for button in picker.row.buttons]
        assert sorted(labels) == sorted(i18n.languages().values())
        assert labels == sorted(labels, key=str.casefold)  # Dansk, Deutsch, English, ...
        for own in ("English", "Nederlands", "Svenska", "Deutsch", "Français", "Español", "Dansk", "Norsk bokmål"):
            assert own in labels
        assert picker.row.buttons[picker.row.focus].label == "English"  # the keys start on the one in use
        assert all(picker.box().contains(button.rect) for button in picker.row.buttons)
    finally:
        driver.close()


def test_a_click_picks_and_the_settings_speak_it():
    driver = Driver()
    try:
        settings, picker = _open(driver)
        swedish = next(b for b in picker.row.buttons if b.label == "Svenska")
        driver.click(swedish.rect.center)
        assert driver.top is settings and i18n.language() == "sv"
        assert settings.row.buttons[0].label == "Svenska" and settings.row.buttons[-1].label == "Klar"
    finally:
        driver.close()
        i18n.set_language("en")
    assert load_settings().language == "sv"


def test_keys_pick_and_back_keeps_the_language():
    driver = Driver()
    try:
        settings, picker = _open(driver)
        driver.key(pygame.K_ESCAPE)  # Back: nothing changes
        assert driver.top is settings and i18n.language() == "en"
        driver.step(0.4)  # the settings' clock stood still under the list: past the button's double-click guard
        driver.click(settings.row.buttons[0].rect.center)
        driver.step(0.4)
        assert driver.top is not settings
        for _ in range(2):  # English -> Español -> Français
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        assert driver.top is settings and i18n.language() == "fr"
        assert settings.row.buttons[0].label == "Français"
    finally:
        driver.close()
        i18n.set_language("en")
