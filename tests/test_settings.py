"""Settings: changed on screen, kept between runs, and a damaged file never stops the game."""

from __future__ import annotations

from game.settings import Settings, load_settings, save_settings, settings_path

from scene_driver import Driver


def test_settings_changed_on_screen_are_kept_for_the_next_run():
    from scenes.settings_scene import SettingsScene

    driver = Driver(sound=True)
    try:
        scene = SettingsScene(driver.app)
        driver.start(scene)
        driver.step(0.4)
        sound, minus, plus, speed, fullscreen, done = scene.row.buttons
        driver.click(speed.rect.center)  # fast -> instant
        driver.click(scene.row.buttons[2].rect.center)  # volume up
        driver.click(scene.row.buttons[0].rect.center)  # sound off
        assert not scene.row.buttons[1].enabled  # the volume greys out with the sound off
    finally:
        driver.close()
    kept = load_settings()
    assert kept.animation == "instant" and kept.sound is False and kept.volume == 0.8


def test_a_damaged_settings_file_gives_the_defaults():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    for text in ["{not json", "[1, 2]", '{"volume": "loud", "animation": "warp", "sound": 3}', ""]:
        settings_path().write_text(text)
        settings = load_settings()
        assert settings.animation == "normal" and 0.0 <= settings.volume <= 1.0


def test_settings_round_trip():
    save_settings(Settings(sound=False, volume=0.25, animation="fast", fullscreen=True, kiosk=True))
    assert load_settings() == Settings(sound=False, volume=0.25, animation="fast", fullscreen=True, kiosk=True)
