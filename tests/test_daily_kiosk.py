"""A kiosk offers today's dice only when its kiosk.yaml says ``daily: true`` (issue 40: off by default)."""

from __future__ import annotations

import pytest
from helpers import kiosk_at_title

from game.rules.variants import load_all
from game.store.kiosk import KioskConfig, kiosk_path, load_kiosk


def _load(text: str | None) -> KioskConfig:
    if text is not None:
        kiosk_path().parent.mkdir(parents=True, exist_ok=True)
        kiosk_path().write_text(text, encoding="utf-8")
    return load_kiosk(load_all().names())


def test_the_kiosk_file_turns_todays_dice_on_and_a_wrong_value_keeps_it_off():
    assert not _load(None).daily
    config = _load("daily: true\n")
    assert config.daily and config.problems == ()
    config = _load("attract: false\ndaily: sometimes\n")
    [problem] = config.problems
    assert not config.daily and not config.attract
    assert problem.startswith(f"{kiosk_path()}:2: daily: expected true or false")


@pytest.mark.parametrize("daily", [False, True])
def test_a_kiosk_title_offers_todays_dice_only_when_its_file_says_so(daily):
    driver = kiosk_at_title(KioskConfig(admin_pin="135790", daily=daily))
    try:
        title = driver.top
        offered = [b for b in title.row.buttons if b.on_press == title.daily]
        assert len(offered) == int(daily)
        if daily:
            driver.click(offered[0].rect.center)
            assert driver.top.screen == "daily"
    finally:
        driver.close()
