"""Render the README's screenshots: the table in Dutch at 1024x600 and in English at 1920x1080.

    python docs/screenshots.py

Headless (SDL's dummy driver); the pictures are what the window shows at that size, text drawn at the
window's own resolution.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests")]
os.environ.setdefault("DICE_PARLOR_HOME", str(HERE / ".screenshot-home"))

import pygame  # noqa: E402
from scene_driver import Driver  # noqa: E402
from screens import SCREENS  # noqa: E402

SHOTS = [  # (file, screen, language, window size)
    ("table-nl-1024x600.png", "table-official-two", "nl", (1024, 600)),
    ("table-en-1920x1080.png", "table-official-two", "en", (1920, 1080)),
    ("jackpot-nl-1024x600.png", "jackpot", "nl", (1024, 600)),
    ("scorecard-en-1920x1080.png", "table-yatzy-six", "en", (1920, 1080)),
    ("six-seats-en-1024x600.png", "table-six-long-names", "en", (1024, 600)),
]


def main() -> None:
    builders = dict(SCREENS)
    out = HERE / "screenshots"
    out.mkdir(exist_ok=True)
    for file, screen, language, size in SHOTS:
        driver = Driver(animation="instant", language=language, size=size)
        try:
            builders[screen](driver)
            driver.app.render()
            pygame.image.save(driver.app.window, str(out / file))
            print(out / file)
        finally:
            driver.close()


if __name__ == "__main__":
    main()
