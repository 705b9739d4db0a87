"""Settings: changed on screen, kept between runs, and a damaged file never stops the game."""

from __future__ import annotations

import json
from dataclasses import fields

from helpers import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from scene_driver import Driver

from game.rules import i18n
from game.store.settings import Settings, load_settings, save_settings, settings_path

SETTING_NAMES = [field.name for field in fields(Settings)]


def test_settings_changed_on_screen_are_kept_for_the_next_run():
    from scenes.menus.settings_scene import SettingsScene

    driver = Driver(sound=True)
    try:
        scene = SettingsScene(driver.app)
        driver.start(scene)
        driver.step(0.4)
        language, text_size, sound, minus, plus, speed, pace, fullscreen, tips, coach, speech, done = scene.row.buttons
        assert coach.label == "Always"
        driver.click(coach.rect.center)  # always -> over 0.5 points
        driver.click(coach.rect.center)  # -> over 2 points
        assert coach.label == "Costs over 2 points" or scene.row.buttons[9].label == "Costs over 2 points"
        driver.click(speech.rect.center)  # off -> on, brief
        driver.click(speech.rect.center)  # -> normal
        assert speech.label == "Speech: normal" or scene.row.buttons[10].label == "Speech: normal"
        driver.click(speed.rect.center)  # fast -> instant
        driver.click(pace.rect.center)  # relaxed -> quick
        driver.click(scene.row.buttons[4].rect.center)  # volume up
        driver.click(scene.row.buttons[2].rect.center)  # sound off
        assert not scene.row.buttons[3].enabled  # the volume greys out with the sound off
        driver.click(scene.row.buttons[1].rect.center)  # large text
        driver.click(scene.row.buttons[0].rect.center)  # English -> Dansk, each named in itself
        assert scene.row.buttons[-1].label == "Færdig" and scene.row.buttons[0].label == "Dansk"
        for _ in range(len(i18n.languages())):  # on round to Nederlands
            if scene.row.buttons[0].label == "Nederlands":
                break
            driver.click(scene.row.buttons[0].rect.center)
        assert scene.row.buttons[-1].label == "Klaar" and scene.row.buttons[0].label == "Nederlands"
    finally:
        driver.close()
    kept = load_settings()
    assert kept.animation == "instant" and kept.sound is False and kept.volume == 0.8
    assert kept.computer_pace == "quick"
    assert kept.language == "nl" and kept.text_size == "large"
    assert kept.coach_threshold == 2
    assert kept.speech is True and kept.speech_verbosity == "normal"


def test_the_language_follows_the_system_until_chosen(monkeypatch):
    from game.rules import i18n

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert i18n.system_language() == "nl"
    assert i18n.set_language(load_settings().language or None) == "nl"  # first start: nothing chosen yet
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.system_language() == "en"  # a language we don't have: English
    save_settings(Settings(language="nl"))
    assert i18n.set_language(load_settings().language or None) == "nl"  # chosen: the system no longer decides


def test_unknown_language_and_text_size_fall_back():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"language": "xx", "text_size": "huge", "walkthrough": 3}')
    settings = load_settings()
    assert settings.language == "" and settings.text_size == "normal" and settings.walkthrough is True


def test_a_damaged_settings_file_gives_the_defaults():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    for text in ["{not json", "[1, 2]",
                 '{"volume": "loud", "animation": "warp", "sound": 3, "computer_pace": "ludicrous"}', ""]:
        settings_path().write_text(text)
        settings = load_settings()
        assert settings.animation == "normal" and 0.0 <= settings.volume <= 1.0
        assert settings.computer_pace == "relaxed"


def test_settings_round_trip():
    save_settings(Settings(sound=False, volume=0.25, animation="fast", fullscreen=True, kiosk=True))
    assert load_settings() == Settings(sound=False, volume=0.25, animation="fast", fullscreen=True, kiosk=True)


def test_a_settings_file_nested_too_deep_or_not_utf8_gives_the_defaults():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    for raw in [b"[" * 100_000, b'{"sound": false, "language": "\xff\xfe"}', b"\x00" * 10]:
        settings_path().write_bytes(raw)
        assert load_settings() == Settings()


def test_the_seats_last_set_up_are_kept_beside_the_settings():
    from game.store.seats import SeatSetup, TableSetup, load_table_setup, save_table_setup, seats_path

    assert seats_path().parent == settings_path().parent
    kept = TableSetup((SeatSetup("Ann", False, "heuristic", "sky"),
                       SeatSetup("Bo", True, "optimal", "red", "Player 2")), "yatzy", 2)
    save_table_setup(kept)
    save_settings(Settings(sound=False))  # the one file never touches the other
    assert load_table_setup(("orange", "sky", "red"), ("heuristic", "optimal"), ("yatzy",), usual="heuristic") == kept
    assert load_settings() == Settings(sound=False)
    assert sorted(p.name for p in seats_path().parent.iterdir()) == ["seats.json", "settings.json"]  # no leftovers


def test_a_volume_of_400_digits_falls_back_alone_with_one_line():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"volume": 1' + "0" * 400 + ', "sound": false, "animation": "fast", '
                               '"window": [10, 20, 800, 600]}')
    kept = Settings(sound=False, animation="fast", window=[10, 20, 800, 600])
    assert load_settings() == kept  # it stopped every start with an OverflowError; the rest is kept
    from game.store.settings import read_settings

    settings, problems = read_settings()
    assert settings == kept
    assert problems == (f"{settings_path()}: volume: a number of about 401 digits is not a number from 0 to 1; "
                        "0.7 used",)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(SETTING_NAMES), st.none() | st.booleans() | st.floats()
                            | st.integers(-10 ** 500, 10 ** 500) | st.text(max_size=8)
                            | st.lists(st.integers(-10 ** 6, 10 ** 6), max_size=5)))
@example(data={"volume": 10 ** 400})
@example(data={"window": [1, 2, 3, 10 ** 400], "volume": float("nan")})
def test_each_field_is_checked_alone(data):
    from game.store.settings import read_settings

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    loaded, problems = read_settings()
    wrong = {line.split(": ")[1] for line in problems}
    assert len(wrong) == len(problems) and all(line.splitlines() == [line] for line in problems)
    for name, value in data.items():
        expected = getattr(Settings(), name) if name in wrong else value
        assert getattr(loaded, name) == expected
    assert 0 <= loaded.volume <= 1 and isinstance(loaded.volume, float)
    assert loaded == Settings(**vars(loaded)).clean()
