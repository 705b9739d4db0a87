"""The text cache is small enough to fill within a kiosk's first minutes, and big enough that no screen's
frame outgrows it (a frame with more texts than the cache holds would draw every text anew each frame)."""

from __future__ import annotations

import pytest
from scene_driver import Driver
from screens import SCREENS

from scenes.ui import assets


@pytest.mark.parametrize("build", [build for _, build in SCREENS], ids=[name for name, _ in SCREENS])
def test_every_screen_draws_well_within_the_text_cache(build):
    driver = Driver(size=(1920, 1080))
    try:
        build(driver)
        driver.step(3.0)
        assets._TEXT_CACHE.clear()
        driver.app.render()
        texts = len(assets._TEXT_CACHE.items)
        assert 0 < texts <= assets.TEXT_ITEMS // 3, f"{texts} texts in one frame"
        assert assets._TEXT_CACHE.bytes <= assets._TEXT_CACHE.max_bytes // 3
    finally:
        driver.close()
