"""A test run leaves nothing behind outside its own folders: the real X screens' window manager writes its log
into a cache folder of the screen's own, gone when the screen closes (not the runner's ~/.cache/openbox)."""

from __future__ import annotations

import os
from pathlib import Path

from xserver import Screen, wait_for


def test_openbox_logs_into_the_screens_own_cache_which_goes_with_the_screen():
    screen = Screen((640, 480), window_manager=True)
    try:
        cache = Path(screen.env()["XDG_CACHE_HOME"])
        assert cache != Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
        wait_for(lambda: (cache / "openbox" / "openbox.log").exists(), what="openbox's log in the screen's cache")
    finally:
        screen.close()
    assert not cache.exists()
