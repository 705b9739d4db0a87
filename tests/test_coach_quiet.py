"""Speak when it matters (issue 28, point 4): Settings > Coach speaks keeps the panel quiet unless a move costs more
than the threshold, and the coach still answers when asked (the Coach button or C)."""

from __future__ import annotations

import json

import pytest
from helpers import texts_on_screen
from scene_driver import Driver
from test_coach_odds import _first_roll

from game.engine.actions import Hold, Roll
from game.rules import i18n
from game.rules.i18n import t
from game.store.settings import read_settings, settings_path


def _panel_shown(driver) -> bool:
    """The coach's panel is up: its title, or the banner's words on its title line a moment."""
    texts = texts_on_screen(driver)
    return t("table.coach_title") in texts or driver.top.painter.coach_panel is not None


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_threshold_keeps_the_panel_quiet_until_asked(language):
    driver = Driver(animation="instant", language=language)
    try:
        driver.app.settings.coach_threshold = 2
        table, session = _first_roll(driver, (5, 5, 5, 2, 1))
        driver.step(0.1)
        assert not _panel_shown(driver) and not table.tray.highlight  # quiet: no panel, no dice glowing
        table.toggle_coach()  # the Coach button (C): asked, it answers at once
        assert table.banner == t("table.coach_asked")
        driver.step(0.1)
        assert _panel_shown(driver) and table.tray.highlight
        assert 0 in table.coach.on  # asking did not switch it off
        table.toggle_coach()  # asked again: now it goes off
        assert 0 not in table.coach.on and table.banner == t("table.coach_off")
        table.toggle_coach()
        assert table.banner == t("table.coach_on_quiet", points="2")
    finally:
        driver.close()
        i18n.set_language("en")


def test_without_a_threshold_the_panel_shows_at_every_move():
    driver = Driver(animation="instant")
    try:
        table, _ = _first_roll(driver, (5, 5, 5, 2, 1))
        driver.step(0.1)
        assert driver.app.settings.coach_threshold == 0 and _panel_shown(driver)
    finally:
        driver.close()


@pytest.mark.parametrize("language, threshold, spoken", [("en", 2, True), ("nl", 2, True), ("en", 5, False),
                                                       ("en", 0, True)])
def test_a_move_that_costs_more_than_the_threshold_is_said(language, threshold, spoken):
    """Holding 2 5 5 5 of 5 5 5 2 1 after the first roll costs 3.7 points against holding three fives: over 2 it is
    said, once, in words; under 5 the coach keeps quiet; with "Always" (issue 38, D3) a slip of a point or more is
    said too."""
    driver = Driver(animation="instant", language=language)
    try:
        driver.app.settings.coach_threshold = threshold
        table, session = _first_roll(driver, (5, 5, 5, 2, 1))
        driver.step(0.1)
        options = table.coach.options()
        chance = next(o for o in options if o.kind == "keep" and o.keep == (2, 5, 5, 5))
        assert 2 < chance.loss < 5
        for die in range(4):
            table.act(Hold(die))
        table.act(Roll())
        driver.step(0.1)
        words = t("table.coach_slip", loss=i18n.number(chance.loss, 1), best=t("coach.hold_same", count=3,
                  amount=t("coach.amount.3"), face=t("coach.face.5"), faces=t("coach.faces.5")))
        assert (table.banner == words) is spoken, table.banner
        assert table.coach.spoken is None  # said once
        assert len(table.coach.costs[0]) == 1  # the slip is kept for the report either way
    finally:
        driver.close()
        i18n.set_language("en")


@pytest.mark.parametrize("value", [1, "2", True, -0.5, 7, None])
def test_a_threshold_that_is_not_offered_falls_back_alone(value):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"coach_threshold": value, "animation": "fast"}), encoding="utf-8")
    settings, problems = read_settings()
    assert settings.coach_threshold == 0 and settings.animation == "fast"
    assert len(problems) == 1 and "coach_threshold" in problems[0] and "one of 0, 0.5, 2, 5" in problems[0]


def test_offered_thresholds_are_kept():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"coach_threshold": 0.5}), encoding="utf-8")
    assert read_settings() == (read_settings()[0], ()) and read_settings()[0].coach_threshold == 0.5
